/** The wallet choices of the login page, re-read when wallets inject themselves late. */
import { useEffect, useState } from 'react';
import { detectCardanoWallets } from '../../wallets/cardano/detect.ts';
import { detectSolanaWallets, watchSolanaWallets } from '../../wallets/solana/standard.ts';
import type { WalletOption } from '../../wallets/types.ts';

function detectAll(hardware: boolean): WalletOption[] {
  return [...detectCardanoWallets(), ...detectSolanaWallets(undefined, hardware)];
}

/**
 * Known Cardano and Solana wallets with their readiness; `hardware` (the "Ledger / Trezor" box): a
 * Solana wallet that signs transactions but not messages can sign in (docs/game-rules.md §10.1).
 */
export function useWalletOptions(hardware = false): WalletOption[] {
  const [options, setOptions] = useState(() => detectAll(hardware));
  useEffect(() => {
    const refresh = () => setOptions(detectAll(hardware));
    refresh();
    const off = watchSolanaWallets(refresh);
    // CIP-30 wallets inject `window.cardano.*` whenever their content script runs: look again.
    const timers = [300, 1500].map((ms) => setTimeout(refresh, ms));
    return () => {
      off();
      timers.forEach(clearTimeout);
    };
  }, [hardware]);
  return options;
}

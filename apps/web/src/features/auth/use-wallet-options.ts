/** The wallet choices of the login page, re-read when wallets inject themselves late. */
import { useEffect, useState } from 'react';
import { detectCardanoWallets } from '../../wallets/cardano/detect.ts';
import { detectSolanaWallets, watchSolanaWallets } from '../../wallets/solana/standard.ts';
import type { WalletOption } from '../../wallets/types.ts';

function detectAll(): WalletOption[] {
  return [...detectCardanoWallets(), ...detectSolanaWallets()];
}

/** Known Cardano and Solana wallets with their readiness. */
export function useWalletOptions(): WalletOption[] {
  const [options, setOptions] = useState(detectAll);
  useEffect(() => {
    const refresh = () => setOptions(detectAll());
    const off = watchSolanaWallets(refresh);
    // CIP-30 wallets inject `window.cardano.*` whenever their content script runs: look again.
    const timers = [300, 1500].map((ms) => setTimeout(refresh, ms));
    return () => {
      off();
      timers.forEach(clearTimeout);
    };
  }, []);
  return options;
}

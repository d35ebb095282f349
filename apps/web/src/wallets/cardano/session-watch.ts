/**
 * Keeps the session honest about its Cardano wallet, as the Solana watch does for Solana
 * (docs/product.md §4, §8 ERROR_WALLET_NOT_MATCH; ../session-wallet.ts): CIP-30 has no standard
 * account-change event, so the app looks at the wallet's addresses (used and change) when the
 * window gets the focus back (the person may have switched account in the wallet meanwhile), before
 * every signature (payments: chain/pay.ts), and on the wallet's `experimental.on('accountChange')`
 * where a wallet offers it (Nami, Eternl, … and the demo wallet). A wallet not enabled for this site
 * is never asked (no prompt on focus).
 *
 * @module
 */
import type { Cip30Api, Cip30Wallet } from '../types.ts';
import { WalletError } from '../errors.ts';
import { useSession } from '../../session/session-store.ts';
import { onSessionWalletAccounts, type AccountVerdict } from '../session-wallet.ts';
import { cardanoAddressToBech32 } from './address.ts';

/** CIP-30's experimental events, as the wallets that have them expose them. */
interface ExperimentalEvents {
  on?(event: 'accountChange', listener: (...args: unknown[]) => void): void;
  off?(event: 'accountChange', listener: (...args: unknown[]) => void): void;
}

/** The bech32 payment addresses the wallet exposes now: its used addresses and its change address. */
export async function cardanoWalletAddresses(api: Cip30Api): Promise<string[]> {
  const [used, change] = await Promise.all([api.getUsedAddresses().catch(() => [] as string[]), api.getChangeAddress().catch(() => '')]);
  const out = new Set<string>();
  for (const hexAddress of [...used, change]) {
    if (!hexAddress) continue;
    try {
      out.add(cardanoAddressToBech32(hexAddress));
    } catch {
      // a stake or Byron address: not one the session signs in with
    }
  }
  return [...out];
}

/**
 * Checks the connected wallet `api` against the session's Cardano address (../session-wallet.ts):
 * another account is handled as a switch (toast, the session's wallet disconnected).
 * @throws WalletError ERROR_WALLET_NOT_MATCH when the wallet is on another account (or none)
 */
export async function ensureCardanoSessionAccount(api: Cip30Api): Promise<void> {
  const verdict = onSessionWalletAccounts('cardano', await cardanoWalletAddresses(api));
  if (verdict === 'mismatch' || verdict === 'disconnected') throw new WalletError('ERROR_WALLET_NOT_MATCH');
}

/**
 * Looks at the session's Cardano wallet now, if this site may already read it (`isEnabled()`).
 * @returns the verdict, or null when there was nothing to compare
 */
export async function checkCardanoSessionWallet(wallet: Cip30Wallet): Promise<AccountVerdict | null> {
  if (!(await wallet.isEnabled().catch(() => false))) return null;
  const api = await wallet.enable();
  return onSessionWalletAccounts('cardano', await cardanoWalletAddresses(api));
}

/**
 * Watches the session's Cardano wallet: on window focus and on its `accountChange` event (where the
 * wallet has one). Returns the unsubscribe.
 */
export function watchCardanoSessionWallet(wallet: Cip30Wallet, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  let stopped = false;
  let busy = false;
  const check = () => {
    const { walletType, walletAddress } = useSession.getState();
    if (stopped || busy || walletType !== 'cardano' || !walletAddress) return;
    busy = true;
    void checkCardanoSessionWallet(wallet).catch(() => null).finally(() => {
      busy = false;
    });
  };
  target.addEventListener('focus', check);
  let events: ExperimentalEvents | undefined;
  void (async () => {
    if (!(await wallet.isEnabled().catch(() => false)) || stopped) return;
    const api = (await wallet.enable().catch(() => null)) as (Cip30Api & { experimental?: ExperimentalEvents }) | null;
    if (stopped || !api?.experimental?.on) return;
    events = api.experimental;
    events.on?.('accountChange', check);
  })();
  return () => {
    stopped = true;
    target.removeEventListener('focus', check);
    events?.off?.('accountChange', check);
  };
}

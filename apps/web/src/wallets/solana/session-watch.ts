/**
 * Keeps the session honest about its Solana wallet (docs/product.md §4 "Wallet disconnect alone"; §8
 * ERROR_WALLET_NOT_MATCH): listens to the session wallet's Wallet Standard `standard:events`
 * `change` — never connecting it (the app does not auto-connect) — and
 * - when the wallet's accounts no longer include the session's address (the person switched
 *   account in the wallet): the ERROR_WALLET_NOT_MATCH toast and the session's wallet disconnected,
 *   on the server too (the account stays signed in; paying asks for the wallet again);
 * - when the wallet reports no account (it disconnected): the session's wallet disconnected.
 * The demo wallet is registered through Wallet Standard (registry.ts), so it is watched too.
 *
 * Loaded by the session effects only for a Solana session.
 *
 * @module
 */
import { getStandardSolanaSigner } from './standard-signer.ts';
import { watchSolanaWallets } from './standard.ts';
import type { SolanaSigner } from '../types.ts';
import { accountChangeVerdict, onSessionWalletAccounts as onWalletAccounts } from '../session-wallet.ts';

export { accountChangeVerdict };

/** Applies a change of the Solana wallet's accounts to the session (../session-wallet.ts). */
export function onSessionWalletAccounts(addresses: readonly string[]): void {
  onWalletAccounts('solana', addresses);
}

/** A session wallet to watch: any wallet that can sign in, by message or (a hardware wallet) by transaction. */
function watchable(apiName: string): SolanaSigner | undefined {
  return getStandardSolanaSigner(apiName, { hardware: true });
}

/**
 * Watches the session's Solana wallet `apiName` (found now, or when it registers later); returns
 * the unsubscribe. `find` is for tests.
 */
export function watchSolanaSessionWallet(apiName: string, find: (name: string) => SolanaSigner | undefined = watchable): () => void {
  let off: (() => void) | undefined;
  const attach = (): boolean => {
    const signer = find(apiName);
    if (!signer?.onAccountsChange) return false;
    off = signer.onAccountsChange(onSessionWalletAccounts);
    return true;
  };
  if (attach()) return () => off?.();
  const stopWatching = watchSolanaWallets(() => {
    if (!off && attach()) stopWatching();
  });
  return () => {
    stopWatching();
    off?.();
  };
}

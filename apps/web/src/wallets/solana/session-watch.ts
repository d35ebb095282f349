/**
 * Keeps the session honest about its Solana wallet (docs/product.md §4 "Wallet disconnect alone"; §8
 * ERROR_WALLET_NOT_MATCH): listens to the session wallet's Wallet Standard `standard:events`
 * `change` — never connecting it (the app does not auto-connect) — and
 * - when the wallet's accounts no longer include the session's address (the person switched
 *   account in the wallet): the ERROR_WALLET_NOT_MATCH toast and the wallet part of the session
 *   cleared (the account stays signed in; paying asks for the wallet again);
 * - when the wallet reports no account (it disconnected): the wallet part of the session cleared.
 *
 * Loaded by the session effects only for a Solana session.
 *
 * @module
 */
import { notifyError } from '../../components/notify.ts';
import { errorText } from '../../i18n/errors.ts';
import { useSession } from '../../session/session-store.ts';
import { getStandardSolanaSigner } from './standard-signer.ts';
import { watchSolanaWallets } from './standard.ts';
import type { SolanaSigner } from '../types.ts';

/**
 * What an account change means for a session signed in with `sessionAddress`.
 * @returns `mismatch` (another account), `disconnected` (none), or `same`.
 */
export function accountChangeVerdict(sessionAddress: string, addresses: readonly string[]): 'same' | 'mismatch' | 'disconnected' {
  if (addresses.length === 0) return 'disconnected';
  return addresses.includes(sessionAddress) ? 'same' : 'mismatch';
}

/** Applies a change of the wallet's accounts to the session (see the module's rules). */
export function onSessionWalletAccounts(addresses: readonly string[]): void {
  const { walletType, walletAddress, disconnectWallet } = useSession.getState();
  if (walletType !== 'solana' || !walletAddress) return;
  const verdict = accountChangeVerdict(walletAddress, addresses);
  if (verdict === 'same') return;
  if (verdict === 'mismatch') notifyError(errorText('ERROR_WALLET_NOT_MATCH'));
  disconnectWallet();
}

/**
 * Watches the session's Solana wallet `apiName` (found now, or when it registers later); returns
 * the unsubscribe. `find` is for tests.
 */
export function watchSolanaSessionWallet(apiName: string, find: (name: string) => SolanaSigner | undefined = getStandardSolanaSigner): () => void {
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

/**
 * What a change of the session wallet's accounts means, on either chain (docs/product.md §4 "Wallet
 * disconnect alone"; §8 ERROR_WALLET_NOT_MATCH): the wallet now exposes the session's address →
 * nothing; other addresses (the person switched account in the wallet) → the ERROR_WALLET_NOT_MATCH
 * toast and the session's wallet disconnected (on the server too; the account stays signed in,
 * paying asks for the wallet again); no address (the wallet disconnected) → the session's wallet
 * disconnected. The Solana watch (solana/session-watch.ts) and the Cardano one
 * (cardano/session-watch.ts) both end here.
 *
 * @module
 */
import type { Chain } from '@kingdom/api';
import { notifyError } from '../components/notify.ts';
import { errorText } from '../i18n/errors.ts';
import { useSession } from '../session/session-store.ts';
import { disconnectSessionWallet } from '../session/wallet-session.ts';

/** What an account change means for a session whose wallet has `sessionAddress`. */
export type AccountVerdict = 'same' | 'mismatch' | 'disconnected';

/**
 * What an account change means for a session signed in with `sessionAddress`.
 * @returns `mismatch` (another account), `disconnected` (none), or `same`.
 */
export function accountChangeVerdict(sessionAddress: string, addresses: readonly string[]): AccountVerdict {
  if (addresses.length === 0) return 'disconnected';
  return addresses.includes(sessionAddress) ? 'same' : 'mismatch';
}

/**
 * Applies the addresses the `chain` wallet of the session exposes now (see the module's rules).
 * @returns the verdict, or null when the session has no wallet of that chain (nothing to compare)
 */
export function onSessionWalletAccounts(chain: Chain, addresses: readonly string[]): AccountVerdict | null {
  const { walletType, walletAddress } = useSession.getState();
  if (walletType !== chain || !walletAddress) return null;
  const verdict = accountChangeVerdict(walletAddress, addresses);
  if (verdict === 'same') return verdict;
  if (verdict === 'mismatch') notifyError(errorText('ERROR_WALLET_NOT_MATCH'));
  void disconnectSessionWallet();
  return verdict;
}

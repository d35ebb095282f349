/**
 * Ending the session's wallet (docs/product.md §4 "Wallet disconnect alone"): the server forgets the
 * session's active wallet (`POST /auth/wallet/disconnect`), the store clears its wallet fields, and
 * the account remembers the wallet for "Connect a wallet" (last-wallet.ts). Used by the account
 * menu's "Disconnect wallet" and by the wallet watches when the wallet switched account or
 * disconnected. Loaded on demand.
 *
 * @module
 */
import authWalletDisconnect from 'virtual:kingdom-routes/authWalletDisconnect';
import { callRoute } from '../api/client.ts';
import { queryKeys } from '../api/keys.ts';
import { queryClient } from '../api/query-client.ts';
import { rememberLastWallet } from './last-wallet.ts';
import { useSession } from './session-store.ts';

/**
 * Disconnects the session's wallet: at once in the page, then on the server, whose answer (the user
 * without a wallet) becomes the page's truth.
 * @returns false when the server could not be told (the client toasted why)
 */
export async function disconnectSessionWallet(): Promise<boolean> {
  const { walletType, walletApiName, isHD, userId, disconnectWallet } = useSession.getState();
  if (walletType && walletApiName) rememberLastWallet(userId, { chain: walletType, apiName: walletApiName, hardware: isHD });
  disconnectWallet();
  try {
    const { user } = await callRoute('authWalletDisconnect', authWalletDisconnect);
    useSession.getState().setUser(user);
    queryClient.setQueryData(queryKeys.user, user);
    return true;
  } catch {
    return false;
  }
}

/**
 * The last wallet each account used in this browser (docs/product.md §4 "Reconnect"): its chain, API
 * name and whether it signed as a hardware wallet, kept in local storage under
 * {@link LAST_WALLETS_STORAGE_KEY} by account id, so "Connect a wallet" after "Disconnect wallet"
 * offers it again after a reload (and after a logout: logout keeps this key, like the demo keys).
 *
 * @module
 */
import type { Chain } from '@kingdom/api';

/** localStorage key of the accounts' last wallets. */
export const LAST_WALLETS_STORAGE_KEY = 'kingdom.last-wallets';

/** A wallet an account used last. */
export interface LastWallet {
  chain: Chain;
  /** The session's wallet API name (`eternl`, `phantom`, `demo`, …). */
  apiName: string;
  /** It signed in by transaction (Ledger / Trezor: the HD flag). */
  hardware: boolean;
}

function readAll(): Record<string, LastWallet> {
  try {
    const parsed = JSON.parse(localStorage.getItem(LAST_WALLETS_STORAGE_KEY) ?? '{}') as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, LastWallet>) : {};
  } catch {
    return {};
  }
}

/** Remembers `wallet` as the last wallet of account `userId` (nothing without an account id). */
export function rememberLastWallet(userId: number | null, wallet: LastWallet): void {
  if (userId === null) return;
  try {
    localStorage.setItem(LAST_WALLETS_STORAGE_KEY, JSON.stringify({ ...readAll(), [userId]: wallet }));
  } catch {
    // storage full or refused: "Connect a wallet" then leads to the settings' list
  }
}

/** The last wallet of account `userId` in this browser, or null. */
export function lastWalletOf(userId: number | null): LastWallet | null {
  if (userId === null) return null;
  const w = readAll()[userId];
  return w && (w.chain === 'cardano' || w.chain === 'solana') && typeof w.apiName === 'string' && w.apiName !== '' ? w : null;
}

/**
 * The `/connect/:type` type of a wallet (docs/product.md §2): its API name, except the demo wallet,
 * whose type names its chain (`demo` is the Cardano one, `demo-solana` the Solana one).
 */
export function connectTypeOf(wallet: { chain: Chain; apiName: string }): string {
  if (wallet.apiName === 'demo') return wallet.chain === 'solana' ? 'demo-solana' : 'demo';
  return wallet.apiName;
}

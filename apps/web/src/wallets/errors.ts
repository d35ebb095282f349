/** Wallet failures and how to recognise a user's "no" across wallets. */

/** A wallet-side failure carrying a docs/product.md §8 code. */
export class WalletError extends Error {
  readonly code: string;
  constructor(code: string, message?: string) {
    super(message ?? code);
    this.name = 'WalletError';
    this.code = code;
  }
}

const REJECT_WORDS = /(reject|declin|cancel|denied|refused|user abort)/i;

/**
 * True when the user said no in the wallet: CIP-30 `APIError` -3 (Refused), `DataSignError` 2/3
 * (wallets disagree on the number for "declined"), EIP-1193-style 4001 used by Solana wallets, a
 * `WalletUserRejectedError`/`UserRejectedRequestError` name, or a message that says so.
 */
export function isUserRejection(e: unknown): boolean {
  if (e === null || typeof e !== 'object') return typeof e === 'string' && REJECT_WORDS.test(e);
  const err = e as { code?: unknown; name?: unknown; message?: unknown; info?: unknown };
  if (err.code === -3 || err.code === 2 || err.code === 3 || err.code === 4001) return true;
  if (typeof err.name === 'string' && /rejected/i.test(err.name)) return true;
  if (typeof err.message === 'string' && REJECT_WORDS.test(err.message)) return true;
  return typeof err.info === 'string' && REJECT_WORDS.test(err.info);
}

/** Runs a wallet call, turning the user's "no" into USER_WALLET_CANCEL_CONNECT and other failures into ERROR_WALLET_API. */
export async function walletCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof WalletError) throw e;
    if (isUserRejection(e)) throw new WalletError('USER_WALLET_CANCEL_CONNECT');
    throw new WalletError('ERROR_WALLET_API', e instanceof Error ? e.message : undefined);
  }
}

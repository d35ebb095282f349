/**
 * Solana wallet failures → the spec's codes (docs/product.md §8 "Wallet library error kinds": not ready, load,
 * config, connection, disconnected, disconnection, account, public key, not connected, send
 * transaction, sign transaction, sign message, sign in; "sending or signing a transaction version
 * the wallet does not support gives an error saying so").
 *
 * Wallets reject with `@solana/wallet-adapter-base`'s error classes (each sets `name` to its class
 * name), with Wallet Standard / EIP-1193-style errors (`code` 4001 "User rejected the request"), or
 * with plain `Error`s. The kinds are recognised by `name`, so this module does not load the adapter
 * package (its classes come with an event emitter); the unit test checks the names against the
 * package's real classes.
 *
 * @module
 */
import { WalletError, isUserRejection } from '../errors.ts';

/** What the app was doing when the wallet failed: the user's "no" reads differently. */
export type SolanaWalletStep = 'connect' | 'transaction' | 'message';

/**
 * The error kinds of `@solana/wallet-adapter-base` (class names) and the code each maps to when it
 * is not the user's own refusal. Account / public key failures mean the wallet gave no usable
 * address (NOT_VALID_REQUEST_ADDRESS); not connected / disconnected mean the session's wallet is
 * not there any more (NOT_SET_ACTIVE_ADDRESS); the others are the wallet API failing
 * (ERROR_WALLET_API, the kind logged to the console).
 */
export const SOLANA_WALLET_ERROR_KINDS: Readonly<Record<string, string>> = {
  WalletNotReadyError: 'ERROR_WALLET_API',
  WalletLoadError: 'ERROR_WALLET_API',
  WalletConfigError: 'ERROR_WALLET_API',
  WalletConnectionError: 'ERROR_WALLET_API',
  WalletDisconnectedError: 'NOT_SET_ACTIVE_ADDRESS',
  WalletDisconnectionError: 'ERROR_WALLET_API',
  WalletAccountError: 'NOT_VALID_REQUEST_ADDRESS',
  WalletPublicKeyError: 'NOT_VALID_REQUEST_ADDRESS',
  WalletNotConnectedError: 'NOT_SET_ACTIVE_ADDRESS',
  WalletSendTransactionError: 'ERROR_WALLET_API',
  WalletSignTransactionError: 'ERROR_WALLET_API',
  WalletSignMessageError: 'ERROR_WALLET_API',
  WalletSignInError: 'ERROR_WALLET_API',
};

/** "Sending versioned transactions isn't supported by this wallet" (wallet-adapter), "Transaction version 0 is not supported", "Unsupported transaction version". */
const VERSION_WORDS = /(version.*(\bnot|n't)\s+supported|unsupported.*version|(does not|doesn't) support.*version)/i;

function textOf(e: unknown): string {
  if (typeof e === 'string') return e;
  if (e === null || typeof e !== 'object') return '';
  const err = e as { message?: unknown; error?: unknown };
  const inner = err.error !== null && typeof err.error === 'object' ? (err.error as { message?: unknown }).message : undefined;
  return [err.message, inner].filter((x): x is string => typeof x === 'string').join(' ');
}

function nameOf(e: unknown): string {
  return e !== null && typeof e === 'object' && typeof (e as { name?: unknown }).name === 'string' ? (e as { name: string }).name : '';
}

/**
 * The spec code for a Solana wallet failure during `step`:
 * - the user's refusal (4001, a `…Rejected…` name, "rejected"/"declined"/"cancelled" in the
 *   message, also inside a wallet-adapter error's `error`) → USER_WALLET_CANCEL_CONNECT at connect,
 *   USER_WALLET_CANCEL_TRANSACTION otherwise;
 * - a transaction version the wallet does not support → ERROR_WALLET_TX_VERSION_NOT_SUPPORTED;
 * - a wallet-adapter error kind → its entry in {@link SOLANA_WALLET_ERROR_KINDS};
 * - anything else → ERROR_WALLET_API.
 * A {@link WalletError} keeps its code.
 */
export function solanaWalletErrorCode(e: unknown, step: SolanaWalletStep): string {
  if (e instanceof WalletError) return e.code;
  const inner = e !== null && typeof e === 'object' ? (e as { error?: unknown }).error : undefined;
  if (isUserRejection(e) || (inner !== undefined && isUserRejection(inner))) {
    return step === 'connect' ? 'USER_WALLET_CANCEL_CONNECT' : 'USER_WALLET_CANCEL_TRANSACTION';
  }
  if (VERSION_WORDS.test(textOf(e))) return 'ERROR_WALLET_TX_VERSION_NOT_SUPPORTED';
  return SOLANA_WALLET_ERROR_KINDS[nameOf(e)] ?? 'ERROR_WALLET_API';
}

/**
 * {@link solanaWalletErrorCode} as a {@link WalletError}; a failure that is not the user's own
 * refusal is logged to the console with its kind (docs/product.md §8: the kinds are named, the player sees the
 * catalogue message).
 */
export function toSolanaWalletError(e: unknown, step: SolanaWalletStep): WalletError {
  if (e instanceof WalletError) return e;
  const code = solanaWalletErrorCode(e, step);
  if (!code.startsWith('USER_WALLET_CANCEL')) console.warn(`Solana wallet error (${step}): ${nameOf(e) || 'Error'}: ${textOf(e)}`);
  return new WalletError(code, textOf(e) || undefined);
}

/** Runs a wallet call, turning its failure into the spec's code for `step` (see {@link toSolanaWalletError}). */
export async function solanaWalletCall<T>(step: SolanaWalletStep, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw toSolanaWalletError(e, step);
  }
}

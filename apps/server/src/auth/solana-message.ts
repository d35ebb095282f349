/**
 * The Solana sign-in message proof (docs/http-contract.md §2): ed25519 (RFC 8032,
 * strict, not ZIP-215) over the UTF-8 bytes of the message; address and signature are base58.
 * Also the Solana address format check.
 *
 * Nothing here throws on bad input: every check answers `false` (`verify*`/`is*`) or a typed
 * failure reason (`check*`). The caller must compare `message` with the challenge it issued.
 *
 * @module
 */
import { base58 } from '@scure/base';
import { MAX_MESSAGE_CHARS, ed25519Verify } from './bytes.ts';
import type { SignInCheck } from './sign-in-check.ts';

/** Why a Solana sign-in proof was refused (see {@link checkSolanaSignIn}). */
export type SolanaSignInFailure =
  | 'BAD_INPUT'
  | 'EMPTY_MESSAGE'
  | 'BAD_ADDRESS'
  | 'BAD_SIGNATURE_ENCODING'
  | 'BAD_SIGNATURE';

/** Input of {@link checkSolanaSignIn} / {@link verifySolanaSignIn}. */
export interface SolanaSignInInput {
  /** base58 of the 32-byte ed25519 public key (a Solana wallet address). */
  address: string;
  /** The exact challenge text, as issued; must be non-empty. */
  message: string;
  /** base58 of the 64-byte ed25519 signature over the UTF-8 bytes of `message`. */
  signature: string;
}

/** Decodes canonical base58 (bitcoin alphabet); `null` if invalid or not canonical. */
function decodeBase58(s: string, maxChars: number): Uint8Array | null {
  if (s.length === 0 || s.length > maxChars) return null;
  try {
    const bytes = base58.decode(s);
    return base58.encode(bytes) === s ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * Whether `s` is a Solana address: canonical base58 of exactly 32 bytes. Format only — it does not
 * check that the bytes are a point on the curve (program-derived addresses pass, but cannot sign).
 */
export function isSolanaAddress(s: unknown): s is string {
  return typeof s === 'string' && decodeBase58(s, 44)?.length === 32;
}

/**
 * Checks a Solana sign-in proof (`signMessage` of a wallet-standard / wallet-adapter wallet) and
 * says why it was refused: ed25519 (RFC 8032, strict encodings: `zip215: false`) by `address` over
 * the UTF-8 bytes of `message`, signature base58 of 64 bytes.
 *
 * @returns `{ok: true}` or `{ok: false, reason}` (a {@link SolanaSignInFailure}); never throws.
 */
export function checkSolanaSignIn(input: SolanaSignInInput): SignInCheck<SolanaSignInFailure> {
  const fail = (reason: SolanaSignInFailure): SignInCheck<SolanaSignInFailure> => ({ ok: false, reason });
  try {
    const { address, message, signature } = (input ?? {}) as Partial<SolanaSignInInput>;
    if (
      typeof address !== 'string' ||
      typeof message !== 'string' ||
      typeof signature !== 'string' ||
      message.length > MAX_MESSAGE_CHARS
    ) {
      return fail('BAD_INPUT');
    }
    if (message.length === 0) return fail('EMPTY_MESSAGE');
    const publicKey = decodeBase58(address, 44);
    if (publicKey === null || publicKey.length !== 32) return fail('BAD_ADDRESS');
    const sig = decodeBase58(signature, 88);
    if (sig === null || sig.length !== 64) return fail('BAD_SIGNATURE_ENCODING');
    return ed25519Verify(sig, new TextEncoder().encode(message), publicKey) ? { ok: true } : fail('BAD_SIGNATURE');
  } catch {
    return fail('BAD_INPUT');
  }
}

/**
 * Whether a Solana sign-in proof is valid; see {@link checkSolanaSignIn} for the rules.
 *
 * @returns `true` only if the signature verifies; never throws.
 */
export function verifySolanaSignIn(input: SolanaSignInInput): boolean {
  return checkSolanaSignIn(input).ok;
}

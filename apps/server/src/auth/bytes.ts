/**
 * Byte helpers shared by the sign-in verifiers (`verify.ts`, `verify-tx.ts`), and the limit on a
 * challenge's length that both enforce.
 */
import { Buffer } from 'node:buffer';
import { ed25519 } from '@noble/curves/ed25519.js';

/** The longest challenge text (characters) a verifier accepts. */
export const MAX_MESSAGE_CHARS = 16384;

/**
 * A plain `Uint8Array` copy of `bytes` (not a Node `Buffer`): `@noble/*` and `@scure/base` refuse a
 * Buffer when the global `Uint8Array` is another realm's (e.g. tests under jsdom).
 */
export function plainBytes(bytes: Uint8Array): Uint8Array {
  return Uint8Array.from(bytes);
}

/** Lowercase hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** Same length and same bytes. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
}

/** An even-length string of hex digits (either case). */
export function isHex(s: string): boolean {
  return s.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(s);
}

/** ed25519 (RFC 8032, strict encodings: no ZIP-215) that answers `false` instead of throwing. */
export function ed25519Verify(signature: Uint8Array, data: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return ed25519.verify(plainBytes(signature), plainBytes(data), plainBytes(publicKey), { zip215: false });
  } catch {
    return false;
  }
}

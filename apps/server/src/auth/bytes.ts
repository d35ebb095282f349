/**
 * Byte helpers shared by the sign-in verifiers (`verify.ts`, `verify-tx.ts`), and the limit on a
 * challenge's length that both enforce.
 */
import { Buffer } from 'node:buffer';
import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { ED25519_TORSION_SUBGROUP } from '@noble/curves/ed25519.js';

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

/** The field prime p = 2^255 - 19 and the group order L of ed25519 (RFC 8032 §5.1). */
const P = 2n ** 255n - 19n;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
/** The canonical encodings of the 8 points of small order (the 8-torsion subgroup). */
const SMALL_ORDER = new Set<string>(ED25519_TORSION_SUBGROUP);

/** The little-endian integer of `bytes`. */
function littleEndian(bytes: Uint8Array): bigint {
  return BigInt(`0x${Buffer.from(bytes).reverse().toString('hex') || '0'}`);
}

/**
 * Whether `bytes` (32) is the canonical encoding of a y coordinate and sign (RFC 8032 §5.1.3): y < p,
 * and not the sign bit set on a point whose x is 0 (y = 1 or y = p - 1). Whether y is on the curve
 * at all is the verifier's check.
 */
function canonicalPoint(bytes: Uint8Array): boolean {
  const y = littleEndian(bytes) & (2n ** 255n - 1n);
  const signBit = (bytes[31]! & 0x80) !== 0;
  return y < P && !(signBit && (y === 1n || y === P - 1n));
}

/**
 * ed25519 (RFC 8032, strict encodings: no ZIP-215) that answers `false` instead of throwing.
 *
 * The curve arithmetic is OpenSSL's, through `node:crypto` (the public key imported as a JWK
 * `{kty: 'OKP', crv: 'Ed25519', x}`): about 15 times less CPU than the pure-JS `@noble/curves`
 * verifier used before (issue 41). What `@noble/curves` checked with `zip215: false` is checked here
 * first, so no input it refused is accepted: a 32-byte key and a 64-byte signature; the key and R
 * canonical ({@link canonicalPoint}); S below the group order L; the key not of small order (one of
 * the 8 torsion points). OpenSSL then decodes the key (a y with no point on the curve fails) and
 * checks the cofactorless equation [S]B = R + [k]A on the encodings as sent. Against `@noble/curves`
 * (cofactored: [8][S]B = [8]R + [8][k]A) that refuses only signatures whose R carries a small-order
 * component, which no RFC 8032 signer produces (R = [r]B); every honest signature verifies alike.
 */
export function ed25519Verify(signature: Uint8Array, data: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    if (signature.length !== 64 || publicKey.length !== 32) return false;
    if (!canonicalPoint(publicKey) || !canonicalPoint(signature.subarray(0, 32))) return false;
    if (littleEndian(signature.subarray(32)) >= L) return false;
    const x = Buffer.from(publicKey.buffer, publicKey.byteOffset, 32);
    if (SMALL_ORDER.has(x.toString('hex'))) return false;
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: x.toString('base64url') }, format: 'jwk' });
    return nodeVerify(null, data, key, signature);
  } catch {
    return false;
  }
}

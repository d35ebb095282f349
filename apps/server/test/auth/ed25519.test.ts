/**
 * The server's ed25519 (`auth/bytes.ts`, OpenSSL through `node:crypto`) against the pure-JS
 * `@noble/curves` verifier it replaced (issue 41), in the strict mode the server used (`zip215:
 * false`): every honest signature verifies alike, every malformed key or signature that noble
 * refuses is refused too, and the one difference is a stricter refusal of an R carrying a
 * small-order component.
 */
import { randomBytes } from 'node:crypto';
import { ED25519_TORSION_SUBGROUP, ed25519 } from '@noble/curves/ed25519.js';
import { sha512 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ed25519Verify } from '../../src/auth/bytes.ts';

const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const P = 2n ** 255n - 19n;

const noble = (sig: Uint8Array, msg: Uint8Array, key: Uint8Array): boolean => {
  try {
    return ed25519.verify(sig, msg, key, { zip215: false });
  } catch {
    return false;
  }
};

function le(n: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return out;
}
function fromLe(b: Uint8Array): bigint {
  let n = 0n;
  for (let i = b.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(b[i]!);
  return n;
}
const hex = (h: string): Uint8Array => Uint8Array.from(Buffer.from(h, 'hex'));
const concat = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(Buffer.concat(parts));

/** A key pair and a signature of `msg`. */
function signed(msg: Uint8Array): { secret: Uint8Array; key: Uint8Array; sig: Uint8Array } {
  const secret = ed25519.utils.randomSecretKey();
  return { secret, key: ed25519.getPublicKey(secret), sig: ed25519.sign(msg, secret) };
}

/** Both verifiers' answers. */
const both = (sig: Uint8Array, msg: Uint8Array, key: Uint8Array): [boolean, boolean] => [ed25519Verify(sig, msg, key), noble(sig, msg, key)];

describe('ed25519Verify (node:crypto) against @noble/curves strict', () => {
  it('accepts every honest signature and refuses any change, as noble does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(63), fc.nat(7), (msg, at, bit) => {
        const { key, sig } = signed(msg);
        expect(both(sig, msg, key)).toEqual([true, true]);
        const bad = Uint8Array.from(sig);
        bad[at] = bad[at]! ^ (1 << bit);
        expect(both(bad, msg, key)).toEqual([false, false]);
        const otherMsg = concat(msg, new Uint8Array([1]));
        expect(both(sig, otherMsg, key)).toEqual([false, false]);
        expect(both(sig, msg, signed(msg).key)).toEqual([false, false]);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses wrong lengths, random keys and signatures, never throwing', () => {
    const msg = new TextEncoder().encode('sign in');
    const { key, sig } = signed(msg);
    expect(both(sig.subarray(0, 63), msg, key)).toEqual([false, false]);
    expect(both(concat(sig, new Uint8Array([0])), msg, key)).toEqual([false, false]);
    expect(both(sig, msg, key.subarray(0, 31))).toEqual([false, false]);
    expect(both(sig, msg, new Uint8Array(0))).toEqual([false, false]);
    for (let i = 0; i < 50; i++) {
      const k = Uint8Array.from(randomBytes(32));
      const s = Uint8Array.from(randomBytes(64));
      expect(both(s, msg, k)).toEqual([false, false]);
      // a random key with an honest-looking signature: S < L, R a real point
      expect(both(concat(sig.subarray(0, 32), le(fromLe(s.subarray(32)) % L)), msg, k)).toEqual([false, false]);
    }
  });

  it('refuses S ≥ L (the malleable twin S + L of a valid signature)', () => {
    const msg = new TextEncoder().encode('malleable');
    const { key, sig } = signed(msg);
    const s = fromLe(sig.subarray(32));
    expect(s + L < 2n ** 256n).toBe(true);
    const twin = concat(sig.subarray(0, 32), le(s + L));
    expect(both(twin, msg, key)).toEqual([false, false]);
  });

  it('refuses every small-order key (the 8 torsion points), even with a signature that satisfies the equation', () => {
    const msg = new TextEncoder().encode('small order');
    for (const t of ED25519_TORSION_SUBGROUP) {
      const key = hex(t);
      // R = [r]B and S = r: [S]B = R + [k]A holds up to the small-order [k]A
      const r = 1234567n;
      const R = ed25519.Point.BASE.multiply(r).toBytes();
      const sig = concat(R, le(r));
      expect(both(sig, msg, key)).toEqual([false, false]);
    }
  });

  it('refuses non-canonical encodings of the key and of R (y ≥ p, or x = 0 with the sign bit)', () => {
    const msg = new TextEncoder().encode('non-canonical');
    const { key, sig } = signed(msg);
    // y = p + 1 encodes the point y = 1 (the identity) non-canonically; y = 1 with the sign bit is x = 0, "negative"
    const nonCanonical = [le(P + 1n), le(P), le(1n | (1n << 255n)), le((P - 1n) | (1n << 255n))];
    for (const bad of nonCanonical) {
      expect(both(sig, msg, bad)).toEqual([false, false]);
      expect(both(concat(bad, sig.subarray(32)), msg, key)).toEqual([false, false]);
    }
  });

  it('refuses an R carrying a small-order component, which noble (cofactored) accepts: stricter, and no RFC 8032 signer makes one', () => {
    const msg = new TextEncoder().encode('torsion in R');
    const secret = ed25519.utils.randomSecretKey();
    const { scalar: a, pointBytes: A } = ed25519.utils.getExtendedPublicKey(secret);
    const T = ed25519.Point.fromBytes(hex(ED25519_TORSION_SUBGROUP[1]!));
    const r = 987654321n;
    const R = ed25519.Point.BASE.multiply(r).add(T).toBytes();
    const k = fromLe(sha512(concat(R, A, msg))) % L;
    const sig = concat(R, le((r + k * a) % L));
    expect(both(sig, msg, A)).toEqual([false, true]);
  });
});

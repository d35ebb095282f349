/**
 * CIP-8 message signing for the demo wallet: builds the COSE_Sign1 and COSE_Key a CIP-30
 * `signData` returns (CIP-30 "DataSignature", CIP-8, RFC 9052 §4), with every CBOR item produced by
 * `cborg` from plain values and the ed25519 signature by `@noble/curves`.
 *
 * @module
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { encode as cborgEncode } from 'cborg';

/**
 * CBOR-encodes `value` with cborg (canonical: smallest lengths, map keys length-first sorted),
 * always as a plain `Uint8Array`: under Node cborg answers a `Buffer`, which `@noble/*` and
 * `@scure/base` refuse when the global `Uint8Array` is another realm's (tests under jsdom).
 */
function encode(value: unknown): Uint8Array {
  return Uint8Array.from(cborgEncode(value));
}

/** COSE labels and values (RFC 9052 §3.1, RFC 9053 §2.2, §7.1; CIP-30 COSE_Key rules). */
const COSE = {
  alg: 1,
  kty: 1,
  keyAlg: 3,
  crv: -1,
  x: -2,
  ktyOkp: 1,
  algEdDsa: -8,
  crvEd25519: 6,
} as const;

/** A CIP-30 DataSignature: COSE_Sign1 and COSE_Key CBOR, each as raw bytes. */
export interface CoseDataSignature {
  /** COSE_Sign1 = [protected bstr, unprotected map, payload bstr, signature bstr] (untagged). */
  coseSign1: Uint8Array;
  /** COSE_Key = {1: 1 (OKP), 3: -8 (EdDSA), -1: 6 (Ed25519), -2: public key}. */
  coseKey: Uint8Array;
}

/**
 * Signs `payload` the way CIP-30 wallets do: protected header `{1: -8, "address": addressBytes}`,
 * unprotected header `{"hashed": false}`, payload attached, ed25519 over the `Signature1`
 * Sig_structure `["Signature1", protected, h'', payload]` (RFC 9052 §4.4).
 *
 * @param secretKey 32-byte ed25519 secret key (seed).
 * @param addressBytes raw bytes of the signing address (goes in the protected `address` header).
 * @param payload the bytes to sign (CIP-30 passes the hex-decoded `payload` argument).
 * @throws Error from `@noble/curves` if `secretKey` is not 32 bytes.
 */
export function signCip8(secretKey: Uint8Array, addressBytes: Uint8Array, payload: Uint8Array): CoseDataSignature {
  const protectedBytes = encode(
    new Map<number | string, number | Uint8Array>([
      [COSE.alg, COSE.algEdDsa],
      ['address', addressBytes],
    ]),
  );
  const sigStructure = encode(['Signature1', protectedBytes, new Uint8Array(0), payload]);
  const signature = ed25519.sign(sigStructure, secretKey);
  const coseSign1 = encode([protectedBytes, new Map([['hashed', false]]), payload, signature]);
  const coseKey = encode(
    new Map<number, number | Uint8Array>([
      [COSE.kty, COSE.ktyOkp],
      [COSE.keyAlg, COSE.algEdDsa],
      [COSE.crv, COSE.crvEd25519],
      [COSE.x, ed25519.getPublicKey(secretKey)],
    ]),
  );
  return { coseSign1, coseKey };
}

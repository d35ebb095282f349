/**
 * Transaction signing for the demo wallet (CIP-30 `signTx`): finds the exact bytes of the
 * transaction body, hashes them (blake2b-256, the Cardano transaction id) and signs the hash with
 * the wallet's ed25519 key, answering the witness set `{0: [[vkey, signature]]}` as CBOR.
 *
 * @module
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { decodeFirst, encode, type TagDecoder } from 'cborg';

/**
 * Tag decoders that accept every tag (258 sets, 24 embedded CBOR, 121… Plutus data): the body is
 * only walked to find where it ends, its values are not used.
 */
const ANY_TAG = new Proxy({} as Record<number, TagDecoder>, { get: () => ((decode: () => unknown) => decode()) as TagDecoder });

/** What the demo wallet reads from a transaction to show before signing. */
export interface TxSummary {
  /** Transaction id: blake2b-256 of the body, 64 lowercase hex digits. */
  txHash: string;
  /** The body's fee (key 2) in lovelace, when present. */
  fee: bigint | undefined;
}

/** A transaction taken apart: the body's exact bytes and what it says. */
export interface ParsedTx extends TxSummary {
  bodyBytes: Uint8Array;
  bodyHash: Uint8Array;
}

const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/**
 * Takes a transaction `[body, witness_set, is_valid, auxiliary_data]` apart (Conway CDDL).
 *
 * @param txBytes the transaction CBOR.
 * @throws Error when the bytes are not a CBOR array of 3 or 4 items whose first is a map.
 */
export function parseTransaction(txBytes: Uint8Array): ParsedTx {
  const head = txBytes[0];
  // 0x83 / 0x84: a definite array of 3 (pre-Alonzo) or 4 items
  if (head !== 0x84 && head !== 0x83) throw new Error('not a Cardano transaction (array of 4)');
  const afterHeader = txBytes.subarray(1);
  const [body, rest] = decodeFirst(afterHeader, { useMaps: true, tags: ANY_TAG }) as [unknown, Uint8Array];
  if (!(body instanceof Map)) throw new Error('transaction body is not a map');
  const bodyBytes = afterHeader.subarray(0, afterHeader.length - rest.length);
  const bodyHash = blake2b(bodyBytes, { dkLen: 32 });
  const fee = body.get(2);
  return { bodyBytes, bodyHash, txHash: toHex(bodyHash), fee: typeof fee === 'bigint' ? fee : typeof fee === 'number' ? BigInt(fee) : undefined };
}

/**
 * The witness set one key adds to a transaction: `{0: [[vkey (32 bytes), signature (64 bytes)]]}`.
 *
 * @param bodyHash blake2b-256 of the transaction body (32 bytes).
 * @param secretKey the 32-byte ed25519 secret key.
 * @returns the witness set CBOR.
 */
export function vkeyWitnessSet(bodyHash: Uint8Array, secretKey: Uint8Array): Uint8Array {
  const signature = ed25519.sign(bodyHash, secretKey);
  // a plain Uint8Array: cborg answers a Buffer under Node, which other realms' checks refuse
  return Uint8Array.from(encode(new Map([[0, [[ed25519.getPublicKey(secretKey), signature]]]])));
}

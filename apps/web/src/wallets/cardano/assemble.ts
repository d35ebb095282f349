/**
 * Puts a CIP-30 `signTx` witness set into a transaction without re-encoding anything else: the
 * body and auxiliary data keep their exact bytes (their hashes are the transaction id and the
 * body's auxiliary data hash), as a wallet app does before submitting. Used by the hardware-wallet
 * sign-in (the server built the unsigned transaction; it has no witnesses of its own).
 *
 * @module
 */
import { decodeFirst, type TagDecoder } from 'cborg';
import { hex } from '@scure/base';

/** Tag decoders that accept every tag: items are only walked to find where they end. */
const ANY_TAG = new Proxy({} as Record<number, TagDecoder>, { get: () => ((decode: () => unknown) => decode()) as TagDecoder });

/**
 * The signed transaction: `[body, witnessSet, is_valid, auxiliary_data]` with the given witness set.
 *
 * @param txHex the unsigned transaction CBOR (a definite array of 4), hex.
 * @param witnessSetHex the witness set CIP-30 `signTx` answered, hex.
 * @returns the transaction CBOR, lowercase hex.
 * @throws Error when `txHex` is not an array of 4 items or `witnessSetHex` is not one CBOR map.
 */
export function withWitnessSet(txHex: string, witnessSetHex: string): string {
  const tx = hex.decode(txHex.toLowerCase());
  const witnesses = hex.decode(witnessSetHex.toLowerCase());
  if (tx[0] !== 0x84) throw new Error('not a Cardano transaction (array of 4)');
  const [set, trailing] = decodeFirst(witnesses, { useMaps: true, tags: ANY_TAG }) as [unknown, Uint8Array];
  if (!(set instanceof Map) || trailing.length) throw new Error('the witness set is not one CBOR map');
  const afterHeader = tx.subarray(1);
  const [, afterBody] = decodeFirst(afterHeader, { useMaps: true, tags: ANY_TAG }) as [unknown, Uint8Array];
  const [, afterWitnesses] = decodeFirst(afterBody, { useMaps: true, tags: ANY_TAG }) as [unknown, Uint8Array];
  const body = afterHeader.subarray(0, afterHeader.length - afterBody.length);
  const out = new Uint8Array(1 + body.length + witnesses.length + afterWitnesses.length);
  out[0] = 0x84;
  out.set(body, 1);
  out.set(witnesses, 1 + body.length);
  out.set(afterWitnesses, 1 + body.length + witnesses.length);
  return hex.encode(out);
}

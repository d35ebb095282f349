/**
 * The CIP-30 `signData` proofs of a Cardano key (docs/http-contract.md §2): a
 * sign-in by the PAYMENT key of a base/enterprise address, and the link of a STAKE key by its
 * reward address (docs/game-rules.md §8.2). `signData(addressHex, utf8MessageHex)` returns a DataSignature —
 * `signature` is a COSE_Sign1 (CBOR, hex) and `key` a COSE_Key (CBOR, hex) (CIP-30, CIP-8,
 * RFC 9052). The signature is checked here, over the COSE `Sig_structure` ["Signature1", protected
 * header bytes as sent, empty external AAD, payload] (RFC 9052 §4.4) with the server's ed25519
 * (`bytes.ts`, RFC 8032 strict, OpenSSL through `node:crypto`); it was checked by
 * `@cardano-foundation/cardano-verify-datasignature` before issue 41 (pure-JS curve arithmetic, about
 * 6 ms of CPU a sign-in). That library also leaves checks out (docs/architecture.md, "What was tried
 * on this machine"): it accepts the STAKE key of a base address, it skips the payload check for an
 * empty message, and it compares a possibly hashed or detached payload loosely. Here the COSE_Key's
 * public key must hash (blake2b-224) to the address's credential of the proof's role, the
 * COSE_Sign1 payload must be present, unhashed and byte-for-byte the UTF-8 encoding of the
 * message, and the "address" protected header, when present, must be the address's bytes. The
 * address checks are the ones every Cardano proof form shares (`cardano-address.ts`).
 *
 * Nothing here throws on bad input: every check answers `false` (`verify*`) or a typed failure
 * reason (`check*`). Nothing here knows about challenges: the caller must compare `message` with
 * the challenge it issued before trusting a `true`.
 *
 * @module
 */
import { Buffer } from 'node:buffer';
import { blake2b } from '@noble/hashes/blake2.js';
import { decode as cborDecode, encode as cborEncode } from 'cborg';
import { MAX_MESSAGE_CHARS, bytesEqual, ed25519Verify, isHex, plainBytes, toHex } from './bytes.ts';
import { signingCredential, type CardanoNetwork, type SigningAddress } from './cardano-address.ts';
import type { SignInCheck } from './sign-in-check.ts';


/** Input of {@link checkCardanoSignIn} / {@link verifyCardanoSignIn}. */
export interface CardanoSignInInput {
  /** bech32 base or enterprise address (`addr1…` / `addr_test1…`) the user claims. */
  address: string;
  /** The exact challenge text, as issued; must be non-empty. */
  message: string;
  /** CIP-30 DataSignature `signature`: COSE_Sign1 CBOR as hex. */
  signature: string;
  /** CIP-30 DataSignature `key`: COSE_Key CBOR as hex. */
  key: string;
  /** When given, the address must be for this network. */
  network?: CardanoNetwork;
}

/**
 * Why a Cardano sign-in proof was refused.
 *
 * - `BAD_INPUT`: a field is not a string, not hex, or is too long.
 * - `EMPTY_MESSAGE`: the message is empty (the CF verifier would skip its payload check).
 * - `BAD_ADDRESS`: not a canonical bech32 base/enterprise address.
 * - `WRONG_NETWORK`: the address is for another network than `network`.
 * - `SCRIPT_ADDRESS`: the payment credential is a script hash; nothing can sign for it.
 * - `BAD_COSE_KEY`: not a CBOR map with kty OKP (1), crv Ed25519 (6), alg EdDSA (-8) if present,
 *   and a 32-byte `x` (-2) (CIP-30 COSE_Key rules).
 * - `BAD_COSE_SIGN1`: not an untagged 4-element COSE_Sign1 with a protected header map, an
 *   unprotected map, a byte-string payload and a 64-byte signature.
 * - `UNSUPPORTED_ALGORITHM`: protected header alg (1) is not EdDSA (-8).
 * - `HASHED_PAYLOAD`: unprotected `hashed` is true (the payload is a hash, not the message).
 * - `PAYLOAD_MISMATCH`: the payload is detached or differs from the UTF-8 bytes of `message`.
 * - `ADDRESS_HEADER_MISMATCH`: the protected `address` header differs from the address's bytes.
 * - `KEY_NOT_PAYMENT_CREDENTIAL`: blake2b-224 of the COSE_Key public key is not the address's
 *   payment key hash (e.g. a stake-key signature for a base address).
 * - `BAD_SIGNATURE`: the ed25519 signature does not verify (or the verifier rejected the input).
 */
export type CardanoSignInFailure =
  | 'BAD_INPUT'
  | 'EMPTY_MESSAGE'
  | 'BAD_ADDRESS'
  | 'WRONG_NETWORK'
  | 'SCRIPT_ADDRESS'
  | 'BAD_COSE_KEY'
  | 'BAD_COSE_SIGN1'
  | 'UNSUPPORTED_ALGORITHM'
  | 'HASHED_PAYLOAD'
  | 'PAYLOAD_MISMATCH'
  | 'ADDRESS_HEADER_MISMATCH'
  | 'KEY_NOT_PAYMENT_CREDENTIAL'
  | 'BAD_SIGNATURE';

/** Upper bounds on input sizes, so garbage cannot make the CBOR decoder work hard. */
const MAX_SIGNATURE_HEX = 8192;
const MAX_KEY_HEX = 1024;
/** COSE labels (RFC 9052/9053) and CIP-30 values. */
const COSE_ALG = 1;
const COSE_KTY = 1;
const COSE_KEY_ALG = 3;
const COSE_OKP_CRV = -1;
const COSE_OKP_X = -2;
const KTY_OKP = 1;
const ALG_EDDSA = -8;
const CRV_ED25519 = 6;

/** How deep a decoded CBOR item may nest (the outermost item is depth 0). */
const MAX_CBOR_DEPTH = 16;

/** A CBOR byte string as decoded by `cborg` (a `Uint8Array`; a Node `Buffer` is one too). */
function isBytes(v: unknown): v is Uint8Array {
  return v instanceof Uint8Array;
}

/**
 * Decodes exactly one CBOR item with `cborg` (maps as `Map`, so integer COSE labels stay numbers);
 * `undefined` on any error: trailing bytes, a tag or an unassigned simple value (none belongs in a
 * COSE_Key or COSE_Sign1 from a CIP-30 wallet), or an item nested deeper than {@link MAX_CBOR_DEPTH}.
 * Text strings that are not valid UTF-8 decode with U+FFFD; such a proof still fails at the verifier.
 */
function decodeCbor(bytes: Uint8Array): unknown {
  try {
    // cborg takes only the global realm's Uint8Array (a Node Buffer is another realm's under jsdom)
    const value: unknown = cborDecode(plainBytes(bytes), { useMaps: true });
    return nestsWithin(value, MAX_CBOR_DEPTH) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether no item inside `value` (an array's elements, a map's keys and values) is more than `depthLeft` levels down. */
function nestsWithin(value: unknown, depthLeft: number): boolean {
  if (Array.isArray(value)) return value.every((v) => depthLeft > 0 && nestsWithin(v, depthLeft - 1));
  if (value instanceof Map) {
    for (const [k, v] of value) {
      if (depthLeft === 0 || !nestsWithin(k, depthLeft - 1) || !nestsWithin(v, depthLeft - 1)) return false;
    }
  }
  return true;
}

/**
 * The bytes a COSE_Sign1 signs (RFC 9052 §4.4): the CBOR array ["Signature1", protected header bytes
 * as sent, external AAD (empty), payload].
 */
function sigStructure(protectedBytes: Uint8Array, payload: Uint8Array): Uint8Array {
  return cborEncode(['Signature1', plainBytes(protectedBytes), new Uint8Array(0), plainBytes(payload)]);
}

/**
 * Checks a CIP-30 `signData` sign-in proof and says why it was refused.
 *
 * Accepts only when all hold: the address is a canonical base/enterprise address (of `network` if
 * given) whose payment credential is a key; the message is non-empty; the COSE_Key is an OKP
 * Ed25519 key whose blake2b-224 hash equals the payment key hash; the COSE_Sign1 protected header
 * has alg EdDSA and, if it has an `address` header, it equals the address bytes; the payload is
 * attached, not hashed, and equals the UTF-8 bytes of `message`; and the signature verifies by that
 * key (ed25519, RFC 8032 strict) over the COSE `Sig_structure` of the protected header as sent and
 * the payload.
 *
 * @returns `{ok: true}` or `{ok: false, reason}` (a {@link CardanoSignInFailure}); never throws.
 */
export function checkCardanoSignIn(input: CardanoSignInInput): SignInCheck<CardanoSignInFailure> {
  return checkKeyProof(input, 'payment');
}

/**
 * The COSE checks of a key proof for the address of `role` (a payment address or a reward
 * address), after the address checks all Cardano proof forms share ({@link signingCredential}).
 */
function checkKeyProof(input: CardanoSignInInput, role: 'payment' | 'stake'): SignInCheck<CardanoSignInFailure> {
  try {
    const { address, network } = (input ?? {}) as Partial<CardanoSignInInput>;
    if (typeof address !== 'string') return { ok: false, reason: 'BAD_INPUT' };
    const signer = signingCredential(address, network, role);
    return checkCose(input, () => signer);
  } catch {
    return { ok: false, reason: 'BAD_INPUT' };
  }
}

/**
 * Checks a CIP-30 `signData` proof of a STAKE key (docs/game-rules.md §8.2: "link this wallet's stake key"): the
 * wallet signs with its reward address (`stake…`), so the COSE_Key must hash (blake2b-224) to the
 * reward address's stake key credential; every other rule is {@link checkCardanoSignIn}'s
 * (message attached, unhashed, equal; `address` header equal to the reward address's bytes; the
 * ed25519 signature over the `Sig_structure`). A script stake
 * credential cannot sign (`SCRIPT_ADDRESS`).
 *
 * @param input `address` is the bech32 reward address.
 * @returns `{ok: true}` or `{ok: false, reason}`; never throws.
 */
export function checkCardanoStakeSignature(input: CardanoSignInInput): SignInCheck<CardanoSignInFailure> {
  return checkKeyProof(input, 'stake');
}

/** Whether a stake-key `signData` proof is valid; see {@link checkCardanoStakeSignature}. Never throws. */
export function verifyCardanoStakeSignature(input: CardanoSignInInput): boolean {
  return checkCardanoStakeSignature(input).ok;
}

/**
 * The COSE checks shared by payment- and stake-key proofs; `expected` resolves the address (after
 * the input checks) to its bytes and the key hash that must sign, or a failure reason.
 */
function checkCose(input: CardanoSignInInput, expected: () => CardanoSignInFailure | SigningAddress): SignInCheck<CardanoSignInFailure> {
  const fail = (reason: CardanoSignInFailure): SignInCheck<CardanoSignInFailure> => ({ ok: false, reason });
  try {
    const { address, message, signature, key } = (input ?? {}) as Partial<CardanoSignInInput>;
    if (
      typeof address !== 'string' ||
      typeof message !== 'string' ||
      typeof signature !== 'string' ||
      typeof key !== 'string' ||
      message.length > MAX_MESSAGE_CHARS ||
      signature.length > MAX_SIGNATURE_HEX ||
      key.length > MAX_KEY_HEX ||
      !isHex(signature) ||
      !isHex(key)
    ) {
      return fail('BAD_INPUT');
    }
    if (message.length === 0) return fail('EMPTY_MESSAGE');

    const info = expected();
    if (typeof info === 'string') return fail(info);

    // COSE_Key (CIP-30: kty OKP, alg EdDSA, crv Ed25519, x = 32-byte public key).
    const coseKey = decodeCbor(Buffer.from(key, 'hex'));
    if (!(coseKey instanceof Map)) return fail('BAD_COSE_KEY');
    const publicKey: unknown = coseKey.get(COSE_OKP_X);
    if (
      coseKey.get(COSE_KTY) !== KTY_OKP ||
      coseKey.get(COSE_OKP_CRV) !== CRV_ED25519 ||
      (coseKey.has(COSE_KEY_ALG) && coseKey.get(COSE_KEY_ALG) !== ALG_EDDSA) ||
      !isBytes(publicKey) ||
      publicKey.length !== 32
    ) {
      return fail('BAD_COSE_KEY');
    }

    // COSE_Sign1 = [protected: bstr .cbor header_map, unprotected: map, payload: bstr / nil, signature: bstr].
    const sign1 = decodeCbor(Buffer.from(signature, 'hex'));
    if (!Array.isArray(sign1) || sign1.length !== 4) return fail('BAD_COSE_SIGN1');
    const [protectedBytes, unprotected, payload, sig] = sign1 as unknown[];
    if (!isBytes(protectedBytes) || !(unprotected instanceof Map) || !isBytes(sig) || sig.length !== 64) {
      return fail('BAD_COSE_SIGN1');
    }
    const protectedMap = decodeCbor(protectedBytes);
    if (!(protectedMap instanceof Map)) return fail('BAD_COSE_SIGN1');
    if (protectedMap.get(COSE_ALG) !== ALG_EDDSA) return fail('UNSUPPORTED_ALGORITHM');
    const hashed: unknown = unprotected.get('hashed');
    if (hashed !== undefined && hashed !== false) return fail('HASHED_PAYLOAD');
    if (!isBytes(payload) || !bytesEqual(payload, new TextEncoder().encode(message))) {
      return fail('PAYLOAD_MISMATCH');
    }
    if (protectedMap.has('address')) {
      const headerAddress: unknown = protectedMap.get('address');
      if (!isBytes(headerAddress) || !bytesEqual(headerAddress, info.bytes)) return fail('ADDRESS_HEADER_MISMATCH');
    }

    // The key must be the key of the proof's role (the CF verifier also accepted the stake key of a base address).
    if (toHex(blake2b(plainBytes(publicKey), { dkLen: 28 })) !== info.keyHash) {
      return fail('KEY_NOT_PAYMENT_CREDENTIAL');
    }

    return ed25519Verify(sig, sigStructure(protectedBytes, payload), publicKey) ? { ok: true } : fail('BAD_SIGNATURE');
  } catch {
    return fail('BAD_INPUT');
  }
}

/**
 * Whether a CIP-30 `signData` sign-in proof is valid; see {@link checkCardanoSignIn} for the rules.
 *
 * @example
 * verifyCardanoSignIn({ address: 'addr_test1…', message: challenge, signature, key }) // → boolean
 * @returns `true` only if every check passes; never throws.
 */
export function verifyCardanoSignIn(input: CardanoSignInInput): boolean {
  return checkCardanoSignIn(input).ok;
}

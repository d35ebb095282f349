/**
 * Sign-in signature checks for both chains (DESIGN.md, "The HTTP contract" → Sign-in).
 *
 * - Cardano: CIP-30 `signData(addressHex, utf8MessageHex)` returns a DataSignature — `signature`
 *   is a COSE_Sign1 (CBOR, hex) and `key` a COSE_Key (CBOR, hex) (CIP-30, CIP-8, RFC 9052). The
 *   ed25519 check itself is done by `@cardano-foundation/cardano-verify-datasignature`; this module
 *   adds the checks that library leaves out (DESIGN.md, "What was tried on this machine"):
 *   it accepts the STAKE key of a base address, it skips the payload check for an empty message,
 *   and it compares a possibly hashed or detached payload loosely. Here the COSE_Key's public key
 *   must hash (blake2b-224) to the address's PAYMENT key credential, the COSE_Sign1 payload must be
 *   present, unhashed and byte-for-byte the UTF-8 encoding of the message, and the "address"
 *   protected header, when present, must be the address's bytes.
 * - Solana: ed25519 (RFC 8032, strict, not ZIP-215) over the UTF-8 bytes of the message; address
 *   and signature are base58.
 *
 * Nothing here throws on bad input: every check answers `false` (`verify*`) or a typed failure
 * reason (`check*`). Nothing here knows about challenges (nonce, expiry, single use): the caller
 * must compare `message` with the challenge it issued before trusting a `true`.
 *
 * @module
 */
import { Buffer } from 'node:buffer';
import cfVerifyModule from '@cardano-foundation/cardano-verify-datasignature';
import { blake2b } from '@noble/hashes/blake2.js';
import { base58, bech32 } from '@scure/base';
import { Decoder } from '@stricahq/cbors';
import { MAX_MESSAGE_CHARS, bytesEqual, ed25519Verify, isHex, plainBytes, toHex } from './bytes.ts';

// ---------------------------------------------------------------------------------------------
// Cardano addresses (CIP-19)
// ---------------------------------------------------------------------------------------------

/** Cardano network as encoded in a Shelley address header: mainnet = 1, any testnet = 0 (CIP-19). */
export type CardanoNetwork = 'mainnet' | 'testnet';

/** A 28-byte credential of a Shelley address: a key hash or a script hash (CIP-19). */
export interface CardanoCredential {
  /** `key`: blake2b-224 of an ed25519 public key; `script`: hash of a script (cannot sign data). */
  type: 'key' | 'script';
  /** The 28-byte hash as 56 lowercase hex characters. */
  hash: string;
}

/** A decoded Shelley base or enterprise address (CIP-19). */
export interface CardanoAddressInfo {
  /** The address as given (lowercase bech32). */
  bech32: string;
  /** Raw address bytes: 1 header byte + 28 (enterprise) or 56 (base) bytes of credentials. */
  bytes: Uint8Array;
  network: CardanoNetwork;
  /** `base` (header types 0–3: payment + stake credential) or `enterprise` (types 6–7). */
  kind: 'base' | 'enterprise';
  payment: CardanoCredential;
  /** Only for base addresses. */
  stake?: CardanoCredential;
}

/** Bech32 prefix per network for payment addresses (CIP-5). */
const ADDRESS_PREFIX: Record<CardanoNetwork, string> = { mainnet: 'addr', testnet: 'addr_test' };
/** Longest bech32 string we decode; a Shelley base address is 103 (mainnet) / 108 (testnet) chars. */
const MAX_BECH32_LENGTH = 200;
const CREDENTIAL_BYTES = 28;

/**
 * Decodes a bech32 Cardano base or enterprise address (CIP-19 header types 0, 1, 2, 3, 6, 7).
 *
 * Rules: bech32 (not bech32m), all lowercase (the canonical spelling, so one address has one
 * string), prefix `addr` with network id 1 or `addr_test` with network id 0, exact length for the
 * type. Pointer (4, 5), Byron and reward (`stake…`) addresses are refused.
 *
 * @param address bech32 text, e.g. `addr_test1qz…`.
 * @returns the decoded address, or `null` for anything else (never throws).
 */
export function parseCardanoAddress(address: unknown): CardanoAddressInfo | null {
  const d = decodeShelleyBech32(address);
  if (!d || d.prefix !== ADDRESS_PREFIX[d.network]) return null;
  const { bytes, type, network } = d;
  const first = toHex(bytes.subarray(1, 1 + CREDENTIAL_BYTES));
  if (type >= 0 && type <= 3) {
    if (bytes.length !== 1 + 2 * CREDENTIAL_BYTES) return null;
    const second = toHex(bytes.subarray(1 + CREDENTIAL_BYTES));
    return {
      bech32: d.address,
      bytes,
      network,
      kind: 'base',
      // CIP-19: bit 4 of the header = payment credential is a script, bit 5 = stake credential is.
      payment: { type: type & 0b01 ? 'script' : 'key', hash: first },
      stake: { type: type & 0b10 ? 'script' : 'key', hash: second },
    };
  }
  if (type === 6 || type === 7) {
    if (bytes.length !== 1 + CREDENTIAL_BYTES) return null;
    return {
      bech32: d.address,
      bytes,
      network,
      kind: 'enterprise',
      payment: { type: type === 7 ? 'script' : 'key', hash: first },
    };
  }
  return null;
}

/**
 * Whether `s` is a well-formed Cardano base or enterprise address in canonical lowercase bech32
 * (see {@link parseCardanoAddress} for the rules). A `true` does not mean the address can sign:
 * script-credential addresses pass here; use {@link cardanoPaymentKeyHash} `!== null` for that.
 *
 * @param s any value.
 * @param network when given, the address must be for that network.
 */
export function isCardanoAddress(s: unknown, network?: CardanoNetwork): s is string {
  const info = parseCardanoAddress(s);
  return info !== null && (network === undefined || info.network === network);
}

/**
 * The payment key hash of a base or enterprise address: the credential whose private key must sign
 * a sign-in (CIP-19; CIP-30 `signData` with a payment address signs with its payment key).
 *
 * @returns 56 lowercase hex characters (28 bytes), or `null` if the address is not a valid base or
 *   enterprise address or its payment credential is a script (scripts cannot sign data).
 */
export function cardanoPaymentKeyHash(address: unknown): string | null {
  const info = parseCardanoAddress(address);
  return info !== null && info.payment.type === 'key' ? info.payment.hash : null;
}

/** A decoded Shelley reward (stake) address (CIP-19 header types 14, 15). */
export interface CardanoRewardAddressInfo {
  /** The address as given (lowercase bech32 `stake1…` / `stake_test1…`). */
  bech32: string;
  /** Raw address bytes: 1 header byte + 28 bytes of stake credential. */
  bytes: Uint8Array;
  network: CardanoNetwork;
  stake: CardanoCredential;
}

const REWARD_PREFIX: Record<CardanoNetwork, string> = { mainnet: 'stake', testnet: 'stake_test' };

/**
 * Decodes a bech32 reward address (`stake1…` mainnet, `stake_test1…` testnet; CIP-19 types 14 = key,
 * 15 = script), lowercase only.
 * @returns the decoded address, or `null` for anything else (never throws)
 */
export function parseCardanoRewardAddress(address: unknown): CardanoRewardAddressInfo | null {
  const d = decodeShelleyBech32(address);
  if (!d || d.bytes.length !== 1 + CREDENTIAL_BYTES || d.prefix !== REWARD_PREFIX[d.network] || (d.type !== 14 && d.type !== 15)) return null;
  return { bech32: d.address, bytes: d.bytes, network: d.network, stake: { type: d.type === 15 ? 'script' : 'key', hash: toHex(d.bytes.subarray(1)) } };
}

/**
 * A lowercase bech32 Shelley address or reward address, decoded up to its CIP-19 header: the type
 * (high nibble) and the network (low nibble: 1 mainnet, 0 testnet).
 * @returns null for anything else (never throws)
 */
function decodeShelleyBech32(address: unknown): { address: string; prefix: string; bytes: Uint8Array; type: number; network: CardanoNetwork } | null {
  if (typeof address !== 'string' || address.length > MAX_BECH32_LENGTH || address !== address.toLowerCase()) return null;
  let prefix: string;
  let bytes: Uint8Array;
  try {
    const decoded = bech32.decode(address, MAX_BECH32_LENGTH);
    prefix = decoded.prefix;
    bytes = bech32.fromWords(decoded.words);
  } catch {
    return null;
  }
  const header = bytes[0];
  if (header === undefined) return null;
  const networkId = header & 0x0f;
  const network: CardanoNetwork | null = networkId === 1 ? 'mainnet' : networkId === 0 ? 'testnet' : null;
  return network === null ? null : { address, prefix, bytes, type: header >> 4, network };
}

/**
 * The reward address (bech32) of a stake key hash (28 bytes hex) on `network` (CIP-19 type 14).
 * @throws Error when `stakeKeyHash` is not 56 hex characters
 */
export function cardanoRewardAddress(stakeKeyHash: string, network: CardanoNetwork): string {
  if (!/^[0-9a-f]{56}$/.test(stakeKeyHash)) throw new Error('a stake key hash is 28 bytes of hex');
  const bytes = new Uint8Array(1 + CREDENTIAL_BYTES);
  bytes[0] = 0xe0 | (network === 'mainnet' ? 1 : 0);
  bytes.set(Buffer.from(stakeKeyHash, 'hex'), 1);
  return bech32.encode(REWARD_PREFIX[network], bech32.toWords(bytes), MAX_BECH32_LENGTH);
}

/**
 * Converts raw address bytes as CIP-30 returns them (`getUsedAddresses`, `getChangeAddress`: hex)
 * to bech32, for base and enterprise addresses only.
 *
 * @param hex the address bytes in hex (either case).
 * @returns lowercase bech32 (`addr1…`/`addr_test1…`), or `null` if not a base/enterprise address.
 */
export function cardanoAddressFromHex(hex: unknown): string | null {
  if (typeof hex !== 'string' || !isHex(hex) || hex.length === 0 || hex.length > 2 * 57) return null;
  const bytes = plainBytes(Buffer.from(hex, 'hex'));
  const networkId = (bytes[0] ?? 0xff) & 0x0f;
  const prefix = networkId === 1 ? 'addr' : networkId === 0 ? 'addr_test' : null;
  if (prefix === null) return null;
  let text: string;
  try {
    text = bech32.encode(prefix, bech32.toWords(bytes), MAX_BECH32_LENGTH);
  } catch {
    return null;
  }
  return parseCardanoAddress(text) === null ? null : text;
}

// ---------------------------------------------------------------------------------------------
// Cardano CIP-30 signData verification
// ---------------------------------------------------------------------------------------------

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

/** Why a Solana sign-in proof was refused (see {@link checkSolanaSignIn}). */
export type SolanaSignInFailure =
  | 'BAD_INPUT'
  | 'EMPTY_MESSAGE'
  | 'BAD_ADDRESS'
  | 'BAD_SIGNATURE_ENCODING'
  | 'BAD_SIGNATURE';

/** Outcome of a `check*SignIn`: `ok`, or the first reason it was refused. */
export type SignInCheck<Reason extends string> = { ok: true } | { ok: false; reason: Reason };

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

/** A CBOR byte string as decoded by `@stricahq/cbors` (a Node `Buffer`), or any `Uint8Array`. */
function isBytes(v: unknown): v is Uint8Array {
  return Buffer.isBuffer(v) || v instanceof Uint8Array;
}

/** Decodes exactly one CBOR item; `undefined` on any error (including trailing bytes). */
function decodeCbor(bytes: Uint8Array): unknown {
  try {
    return Decoder.decode(Buffer.from(bytes), { maxDepth: 16 }).value as unknown;
  } catch {
    return undefined;
  }
}

/** The CF verifier ships as a UMD bundle; depending on the loader its function is the module or its `default`. */
type CfVerify = (signature: string, key: string, message?: string, address?: string) => boolean;
const cfVerify: CfVerify =
  typeof cfVerifyModule === 'function'
    ? (cfVerifyModule as CfVerify)
    : (cfVerifyModule as unknown as { default: CfVerify }).default;

/**
 * Checks a CIP-30 `signData` sign-in proof and says why it was refused.
 *
 * Accepts only when all hold: the address is a canonical base/enterprise address (of `network` if
 * given) whose payment credential is a key; the message is non-empty; the COSE_Key is an OKP
 * Ed25519 key whose blake2b-224 hash equals the payment key hash; the COSE_Sign1 protected header
 * has alg EdDSA and, if it has an `address` header, it equals the address bytes; the payload is
 * attached, not hashed, and equals the UTF-8 bytes of `message`; and
 * `@cardano-foundation/cardano-verify-datasignature` verifies the signature against that key,
 * message and address.
 *
 * @returns `{ok: true}` or `{ok: false, reason}` (a {@link CardanoSignInFailure}); never throws.
 */
export function checkCardanoSignIn(input: CardanoSignInInput): SignInCheck<CardanoSignInFailure> {
  return checkKeyProof(input, (address) => {
    const info = parseCardanoAddress(address);
    return info && { network: info.network, bytes: info.bytes, credential: info.payment };
  });
}

/**
 * The COSE checks of a key proof for the address `parse` reads: `parse` answers the address's
 * network, bytes and the credential whose key must sign (null: not such an address).
 */
function checkKeyProof(
  input: CardanoSignInInput,
  parse: (address: string) => { network: unknown; bytes: Uint8Array; credential: { type: string; hash: string } } | null,
): SignInCheck<CardanoSignInFailure> {
  try {
    const { address, network } = (input ?? {}) as Partial<CardanoSignInInput>;
    if (typeof address !== 'string') return { ok: false, reason: 'BAD_INPUT' };
    const info = parse(address);
    return checkCose(input, () => {
      if (info === null) return 'BAD_ADDRESS';
      if (network !== undefined && info.network !== network) return 'WRONG_NETWORK';
      if (info.credential.type !== 'key') return 'SCRIPT_ADDRESS';
      return { bytes: info.bytes, keyHash: info.credential.hash };
    });
  } catch {
    return { ok: false, reason: 'BAD_INPUT' };
  }
}

/**
 * Checks a CIP-30 `signData` proof of a STAKE key (issue 17: "link this wallet's stake key"): the
 * wallet signs with its reward address (`stake…`), so the COSE_Key must hash (blake2b-224) to the
 * reward address's stake key credential; every other rule is {@link checkCardanoSignIn}'s
 * (message attached, unhashed, equal; `address` header equal to the reward address's bytes; the
 * signature verified by `@cardano-foundation/cardano-verify-datasignature`). A script stake
 * credential cannot sign (`SCRIPT_ADDRESS`).
 *
 * @param input `address` is the bech32 reward address.
 * @returns `{ok: true}` or `{ok: false, reason}`; never throws.
 */
export function checkCardanoStakeSignature(input: CardanoSignInInput): SignInCheck<CardanoSignInFailure> {
  return checkKeyProof(input, (address) => {
    const info = parseCardanoRewardAddress(address);
    return info && { network: info.network, bytes: info.bytes, credential: info.stake };
  });
}

/** Whether a stake-key `signData` proof is valid; see {@link checkCardanoStakeSignature}. Never throws. */
export function verifyCardanoStakeSignature(input: CardanoSignInInput): boolean {
  return checkCardanoStakeSignature(input).ok;
}

/**
 * The COSE checks shared by payment- and stake-key proofs; `expected` resolves the address (after
 * the input checks) to its bytes and the key hash that must sign, or a failure reason.
 */
function checkCose(input: CardanoSignInInput, expected: () => CardanoSignInFailure | { bytes: Uint8Array; keyHash: string }): SignInCheck<CardanoSignInFailure> {

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

    // The key must be the PAYMENT key: the CF verifier also accepts the stake key of a base address.
    if (toHex(blake2b(plainBytes(publicKey), { dkLen: CREDENTIAL_BYTES })) !== info.keyHash) {
      return fail('KEY_NOT_PAYMENT_CREDENTIAL');
    }

    let verified = false;
    try {
      verified = cfVerify(signature, key, message, address) === true;
    } catch {
      verified = false;
    }
    return verified ? { ok: true } : fail('BAD_SIGNATURE');
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

// ---------------------------------------------------------------------------------------------
// Solana
// ---------------------------------------------------------------------------------------------

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

/**
 * Cardano address and stake-credential parsing (CIP-19, CIP-5), all through the Cardano
 * serialization library (`@emurgo/cardano-serialization-lib-nodejs`, CSL) — the server's one
 * address parser (docs/architecture.md §8). On top of CSL's decoding it insists on the canonical spelling, so one
 * address has one string: lowercase bech32 whose prefix is the one CSL writes for the header
 * (`addr`/`addr_test`, `stake`/`stake_test`) and a network id of 1 (mainnet) or 0 (any testnet).
 *
 * It also holds the address checks every Cardano sign-in proof form shares
 * ({@link signingCredential}: well formed, right network, a key — not a script — that can sign),
 * used by the CIP-30 `signData` proofs (`cardano-data-signature.ts`) and the signed-transaction
 * proof (`verify-tx.ts`).
 *
 * Nothing here throws on bad input: parsers answer `null`.
 *
 * @module
 */
import * as CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { isHex } from './bytes.ts';

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

/** A decoded Shelley reward (stake) address (CIP-19 header types 14, 15). */
export interface CardanoRewardAddressInfo {
  /** The address as given (lowercase bech32 `stake1…` / `stake_test1…`). */
  bech32: string;
  /** Raw address bytes: 1 header byte + 28 bytes of stake credential. */
  bytes: Uint8Array;
  network: CardanoNetwork;
  stake: CardanoCredential;
}

/** Longest bech32 string we decode; a Shelley base address is 103 (mainnet) / 108 (testnet) chars. */
const MAX_BECH32_LENGTH = 200;
/** Longest CIP-30 hex address we convert (a base address is 57 bytes). */
const MAX_ADDRESS_BYTES = 57;

/** `f(x)`, then frees the CSL objects given (WASM memory is not garbage collected). */
function freeing<T>(objects: ReadonlyArray<{ free(): void } | undefined>, f: () => T): T {
  try {
    return f();
  } finally {
    for (const o of objects) o?.free();
  }
}

/** A CSL credential as `{type, hash}`. */
function credential(c: CSL.Credential): CardanoCredential {
  return freeing([c], () => {
    const key = c.to_keyhash();
    if (key) return { type: 'key', hash: freeing([key], () => key.to_hex()) };
    const script = c.to_scripthash()!;
    return { type: 'script', hash: freeing([script], () => script.to_hex()) };
  });
}

/**
 * CSL's reading of a canonical lowercase bech32 Shelley address or reward address, with its
 * network; null for anything else (never throws). The caller frees the address.
 */
function decodeCanonical(address: unknown): { address: CSL.Address; network: CardanoNetwork } | null {
  if (typeof address !== 'string' || address.length === 0 || address.length > MAX_BECH32_LENGTH || address !== address.toLowerCase()) return null;
  let parsed: CSL.Address;
  try {
    parsed = CSL.Address.from_bech32(address);
  } catch {
    return null;
  }
  try {
    const id = parsed.network_id();
    // The prefix CSL writes for this header and network: refuses `addr` with a testnet header, etc.
    if ((id !== 0 && id !== 1) || parsed.to_bech32() !== address) {
      parsed.free();
      return null;
    }
    return { address: parsed, network: id === 1 ? 'mainnet' : 'testnet' };
  } catch {
    parsed.free();
    return null;
  }
}

/**
 * Decodes a bech32 Cardano base or enterprise address (CIP-19 header types 0, 1, 2, 3, 6, 7).
 *
 * Rules: canonical lowercase bech32, prefix `addr` with network id 1 or `addr_test` with network id
 * 0, exact length for the type (CSL). Pointer (4, 5), Byron and reward (`stake…`) addresses are
 * refused.
 *
 * @param address bech32 text, e.g. `addr_test1qz…`.
 * @returns the decoded address, or `null` for anything else (never throws).
 */
export function parseCardanoAddress(address: unknown): CardanoAddressInfo | null {
  const d = decodeCanonical(address);
  if (!d) return null;
  return freeing([d.address], () => {
    const bech32 = address as string;
    const bytes = d.address.to_bytes();
    const base = CSL.BaseAddress.from_address(d.address);
    if (base) {
      return freeing([base], () => ({
        bech32, bytes, network: d.network, kind: 'base' as const, payment: credential(base.payment_cred()), stake: credential(base.stake_cred()),
      }));
    }
    const enterprise = CSL.EnterpriseAddress.from_address(d.address);
    if (enterprise) {
      return freeing([enterprise], () => ({ bech32, bytes, network: d.network, kind: 'enterprise' as const, payment: credential(enterprise.payment_cred()) }));
    }
    return null;
  });
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

/**
 * Decodes a bech32 reward address (`stake1…` mainnet, `stake_test1…` testnet; CIP-19 types 14 = key,
 * 15 = script), canonical lowercase only.
 * @returns the decoded address, or `null` for anything else (never throws)
 */
export function parseCardanoRewardAddress(address: unknown): CardanoRewardAddressInfo | null {
  const d = decodeCanonical(address);
  if (!d) return null;
  return freeing([d.address], () => {
    const reward = CSL.RewardAddress.from_address(d.address);
    if (!reward) return null;
    return freeing([reward], () => ({ bech32: address as string, bytes: d.address.to_bytes(), network: d.network, stake: credential(reward.payment_cred()) }));
  });
}

/**
 * The stake credential hash (hex) of a Cardano address as a chain indexer spells it (bech32; base
 * address → its stake credential, reward address → its credential); null for an address without
 * one (enterprise, pointer) or that does not parse (never throws). Not a canonical-spelling check:
 * it reads addresses the chain reported, for the watcher's stake-credential match (docs/game-rules.md §8.2).
 */
export function stakeCredentialOf(address: string): string | null {
  let parsed: CSL.Address;
  try {
    parsed = CSL.Address.from_bech32(address);
  } catch {
    return null;
  }
  return freeing([parsed], () => {
    const base = CSL.BaseAddress.from_address(parsed);
    if (base) return freeing([base], () => credential(base.stake_cred()).hash);
    const reward = CSL.RewardAddress.from_address(parsed);
    if (reward) return freeing([reward], () => credential(reward.payment_cred()).hash);
    return null;
  });
}

/**
 * The reward address (bech32) of a stake key hash (28 bytes hex) on `network` (CIP-19 type 14).
 * @throws Error when `stakeKeyHash` is not 56 lowercase hex characters
 */
export function cardanoRewardAddress(stakeKeyHash: string, network: CardanoNetwork): string {
  if (!/^[0-9a-f]{56}$/.test(stakeKeyHash)) throw new Error('a stake key hash is 28 bytes of hex');
  const hash = CSL.Ed25519KeyHash.from_hex(stakeKeyHash);
  const cred = CSL.Credential.from_keyhash(hash);
  const reward = CSL.RewardAddress.new(network === 'mainnet' ? 1 : 0, cred);
  const address = reward.to_address();
  return freeing([hash, cred, reward, address], () => address.to_bech32());
}

/**
 * Converts raw address bytes as CIP-30 returns them (`getUsedAddresses`, `getChangeAddress`: hex)
 * to bech32, for base and enterprise addresses only.
 *
 * @param hex the address bytes in hex (either case).
 * @returns lowercase bech32 (`addr1…`/`addr_test1…`), or `null` if not a base/enterprise address.
 */
export function cardanoAddressFromHex(hex: unknown): string | null {
  if (typeof hex !== 'string' || !isHex(hex) || hex.length === 0 || hex.length > 2 * MAX_ADDRESS_BYTES) return null;
  let text: string;
  try {
    const parsed = CSL.Address.from_hex(hex.toLowerCase());
    text = freeing([parsed], () => parsed.to_bech32());
  } catch {
    return null;
  }
  return parseCardanoAddress(text) === null ? null : text;
}

/** Why an address cannot carry a Cardano sign-in proof (see {@link signingCredential}). */
export type SigningAddressFailure = 'BAD_ADDRESS' | 'WRONG_NETWORK' | 'SCRIPT_ADDRESS';

/** The address a Cardano proof is made for, and the key hash that must sign it. */
export interface SigningAddress {
  network: CardanoNetwork;
  /** Raw address bytes (what a CIP-30 `address` protected header must equal). */
  bytes: Uint8Array;
  /** 56 lowercase hex: blake2b-224 of the public key that must sign. */
  keyHash: string;
}

/**
 * The address checks every Cardano sign-in proof form shares: `address` must be a canonical
 * payment (base/enterprise) address — or, for `role: 'stake'`, a reward address — of `network`
 * when given, whose credential is a key (a script cannot sign).
 * @returns the signing address, or `BAD_ADDRESS`, `WRONG_NETWORK` or `SCRIPT_ADDRESS` (never throws)
 */
export function signingCredential(address: unknown, network: CardanoNetwork | undefined, role: 'payment' | 'stake'): SigningAddress | SigningAddressFailure {
  const info = role === 'payment' ? parseCardanoAddress(address) : parseCardanoRewardAddress(address);
  if (info === null) return 'BAD_ADDRESS';
  if (network !== undefined && info.network !== network) return 'WRONG_NETWORK';
  const cred = 'payment' in info ? info.payment : info.stake;
  if (cred.type !== 'key') return 'SCRIPT_ADDRESS';
  return { network: info.network, bytes: info.bytes, keyHash: cred.hash };
}

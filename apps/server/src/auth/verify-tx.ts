/**
 * Sign-in by transaction, for hardware wallets that cannot sign data (the spec's HD flag; docs/architecture.md,
 * "The HTTP contract" → Sign-in). The wallet signs — and never submits — a transaction that carries
 * the challenge:
 *
 * - Cardano: a full signed transaction (CBOR hex: `[body, witness set, is_valid, auxiliary data]`,
 *   i.e. the CIP-30 `signTx` witness set merged into the transaction) whose auxiliary data holds
 *   CIP-20 metadata label 674 `{"msg": [text ≤ 64 bytes, …]}`. The chunks joined must equal the
 *   message; the body's auxiliary data hash must be blake2b-256 of the auxiliary data bytes as sent;
 *   and a vkey witness whose key hashes (blake2b-224) to the address's PAYMENT key hash must carry an
 *   ed25519 signature over blake2b-256 of the body bytes as sent (the transaction id). Parsing is
 *   done by EMURGO's `cardano-serialization-lib` `FixedTransaction`, which keeps the original body
 *   and auxiliary data bytes (re-encoding could change them and so the hashes).
 * - Solana: a serialized signed transaction (legacy or v0, base64) whose fee payer (first account
 *   key) is the address, whose first signature verifies (ed25519, strict) over the message bytes,
 *   and which holds a Memo program instruction (SPL Memo v1 or v2) whose data is exactly the UTF-8
 *   of the message. Parsing is done by `@solana/kit`'s transaction and compiled-message decoders.
 *
 * Nothing here throws on bad input: every check answers `false` (`verify*`) or a typed failure
 * reason (`check*`). Nothing here knows about challenges (nonce, expiry, single use): the caller must
 * compare `message` with the challenge it issued before trusting a `true`.
 *
 * @module
 */
import { Buffer } from 'node:buffer';
import * as CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { blake2b } from '@noble/hashes/blake2.js';
import { getAddressEncoder, getCompiledTransactionMessageDecoder, getTransactionDecoder, getTransactionEncoder } from '@solana/kit';
import { signingCredential, type CardanoNetwork } from './cardano-address.ts';
import type { SignInCheck } from './sign-in-check.ts';
import { isSolanaAddress } from './solana-message.ts';
import { MAX_MESSAGE_CHARS, bytesEqual, ed25519Verify, isHex, plainBytes, toHex } from './bytes.ts';

/** CIP-20 transaction message metadata label. */
export const CIP20_LABEL = 674;
/** SPL Memo program ids: v2 (current) and v1 (legacy). */
export const SOLANA_MEMO_PROGRAM_IDS: readonly string[] = [
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
];

/** Upper bounds on input sizes. Cardano's max transaction size is 16 KiB; Solana's packet 1232 B. */
const MAX_CARDANO_TX_HEX = 2 * 16384;
const MAX_SOLANA_TX_BASE64 = 2048;
const CIP20_CHUNK_BYTES = 64;

const utf8 = new TextEncoder();

// ---------------------------------------------------------------------------------------------
// Cardano
// ---------------------------------------------------------------------------------------------

/** Input of {@link checkCardanoSignInTx} / {@link verifyCardanoSignInTx}. */
export interface CardanoSignInTxInput {
  /** bech32 base or enterprise address (`addr1…` / `addr_test1…`) the user claims. */
  address: string;
  /** The exact challenge text, as issued; must be non-empty. */
  message: string;
  /** The signed transaction, CBOR as hex (body, witness set, validity flag, auxiliary data). */
  tx: string;
  /** When given, the address must be for this network. */
  network?: CardanoNetwork;
}

/**
 * Why a Cardano sign-in transaction was refused.
 *
 * - `BAD_INPUT`: a field is not a string, `tx` is not hex, or something is too long.
 * - `EMPTY_MESSAGE`: the message is empty.
 * - `BAD_ADDRESS`: not a canonical bech32 base/enterprise address.
 * - `WRONG_NETWORK`: the address is for another network than `network`, or the body's network id
 *   (when set) is not the address's.
 * - `SCRIPT_ADDRESS`: the payment credential is a script hash; no key signs for it.
 * - `BAD_TX`: not a Cardano transaction CSL can decode, or bytes follow it.
 * - `NO_AUXILIARY_DATA`: the transaction carries no auxiliary data.
 * - `AUXILIARY_DATA_HASH_MISMATCH`: the body has no auxiliary data hash, or it is not blake2b-256
 *   of the auxiliary data bytes.
 * - `NO_MESSAGE_METADATA`: no label 674 map with a `msg` list of text chunks of at most 64 bytes.
 * - `MESSAGE_MISMATCH`: the joined `msg` chunks differ from `message`.
 * - `NO_PAYMENT_KEY_WITNESS`: no vkey witness by the address's payment key (e.g. only a stake-key
 *   or another key's witness).
 * - `BAD_SIGNATURE`: the payment key's witness does not verify over the transaction body hash.
 */
export type CardanoSignInTxFailure =
  | 'BAD_INPUT'
  | 'EMPTY_MESSAGE'
  | 'BAD_ADDRESS'
  | 'WRONG_NETWORK'
  | 'SCRIPT_ADDRESS'
  | 'BAD_TX'
  | 'NO_AUXILIARY_DATA'
  | 'AUXILIARY_DATA_HASH_MISMATCH'
  | 'NO_MESSAGE_METADATA'
  | 'MESSAGE_MISMATCH'
  | 'NO_PAYMENT_KEY_WITNESS'
  | 'BAD_SIGNATURE';

/** The CIP-20 `msg` chunks joined, or `null` if label 674 is not `{"msg": [text ≤ 64 bytes, …]}`. */
function cip20Message(aux: CSL.AuxiliaryData): string | null {
  try {
    const metadatum = aux.metadata()?.get(CSL.BigNum.from_str(String(CIP20_LABEL)));
    if (metadatum === undefined || metadatum.kind() !== CSL.TransactionMetadatumKind.MetadataMap) return null;
    const map = metadatum.as_map();
    const key = CSL.TransactionMetadatum.new_text('msg');
    if (!map.has(key)) return null;
    const msg = map.get(key);
    if (msg.kind() !== CSL.TransactionMetadatumKind.MetadataList) return null;
    const list = msg.as_list();
    let text = '';
    for (let i = 0; i < list.len(); i++) {
      const chunk = list.get(i);
      if (chunk.kind() !== CSL.TransactionMetadatumKind.Text) return null;
      const part = chunk.as_text();
      if (utf8.encode(part).length > CIP20_CHUNK_BYTES) return null;
      text += part;
    }
    return text;
  } catch {
    return null;
  }
}

/**
 * Checks a Cardano sign-in transaction and says why it was refused.
 *
 * Accepts only when all hold: the address is a canonical base/enterprise address (of `network` if
 * given) whose payment credential is a key; the message is non-empty; `tx` decodes as a Cardano
 * transaction (`[body, witness set, is_valid, auxiliary data]`, nothing after it; whose body
 * network id, if set, is the address's); the body's auxiliary data hash is
 * blake2b-256 of the auxiliary data bytes as sent; label 674 holds `{"msg": [chunks]}` with text
 * chunks of at most 64 bytes joining to exactly `message`; and a vkey witness by the address's
 * payment key signs (ed25519, strict) blake2b-256 of the body bytes as sent.
 *
 * @returns `{ok: true}` or `{ok: false, reason}` (a {@link CardanoSignInTxFailure}); never throws.
 */
export function checkCardanoSignInTx(input: CardanoSignInTxInput): SignInCheck<CardanoSignInTxFailure> {
  const fail = (reason: CardanoSignInTxFailure): SignInCheck<CardanoSignInTxFailure> => ({ ok: false, reason });
  try {
    const { address, message, tx, network } = (input ?? {}) as Partial<CardanoSignInTxInput>;
    if (
      typeof address !== 'string' ||
      typeof message !== 'string' ||
      typeof tx !== 'string' ||
      message.length > MAX_MESSAGE_CHARS ||
      tx.length === 0 ||
      tx.length > MAX_CARDANO_TX_HEX ||
      !isHex(tx)
    ) {
      return fail('BAD_INPUT');
    }
    if (message.length === 0) return fail('EMPTY_MESSAGE');

    // The address checks every Cardano proof form shares (BAD_ADDRESS, WRONG_NETWORK, SCRIPT_ADDRESS).
    const info = signingCredential(address, network, 'payment');
    if (typeof info === 'string') return fail(info);

    let fixed: CSL.FixedTransaction;
    let rawBody: Uint8Array;
    let body: CSL.TransactionBody;
    try {
      const bytes = plainBytes(Buffer.from(tx, 'hex'));
      fixed = CSL.FixedTransaction.from_bytes(bytes);
      // The parts CSL keeps, framed again, must be the whole input: no trailing bytes (CSL ignores them).
      if (!bytesEqual(fixed.to_bytes(), bytes)) return fail('BAD_TX');
      rawBody = fixed.raw_body();
      body = fixed.body();
    } catch {
      return fail('BAD_TX');
    }

    const bodyNetwork = body.network_id();
    const addressNetwork = info.network === 'mainnet' ? CSL.NetworkIdKind.Mainnet : CSL.NetworkIdKind.Testnet;
    if (bodyNetwork !== undefined && bodyNetwork.kind() !== addressNetwork) {
      return fail('WRONG_NETWORK');
    }

    const rawAux = fixed.raw_auxiliary_data();
    const aux = fixed.auxiliary_data();
    if (rawAux === undefined || aux === undefined) return fail('NO_AUXILIARY_DATA');
    const auxHash = body.auxiliary_data_hash();
    if (auxHash === undefined || !bytesEqual(auxHash.to_bytes(), blake2b(plainBytes(rawAux), { dkLen: 32 }))) {
      return fail('AUXILIARY_DATA_HASH_MISMATCH');
    }

    const text = cip20Message(aux);
    if (text === null) return fail('NO_MESSAGE_METADATA');
    if (text !== message) return fail('MESSAGE_MISMATCH');

    const txHash = blake2b(plainBytes(rawBody), { dkLen: 32 });
    const vkeys = fixed.witness_set().vkeys();
    let found = false;
    for (let i = 0; i < (vkeys?.len() ?? 0); i++) {
      const witness = vkeys!.get(i);
      const publicKey = witness.vkey().public_key().as_bytes();
      if (toHex(blake2b(plainBytes(publicKey), { dkLen: 28 })) !== info.keyHash) continue;
      found = true;
      if (ed25519Verify(witness.signature().to_bytes(), txHash, publicKey)) return { ok: true };
    }
    return fail(found ? 'BAD_SIGNATURE' : 'NO_PAYMENT_KEY_WITNESS');
  } catch {
    return fail('BAD_INPUT');
  }
}

/**
 * Whether a Cardano sign-in transaction is valid; see {@link checkCardanoSignInTx} for the rules.
 *
 * @example
 * verifyCardanoSignInTx({ address: 'addr_test1…', message: challenge, tx: signedTxHex }) // → boolean
 * @returns `true` only if every check passes; never throws.
 */
export function verifyCardanoSignInTx(input: CardanoSignInTxInput): boolean {
  return checkCardanoSignInTx(input).ok;
}

// ---------------------------------------------------------------------------------------------
// Solana
// ---------------------------------------------------------------------------------------------

/** Input of {@link checkSolanaSignInTx} / {@link verifySolanaSignInTx}. */
export interface SolanaSignInTxInput {
  /** base58 of the 32-byte ed25519 public key (a Solana wallet address). */
  address: string;
  /** The exact challenge text, as issued; must be non-empty. */
  message: string;
  /** The signed transaction in wire format (legacy or v0), base64. */
  tx: string;
}

/**
 * Why a Solana sign-in transaction was refused.
 *
 * - `BAD_INPUT`: a field is not a string, `tx` is not canonical base64, or something is too long.
 * - `EMPTY_MESSAGE`: the message is empty.
 * - `BAD_ADDRESS`: not base58 of 32 bytes.
 * - `BAD_TX`: not a legacy or v0 transaction `@solana/kit` decodes and re-encodes to the same bytes, or
 *   its signature count is not the header's required signature count (or zero).
 * - `FEE_PAYER_MISMATCH`: the first account key is not the address.
 * - `NO_MEMO`: no instruction of the SPL Memo program (v1 or v2).
 * - `MESSAGE_MISMATCH`: no memo's data is exactly the UTF-8 of `message`.
 * - `BAD_SIGNATURE`: the first signature does not verify over the message bytes.
 */
export type SolanaSignInTxFailure =
  | 'BAD_INPUT'
  | 'EMPTY_MESSAGE'
  | 'BAD_ADDRESS'
  | 'BAD_TX'
  | 'FEE_PAYER_MISMATCH'
  | 'NO_MEMO'
  | 'MESSAGE_MISMATCH'
  | 'BAD_SIGNATURE';

/** Decodes canonical standard base64 (padded); `null` otherwise. */
function decodeBase64(s: string): Uint8Array | null {
  if (s.length === 0 || s.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return null;
  const bytes = Buffer.from(s, 'base64');
  return bytes.toString('base64') === s ? plainBytes(bytes) : null;
}

/**
 * Checks a Solana sign-in transaction and says why it was refused.
 *
 * Accepts only when all hold: the address is base58 of 32 bytes; the message is non-empty; `tx` is
 * canonical base64 of a legacy or v0 transaction that re-encodes to the same bytes, with as many
 * signatures as the header requires; its first account key (the fee payer) is the address; one of
 * its instructions calls the SPL Memo program (v1 or v2, as a static account key) with data exactly
 * the UTF-8 of `message`; and the first signature verifies (ed25519, strict) over the message bytes.
 *
 * @returns `{ok: true}` or `{ok: false, reason}` (a {@link SolanaSignInTxFailure}); never throws.
 */
export function checkSolanaSignInTx(input: SolanaSignInTxInput): SignInCheck<SolanaSignInTxFailure> {
  const fail = (reason: SolanaSignInTxFailure): SignInCheck<SolanaSignInTxFailure> => ({ ok: false, reason });
  try {
    const { address, message, tx } = (input ?? {}) as Partial<SolanaSignInTxInput>;
    if (
      typeof address !== 'string' ||
      typeof message !== 'string' ||
      typeof tx !== 'string' ||
      message.length > MAX_MESSAGE_CHARS ||
      tx.length > MAX_SOLANA_TX_BASE64
    ) {
      return fail('BAD_INPUT');
    }
    const bytes = decodeBase64(tx);
    if (bytes === null) return fail('BAD_INPUT');
    if (message.length === 0) return fail('EMPTY_MESSAGE');
    if (!isSolanaAddress(address)) return fail('BAD_ADDRESS');

    let messageBytes: Uint8Array;
    let signatures: ReadonlyArray<Uint8Array | null>;
    let txMessage: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;
    try {
      const transaction = getTransactionDecoder().decode(bytes);
      // Re-encoding must give the same bytes: no trailing data, no non-canonical lengths, no signer
      // listed twice, so the message bytes below are exactly the ones the wallet signed.
      if (!bytesEqual(Uint8Array.from(getTransactionEncoder().encode(transaction)), bytes)) return fail('BAD_TX');
      messageBytes = Uint8Array.from(transaction.messageBytes);
      signatures = Object.values(transaction.signatures).map((sig) => (sig ? Uint8Array.from(sig) : null));
      // the message must be all of the bytes after the signatures (the transaction decoder takes the rest as it is)
      const [decoded, end] = getCompiledTransactionMessageDecoder().read(messageBytes, 0);
      if (end !== messageBytes.length) return fail('BAD_TX');
      txMessage = decoded;
    } catch {
      return fail('BAD_TX');
    }
    if (txMessage.version !== 'legacy' && txMessage.version !== 0) return fail('BAD_TX');
    const required = txMessage.header.numSignerAccounts;
    if (required < 1 || signatures.length !== required) return fail('BAD_TX');

    const keys = txMessage.staticAccounts;
    if (keys[0] !== address) return fail('FEE_PAYER_MISMATCH');

    const expected = utf8.encode(message);
    let memos = 0;
    let matched = false;
    for (const instruction of txMessage.instructions) {
      const programId = keys[instruction.programAddressIndex];
      if (programId === undefined || !SOLANA_MEMO_PROGRAM_IDS.includes(programId)) continue;
      memos++;
      if (bytesEqual(Uint8Array.from(instruction.data ?? []), expected)) matched = true;
    }
    if (memos === 0) return fail('NO_MEMO');
    if (!matched) return fail('MESSAGE_MISMATCH');

    // (an all-zero signature decodes as null: not signed)
    const signature = signatures[0];
    const feePayer = new Uint8Array(getAddressEncoder().encode(keys[0]));
    if (!signature || !ed25519Verify(signature, messageBytes, feePayer)) return fail('BAD_SIGNATURE');
    return { ok: true };
  } catch {
    return fail('BAD_INPUT');
  }
}

/**
 * Whether a Solana sign-in transaction is valid; see {@link checkSolanaSignInTx} for the rules.
 *
 * @example
 * verifySolanaSignInTx({ address: 'FeePayer…', message: challenge, tx: signedTxBase64 }) // → boolean
 * @returns `true` only if every check passes; never throws.
 */
export function verifySolanaSignInTx(input: SolanaSignInTxInput): boolean {
  return checkSolanaSignInTx(input).ok;
}

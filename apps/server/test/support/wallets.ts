/**
 * Test wallets that sign real sign-in challenges, built on libraries independent of the server's
 * verifier: EMURGO's `cardano-serialization-lib` (keys, addresses) and `cardano-message-signing`
 * (COSE_Sign1 / COSE_Key, the library CIP-30 wallets such as Nami and Eternl use), and Solana's
 * `@solana/web3.js` `Keypair` with `tweetnacl`.
 *
 * Besides honest signing they can produce the forgeries the server must refuse (a stake-key
 * signature, a hashed or detached payload, a wrong `address` header, …) through
 * {@link CardanoSignOptions}.
 *
 * @module
 */
import { Buffer } from 'node:buffer';
import * as CSL from '@emurgo/cardano-serialization-lib-nodejs';
import * as MS from '@emurgo/cardano-message-signing-nodejs';
import {
  Keypair,
  PublicKey,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { base58 } from '@scure/base';
import nacl from 'tweetnacl';

/** A CIP-30 DataSignature: COSE_Sign1 and COSE_Key, each CBOR as lowercase hex. */
export interface CardanoDataSignature {
  signature: string;
  key: string;
}

/** How to (mis)sign; the defaults give exactly what a CIP-30 wallet's `signData` returns. */
export interface CardanoSignOptions {
  /** Which private key signs, and whose public key goes in the COSE_Key. Default `payment`. */
  signer?: 'payment' | 'stake';
  /**
   * Bytes of the protected `address` header: the wallet's own address bytes by default, `null` to
   * leave the header out, or any other bytes (to forge a mismatch).
   */
  addressHeader?: Uint8Array | null;
  /** Sign these payload bytes instead of the UTF-8 bytes of the message. */
  payload?: Uint8Array;
  /** Put blake2b-224(payload) in the COSE_Sign1 and set unprotected `hashed: true` (CIP-8). */
  hashed?: boolean;
  /** Leave the payload out of the COSE_Sign1 (detached payload, `nil`). */
  detached?: boolean;
}

/** A Cardano test wallet with its own random keys. */
export interface CardanoTestWallet {
  network: 'mainnet' | 'testnet';
  kind: 'base' | 'enterprise';
  /** bech32 address: base (payment + stake key credentials) or enterprise (payment key only). */
  address: string;
  /** The address bytes as hex, as CIP-30 `getUsedAddresses` returns them. */
  addressHex: string;
  /** blake2b-224 of the payment public key, hex (the address's payment credential). */
  paymentKeyHash: string;
  /** blake2b-224 of the stake public key, hex (in the address only for `base`). */
  stakeKeyHash: string;
  /**
   * Signs `message` like CIP-30 `signData(addressHex, hex(utf8(message)))`: COSE_Sign1 with
   * protected header `{1: -8 (EdDSA), "address": address bytes}`, unprotected `{"hashed": false}`,
   * the UTF-8 payload attached; COSE_Key `{1: 1 (OKP), 3: -8, -1: 6 (Ed25519), -2: public key}`.
   * Signed by the PAYMENT key unless `options` say otherwise.
   */
  signData(message: string, options?: CardanoSignOptions): CardanoDataSignature;
  /** Same as `signData` but signed by the STAKE key — a forgery the server must refuse. */
  signDataWithStakeKey(message: string): CardanoDataSignature;
  /** The reward address (`stake_test1…`) of the wallet's own stake key (CIP-19 type 14). */
  rewardAddress: string;
  /**
   * Signs `message` like CIP-30 `signData(rewardAddressHex, hex(utf8(message)))`: the STAKE key, with
   * the reward address in the protected header (the "link this wallet's stake key" proof, docs/game-rules.md §8.2).
   */
  signStakeData(message: string): CardanoDataSignature;
  /**
   * Signs a transaction like CIP-30 `signTx(tx, false)`: the payment key's vkey witness over the
   * transaction's body hash (CSL's `FixedTransaction` keeps the body bytes as given), returned as a
   * witness set CBOR hex.
   */
  signTx(txHex: string): string;
}

/** Options of {@link createCardanoTestWallet}. */
export interface CardanoTestWalletOptions {
  /** `testnet` (network id 0, `addr_test1…`, the default) or `mainnet` (network id 1, `addr1…`). */
  network?: 'testnet' | 'mainnet';
  /** `base` (default) or `enterprise` address. */
  kind?: 'base' | 'enterprise';
  /** Another address of that wallet's HD wallet: a fresh payment key, the SAME stake key (it can sign with it). */
  stakeFrom?: CardanoTestWallet;
  /**
   * A stake credential (hash hex) this wallet does NOT hold, put in its base address: what an
   * attacker builds from its own payment key and a victim's stake credential (docs/game-rules.md §8.2).
   */
  foreignStakeKeyHash?: string;
}

/** The stake private keys of the test wallets, so a sibling address can share one. */
const stakeKeys = new WeakMap<object, CSL.PrivateKey>();

/** Fresh random extended ed25519 payment and stake keys and their base or enterprise address (CIP-19). */
function newCardanoKeys(options: CardanoTestWalletOptions) {
  const network = options.network ?? 'testnet';
  const networkId = network === 'mainnet' ? 1 : 0;
  const paymentKey = CSL.PrivateKey.generate_ed25519extended();
  const stakeKey = (options.stakeFrom && stakeKeys.get(options.stakeFrom)) ?? CSL.PrivateKey.generate_ed25519extended();
  const paymentCred = CSL.Credential.from_keyhash(paymentKey.to_public().hash());
  const stakeCred = CSL.Credential.from_keyhash(options.foreignStakeKeyHash ? CSL.Ed25519KeyHash.from_hex(options.foreignStakeKeyHash) : stakeKey.to_public().hash());
  const address = (options.kind ?? 'base') === 'base'
    ? CSL.BaseAddress.new(networkId, paymentCred, stakeCred).to_address()
    : CSL.EnterpriseAddress.new(networkId, paymentCred).to_address();
  return { network, kind: options.kind ?? 'base', paymentKey, stakeKey, address };
}

/**
 * Creates a Cardano wallet with fresh random BIP32-style extended ed25519 payment and stake keys
 * (as HD wallets hold them) and its base or enterprise address (CIP-19).
 */
export function createCardanoTestWallet(options: CardanoTestWalletOptions = {}): CardanoTestWallet {
  const { network, kind, paymentKey, stakeKey, address } = newCardanoKeys(options);
  const addressBytes = address.to_bytes();

  const signData = (message: string, opts: CardanoSignOptions = {}): CardanoDataSignature => {
    const key = opts.signer === 'stake' ? stakeKey : paymentKey;
    const payload = opts.payload ?? new TextEncoder().encode(message);

    const protectedHeaders = MS.HeaderMap.new();
    protectedHeaders.set_algorithm_id(MS.Label.from_algorithm_id(MS.AlgorithmId.EdDSA));
    const addressHeader = opts.addressHeader === undefined ? addressBytes : opts.addressHeader;
    if (addressHeader !== null) {
      protectedHeaders.set_header(MS.Label.new_text('address'), MS.CBORValue.new_bytes(addressHeader));
    }
    const headers = MS.Headers.new(MS.ProtectedHeaderMap.new(protectedHeaders), MS.HeaderMap.new());
    const builder = MS.COSESign1Builder.new(headers, payload, opts.detached === true);
    if (opts.hashed === true) builder.hash_payload();
    const toSign = builder.make_data_to_sign().to_bytes();
    const coseSign1 = builder.build(key.sign(toSign).to_bytes());

    const coseKey = MS.COSEKey.new(MS.Label.from_key_type(MS.KeyType.OKP));
    coseKey.set_algorithm_id(MS.Label.from_algorithm_id(MS.AlgorithmId.EdDSA));
    coseKey.set_header(MS.Label.new_int(MS.Int.new_i32(-1)), MS.CBORValue.new_int(MS.Int.new_i32(6)));
    coseKey.set_header(MS.Label.new_int(MS.Int.new_i32(-2)), MS.CBORValue.new_bytes(key.to_public().as_bytes()));

    return {
      signature: Buffer.from(coseSign1.to_bytes()).toString('hex'),
      key: Buffer.from(coseKey.to_bytes()).toString('hex'),
    };
  };

  const reward = CSL.RewardAddress.new(network === 'mainnet' ? 1 : 0, CSL.Credential.from_keyhash(stakeKey.to_public().hash())).to_address();
  const wallet: CardanoTestWallet = {
    network,
    kind,
    address: address.to_bech32(),
    addressHex: Buffer.from(addressBytes).toString('hex'),
    paymentKeyHash: Buffer.from(paymentKey.to_public().hash().to_bytes()).toString('hex'),
    stakeKeyHash: options.foreignStakeKeyHash ?? Buffer.from(stakeKey.to_public().hash().to_bytes()).toString('hex'),
    signData,
    signDataWithStakeKey: (message) => signData(message, { signer: 'stake' }),
    rewardAddress: reward.to_bech32(),
    signStakeData: (message) => signData(message, { signer: 'stake', addressHeader: reward.to_bytes() }),
    signTx: (txHex) => {
      const hash = CSL.FixedTransaction.from_hex(txHex).transaction_hash();
      const vkeys = CSL.Vkeywitnesses.new();
      vkeys.add(CSL.make_vkey_witness(hash, paymentKey));
      const witnesses = CSL.TransactionWitnessSet.new();
      witnesses.set_vkeys(vkeys);
      return witnesses.to_hex();
    },
  };
  stakeKeys.set(wallet, stakeKey);
  return wallet;
}

/** A Solana test wallet with its own random keypair. */
export interface SolanaTestWallet {
  /** base58 of the 32-byte ed25519 public key. */
  address: string;
  /** Signs the UTF-8 bytes of `message` (like wallet-standard `signMessage`); base58, 64 bytes. */
  signMessage(message: string): string;
  /** Signs arbitrary bytes; base58, 64 bytes. */
  signBytes(bytes: Uint8Array): string;
}

/** Creates a Solana wallet from a fresh `@solana/web3.js` `Keypair`; signs with `tweetnacl`. */
export function createSolanaTestWallet(): SolanaTestWallet {
  const keypair = Keypair.generate();
  const signBytes = (bytes: Uint8Array): string => base58.encode(nacl.sign.detached(bytes, keypair.secretKey));
  return {
    address: keypair.publicKey.toBase58(),
    signMessage: (message) => signBytes(new TextEncoder().encode(message)),
    signBytes,
  };
}

// ---------------------------------------------------------------------------------------------
// Hardware wallets: sign-in by a signed, never submitted transaction (docs/game-rules.md §10.1)
// ---------------------------------------------------------------------------------------------

/** CIP-20 message metadata label. */
const CIP20_LABEL = 674;

/** Splits `text` into CIP-20 chunks of at most 64 UTF-8 bytes, never inside a character. */
export function cip20Chunks(text: string): string[] {
  const chunks: string[] = [];
  let chunk = '';
  for (const char of text) {
    if (Buffer.byteLength(chunk + char, 'utf8') > 64) {
      chunks.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk !== '' || chunks.length === 0) chunks.push(chunk);
  return chunks;
}

/** CIP-20 auxiliary data `{674: {"msg": [chunks]}}` built with CSL. */
function cip20AuxiliaryData(text: string, label = CIP20_LABEL): CSL.AuxiliaryData {
  const list = CSL.MetadataList.new();
  for (const chunk of cip20Chunks(text)) list.add(CSL.TransactionMetadatum.new_text(chunk));
  const map = CSL.MetadataMap.new();
  map.insert_str('msg', CSL.TransactionMetadatum.new_list(list));
  const metadata = CSL.GeneralTransactionMetadata.new();
  metadata.insert(CSL.BigNum.from_str(String(label)), CSL.TransactionMetadatum.new_map(map));
  const aux = CSL.AuxiliaryData.new();
  aux.set_metadata(metadata);
  return aux;
}

/** How a Cardano hardware wallet (mis)signs its sign-in transaction; defaults are the honest case. */
export interface CardanoTxSignOptions {
  /** Which key makes the vkey witness: the payment key (default), the stake key, or a stranger's. */
  signer?: 'payment' | 'stake' | 'other';
  /** Put this text in the metadata instead of the message. */
  metadataMessage?: string;
  /** Metadata label; default 674 (CIP-20). */
  label?: number;
  /** Auxiliary data bytes to use verbatim (their blake2b-256 goes in the body) instead of CIP-20 of the message. */
  auxiliaryDataCbor?: Uint8Array;
  /** Leave the auxiliary data hash out of the body. */
  omitAuxiliaryDataHash?: boolean;
  /** After signing, replace the auxiliary data by CIP-20 metadata of this text (body hash left as signed). */
  replaceMetadataAfterSigning?: string;
  /** After signing, raise the fee by one lovelace (the witness no longer matches the body). */
  tamperBodyAfterSigning?: boolean;
  /** Body network id; default: not set. */
  networkId?: 0 | 1;
}

/** A Cardano wallet that cannot sign data and signs a transaction carrying the message instead. */
export interface CardanoTxTestWallet {
  network: 'mainnet' | 'testnet';
  kind: 'base' | 'enterprise';
  /** bech32 address (base or enterprise). */
  address: string;
  /** blake2b-224 of the payment public key, hex. */
  paymentKeyHash: string;
  /** blake2b-224 of the stake public key, hex. */
  stakeKeyHash: string;
  /**
   * A signed, never submitted transaction, CBOR hex: one dummy input, one output of 2 ADA back to
   * the address, a 0.2 ADA fee, a TTL, CIP-20 metadata (label 674, `msg` = the message in chunks of
   * at most 64 bytes) with its hash in the body, and a vkey witness by the payment key over the body
   * hash — what a hardware wallet's CIP-30 `signTx` witness merged into the transaction gives.
   */
  signMessageTx(message: string, options?: CardanoTxSignOptions): string;
}

/** Creates a Cardano hardware test wallet with fresh random payment and stake keys (see {@link CardanoTxTestWallet}). */
export function createCardanoTxTestWallet(options: CardanoTestWalletOptions = {}): CardanoTxTestWallet {
  const { network, kind, paymentKey, stakeKey, address } = newCardanoKeys(options);
  const otherKey = CSL.PrivateKey.generate_ed25519extended();

  const makeBody = (fee: string, auxBytes: Uint8Array | null, opts: CardanoTxSignOptions): CSL.TransactionBody => {
    const inputs = CSL.TransactionInputs.new();
    inputs.add(CSL.TransactionInput.new(CSL.TransactionHash.from_bytes(new Uint8Array(32).fill(7)), 0));
    const outputs = CSL.TransactionOutputs.new();
    outputs.add(CSL.TransactionOutput.new(address, CSL.Value.new(CSL.BigNum.from_str('2000000'))));
    const body = CSL.TransactionBody.new_tx_body(inputs, outputs, CSL.BigNum.from_str(fee));
    body.set_ttl(CSL.BigNum.from_str('1000'));
    if (opts.networkId !== undefined) {
      body.set_network_id(opts.networkId === 1 ? CSL.NetworkId.mainnet() : CSL.NetworkId.testnet());
    }
    if (auxBytes !== null && opts.omitAuxiliaryDataHash !== true) {
      body.set_auxiliary_data_hash(CSL.AuxiliaryDataHash.from_bytes(blake2b256(auxBytes)));
    }
    return body;
  };

  const signMessageTx = (message: string, opts: CardanoTxSignOptions = {}): string => {
    const auxBytes =
      opts.auxiliaryDataCbor ?? cip20AuxiliaryData(opts.metadataMessage ?? message, opts.label).to_bytes();
    const body = makeBody('200000', auxBytes, opts);
    const key = opts.signer === 'stake' ? stakeKey : opts.signer === 'other' ? otherKey : paymentKey;
    const bodyHash = CSL.FixedTransaction.new_from_body_bytes(body.to_bytes()).transaction_hash();
    const vkeys = CSL.Vkeywitnesses.new();
    vkeys.add(CSL.make_vkey_witness(bodyHash, key));
    const witnessSet = CSL.TransactionWitnessSet.new();
    witnessSet.set_vkeys(vkeys);

    const finalBody = opts.tamperBodyAfterSigning === true ? makeBody('200001', auxBytes, opts) : body;
    const finalAux =
      opts.replaceMetadataAfterSigning !== undefined
        ? cip20AuxiliaryData(opts.replaceMetadataAfterSigning, opts.label).to_bytes()
        : auxBytes;
    const tx = CSL.FixedTransaction.new_with_auxiliary(finalBody.to_bytes(), witnessSet.to_bytes(), finalAux, true);
    return Buffer.from(tx.to_bytes()).toString('hex');
  };

  return {
    network,
    kind,
    address: address.to_bech32(),
    paymentKeyHash: Buffer.from(paymentKey.to_public().hash().to_bytes()).toString('hex'),
    stakeKeyHash: Buffer.from(stakeKey.to_public().hash().to_bytes()).toString('hex'),
    signMessageTx,
  };
}

/** blake2b-256 of bytes as given (the auxiliary data hash). */
function blake2b256(bytes: Uint8Array): Uint8Array {
  return blake2b(Uint8Array.from(bytes), { dkLen: 32 });
}

/** SPL Memo program v2. */
export const MEMO_PROGRAM_ID = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

/** How a Solana hardware wallet (mis)signs its sign-in transaction; defaults are the honest case. */
export interface SolanaTxSignOptions {
  /** `legacy` (default) or `v0` message. */
  version?: 'legacy' | 'v0';
  /** Put this text in the memo instead of the message. */
  memo?: string;
  /** The memo instruction's program id (default Memo v2). */
  memoProgramId?: string;
  /** A stranger pays the fee (first key and first signature); the wallet signs as a second signer. */
  otherFeePayer?: boolean;
  /** The stranger's key makes the fee payer's signature, though the wallet is the fee payer. */
  signedByOther?: boolean;
  /** After signing, change the memo to this text (signature left as made). */
  replaceMemoAfterSigning?: string;
}

/** A Solana wallet that cannot sign messages and signs a transaction carrying the message instead. */
export interface SolanaTxTestWallet {
  /** base58 of the 32-byte ed25519 public key. */
  address: string;
  /**
   * A signed, never submitted transaction, base64: fee payer = the wallet, a fake recent blockhash,
   * one Memo (v2) instruction whose data is the UTF-8 message, signed by the wallet's keypair.
   */
  signMessageTx(message: string, options?: SolanaTxSignOptions): string;
}

/** Creates a Solana hardware test wallet from a fresh `Keypair` (see {@link SolanaTxTestWallet}). */
export function createSolanaTxTestWallet(): SolanaTxTestWallet {
  const keypair = Keypair.generate();
  const other = Keypair.generate();
  const blockhash = base58.encode(new Uint8Array(32).fill(9));

  const signMessageTx = (message: string, opts: SolanaTxSignOptions = {}): string => {
    const feePayer = opts.otherFeePayer === true ? other : keypair;
    const memoKeys =
      opts.otherFeePayer === true ? [{ pubkey: keypair.publicKey, isSigner: true, isWritable: false }] : [];
    const memo = (text: string): TransactionInstruction =>
      new TransactionInstruction({
        programId: new PublicKey(opts.memoProgramId ?? MEMO_PROGRAM_ID),
        keys: memoKeys,
        data: Buffer.from(text, 'utf8'),
      });
    const instruction = memo(opts.memo ?? message);
    const signers = opts.otherFeePayer === true ? [other, keypair] : [opts.signedByOther === true ? other : keypair];

    if (opts.version === 'v0') {
      const compile = (ix: TransactionInstruction) =>
        new TransactionMessage({ payerKey: feePayer.publicKey, recentBlockhash: blockhash, instructions: [ix] })
          .compileToV0Message();
      const tx = new VersionedTransaction(compile(instruction));
      if (opts.signedByOther === true) {
        tx.signatures[0] = nacl.sign.detached(tx.message.serialize(), other.secretKey);
      } else {
        tx.sign(signers);
      }
      if (opts.replaceMemoAfterSigning !== undefined) {
        const tampered = new VersionedTransaction(compile(memo(opts.replaceMemoAfterSigning)), tx.signatures);
        return Buffer.from(tampered.serialize()).toString('base64');
      }
      return Buffer.from(tx.serialize()).toString('base64');
    }

    const tx = new Transaction({ feePayer: feePayer.publicKey, recentBlockhash: blockhash }).add(instruction);
    if (opts.signedByOther === true) {
      tx.addSignature(keypair.publicKey, Buffer.from(nacl.sign.detached(tx.serializeMessage(), other.secretKey)));
    } else {
      tx.sign(...signers);
    }
    if (opts.replaceMemoAfterSigning !== undefined) {
      tx.instructions[0]!.data = Buffer.from(opts.replaceMemoAfterSigning, 'utf8');
    }
    return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
  };

  return { address: keypair.publicKey.toBase58(), signMessageTx };
}

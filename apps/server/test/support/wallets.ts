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
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
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
}

/** Options of {@link createCardanoTestWallet}. */
export interface CardanoTestWalletOptions {
  /** `testnet` (network id 0, `addr_test1…`, the default) or `mainnet` (network id 1, `addr1…`). */
  network?: 'testnet' | 'mainnet';
  /** `base` (default) or `enterprise` address. */
  kind?: 'base' | 'enterprise';
}

/**
 * Creates a Cardano wallet with fresh random BIP32-style extended ed25519 payment and stake keys
 * (as HD wallets hold them) and its base or enterprise address (CIP-19).
 */
export function createCardanoTestWallet(options: CardanoTestWalletOptions = {}): CardanoTestWallet {
  const network = options.network ?? 'testnet';
  const kind = options.kind ?? 'base';
  const networkId = network === 'mainnet' ? 1 : 0;
  const paymentKey = CSL.PrivateKey.generate_ed25519extended();
  const stakeKey = CSL.PrivateKey.generate_ed25519extended();
  const paymentCred = CSL.Credential.from_keyhash(paymentKey.to_public().hash());
  const stakeCred = CSL.Credential.from_keyhash(stakeKey.to_public().hash());
  const address =
    kind === 'base'
      ? CSL.BaseAddress.new(networkId, paymentCred, stakeCred).to_address()
      : CSL.EnterpriseAddress.new(networkId, paymentCred).to_address();
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

  return {
    network,
    kind,
    address: address.to_bech32(),
    addressHex: Buffer.from(addressBytes).toString('hex'),
    paymentKeyHash: Buffer.from(paymentKey.to_public().hash().to_bytes()).toString('hex'),
    stakeKeyHash: Buffer.from(stakeKey.to_public().hash().to_bytes()).toString('hex'),
    signData,
    signDataWithStakeKey: (message) => signData(message, { signer: 'stake' }),
  };
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
  const signBytes = (bytes: Uint8Array): string => bs58.encode(nacl.sign.detached(bytes, keypair.secretKey));
  return {
    address: keypair.publicKey.toBase58(),
    signMessage: (message) => signBytes(new TextEncoder().encode(message)),
    signBytes,
  };
}

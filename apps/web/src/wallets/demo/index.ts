/**
 * The demo wallet (demo mode only): a Cardano CIP-30 provider and a Solana signer that live in this
 * browser and sign FOR REAL, so the server checks their proofs like any other wallet's (it has no
 * shortcut for them).
 *
 * - Keys: one random 32-byte ed25519 secret key per chain (`@noble/curves`), kept as hex in
 *   `localStorage` under {@link DEMO_STORAGE_KEYS}, so the same wallet comes back after a reload.
 *   They are demo keys in plain storage: never hold value with them.
 * - Cardano: an ENTERPRISE testnet address (CIP-19 header 0x60 + blake2b-224(public key), bech32
 *   `addr_test`), network id 0, and a stake key with its reward address (header 0xe0, bech32
 *   `stake_test`; its own key in storage) so "Link stake key" can be shown; `signData` returns a
 *   CIP-8 COSE_Sign1 / COSE_Key exactly like CIP-30 wallets (see `cose.ts`), with the payment key
 *   for its address and with the stake key for its reward address.
 * - Solana: the address is the base58 public key; `signMessage` is ed25519 over the given bytes.
 *   The app reaches it as a Wallet Standard wallet (solana-standard.ts: connect, events,
 *   signMessage, signTransaction, signAndSendTransaction), which signs transactions for real too.
 *
 * Loaded lazily (`await import('./wallets/demo/index.ts')`); it needs no Buffer or other polyfill.
 *
 * @module
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { base58, bech32, hex } from '@scure/base';
import { signCip8 } from './cose.ts';
import { parseTransaction, vkeyWitnessSet, type TxSummary } from './sign-tx.ts';

import { DEMO_WALLET_NAME, type Cip30Api, type Cip30Wallet } from '../types.ts';
import { DEMO_STORAGE_KEYS } from './storage-keys.ts';

/** `localStorage` keys of the demo secret keys (32 bytes, lowercase hex). */
export { DEMO_STORAGE_KEYS };

/** Name both demo wallets show. */
export { DEMO_WALLET_NAME };

/** CIP-30 `APIError` / `DataSignError` shape (`{code, info}`), as wallets reject with. */
export interface DemoCip30Error {
  code: number;
  info: string;
}

/** Options of {@link createDemoCardanoWallet}. */
export interface DemoCardanoOptions {
  /**
   * Asks the person whether to sign the transaction; resolves true to sign. Default: the in-page
   * 'Demo wallet — sign this transaction?' dialog (confirm.ts).
   */
  confirmSign?: (summary: TxSummary) => Promise<boolean>;
  /**
   * Act as a hardware wallet (Ledger / Trezor through CIP-30): `signData` is refused with
   * `{code: -1}`, only `signTx` works (the spec's HD flag; e2e and tests of that sign-in).
   */
  refuseSignData?: boolean;
}

/**
 * The demo Cardano wallet, shaped like an injected `window.cardano.<name>` ({@link Cip30Wallet}):
 * `isEnabled()` is true once this browser holds the demo Cardano key (i.e. the wallet was enabled
 * before); `enable()` creates the key on first use and returns the API, never asking the user.
 */
export interface DemoCardanoWallet extends Cip30Wallet {
  name: typeof DEMO_WALLET_NAME;
}

/** The demo Solana wallet (what sign-in needs of a wallet-standard wallet). */
export interface DemoSolanaWallet {
  name: typeof DEMO_WALLET_NAME;
  icon: string;
  /** Creates the key on first use; resolves the base58 address. */
  connect(): Promise<{ publicKey: string }>;
  disconnect(): Promise<void>;
  /** ed25519 signature (64 bytes) of `message` by the wallet's key. */
  signMessage(message: Uint8Array): Promise<Uint8Array>;
}

const ICON_CARDANO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f3a93"/><circle cx="16" cy="16" r="7" fill="none" stroke="#fff" stroke-width="2.5"/><circle cx="16" cy="16" r="2.5" fill="#ffd166"/></svg>',
  );
const ICON_SOLANA =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#14151a"/><path d="M9 10h14l-3 3H6zM9 19h14l-3 3H6zM12 14.5h14l-3 3H9z" fill="#14f195"/></svg>',
  );

/** Resolves the storage to use; `localStorage` by default. */
function resolveStorage(storage?: Storage): Storage {
  if (storage) return storage;
  if (typeof globalThis.localStorage !== 'undefined') return globalThis.localStorage;
  throw new Error('The demo wallet needs localStorage (or a Storage passed in).');
}

/** The 32-byte secret key stored under `name`; creates and stores a random one if absent or corrupt. */
function loadOrCreateSecretKey(storage: Storage, name: string): Uint8Array {
  const stored = storage.getItem(name);
  if (stored !== null && /^[0-9a-f]{64}$/.test(stored)) return hex.decode(stored);
  const secretKey = ed25519.utils.randomSecretKey();
  storage.setItem(name, hex.encode(secretKey));
  return secretKey;
}

/** CIP-19 enterprise address bytes on testnet: header 0x60 (type 6, network 0) + key hash. */
function cardanoAddressBytes(secretKey: Uint8Array): Uint8Array {
  const keyHash = blake2b(ed25519.getPublicKey(secretKey), { dkLen: 28 });
  const bytes = new Uint8Array(29);
  bytes[0] = 0x60;
  bytes.set(keyHash, 1);
  return bytes;
}

/** CIP-19 reward address bytes on testnet: header 0xe0 (type 14, network 0) + stake key hash. */
function rewardAddressBytes(stakeKey: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(29);
  bytes[0] = 0xe0;
  bytes.set(blake2b(ed25519.getPublicKey(stakeKey), { dkLen: 28 }), 1);
  return bytes;
}

function toBech32Address(bytes: Uint8Array): string {
  return bech32.encode('addr_test', bech32.toWords(bytes), 200);
}

/**
 * The demo Cardano wallet's address (bech32 `addr_test1v…`, enterprise, testnet). Creates the key
 * if this storage has none yet.
 *
 * @param storage where the key lives; `localStorage` by default.
 * @throws Error if no storage is given and `localStorage` does not exist.
 */
export function demoCardanoAddress(storage?: Storage): string {
  const s = resolveStorage(storage);
  return toBech32Address(cardanoAddressBytes(loadOrCreateSecretKey(s, DEMO_STORAGE_KEYS.cardano)));
}

/**
 * The demo Solana wallet's address (base58 of the 32-byte ed25519 public key). Creates the key if
 * this storage has none yet.
 *
 * @param storage where the key lives; `localStorage` by default.
 * @throws Error if no storage is given and `localStorage` does not exist.
 */
export function demoSolanaAddress(storage?: Storage): string {
  const s = resolveStorage(storage);
  return base58.encode(ed25519.getPublicKey(loadOrCreateSecretKey(s, DEMO_STORAGE_KEYS.solana)));
}

/**
 * The demo Solana wallet's 32-byte ed25519 secret key (created if this storage has none yet); for
 * its Wallet Standard face (solana-standard.ts).
 */
export function demoSolanaSecretKey(storage?: Storage): Uint8Array {
  return loadOrCreateSecretKey(resolveStorage(storage), DEMO_STORAGE_KEYS.solana);
}

/** Forgets both demo keys: the next use creates new wallets (new addresses, new accounts). */
export function forgetDemoWallets(storage?: Storage): void {
  const s = resolveStorage(storage);
  s.removeItem(DEMO_STORAGE_KEYS.cardano);
  s.removeItem(DEMO_STORAGE_KEYS.cardanoStake);
  s.removeItem(DEMO_STORAGE_KEYS.solana);
}

function cip30Error(code: number, info: string): DemoCip30Error {
  return { code, info };
}

/** CIP-30's experimental events of the demo Cardano wallet: `accountChange`. */
export interface DemoCip30Experimental {
  on(event: 'accountChange', listener: () => void): void;
  off(event: 'accountChange', listener: () => void): void;
}

/**
 * `experimental.on('accountChange')` of the demo Cardano wallet: called when another key is stored
 * under its storage key (a `storage` event: the person switched account, e.g. in another tab).
 */
function demoAccountEvents(): DemoCip30Experimental {
  const listeners = new Map<() => void, (e: StorageEvent) => void>();
  return {
    on: (event, listener) => {
      if (event !== 'accountChange' || typeof window === 'undefined' || listeners.has(listener)) return;
      const onStorage = (e: StorageEvent) => {
        if (e.key === DEMO_STORAGE_KEYS.cardano) listener();
      };
      listeners.set(listener, onStorage);
      window.addEventListener('storage', onStorage);
    },
    off: (event, listener) => {
      const onStorage = listeners.get(listener);
      if (event !== 'accountChange' || !onStorage) return;
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    },
  };
}

/**
 * Creates the CIP-30-shaped demo Cardano wallet (like `window.cardano.eternl`). The key is read
 * (or created) on `enable()`, so creating the object touches nothing. Its {@link Cip30Api}:
 *
 * - `getNetworkId()` is always 0 (testnet); `getUsedAddresses()` / `getChangeAddress()` answer the
 *   address as hex bytes, `getRewardAddresses()` the stake key's reward address (CIP-19 type 14).
 * - `signData(addrHex, payloadHex)` signs the hex-decoded payload (the app sends the UTF-8 bytes of
 *   the message) with the payment key for the wallet's address or with the stake key for its reward
 *   address (either as hex bytes or bech32), answering COSE_Sign1 and COSE_Key as lowercase CBOR hex
 *   (CIP-8). Rejects with {@link DemoCip30Error} `{code: -1}` (APIError InvalidRequest) if the payload
 *   is not hex or `refuseSignData` is set; `{code: 1}` (DataSignError ProofGeneration) if the address
 *   is neither of this wallet's.
 * - `signTx(txHex)` asks the person ({@link DemoCardanoOptions.confirmSign}), then signs the
 *   blake2b-256 hash of the transaction body's exact bytes with the payment key, answering the witness
 *   set `{0: [[vkey, signature]]}` as lowercase CBOR hex; `partialSign` is ignored (one key). Rejects
 *   with `{code: -1}` when `txHex` is not a transaction, `{code: 2}` (TxSignError UserDeclined) when
 *   the person declines.
 *
 * @param storage where the key lives; `localStorage` by default (resolved on first use).
 * @param options how `signTx` asks the person (tests answer for them).
 */
export function createDemoCardanoWallet(storage?: Storage, options: DemoCardanoOptions = {}): DemoCardanoWallet {
  const confirmSign = options.confirmSign ?? (async (summary: TxSummary) => (await import('./confirm.ts')).confirmSignInPage(summary));
  return {
    name: DEMO_WALLET_NAME,
    icon: ICON_CARDANO,
    apiVersion: '0.1.0',
    isEnabled: async () => resolveStorage(storage).getItem(DEMO_STORAGE_KEYS.cardano) !== null,
    enable: async (): Promise<Cip30Api & { experimental: DemoCip30Experimental }> => {
      // The account is the key in storage at each call: another key stored there (the person
      // switched account) is another account at once, as in a wallet, and `accountChange` says so.
      const current = () => {
        const secretKey = loadOrCreateSecretKey(resolveStorage(storage), DEMO_STORAGE_KEYS.cardano);
        const addressBytes = cardanoAddressBytes(secretKey);
        const stakeKey = loadOrCreateSecretKey(resolveStorage(storage), DEMO_STORAGE_KEYS.cardanoStake);
        const rewardBytes = rewardAddressBytes(stakeKey);
        return {
          secretKey, addressBytes, addressHex: hex.encode(addressBytes), addressBech32: toBech32Address(addressBytes),
          stakeKey, rewardBytes, rewardHex: hex.encode(rewardBytes), rewardBech32: bech32.encode('stake_test', bech32.toWords(rewardBytes), 200),
        };
      };
      current();
      return {
        getNetworkId: async () => 0,
        getUsedAddresses: async () => [current().addressHex],
        getChangeAddress: async () => current().addressHex,
        getRewardAddresses: async () => [current().rewardHex],
        experimental: demoAccountEvents(),
        signData: async (addrHex: string, payloadHex: string) => {
          const { secretKey, addressBytes, addressHex, addressBech32, stakeKey, rewardBytes, rewardHex, rewardBech32 } = current();
          if (options.refuseSignData) throw cip30Error(-1, 'This hardware wallet cannot sign data; sign a transaction instead.');
          const asText = typeof addrHex === 'string' ? addrHex.toLowerCase() : '';
          const stake = asText === rewardHex || asText === rewardBech32;
          if (!stake && asText !== addressHex && asText !== addressBech32) {
            throw cip30Error(1, 'The demo wallet can only sign with its own address.');
          }
          if (typeof payloadHex !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(payloadHex)) {
            throw cip30Error(-1, 'signData payload must be hex.');
          }
          const { coseSign1, coseKey } = stake
            ? signCip8(stakeKey, rewardBytes, hex.decode(payloadHex.toLowerCase()))
            : signCip8(secretKey, addressBytes, hex.decode(payloadHex.toLowerCase()));
          return { signature: hex.encode(coseSign1), key: hex.encode(coseKey) };
        },
        signTx: async (txHex: string) => {
          if (typeof txHex !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(txHex)) throw cip30Error(-1, 'signTx takes the transaction as hex.');
          let parsed: ReturnType<typeof parseTransaction>;
          try {
            parsed = parseTransaction(hex.decode(txHex.toLowerCase()));
          } catch (e) {
            throw cip30Error(-1, e instanceof Error ? e.message : 'not a transaction');
          }
          if (!(await confirmSign({ txHash: parsed.txHash, fee: parsed.fee }))) throw cip30Error(2, 'user declined');
          return hex.encode(vkeyWitnessSet(parsed.bodyHash, current().secretKey));
        },
      };
    },
  };
}

/**
 * Creates the demo Solana wallet. The key is read (or created) on `connect()` / `signMessage()`.
 *
 * @param storage where the key lives; `localStorage` by default (resolved on first use).
 */
export function createDemoSolanaWallet(storage?: Storage): DemoSolanaWallet {
  const secretKey = () => loadOrCreateSecretKey(resolveStorage(storage), DEMO_STORAGE_KEYS.solana);
  return {
    name: DEMO_WALLET_NAME,
    icon: ICON_SOLANA,
    connect: async () => ({ publicKey: base58.encode(ed25519.getPublicKey(secretKey())) }),
    disconnect: async () => undefined,
    signMessage: async (message: Uint8Array) => {
      if (!ArrayBuffer.isView(message)) throw new TypeError('signMessage takes a Uint8Array.');
      const bytes = new Uint8Array(message.buffer, message.byteOffset, message.byteLength);
      return ed25519.sign(bytes, secretKey());
    },
  };
}

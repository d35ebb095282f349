/**
 * The demo Solana wallet as a Wallet Standard wallet (demo mode only): `standard:connect`,
 * `standard:disconnect`, `standard:events`, `solana:signMessage`, `solana:signTransaction` and
 * `solana:signAndSendTransaction`, signing FOR REAL with the key of `index.ts` (ed25519 over the
 * transaction's message bytes, as every Solana wallet does), so the app talks to it exactly as to
 * Phantom or Solflare (standard-signer.ts).
 *
 * - Before signing a transaction it asks the person (the in-page prompt, confirm.ts) showing the
 *   version, the SOL it moves, where to and the memo.
 * - `signAndSendTransaction` sends the signed transaction to the cluster's JSON-RPC endpoint (by
 *   default the `rpc_url` of `GET /api/chain/info`; a wallet has its own RPC).
 * - {@link DEMO_SOLANA_SETTINGS} in `localStorage` make it a legacy-only wallet, a sign-only wallet
 *   or a wallet on another cluster.
 * - As a hardware wallet (`refuseSignMessage`), it refuses `signMessage` as Ledger's Solana app does
 *   for arbitrary text; it signs transactions.
 *
 * @module
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import { SOLANA_MEMO_V1_PROGRAM, SOLANA_PAY_MEMO_PROGRAM, SYSTEM_PROGRAM_ADDRESS } from '@kingdom/game';
import { sendRoute } from '@kingdom/api';
import chainInfoRoute from 'virtual:kingdom-routes/chainInfo';
import { getCompiledTransactionMessageDecoder, getTransactionDecoder, getTransactionEncoder, type SignatureBytes, type Transaction } from '@solana/kit';
import { getWallets } from '@wallet-standard/app';
import { DEMO_WALLET_NAME, demoSolanaSecretKey } from './index.ts';
import { DEMO_SOLANA_SETTINGS, DEMO_STORAGE_KEYS } from './storage-keys.ts';
import type { SolanaTxPrompt } from './confirm.ts';
import type { SolanaTxVersion } from '../types.ts';

const ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#14151a"/><path d="M9 10h14l-3 3H6zM9 19h14l-3 3H6zM12 14.5h14l-3 3H9z" fill="#14f195"/></svg>',
  );

/** Every Solana cluster's Wallet Standard chain id: by default the demo wallet is on whichever the app asks. */
const ALL_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const;
const MEMO_PROGRAMS = new Set([SOLANA_PAY_MEMO_PROGRAM, SOLANA_MEMO_V1_PROGRAM]);

/** Options of {@link createDemoSolanaStandardWallet}. */
export interface DemoSolanaStandardOptions {
  /** Where the key and the settings live; `localStorage` by default. */
  storage?: Storage;
  /** Asks the person before a transaction is signed; default the in-page prompt (confirm.ts). */
  confirmSign?: (prompt: SolanaTxPrompt) => Promise<boolean>;
  /** The JSON-RPC URL `signAndSendTransaction` sends to; default `GET /api/chain/info`'s `solana.rpc_url`. */
  rpcUrl?: () => Promise<string>;
  /** Act as a hardware wallet: `signMessage` is refused (sign-in then signs a memo transaction); a function is asked at each call. */
  refuseSignMessage?: boolean | (() => boolean);
  /**
   * Follow the key in storage: when another key is stored under the wallet's storage key (a
   * `storage` event: the person switched account, e.g. in another tab), the connected account
   * becomes that key's and `standard:events` `change` says so, as a wallet does on an account switch.
   */
  followStorage?: boolean;
}

/** A Wallet Standard account of the demo wallet. */
export interface DemoSolanaAccount {
  address: string;
  publicKey: Uint8Array;
  chains: readonly string[];
  features: readonly string[];
  label: string;
}

/** A wallet's refusal, shaped as Solana wallets reject (EIP-1193-style `code`). */
export class DemoWalletRejection extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = code === 4001 ? 'WalletUserRejectedError' : 'DemoWalletError';
    this.code = code;
  }
}

function setting(storage: Storage | undefined, key: string): string | null {
  try {
    return (storage ?? globalThis.localStorage)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

async function chainInfoRpcUrl(): Promise<string> {
  const res = await sendRoute({ baseUrl: '', credentials: 'include' }, 'chainInfo', chainInfoRoute);
  const url = res.ok ? res.body.solana?.rpc_url : undefined;
  if (!url) throw new Error('This Kingdom has no Solana cluster.');
  return new URL(url, globalThis.location?.href).href;
}

/** What a transaction's message does, for the prompt: transfers, recipient, memo, version. */
export function describeSolanaTx(messageBytes: Uint8Array): SolanaTxPrompt {
  const message = getCompiledTransactionMessageDecoder().decode(messageBytes) as unknown as {
    version: 'legacy' | number;
    staticAccounts: readonly string[];
    instructions: readonly { programAddressIndex: number; accountIndices?: readonly number[]; data?: Uint8Array }[];
  };
  let lamports = 0n;
  let to = '';
  let memo = '';
  for (const ix of message.instructions) {
    const program = message.staticAccounts[ix.programAddressIndex];
    const data = ix.data ?? new Uint8Array();
    if (program === SYSTEM_PROGRAM_ADDRESS && data.length === 12 && new DataView(data.buffer, data.byteOffset).getUint32(0, true) === 2) {
      lamports += new DataView(data.buffer, data.byteOffset).getBigUint64(4, true);
      if (!to) to = message.staticAccounts[ix.accountIndices?.[1] ?? -1] ?? '';
    } else if (program !== undefined && MEMO_PROGRAMS.has(program) && !memo) {
      memo = new TextDecoder().decode(data);
    }
  }
  return { chain: 'solana', version: message.version === 0 ? 0 : 'legacy', lamports, to, memo };
}

/**
 * Creates the demo Solana wallet, Wallet Standard shaped (`version`, `name`, `icon`, `chains`,
 * `accounts`, `features`). The key is read (or created) on `connect`.
 */
export function createDemoSolanaStandardWallet(options: DemoSolanaStandardOptions = {}) {
  const { storage } = options;
  const confirmSign = options.confirmSign ?? (async (p: SolanaTxPrompt) => (await import('./confirm.ts')).confirmSignInPage(p));
  const rpcUrl = options.rpcUrl ?? chainInfoRpcUrl;
  const versions = (): readonly SolanaTxVersion[] => (setting(storage, DEMO_SOLANA_SETTINGS.txVersions) === 'legacy' ? ['legacy'] : ['legacy', 0]);
  const chains = (): readonly string[] => {
    const chain = setting(storage, DEMO_SOLANA_SETTINGS.chain);
    return chain ? [chain] : ALL_CHAINS;
  };
  const featureSetting = setting(storage, DEMO_SOLANA_SETTINGS.features);
  const signOnly = featureSetting === 'sign';
  // `no-message`: a Ledger-like wallet, no `solana:signMessage` at all (it signs transactions only)
  const noMessage = featureSetting === 'no-message';
  const refusesMessages = () => (typeof options.refuseSignMessage === 'function' ? options.refuseSignMessage() : options.refuseSignMessage === true);
  const listeners = new Set<(properties: { accounts?: readonly DemoSolanaAccount[] }) => void>();
  let accounts: DemoSolanaAccount[] = [];
  const secretKey = () => demoSolanaSecretKey(storage);
  const featureNames = [...(noMessage ? [] : ['solana:signMessage']), 'solana:signTransaction', ...(signOnly ? [] : ['solana:signAndSendTransaction'])];
  const makeAccount = (): DemoSolanaAccount => {
    const publicKey = ed25519.getPublicKey(secretKey());
    return { address: base58.encode(publicKey), publicKey, chains: chains(), features: featureNames, label: DEMO_WALLET_NAME };
  };
  const own = (account: { address: string } | undefined): void => {
    if (!account || !accounts.some((a) => a.address === account.address)) throw new DemoWalletRejection(-32602, 'This account is not connected to the demo wallet.');
  };
  /** Asks, then signs the transaction's message with the wallet key; the signed transaction. */
  const sign = async (wire: Uint8Array, chain: string | undefined): Promise<Transaction> => {
    if (chain !== undefined && !chains().includes(chain)) throw new DemoWalletRejection(-32602, `The demo wallet is not on ${chain}.`);
    let tx: Transaction;
    try {
      tx = getTransactionDecoder().decode(wire);
    } catch (e) {
      throw new DemoWalletRejection(-32602, `Not a transaction: ${e instanceof Error ? e.message : String(e)}`);
    }
    const prompt = describeSolanaTx(Uint8Array.from(tx.messageBytes));
    if (prompt.version === 0 && !versions().includes(0)) throw new DemoWalletRejection(-32602, 'Transaction version 0 is not supported by this wallet.');
    const address = accounts[0]?.address ?? '';
    if (!(address in tx.signatures)) throw new DemoWalletRejection(-32602, 'The transaction does not ask for this wallet’s signature.');
    if (!(await confirmSign(prompt))) throw new DemoWalletRejection(4001, 'User rejected the request.');
    const signature = ed25519.sign(Uint8Array.from(tx.messageBytes), secretKey()) as SignatureBytes;
    return { ...tx, signatures: { ...tx.signatures, [address]: signature } };
  };
  const transactionVersions = versions();
  if (options.followStorage && typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== DEMO_STORAGE_KEYS.solana || accounts.length === 0) return;
      accounts = [makeAccount()];
      for (const l of listeners) l({ accounts });
    });
  }
  const signMessageFeature = {
    'solana:signMessage': {
      version: '1.0.0',
      signMessage: async (...inputs: { account: { address: string }; message: Uint8Array }[]) =>
        inputs.map(({ account, message }) => {
          own(account);
          if (refusesMessages()) throw new DemoWalletRejection(-32603, 'This hardware wallet cannot sign messages; sign a transaction instead.');
          return { signedMessage: message, signature: ed25519.sign(Uint8Array.from(message), secretKey()) };
        }),
    },
  };
  return {
    version: '1.0.0' as const,
    name: DEMO_WALLET_NAME,
    icon: ICON,
    get chains() {
      return chains();
    },
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          accounts = [makeAccount()];
          for (const l of listeners) l({ accounts });
          return { accounts };
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          accounts = [];
          for (const l of listeners) l({ accounts });
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: (properties: { accounts?: readonly DemoSolanaAccount[] }) => void) => {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      },
      ...(noMessage ? {} : signMessageFeature),
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: transactionVersions,
        signTransaction: async (...inputs: { account: { address: string }; transaction: Uint8Array; chain?: string }[]) => {
          const out: { signedTransaction: Uint8Array }[] = [];
          for (const { account, transaction, chain } of inputs) {
            own(account);
            out.push({ signedTransaction: Uint8Array.from(getTransactionEncoder().encode(await sign(transaction, chain))) });
          }
          return out;
        },
      },
      ...(signOnly
        ? {}
        : {
            'solana:signAndSendTransaction': {
              version: '1.0.0',
              supportedTransactionVersions: transactionVersions,
              signAndSendTransaction: async (...inputs: { account: { address: string }; transaction: Uint8Array; chain: string }[]) => {
                const out: { signature: Uint8Array }[] = [];
                for (const { account, transaction, chain } of inputs) {
                  own(account);
                  const signed = await sign(transaction, chain);
                  const wire = Uint8Array.from(getTransactionEncoder().encode(signed));
                  const res = await fetch(await rpcUrl(), {
                    method: 'POST',
                    headers: { 'content-type': 'application/json' },
                    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [base64.encode(wire), { encoding: 'base64', preflightCommitment: 'confirmed' }] }),
                  });
                  const body = (await res.json().catch(() => ({}))) as { result?: string; error?: { message?: string } };
                  if (typeof body.result !== 'string') throw new DemoWalletRejection(-32603, `The cluster refused the transaction: ${body.error?.message ?? res.status}`);
                  out.push({ signature: base58.decode(body.result) });
                }
                return out;
              },
            },
          }),
    },
  };
}

/** The demo Solana wallet's Wallet Standard object. */
export type DemoSolanaStandardWallet = ReturnType<typeof createDemoSolanaStandardWallet>;

/** The registered demo Solana wallet of this page, and whether it acts as a hardware wallet now. */
let registeredDemo: { wallet: DemoSolanaStandardWallet; hardware: boolean } | undefined;

/**
 * Registers the demo Solana wallet through Wallet Standard (`@wallet-standard/app`'s registry), once
 * per page, like any wallet — so the session watch (account change, disconnect:
 * wallets/solana/session-watch.ts) finds and follows it as it does Phantom. It follows its key in
 * storage (an account switch). `hardware`, when given, sets whether it refuses `signMessage` from now on.
 * @returns the registered wallet
 */
export function registerDemoSolanaWallet(options: { hardware?: boolean } = {}): DemoSolanaStandardWallet {
  if (!registeredDemo) {
    const entry = { hardware: false } as { wallet: DemoSolanaStandardWallet; hardware: boolean };
    entry.wallet = createDemoSolanaStandardWallet({ refuseSignMessage: () => entry.hardware, followStorage: true });
    registeredDemo = entry;
    // the registry types the icon as a base64 data URI; the demo icon is an inline SVG data URI
    getWallets().register(entry.wallet as unknown as Parameters<ReturnType<typeof getWallets>['register']>[0]);
  }
  if (options.hardware !== undefined) registeredDemo.hardware = options.hardware;
  return registeredDemo.wallet;
}

/**
 * The server's Solana chain (docs/architecture.md §5 "Chain money"): one `@solana/kit` RPC client, the cluster
 * wallets must be on, its genesis hash, the sale address SOL payments go to, and, in demo/emulator
 * mode, the local cluster behind it.
 *
 * - Real clusters (`CARDANO_NETWORK` not `emulator`, or `SOLANA_RPC_URL` set): `createSolanaRpc(url)`
 *   on `SOLANA_RPC_URL`, else the public endpoint of `SOLANA_CLUSTER`; the sale address is
 *   `SOLANA_SALE_ADDRESS` (required; base58, validated at start). Browsers reach it only through
 *   `POST /api/solana/rpc`, a server-side proxy of a few methods (`rpc-proxy.ts`): the URL (which may
 *   carry a provider key) stays on the server and the page's CSP stays `connect-src 'self'`.
 * - Emulator (`CARDANO_NETWORK=emulator`, no `SOLANA_RPC_URL`): `@kingdom/emulators`' `LocalSolanaCluster`
 *   (litesvm replica per process, the chain a log in Postgres), held as the `LocalSolana` interface of
 *   `@kingdom/chain-providers`; the same client code talks to it in-process through its `transport`,
 *   and browsers/wallets through `POST /api/solana/rpc` (`rpcUrl`). Its genesis hash is its own (kept
 *   in Postgres), its sale address a keypair it makes once (`keypair('sale')`).
 *
 * Wiring: `createChainProviders` (chain/index.ts) opens it as `providers.solanaChain`; route handlers
 * read it as `app.deps.providers.solanaChain`.
 *
 * How other code uses it:
 * ```ts
 * const sol = app.deps.providers.solanaChain;
 * const { value } = await sol.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
 * await sol.rpc.getSignaturesForAddress(reference, { commitment: 'finalized' }).send();
 * if (sol.local) { await sol.local.produceSlots(3); await sol.local.airdrop(addr, 2_000_000_000n); }
 * ```
 */
import { address, assertIsAddress, createSolanaRpc, createSolanaRpcFromTransport, type Address, type Rpc, type SolanaRpcApi } from '@solana/kit';
import { ConfigurationError, type Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { LocalSolana } from '@kingdom/chain-providers';
import { LocalSolanaCluster } from '@kingdom/emulators';
import { createSolanaRpcProxy, type SolanaRpcBackend } from './rpc-proxy.ts';

/** The Solana clusters wallets know (docs/game-rules.md §9). */
export type SolanaCluster = 'devnet' | 'testnet' | 'mainnet-beta';

/** Public JSON-RPC endpoint of each cluster. */
export const SOLANA_PUBLIC_RPC: Record<SolanaCluster, string> = {
  devnet: 'https://api.devnet.solana.com',
  testnet: 'https://api.testnet.solana.com',
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
};

/** Genesis hash (base58) of each real cluster: what `getGenesisHash` answers on it. */
export const SOLANA_GENESIS_HASHES: Record<SolanaCluster, string> = {
  'mainnet-beta': '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
};

/**
 * Path of the JSON-RPC endpoint browsers and wallets use (under the API prefix), on every deployment:
 * the local cluster's handler, or on a real cluster the proxy to it. `GET /api/chain/info` publishes it as `solana.rpc_url`.
 */
export const LOCAL_SOLANA_RPC_PATH = '/api/solana/rpc';

/** The server's Solana chain; one per process. */
export interface SolanaChain {
  /** The cluster wallets must be on (`SOLANA_CLUSTER`); the local cluster stands in for it. */
  cluster: SolanaCluster;
  /** The JSON-RPC client (`@solana/kit`), in-process on the local cluster, HTTP otherwise. */
  rpc: Rpc<SolanaRpcApi>;
  /**
   * The JSON-RPC URL the server itself uses: the real endpoint (`SOLANA_RPC_URL` or the public one;
   * secret: it may carry a provider key, never send it to a browser), or on the local cluster the path
   * `/api/solana/rpc`. Browsers get {@link LOCAL_SOLANA_RPC_PATH} instead.
   */
  rpcUrl: string;
  /**
   * Answers a parsed JSON-RPC request or batch for `POST /api/solana/rpc`: the local cluster's handler
   * (rpc.ts), or on a real cluster the proxy of a few methods to `rpcUrl` (rpc-proxy.ts). Never throws.
   */
  browserRpc: SolanaRpcBackend;
  /** The cluster's genesis hash (base58): a wallet reporting another one is on another cluster. Never rejects. */
  genesisHash(): Promise<string>;
  /** Explorer URL of a transaction with `{signature}` to fill in; null on the local cluster. */
  explorerTxUrl: string | null;
  /** Where SOL payments for EXO go (base58). */
  saleAddress: Address;
  /** Slots on top of a transaction's slot before it is finalized (the local cluster's rule; 32 assumed on real clusters). */
  finalitySlots: number;
  /** Demo/test controls of the local cluster; null on a real cluster. */
  local: LocalSolana | null;
}

const EXPLORER: Record<SolanaCluster, string> = {
  'mainnet-beta': 'https://explorer.solana.com/tx/{signature}',
  devnet: 'https://explorer.solana.com/tx/{signature}?cluster=devnet',
  testnet: 'https://explorer.solana.com/tx/{signature}?cluster=testnet',
};

/** True when the deployment runs the local cluster (demo/emulator mode without `SOLANA_RPC_URL`). */
export function usesLocalSolanaCluster(config: Config): boolean {
  return config.cardanoNetwork === 'emulator' && !config.solanaRpcUrl;
}

/**
 * Opens the Solana chain for `config` (see module doc). On the local cluster this creates its
 * state row, genesis hash and sale key in Postgres on first start (migration 0020's tables).
 * @throws Error on a real cluster without a valid `SOLANA_SALE_ADDRESS`
 */
export async function createSolanaChain(config: Config, db: Database): Promise<SolanaChain> {
  const cluster = config.solanaCluster;
  if (usesLocalSolanaCluster(config)) {
    // requestAirdrop over JSON-RPC in demo mode only (elsewhere free SOL would pay for EXO)
    const local = await LocalSolanaCluster.open(db.orm, { finalitySlots: config.solana.finalitySlots, rpcAirdrops: config.demo });
    const sale = await local.keypair('sale');
    return {
      cluster, rpc: createSolanaRpcFromTransport(local.transport), rpcUrl: LOCAL_SOLANA_RPC_PATH, browserRpc: (request) => local.handle(request),
      genesisHash: async () => local.genesisHash, explorerTxUrl: null,
      saleAddress: config.solana.saleAddress ? address(config.solana.saleAddress) : sale.address,
      finalitySlots: local.finalitySlots, local,
    };
  }
  const saleAddress = config.solana.saleAddress;
  if (!saleAddress) throw new ConfigurationError('a real Solana cluster needs SOLANA_SALE_ADDRESS (docs/operator-guide.md §1)');
  assertIsAddress(saleAddress);
  const rpcUrl = config.solanaRpcUrl ?? SOLANA_PUBLIC_RPC[cluster];
  const rpc = createSolanaRpc(rpcUrl) as Rpc<SolanaRpcApi>;
  let genesis: Promise<string> | null = null;
  return {
    cluster, rpc, rpcUrl, browserRpc: createSolanaRpcProxy({ url: rpcUrl, timeoutMs: config.solana.rpcTimeoutMs }), explorerTxUrl: EXPLORER[cluster], saleAddress, finalitySlots: 32, local: null,
    // A custom SOLANA_RPC_URL may serve another cluster: ask it (once; the well-known hash while it
    // cannot be reached), else the well-known hash.
    genesisHash: () => (config.solanaRpcUrl
      ? (genesis ??= rpc.getGenesisHash().send().then(String)).catch(() => { genesis = null; return SOLANA_GENESIS_HASHES[cluster]; })
      : Promise.resolve(SOLANA_GENESIS_HASHES[cluster])),
  };
}

/**
 * Real network chain providers.
 * - Cardano: Blockfrost (`/addresses/{address}` amounts), needs `BLOCKFROST_PROJECT_ID`.
 * - Solana: a JSON-RPC endpoint with the Digital Asset Standard API (`getAssetsByOwner`), which
 *   reports each NFT's collection.
 */
import { BlockfrostClient, type BlockfrostClientOptions } from './cardano/blockfrost-client.ts';
import type { ChainAsset, ChainProvider } from '@kingdom/chain-providers';

/**
 * Cardano through the server's one {@link BlockfrostClient} (`GET /addresses/{address}`, answer
 * checked with zod). Units are `policyId + assetNameHex`; lovelace is skipped.
 */
export class BlockfrostCardanoProvider implements ChainProvider {
  readonly chain = 'cardano' as const;
  private readonly client: BlockfrostClient;
  /**
   * @param options the client's: `baseUrl` (`BLOCKFROST_URL`), the shared request `budget`, `fetchFn` (tests)
   * @throws Error for a network without a Blockfrost host (and no `baseUrl`) or an empty project id
   */
  constructor(readonly network: string, projectId: string, options: BlockfrostClientOptions = {}) {
    this.client = new BlockfrostClient(network, projectId, options);
  }

  /**
   * The native tokens `address` holds; an address never seen on chain holds nothing.
   * @throws Error naming the status for a non-2xx answer, or the field for an answer of the wrong shape
   */
  async listAssets(address: string): Promise<ChainAsset[]> {
    const { assets } = await this.client.addressAmounts(address);
    return Object.entries(assets).map(([u, quantity]) => ({ collectionKey: u.slice(0, 56), assetKey: u.slice(56), quantity }));
  }
}

/** Solana through a DAS-capable JSON-RPC endpoint: NFTs grouped by their collection. */
export class DasSolanaProvider implements ChainProvider {
  readonly chain = 'solana' as const;
  constructor(readonly network: string, private readonly rpcUrl: string, private readonly fetchFn: typeof fetch = fetch) {}

  async listAssets(address: string): Promise<ChainAsset[]> {
    const out: ChainAsset[] = [];
    for (let page = 1; page <= 50; page++) {
      const res = await this.fetchFn(this.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 'kingdom', method: 'getAssetsByOwner', params: { ownerAddress: address, page, limit: 1000 } }),
      });
      if (!res.ok) throw new Error(`Solana RPC answered ${res.status}`);
      const body = (await res.json()) as { result?: { items: Array<{ id: string; grouping?: Array<{ group_key: string; group_value: string }> }> }; error?: { message: string } };
      if (body.error || !body.result) throw new Error(`Solana RPC error: ${body.error?.message ?? 'no result'}`);
      for (const item of body.result.items) {
        const collection = item.grouping?.find((g) => g.group_key === 'collection')?.group_value;
        if (collection) out.push({ collectionKey: collection, assetKey: item.id, quantity: 1n });
      }
      if (body.result.items.length < 1000) break;
    }
    return out;
  }
}

/**
 * Real network chain providers.
 * - Cardano: Blockfrost (`/addresses/{address}` amounts), needs `BLOCKFROST_PROJECT_ID`.
 * - Solana: a JSON-RPC endpoint with the Digital Asset Standard API (`getAssetsByOwner`), which
 *   reports each NFT's collection.
 */
import type { ChainProvider, ChainAsset } from './provider.ts';

const BLOCKFROST_HOSTS: Record<string, string> = {
  mainnet: 'https://cardano-mainnet.blockfrost.io/api/v0',
  preprod: 'https://cardano-preprod.blockfrost.io/api/v0',
  preview: 'https://cardano-preview.blockfrost.io/api/v0',
};

/** Cardano through Blockfrost. Units are `policyId + assetNameHex`; lovelace is skipped. */
export class BlockfrostCardanoProvider implements ChainProvider {
  readonly chain = 'cardano' as const;
  /** @param baseUrl API v0 base URL instead of the network's public host (`BLOCKFROST_URL`) */
  constructor(readonly network: string, private readonly projectId: string, private readonly fetchFn: typeof fetch = fetch, private readonly baseUrl?: string) {}

  async listAssets(address: string): Promise<ChainAsset[]> {
    const base = this.baseUrl ?? BLOCKFROST_HOSTS[this.network];
    if (!base) throw new Error(`no Blockfrost host for network ${this.network}`);
    const res = await this.fetchFn(`${base}/addresses/${encodeURIComponent(address)}`, { headers: { project_id: this.projectId } });
    if (res.status === 404) return []; // an address never seen on chain holds nothing
    if (!res.ok) throw new Error(`Blockfrost answered ${res.status}`);
    const body = (await res.json()) as { amount: Array<{ unit: string; quantity: string }> };
    return body.amount
      .filter((a) => a.unit !== 'lovelace' && a.unit.length >= 56)
      .map((a) => ({ collectionKey: a.unit.slice(0, 56), assetKey: a.unit.slice(56), quantity: BigInt(a.quantity) }));
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

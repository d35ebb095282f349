/**
 * Wallet sync: copies the Kingdom-relevant NFTs an address holds on chain (lands, mining tools,
 * Staking-Hub collections) from the chain provider into `nft_holdings`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { LAND_POLICY_ID, MINING_TOOL_POLICY_ID } from '@kingdom/game';
import type { Chain } from '@kingdom/api';
import type { Database } from '../../db/client.ts';
import { collections, nftHoldings, wallets } from '../../db/schema.ts';
import type { ChainProviders } from '../../chain/index.ts';

export interface SyncResult {
  lands: number;
  mtools: number;
  nfts: number;
  syncedAt: Date;
}

/**
 * Reads the address's assets from its chain provider and replaces its holdings in one transaction.
 * A unique Kingdom NFT (land, mining tool) found here is removed from any other address's holdings.
 * @throws Error when the chain provider fails (the previous holdings stay as they were)
 */
export async function syncWallet(db: Database, providers: ChainProviders, chain: Chain, address: string, now: Date): Promise<SyncResult> {
  const assets = await providers[chain].listAssets(address);
  const policies = new Set(
    (await db.orm.select({ policyId: collections.policyId }).from(collections)).map((c) => c.policyId),
  );
  policies.add(LAND_POLICY_ID);
  policies.add(MINING_TOOL_POLICY_ID);
  const kept = assets.filter((a) => a.quantity > 0n && policies.has(a.policyId));
  const unique = kept.filter((a) => a.policyId === LAND_POLICY_ID || a.policyId === MINING_TOOL_POLICY_ID);

  await db.orm.transaction(async (tx) => {
    await tx.delete(nftHoldings).where(and(eq(nftHoldings.chain, chain), eq(nftHoldings.address, address)));
    for (let i = 0; i < kept.length; i += 500) {
      await tx.insert(nftHoldings).values(kept.slice(i, i + 500).map((a) => ({
        chain, address, policyId: a.policyId, assetName: a.assetName, quantity: a.quantity.toString(), syncedAt: now,
      })));
    }
    for (const policyId of [LAND_POLICY_ID, MINING_TOOL_POLICY_ID]) {
      const names = unique.filter((a) => a.policyId === policyId).map((a) => a.assetName);
      if (names.length === 0) continue;
      await tx.delete(nftHoldings).where(and(
        eq(nftHoldings.policyId, policyId), inArray(nftHoldings.assetName, names),
        sql`(${nftHoldings.chain}, ${nftHoldings.address}) <> (${chain}, ${address})`,
      ));
    }
    await tx.update(wallets).set({ syncedAt: now }).where(and(eq(wallets.chain, chain), eq(wallets.address, address)));
  });
  return {
    lands: kept.filter((a) => a.policyId === LAND_POLICY_ID).length,
    mtools: kept.filter((a) => a.policyId === MINING_TOOL_POLICY_ID).length,
    nfts: kept.length,
    syncedAt: now,
  };
}



/**
 * Wallet sync: copies the Kingdom-relevant NFTs an address holds on chain (lands, mining tools,
 * Staking-Hub collections) from the chain provider into `holdings`, for the account the wallet is
 * linked to. `held_since` survives re-syncs for NFTs the address still holds (DESIGN.md "Holdings").
 */
import { sql } from 'drizzle-orm';
import { LAND_POLICY_ID, MINING_TOOL_POLICY_ID } from '@kingdom/game';
import type { Chain } from '@kingdom/api';
import { exec, type Database, type Orm } from '../../db/client.ts';
import type { ChainProviders } from '../../chain/index.ts';

export interface SyncResult {
  lands: number;
  mtools: number;
  nfts: number;
  syncedAt: Date;
}

/** An NFT (or a quantity of one asset) an address holds. */
export interface HeldAsset {
  collectionKey: string;
  assetKey: string;
  quantity: bigint;
}

const CHUNK = 500;

/**
 * Replaces the holdings of (`chain`, `address`) — a wallet linked to `userId` — with `assets`, in the
 * caller's transaction: gone assets are deleted, new ones get `held_since = now`, kept ones keep
 * theirs. A land or mining tool found here is removed from any other address's holdings (each exists
 * once).
 */
export async function replaceHoldings(tx: Orm, userId: number, chain: Chain, address: string, assets: readonly HeldAsset[], now: Date): Promise<void> {
  const key = (c: string, a: string) => `${c}\u0000${a}`;
  const wanted = new Map(assets.map((a) => [key(a.collectionKey, a.assetKey), a]));
  const existing = await exec<{ collection_key: string; asset_key: string }>(tx, sql`
    SELECT collection_key, asset_key FROM holdings WHERE chain = ${chain} AND address = ${address}`);
  const stale = existing.filter((e) => !wanted.has(key(e.collection_key, e.asset_key)));
  for (let i = 0; i < stale.length; i += CHUNK) {
    const pairs = sql.join(stale.slice(i, i + CHUNK).map((e) => sql`(${e.collection_key}, ${e.asset_key})`), sql`, `);
    await exec(tx, sql`DELETE FROM holdings WHERE chain = ${chain} AND address = ${address} AND (collection_key, asset_key) IN (${pairs})`);
  }
  const list = [...wanted.values()];
  for (let i = 0; i < list.length; i += CHUNK) {
    const rows = sql.join(list.slice(i, i + CHUNK).map((a) =>
      sql`(${chain}, ${a.collectionKey}, ${a.assetKey}, ${address}, ${userId}::int, ${a.quantity.toString()}::numeric, ${now}::timestamptz)`), sql`, `);
    await exec(tx, sql`INSERT INTO holdings (chain, collection_key, asset_key, address, user_id, quantity, held_since) VALUES ${rows}
      ON CONFLICT (chain, collection_key, asset_key, address) DO UPDATE SET quantity = EXCLUDED.quantity, user_id = EXCLUDED.user_id`);
  }
  const unique = list.filter((a) => a.collectionKey === LAND_POLICY_ID || a.collectionKey === MINING_TOOL_POLICY_ID);
  for (let i = 0; i < unique.length; i += CHUNK) {
    const pairs = sql.join(unique.slice(i, i + CHUNK).map((a) => sql`(${a.collectionKey}, ${a.assetKey})`), sql`, `);
    await exec(tx, sql`DELETE FROM holdings WHERE (collection_key, asset_key) IN (${pairs}) AND (chain, address) <> (${chain}, ${address})`);
  }
}

/**
 * Reads the address's assets from its chain provider and replaces its holdings in one transaction.
 * An address linked to no account has no holdings to keep (nothing is written).
 * @throws Error when the chain provider fails (the previous holdings stay as they were)
 */
export async function syncWallet(db: Database, providers: ChainProviders, chain: Chain, address: string, now: Date): Promise<SyncResult> {
  const assets = await providers[chain].listAssets(address);
  const policies = new Set((await exec<{ policy_id: string }>(db.orm, sql`SELECT policy_id FROM collections`)).map((c) => c.policy_id));
  policies.add(LAND_POLICY_ID);
  policies.add(MINING_TOOL_POLICY_ID);
  const kept = assets.filter((a) => a.quantity > 0n && policies.has(a.policyId))
    .map((a) => ({ collectionKey: a.policyId, assetKey: a.assetName, quantity: a.quantity }));
  await db.orm.transaction(async (tx) => {
    const [wallet] = await exec<{ user_id: number }>(tx, sql`SELECT user_id FROM wallets WHERE chain = ${chain} AND address = ${address} FOR UPDATE`);
    if (!wallet) return;
    await replaceHoldings(tx, wallet.user_id, chain, address, kept, now);
    await exec(tx, sql`UPDATE wallets SET synced_at = ${now} WHERE chain = ${chain} AND address = ${address}`);
  });
  return {
    lands: kept.filter((a) => a.collectionKey === LAND_POLICY_ID).length,
    mtools: kept.filter((a) => a.collectionKey === MINING_TOOL_POLICY_ID).length,
    nfts: kept.length,
    syncedAt: now,
  };
}

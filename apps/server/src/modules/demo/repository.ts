/**
 * SQL of demo mode (never on a real deployment): the faucet's look-ups on the emulated chain, the
 * emulator faucet's funding requests (`emu_faucet_grants`), and the last settled day. Every function takes the db's ORM or the caller's transaction.
 */
import { sql } from 'drizzle-orm';
import { rarityForLeague, type WorkerRarity } from '@kingdom/game';
import type { Chain } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';
import type { ChainAsset } from '../../chain/index.ts';
import { latestSnapshotId, leagueSql } from '../staking/repository.ts';

/** A Staking-Hub collection the faucet mints NFTs of (`collection_key`: the collection key on its chain). */
export interface FaucetCollection {
  collection_key: string;
  name: string;
}

/**
 * The first collection (by id) of `chain` whose league at the latest snapshot taken by `now` gives
 * workers of `rarity` (docs/game-rules.md §3, §5), or null.
 */
export async function collectionOfRarity(tx: Orm, chain: Chain, rarity: WorkerRarity, now: Date): Promise<FaucetCollection | null> {
  const [c] = await exec<FaucetCollection>(tx, sql`
    SELECT c.collection_key, c.name, c.slug FROM collections c
    JOIN snapshot_collections sc ON sc.collection_id = c.id AND sc.snapshot_id = ${latestSnapshotId(now)}
    WHERE c.chain = ${chain} AND ${leagueSql(sql`sc.votes`, (league) => sql`${rarityForLeague(league)}::text`)} = ${rarity}
    ORDER BY c.id LIMIT 1`);
  return c ?? null;
}

/** The Staking-Hub project `slug` on `chain`, or null. */
export async function collectionBySlug(tx: Orm, chain: Chain, slug: string): Promise<FaucetCollection | null> {
  const [c] = await exec<FaucetCollection>(tx, sql`SELECT collection_key, name FROM collections WHERE slug = ${slug} AND chain = ${chain}`);
  return c ?? null;
}

/** How many assets of the collection the emulated chain holds (the next serial is this + 1). */
export async function emulatedAssetCount(tx: Orm, collectionKey: string): Promise<number> {
  const [{ n }] = (await exec<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM emu_assets WHERE collection_key = ${collectionKey}`)) as [{ n: number }];
  return n;
}

/** The land named `hexName` (canonical form) with its NFT's keys, or null when the Valley has none of that name. */
export async function landByHexName(tx: Orm, hexName: string): Promise<{ hex_name: string; collection_key: string; asset_key: string } | null> {
  const [land] = await exec<{ hex_name: string; collection_key: string; asset_key: string }>(tx, sql`
    SELECT hex_name, collection_key, asset_key FROM lands WHERE hex_name = ${hexName}`);
  return land ?? null;
}

/**
 * Deletes the emulator treasury's `treasury` copy of one NFT (the first half of a mint).
 * @returns false when the treasury no longer holds it (minted before, or by a concurrent mint), or
 *   when it is a land an in-app mint has reserved (docs/game-rules.md §2)
 */
export async function takeFromTreasury(tx: Orm, treasury: string, collectionKey: string, assetKey: string): Promise<boolean> {
  const taken = await exec(tx, sql`DELETE FROM emu_assets WHERE address = ${treasury}
    AND collection_key = ${collectionKey} AND asset_key = ${assetKey}
    AND NOT EXISTS (SELECT 1 FROM land_mints m JOIN lands l ON l.id = m.land_id
      WHERE l.collection_key = ${collectionKey} AND l.asset_key = ${assetKey} AND m.status IN ('reserved', 'submitted', 'confirmed'))
    RETURNING 1`);
  return taken.length > 0;
}

/** What the emulated `chain` holds at `address`, read in `tx` (so it sees the transaction's own gifts). */
export async function emulatedHoldings(tx: Orm, chain: Chain, address: string): Promise<ChainAsset[]> {
  const rows = await exec<{ collection_key: string; asset_key: string; quantity: string }>(tx, sql`
    SELECT collection_key, asset_key, quantity::text AS quantity FROM emu_assets WHERE chain = ${chain} AND address = ${address}`);
  return rows.map((r) => ({ collectionKey: r.collection_key, assetKey: r.asset_key, quantity: BigInt(r.quantity) }));
}

/** True when the emulator treasury `treasury` (the mint) still holds the NFT. */
export async function treasuryHolds(tx: Orm, treasury: string, collectionKey: string, assetKey: string): Promise<boolean> {
  const rows = await exec(tx, sql`SELECT 1 FROM emu_assets WHERE address = ${treasury} AND collection_key = ${collectionKey} AND asset_key = ${assetKey}`);
  return rows.length > 0;
}

/** Records a waiting funding request for `address`. @returns false when it was asked for before */
export async function insertFundingRequest(orm: Orm, address: string, now: Date): Promise<boolean> {
  const rows = await exec(orm, sql`INSERT INTO emu_faucet_grants (address, tx_hash, created_at) VALUES (${address}, NULL, ${now})
    ON CONFLICT (address) DO NOTHING RETURNING address`);
  return rows.length > 0;
}

/** Up to `limit` addresses waiting for funding, oldest request first. */
export async function waitingFundingRequests(orm: Orm, limit: number): Promise<string[]> {
  const rows = await exec<{ address: string }>(orm, sql`SELECT address FROM emu_faucet_grants WHERE tx_hash IS NULL ORDER BY created_at, address LIMIT ${limit}`);
  return rows.map((r) => r.address);
}

/** Marks the still-waiting requests of `addresses` paid by transaction `txHash`. */
export async function markFunded(orm: Orm, addresses: readonly string[], txHash: string): Promise<void> {
  await exec(orm, sql`UPDATE emu_faucet_grants SET tx_hash = ${txHash} WHERE address IN ${addresses} AND tx_hash IS NULL`);
}

/** The latest settled game day (`YYYY-MM-DD`), or null before the first settlement. */
export async function lastSettledDay(orm: Orm): Promise<string | null> {
  const [last] = await exec<{ day: string | null }>(orm, sql`SELECT max(day) AS day FROM game_days`);
  return last?.day ?? null;
}

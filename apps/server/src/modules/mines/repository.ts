/**
 * SQL of the mines area (docs/game-rules.md §3, §4), one worker table for both kinds: what an assignment
 * check needs to know about an NFT; writing and removing workers; upgrades; the player's worker NFTs; per-day mine rows. Shapes are `@kingdom/api`'s.
 * The mines of lands as the API shows them (slots, workers, upgrade) are read by
 * `modules/lands/land-mines.ts`, below this module (docs/architecture.md §2).
 */
import { sql, type SQL } from 'drizzle-orm';
import { WORKER_QUALIFY_VOTES, nftName, rarityForVotes, type MineKind, type WorkerRarity } from '@kingdom/game';
import type { WorkerNft, MineDay } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';
import { latestSnapshotId } from '../staking/repository.ts';

/** What an assignment check needs to know about an NFT for `userId` (docs/game-rules.md §3 order). */
export interface NftFacts {
  /** Votes of its collection at the latest snapshot, or null when the collection is not in it. */
  votes: bigint | null;
  /** It is an NFT of a Staking-Hub collection that some account holds. */
  inCollection: boolean;
  heldByUser: boolean;
  /** It works in some slot of either mine kind. */
  assigned: boolean;
}

/**
 * The occupied slots of one mine and, given `worker`, its {@link NftFacts} (at the latest snapshot
 * taken by `now`), in one statement: what an assignment checks once its land is locked.
 */
export async function assignmentFacts(tx: Orm, kind: MineKind, landId: number, userId: number, worker: { collectionKey: string; assetKey: string } | null, now: Date): Promise<{ occupied: Set<number>; nft: NftFacts | null }> {
  const [r] = await exec<{ occupied: number[] | string; votes: string | null; in_collection: boolean | null; held: boolean | null; assigned: boolean | null }>(tx, sql`
    SELECT (SELECT coalesce(json_agg(slot), '[]') FROM mine_workers WHERE land_id = ${landId} AND mine = ${kind}) AS occupied,
      ${worker ? nftColumns(userId, worker.collectionKey, worker.assetKey, now) : sql`NULL AS votes, NULL AS in_collection, NULL AS held, NULL AS assigned`}`);
  const occupied = typeof r!.occupied === 'string' ? JSON.parse(r!.occupied) as number[] : r!.occupied;
  return {
    occupied: new Set(occupied),
    nft: worker ? { votes: r!.votes === null ? null : BigInt(r!.votes), inCollection: r!.in_collection === true, heldByUser: r!.held === true, assigned: r!.assigned === true } : null,
  };
}

/** The select list of {@link NftFacts}: `votes`, `in_collection`, `held`, `assigned`. */
function nftColumns(userId: number, collectionKey: string, assetKey: string, now: Date): SQL {
  return sql`
      (SELECT sc.votes::text FROM snapshot_collections sc JOIN collections c ON c.id = sc.collection_id
        WHERE c.collection_key = ${collectionKey} AND sc.snapshot_id = ${latestSnapshotId(now)}) AS votes,
      EXISTS (SELECT 1 FROM collections c JOIN holdings h ON h.collection_key = c.collection_key
        WHERE c.collection_key = ${collectionKey} AND h.asset_key = ${assetKey}) AS in_collection,
      EXISTS (SELECT 1 FROM holdings h WHERE h.user_id = ${userId} AND h.collection_key = ${collectionKey} AND h.asset_key = ${assetKey}) AS held,
      EXISTS (SELECT 1 FROM mine_workers WHERE collection_key = ${collectionKey} AND asset_key = ${assetKey}) AS assigned`;
}

/**
 * Puts a worker into a slot. The primary key (land, mine, slot) and the unique NFT index across both
 * kinds decide races: a losing insert raises a unique violation (SQLSTATE 23505).
 */
export async function insertWorker(tx: Orm, w: { landId: number; kind: MineKind; slot: number; userId: number; nft: { collectionKey: string; assetKey: string } | null; rarity: WorkerRarity; at: Date }): Promise<void> {
  await exec(tx, sql`INSERT INTO mine_workers (land_id, mine, slot, user_id, kind, collection_key, asset_key, rarity, assigned_at)
    VALUES (${w.landId}, ${w.kind}, ${w.slot}, ${w.userId}, ${w.nft ? 'nft' : 'default'}, ${w.nft?.collectionKey ?? null},
      ${w.nft?.assetKey ?? null}, ${w.rarity}, ${w.at})`);
}

/** Removes the worker in a slot. @returns false when the slot was empty */
export async function deleteWorker(tx: Orm, kind: MineKind, landId: number, slot: number): Promise<boolean> {
  return (await exec(tx, sql`DELETE FROM mine_workers WHERE land_id = ${landId} AND mine = ${kind} AND slot = ${slot} RETURNING slot`)).length > 0;
}

/** True when an upgrade of this mine is in progress. */
export async function upgradeInProgress(tx: Orm, kind: MineKind, landId: number): Promise<boolean> {
  return (await exec(tx, sql`SELECT 1 FROM mine_upgrades WHERE land_id = ${landId} AND mine = ${kind} AND status = 'in_progress'`)).length > 0;
}

/** Records a started upgrade. @returns its id */
export async function insertUpgrade(tx: Orm, u: { landId: number; kind: MineKind; userId: number; targetLevel: number; itemKey: string; startedAt: Date; endsAt: Date }): Promise<number> {
  const [row] = await exec<{ id: number }>(tx, sql`INSERT INTO mine_upgrades (land_id, mine, user_id, target_level, item_key, started_at, ends_at)
    VALUES (${u.landId}, ${u.kind}, ${u.userId}, ${u.targetLevel}, ${u.itemKey}, ${u.startedAt}, ${u.endsAt}) RETURNING id`);
  return row!.id;
}

/** The user's NFTs from Staking-Hub collections, with gold mine rarity (null if not qualified) and where each works. */
export async function workerNfts(orm: Orm, userId: number, now: Date): Promise<WorkerNft[]> {
  const rows = await exec<{ collection_key: string; asset_key: string; chain: 'cardano' | 'solana'; collection: string; votes: string | null; mine: MineKind | null; hex_name: string | null; slot: number | null }>(orm, sql`
    SELECT h.collection_key, h.asset_key, c.chain, c.name AS collection, s.votes::text AS votes, mw.mine, l.hex_name, mw.slot
    FROM holdings h
    JOIN collections c ON c.collection_key = h.collection_key
    LEFT JOIN snapshot_collections s ON s.collection_id = c.id AND s.snapshot_id = ${latestSnapshotId(now)}
    LEFT JOIN mine_workers mw ON mw.collection_key = h.collection_key AND mw.asset_key = h.asset_key
    LEFT JOIN lands l ON l.id = mw.land_id
    WHERE h.user_id = ${userId}
    ORDER BY c.name, h.asset_key`);
  return rows.map((r) => {
    const votes = r.votes === null ? null : BigInt(r.votes);
    return {
      collection_key: r.collection_key, asset_key: r.asset_key, chain: r.chain, collection: r.collection,
      name: nftName(r.chain, r.asset_key, r.collection),
      rarity: votes !== null && votes >= WORKER_QUALIFY_VOTES ? rarityForVotes(votes) : null,
      assigned: r.mine && r.hex_name ? { mine: r.mine, hex_name: r.hex_name, slot: r.slot! } : null,
    };
  });
}

/** A user's mine days (newest first) since `fromDay`, or for exactly one day: settled days only (`mine_day_reports`). */
export async function mineDays(orm: Orm, userId: number, kind: MineKind, range: { fromDay?: string; day?: string }): Promise<MineDay[]> {
  const cond = range.day ? sql`d.day = ${range.day}` : sql`d.day >= ${range.fromDay ?? '0000-00-00'}`;
  return exec<MineDay>(orm, sql`
    SELECT d.day, l.hex_name, d.open_slots, d.workers, d.workers_worked, d.exo_mined::text AS exo_mined,
      d.salary_paid::text AS salary_paid, d.hexo_paid::text AS hexo_paid, d.food_paid::text AS food_paid,
      d.salary_token, d.effectivity
    FROM mine_day_reports d JOIN lands l ON l.id = d.land_id
    WHERE d.user_id = ${userId} AND d.mine = ${kind} AND ${cond}
    ORDER BY d.day DESC, l.hex_name`);
}

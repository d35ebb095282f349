/**
 * Step "workers leave" (staging; docs/game-rules.md §3.5, §3.3; model: `releaseWorkers`): workers
 * whose land or NFT left their player, or (gold) whose collection is below the threshold at the
 * latest snapshot, leave their slot; on a snapshot day gold NFT workers take their league's rarity.
 */
import { sql } from 'drizzle-orm';
import { WORKER_QUALIFY_VOTES, rarityForLeague } from '@kingdom/game';
import { exec } from '../../db/client.ts';
import { latestSnapshotId, leagueSql } from '../../modules/staking/repository.ts';
import { tempTable, type Staging } from './context.ts';
import type { LandOwners } from './land-owners.ts';

/** Votes per collection at the latest snapshot taken by the day's end. */
const snapshotVotes = tempTable<{ collection_key: string; votes: string }>('snapshot_votes');
/** The `holdings_left` rows this tick checks: NFTs that left a player (id, collection_key, asset_key, checked). */
const nftsLeft = tempTable<{ id: number; collection_key: string; asset_key: string; checked: boolean }>('nfts_left');
/** The workers that leave today, each with its first reason (land_id, mine, slot, user_id, reason). */
const workersLeaving = tempTable<{ land_id: number; mine: string; slot: number; user_id: number; reason: string }>('workers_leaving');

/**
 * Reads `snapshot_collections`, `collections`, `staking_snapshots`, `holdings_left`, `holdings`,
 * `lands`, `mine_workers`, `land_owners`; writes `holdings_left` (checked, consumed),
 * `mine_workers` (deleted, re-rated), `notifications`.
 */
export async function releaseWorkers(s: Staging, owners: LandOwners): Promise<void> {
  const { tx, day, start, end } = s;
  const snap = snapshotVotes.ref;
  const left = nftsLeft.ref;
  const gone = workersLeaving.ref;
  // The latest snapshot taken by the end of the day decides qualification and league.
  await exec(tx, sql`CREATE TEMP TABLE ${snap} ON COMMIT DROP AS
    SELECT c.collection_key, sc.votes FROM snapshot_collections sc JOIN collections c ON c.id = sc.collection_id
    WHERE sc.snapshot_id = ${latestSnapshotId(end)}`);
  // The NFTs (workers' and lands') that left a player since they were last checked: a holding
  // deleted or moved, logged by triggers (migration 0015). A worker's NFT or land can only have left
  // its player if one of these is its own NFT or its land's.
  await exec(tx, sql`CREATE TEMP TABLE ${left} ON COMMIT DROP AS SELECT id, collection_key, asset_key, checked FROM holdings_left`);
  // A collection's qualification changes only with a snapshot (assignment requires it): on a day
  // one was taken, every gold NFT worker is checked for it (and its land); on the others, the
  // workers on logged lands only.
  const snapshotToday = (await exec(tx, sql`SELECT 1 FROM staking_snapshots WHERE taken_at > ${start} AND taken_at <= ${end} LIMIT 1`)).length > 0;
  const landChecked = snapshotToday
    ? sql`mine_workers mw`
    : sql`(SELECT DISTINCT mw.* FROM (SELECT DISTINCT collection_key, asset_key FROM ${left}) n
        JOIN lands l ON l.collection_key = n.collection_key AND l.asset_key = n.asset_key
        JOIN mine_workers mw ON mw.land_id = l.id) mw`;
  // Who leaves; a worker with several reasons is told the first (docs/game-rules.md §3: land, then NFT, then
  // collection). The NFT check probes the holdings by index for the logged NFTs' workers only.
  await exec(tx, sql`CREATE TEMP TABLE ${gone} ON COMMIT DROP AS
    SELECT DISTINCT ON (land_id, mine, slot) land_id, mine, slot, user_id, reason FROM (
      SELECT mw.land_id, mw.mine, mw.slot, mw.user_id,
        CASE WHEN o.land_id IS NULL THEN 1 ELSE 3 END AS prio,
        CASE WHEN o.land_id IS NULL THEN 'land_left' ELSE 'collection_below_threshold' END AS reason
      FROM ${landChecked}
      LEFT JOIN ${owners.ref} o ON o.land_id = mw.land_id AND o.user_id = mw.user_id
      LEFT JOIN (SELECT DISTINCT collection_key FROM ${snap} WHERE votes >= ${WORKER_QUALIFY_VOTES.toString()}::numeric) q
        ON mw.mine = 'goldmine' AND mw.kind = 'nft' AND q.collection_key = mw.collection_key
      WHERE o.land_id IS NULL OR (mw.mine = 'goldmine' AND mw.kind = 'nft' AND q.collection_key IS NULL)
      UNION ALL
      SELECT mw.land_id, mw.mine, mw.slot, mw.user_id, 2, 'nft_left'
      FROM (SELECT DISTINCT collection_key, asset_key FROM ${left}) n
      JOIN mine_workers mw ON mw.collection_key = n.collection_key AND mw.asset_key = n.asset_key
      WHERE mw.kind = 'nft' AND NOT EXISTS (SELECT 1 FROM holdings h
        WHERE h.collection_key = mw.collection_key AND h.asset_key = mw.asset_key AND h.user_id = mw.user_id)
    ) x ORDER BY land_id, mine, slot, prio`);
  // each logged NFT is checked by two ticks (a worker assigned while the first ran is seen by the second)
  await exec(tx, sql`DELETE FROM holdings_left h USING ${left} l WHERE h.id = l.id AND l.checked`);
  await exec(tx, sql`UPDATE holdings_left h SET checked = true FROM ${left} l WHERE h.id = l.id AND NOT l.checked`);
  await exec(tx, sql`DELETE FROM mine_workers mw USING ${gone} g WHERE mw.land_id = g.land_id AND mw.mine = g.mine AND mw.slot = g.slot`);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT g.user_id, 'worker_left', jsonb_build_object('day', ${day}::text, 'mine', g.mine, 'hex_name', l.hex_name, 'slot', g.slot, 'reason', g.reason), ${end}
    FROM ${gone} g JOIN lands l ON l.id = g.land_id ORDER BY g.land_id, g.mine, g.slot`);
  // Rarity follows the league, which changes only with a snapshot: re-rate when one was taken today.
  if (snapshotToday) {
    // only the workers whose rarity changes (each update logs its land's roster to be summed again)
    const rarity = leagueSql(sql`s.votes`, (league) => sql`${rarityForLeague(league) ?? 'common'}`);
    await exec(tx, sql`UPDATE mine_workers mw SET rarity = ${rarity}
      FROM ${snap} s WHERE mw.mine = 'goldmine' AND mw.kind = 'nft' AND s.collection_key = mw.collection_key AND mw.rarity IS DISTINCT FROM ${rarity}`);
  }
}

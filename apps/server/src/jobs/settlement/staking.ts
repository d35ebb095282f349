/**
 * Step "Staking Hub" (docs/game-rules.md §5; docs/architecture.md §4), set-based SQL, before the
 * mines. Its pure model is `packages/game`'s `settlement/staking.ts` (`settleStaking`); the
 * differential test holds the two equal.
 *  - staging ({@link stageStaking}): on a snapshot instant (every 14 days at 00:00 UTC, the day's
 *    end) a snapshot is taken unless one exists then (unique `taken_at`): live votes, qualified =
 *    chain top 10 (ties by id) or ≥ 250,000; rewards of the latest snapshot's qualified collections
 *    for NFTs held ≥ 24 h, and mining tools' daily HEXO, to players signed in within 30 days →
 *    `staking_daily` rows (no balance touched);
 *  - each salary batch, before salaries: the batch's `staking_daily` rows as ledger entries
 *    ({@link stakingEntriesSql}), and one 'staking_daily_report' notification per player
 *    ({@link notifyStakingBatch}).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  isSnapshotInstant, STAKE_INACTIVE_MS, STAKE_MIN_HELD_MS, LEAGUE_MULTIPLIER_QUARTERS,
  STAKE_REWARD_BASE, STAKE_OWNER_FACTOR_HALVES, STAKE_REWARD_DIVISOR,
} from '@kingdom/game';
import { exec, execNamed, type Orm } from '../../db/client.ts';
import { latestSnapshotId, leagueSql, snapshotRowsSql, stakingRewardTokenSql } from '../../modules/staking/repository.ts';
import { inBatch, tempTable, type Batch, type Staging } from './context.ts';
import type { LandOwners } from './land-owners.ts';

/** Players signed in within the inactivity window (user_id, primary key). */
const activePlayers = tempTable<{ user_id: number }>('active_players');
/** Players holding a land today (user_id, primary key): the land owners' reward factor. */
const landholders = tempTable<{ user_id: number }>('landholders');
/** Each active player's NFTs per qualified collection held long enough (user_id, collection_id, nfts). */
const stakedNfts = tempTable<{ user_id: number; collection_id: number; nfts: number }>('staked_nfts');

/**
 * Stages the Staking Hub's part of the day in the staging transaction. Reads `users`, `holdings`,
 * `holding_counts`, `holding_deltas`, `collections`, `staking_snapshots`, `snapshot_collections`,
 * `mining_tools`, `mining_tool_kinds`, `land_owners`; writes `staking_snapshots` and
 * `snapshot_collections` (a snapshot instant), `holding_counts` (the deltas folded), `staking_daily`.
 */
export async function stageStaking(s: Staging, owners: LandOwners): Promise<void> {
  const { tx, day, end } = s;
  if (isSnapshotInstant(end.getTime())) await takeSnapshot(tx, end);
  const num = (n: bigint) => sql`${n.toString()}::numeric`;
  const latest = latestSnapshotId(end);
  const activeSince = new Date(end.getTime() - STAKE_INACTIVE_MS);
  const heldBy = new Date(end.getTime() - STAKE_MIN_HELD_MS);
  await exec(tx, sql`CREATE TEMP TABLE ${activePlayers.ref} ON COMMIT DROP AS
    SELECT id AS user_id FROM users WHERE last_login_at > ${activeSince}`);
  await exec(tx, sql`ALTER TABLE ${activePlayers.ref} ADD PRIMARY KEY (user_id)`);
  // Land owners: the holders of `land_owners` (each land's account, the smallest id should two hold it).
  await exec(tx, sql`CREATE TEMP TABLE ${landholders.ref} ON COMMIT DROP AS SELECT DISTINCT user_id FROM ${owners.ref}`);
  await exec(tx, sql`ALTER TABLE ${landholders.ref} ADD PRIMARY KEY (user_id)`);
  // Counting NFTs per player and qualified collection first, then one per-NFT amount per group
  // (rounded down per NFT, times the count: the same as summing each NFT's rounded reward) —
  // `rewardPerNft`'s formula, from its constants.
  const f = STAKE_OWNER_FACTOR_HALVES;
  // Each active player's NFTs per qualified collection held since `heldBy`: the counts kept between
  // days plus the changes logged since (migration 0018), less the holdings acquired after `heldBy`
  // (by index) — one statement, so all three are read at one instant.
  const qualifiedCollections = sql`(SELECT c.id, c.collection_key FROM collections c JOIN snapshot_collections sc ON sc.collection_id = c.id
    WHERE sc.qualified AND sc.snapshot_id = ${latest})`;
  const qualified = sql`(SELECT collection_key FROM ${qualifiedCollections} q)`;
  await exec(tx, sql`CREATE TEMP TABLE ${stakedNfts.ref} ON COMMIT DROP AS
    SELECT n.user_id, c.id AS collection_id, n.nfts::int AS nfts
    FROM (
      SELECT user_id, collection_key, sum(nfts) AS nfts FROM (
        SELECT user_id, collection_key, nfts FROM holding_counts WHERE collection_key IN ${qualified}
        UNION ALL SELECT user_id, collection_key, nfts FROM holding_deltas WHERE collection_key IN ${qualified}
        UNION ALL SELECT user_id, collection_key, -count(*) FROM holdings WHERE held_since > ${heldBy} AND collection_key IN ${qualified} GROUP BY user_id, collection_key
      ) x GROUP BY user_id, collection_key HAVING sum(nfts) > 0
    ) n
    JOIN ${qualifiedCollections} c ON c.collection_key = n.collection_key
    JOIN ${activePlayers.ref} a ON a.user_id = n.user_id`);
  await foldHoldingDeltas(tx);
  await exec(tx, sql`
    INSERT INTO staking_daily (day, user_id, source, ref, name, token, nfts, amount)
    SELECT * FROM (SELECT ${day}, n.user_id, 'nft', q.collection_key, q.name, ${stakingRewardTokenSql(sql`q.chain`)}, n.nfts,
      n.nfts * CASE WHEN q.supply <= 0 OR q.holders <= 0 THEN 0 ELSE div(
        ${num(STAKE_REWARD_BASE)} * q.holders
          * ${leagueSql(sql`q.votes`, (league) => num(LEAGUE_MULTIPLIER_QUARTERS[league]))}
          * CASE WHEN o.user_id IS NOT NULL THEN ${num(f.owner)} ELSE ${num(f.other)} END,
        q.supply::numeric * ${num(STAKE_REWARD_DIVISOR)}) END AS amount
    FROM ${stakedNfts.ref} n
    JOIN (SELECT c.id, c.collection_key, c.name, c.chain, c.holders, c.supply, sc.votes FROM collections c
      JOIN snapshot_collections sc ON sc.collection_id = c.id
        AND sc.snapshot_id = ${latest}) q ON q.id = n.collection_id
    LEFT JOIN ${landholders.ref} o ON o.user_id = n.user_id
    WHERE q.supply > 0 AND q.holders > 0) r WHERE r.amount > 0`);
  await exec(tx, sql`
    INSERT INTO staking_daily (day, user_id, source, ref, name, token, nfts, amount)
    SELECT ${day}, h.user_id, 'toolkit', k.key, k.name, 'hexo', count(*)::int, sum(k.daily_hexo)
    FROM holdings h JOIN ${activePlayers.ref} a ON a.user_id = h.user_id
    JOIN mining_tools mt ON mt.collection_key = h.collection_key AND mt.asset_key = h.asset_key
    JOIN mining_tool_kinds k ON k.key = mt.kind_key
    GROUP BY h.user_id, k.key, k.name HAVING sum(k.daily_hexo) > 0`);
  await exec(tx, sql`DROP TABLE ${activePlayers.ref}, ${stakedNfts.ref}, ${landholders.ref}`);
}

/**
 * Folds the logged changes of NFT holdings (`holding_deltas`) into the kept counts per player and
 * collection (`holding_counts`, migration 0018), in one statement: a reader that sums both (as
 * staging does) sees the same counts before and after, so it may run at any time — in the tick's
 * staging, and in the tick job's warm-up during the day (`warmRosters`), which takes a world's
 * first fold (every holding logged) out of the tick. Changes logged while it runs stay logged.
 */
export async function foldHoldingDeltas(tx: Orm): Promise<void> {
  await exec(tx, sql`WITH d AS (DELETE FROM holding_deltas RETURNING user_id, collection_key, nfts)
    INSERT INTO holding_counts (user_id, collection_key, nfts) SELECT user_id, collection_key, sum(nfts) FROM d GROUP BY user_id, collection_key
    ON CONFLICT (user_id, collection_key) DO UPDATE SET nfts = holding_counts.nfts + EXCLUDED.nfts`);
}

/**
 * The staged staking rewards of the day for the players of salary batch `b`, as ledger entries
 * (`applyLedgerBatch`'s columns): `staking_reward`, HEXO or RUNE, base units.
 */
export function stakingEntriesSql(b: Batch): SQL {
  return sql`SELECT user_id, token AS asset, amount, 'staking_reward' AS reason, day || ':' || source || ':' || ref AS reference
    FROM staking_daily WHERE day = ${b.day} AND ${inBatch(sql`user_id`, b)}`;
}

/** One 'staking_daily_report' notification per player of batch `b` paid staking rewards of the day. */
export async function notifyStakingBatch(b: Batch): Promise<void> {
  await execNamed(b.tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id, 'staking_daily_report', jsonb_build_object('day', ${b.day}::text,
      'hexo', (COALESCE(sum(amount) FILTER (WHERE token = 'hexo'), 0))::text, 'rune', (COALESCE(sum(amount) FILTER (WHERE token = 'rune'), 0))::text), ${b.end}
    FROM staking_daily WHERE day = ${b.day} AND ${inBatch(sql`user_id`, b)} GROUP BY user_id ORDER BY user_id`);
}

/** Takes the snapshot at `end` unless one exists (exactly once, even when the tick runs twice). */
async function takeSnapshot(tx: Orm, end: Date): Promise<void> {
  const [snap] = await exec<{ id: number }>(tx, sql`INSERT INTO staking_snapshots (id, taken_at)
    SELECT COALESCE(max(id), 0) + 1, ${end} FROM staking_snapshots ON CONFLICT (taken_at) DO NOTHING RETURNING id`);
  if (!snap) return;
  await exec(tx, sql`SELECT setval(pg_get_serial_sequence('staking_snapshots', 'id'), ${snap.id})`);
  await exec(tx, sql`INSERT INTO snapshot_collections (snapshot_id, collection_id, votes, qualified) ${snapshotRowsSql(snap.id)}`);
}


/**
 * SQL of the Staking Hub (docs/game-rules.md §5): vote allocations, leaderboards, a project's snapshot
 * history, the activity feed, a player's stakeable NFTs and daily reports. Every function takes a
 * transaction or the db. Votes are whole points (`numeric`), read as text and parsed as bigint.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Chain } from '@kingdom/api';
import {
  LEAGUE_THRESHOLDS, QUALIFY_TOP, QUALIFY_VOTES, stakingRewardToken, type League,
} from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';
import { HELD_LANDS } from '../../world-import/collections.ts';

/** Leaderboard page size. */
export const LEADERBOARD_PER_PAGE = 20;

export interface VoteBookRow {
  locked: bigint;
  allocated: bigint;
  allocations: Array<{ project: string; name: string; chain: Chain; votes: bigint }>;
}

/** A player's vote book (zeros without one), its allocations largest first: one statement. */
export async function readVoteBook(orm: Orm, userId: number): Promise<VoteBookRow> {
  type Allocation = { slug: string; name: string; chain: Chain; votes: string };
  const [b] = await exec<{ locked: string; allocated: string; allocations: Allocation[] | string | null }>(orm, sql`
    SELECT COALESCE((SELECT locked FROM vote_books WHERE user_id = ${userId}), 0)::text AS locked,
      COALESCE((SELECT allocated FROM vote_books WHERE user_id = ${userId}), 0)::text AS allocated,
      (SELECT json_agg(json_build_object('slug', c.slug, 'name', c.name, 'chain', c.chain, 'votes', a.votes::text) ORDER BY a.votes DESC, c.id)
        FROM vote_allocations a JOIN collections c ON c.id = a.collection_id WHERE a.user_id = ${userId}) AS allocations`);
  const rows = (typeof b!.allocations === 'string' ? JSON.parse(b!.allocations) as Allocation[] : b!.allocations) ?? [];
  return {
    locked: BigInt(b!.locked), allocated: BigInt(b!.allocated),
    allocations: rows.map((r) => ({ project: r.slug, name: r.name, chain: r.chain, votes: BigInt(r.votes) })),
  };
}

/**
 * Moves `points` free points of `userId` to (`points` > 0) or back from (< 0) the project `slug` and
 * writes the player's 'votes_changed' notice, in ONE statement (atomic without a transaction): the
 * conditional UPDATE of the vote book decides an addition (`locked - allocated ≥ n`), so concurrent
 * requests of one player can never allocate more than the free points; a removal takes the
 * allocation first (its row deleted when it goes to 0: an update to 0 would break votes > 0), then
 * the book; only then do the collection's live total, the activity feed and the notice follow.
 * Rows are taken in the order the separate statements took them (book or allocation, then the
 * collection). `notice` is the notice's data beside `total` (the collection's new total, text).
 * @returns `found` false when no project has the slug (nothing written); `total` null when refused
 */
export async function moveVotes(orm: Orm, userId: number, slug: string, points: bigint, now: Date,
  notice: Record<string, string | number | boolean>): Promise<{ found: boolean; total: bigint | null }> {
  const n = sql`${(points < 0n ? -points : points).toString()}::numeric`;
  const allocate = points > 0n
    ? sql`book AS (
        UPDATE vote_books SET allocated = allocated + ${n}
        WHERE user_id = ${userId} AND locked - allocated >= ${n} AND EXISTS (SELECT 1 FROM c) RETURNING user_id
      ), alloc AS (
        INSERT INTO vote_allocations (user_id, collection_id, votes) SELECT ${userId}::int, c.id, ${n} FROM c, book
        ON CONFLICT (user_id, collection_id) DO UPDATE SET votes = vote_allocations.votes + EXCLUDED.votes RETURNING 1
      )`
    : sql`gone AS (
        DELETE FROM vote_allocations WHERE user_id = ${userId} AND collection_id = (SELECT id FROM c) AND votes = ${n} RETURNING 1
      ), less AS (
        UPDATE vote_allocations SET votes = votes - ${n}
        WHERE user_id = ${userId} AND collection_id = (SELECT id FROM c) AND votes > ${n} RETURNING 1
      ), book AS (
        UPDATE vote_books SET allocated = allocated - ${n}
        WHERE user_id = ${userId} AND (EXISTS (SELECT 1 FROM gone) OR EXISTS (SELECT 1 FROM less)) RETURNING user_id
      )`;
  const [r] = await exec<{ found: boolean; total: string | null }>(orm, sql`
    WITH c AS (SELECT id, name FROM collections WHERE slug = ${slug}), ${allocate}, coll AS (
      UPDATE collections SET votes = votes + ${points.toString()}::numeric
      WHERE id = (SELECT id FROM c) AND EXISTS (SELECT 1 FROM book) RETURNING id, votes
    ), ev AS (
      INSERT INTO vote_events (user_id, collection_id, delta, total_after, created_at)
      SELECT ${userId}::int, coll.id, ${points.toString()}::numeric, coll.votes, ${now}::timestamptz FROM coll
    ), note AS (
      INSERT INTO notifications (user_id, type, data, created_at)
      SELECT ${userId}::int, 'votes_changed', ${JSON.stringify(notice)}::jsonb || jsonb_build_object('name', c.name, 'total', coll.votes::text), ${now}::timestamptz FROM c, coll
    )
    SELECT EXISTS (SELECT 1 FROM c) AS found, (SELECT votes::text FROM coll) AS total`);
  return { found: r!.found === true, total: r!.total === null ? null : BigInt(r!.total) };
}

/** A collection as the leaderboards read it: live votes and rank, and the latest snapshot's votes. */
export interface ProjectRow {
  id: number;
  slug: string;
  name: string;
  chain: Chain;
  collection_key: string;
  rank: number;
  votes: string;
  holders: number;
  supply: number;
  snap_votes: string | null;
  qualified: boolean | null;
  total: number;
}

// ---- Rule fragments: the one SQL statement of each Staking-Hub rule, generated from packages/game. ----

/**
 * The id of the latest snapshot taken by `at` (a scalar subquery, NULL when none): the largest id
 * among the snapshots with `taken_at <= at` (docs/game-rules.md §5.4: the latest snapshot taken by the
 * day's end; ids ascend with `taken_at`). The one definition of "the latest snapshot" in the server.
 */
export function latestSnapshotId(at: Date): SQL {
  return sql`(SELECT max(id) FROM staking_snapshots WHERE taken_at <= ${at})`;
}

/**
 * Leagues from the highest down, each with the smallest whole number of votes that reaches it
 * (`leagueForVotes`: a lower bound belongs to its league, Epic is strictly over its threshold).
 */
const LEAGUE_FLOORS: ReadonlyArray<readonly [League, bigint]> = [
  ['epic', LEAGUE_THRESHOLDS.epic + 1n], ['diamond', LEAGUE_THRESHOLDS.diamond],
  ['platinum', LEAGUE_THRESHOLDS.platinum], ['gold', LEAGUE_THRESHOLDS.gold],
];

/**
 * SQL CASE of docs/game-rules.md §5's league of a whole-votes expression (`leagueForVotes`), mapped through
 * `value` (e.g. a multiplier or a worker rarity per league; `none` below Gold).
 */
export function leagueSql(votes: SQL, value: (league: League) => SQL): SQL {
  return sql.join([
    sql`CASE`,
    ...LEAGUE_FLOORS.map(([league, floor]) => sql`WHEN ${votes} >= ${floor.toString()}::numeric THEN ${value(league)}`),
    sql`ELSE ${value('none')} END`,
  ], sql` `);
}

/** SQL CASE of the token a collection of chain expression `chain` pays its stakers (`stakingRewardToken`). */
export function stakingRewardTokenSql(chain: SQL): SQL {
  const chains = ['cardano', 'solana'] as const;
  return sql.join([sql`CASE ${chain}`, ...chains.map((c) => sql`WHEN ${c} THEN ${stakingRewardToken(c)}`), sql`END`], sql` `);
}

/**
 * The rows of a snapshot `snapshotId` of every collection's live votes (docs/game-rules.md §5): qualified when
 * in its chain's top `QUALIFY_TOP` by votes (equal votes: the smaller id first) or at ≥ `QUALIFY_VOTES`.
 * A SELECT of (snapshot_id, collection_id, votes, qualified) for `INSERT INTO snapshot_collections`.
 */
export function snapshotRowsSql(snapshotId: number): SQL {
  return sql`SELECT ${snapshotId}::int, id, votes, rank <= ${QUALIFY_TOP}::int OR votes >= ${QUALIFY_VOTES.toString()}::numeric
    FROM (SELECT id, votes, row_number() OVER (PARTITION BY chain ORDER BY votes DESC, id) AS rank FROM collections) r`;
}

/** One page of a chain's leaderboard (rank by live votes, ties by id), optionally filtered by name. */
export async function leaderboardPage(orm: Orm, chain: Chain, page: number, search: string | undefined, now: Date): Promise<ProjectRow[]> {
  const like = search ? `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  return exec<ProjectRow>(orm, sql`
    WITH ranked AS (
      SELECT c.*, row_number() OVER (ORDER BY c.votes DESC, c.id)::int AS rank FROM collections c WHERE c.chain = ${chain})
    SELECT r.id, r.slug, r.name, r.chain, r.collection_key, r.rank, r.votes::text AS votes, r.holders, r.supply,
      sc.votes::text AS snap_votes, sc.qualified, (count(*) OVER ())::int AS total
    FROM ranked r LEFT JOIN snapshot_collections sc ON sc.collection_id = r.id AND sc.snapshot_id = ${latestSnapshotId(now)}
    WHERE ${like === null ? sql`true` : sql`r.name ILIKE ${like} OR r.slug ILIKE ${like}`}
    ORDER BY r.rank LIMIT ${LEADERBOARD_PER_PAGE} OFFSET ${(page - 1) * LEADERBOARD_PER_PAGE}`);
}

/** One project with its rank in its chain, or null. */
export async function projectRow(orm: Orm, slug: string, now: Date): Promise<ProjectRow | null> {
  const [r] = await exec<ProjectRow>(orm, sql`
    WITH ranked AS (
      SELECT c.*, row_number() OVER (PARTITION BY c.chain ORDER BY c.votes DESC, c.id)::int AS rank FROM collections c)
    SELECT r.id, r.slug, r.name, r.chain, r.collection_key, r.rank, r.votes::text AS votes, r.holders, r.supply,
      sc.votes::text AS snap_votes, sc.qualified, 1 AS total
    FROM ranked r LEFT JOIN snapshot_collections sc ON sc.collection_id = r.id AND sc.snapshot_id = ${latestSnapshotId(now)}
    WHERE r.slug = ${slug}`);
  return r ?? null;
}

/** Every collection qualified at the latest snapshot (the market tab). */
export async function qualifiedProjects(orm: Orm, now: Date): Promise<ProjectRow[]> {
  return exec<ProjectRow>(orm, sql`
    WITH ranked AS (
      SELECT c.*, row_number() OVER (PARTITION BY c.chain ORDER BY c.votes DESC, c.id)::int AS rank FROM collections c)
    SELECT r.id, r.slug, r.name, r.chain, r.collection_key, r.rank, r.votes::text AS votes, r.holders, r.supply,
      sc.votes::text AS snap_votes, sc.qualified, 0 AS total
    FROM ranked r JOIN snapshot_collections sc ON sc.collection_id = r.id AND sc.snapshot_id = ${latestSnapshotId(now)}
    WHERE sc.qualified`);
}

/** A collection's votes at each snapshot, oldest first. */
export async function snapshotHistory(orm: Orm, collectionId: number, now: Date): Promise<Array<{ taken_at: string | Date; votes: string; qualified: boolean }>> {
  return exec(orm, sql`SELECT s.taken_at, sc.votes::text AS votes, sc.qualified FROM snapshot_collections sc
    JOIN staking_snapshots s ON s.id = sc.snapshot_id WHERE sc.collection_id = ${collectionId} AND s.taken_at <= ${now} ORDER BY s.taken_at`);
}

/** The activity feed: vote changes and snapshots, newest first. */
export async function activity(orm: Orm, page: number, perPage: number, now: Date): Promise<Array<{ kind: 'votes_added' | 'votes_removed' | 'snapshot'; at: string | Date; project: string | null; name: string | null; votes: string; player: string | null }>> {
  return exec(orm, sql`
    SELECT * FROM (
      SELECT CASE WHEN e.delta > 0 THEN 'votes_added' ELSE 'votes_removed' END AS kind, e.created_at AS at, c.slug AS project, c.name,
        abs(e.delta)::text AS votes, u.name AS player, e.id AS ord
      FROM vote_events e JOIN collections c ON c.id = e.collection_id JOIN users u ON u.id = e.user_id WHERE e.created_at <= ${now}
      UNION ALL
      SELECT 'snapshot', s.taken_at, NULL, NULL, (SELECT count(*) FROM snapshot_collections sc WHERE sc.snapshot_id = s.id AND sc.qualified)::text, NULL, 0
      FROM staking_snapshots s WHERE s.taken_at <= ${now}
    ) f ORDER BY at DESC, ord DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`);
}

/** The player's NFTs of Staking-Hub collections over all linked wallets, with the latest snapshot's standing. */
export async function stakeableNfts(orm: Orm, userId: number, now: Date): Promise<Array<ProjectRow & { asset_key: string; address: string; held_since: string | Date }>> {
  return exec(orm, sql`
    SELECT c.id, c.slug, c.name, c.chain, c.collection_key, 0 AS rank, c.votes::text AS votes, c.holders, c.supply,
      sc.votes::text AS snap_votes, sc.qualified, 0 AS total, h.asset_key, h.address, h.held_since
    FROM holdings h JOIN collections c ON c.collection_key = h.collection_key AND c.chain = h.chain
    LEFT JOIN snapshot_collections sc ON sc.collection_id = c.id AND sc.snapshot_id = ${latestSnapshotId(now)}
    WHERE h.user_id = ${userId} ORDER BY c.name, h.asset_key`);
}

/** Whether the player holds a land, and when they last signed in. */
export async function stakerStatus(orm: Orm, userId: number): Promise<{ landOwner: boolean; lastLoginAt: Date | null }> {
  const [r] = await exec<{ land_owner: boolean; last_login_at: string | Date | null }>(orm, sql`
    SELECT EXISTS (SELECT 1 FROM ${HELD_LANDS} WHERE h.user_id = ${userId}) AS land_owner, u.last_login_at
    FROM users u WHERE u.id = ${userId}`);
  return { landOwner: r?.land_owner ?? false, lastLoginAt: r?.last_login_at ? new Date(r.last_login_at) : null };
}

/** The staking report rows of one player and day. */
export async function reportRows(orm: Orm, userId: number, day: string): Promise<Array<{ source: 'nft' | 'toolkit'; ref: string; name: string; token: 'hexo' | 'rune'; nfts: number; amount: string }>> {
  return exec(orm, sql`SELECT source, ref, name, token, nfts, amount::text AS amount FROM staking_daily
    WHERE user_id = ${userId} AND day = ${day} ORDER BY source, name, ref`);
}

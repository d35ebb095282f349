/**
 * SQL of the quests (docs/game-rules.md §14): a player's progress per quest kind over a period,
 * read from the facts the game records (the same definitions as `questProgress` in `@kingdom/game`;
 * a differential test checks they agree), and the claims.
 */
import { sql, type SQL } from 'drizzle-orm';
import { EFFECTIVITY_BASIS_POINTS, HALL_EFFECTIVITY_MIN_WORKED_DAYS, WEEK_MS, addDays, hallReportDays, QUEST_KINDS, type AchievementFacts, type QuestEligibility, type QuestKind, type QuestPeriod, type QuestReward } from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';

/**
 * The draw's eligibility flags of `userId` for `period` (docs/game-rules.md §14.3): `cardano_wallet`
 * = one of the account's linked wallets is on Cardano and was linked (`wallets.created_at`) before
 * the period's start. Linking during a period changes only later periods' draws.
 */
export async function questEligibilityOf(orm: Orm, userId: number, period: Pick<QuestPeriod, 'startsAt'>): Promise<QuestEligibility> {
  const [r] = await exec<{ cardano: boolean }>(orm, sql`SELECT EXISTS (SELECT 1 FROM wallets WHERE user_id = ${userId} AND chain = 'cardano'
    AND created_at < ${new Date(period.startsAt)}) AS cardano`);
  return { cardano_wallet: r?.cardano === true };
}

/**
 * Progress of every quest kind over each of `periods` (start inclusive, end exclusive, UTC) for the
 * players with ids `from`…`to` (inclusive), in one statement (each table read once for all the
 * periods): counts, vote points, EXO base units; one map per period, holding each player with any
 * progress in one of them (the others have none). Excellent mine-days count the reports of the
 * days whose end falls in the period (days `start − 1` to `end − 2`); the mines' EXO credits of
 * those days carry the day as reference and the day's end as time (the tick's credit batches), so
 * the reference list lets the ledger's (reason, reference, user) index find exactly the period's
 * credits. The same statement answers one player (`progressOf`) and every player in batches (the
 * bench `quests.progress_seconds_postgres`).
 */
export async function progressOfPlayers(orm: Orm, periods: readonly QuestPeriod[], from: number, to: number): Promise<Array<Map<number, Record<QuestKind, bigint>>>> {
  const rows = await exec<{ user_id: number } & Record<string, string>>(orm, progressSql(periods, from, to));
  return periods.map((_, i) => new Map(rows.map((r) => [r.user_id, Object.fromEntries(QUEST_KINDS.map((k) => [k, BigInt(r[`${k}_${i}`]!)])) as Record<QuestKind, bigint>])));
}

/** The statement of {@link progressOfPlayers}: rows `user_id` and a text column `<kind>_<i>` per quest kind and period. */
export function progressSql(periods: readonly QuestPeriod[], from: number, to: number): SQL {
  const bounds = periods.map((p) => {
    const firstReportDay = addDays(p.start, -1);
    const endReportDay = addDays(new Date(p.endsAt).toISOString().slice(0, 10), -1); // exclusive
    return { s: new Date(p.startsAt), e: new Date(p.endsAt), firstReportDay, endReportDay };
  });
  const s = new Date(Math.min(...periods.map((p) => p.startsAt)));
  const e = new Date(Math.max(...periods.map((p) => p.endsAt)));
  const firstReportDay = bounds.map((b) => b.firstReportDay).sort()[0]!;
  const endReportDay = bounds.map((b) => b.endReportDay).sort().at(-1)!;
  const reportDays: string[] = [];
  for (let d = firstReportDay; d < endReportDay; d = addDays(d)) reportDays.push(d);
  const users = sql`user_id BETWEEN ${from}::int AND ${to}::int`;
  const during = (col: SQL) => sql`${col} >= ${s} AND ${col} < ${e}`;
  /** One column per period: `agg` over the rows whose time `col` is in it. */
  const per = (agg: (filter: SQL) => SQL, col: SQL) => sql.join(bounds.map((b, i) => sql`${agg(sql`FILTER (WHERE ${col} >= ${b.s} AND ${col} < ${b.e})`)} AS ${sql.identifier(`v${i}`)}`), sql`, `);
  const count = (col: SQL) => per((f) => sql`(count(*) ${f})::numeric`, col);
  // a period's report days (text dates), not its instants
  const daysIn = bounds.map((b) => sql`g.day >= ${b.firstReportDay} AND g.day < ${b.endReportDay}`);
  const days = sql.join(daysIn.map((cond, i) => sql`(count(*) FILTER (WHERE ${cond}))::numeric AS ${sql.identifier(`v${i}`)}`), sql`, `);
  return sql`SELECT user_id,
    ${sql.join(bounds.flatMap((_, i) => QUEST_KINDS.map((k) => sql`COALESCE(sum(${sql.identifier(`v${i}`)}) FILTER (WHERE k = ${k}), 0)::text AS ${sql.identifier(`${k}_${i}`)}`)), sql`, `)}
    FROM (
      SELECT user_id, 'assign_workers' AS k, ${count(sql`assigned_at`)} FROM mine_workers WHERE ${users} AND ${during(sql`assigned_at`)} GROUP BY user_id
      UNION ALL SELECT user_id, 'vendor_purchases', ${count(sql`created_at`)} FROM vendor_purchases WHERE ${users} AND ${during(sql`created_at`)} GROUP BY user_id
      UNION ALL SELECT user_id, 'vendor_purchases', ${count(sql`created_at`)} FROM exo_orders WHERE ${users} AND source = 'pack' AND status = 'paid' AND ${during(sql`created_at`)} GROUP BY user_id
      UNION ALL SELECT user_id, 'add_votes', ${per((f) => sql`GREATEST(COALESCE(sum(delta) ${f}, 0), 0)`, sql`created_at`)} FROM vote_events WHERE ${users} AND ${during(sql`created_at`)} GROUP BY user_id
      UNION ALL SELECT user_id, 'deposits', ${count(sql`created_at`)} FROM ledger_entries WHERE ${users} AND reason = 'deposit' AND asset IN ('exo', 'hexo') AND amount > 0
        AND ${during(sql`created_at`)} GROUP BY user_id
      UNION ALL SELECT user_id, 'upgrades_started', ${count(sql`started_at`)} FROM mine_upgrades WHERE ${users} AND ${during(sql`started_at`)} GROUP BY user_id
      UNION ALL SELECT seller_id, 'market_sales', ${count(sql`at`)} FROM market_trades WHERE seller_id BETWEEN ${from}::int AND ${to}::int AND ${during(sql`at`)} GROUP BY seller_id
      UNION ALL SELECT d.user_id, 'excellent_mine_days', ${days} FROM mine_daily d
        JOIN game_days g ON g.day >= d.first_day AND (d.last_day IS NULL OR g.day <= d.last_day) AND (${sql.join(daysIn, sql` OR `)})
        WHERE d.${users} AND d.effectivity = 5 AND d.first_day < ${endReportDay} AND (d.last_day IS NULL OR d.last_day >= ${firstReportDay}) GROUP BY d.user_id
      UNION ALL SELECT user_id, 'exo_mined', ${per((f) => sql`COALESCE(sum(amount) ${f}, 0)`, sql`created_at`)} FROM ledger_entries WHERE reason IN ('goldmine_reward', 'frenmine_reward')
        AND reference IN (${sql.join(reportDays.map((d) => sql`${d}`), sql`, `)}) AND ${users} AND asset = 'exo' AND amount > 0
        AND ${during(sql`created_at`)} GROUP BY user_id
    ) x GROUP BY user_id`;
}

/** Progress of every quest kind for `userId` over `period` ({@link progressOfPlayers} for one player). */
export async function progressOf(orm: Orm, userId: number, period: QuestPeriod): Promise<Record<QuestKind, bigint>> {
  return (await progressOfPlayers(orm, [period], userId, userId))[0]!.get(userId) ?? (Object.fromEntries(QUEST_KINDS.map((k) => [k, 0n])) as Record<QuestKind, bigint>);
}

/** A claimed quest. */
export interface QuestClaimRow {
  quest_id: string;
  quest_key: string;
  idempotency_key: string;
  rewards: QuestReward[];
  claimed_at: Date;
}

const parse = (r: QuestClaimRow & { rewards: QuestReward[] | string; claimed_at: Date | string }): QuestClaimRow => ({
  ...r, rewards: typeof r.rewards === 'string' ? JSON.parse(r.rewards) : r.rewards, claimed_at: new Date(r.claimed_at),
});

/** The claims of `userId` among `questIds`. */
export async function claimsOf(orm: Orm, userId: number, questIds: readonly string[]): Promise<QuestClaimRow[]> {
  if (questIds.length === 0) return [];
  const rows = await exec<QuestClaimRow>(orm, sql`SELECT quest_id, quest_key, idempotency_key, rewards, claimed_at FROM quest_claims
    WHERE user_id = ${userId} AND quest_id IN (${sql.join(questIds.map((q) => sql`${q}`), sql`, `)})`);
  return rows.map(parse);
}

/** The claim of `userId` made with idempotency key `key`, or undefined. */
export async function claimByKey(orm: Orm, userId: number, key: string): Promise<QuestClaimRow | undefined> {
  const [row] = await exec<QuestClaimRow>(orm, sql`SELECT quest_id, quest_key, idempotency_key, rewards, claimed_at FROM quest_claims
    WHERE user_id = ${userId} AND idempotency_key = ${key}`);
  return row && parse(row);
}

/**
 * Records the claim of `questId` by `userId` in `tx`. A concurrent claim of the same quest (or with
 * the same key) waits for this one's transaction; once it committed, that one inserts nothing.
 * @returns false when the quest (or the key) was already claimed
 */
export async function insertClaim(tx: Orm, c: { userId: number; questId: string; questKey: string; key: string; rewards: readonly QuestReward[]; at: Date }): Promise<boolean> {
  const rows = await exec(tx, sql`INSERT INTO quest_claims (user_id, quest_id, quest_key, idempotency_key, rewards, claimed_at)
    VALUES (${c.userId}, ${c.questId}, ${c.questKey}, ${c.key}, ${JSON.stringify(c.rewards)}::jsonb, ${c.at})
    ON CONFLICT DO NOTHING RETURNING quest_id`);
  return rows.length > 0;
}

/** The facts achievements read for `userId` (docs/game-rules.md §14), in one statement plus the all-Excellent days. */
export async function achievementFactsOf(orm: Orm, userId: number): Promise<AchievementFacts> {
  const [row] = await exec<{ upgrades: number; max_level: number; xl: number; deposits: number; votes: number; quests: number; market: number }>(orm, sql`SELECT
    (SELECT count(*) FROM mine_upgrades WHERE user_id = ${userId})::int AS upgrades,
    (SELECT COALESCE(max(l.goldmine_level), 0) FROM holdings h JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key WHERE h.user_id = ${userId})::int AS max_level,
    (SELECT count(*) FROM holdings h JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key WHERE h.user_id = ${userId} AND l.size = 'SUPERLARGE')::int AS xl,
    (SELECT count(*) FROM ledger_entries WHERE user_id = ${userId} AND reason = 'deposit' AND asset IN ('exo', 'hexo') AND amount > 0)::int AS deposits,
    (SELECT count(*) FROM vote_events WHERE user_id = ${userId} AND delta > 0)::int AS votes,
    (SELECT count(*) FROM quest_claims WHERE user_id = ${userId})::int AS quests,
    (SELECT count(*) FROM (SELECT 1 FROM market_trades WHERE buyer_id = ${userId} UNION ALL SELECT 1 FROM market_trades WHERE seller_id = ${userId}) t)::int AS market`);
  const days = await exec<{ day: string }>(orm, sql`SELECT g.day FROM mine_daily d
    JOIN game_days g ON g.day >= d.first_day AND (d.last_day IS NULL OR g.day <= d.last_day)
    WHERE d.user_id = ${userId} GROUP BY g.day HAVING min(d.effectivity) = 5`);
  return {
    upgradesStarted: row!.upgrades, maxGoldmineLevel: row!.max_level, xlLands: row!.xl, deposits: row!.deposits, votesAdded: row!.votes,
    questsClaimed: row!.quests, marketTrades: row!.market, excellentDays: days.map((d) => d.day),
  };
}

/** A hall of fame's query: the week's Monday, the chain whose players rank, and the board. */
export interface HallQuery {
  week: string;
  chain: string;
  board: 'exo_mined' | 'average_effectivity' | 'quests_completed';
}

/**
 * The board's values per player for the week (docs/game-rules.md §14): `exo_mined` sums the mines'
 * EXO credits of the reports published in the week (days Sunday before to Saturday, found by the
 * ledger's (reason, reference) index), `average_effectivity` the week's worked ÷ open slot-days
 * ({@link effectivitySql}), `quests_completed` counts the week's claims; only players with a wallet
 * on `chain`, and a value > 0. Ranked by value then `tie` (0 but on the effectivity board), equal
 * on both sharing a rank.
 */
function rankedSql(q: HallQuery) {
  const start = new Date(`${q.week}T00:00:00Z`);
  const end = new Date(start.getTime() + WEEK_MS);
  const days = hallReportDays(q.week);
  const values = q.board === 'exo_mined'
    ? sql`SELECT user_id, sum(amount) AS value, 0 AS tie FROM ledger_entries
        WHERE reason IN ('goldmine_reward', 'frenmine_reward') AND reference IN (${sql.join(days.map((d) => sql`${d}`), sql`, `)}) AND asset = 'exo'
        GROUP BY user_id`
    : q.board === 'average_effectivity' ? effectivitySql(days)
      : sql`SELECT user_id, count(*)::numeric AS value, 0 AS tie FROM quest_claims WHERE claimed_at >= ${start} AND claimed_at < ${end} GROUP BY user_id`;
  return sql`SELECT v.user_id, v.value, v.tie, rank() OVER (ORDER BY v.value DESC, v.tie DESC)::int AS rank FROM (${values}) v
    WHERE v.value > 0 AND EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = v.user_id AND w.chain = ${q.chain})`;
}

/**
 * The average-effectivity values of a week (docs/game-rules.md §14.7; `weekEffectivity` in
 * `@kingdom/game`): per player, over the mine-days of the report days `days` (the report spans of
 * `mine_daily` joined to the settled days they cover), `value` = floor(10000 × worked ÷ open
 * slot-days), each mine-day's worked slots at most its open slots; `tie` = the worked slot-days;
 * only players with at least HALL_EFFECTIVITY_MIN_WORKED_DAYS days with a worked slot.
 */
function effectivitySql(days: readonly string[]) {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  return sql`SELECT d.user_id,
      (${EFFECTIVITY_BASIS_POINTS.toString()}::bigint * sum(LEAST(d.workers_worked, d.open_slots)) / sum(d.open_slots))::numeric AS value,
      sum(LEAST(d.workers_worked, d.open_slots))::numeric AS tie
    FROM mine_daily d JOIN game_days g ON g.day >= d.first_day AND (d.last_day IS NULL OR g.day <= d.last_day)
    WHERE g.day >= ${first} AND g.day <= ${last} AND d.first_day <= ${last} AND (d.last_day IS NULL OR d.last_day >= ${first}) AND d.open_slots > 0
    GROUP BY d.user_id
    HAVING count(DISTINCT g.day) FILTER (WHERE d.workers_worked > 0) >= ${HALL_EFFECTIVITY_MIN_WORKED_DAYS}`;
}

/** One row of a hall of fame; `worked_slots` on the average-effectivity board only. */
export interface HallRow {
  rank: number;
  user_id: number;
  name: string;
  value: string;
  worked_slots?: string;
}

/** A ranked player of a hall of fame: `tie` is the worked slot-days on the effectivity board (0 elsewhere). */
export interface HallRankRow {
  rank: number;
  user_id: number;
  name: string;
  value: string;
  tie: string;
}

/** Every ranked player of a hall of fame, in page order (rank, then id), and by id. */
export interface HallRanks {
  total: number;
  rows: readonly HallRankRow[];
  byUser: ReadonlyMap<number, HallRankRow>;
}

/**
 * The whole ranking of a hall of fame, read once: the routes keep it in a shared cache, and both a
 * page ({@link hallOfFamePageOf}) and a player's own rank ({@link hallOfFameRank}) are read from it.
 */
export async function hallOfFameRanks(orm: Orm, q: HallQuery): Promise<HallRanks> {
  const rows = await exec<HallRankRow>(orm, sql`
    WITH r AS (${rankedSql(q)})
    SELECT r.rank, r.user_id, u.name, r.value::text AS value, r.tie::text AS tie
    FROM r JOIN users u ON u.id = r.user_id ORDER BY r.rank, r.user_id`);
  return { total: rows.length, rows, byUser: new Map(rows.map((r) => [r.user_id, r])) };
}

/** Page `page` (from 1, `perPage` rows) of `ranks` and the board's size; `worked_slots` on the effectivity board only. */
export function hallOfFamePageOf(ranks: HallRanks, board: HallQuery['board'], page: number, perPage: number): { total: number; rows: HallRow[] } {
  const withTie = board === 'average_effectivity';
  const rows = ranks.rows.slice((page - 1) * perPage, page * perPage)
    .map(({ tie, ...r }) => (withTie ? { ...r, worked_slots: tie } : r));
  return { total: ranks.total, rows };
}

/** One page of a hall of fame and its total, read from the database (no cache). */
export async function hallOfFamePage(orm: Orm, q: HallQuery, page: number, perPage: number): Promise<{ total: number; rows: HallRow[] }> {
  return hallOfFamePageOf(await hallOfFameRanks(orm, q), q.board, page, perPage);
}

/** `userId`'s rank and value in `ranks` (rank null when not on the board), and the board's size. */
export function hallOfFameRank(ranks: HallRanks, board: HallQuery['board'], userId: number): { rank: number | null; value: string; total: number; worked_slots?: string } {
  const mine = ranks.byUser.get(userId);
  const out = { rank: mine?.rank ?? null, value: mine?.value ?? '0', total: ranks.total };
  return board === 'average_effectivity' ? { ...out, worked_slots: mine?.tie ?? '0' } : out;
}

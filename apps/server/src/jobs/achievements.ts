/**
 * The achievements job (docs/game-rules.md §14.6; docs/architecture.md §4, §6): writes each inbox
 * notice `achievement` when the achievement is earned — also for a player who never opens a page —
 * once per account and achievement (`achievement_notices`' primary key). Runs under the job lease
 * `achievements` every {@link ACHIEVEMENTS_EVERY_MS} and at once after the tick settles a day;
 * every step is a short transaction whose one statement both records the notice and writes the
 * notification, so two runs overlapping (two servers) still notice once.
 *
 * Each run, in order:
 *  1. **players whose facts changed** (`achievement_checks`, filled by triggers when an upgrade
 *     starts, votes are added, a quest is claimed or a deposit is credited, migration 0028; and by
 *     the Market's fill transaction for both sides, `markAchievementCheck`): taken
 *     {@link CHECK_BATCH} at a time (rows a writer still holds are left for the next run), their
 *     first upgrade / first vote / first quest / first deposit / first Market trade;
 *  2. **lands**: every holder of an XL land or of a gold mine at level 10 (the partial index
 *     `lands_achievement` holds only those lands);
 *  3. **Excellent streaks**: every settled day not yet done, in order, {@link STREAK_BATCH_USERS}
 *     players (by id) per transaction: a player whose every mine-day of that day rated Excellent
 *     extends their run (`excellent_streaks`), else the run is not extended; a run reaching 7 or 30
 *     days earns its achievement. The cursor (`achievement_cursor`) moves in the batch's
 *     transaction, so each day and player is counted once.
 *
 * The facts are those `achievements` (`@kingdom/game`) reads through `achievementFactsOf`; the
 * test `apps/server/test/quests/achievements-job.test.ts` checks the notices equal the model's earned list.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ACHIEVEMENTS, ACHIEVEMENT_NAMES, EXCELLENT_STREAKS, addDays } from '@kingdom/game';
import { exec, type Database, type Orm } from '../db/client.ts';

/** Lease name of the achievements job. */
export const ACHIEVEMENTS_JOB = 'achievements';
/** How often the job runs (ms); the tick also starts it once a day is settled. */
export const ACHIEVEMENTS_EVERY_MS = 15_000;
/** Changed players looked at per transaction. */
export const CHECK_BATCH = 500;
/** Players (by id range) per transaction when a settled day's streaks are counted. */
export const STREAK_BATCH_USERS = 5_000;

/** What one run did. */
export interface AchievementsRun {
  /** Changed players looked at (step 1). */
  checked: number;
  /** Notices written (all steps). */
  noticed: number;
  /** Settled days whose streaks were counted to the end (step 3). */
  days: string[];
}

const names = sql.join(ACHIEVEMENTS.map((k) => sql`(${k}, ${ACHIEVEMENT_NAMES[k]})`), sql`, `);

/**
 * The statement that records the notices of `earned` (a query of `(user_id, key)` rows, which may
 * repeat) not recorded before, and writes their notifications, at `at`; `prefix` adds CTEs before
 * (e.g. the rows `earned` reads). @returns SQL answering `noticed` (and `extra` columns)
 */
function noticeStatement(earned: SQL, at: Date, prefix: SQL = sql``, extra: SQL = sql``): SQL {
  return sql`WITH ${prefix}
    e AS (${earned}),
    n AS (INSERT INTO achievement_notices (user_id, key, noticed_at) SELECT DISTINCT user_id, key, ${at}::timestamptz FROM e
      ON CONFLICT DO NOTHING RETURNING user_id, key),
    w AS (INSERT INTO notifications (user_id, type, data, created_at)
      SELECT n.user_id, 'achievement', jsonb_build_object('key', n.key, 'name', k.name), ${at}::timestamptz
      FROM n JOIN (VALUES ${names}) k(key, name) ON k.key = n.key RETURNING 1)
    SELECT (SELECT count(*) FROM w)::int AS noticed ${extra}`;
}

/** Step 1: up to `limit` changed players, in one transaction. @returns how many were looked at and noticed */
async function checkChanged(orm: Orm, at: Date, limit: number): Promise<{ checked: number; noticed: number }> {
  const missing = (key: string) => sql`NOT EXISTS (SELECT 1 FROM achievement_notices a WHERE a.user_id = c.user_id AND a.key = ${key})`;
  const [row] = await exec<{ noticed: number; checked: number }>(orm, noticeStatement(sql`
      SELECT c.user_id, 'first_upgrade' AS key FROM c WHERE ${missing('first_upgrade')} AND EXISTS (SELECT 1 FROM mine_upgrades m WHERE m.user_id = c.user_id)
      UNION ALL SELECT c.user_id, 'first_vote' FROM c WHERE ${missing('first_vote')} AND EXISTS (SELECT 1 FROM vote_events v WHERE v.user_id = c.user_id AND v.delta > 0)
      UNION ALL SELECT c.user_id, 'first_quest' FROM c WHERE ${missing('first_quest')} AND EXISTS (SELECT 1 FROM quest_claims q WHERE q.user_id = c.user_id)
      UNION ALL SELECT c.user_id, 'first_market_trade' FROM c WHERE ${missing('first_market_trade')} AND (EXISTS (SELECT 1 FROM market_trades t WHERE t.buyer_id = c.user_id)
        OR EXISTS (SELECT 1 FROM market_trades t WHERE t.seller_id = c.user_id))
      UNION ALL SELECT c.user_id, 'first_deposit' FROM c WHERE ${missing('first_deposit')} AND EXISTS (SELECT 1 FROM ledger_entries l
        WHERE l.user_id = c.user_id AND l.reason = 'deposit' AND l.asset IN ('exo', 'hexo') AND l.amount > 0)`, at,
  sql`c AS (DELETE FROM achievement_checks WHERE user_id IN (SELECT user_id FROM achievement_checks ORDER BY user_id LIMIT ${limit} FOR UPDATE SKIP LOCKED) RETURNING user_id),`,
  sql`, (SELECT count(*) FROM c)::int AS checked`));
  return { checked: row!.checked, noticed: row!.noticed };
}

/** Step 2: the holders of XL lands and of level-10 gold mines, in one statement. @returns notices written */
async function noticeLands(orm: Orm, at: Date): Promise<number> {
  const [row] = await exec<{ noticed: number }>(orm, noticeStatement(sql`
    SELECT h.user_id, k.key FROM lands l
    JOIN holdings h ON h.collection_key = l.collection_key AND h.asset_key = l.asset_key
    CROSS JOIN LATERAL (VALUES ('xl_land', l.size = 'SUPERLARGE'), ('mine_level_10', l.goldmine_level >= 10)) k(key, earned)
    WHERE (l.size = 'SUPERLARGE' OR l.goldmine_level >= 10) AND k.earned
      AND NOT EXISTS (SELECT 1 FROM achievement_notices a WHERE a.user_id = h.user_id AND a.key = k.key)`, at));
  return row!.noticed;
}

/**
 * Step 3, one transaction: the next batch of players of the next settled day not yet done.
 * @returns the day and whether it is now done for every player, or null when every settled day is done
 */
async function streakBatch(db: Database, at: Date, batchUsers: number): Promise<{ day: string; done: boolean; noticed: number } | null> {
  return db.orm.transaction(async (tx) => {
    const [cur] = await exec<{ last_day: string | null; next_user: number }>(tx, sql`SELECT last_day, next_user FROM achievement_cursor FOR UPDATE`);
    const [next] = await exec<{ day: string | null; max_user: number }>(tx, sql`SELECT
      (SELECT min(day) FROM game_days WHERE ${cur!.last_day}::text IS NULL OR day > ${cur!.last_day}::text) AS day,
      (SELECT COALESCE(max(id), 0) FROM users)::int AS max_user`);
    const day = next!.day;
    if (day === null) return null;
    const from = cur!.next_user;
    const to = from + batchUsers;
    const streaks = sql.join(Object.entries(EXCELLENT_STREAKS).map(([k, n]) => sql`(${k}, ${n}::int)`), sql`, `);
    const [row] = await exec<{ noticed: number }>(tx, noticeStatement(sql`
      SELECT s.user_id, k.key FROM s JOIN (VALUES ${streaks}) k(key, days) ON s.run >= k.days`, at, sql`
      x AS (SELECT user_id FROM mine_daily WHERE user_id >= ${from}::int AND user_id < ${to}::int
        AND first_day <= ${day} AND (last_day IS NULL OR last_day >= ${day}) GROUP BY user_id HAVING min(effectivity) = 5),
      s AS (INSERT INTO excellent_streaks AS t (user_id, last_day, run) SELECT user_id, ${day}, 1 FROM x
        ON CONFLICT (user_id) DO UPDATE SET last_day = EXCLUDED.last_day,
          run = CASE WHEN t.last_day = ${addDays(day, -1)} THEN t.run + 1 WHEN t.last_day = EXCLUDED.last_day THEN t.run ELSE 1 END
        RETURNING user_id, run),`));
    const done = to > next!.max_user;
    await exec(tx, done
      ? sql`UPDATE achievement_cursor SET last_day = ${day}, next_user = 0`
      : sql`UPDATE achievement_cursor SET next_user = ${to}`);
    return { day, done, noticed: row!.noticed };
  });
}

/**
 * One run of the achievements job at game time `at` (the notices' time): steps 1–3 of the module
 * until nothing is left. Safe to run from several processes at once.
 */
export async function noticeAchievements(db: Database, at: Date, opts: { checkBatch?: number; streakBatchUsers?: number } = {}): Promise<AchievementsRun> {
  const out: AchievementsRun = { checked: 0, noticed: 0, days: [] };
  for (;;) {
    const r = await db.orm.transaction((tx) => checkChanged(tx, at, opts.checkBatch ?? CHECK_BATCH));
    out.checked += r.checked;
    out.noticed += r.noticed;
    if (r.checked === 0) break;
  }
  out.noticed += await noticeLands(db.orm, at);
  for (;;) {
    const r = await streakBatch(db, at, opts.streakBatchUsers ?? STREAK_BATCH_USERS);
    if (!r) break;
    out.noticed += r.noticed;
    if (r.done) out.days.push(r.day);
  }
  return out;
}

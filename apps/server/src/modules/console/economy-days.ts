/**
 * The economy dashboard's daily summaries (migration 0039; docs/operator-guide.md "The console"):
 * the SQL that reads one span of days from the ledger and the game's records, shared by the
 * summariser ({@link summariseEconomyDays}, which stores a closed day once) and the dashboard's live
 * part (modules/console/economy.ts, for today and any day not summarised yet).
 *
 * Every row carries its UTC day (`YYYY-MM-DD`) and chain — the chain of the account's first wallet,
 * `none` for an account without one.
 *
 * A day is closed — final, and summarised once — when it is before today (game clock) and the tick
 * has settled the day before it: the tick writes a settled day's rewards and salaries at the next
 * day's 00:00 UTC, so a late tick still adds to the day after the last settled one. Every other
 * writer (sign-ins, purchases, watchers, operators, the Market) writes at the current time.
 */
import { sql, type SQL } from 'drizzle-orm';
import { exec, type Orm } from '../../db/client.ts';

/** The summariser's job (db/leases.ts; run by every serving process's scheduler, one at a time). */
export const ECONOMY_DAYS_JOB = 'economy_days';
/** How often the job looks for newly closed days (ms). */
export const ECONOMY_DAYS_EVERY_MS = 10 * 60_000;
/** Most days one run summarises (the first run on an old world backfills this many, then the next run goes on). */
export const ECONOMY_DAYS_PER_RUN = 120;

const DAY_MS = 86_400_000;
/** A Date's UTC day. */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
/** `day` moved by `n` days. */
export const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** A day's start as a timestamptz. */
export const dayStart = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;
const dayText = (column: string) => sql.raw(`to_char((${column} AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')`);

/** How a row's chain is found from its user id column; `'all'` when the caller needs no chain (cheaper). */
export type ChainOf = (userColumn: string) => SQL;
/** The chain of the account's first wallet (`none` without one). */
export const accountChain: ChainOf = (c) => sql.raw(`COALESCE((SELECT w.chain FROM wallets w WHERE w.user_id = ${c} ORDER BY w.id LIMIT 1), 'none')`);
/** No chain asked: every row `all`. */
export const anyChain: ChainOf = () => sql.raw(`'all'::text`);

/**
 * Raw ledger reasons that are not a player's own doing (so they do not make the player active): the
 * tick's rewards and salaries, staking, the watchers' deposits and orders, refunds and operators'.
 */
const PASSIVE_REASON = sql.raw(`(reason LIKE '%\\_reward' OR reason LIKE '%\\_salary' OR reason LIKE 'staking%' OR reason LIKE 'compensation%'
  OR reason IN ('deposit', 'exo_order', 'shop_royalty', 'withdrawal_refund', 'upgrade_refund', 'operator_adjustment', 'payment_resolved', 'demo_seed', 'faucet'))`);

/** Ledger flows of `[from, end)` (days): `day, chain, asset, reason, created, burned, entries`. */
export function flowRows(from: string, end: string, chainOf: ChainOf): SQL {
  return sql`SELECT ${dayText('e.created_at')} AS day, ${chainOf('e.user_id')} AS chain, e.asset, e.reason,
      COALESCE(sum(e.amount) FILTER (WHERE e.amount > 0), 0) AS created, COALESCE(-sum(e.amount) FILTER (WHERE e.amount < 0), 0) AS burned,
      count(*)::int AS entries
    FROM ledger_entries e WHERE e.created_at >= ${dayStart(from)} AND e.created_at < ${dayStart(end)} GROUP BY 1, 2, 3, 4`;
}

/** Who was active in `[from, end)`: `day, user_id, chain` (signed in, or a ledger entry of their own doing), one row per player and day. */
export function activeRows(from: string, end: string, chainOf: ChainOf): SQL {
  return sql`SELECT a.day, a.user_id, ${chainOf('a.user_id')} AS chain FROM (
      SELECT user_id, ${dayText('at')} AS day FROM sign_ins WHERE at >= ${dayStart(from)} AND at < ${dayStart(end)}
      UNION SELECT user_id, ${dayText('created_at')} FROM ledger_entries WHERE created_at >= ${dayStart(from)} AND created_at < ${dayStart(end)} AND NOT ${PASSIVE_REASON}
    ) a`;
}

/**
 * The other figures of `[from, end)`: `day, chain, metric, key, value` (migration 0039's metrics but
 * retention); `active` counts the rows of `active` (an {@link activeRows} or the stored ones).
 */
export function countRows(from: string, end: string, chainOf: ChainOf, active: SQL): SQL {
  const s = dayStart(from);
  const e = dayStart(end);
  return sql`
    SELECT ${dayText('u.created_at')} AS day, ${chainOf('u.id')} AS chain, 'new_players' AS metric, '' AS key, count(*)::numeric AS value
      FROM users u WHERE u.created_at >= ${s} AND u.created_at < ${e} GROUP BY 1, 2
    UNION ALL SELECT ${dayText('i.at')}, ${chainOf('i.user_id')}, 'sign_ins', COALESCE(i.wallet, 'unknown'), count(*)::numeric
      FROM sign_ins i WHERE i.at >= ${s} AND i.at < ${e} GROUP BY 1, 2, 4
    UNION ALL SELECT ${dayText('q.claimed_at')}, ${chainOf('q.user_id')}, 'quest_claims', '', count(*)::numeric
      FROM quest_claims q WHERE q.claimed_at >= ${s} AND q.claimed_at < ${e} GROUP BY 1, 2
    UNION ALL SELECT o.day, o.chain, 'orders', k.key, k.value FROM (
        SELECT ${dayText('o.paid_at')} AS day, ${chainOf('o.user_id')} AS chain, COALESCE(sum(o.lovelace), 0)::numeric AS l,
          COALESCE(sum(o.lamports), 0)::numeric AS m, COALESCE(sum(o.exo), 0)::numeric AS x
        FROM exo_orders o WHERE o.status = 'paid' AND o.paid_at >= ${s} AND o.paid_at < ${e} GROUP BY 1, 2
      ) o CROSS JOIN LATERAL (VALUES ('lovelace', o.l), ('lamports', o.m), ('exo', o.x)) k(key, value)
    UNION ALL SELECT t.day, t.chain, k.metric, t.pay_token, k.value FROM (
        SELECT ${dayText('t.at')} AS day, ${chainOf('t.buyer_id')} AS chain, t.pay_token, sum(t.price * t.quantity)::numeric AS volume,
          sum(t.fee)::numeric AS fees, count(*)::numeric AS trades
        FROM market_trades t WHERE t.at >= ${s} AND t.at < ${e} GROUP BY 1, 2, 3
      ) t CROSS JOIN LATERAL (VALUES ('market_volume', t.volume), ('market_fees', t.fees), ('market_trades', t.trades)) k(metric, value)
    UNION ALL SELECT a.day, a.chain, 'active', '', count(*)::numeric FROM (${active}) a GROUP BY 1, 2`;
}

/**
 * The retention of cohorts by the activity in `active` (rows `day, user_id, chain`): per cohort day
 * and chain, `retained_d1|7|30` = the cohort's players active 1, 7 or 30 days after joining.
 * `cohortFrom`/`cohortEnd` bound the cohorts' days (`[from, end)`).
 */
export function retentionRows(active: SQL, cohortFrom: string, cohortEnd: string): SQL {
  return sql`SELECT c.day, a.chain, 'retained_d' || (a.day::date - c.day::date) AS metric, '' AS key, count(*)::numeric AS value
    FROM (${active}) a JOIN (SELECT id, ${dayText('created_at')} AS day FROM users
      WHERE created_at >= ${dayStart(cohortFrom)} AND created_at < ${dayStart(cohortEnd)}) c ON c.id = a.user_id
    WHERE a.day::date - c.day::date IN (1, 7, 30) GROUP BY 1, 2, 3`;
}

/**
 * The first day not closed yet: today, or the day after the tick's last settled day's next (see the
 * module's note), whichever comes first.
 */
export async function firstOpenDay(orm: Orm, now: Date): Promise<string> {
  const today = dayOf(now);
  const [r] = await exec<{ settled: string | null }>(orm, sql`SELECT max(day) AS settled FROM game_days`);
  const open = r?.settled ? addDays(r.settled, 2) : today;
  return open < today ? open : today;
}

/**
 * Summarises every closed day not summarised yet, oldest first, each in its own short transaction
 * claimed by its `economy_days` row (two processes never summarise one day twice; a run killed
 * midway leaves whole days). Starts after the last summarised day, or at the first day with a player,
 * a sign-in or a ledger entry. At most {@link ECONOMY_DAYS_PER_RUN} days a run.
 * @returns the days summarised
 */
export async function summariseEconomyDays(orm: Orm, now: Date, maxDays = ECONOMY_DAYS_PER_RUN): Promise<string[]> {
  const open = await firstOpenDay(orm, now);
  const [r] = await exec<{ last: string | null }>(orm, sql`SELECT max(day) AS last FROM economy_days`);
  let day = r?.last ? addDays(r.last, 1) : null;
  if (!day) {
    const [first] = await exec<{ day: string | null }>(orm, sql`SELECT to_char((least(
        (SELECT min(created_at) FROM users), (SELECT min(at) FROM sign_ins), (SELECT min(created_at) FROM ledger_entries)) AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day`);
    day = first?.day ?? null;
  }
  const done: string[] = [];
  for (; day && day < open && done.length < maxDays; day = addDays(day, 1)) {
    if (await summariseDay(orm, day, now)) done.push(day);
  }
  return done;
}

/** Summarises one day in one transaction; false when it already was. */
export async function summariseDay(orm: Orm, day: string, now: Date): Promise<boolean> {
  const end = addDays(day, 1);
  return orm.transaction(async (tx) => {
    const claimed = await exec(tx, sql`INSERT INTO economy_days (day, summarised_at) VALUES (${day}, ${now}) ON CONFLICT (day) DO NOTHING RETURNING day`);
    if (claimed.length === 0) return false;
    await exec(tx, sql`INSERT INTO economy_day_flows (day, chain, asset, reason, created, burned, entries) ${flowRows(day, end, accountChain)}`);
    await exec(tx, sql`INSERT INTO economy_day_active (day, user_id, chain) ${activeRows(day, end, accountChain)}`);
    const stored = sql`SELECT day, user_id, chain FROM economy_day_active WHERE day = ${day}`;
    await exec(tx, sql`INSERT INTO economy_day_counts (day, chain, metric, key, value) ${countRows(day, end, accountChain, stored)}`);
    // the cohorts of day −1, −7 and −30: who of them came back on this day
    await exec(tx, sql`INSERT INTO economy_day_counts (day, chain, metric, key, value) ${retentionRows(stored, addDays(day, -30), day)}`);
    // each player's last active day, then the day's daily/weekly/monthly actives as of its end (days are summarised in order)
    await exec(tx, sql`INSERT INTO economy_last_active (user_id, chain, day) SELECT user_id, chain, day FROM economy_day_active WHERE day = ${day}
      ON CONFLICT (user_id) DO UPDATE SET chain = EXCLUDED.chain, day = EXCLUDED.day WHERE economy_last_active.day < EXCLUDED.day`);
    await exec(tx, sql`INSERT INTO economy_day_counts (day, chain, metric, key, value)
      SELECT ${day}, chain, k.metric, '', count(*) FILTER (WHERE l.day > k.after)::numeric FROM economy_last_active l
        CROSS JOIN (VALUES ('dau', ${addDays(day, -1)}::text), ('wau', ${addDays(day, -7)}::text), ('mau', ${addDays(day, -30)}::text)) k(metric, after)
      WHERE l.day > ${addDays(day, -30)} GROUP BY chain, k.metric`);
    return true;
  });
}

/**
 * Step "salaries staged" (staging; docs/game-rules.md §3.7, §4.4; model: the salary half of
 * `payMines`): every player on a roster is paid in pay order (land, slot) from the balances read
 * at staging, no balance locked; each land's report where it differs from its open span
 * (`mine_daily`), each player's sums (`settle_user`) and worked slots per weight (`settle_user_eff`).
 * The salary batches charge what is staged here, or compute a moved player again with
 * {@link computePay}.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MINE_KINDS, MINE_RULES, WORKER_RARITIES, addDays, dayStart, type MineKind } from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';
import { tempTable, type Staging, type TempTable } from './context.ts';
import { refreshRosters, rosterSql } from './rosters.ts';
import { COUNT_BITS, effectivitySql, rarityUnit, salaryColumns, weightCodes } from './rule-sql.ts';

/** The balances a player's salaries see (user_id primary key, hexo, food): HEXO plus the day's staking HEXO, and FOOD. */
export type BalancesSeen = TempTable<{ user_id: number; hexo: string; food: string }>;
/** The name {@link BalancesSeen} tables take (one at a time, in staging or in a salary batch). */
export const balancesSeen: BalancesSeen = tempTable('balances_seen');

/**
 * Reads `users`, `mine_workers`, `balances`, `staking_daily`, `mine_rosters` (brought to the day by
 * `refreshRosters`: `roster_changes`, `app_settings`), `lands`, `mine_daily`; writes `settle_seen`
 * (the balances read), `mine_daily`, `settle_user`, `settle_user_eff`.
 */
export async function stageSalaries(s: Staging): Promise<void> {
  const { tx, day, start } = s;
  const seen = balancesSeen.ref;
  // Set-based (hashed joins, not three index probes per player): the roster's players, their HEXO
  // and FOOD, and the day's staking HEXO.
  await exec(tx, sql`CREATE TEMP TABLE ${seen} ON COMMIT DROP AS
    SELECT r.user_id, COALESCE(b.hexo, 0) + COALESCE(k.hexo, 0) AS hexo, COALESCE(b.food, 0) AS food
    FROM (SELECT u.id AS user_id FROM users u WHERE EXISTS (SELECT 1 FROM mine_workers mw WHERE mw.user_id = u.id AND mw.assigned_at < ${start})) r
    LEFT JOIN (SELECT user_id, sum(amount) FILTER (WHERE token = 'hexo') AS hexo, sum(amount) FILTER (WHERE token = 'food') AS food
      FROM balances WHERE token IN ('hexo', 'food') GROUP BY user_id) b ON b.user_id = r.user_id
    LEFT JOIN (SELECT user_id, sum(amount) AS hexo FROM staking_daily WHERE day = ${day} AND token = 'hexo' GROUP BY user_id) k ON k.user_id = r.user_id`);
  await exec(tx, sql`ALTER TABLE ${seen} ADD PRIMARY KEY (user_id)`);
  await exec(tx, sql`INSERT INTO settle_seen (user_id, hexo, food) SELECT user_id, hexo, food FROM ${seen} ORDER BY user_id`);
  await refreshRosters(tx, start);
  for (const kind of MINE_KINDS) await computePay(tx, kind, day, () => sql`true`, 'kept', balancesSeen);
  await exec(tx, sql`DROP TABLE ${seen}`);
}

/**
 * Computes one mine kind's salaries (docs/game-rules.md §3, §4) from its descriptor for the roster players
 * matching `users` (an SQL condition on a user id column), from the balances in temp table `seen`
 * (user_id, hexo, food) less what the kinds before it paid ({@link seenAfter}): the roster (workers assigned
 * before the day began), salaries in pay order (land, slot) while the budget lasts (salary token +
 * fallback), each worker's weight (manager +10%). Writes each land's report where it differs from
 * the land's open span (`mine_daily`: the old span ends the day before, a new one starts; the worked
 * slots as {@link COUNT_BITS}-packed counts per weight code, the EXO read through `mine_day_reports`),
 * each player's sums (`settle_user`) and worked slots per weight (`settle_user_eff`).
 */
export async function computePay(tx: Orm, kind: MineKind, day: string, users: (userId: SQL) => SQL, rosters: 'kept' | 'workers', seen: BalancesSeen): Promise<void> {
  const start = new Date(dayStart(day));
  const rules = MINE_RULES[kind];
  const rarities = sql.join(WORKER_RARITIES.map((r, i) =>
    sql`(${r}::text, ${rules.salary[r].toString()}::bigint, ${rarityUnit(i)}::bigint)`), sql`, `);
  const manager = rules.managerSlot ?? 0;
  const fallback = rules.salaryFallback;
  const col = (t: string | null) => (t ? sql.raw(`s.${t}`) : sql`0::numeric`);
  const { hexo, food } = salaryColumns(kind);
  const levelCol = sql.raw(kind === 'goldmine' ? 'goldmine_level' : 'frenmine_level');
  const open = sql`LEAST(COALESCE(l.${levelCol}, 0), ${rules.maxLevel}::int)`;
  const bits = sql.raw(String(COUNT_BITS));
  const mask = sql.raw(String(2 ** COUNT_BITS - 1));
  const codes = weightCodes(kind);
  // a grouping's worked slots per weight code, from the packed counts of its lands
  const fieldSums = (counts: SQL) => sql`ARRAY[${sql.join(codes.map((c) => sql`sum(((${counts} >> ${sql.raw(String(c.code * COUNT_BITS))}) & ${mask})::int)`), sql`, `)}]`;
  // Integer maths throughout (amounts are bounded by MAX_AMOUNT and the pools). Every land is first
  // summed as if all its workers were paid (its roster, kept between days in staging); with a worked manager, every other slot's count moves to its rarity's
  // bonus code (one field up). A player whose salary token covers every salary (nearly all) keeps
  // those sums. Only the others' workers are paid one by one, in pay order with a running sum.
  // Per-player rows are then summed from the land rows.
  const roster = rosters === 'kept'
    ? sql`SELECT land_id, user_id, workers, salary, units, mgr FROM mine_rosters WHERE mine = ${kind}`
    : rosterSql(kind, start, users(sql`mw.user_id`));
  // One statement: the land rosters are a materialized CTE (kept in work_mem), not a temp table
  // written through the session's small local buffers and read back three times.
  await exec(tx, sql`WITH r(rarity, salary, unit) AS (VALUES ${rarities}),
    la AS MATERIALIZED (
      SELECT x.land_id, x.user_id, x.workers, x.salary, CASE WHEN x.mgr IS NULL THEN x.units ELSE ((x.units - x.mgr) << ${bits}) + x.mgr END AS counts,
        ${open} AS open_slots
      FROM (${roster}) x JOIN lands l ON l.id = x.land_id
    ),
    -- each player's sums as if every worker were paid (a covered player's final sums: see per_user)
    b AS MATERIALIZED (
      SELECT p.*, ${col(rules.salaryToken)} AS tok, ${col(fallback)} AS fb
      FROM (SELECT user_id, sum(salary) AS total, sum(workers)::int AS workers, count(*)::int AS lands, ${fieldSums(sql`counts`)} AS n
        FROM la GROUP BY user_id) p ${seenAfter(kind, seen)}
    ),
    short AS (
      SELECT land_id, slot, user_id, salary, unit, open_slots, cum <= tok + fb AS worked,
        CASE WHEN cum <= tok + fb THEN GREATEST(0, LEAST(salary, tok - (cum - salary))) ELSE 0 END AS from_token
      FROM (
        SELECT mw.land_id, mw.slot, mw.user_id, r.salary, r.unit, la.open_slots, b.tok, b.fb,
          sum(r.salary) OVER (PARTITION BY mw.user_id ORDER BY mw.land_id, mw.slot) AS cum
        FROM b JOIN mine_workers mw ON mw.user_id = b.user_id JOIN r ON r.rarity = mw.rarity JOIN la ON la.land_id = mw.land_id
        WHERE b.tok < b.total AND mw.mine = ${kind} AND mw.assigned_at < ${start}
      ) x
    ),
    managed AS (SELECT DISTINCT land_id FROM short WHERE slot = ${manager}::int AND worked),
    ws AS (
      SELECT s.land_id, s.user_id, s.salary, s.worked, s.from_token, s.open_slots,
        CASE WHEN s.worked THEN s.salary - s.from_token ELSE 0 END AS from_fallback,
        CASE WHEN m.land_id IS NOT NULL AND s.slot <> ${manager}::int THEN s.unit << ${bits} ELSE s.unit END AS unit
      FROM short s LEFT JOIN managed m ON m.land_id = s.land_id
    ),
    -- the short players' lands, paid slot by slot
    ls AS MATERIALIZED (
      SELECT land_id, min(user_id) AS user_id, count(*)::int AS workers, (count(*) FILTER (WHERE worked))::int AS worked, sum(salary) AS need,
        sum(from_token) AS from_token, sum(from_fallback) AS from_fallback, COALESCE(sum(unit) FILTER (WHERE worked), 0)::bigint AS counts, min(open_slots) AS open_slots
      FROM ws GROUP BY land_id
    ),
    lw AS (
      SELECT la.land_id, la.user_id, la.workers, la.workers AS worked, la.salary AS need, la.salary AS from_token, 0::numeric AS from_fallback, la.counts, la.open_slots
      FROM la JOIN b ON b.user_id = la.user_id WHERE b.tok >= b.total
      UNION ALL
      SELECT land_id, user_id, workers, worked, need, from_token, from_fallback, counts, open_slots FROM ls
    ),
    rep AS (
      SELECT w.land_id, w.user_id, w.open_slots, w.workers, w.worked AS workers_worked, w.from_token + w.from_fallback AS salary_paid,
        ${hexo} AS hexo_paid, ${food} AS food_paid, ${effectivitySql(sql`w.worked`, sql`w.open_slots`)} AS effectivity, w.counts
      FROM lw w
    ),
    -- Each land's report against its open span: a span ends and another starts only where a number differs.
    diff AS MATERIALIZED (
      SELECT c.ctid AS span, c.land_id AS span_land, r.*
      FROM (SELECT d.ctid, d.* FROM mine_daily d WHERE d.mine = ${kind} AND d.last_day IS NULL AND ${users(sql`d.user_id`)}) c
      FULL JOIN rep r ON r.land_id = c.land_id AND r.user_id = c.user_id
      WHERE c.land_id IS NULL OR r.land_id IS NULL
        OR (c.open_slots, c.workers, c.workers_worked, c.salary_paid, c.hexo_paid, c.food_paid, c.effectivity, c.weight_counts)
          IS DISTINCT FROM (r.open_slots, r.workers, r.workers_worked, r.salary_paid, r.hexo_paid, r.food_paid, r.effectivity, r.counts)
    ),
    -- (each span by the row diff read it from, a TID scan: no second pass over the report rows)
    closed AS (
      UPDATE mine_daily d SET last_day = ${addDays(day, -1)}
      WHERE d.ctid = ANY(ARRAY(SELECT span FROM diff WHERE span_land IS NOT NULL))
    ),
    opened AS (
      INSERT INTO mine_daily (first_day, land_id, mine, user_id, open_slots, workers, workers_worked, salary_paid, hexo_paid, food_paid, salary_token, effectivity, weight_counts)
      SELECT ${day}, land_id, ${kind}, user_id, open_slots, workers, workers_worked, salary_paid, hexo_paid, food_paid, ${rules.salaryToken}, effectivity, counts
      FROM diff WHERE land_id IS NOT NULL ORDER BY land_id
    ),
    -- (both per-player tables in user order: a batch's range of players then sits on a few pages, not on hundreds)
    -- each player's sums and worked slots per weight code: a covered player's from its grouping in b
    -- (every worker paid from the token), a short player's from its paid lands
    per_user AS MATERIALIZED (
      SELECT user_id, ${hexo} AS hexo, ${food} AS food, need, workers, workers AS worked, lands, n
      FROM (SELECT user_id, total AS from_token, 0::numeric AS from_fallback, total AS need, workers, lands, n FROM b WHERE tok >= total) c
      UNION ALL
      SELECT user_id, sum(${hexo}) AS hexo, sum(${food}) AS food, sum(need) AS need, sum(workers)::int AS workers, sum(worked)::int AS worked, count(*)::int AS lands,
        ${fieldSums(sql`counts`)} AS n
      FROM ls GROUP BY user_id
    ),
    players AS (
      INSERT INTO settle_user (user_id, mine, hexo, food, need, workers, worked, lands)
      SELECT user_id, ${kind}, hexo, food, need, workers, worked, lands FROM per_user ORDER BY user_id
    )
    INSERT INTO settle_user_eff (user_id, mine, eff, n)
    SELECT p.user_id, ${kind}, k.eff, sum(p.n[k.code + 1])::int
    FROM per_user p CROSS JOIN (VALUES ${sql.join(codes.map((c) => sql`(${c.code}::int, ${c.eff.toString()}::bigint)`), sql`, `)}) k(code, eff)
    WHERE p.n[k.code + 1] > 0 GROUP BY p.user_id, k.eff ORDER BY p.user_id`);
}

/**
 * SQL (a join to the players `p` of kind `kind`'s pay): the balances its salaries see as `s` (user_id,
 * hexo, food): `seen` less what the kinds paid before it (their `settle_user` rows, docs/game-rules.md §3:
 * gold salaries are charged before fren salaries). Read per player by the primary key, so a kind
 * with few players reads few rows.
 */
function seenAfter(kind: MineKind, seen: BalancesSeen): SQL {
  const earlier = MINE_KINDS.slice(0, MINE_KINDS.indexOf(kind));
  if (earlier.length === 0) return sql`JOIN ${seen.ref} s ON s.user_id = p.user_id`;
  return sql`JOIN ${seen.ref} s0 ON s0.user_id = p.user_id
    CROSS JOIN LATERAL (SELECT s0.user_id, s0.hexo - COALESCE(sum(e.hexo), 0) AS hexo, s0.food - COALESCE(sum(e.food), 0) AS food
      FROM settle_user e WHERE e.user_id = s0.user_id AND e.mine IN (${sql.join(earlier.map((k) => sql`${k}::text`), sql`, `)})) s`;
}

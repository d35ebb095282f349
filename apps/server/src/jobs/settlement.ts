/**
 * The daily tick (GAME-RULES.md §1, §3, §4): at 00:00 UTC the day that ended is settled for the
 * whole world, as set-based SQL in one transaction:
 *  1. finished upgrades complete (or fail, refunding the item, when the land left the owner);
 *  2. workers whose NFT or land left the player, or whose collection fell below the threshold at
 *     the last snapshot, leave their slot; NFT workers take the rarity of their collection's league;
 *  3. gold mine salaries (HEXO) are charged in slot order while the balance lasts — unpaid workers
 *     don't work — and the Gold Rush pool is shared pro rata by weight (manager +10%);
 *  4. fren salaries (FOOD, HEXO 1:1 where FOOD runs short) likewise, and the fren pool shared equally;
 *  5. credits and debits are ledger entries; each player gets at most one gold mine and one fren
 *     mine daily report, plus not-enough-balance, low-balance and ready-to-upgrade notices.
 * Exactly once: the day's `game_days` row is inserted first under an advisory lock; a second run
 * finds it and does nothing, and a run that fails rolls everything back, its row included.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  GOLD_RUSH_DAILY_POOL_EXO, FREN_DAILY_POOL_EXO, FREN_SALARY_FOOD, WORKER_RARITIES, WORKER_SALARY_HEXO,
  WORKER_WEIGHT_CENTI, MANAGER_SLOT, MANAGER_BONUS_PERCENT, WORKER_QUALIFY_VOTES, LEAGUE_THRESHOLDS,
  EFFECTIVITY_BOUNDS_PERCENT, LOW_BALANCE_WARNING_DAYS, LAND_SIZE_INFO, LAND_SIZES, GOLDMINE_MAX_LEVEL,
  FRENMINE_MAX_LEVEL, dayStart, addDays, dueDays,
} from '@kingdom/game';
import { exec, type Database, type Orm } from '../db/client.ts';

/** Steps a test can interrupt with an injected fault (the transaction must roll back whole). */
export type SettlementStep = 'claimed' | 'upgrades' | 'workers' | 'goldmine' | 'frenmine' | 'notifications';

export interface SettleOptions {
  /** Called after each step inside the transaction; throwing aborts the day. */
  onStep?: (step: SettlementStep) => void | Promise<void>;
}

export interface DaySettled {
  day: string;
  goldmineExo: bigint;
  frenmineExo: bigint;
  workersWorked: number;
}

const rarityValues = sql.join(WORKER_RARITIES.map((r) =>
  sql`(${r}::text, ${WORKER_SALARY_HEXO[r].toString()}::numeric, ${WORKER_WEIGHT_CENTI[r].toString()}::numeric)`), sql`, `);

const capCase = (mine: 'goldmine' | 'frenmine') => sql.join([
  sql`CASE l.size`,
  ...LAND_SIZES.map((s) => sql`WHEN ${s} THEN ${mine === 'goldmine' ? LAND_SIZE_INFO[s].goldmineCap : LAND_SIZE_INFO[s].frenmineCap}::int`),
  sql`END`,
], sql` `);

/** SQL of GAME-RULES §3's effectivity rating from integer `worked` and `open` expressions. */
function effectivitySql(worked: SQL, open: SQL): SQL {
  const [a, b, c] = EFFECTIVITY_BOUNDS_PERCENT;
  return sql`CASE WHEN ${open} <= 0 OR ${worked} <= 0 THEN 0 WHEN ${worked} >= ${open} THEN 5
    WHEN ${worked} * 100 < ${a}::int * ${open} THEN 1 WHEN ${worked} * 100 < ${b}::int * ${open} THEN 2
    WHEN ${worked} * 100 < ${c}::int * ${open} THEN 3 ELSE 4 END`;
}

/** SQL true when user `u` holds land `landId` through one of its wallets. */
const holdsLand = (u: SQL, landId: SQL) => sql`EXISTS (SELECT 1 FROM wallets w
  JOIN nft_holdings h ON h.chain = w.chain AND h.address = w.address
  JOIN lands hl ON hl.policy_id = h.policy_id AND hl.asset_name = h.asset_name
  WHERE w.user_id = ${u} AND hl.id = ${landId})`;

/** `work_mem` of the settlement transaction: PGlite's memory is the Node process's own. */
const SETTLEMENT_WORK_MEM = { postgres: '256MB', pglite: '64MB' } as const;

/**
 * Settles one game day (UTC date). Returns null when it was already settled.
 * @throws whatever a step throws; nothing of the day is then kept
 */
export async function settleDay(db: Database, day: string, opts: SettleOptions = {}): Promise<DaySettled | null> {
  const start = new Date(dayStart(day));
  const end = new Date(dayStart(addDays(day)));
  const step = async (s: SettlementStep) => opts.onStep?.(s);
  return db.orm.transaction(async (tx) => {
    await exec(tx, sql`SELECT pg_advisory_xact_lock(hashtext('kingdom.settlement'))`);
    // Whole-world hashes and sorts fit in memory instead of spilling; the planner's guesses on
    // fresh temp tables would otherwise trigger JIT compilation that costs more than it saves.
    await exec(tx, sql.raw(`SET LOCAL work_mem = '${SETTLEMENT_WORK_MEM[db.kind]}'`));
    await exec(tx, sql`SET LOCAL jit = off`);
    const claimed = await exec(tx, sql`INSERT INTO game_days (day, settled_at) VALUES (${day}, ${end}) ON CONFLICT (day) DO NOTHING RETURNING day`);
    if (claimed.length === 0) return null;
    await step('claimed');

    await settleUpgrades(tx, day, end);
    await step('upgrades');
    await releaseWorkers(tx, day, start, end);
    await step('workers');
    const gold = await settleGoldmines(tx, day, start, end);
    await step('goldmine');
    const fren = await settleFrenmines(tx, day, start, end);
    await step('frenmine');
    await notifyReadyToUpgrade(tx, day, end);
    await step('notifications');

    await exec(tx, sql`UPDATE game_days SET goldmine_exo = ${gold.exo.toString()}, frenmine_exo = ${fren.exo.toString()},
      workers_worked = ${gold.worked + fren.worked} WHERE day = ${day}`);
    return { day, goldmineExo: gold.exo, frenmineExo: fren.exo, workersWorked: gold.worked + fren.worked };
  });
}

async function settleUpgrades(tx: Orm, day: string, end: Date): Promise<void> {
  await exec(tx, sql`CREATE TEMP TABLE _upg ON COMMIT DROP AS
    SELECT u.id, u.land_id, u.mine, u.user_id, u.target_level, u.item_key, l.hex_name,
      ${holdsLand(sql`u.user_id`, sql`u.land_id`)} AS held
    FROM mine_upgrades u JOIN lands l ON l.id = u.land_id
    WHERE u.status = 'in_progress' AND u.ends_at <= ${end}`);
  await exec(tx, sql`UPDATE mine_upgrades m SET status = CASE WHEN x.held THEN 'success' ELSE 'failed' END, finished_at = ${end}
    FROM _upg x WHERE m.id = x.id`);
  await exec(tx, sql`UPDATE lands l SET goldmine_level = x.target_level FROM _upg x WHERE x.held AND x.mine = 'goldmine' AND l.id = x.land_id`);
  await exec(tx, sql`UPDATE lands l SET frenmine_level = x.target_level FROM _upg x WHERE x.held AND x.mine = 'frenmine' AND l.id = x.land_id`);
  await exec(tx, sql`INSERT INTO ledger_entries (user_id, asset, amount, reason, reference, created_at)
    SELECT user_id, 'item:' || item_key, 1, 'upgrade_refund', id::text, ${end} FROM _upg WHERE NOT held`);
  await exec(tx, sql`INSERT INTO user_items (user_id, item_key, amount)
    SELECT user_id, item_key, count(*)::int FROM _upg WHERE NOT held GROUP BY user_id, item_key
    ON CONFLICT (user_id, item_key) DO UPDATE SET amount = user_items.amount + EXCLUDED.amount`);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id,
      CASE WHEN mine = 'frenmine' THEN 'frenmine_upgrade' WHEN held THEN 'goldmine_upgrade_success' ELSE 'goldmine_upgrade_failed' END,
      jsonb_build_object('day', ${day}::text, 'hex_name', hex_name, 'level', target_level, 'success', held, 'item_key', item_key), ${end}
    FROM _upg`);
}

async function releaseWorkers(tx: Orm, day: string, start: Date, end: Date): Promise<void> {
  // Who holds each land, once (the ready-to-upgrade notices use it too).
  await exec(tx, sql`CREATE TEMP TABLE _own ON COMMIT DROP AS
    SELECT l.id AS land_id, w.user_id FROM lands l
    JOIN nft_holdings h ON h.policy_id = l.policy_id AND h.asset_name = l.asset_name
    JOIN wallets w ON w.chain = h.chain AND w.address = h.address`);
  // The latest snapshot taken by the end of the day decides qualification and league.
  await exec(tx, sql`CREATE TEMP TABLE _snap ON COMMIT DROP AS
    SELECT c.policy_id, sc.votes FROM snapshot_collections sc JOIN collections c ON c.id = sc.collection_id
    WHERE sc.snapshot_id = (SELECT max(id) FROM staking_snapshots WHERE taken_at <= ${end})`);
  // Who leaves, as anti-joins (hashed over the whole world: no per-row subplans and no DISTINCT
  // over every holding); a worker with several reasons is told the first.
  const heldBy = (t: SQL) => sql`EXISTS (SELECT 1 FROM nft_holdings h JOIN wallets w ON w.chain = h.chain AND w.address = h.address
    WHERE h.policy_id = ${t}.policy_id AND h.asset_name = ${t}.asset_name AND w.user_id = ${t}.user_id)`;
  const landHeld = (t: SQL) => sql`EXISTS (SELECT 1 FROM _own o WHERE o.land_id = ${t}.land_id AND o.user_id = ${t}.user_id)`;
  await exec(tx, sql`CREATE TEMP TABLE _gone ON COMMIT DROP AS
    SELECT DISTINCT ON (land_id, slot) land_id, slot, user_id, reason FROM (
      SELECT gw.land_id, gw.slot, gw.user_id, 1 AS prio, 'land_left' AS reason FROM goldmine_workers gw WHERE NOT ${landHeld(sql`gw`)}
      UNION ALL
      SELECT gw.land_id, gw.slot, gw.user_id, 2, 'nft_left' FROM goldmine_workers gw WHERE gw.kind = 'nft' AND NOT ${heldBy(sql`gw`)}
      UNION ALL
      SELECT gw.land_id, gw.slot, gw.user_id, 3, 'collection_below_threshold' FROM goldmine_workers gw
      WHERE gw.kind = 'nft' AND NOT EXISTS (SELECT 1 FROM _snap q WHERE q.policy_id = gw.policy_id AND q.votes >= ${WORKER_QUALIFY_VOTES.toString()}::numeric)
    ) x ORDER BY land_id, slot, prio`);
  await exec(tx, sql`DELETE FROM goldmine_workers gw USING _gone g WHERE gw.land_id = g.land_id AND gw.slot = g.slot`);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT g.user_id, 'worker_left', jsonb_build_object('day', ${day}::text, 'mine', 'goldmine', 'hex_name', l.hex_name, 'slot', g.slot, 'reason', g.reason), ${end}
    FROM _gone g JOIN lands l ON l.id = g.land_id`);
  await exec(tx, sql`CREATE TEMP TABLE _fgone ON COMMIT DROP AS
    SELECT DISTINCT ON (land_id, slot) land_id, slot, user_id, reason FROM (
      SELECT fw.land_id, fw.slot, fw.user_id, 1 AS prio, 'land_left' AS reason FROM frenmine_workers fw WHERE NOT ${landHeld(sql`fw`)}
      UNION ALL
      SELECT fw.land_id, fw.slot, fw.user_id, 2, 'nft_left' FROM frenmine_workers fw WHERE NOT ${heldBy(sql`fw`)}
    ) x ORDER BY land_id, slot, prio`);
  await exec(tx, sql`DELETE FROM frenmine_workers fw USING _fgone g WHERE fw.land_id = g.land_id AND fw.slot = g.slot`);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT g.user_id, 'worker_left', jsonb_build_object('day', ${day}::text, 'mine', 'frenmine', 'hex_name', l.hex_name, 'slot', g.slot, 'reason', g.reason), ${end}
    FROM _fgone g JOIN lands l ON l.id = g.land_id`);
  // Rarity follows the league, which changes only with a snapshot: re-rate when one was taken today.
  const t = LEAGUE_THRESHOLDS;
  await exec(tx, sql`UPDATE goldmine_workers gw SET rarity = CASE
      WHEN s.votes > ${t.epic.toString()}::numeric THEN 'epic' WHEN s.votes >= ${t.diamond.toString()}::numeric THEN 'rare'
      WHEN s.votes >= ${t.platinum.toString()}::numeric THEN 'uncommon' ELSE 'common' END
    FROM _snap s WHERE gw.kind = 'nft' AND s.policy_id = gw.policy_id
      AND EXISTS (SELECT 1 FROM staking_snapshots ss WHERE ss.taken_at > ${start} AND ss.taken_at <= ${end})`);
}

async function settleGoldmines(tx: Orm, day: string, start: Date, end: Date): Promise<{ exo: bigint; worked: number }> {
  // Workers earn from the first full day after assignment. Amounts fit bigint: integer maths.
  // Players who can pay every salary: all their workers work. The others pay in slot order while
  // the balance lasts (the only rows that need sorting). One statement: no intermediate tables.
  await exec(tx, sql`CREATE TEMP TABLE _gws ON COMMIT DROP AS
    WITH r(rarity, salary, weight) AS (VALUES ${rarityValues}),
    g AS MATERIALIZED (
      SELECT gw.land_id, gw.slot, gw.user_id, r.salary::bigint AS salary, r.weight::bigint AS weight
      FROM goldmine_workers gw JOIN r ON r.rarity = gw.rarity
      WHERE gw.assigned_at < ${start}
    ),
    p AS (
      SELECT g.user_id, sum(g.salary) AS total, COALESCE(max(b.amount), 0) AS balance
      FROM g LEFT JOIN balances b ON b.user_id = g.user_id AND b.token = 'hexo'
      GROUP BY g.user_id
    ),
    _gwk AS (
      SELECT g.land_id, g.slot, g.user_id, g.salary, g.weight, true AS worked
      FROM g JOIN p ON p.user_id = g.user_id WHERE p.balance >= p.total
      UNION ALL
      SELECT land_id, slot, user_id, salary, weight, cum <= balance FROM (
        SELECT g.*, p.balance, sum(g.salary) OVER (PARTITION BY g.user_id ORDER BY g.land_id, g.slot) AS cum
        FROM g JOIN p ON p.user_id = g.user_id WHERE p.balance < p.total
      ) short
    ),
    managed AS (SELECT DISTINCT land_id FROM _gwk WHERE slot = ${MANAGER_SLOT}::int AND worked),
    e AS (
      SELECT w.*, CASE WHEN NOT w.worked THEN 0::bigint
        WHEN m.land_id IS NOT NULL AND w.slot <> ${MANAGER_SLOT}::int THEN w.weight * (100 + ${MANAGER_BONUS_PERCENT.toString()}::bigint)
        ELSE w.weight * 100 END AS eff
      FROM _gwk w LEFT JOIN managed m ON m.land_id = w.land_id
    )
    SELECT e.*, CASE WHEN t.total > 0 THEN ${GOLD_RUSH_DAILY_POOL_EXO.toString()}::bigint * e.eff / t.total ELSE 0 END AS share
    FROM e CROSS JOIN (SELECT sum(eff)::bigint AS total FROM e) t`);
  return settleMineTotals(tx, day, end, 'goldmine');
}

async function settleFrenmines(tx: Orm, day: string, start: Date, end: Date): Promise<{ exo: bigint; worked: number }> {
  // FOOD first, HEXO 1:1 for the rest (after gold mine salaries were charged).
  await exec(tx, sql`CREATE TEMP TABLE _fw ON COMMIT DROP AS
    WITH w AS (
      SELECT fw.land_id, fw.slot, fw.user_id, ${FREN_SALARY_FOOD.toString()}::numeric AS salary,
        COALESCE(bf.amount, 0) + COALESCE(bh.amount, 0) AS budget,
        sum(${FREN_SALARY_FOOD.toString()}::numeric) OVER (PARTITION BY fw.user_id ORDER BY fw.land_id, fw.slot) AS cum_salary
      FROM frenmine_workers fw
      LEFT JOIN balances bf ON bf.user_id = fw.user_id AND bf.token = 'food'
      LEFT JOIN balances bh ON bh.user_id = fw.user_id AND bh.token = 'hexo'
      WHERE fw.assigned_at < ${start}
    )
    SELECT land_id, slot, user_id, salary, salary AS weight, cum_salary <= budget AS worked FROM w`);
  await exec(tx, sql`CREATE TEMP TABLE _fws ON COMMIT DROP AS
    SELECT f.*, CASE WHEN f.worked THEN 1 ELSE 0 END AS eff,
      CASE WHEN f.worked AND t.n > 0 THEN floor(${FREN_DAILY_POOL_EXO.toString()}::numeric / t.n) ELSE 0 END AS share
    FROM _fw f CROSS JOIN (SELECT count(*) FILTER (WHERE worked) AS n FROM _fw) t`);
  return settleMineTotals(tx, day, end, 'frenmine');
}

/** Per-land report rows, ledger entries, balances and the daily notifications of one mine kind. */
async function settleMineTotals(tx: Orm, day: string, end: Date, mine: 'goldmine' | 'frenmine'): Promise<{ exo: bigint; worked: number }> {
  const t = sql.raw(mine === 'goldmine' ? '_gws' : '_fws');
  const levelCol = sql.raw(mine === 'goldmine' ? 'goldmine_level' : 'frenmine_level');
  const maxLevel = mine === 'goldmine' ? GOLDMINE_MAX_LEVEL : FRENMINE_MAX_LEVEL;
  const salaryToken = mine === 'goldmine' ? 'hexo' : 'food';
  await exec(tx, sql`INSERT INTO mine_daily (day, land_id, mine, user_id, open_slots, workers, workers_worked, exo_mined, salary_paid, salary_token, effectivity)
    SELECT ${day}, w.land_id, ${mine}, min(w.user_id), LEAST(COALESCE(l.${levelCol}, 0), ${maxLevel}::int),
      count(*)::int, (count(*) FILTER (WHERE w.worked))::int, sum(w.share), COALESCE(sum(w.salary) FILTER (WHERE w.worked), 0), ${salaryToken},
      ${effectivitySql(sql`(count(*) FILTER (WHERE w.worked))::int`, sql`LEAST(COALESCE(l.${levelCol}, 0), ${maxLevel}::int)`)}
    FROM ${t} w JOIN lands l ON l.id = w.land_id
    GROUP BY w.land_id, l.${levelCol} ORDER BY w.land_id`);
  await exec(tx, sql`CREATE TEMP TABLE _u ON COMMIT DROP AS
    SELECT user_id, sum(share) AS exo, COALESCE(sum(salary) FILTER (WHERE worked), 0) AS paid,
      sum(salary) AS daily_salary, (count(*) FILTER (WHERE NOT worked))::int AS unpaid,
      (count(*) FILTER (WHERE worked))::int AS worked, count(*)::int AS workers, count(DISTINCT land_id)::int AS lands
    FROM ${t} GROUP BY user_id`);
  if (mine === 'goldmine') {
    await exec(tx, sql`ALTER TABLE _u ADD COLUMN hexo numeric NOT NULL DEFAULT 0, ADD COLUMN food numeric NOT NULL DEFAULT 0`);
    await exec(tx, sql`UPDATE _u SET hexo = paid`);
  } else {
    await exec(tx, sql`ALTER TABLE _u ADD COLUMN hexo numeric NOT NULL DEFAULT 0, ADD COLUMN food numeric NOT NULL DEFAULT 0`);
    await exec(tx, sql`UPDATE _u SET food = LEAST(u.paid, COALESCE(b.amount, 0)), hexo = u.paid - LEAST(u.paid, COALESCE(b.amount, 0))
      FROM _u u LEFT JOIN balances b ON b.user_id = u.user_id AND b.token = 'food' WHERE _u.user_id = u.user_id`);
  }
  for (const [token, col, sign, reason] of [
    ['hexo', 'hexo', -1, `${mine}_salary`], ['food', 'food', -1, `${mine}_salary`], ['exo', 'exo', 1, `${mine}_reward`],
  ] as const) {
    const c = sql.raw(col);
    await exec(tx, sql`INSERT INTO ledger_entries (user_id, asset, amount, reason, reference, created_at)
      SELECT user_id, ${token}, ${sign}::numeric * ${c}, ${reason}, ${day}, ${end} FROM _u WHERE ${c} > 0`);
    if (sign < 0) {
      // Debits update in place; every worked salary fits its balance, so none goes below zero.
      await exec(tx, sql`UPDATE balances b SET amount = b.amount - u.${c} FROM _u u WHERE b.user_id = u.user_id AND b.token = ${token} AND u.${c} > 0`);
    } else {
      await exec(tx, sql`INSERT INTO balances (user_id, token, amount) SELECT user_id, ${token}, ${c} FROM _u WHERE ${c} > 0
        ON CONFLICT (user_id, token) DO UPDATE SET amount = balances.amount + EXCLUDED.amount`);
    }
  }
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id, ${`${mine}_daily_report`}, jsonb_build_object('day', ${day}::text, 'exo', exo::text, 'salary_paid', paid::text,
      'salary_token', ${salaryToken}::text, 'hexo', hexo::text, 'food', food::text, 'workers', workers, 'workers_worked', worked, 'lands', lands), ${end}
    FROM _u`);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id, 'not_enough_balance', jsonb_build_object('day', ${day}::text, 'mine', ${mine}::text, 'unpaid', unpaid), ${end}
    FROM _u WHERE unpaid > 0`);
  if (mine === 'goldmine') {
    await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
      SELECT u.user_id, 'low_balance_warning', jsonb_build_object('day', ${day}::text, 'token', 'hexo',
        'days', floor(COALESCE(b.amount, 0) / u.daily_salary)::int, 'daily_salary', u.daily_salary::text), ${end}
      FROM _u u LEFT JOIN balances b ON b.user_id = u.user_id AND b.token = 'hexo'
      WHERE u.daily_salary > 0 AND COALESCE(b.amount, 0) < ${LOW_BALANCE_WARNING_DAYS.toString()}::numeric * u.daily_salary`);
  }
  const [sum] = await exec<{ exo: string; worked: number }>(tx, sql`SELECT COALESCE(sum(exo), 0)::text AS exo, COALESCE(sum(worked), 0)::int AS worked FROM _u`);
  await exec(tx, sql`DROP TABLE _u`);
  return { exo: BigInt(sum!.exo), worked: sum!.worked };
}

/** Ready-to-upgrade notices (GAME-RULES §3): toolkit held, size allows, none in progress; once per level. */
async function notifyReadyToUpgrade(tx: Orm, day: string, end: Date): Promise<void> {
  await exec(tx, sql`WITH owners AS (
      SELECT DISTINCT ON (l.id) l.id AS land_id, l.hex_name, l.goldmine_level AS level, ${capCase('goldmine')} AS cap, o.user_id
      FROM _own o JOIN lands l ON l.id = o.land_id
      WHERE l.goldmine_level IS NOT NULL AND l.goldmine_level < ${GOLDMINE_MAX_LEVEL}::int
      ORDER BY l.id, o.user_id
    ), ready AS (
      SELECT o.* FROM owners o
      JOIN user_items ui ON ui.user_id = o.user_id AND ui.item_key = 'toolkit_' || (o.level + 1) AND ui.amount > 0
      WHERE o.level + 1 <= o.cap
        AND NOT EXISTS (SELECT 1 FROM mine_upgrades u WHERE u.land_id = o.land_id AND u.mine = 'goldmine' AND u.status = 'in_progress')
    ), fresh AS (
      INSERT INTO mine_ready_notices (land_id, mine, level) SELECT land_id, 'goldmine', level + 1 FROM ready
      ON CONFLICT DO NOTHING RETURNING land_id, level
    )
    INSERT INTO notifications (user_id, type, data, created_at)
    SELECT r.user_id, 'goldmine_ready_to_upgrade', jsonb_build_object('day', ${day}::text, 'hex_name', r.hex_name, 'level', f.level), ${end}
    FROM fresh f JOIN ready r ON r.land_id = f.land_id`);
}

/**
 * Settles every due day in order (a missed week is caught up day by day), each in its own
 * transaction. Safe to call from several processes at once.
 * @returns the days this call settled
 */
export async function settleDueDays(db: Database, now: Date, opts: SettleOptions = {}): Promise<DaySettled[]> {
  const [last] = await exec<{ day: string | null }>(db.orm, sql`SELECT max(day) AS day FROM game_days`);
  const out: DaySettled[] = [];
  for (const day of dueDays(last?.day ?? null, now.getTime())) {
    const r = await settleDay(db, day, opts);
    if (r) out.push(r);
  }
  return out;
}

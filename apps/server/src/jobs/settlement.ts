/**
 * The daily tick (GAME-RULES.md §1, §3, §4): at 00:00 UTC the day that ended is settled for the
 * whole world, as set-based SQL in one transaction. `packages/game`'s `settleDay(world, day)` is the
 * pure model of the same step; a property test runs both on random small worlds (on PGlite and on
 * Postgres) and requires the same ledger entries, notifications, report rows, slots and totals.
 *  0. the Staking Hub (`./staking.ts`): a snapshot at a snapshot instant, then the day's staking rewards;
 *  1. finished upgrades complete, or fail and refund the item when the land left the owner;
 *  2. workers whose land or NFT left the player, or (gold) whose collection is below the threshold
 *     at the latest snapshot, leave their slot; on a snapshot day gold NFT workers are re-rated;
 *  3. each mine kind pays in turn (gold, then fren), driven by its descriptor: salaries in pay order
 *     (land, slot) while the budget lasts (salary token + fallback), the pool shared pro rata by
 *     weight (manager +10%), report rows, ledger entries, daily reports, not-enough-balance notices;
 *  4. low-balance warnings counting every daily HEXO need; 5. ready-to-upgrade notices;
 *  6. the shop royalty: 5% of the HEXO and EXO vendor sales counted in the day (`royalty_day`) to land
 *  owners by lands held; 7. totals.
 * Every balance and item change goes through the ledger module's batch writer. Every number of a rule
 * comes from `packages/game` (parameters, or SQL generated from its constants: `capCase`,
 * `effectivitySql`, and the Staking Hub's fragments in `modules/staking/repository.ts`).
 * Exactly once: the day's `game_days` row is inserted first under an advisory lock; a second run
 * finds it and does nothing, and a run that fails rolls everything back, its row included.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  MINE_KINDS, MINE_RULES, WORKER_RARITIES, MANAGER_BONUS_PERCENT, WORKER_QUALIFY_VOTES,
  EFFECTIVITY_BOUNDS_PERCENT, LOW_BALANCE_WARNING_DAYS, LAND_SIZES, GOLDMINE_MAX_LEVEL,
  SHOP_ROYALTY_PERCENT, ROYALTY_TOKENS, dayStart, addDays, dueDays, rarityForLeague, type MineKind,
} from '@kingdom/game';
import { exec, type Database, type Orm } from '../db/client.ts';
import { applyLedgerBatch } from '../modules/ledger/ledger.ts';
import { settleStakingDay } from './staking.ts';
import { closeDaySales } from '../modules/vendor/repository.ts';
import { latestSnapshotId, leagueSql } from '../modules/staking/repository.ts';

/** Steps a test can interrupt with an injected fault (the transaction must roll back whole). */
export type SettlementStep = 'claimed' | 'staking' | 'upgrades' | 'workers' | 'goldmine' | 'frenmine' | 'notifications' | 'royalty';

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

const capCase = (kind: MineKind) => sql.join([
  sql`CASE l.size`,
  ...LAND_SIZES.map((s) => sql`WHEN ${s} THEN ${MINE_RULES[kind].capFor(s)}::int`),
  sql`END`,
], sql` `);

/** SQL CASE of the item that upgrades a `kind` mine to level `target` (`MINE_RULES[kind].upgradeItem`). */
const upgradeItemSql = (kind: MineKind, target: SQL) => sql.join([
  sql`CASE ${target}`,
  ...Array.from({ length: MINE_RULES[kind].maxLevel - 1 }, (_, i) => sql`WHEN ${i + 2}::int THEN ${MINE_RULES[kind].upgradeItem(i + 2)}::text`),
  sql`END`,
], sql` `);

/** SQL of GAME-RULES §3's effectivity rating from integer `worked` and `open` expressions. */
function effectivitySql(worked: SQL, open: SQL): SQL {
  const [a, b, c] = EFFECTIVITY_BOUNDS_PERCENT;
  return sql`CASE WHEN ${open} <= 0 OR ${worked} <= 0 THEN 0 WHEN ${worked} >= ${open} THEN 5
    WHEN ${worked} * 100 < ${a}::int * ${open} THEN 1 WHEN ${worked} * 100 < ${b}::int * ${open} THEN 2
    WHEN ${worked} * 100 < ${c}::int * ${open} THEN 3 ELSE 4 END`;
}

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
  // The day's sales are closed first, in a short transaction of their own (no lock held during the
  // tick): purchases that read the day as open commit before it; later ones count the next day.
  await closeDaySales(db.orm, day);
  return db.orm.transaction(async (tx) => {
    await exec(tx, sql`SELECT pg_advisory_xact_lock(hashtext('kingdom.settlement'))`);
    // Whole-world hashes and sorts fit in memory instead of spilling; the planner's guesses on
    // fresh temp tables would otherwise trigger JIT compilation that costs more than it saves.
    await exec(tx, sql.raw(`SET LOCAL work_mem = '${SETTLEMENT_WORK_MEM[db.kind]}'`));
    await exec(tx, sql`SET LOCAL jit = off`);
    const claimed = await exec(tx, sql`INSERT INTO game_days (day, settled_at) VALUES (${day}, ${end}) ON CONFLICT (day) DO NOTHING RETURNING day`);
    if (claimed.length === 0) return null;
    await step('claimed');

    // Who holds each land: the account holding its NFT (the smallest id should two ever do).
    await exec(tx, sql`CREATE TEMP TABLE _own ON COMMIT DROP AS
      SELECT DISTINCT ON (l.id) l.id AS land_id, h.user_id FROM lands l
      JOIN holdings h ON h.collection_key = l.policy_id AND h.asset_key = l.asset_name
      ORDER BY l.id, h.user_id`);
    await exec(tx, sql`CREATE UNIQUE INDEX ON _own (land_id)`);
    await settleStakingDay(tx, day, end);
    await step('staking');
    await settleUpgrades(tx, day, end);
    await step('upgrades');
    await releaseWorkers(tx, day, start, end);
    await step('workers');
    await exec(tx, sql`CREATE TEMP TABLE _need (user_id int PRIMARY KEY, gold_hexo numeric NOT NULL DEFAULT 0, fren_food numeric NOT NULL DEFAULT 0) ON COMMIT DROP`);
    const paid: Record<MineKind, { exo: bigint; worked: number }> = { goldmine: { exo: 0n, worked: 0 }, frenmine: { exo: 0n, worked: 0 } };
    for (const kind of MINE_KINDS) {
      paid[kind] = await payMines(tx, kind, day, start, end);
      await step(kind);
    }
    await warnLowBalances(tx, day, end);
    await notifyReadyToUpgrade(tx, day, end);
    await step('notifications');
    await payShopRoyalty(tx, day, end);
    await step('royalty');

    const [players] = await exec<{ n: number }>(tx, sql`SELECT count(DISTINCT user_id)::int AS n FROM _paid_players`);
    const worked = paid.goldmine.worked + paid.frenmine.worked;
    await exec(tx, sql`UPDATE game_days SET goldmine_exo = ${paid.goldmine.exo.toString()}, frenmine_exo = ${paid.frenmine.exo.toString()},
      workers_worked = ${worked}, goldmine_workers_worked = ${paid.goldmine.worked}, frenmine_workers_worked = ${paid.frenmine.worked},
      players_paid = ${players!.n} WHERE day = ${day}`);
    return { day, goldmineExo: paid.goldmine.exo, frenmineExo: paid.frenmine.exo, workersWorked: worked };
  });
}

async function settleUpgrades(tx: Orm, day: string, end: Date): Promise<void> {
  await exec(tx, sql`CREATE TEMP TABLE _upg ON COMMIT DROP AS
    SELECT u.id, u.land_id, u.mine, u.user_id, u.target_level, u.item_key, l.hex_name,
      EXISTS (SELECT 1 FROM _own o WHERE o.land_id = u.land_id AND o.user_id = u.user_id) AS held
    FROM mine_upgrades u JOIN lands l ON l.id = u.land_id
    WHERE u.status = 'in_progress' AND u.ends_at <= ${end}`);
  await exec(tx, sql`UPDATE mine_upgrades m SET status = CASE WHEN x.held THEN 'success' ELSE 'failed' END, finished_at = ${end}
    FROM _upg x WHERE m.id = x.id`);
  await exec(tx, sql`UPDATE lands l SET goldmine_level = x.target_level FROM _upg x WHERE x.held AND x.mine = 'goldmine' AND l.id = x.land_id`);
  await exec(tx, sql`UPDATE lands l SET frenmine_level = x.target_level FROM _upg x WHERE x.held AND x.mine = 'frenmine' AND l.id = x.land_id`);
  await applyLedgerBatch(tx, sql`SELECT user_id, 'item:' || item_key AS asset, 1 AS amount, 'upgrade_refund' AS reason, id::text AS reference
    FROM _upg WHERE NOT held`, end);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id,
      CASE WHEN mine = 'frenmine' THEN 'frenmine_upgrade' WHEN held THEN 'goldmine_upgrade_success' ELSE 'goldmine_upgrade_failed' END,
      jsonb_build_object('day', ${day}::text, 'hex_name', hex_name, 'level', target_level, 'success', held, 'item_key', item_key), ${end}
    FROM _upg ORDER BY id`);
}

async function releaseWorkers(tx: Orm, day: string, start: Date, end: Date): Promise<void> {
  // The latest snapshot taken by the end of the day decides qualification and league.
  await exec(tx, sql`CREATE TEMP TABLE _snap ON COMMIT DROP AS
    SELECT c.policy_id AS collection_key, sc.votes FROM snapshot_collections sc JOIN collections c ON c.id = sc.collection_id
    WHERE sc.snapshot_id = ${latestSnapshotId(end)}`);
  // Who leaves, as anti-joins (hashed over the whole world: no per-row subplans); a worker with
  // several reasons is told the first (GAME-RULES §3: land, then NFT, then collection).
  await exec(tx, sql`CREATE TEMP TABLE _gone ON COMMIT DROP AS
    SELECT DISTINCT ON (land_id, mine, slot) land_id, mine, slot, user_id, reason FROM (
      SELECT mw.land_id, mw.mine, mw.slot, mw.user_id, 1 AS prio, 'land_left' AS reason FROM mine_workers mw
      WHERE NOT EXISTS (SELECT 1 FROM _own o WHERE o.land_id = mw.land_id AND o.user_id = mw.user_id)
      UNION ALL
      SELECT mw.land_id, mw.mine, mw.slot, mw.user_id, 2, 'nft_left' FROM mine_workers mw
      WHERE mw.kind = 'nft' AND NOT EXISTS (SELECT 1 FROM holdings h
        WHERE h.collection_key = mw.collection_key AND h.asset_key = mw.asset_key AND h.user_id = mw.user_id)
      UNION ALL
      SELECT mw.land_id, mw.mine, mw.slot, mw.user_id, 3, 'collection_below_threshold' FROM mine_workers mw
      WHERE mw.mine = 'goldmine' AND mw.kind = 'nft'
        AND NOT EXISTS (SELECT 1 FROM _snap q WHERE q.collection_key = mw.collection_key AND q.votes >= ${WORKER_QUALIFY_VOTES.toString()}::numeric)
    ) x ORDER BY land_id, mine, slot, prio`);
  await exec(tx, sql`DELETE FROM mine_workers mw USING _gone g WHERE mw.land_id = g.land_id AND mw.mine = g.mine AND mw.slot = g.slot`);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT g.user_id, 'worker_left', jsonb_build_object('day', ${day}::text, 'mine', g.mine, 'hex_name', l.hex_name, 'slot', g.slot, 'reason', g.reason), ${end}
    FROM _gone g JOIN lands l ON l.id = g.land_id ORDER BY g.land_id, g.mine, g.slot`);
  // Rarity follows the league, which changes only with a snapshot: re-rate when one was taken today.
  await exec(tx, sql`UPDATE mine_workers mw SET rarity = ${leagueSql(sql`s.votes`, (league) => sql`${rarityForLeague(league) ?? 'common'}`)}
    FROM _snap s WHERE mw.mine = 'goldmine' AND mw.kind = 'nft' AND s.collection_key = mw.collection_key
      AND EXISTS (SELECT 1 FROM staking_snapshots ss WHERE ss.taken_at > ${start} AND ss.taken_at <= ${end})`);
}

/**
 * Pays one mine kind for the day (GAME-RULES §3, §4), from its descriptor: the roster (workers
 * assigned before the day began), salaries in pay order while the budget lasts, pool shares,
 * report rows, ledger entries and the kind's notifications.
 */
async function payMines(tx: Orm, kind: MineKind, day: string, start: Date, end: Date): Promise<{ exo: bigint; worked: number }> {
  const rules = MINE_RULES[kind];
  const rarities = sql.join(WORKER_RARITIES.map((r) =>
    sql`(${r}::text, ${rules.salary[r].toString()}::bigint, ${rules.weightCenti[r].toString()}::bigint)`), sql`, `);
  const manager = rules.managerSlot ?? 0;
  const fallback = rules.salaryFallback;
  // Integer maths throughout (amounts are bounded by MAX_AMOUNT and the pools).
  // Players whose salary token covers every salary pay all (no sorting); only the others are paid
  // in order with a running sum — the window the whole world would otherwise sort through.
  const col = (t: string | null) => (t ? sql`COALESCE((SELECT amount FROM balances WHERE user_id = p.user_id AND token = ${t}), 0)` : sql`0::numeric`);
  await exec(tx, sql`CREATE TEMP TABLE _pay ON COMMIT DROP AS
    WITH r(rarity, salary, weight) AS (VALUES ${rarities}),
    g AS MATERIALIZED (
      SELECT mw.land_id, mw.slot, mw.user_id, r.salary, r.weight
      FROM mine_workers mw JOIN r ON r.rarity = mw.rarity
      WHERE mw.mine = ${kind} AND mw.assigned_at < ${start}
    ),
    b AS MATERIALIZED (
      SELECT p.user_id, p.total, ${col(rules.salaryToken)} AS tok, ${col(fallback)} AS fb
      FROM (SELECT user_id, sum(salary) AS total FROM g GROUP BY user_id) p
    ),
    w AS (
      SELECT g.land_id, g.slot, g.user_id, g.salary, g.weight, true AS worked, g.salary AS from_token
      FROM g JOIN b ON b.user_id = g.user_id WHERE b.tok >= b.total
      UNION ALL
      SELECT land_id, slot, user_id, salary, weight, cum <= tok + fb,
        CASE WHEN cum <= tok + fb THEN GREATEST(0, LEAST(salary, tok - (cum - salary))) ELSE 0 END
      FROM (
        SELECT g.*, b.tok, b.fb, sum(g.salary) OVER (PARTITION BY g.user_id ORDER BY g.land_id, g.slot) AS cum
        FROM g JOIN b ON b.user_id = g.user_id WHERE b.tok < b.total
      ) short
    ),
    managed AS (SELECT DISTINCT land_id FROM w WHERE slot = ${manager}::int AND worked),
    e AS (
      SELECT w.*, CASE WHEN NOT w.worked THEN 0::bigint
        WHEN m.land_id IS NOT NULL AND w.slot <> ${manager}::int THEN w.weight * (100 + ${MANAGER_BONUS_PERCENT.toString()}::bigint)
        ELSE w.weight * 100 END AS eff
      FROM w LEFT JOIN managed m ON m.land_id = w.land_id
    )
    SELECT e.land_id, e.slot, e.user_id, e.salary, e.worked,
      CASE WHEN t.total > 0 THEN ${rules.dailyPool.toString()}::bigint * e.eff / t.total ELSE 0 END AS share,
      e.from_token, CASE WHEN e.worked THEN e.salary - e.from_token ELSE 0 END AS from_fallback
    FROM e CROSS JOIN (SELECT sum(eff)::bigint AS total FROM e) t`);
  const hexoCol = rules.salaryToken === 'hexo' ? sql`from_token` : fallback === 'hexo' ? sql`from_fallback` : sql`0`;
  const foodCol = rules.salaryToken === 'food' ? sql`from_token` : fallback === 'food' ? sql`from_fallback` : sql`0`;
  const levelCol = sql.raw(kind === 'goldmine' ? 'goldmine_level' : 'frenmine_level');
  await exec(tx, sql`INSERT INTO mine_daily (day, land_id, mine, user_id, open_slots, workers, workers_worked, exo_mined, salary_paid, hexo_paid, food_paid, salary_token, effectivity)
    SELECT ${day}, w.land_id, ${kind}, min(w.user_id), LEAST(COALESCE(l.${levelCol}, 0), ${rules.maxLevel}::int),
      count(*)::int, (count(*) FILTER (WHERE w.worked))::int, sum(w.share), sum(w.from_token + w.from_fallback),
      sum(${hexoCol}), sum(${foodCol}), ${rules.salaryToken},
      ${effectivitySql(sql`(count(*) FILTER (WHERE w.worked))::int`, sql`LEAST(COALESCE(l.${levelCol}, 0), ${rules.maxLevel}::int)`)}
    FROM _pay w JOIN lands l ON l.id = w.land_id
    GROUP BY w.land_id, l.${levelCol} ORDER BY w.land_id`);
  await exec(tx, sql`CREATE TEMP TABLE _u ON COMMIT DROP AS
    SELECT user_id, sum(share) AS exo, sum(${hexoCol}) AS hexo, sum(${foodCol}) AS food, sum(salary) AS daily_salary,
      (count(*) FILTER (WHERE NOT worked))::int AS unpaid, (count(*) FILTER (WHERE worked))::int AS worked,
      count(*)::int AS workers, count(DISTINCT land_id)::int AS lands
    FROM _pay GROUP BY user_id`);
  await applyLedgerBatch(tx, sql`
    SELECT user_id, 'hexo' AS asset, -hexo AS amount, ${`${kind}_salary`} AS reason, ${day} AS reference FROM _u
    UNION ALL SELECT user_id, 'food', -food, ${`${kind}_salary`}, ${day} FROM _u
    UNION ALL SELECT user_id, 'exo', exo, ${`${kind}_reward`}, ${day} FROM _u`, end);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id, ${rules.dailyReportType}, jsonb_build_object('day', ${day}::text, 'exo', exo::text, 'salary_paid', (hexo + food)::text,
      'salary_token', ${rules.salaryToken}::text, 'hexo', hexo::text, 'food', food::text, 'workers', workers, 'workers_worked', worked, 'lands', lands), ${end}
    FROM _u ORDER BY user_id`);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id, 'not_enough_balance', jsonb_build_object('day', ${day}::text, 'mine', ${kind}::text, 'unpaid', unpaid), ${end}
    FROM _u WHERE unpaid > 0 ORDER BY user_id`);
  const need = kind === 'goldmine' ? sql`gold_hexo` : sql`fren_food`;
  await exec(tx, sql`INSERT INTO _need (user_id, ${need}) SELECT user_id, daily_salary FROM _u
    ON CONFLICT (user_id) DO UPDATE SET ${need} = EXCLUDED.${need}`);
  await exec(tx, sql`CREATE TEMP TABLE IF NOT EXISTS _paid_players (user_id int) ON COMMIT DROP`);
  await exec(tx, sql`INSERT INTO _paid_players SELECT user_id FROM _u WHERE exo > 0`);
  const [sum] = await exec<{ exo: string; worked: number }>(tx, sql`SELECT COALESCE(sum(exo), 0)::text AS exo, COALESCE(sum(worked), 0)::int AS worked FROM _u`);
  await exec(tx, sql`DROP TABLE _u`);
  await exec(tx, sql`DROP TABLE _pay`);
  return { exo: BigInt(sum!.exo), worked: sum!.worked };
}

/**
 * Low-balance warnings (GAME-RULES §3), after both kinds were paid, counting every daily HEXO need:
 * covered days = min(HEXO ÷ gold salaries, (HEXO + FOOD) ÷ (gold + fren salaries)) — `salaryDaysCovered`.
 */
async function warnLowBalances(tx: Orm, day: string, end: Date): Promise<void> {
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id, 'low_balance_warning', jsonb_build_object('day', ${day}::text, 'token', 'hexo', 'days', days::int,
      'daily_salary', (gold_hexo + fren_food)::text), ${end}
    FROM (
      SELECT n.user_id, n.gold_hexo, n.fren_food,
        CASE WHEN n.gold_hexo > 0 THEN LEAST(floor(h.amount / n.gold_hexo), floor((h.amount + f.amount) / (n.gold_hexo + n.fren_food)))
          ELSE floor((h.amount + f.amount) / (n.gold_hexo + n.fren_food)) END AS days
      FROM _need n
      CROSS JOIN LATERAL (SELECT COALESCE((SELECT amount FROM balances WHERE user_id = n.user_id AND token = 'hexo'), 0) AS amount) h
      CROSS JOIN LATERAL (SELECT COALESCE((SELECT amount FROM balances WHERE user_id = n.user_id AND token = 'food'), 0) AS amount) f
      WHERE n.gold_hexo + n.fren_food > 0
    ) x WHERE days < ${LOW_BALANCE_WARNING_DAYS.toString()}::numeric ORDER BY user_id`);
}

/** Ready-to-upgrade notices (GAME-RULES §3): toolkit held, size allows, none in progress; once per level. */
async function notifyReadyToUpgrade(tx: Orm, day: string, end: Date): Promise<void> {
  await exec(tx, sql`WITH owners AS (
      SELECT l.id AS land_id, l.hex_name, l.goldmine_level AS level, ${capCase('goldmine')} AS cap, o.user_id
      FROM _own o JOIN lands l ON l.id = o.land_id
      WHERE l.goldmine_level IS NOT NULL AND l.goldmine_level < ${GOLDMINE_MAX_LEVEL}::int
    ), ready AS (
      SELECT o.* FROM owners o
      JOIN user_items ui ON ui.user_id = o.user_id AND ui.item_key = ${upgradeItemSql('goldmine', sql`o.level + 1`)} AND ui.amount > 0
      WHERE o.level + 1 <= o.cap
        AND NOT EXISTS (SELECT 1 FROM mine_upgrades u WHERE u.land_id = o.land_id AND u.mine = 'goldmine' AND u.status = 'in_progress')
    ), fresh AS (
      INSERT INTO mine_ready_notices (land_id, mine, level) SELECT land_id, 'goldmine', level + 1 FROM ready
      ON CONFLICT DO NOTHING RETURNING land_id, level
    )
    INSERT INTO notifications (user_id, type, data, created_at)
    SELECT r.user_id, 'goldmine_ready_to_upgrade', jsonb_build_object('day', ${day}::text, 'hex_name', r.hex_name, 'level', f.level), ${end}
    FROM fresh f JOIN ready r ON r.land_id = f.land_id ORDER BY r.land_id`);
}

/**
 * The shop royalty (GAME-RULES §6; model: `shopRoyalty` in packages/game): per token, the pool
 * ⌊day's sales × 5 / 100⌋ shared ⌊pool × lands / all lands⌋ among land owners, the remainder one base
 * unit each to the owners with the most lands (ties: smaller user id); a 'shop_royalty' notification.
 */
async function payShopRoyalty(tx: Orm, day: string, end: Date): Promise<void> {
  await exec(tx, sql`CREATE TEMP TABLE _roy ON COMMIT DROP AS
    WITH pools AS (
      SELECT token, div(sum(amount) * ${SHOP_ROYALTY_PERCENT.toString()}::numeric, 100) AS pool FROM vendor_purchases
      WHERE royalty_day = ${day} AND token IN (${sql.join(ROYALTY_TOKENS.map((t) => sql`${t}`), sql`, `)}) GROUP BY token
    ), held AS (
      SELECT user_id, count(*)::numeric AS lands FROM _own GROUP BY user_id
    ), shares AS (
      SELECT p.token, p.pool, h.user_id, h.lands, div(p.pool * h.lands, (SELECT sum(lands) FROM held)) AS base,
        row_number() OVER (PARTITION BY p.token ORDER BY h.lands DESC, h.user_id) AS rank
      FROM pools p CROSS JOIN held h WHERE p.pool > 0
    ), rest AS (
      SELECT token, pool - sum(base) AS r FROM shares GROUP BY token, pool
    )
    SELECT s.token, s.user_id, s.lands::int AS lands, s.base + CASE WHEN s.rank <= rest.r THEN 1 ELSE 0 END AS amount
    FROM shares s JOIN rest ON rest.token = s.token`);
  await applyLedgerBatch(tx, sql`SELECT user_id, token AS asset, amount, 'shop_royalty' AS reason, ${day}::text AS reference FROM _roy WHERE amount > 0`, end);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id, 'shop_royalty', jsonb_build_object('day', ${day}::text,
      'exo', (COALESCE(sum(amount) FILTER (WHERE token = 'exo'), 0))::text, 'hexo', (COALESCE(sum(amount) FILTER (WHERE token = 'hexo'), 0))::text,
      'lands', max(lands)), ${end}
    FROM _roy GROUP BY user_id HAVING sum(amount) > 0 ORDER BY user_id`);
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

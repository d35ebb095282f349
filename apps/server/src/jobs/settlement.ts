/**
 * The daily tick (docs/game-rules.md §1, §3, §4, §5, §6): at 00:00 UTC the day that ended is settled for
 * the whole world, as set-based SQL in short transactions (see {@link settleDay} for the steps).
 * `packages/game`'s `settleDay(world, day)` is the pure model of the same day; a property test runs
 * both on random small worlds (on PGlite and on Postgres) and requires the same ledger entries,
 * notifications, report rows, slots and totals. The model's order per player holds here:
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
 * Exactly once: the day's run row (`settlement_runs`) is claimed under an advisory lock, each batch
 * commits with its claim (`settlement_batches`), and `game_days` is written last; a run stopped at any
 * point (kill -9 included) is resumed by the next tick, and a finished day is never settled again.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  MINE_KINDS, MINE_RULES, WORKER_RARITIES, MANAGER_BONUS_PERCENT, WORKER_QUALIFY_VOTES,
  EFFECTIVITY_BOUNDS_PERCENT, LOW_BALANCE_WARNING_DAYS, LAND_SIZES, GOLDMINE_MAX_LEVEL,
  SHOP_ROYALTY_PERCENT, ROYALTY_TOKENS, dayStart, addDays, dueDays, gameDay, rarityForLeague, type MineKind, type WorkerRarity,
} from '@kingdom/game';
import { exec, type Database, type Orm } from '../db/client.ts';
import { applyLedgerBatch } from '../modules/ledger/ledger.ts';
import { foldHoldingDeltas, notifyStakingBatch, stageStakingDay, stakingEntriesSql } from './staking.ts';
import { closeDaySales } from '../modules/vendor/repository.ts';
import { latestSnapshotId, leagueSql } from '../modules/staking/repository.ts';

/**
 * Points between the tick's transactions where a test can interrupt a run (throwing stops it; the
 * next run resumes from there): after staging, after each salary batch, after each credit batch.
 */
export type SettlementStep = 'staged' | 'salaries' | 'credits';

export interface SettleOptions {
  /** Called after each step this call committed (a batch another run did is not reported), outside any transaction; throwing stops the run (resumable). */
  onStep?: (step: SettlementStep) => void | Promise<void>;
  /** Players per batch (a range of user ids), default {@link SETTLE_BATCH_USERS}. */
  batchUsers?: number;
  /** Batches run at once, each on its own connection: default {@link SETTLE_LANES} on Postgres, 1 on PGlite (one connection). */
  lanes?: number;
  /** Postgres parallel workers per staging statement (`max_parallel_workers_per_gather`), default {@link SETTLE_PARALLEL_WORKERS}. */
  parallelWorkers?: number;
}

export interface DaySettled {
  day: string;
  goldmineExo: bigint;
  frenmineExo: bigint;
  workersWorked: number;
}

/**
 * Parallel workers a staging statement may use on Postgres. None by default: on the 2-core machine
 * the bench runs on, staging's parallel scans took every core from the players, and writes during
 * the tick waited for CPU (1M lands with 200 writes/s, day 2: p99 1,285 ms with Postgres' default of
 * 2, 347 ms with 0; staging 31.7 s and 29.7 s). A database with cores to spare may allow some.
 */
export const SETTLE_PARALLEL_WORKERS = 0;

/**
 * Players (a range of user ids) per salary or credit batch: each batch is one short transaction.
 * A 1M-land world's first tick with 200 writes/s, two interleaved runs each: 250 players, salaries
 * + credits 10.2 and 10.1 s; 500 players, 9.0 and 9.2 s (each batch ~20 ms); the writes' p99 within
 * the runs' noise either way (31–33 ms at 250, 24–49 ms at 500).
 */
export const SETTLE_BATCH_USERS = 500;

/**
 * Batches of a pass run at once on Postgres (`SETTLE_LANES` in the environment). One by default: on
 * the 2-core machine the bench runs on, a second lane took the core the players' writes needed.
 * Day 2 of a 1M-land world with 200 writes/s, two runs each: one lane, salaries + credits 12.0 s,
 * writes p99 16 ms; two lanes, 9.2–12.7 s, writes p99 34–95 ms. Disjoint players share no balance
 * lock, so a database with cores to spare may run more.
 */
export const SETTLE_LANES = 1;

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

/** SQL of docs/game-rules.md §3's effectivity rating from integer `worked` and `open` expressions. */
function effectivitySql(worked: SQL, open: SQL): SQL {
  const [a, b, c] = EFFECTIVITY_BOUNDS_PERCENT;
  return sql`CASE WHEN ${open} <= 0 OR ${worked} <= 0 THEN 0 WHEN ${worked} >= ${open} THEN 5
    WHEN ${worked} * 100 < ${a}::int * ${open} THEN 1 WHEN ${worked} * 100 < ${b}::int * ${open} THEN 2
    WHEN ${worked} * 100 < ${c}::int * ${open} THEN 3 ELSE 4 END`;
}

/** `work_mem` of the staging transaction: PGlite's memory is the Node process's own. */
const SETTLEMENT_WORK_MEM = { postgres: '256MB', pglite: '64MB' } as const;

/** The in-progress run of a day (`settlement_runs`). */
interface Run {
  phase: 'salaries' | 'credits';
  max_user: number;
  batch_users: number;
}

/**
 * Settles one game day (UTC date), or finishes a run of it that stopped. Returns null when the day
 * was already settled (by this or another process).
 *
 * No player waits on the tick: nothing locks a balance for longer than one batch of
 * {@link SETTLE_BATCH_USERS} players. In order, each step committed with its claim:
 *  1. staging (one transaction, no balance locked): the day's run row, the Staking Hub's snapshot
 *     and rows, upgrades, leaving workers, the royalty shares, the notices, and every salary in pay
 *     order from the balances it read (`settle_seen`), summed per player (`settle_user`,
 *     `settle_user_eff`), with each land's report where it differs from the land's open span
 *     (`mine_daily`, shown once the day is settled);
 *  2. salary batches ({@link SETTLE_LANES} at a time on Postgres): per range of players, their
 *     balances locked, the staged credits (staking,
 *     refunds), then the staged salaries as debits (docs/game-rules.md §3, §4) and the low-balance warnings.
 *     A salary sees the balance as it is when its player's batch runs: a player whose HEXO or FOOD
 *     moved since staging is computed again there, unless each salary token still covers every
 *     salary paid in it, as at staging (then paid as staged). So a purchase made during the tick
 *     counts against the balance before that day's salaries if it commits before the player's
 *     batch, after them otherwise (never negative either way);
 *     between the passes, the world's worked weight per kind (now final);
 *  3. credit batches: pool shares, EXO rewards, the shop royalty and the day's reports;
 *  4. the day's totals summed from the staged rows, the `game_days` row (the day is settled) and
 *     the staging tables cleared.
 * @throws whatever a step throws; the steps committed so far stay, and the next run resumes
 */
export async function settleDay(db: Database, day: string, opts: SettleOptions = {}): Promise<DaySettled | null> {
  const end = new Date(dayStart(addDays(day)));
  const step = async (s: SettlementStep) => opts.onStep?.(s);
  // The day's sales are closed first, in a short transaction of their own (no lock held during the
  // tick): purchases that read the day as open commit before it; later ones count the next day.
  await closeDaySales(db.orm, day);
  let run = await stage(db, day, opts.batchUsers ?? SETTLE_BATCH_USERS, opts.parallelWorkers ?? SETTLE_PARALLEL_WORKERS);
  if (!run) return null;
  await step('staged');
  const lanes = db.kind === 'pglite' ? 1 : Math.max(1, Math.floor(opts.lanes ?? SETTLE_LANES));
  if (run.phase === 'salaries') {
    const size = run.batch_users;
    await eachBatch(run, lanes, async (lo) => {
      if (await batch(db, day, 'salaries', lo, (tx) => paySalaries(tx, day, end, lo, lo + size))) await step('salaries');
    });
    run = await db.orm.transaction(async (tx) => {
      const moved = await exec(tx, sql`UPDATE settlement_runs SET phase = 'credits' WHERE day = ${day} AND phase = 'salaries' RETURNING day`);
      if (moved.length > 0) await closeSalaries(tx, day);
      return readRun(tx, day);
    });
    if (!run) return null;
  }
  const [totals] = await exec<{ goldmine_eff: string; frenmine_eff: string }>(db.orm, sql`
    SELECT goldmine_eff::text AS goldmine_eff, frenmine_eff::text AS frenmine_eff FROM settlement_runs WHERE day = ${day}`);
  if (!totals) return null;
  const eff: Record<MineKind, bigint> = { goldmine: BigInt(totals.goldmine_eff), frenmine: BigInt(totals.frenmine_eff) };
  const size = run.batch_users;
  await eachBatch(run, lanes, async (lo) => {
    if (await batch(db, day, 'credits', lo, (tx) => payCredits(tx, day, end, lo, lo + size, eff))) await step('credits');
  });
  return finish(db, day, end);
}

/**
 * Runs `work` for the first user id of every batch of `run`, in increasing order, on `lanes` at once.
 * After a failure no further batch starts; the first error is thrown once the running ones end.
 */
async function eachBatch(run: Run, lanes: number, work: (lo: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: { error: unknown } | null = null;
  const lane = async () => {
    while (!failed && next <= run.max_user) {
      const lo = next;
      next += run.batch_users;
      try {
        await work(lo);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (failed) throw (failed as { error: unknown }).error;
}

async function readRun(tx: Orm, day: string): Promise<Run | null> {
  const [run] = await exec<Run>(tx, sql`SELECT phase, max_user, batch_users FROM settlement_runs WHERE day = ${day}`);
  return run ?? null;
}

/**
 * Step 1: the day's run (or the run already under way). Computes everything that moves no balance;
 * upgrade refunds and royalty shares are staged in `settle_credits` for the batches.
 * @returns null when the day is already settled
 */
async function stage(db: Database, day: string, batchUsers: number, parallelWorkers: number): Promise<Run | null> {
  const start = new Date(dayStart(day));
  const end = new Date(dayStart(addDays(day)));
  return db.orm.transaction(async (tx) => {
    await exec(tx, sql`SELECT pg_advisory_xact_lock(hashtext('kingdom.settlement'))`);
    if ((await exec(tx, sql`SELECT 1 FROM game_days WHERE day = ${day}`)).length > 0) return null;
    const existing = await readRun(tx, day);
    if (existing) return existing;
    const [other] = await exec<{ day: string }>(tx, sql`SELECT day FROM settlement_runs LIMIT 1`);
    if (other) throw new Error(`the settlement of ${other.day} is not finished; settle it before ${day}`);
    await wholeWorldSettings(tx, db.kind, parallelWorkers);
    await exec(tx, sql`TRUNCATE settle_user, settle_user_eff, settle_credits, settle_seen`);
    // Who holds each land: the account holding its NFT (the smallest id should two ever do).
    await exec(tx, sql`CREATE TEMP TABLE _own ON COMMIT DROP AS
      SELECT DISTINCT ON (l.id) l.id AS land_id, h.user_id FROM lands l
      JOIN holdings h ON h.collection_key = l.collection_key AND h.asset_key = l.asset_key
      ORDER BY l.id, h.user_id`);
    await exec(tx, sql`CREATE UNIQUE INDEX ON _own (land_id)`);
    await stageStakingDay(tx, day, end);
    await settleUpgrades(tx, day, end);
    await releaseWorkers(tx, day, start, end);
    await stageSalaries(tx, day);
    await notifyReadyToUpgrade(tx, day, end);
    await stageShopRoyalty(tx, day);
    // the batches' range reads are planned from these (without statistics they are guessed tiny)
    await exec(tx, sql`ANALYZE settle_user, settle_user_eff, settle_seen, settle_credits`);
    const [max] = await exec<{ n: number }>(tx, sql`SELECT COALESCE(max(id), 0)::int AS n FROM users`);
    const run: Run = { phase: 'salaries', max_user: max!.n, batch_users: Math.max(1, Math.floor(batchUsers)) };
    await exec(tx, sql`INSERT INTO settlement_runs (day, phase, max_user, batch_users) VALUES (${day}, ${run.phase}, ${run.max_user}, ${run.batch_users})`);
    return run;
  });
}

/** Settings of a transaction that reads the whole world (staging, the rosters' warm-up). */
async function wholeWorldSettings(tx: Orm, kind: Database['kind'], parallelWorkers: number): Promise<void> {
  // Whole-world hashes and sorts fit in memory instead of spilling; the planner's guesses on
  // fresh temp tables would otherwise trigger JIT compilation that costs more than it saves.
  await exec(tx, sql.raw(`SET LOCAL work_mem = '${SETTLEMENT_WORK_MEM[kind]}'`));
  await exec(tx, sql`SET LOCAL jit = off`);
  if (kind === 'postgres') await exec(tx, sql.raw(`SET LOCAL max_parallel_workers_per_gather = ${Math.max(0, Math.floor(parallelWorkers))}`));
}

/**
 * The rosters' warm-up (the tick job runs it between ticks, every {@link ROSTER_WARM_EVERY_MS}):
 * brings the kept rosters to the day in progress (`refreshRosters` with that day's start, UTC), so
 * the tick at its end sums again only the lands whose workers changed since. The whole sum of a
 * world's first tick, or of a tick after new salary rules, is then done during the day, not at
 * 00:00 UTC. It also folds the logged holding changes into the kept counts ({@link foldHoldingDeltas}),
 * so the tick folds only those of the last minutes. Takes the settlement's advisory lock; no
 * balance or player row is locked.
 * @param now the game clock
 * @returns the day whose rosters are ready, or null when a day is due or a run is under way (the
 *   tick refreshes them itself then)
 */
export async function warmRosters(db: Database, now: Date, opts: { parallelWorkers?: number } = {}): Promise<string | null> {
  return db.orm.transaction(async (tx) => {
    await exec(tx, sql`SELECT pg_advisory_xact_lock(hashtext('kingdom.settlement'))`);
    if ((await exec(tx, sql`SELECT 1 FROM settlement_runs LIMIT 1`)).length > 0) return null;
    const [last] = await exec<{ day: string | null }>(tx, sql`SELECT max(day) AS day FROM game_days`);
    const today = gameDay(now);
    const next = last?.day ? addDays(last.day) : today;
    if (next < today) return null;
    await wholeWorldSettings(tx, db.kind, opts.parallelWorkers ?? SETTLE_PARALLEL_WORKERS);
    await refreshRosters(tx, new Date(dayStart(next)));
    await foldHoldingDeltas(tx);
    return next;
  });
}

/** How often the tick job warms the rosters up between ticks ({@link warmRosters}), ms. */
export const ROSTER_WARM_EVERY_MS = 5 * 60_000;

/**
 * Runs a batch's `work` in one transaction, once: the batch's claim row commits with its work (a
 * second runner waits for it, then skips). A run row of another phase (or none: the day finished
 * meanwhile) means there is nothing left to do.
 * @returns whether this call did the batch
 */
async function batch(db: Database, day: string, pass: Run['phase'], lo: number, work: (tx: Orm) => Promise<void>): Promise<boolean> {
  return db.orm.transaction(async (tx) => {
    const claimed = await exec(tx, sql`INSERT INTO settlement_batches (day, pass, first_user) VALUES (${day}, ${pass}, ${lo})
      ON CONFLICT DO NOTHING RETURNING first_user`);
    if (claimed.length === 0) return false;
    // Asynchronous commit: a batch lost in a database crash is lost whole, claim included, and the
    // next run redoes it; a write that saw its effects and committed flushed it first (WAL order).
    const [run] = await exec(tx, sql`SELECT set_config('jit', 'off', true), set_config('synchronous_commit', 'off', true)
      FROM settlement_runs WHERE day = ${day} AND phase = ${pass}`);
    if (!run) throw new BatchStale();
    await work(tx);
    return true;
  }).catch((e: unknown) => {
    if (e instanceof BatchStale) return false;
    throw e;
  });
}

/** Rolls a batch back when its phase is over (another runner moved on). */
class BatchStale extends Error {}

/** Step 4: the day is settled (`game_days` and `mine_day_totals`); the staging tables are emptied. */
async function finish(db: Database, day: string, end: Date): Promise<DaySettled | null> {
  return db.orm.transaction(async (tx) => {
    const [run] = await exec<{ goldmine_eff: string; frenmine_eff: string }>(tx, sql`
      DELETE FROM settlement_runs WHERE day = ${day} AND phase = 'credits'
      RETURNING goldmine_eff::text AS goldmine_eff, frenmine_eff::text AS frenmine_eff`);
    if (!run) return null;
    // The day's totals from what the batches paid from: the same shares of the same staged slots.
    const eff: Record<MineKind, bigint> = { goldmine: BigInt(run.goldmine_eff), frenmine: BigInt(run.frenmine_eff) };
    const share = shareByMineSql(sql`e.mine`, eff);
    const [paid] = await exec<{ goldmine_exo: string; frenmine_exo: string; players_paid: number }>(tx, sql`
      SELECT COALESCE(sum(exo) FILTER (WHERE mine = 'goldmine'), 0)::text AS goldmine_exo, COALESCE(sum(exo) FILTER (WHERE mine = 'frenmine'), 0)::text AS frenmine_exo,
        (count(DISTINCT user_id) FILTER (WHERE exo > 0))::int AS players_paid
      FROM (SELECT e.user_id, e.mine, e.n * ${share} AS exo FROM settle_user_eff e) x`);
    const [slots] = await exec<{ goldmine_worked: number; frenmine_worked: number }>(tx, sql`
      SELECT COALESCE(sum(worked) FILTER (WHERE mine = 'goldmine'), 0)::int AS goldmine_worked, COALESCE(sum(worked) FILTER (WHERE mine = 'frenmine'), 0)::int AS frenmine_worked
      FROM settle_user`);
    const t = { ...run, ...paid!, ...slots! };
    // what `mine_day_reports` computes each land's EXO from
    await exec(tx, sql`INSERT INTO mine_day_totals (day, mine, pool, eff, shares) VALUES ${sql.join(MINE_KINDS.map((kind) => {
      const total = BigInt(kind === 'goldmine' ? t.goldmine_eff : t.frenmine_eff);
      return sql`(${day}, ${kind}, ${MINE_RULES[kind].dailyPool.toString()}::bigint, ${total.toString()}::bigint, ${`{${codeShares(kind, total).join(',')}}`}::bigint[])`;
    }), sql`, `)}`);
    const worked = t.goldmine_worked + t.frenmine_worked;
    await exec(tx, sql`INSERT INTO game_days (day, settled_at, goldmine_exo, frenmine_exo, workers_worked, goldmine_workers_worked, frenmine_workers_worked, players_paid)
      VALUES (${day}, ${end}, ${t.goldmine_exo}, ${t.frenmine_exo}, ${worked}, ${t.goldmine_worked}, ${t.frenmine_worked}, ${t.players_paid})`);
    await exec(tx, sql`TRUNCATE settle_user, settle_user_eff, settle_credits, settle_seen`);
    await exec(tx, sql`DELETE FROM settlement_batches WHERE day < ${addDays(day, -7)}`);
    return { day, goldmineExo: BigInt(t.goldmine_exo), frenmineExo: BigInt(t.frenmine_exo), workersWorked: worked };
  });
}

/** Finished upgrades complete, or fail with their item's refund staged for the salary batches (docs/game-rules.md §3). */
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
  // finished or failed: the land shows it changed until its owner opens it (docs/product.md §3 has_update)
  await exec(tx, sql`UPDATE lands l SET has_update = true FROM _upg x WHERE l.id = x.land_id AND NOT l.has_update`);
  await exec(tx, sql`INSERT INTO settle_credits (pass, user_id, asset, amount, reason, reference)
    SELECT 'salaries', user_id, 'item:' || item_key, 1, 'upgrade_refund', id::text FROM _upg WHERE NOT held`);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id,
      CASE WHEN mine = 'frenmine' THEN 'frenmine_upgrade' WHEN held THEN 'goldmine_upgrade_success' ELSE 'goldmine_upgrade_failed' END,
      jsonb_build_object('day', ${day}::text, 'hex_name', hex_name, 'level', target_level, 'success', held, 'item_key', item_key), ${end}
    FROM _upg ORDER BY id`);
}

async function releaseWorkers(tx: Orm, day: string, start: Date, end: Date): Promise<void> {
  // The latest snapshot taken by the end of the day decides qualification and league.
  await exec(tx, sql`CREATE TEMP TABLE _snap ON COMMIT DROP AS
    SELECT c.collection_key, sc.votes FROM snapshot_collections sc JOIN collections c ON c.id = sc.collection_id
    WHERE sc.snapshot_id = ${latestSnapshotId(end)}`);
  // The NFTs (workers' and lands') that left a player since they were last checked: a holding
  // deleted or moved, logged by triggers (migration 0015). A worker's NFT or land can only have left
  // its player if one of these is its own NFT or its land's.
  await exec(tx, sql`CREATE TEMP TABLE _left ON COMMIT DROP AS SELECT id, collection_key, asset_key, checked FROM holdings_left`);
  // A collection's qualification changes only with a snapshot (assignment requires it): on a day
  // one was taken, every gold NFT worker is checked for it (and its land); on the others, the
  // workers on logged lands only.
  const snapshotToday = (await exec(tx, sql`SELECT 1 FROM staking_snapshots WHERE taken_at > ${start} AND taken_at <= ${end} LIMIT 1`)).length > 0;
  const landChecked = snapshotToday
    ? sql`mine_workers mw`
    : sql`(SELECT DISTINCT mw.* FROM (SELECT DISTINCT collection_key, asset_key FROM _left) n
        JOIN lands l ON l.collection_key = n.collection_key AND l.asset_key = n.asset_key
        JOIN mine_workers mw ON mw.land_id = l.id) mw`;
  // Who leaves; a worker with several reasons is told the first (docs/game-rules.md §3: land, then NFT, then
  // collection). The NFT check probes the holdings by index for the logged NFTs' workers only.
  await exec(tx, sql`CREATE TEMP TABLE _gone ON COMMIT DROP AS
    SELECT DISTINCT ON (land_id, mine, slot) land_id, mine, slot, user_id, reason FROM (
      SELECT mw.land_id, mw.mine, mw.slot, mw.user_id,
        CASE WHEN o.land_id IS NULL THEN 1 ELSE 3 END AS prio,
        CASE WHEN o.land_id IS NULL THEN 'land_left' ELSE 'collection_below_threshold' END AS reason
      FROM ${landChecked}
      LEFT JOIN _own o ON o.land_id = mw.land_id AND o.user_id = mw.user_id
      LEFT JOIN (SELECT DISTINCT collection_key FROM _snap WHERE votes >= ${WORKER_QUALIFY_VOTES.toString()}::numeric) q
        ON mw.mine = 'goldmine' AND mw.kind = 'nft' AND q.collection_key = mw.collection_key
      WHERE o.land_id IS NULL OR (mw.mine = 'goldmine' AND mw.kind = 'nft' AND q.collection_key IS NULL)
      UNION ALL
      SELECT mw.land_id, mw.mine, mw.slot, mw.user_id, 2, 'nft_left'
      FROM (SELECT DISTINCT collection_key, asset_key FROM _left) n
      JOIN mine_workers mw ON mw.collection_key = n.collection_key AND mw.asset_key = n.asset_key
      WHERE mw.kind = 'nft' AND NOT EXISTS (SELECT 1 FROM holdings h
        WHERE h.collection_key = mw.collection_key AND h.asset_key = mw.asset_key AND h.user_id = mw.user_id)
    ) x ORDER BY land_id, mine, slot, prio`);
  // each logged NFT is checked by two ticks (a worker assigned while the first ran is seen by the second)
  await exec(tx, sql`DELETE FROM holdings_left h USING _left l WHERE h.id = l.id AND l.checked`);
  await exec(tx, sql`UPDATE holdings_left h SET checked = true FROM _left l WHERE h.id = l.id AND NOT l.checked`);
  await exec(tx, sql`DELETE FROM mine_workers mw USING _gone g WHERE mw.land_id = g.land_id AND mw.mine = g.mine AND mw.slot = g.slot`);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT g.user_id, 'worker_left', jsonb_build_object('day', ${day}::text, 'mine', g.mine, 'hex_name', l.hex_name, 'slot', g.slot, 'reason', g.reason), ${end}
    FROM _gone g JOIN lands l ON l.id = g.land_id ORDER BY g.land_id, g.mine, g.slot`);
  // Rarity follows the league, which changes only with a snapshot: re-rate when one was taken today.
  if (snapshotToday) {
    // only the workers whose rarity changes (each update logs its land's roster to be summed again)
    const rarity = leagueSql(sql`s.votes`, (league) => sql`${rarityForLeague(league) ?? 'common'}`);
    await exec(tx, sql`UPDATE mine_workers mw SET rarity = ${rarity}
      FROM _snap s WHERE mw.mine = 'goldmine' AND mw.kind = 'nft' AND s.collection_key = mw.collection_key AND mw.rarity IS DISTINCT FROM ${rarity}`);
  }
}

/** SQL: `col` is a user id of the batch [lo, hi). */
const inBatch = (col: SQL, lo: number, hi: number) => sql`${col} >= ${lo}::int AND ${col} < ${hi}::int`;

/**
 * Locks the balances of the batch's players in (user, token) order, the order every writer takes
 * them in (`lockBalances` in the ledger module), so the tick and a player's write never deadlock;
 * in a salary batch, also so that what a salary reads is what it debits.
 */
async function lockBatchBalances(tx: Orm, lo: number, hi: number): Promise<void> {
  await exec(tx, sql`SELECT 1 FROM balances WHERE ${inBatch(sql`user_id`, lo, hi)} ORDER BY user_id, token FOR UPDATE`);
}

/**
 * The day's salaries for every player on a roster (step 1, set-based, no lock): the balances the
 * salaries will see (HEXO + the day's staking HEXO, FOOD) are kept in `settle_seen`; each kind's
 * report rows and per-player sums are written by {@link computePay}.
 */
async function stageSalaries(tx: Orm, day: string): Promise<void> {
  const start = new Date(dayStart(day));
  // Set-based (hashed joins, not three index probes per player): the roster's players, their HEXO
  // and FOOD, and the day's staking HEXO.
  await exec(tx, sql`CREATE TEMP TABLE _seen ON COMMIT DROP AS
    SELECT r.user_id, COALESCE(b.hexo, 0) + COALESCE(k.hexo, 0) AS hexo, COALESCE(b.food, 0) AS food
    FROM (SELECT u.id AS user_id FROM users u WHERE EXISTS (SELECT 1 FROM mine_workers mw WHERE mw.user_id = u.id AND mw.assigned_at < ${start})) r
    LEFT JOIN (SELECT user_id, sum(amount) FILTER (WHERE token = 'hexo') AS hexo, sum(amount) FILTER (WHERE token = 'food') AS food
      FROM balances WHERE token IN ('hexo', 'food') GROUP BY user_id) b ON b.user_id = r.user_id
    LEFT JOIN (SELECT user_id, sum(amount) AS hexo FROM staking_daily WHERE day = ${day} AND token = 'hexo' GROUP BY user_id) k ON k.user_id = r.user_id`);
  await exec(tx, sql`ALTER TABLE _seen ADD PRIMARY KEY (user_id)`);
  await exec(tx, sql`INSERT INTO settle_seen (user_id, hexo, food) SELECT user_id, hexo, food FROM _seen ORDER BY user_id`);
  await refreshRosters(tx, start);
  for (const kind of MINE_KINDS) await computePay(tx, kind, day, () => sql`true`, 'kept');
  await exec(tx, sql`DROP TABLE _seen`);
}

/**
 * A land's worked slots counted per weight code, packed in one bigint (`mine_daily.weight_counts`):
 * {@link COUNT_BITS} bits per code, code 2i for rarity i (`WORKER_RARITIES` order) and 2i + 1 for the
 * same rarity with the manager bonus (docs/game-rules.md §3). Counting is a plain `sum` (no per-land arrays
 * in the world's aggregate), and the same slots always pack to the same number.
 */
export const COUNT_BITS = 6;
if (Math.max(...MINE_KINDS.map((k) => MINE_RULES[k].maxLevel)) >= 2 ** COUNT_BITS || WORKER_RARITIES.length * 2 * COUNT_BITS > 63) {
  throw new Error('a land\'s slots per weight code must fit COUNT_BITS, and every code one bigint');
}

/** The weight codes of a mine kind: the weight (centi-weight × percent) each packed field counts. */
export function weightCodes(kind: MineKind): { code: number; eff: bigint }[] {
  const rules = MINE_RULES[kind];
  return WORKER_RARITIES.flatMap((r, i) => [
    { code: 2 * i, eff: rules.weightCenti[r] * 100n },
    { code: 2 * i + 1, eff: rules.weightCenti[r] * (100n + MANAGER_BONUS_PERCENT) },
  ]);
}

/** Lands summed again in one tick from which `mine_rosters` is analyzed at once (not left to autovacuum). */
const ROSTER_ANALYZE_CHANGES = 10_000;

/** A rarity's one-slot count in a packed weight-count field (code 2i, see {@link COUNT_BITS}). */
const rarityUnit = (i: number) => (1n << BigInt(2 * i * COUNT_BITS)).toString();

/**
 * SQL: each land's roster of mine `kind` on the day starting at `start` (workers assigned before it)
 * among the workers matching `where`: its player (the smallest id), workers, salaries (docs/game-rules.md
 * §3, §4, in the salary token's base units), the packed one-slot counts of every worker (`units`)
 * and of the manager slot (`mgr`, null without one). Columns as `mine_rosters`.
 */
function rosterSql(kind: MineKind, start: Date, where: SQL): SQL {
  const rules = MINE_RULES[kind];
  // per rarity as a CASE (a hash join with a VALUES list costs more than the grouping over 5M workers)
  const byRarity = (value: (i: number, r: WorkerRarity) => SQL) =>
    sql.join([sql`CASE mw.rarity`, ...WORKER_RARITIES.map((r, i) => sql`WHEN ${r} THEN ${value(i, r)}`), sql`END`], sql` `);
  const units = byRarity((i) => sql`${rarityUnit(i)}::bigint`);
  return sql`SELECT mw.land_id, min(mw.user_id) AS user_id, count(*)::int AS workers, sum(${byRarity((_, r) => sql`${rules.salary[r].toString()}::bigint`)}) AS salary,
      sum(${units})::bigint AS units, (sum(${units}) FILTER (WHERE mw.slot = ${rules.managerSlot ?? 0}::int))::bigint AS mgr
    FROM mine_workers mw
    WHERE ${where} AND mw.mine = ${kind} AND mw.assigned_at < ${start} AND mw.rarity IN (${sql.join(WORKER_RARITIES.map((r) => sql`${r}`), sql`, `)})
    GROUP BY mw.land_id`;
}

/**
 * Brings the kept rosters (`mine_rosters`, migration 0016) to the day starting at `start`. When
 * they were summed with today's rules (salaries, weight packing, manager slots: the fingerprint kept
 * in `app_settings` key `mine_rosters_rules`), per mine kind, only the lands whose workers changed
 * (logged in `roster_changes` by a trigger on `mine_workers`) are summed again; a change stays
 * logged while one of its land's workers was assigned at or after `start` (that worker joins a
 * later day's roster). Otherwise (a world's first tick, new rules, or rosters kept for a later day
 * start than `start`: see {@link warmRosters}) {@link rebuildRosters}. The start is kept in
 * `app_settings` key `mine_rosters_start`.
 */
export async function refreshRosters(tx: Orm, start: Date): Promise<void> {
  const fingerprint = JSON.stringify(MINE_KINDS.map((kind) => {
    const rules = MINE_RULES[kind];
    return { kind, salary: WORKER_RARITIES.map((r) => rules.salary[r].toString()), units: WORKER_RARITIES.map((_, i) => rarityUnit(i)), manager: rules.managerSlot ?? 0 };
  }));
  const kept = await exec<{ key: string; value: string }>(tx, sql`SELECT key, value #>> '{}' AS value FROM app_settings
    WHERE key IN (${ROSTER_RULES_KEY}, ${ROSTER_START_KEY})`);
  const keptAs = (key: string) => kept.find((r) => r.key === key)?.value;
  const keptStart = keptAs(ROSTER_START_KEY);
  await exec(tx, sql`INSERT INTO app_settings (key, value) VALUES (${ROSTER_START_KEY}, ${JSON.stringify(start.toISOString())}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
  // Kept for a later day (the warm-up ran before an earlier day was settled): a worker assigned
  // between the two starts would be on the earlier day's roster, so every roster is summed again.
  if (keptAs(ROSTER_RULES_KEY) !== fingerprint || (keptStart !== undefined && Date.parse(keptStart) > start.getTime())) {
    await rebuildRosters(tx, start);
    await exec(tx, sql`INSERT INTO app_settings (key, value) VALUES (${ROSTER_RULES_KEY}, ${JSON.stringify(fingerprint)}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
    return;
  }
  for (const kind of MINE_KINDS) {
    await exec(tx, sql`CREATE TEMP TABLE _chg ON COMMIT DROP AS SELECT id, land_id FROM roster_changes WHERE mine = ${kind}`);
    await exec(tx, sql`CREATE TEMP TABLE _chl ON COMMIT DROP AS SELECT DISTINCT land_id FROM _chg`);
    await exec(tx, sql`ALTER TABLE _chl ADD PRIMARY KEY (land_id)`);
    // (a few lands are then read by index, not by a pass over every worker)
    await exec(tx, sql`ANALYZE _chl`);
    const changed = (await exec<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM _chl`))[0]!.n;
    await exec(tx, sql`DELETE FROM mine_rosters r USING _chl c WHERE r.mine = ${kind} AND r.land_id = c.land_id`);
    await exec(tx, sql`INSERT INTO mine_rosters (land_id, mine, user_id, workers, salary, units, mgr)
      SELECT land_id, ${kind}, user_id, workers, salary, units, mgr
      FROM (${rosterSql(kind, start, sql`mw.land_id IN (SELECT land_id FROM _chl)`)}) x`);
    await exec(tx, sql`DELETE FROM roster_changes c USING _chg x WHERE c.id = x.id
      AND NOT EXISTS (SELECT 1 FROM mine_workers mw WHERE mw.land_id = x.land_id AND mw.mine = ${kind} AND mw.assigned_at >= ${start})`);
    await exec(tx, sql`DROP TABLE _chg, _chl`);
    // after many changes the read that follows is planned from fresh statistics
    if (changed >= ROSTER_ANALYZE_CHANGES) await exec(tx, sql`ANALYZE mine_rosters`);
  }
}

/** `app_settings` key of the rules every kept roster was summed with ({@link refreshRosters}). */
const ROSTER_RULES_KEY = 'mine_rosters_rules';
/** `app_settings` key of the day start (ISO, UTC) the kept rosters were last brought to ({@link refreshRosters}). */
const ROSTER_START_KEY = 'mine_rosters_start';

/**
 * Sums every land's roster of every mine kind again (as {@link rosterSql}), in one pass over the
 * workers. Only the tick writes `mine_rosters`, so its primary key is dropped while 1M rows go in
 * and built again after (an index built from sorted keys, not 1M inserts in hash order: ~5 s to
 * ~1.5 s at 1M lands). Every logged change is consumed first, then the lands with a worker assigned
 * at or after `start` are logged again (changes committed meanwhile stay logged: summing a land
 * again is harmless).
 */
async function rebuildRosters(tx: Orm, start: Date): Promise<void> {
  const perKind = (value: (kind: MineKind) => SQL) =>
    sql.join([sql`CASE mine`, ...MINE_KINDS.map((kind) => sql`WHEN ${kind} THEN ${value(kind)}`), sql`END`], sql` `);
  const units = sql.join([sql`CASE mw.rarity`, ...WORKER_RARITIES.map((r, i) => sql`WHEN ${r} THEN ${rarityUnit(i)}::bigint`), sql`END`], sql` `);
  // workers and salaries from the packed counts (fewer sums over 5M workers: the pass is the cost)
  const count = (i: number) => sql`((units >> ${sql.raw(String(2 * i * COUNT_BITS))}) & ${sql.raw(String(2 ** COUNT_BITS - 1))})`;
  const workers = sql.join(WORKER_RARITIES.map((_, i) => count(i)), sql` + `);
  const salary = perKind((kind) => sql.join(WORKER_RARITIES.map((r, i) => sql`${count(i)}::numeric * ${MINE_RULES[kind].salary[r].toString()}::numeric`), sql` + `));
  const manager = sql.join([sql`CASE mw.mine`, ...MINE_KINDS.map((kind) => sql`WHEN ${kind} THEN ${MINE_RULES[kind].managerSlot ?? 0}::int`), sql`END`], sql` `);
  const on = sql`mw.assigned_at < ${start}`;
  await exec(tx, sql`DELETE FROM roster_changes`);
  await exec(tx, sql`TRUNCATE mine_rosters`);
  await exec(tx, sql`ALTER TABLE mine_rosters DROP CONSTRAINT mine_rosters_pk`);
  await exec(tx, sql`WITH r AS MATERIALIZED (
      SELECT mw.land_id, mw.mine, min(mw.user_id) FILTER (WHERE ${on}) AS user_id, (sum(${units}) FILTER (WHERE ${on}))::bigint AS units,
        (sum(${units}) FILTER (WHERE ${on} AND mw.slot = ${manager}))::bigint AS mgr, bool_or(NOT (${on})) AS pending
      FROM mine_workers mw WHERE mw.rarity IN (${sql.join(WORKER_RARITIES.map((r) => sql`${r}`), sql`, `)})
      GROUP BY mw.land_id, mw.mine
    ), later AS (
      INSERT INTO roster_changes (land_id, mine) SELECT land_id, mine FROM r WHERE pending
    )
    INSERT INTO mine_rosters (land_id, mine, user_id, workers, salary, units, mgr)
    SELECT land_id, mine, user_id, (${workers})::int, ${salary}, units, mgr FROM r WHERE units IS NOT NULL`);
  await exec(tx, sql`ALTER TABLE mine_rosters ADD CONSTRAINT mine_rosters_pk PRIMARY KEY (land_id, mine)`);
  await exec(tx, sql`DELETE FROM app_settings WHERE key LIKE 'mine_rosters_rules.%'`);
  await exec(tx, sql`ANALYZE mine_rosters`);
}

/**
 * Computes one mine kind's salaries (docs/game-rules.md §3, §4) from its descriptor for the roster players
 * matching `users` (an SQL condition on a user id column), from the balances in temp table `_seen`
 * (user_id, hexo, food) less what the kinds before it paid ({@link seenAfter}): the roster (workers assigned
 * before the day began), salaries in pay order (land, slot) while the budget lasts (salary token +
 * fallback), each worker's weight (manager +10%). Writes each land's report where it differs from
 * the land's open span (`mine_daily`: the old span ends the day before, a new one starts; the worked
 * slots as {@link COUNT_BITS}-packed counts per weight code, the EXO read through `mine_day_reports`),
 * each player's sums (`settle_user`) and worked slots per weight (`settle_user_eff`).
 */
async function computePay(tx: Orm, kind: MineKind, day: string, users: (userId: SQL) => SQL, rosters: 'kept' | 'workers'): Promise<void> {
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
  // Integer maths throughout (amounts are bounded by MAX_AMOUNT and the pools). Every land is first
  // summed as if all its workers were paid (its roster, kept between days in staging); with a worked manager, every other slot's count moves to its rarity's
  // bonus code (one field up). A player whose salary token covers every salary (nearly all) keeps
  // those sums. Only the others' workers are paid one by one, in pay order with a running sum.
  // Per-player rows are then summed from the land rows.
  const roster = rosters === 'kept'
    ? sql`SELECT land_id, user_id, workers, salary, units, mgr FROM mine_rosters WHERE mine = ${kind}`
    : rosterSql(kind, start, users(sql`mw.user_id`));
  await exec(tx, sql`CREATE TEMP TABLE _la ON COMMIT DROP AS
    SELECT x.land_id, x.user_id, x.workers, x.salary, CASE WHEN x.mgr IS NULL THEN x.units ELSE ((x.units - x.mgr) << ${bits}) + x.mgr END AS counts,
      ${open} AS open_slots
    FROM (${roster}) x JOIN lands l ON l.id = x.land_id`);
  await exec(tx, sql`WITH r(rarity, salary, unit) AS (VALUES ${rarities}),
    b AS MATERIALIZED (
      SELECT p.user_id, p.total, ${col(rules.salaryToken)} AS tok, ${col(fallback)} AS fb
      FROM (SELECT user_id, sum(salary) AS total FROM _la GROUP BY user_id) p ${seenAfter(kind)}
    ),
    short AS (
      SELECT land_id, slot, user_id, salary, unit, open_slots, cum <= tok + fb AS worked,
        CASE WHEN cum <= tok + fb THEN GREATEST(0, LEAST(salary, tok - (cum - salary))) ELSE 0 END AS from_token
      FROM (
        SELECT mw.land_id, mw.slot, mw.user_id, r.salary, r.unit, la.open_slots, b.tok, b.fb,
          sum(r.salary) OVER (PARTITION BY mw.user_id ORDER BY mw.land_id, mw.slot) AS cum
        FROM b JOIN mine_workers mw ON mw.user_id = b.user_id JOIN r ON r.rarity = mw.rarity JOIN _la la ON la.land_id = mw.land_id
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
    lw AS MATERIALIZED (
      SELECT la.land_id, la.user_id, la.workers, la.workers AS worked, la.salary AS need, la.salary AS from_token, 0::numeric AS from_fallback, la.counts, la.open_slots
      FROM _la la JOIN b ON b.user_id = la.user_id WHERE b.tok >= b.total
      UNION ALL
      SELECT land_id, min(user_id), count(*)::int, (count(*) FILTER (WHERE worked))::int, sum(salary), sum(from_token), sum(from_fallback),
        COALESCE(sum(unit) FILTER (WHERE worked), 0)::bigint, min(open_slots)
      FROM ws GROUP BY land_id
    ),
    rep AS (
      SELECT w.land_id, w.user_id, w.open_slots, w.workers, w.worked AS workers_worked, w.from_token + w.from_fallback AS salary_paid,
        ${hexo} AS hexo_paid, ${food} AS food_paid, ${effectivitySql(sql`w.worked`, sql`w.open_slots`)} AS effectivity, w.counts
      FROM lw w
    ),
    -- Each land's report against its open span: a span ends and another starts only where a number differs.
    diff AS MATERIALIZED (
      SELECT c.first_day AS span_day, c.land_id AS span_land, r.*
      FROM (SELECT * FROM mine_daily d WHERE d.mine = ${kind} AND d.last_day IS NULL AND ${users(sql`d.user_id`)}) c
      FULL JOIN rep r ON r.land_id = c.land_id AND r.user_id = c.user_id
      WHERE c.land_id IS NULL OR r.land_id IS NULL
        OR (c.open_slots, c.workers, c.workers_worked, c.salary_paid, c.hexo_paid, c.food_paid, c.effectivity, c.weight_counts)
          IS DISTINCT FROM (r.open_slots, r.workers, r.workers_worked, r.salary_paid, r.hexo_paid, r.food_paid, r.effectivity, r.counts)
    ),
    closed AS (
      UPDATE mine_daily d SET last_day = ${addDays(day, -1)}
      FROM diff x WHERE x.span_land IS NOT NULL AND d.first_day = x.span_day AND d.land_id = x.span_land AND d.mine = ${kind}
    ),
    opened AS (
      INSERT INTO mine_daily (first_day, land_id, mine, user_id, open_slots, workers, workers_worked, salary_paid, hexo_paid, food_paid, salary_token, effectivity, weight_counts)
      SELECT ${day}, land_id, ${kind}, user_id, open_slots, workers, workers_worked, salary_paid, hexo_paid, food_paid, ${rules.salaryToken}, effectivity, counts
      FROM diff WHERE land_id IS NOT NULL ORDER BY land_id
    ),
    -- (both per-player tables in user order: a batch's range of players then sits on a few pages, not on hundreds)
    players AS (
      INSERT INTO settle_user (user_id, mine, hexo, food, need, workers, worked, lands)
      SELECT user_id, ${kind}, sum(${hexo}), sum(${food}), sum(need), sum(workers)::int, sum(worked)::int, count(*)::int
      FROM lw GROUP BY user_id ORDER BY user_id
    ),
    per_code AS (
      SELECT user_id, ARRAY[${sql.join(codes.map((c) => sql`sum(((counts >> ${sql.raw(String(c.code * COUNT_BITS))}) & ${mask})::int)`), sql`, `)}] AS n
      FROM lw GROUP BY user_id
    )
    INSERT INTO settle_user_eff (user_id, mine, eff, n)
    SELECT p.user_id, ${kind}, k.eff, sum(p.n[k.code + 1])::int
    FROM per_code p CROSS JOIN (VALUES ${sql.join(codes.map((c) => sql`(${c.code}::int, ${c.eff.toString()}::bigint)`), sql`, `)}) k(code, eff)
    WHERE p.n[k.code + 1] > 0 GROUP BY p.user_id, k.eff ORDER BY p.user_id`);
  await exec(tx, sql`DROP TABLE _la`);
}

/**
 * SQL (a join to the players `p` of kind `kind`'s pay): the balances its salaries see as `s` (user_id,
 * hexo, food): `_seen` less what the kinds paid before it (their `settle_user` rows, docs/game-rules.md §3:
 * gold salaries are charged before fren salaries). Read per player by the primary key, so a kind
 * with few players reads few rows.
 */
function seenAfter(kind: MineKind): SQL {
  const earlier = MINE_KINDS.slice(0, MINE_KINDS.indexOf(kind));
  if (earlier.length === 0) return sql`JOIN _seen s ON s.user_id = p.user_id`;
  return sql`JOIN _seen s0 ON s0.user_id = p.user_id
    CROSS JOIN LATERAL (SELECT s0.user_id, s0.hexo - COALESCE(sum(e.hexo), 0) AS hexo, s0.food - COALESCE(sum(e.food), 0) AS food
      FROM settle_user e WHERE e.user_id = s0.user_id AND e.mine IN (${sql.join(earlier.map((k) => sql`${k}::text`), sql`, `)})) s`;
}

/**
 * Salary batch (step 2) for the players with ids in [lo, hi), their balances locked: the staged
 * credits that come before salaries (the Staking Hub's rewards, upgrade refunds) and the staged
 * salaries — computed again, from the balances as they are now, for a player whose HEXO or FOOD moved
 * since staging — as one ledger statement, then the staking reports and the low-balance warnings.
 */
async function paySalaries(tx: Orm, day: string, end: Date, lo: number, hi: number): Promise<void> {
  const mine = inBatch(sql`user_id`, lo, hi);
  await lockBatchBalances(tx, lo, hi);
  // What the salaries see now: the balance plus the day's staking HEXO credited in this batch, as staged.
  const now = (t: string) => sql`COALESCE((SELECT amount FROM balances b WHERE b.user_id = s.user_id AND b.token = ${t}), 0)`;
  // Computed again: who moved and is not still covered (staged and now, every salary from its token).
  const seen = sql`SELECT user_id, hexo, food FROM (SELECT s.user_id, s.hexo AS seen_hexo, s.food AS seen_food,
        ${now('hexo')} + COALESCE((SELECT sum(amount) FROM staking_daily sd WHERE sd.day = ${day} AND sd.user_id = s.user_id AND sd.token = 'hexo'), 0) AS hexo,
        ${now('food')} AS food
      FROM settle_seen s WHERE ${inBatch(sql`s.user_id`, lo, hi)}) x
    WHERE (hexo <> seen_hexo OR food <> seen_food) AND NOT ${stillCoveredSql(sql`x`)}`;
  // (a temp table only when someone moved: its catalog rows cost more than the read, hundreds of times a night)
  const moved = (await exec<{ user_id: number }>(tx, sql`SELECT user_id FROM (${seen}) m`)).map((r) => r.user_id);
  if (moved.length > 0) {
    // the same rows: the batch's balances are locked, and the day's staking rows are staged
    await exec(tx, sql`CREATE TEMP TABLE _seen ON COMMIT DROP AS ${seen}`);
    // The ids as an array parameter: the planner sees how few they are and reads their rows by index.
    const movedUser = (col: SQL) => sql`${col} = ANY(${`{${moved.join(',')}}`}::int[])`;
    // Their report spans back to how staging found them: the spans it opened go, the ones it closed reopen.
    await exec(tx, sql`DELETE FROM mine_daily WHERE first_day = ${day} AND ${movedUser(sql`user_id`)}`);
    await exec(tx, sql`UPDATE mine_daily SET last_day = NULL WHERE last_day = ${addDays(day, -1)} AND ${movedUser(sql`user_id`)}`);
    await exec(tx, sql`DELETE FROM settle_user WHERE ${movedUser(sql`user_id`)}`);
    await exec(tx, sql`DELETE FROM settle_user_eff WHERE ${movedUser(sql`user_id`)}`);
    for (const kind of MINE_KINDS) await computePay(tx, kind, day, movedUser, 'workers');
  }
  // One statement: each (player, token) moves by its net sum, and the salaries were computed to fit.
  await applyLedgerBatch(tx, sql`${stakingEntriesSql(day, lo, hi)}
    UNION ALL SELECT user_id, asset, amount, reason, reference FROM settle_credits WHERE pass = 'salaries' AND ${mine}
    UNION ALL SELECT user_id, 'hexo', -hexo, mine || '_salary', ${day} FROM settle_user WHERE ${mine}
    UNION ALL SELECT user_id, 'food', -food, mine || '_salary', ${day} FROM settle_user WHERE ${mine}`, end);
  await notifyStakingBatch(tx, day, end, lo, hi);
  await warnLowBalances(tx, day, end, lo, hi);
}

/**
 * SQL: the player of row `x` (columns user_id, hexo, food: the balances a salary batch sees now) is
 * paid as staged. A salary takes the token first and the fallback only when the token runs short
 * (docs/game-rules.md §3), so a player whose every kind was paid wholly from its token at staging
 * (`settle_user`: that token's sum = need), and whose balance of each salary token still covers the
 * needs of every kind paid in it, gets the same salaries, worked slots and reports: what the balance
 * moved by cannot change them. True for a player without workers (no `settle_user` rows).
 */
function stillCoveredSql(x: SQL): SQL {
  const tokens = [...new Set(MINE_KINDS.map((k) => MINE_RULES[k].salaryToken))];
  const kindsOf = (t: string) => sql.join(MINE_KINDS.filter((k) => MINE_RULES[k].salaryToken === t).map((k) => sql`${k}::text`), sql`, `);
  const fromToken = sql.join(MINE_KINDS.map((k) => sql`WHEN ${k} THEN p.${sql.raw(MINE_RULES[k].salaryToken)}`), sql` `);
  const covers = sql.join(tokens.map((t) => sql`${x}.${sql.raw(t)} >= COALESCE(sum(p.need) FILTER (WHERE p.mine IN (${kindsOf(t)})), 0)`), sql` AND `);
  // a scalar subquery: read per moved player by the primary key (a NOT EXISTS became an anti-join over every row)
  return sql`COALESCE((SELECT bool_and((CASE p.mine ${fromToken} END) = p.need) AND ${covers}
    FROM settle_user p WHERE p.user_id = ${x}.user_id), true)`;
}

/** The columns of a paid worker holding its HEXO and FOOD salary, from the kind's descriptor. */
function salaryColumns(kind: MineKind): { hexo: SQL; food: SQL } {
  const rules = MINE_RULES[kind];
  const fallback = rules.salaryFallback;
  return {
    hexo: rules.salaryToken === 'hexo' ? sql`from_token` : fallback === 'hexo' ? sql`from_fallback` : sql`0`,
    food: rules.salaryToken === 'food' ? sql`from_token` : fallback === 'food' ? sql`from_fallback` : sql`0`,
  };
}

/** SQL of a slot's pool share by the mine kind in column `mine` ({@link shareSql} per kind; 0 for another). */
const shareByMineSql = (mine: SQL, eff: Record<MineKind, bigint>) =>
  sql.join([sql`CASE ${mine}`, ...MINE_KINDS.map((kind) => sql`WHEN ${kind} THEN ${shareSql(kind, eff[kind])}`), sql`ELSE 0 END`], sql` `);

/** One worked slot's pool share per weight code (index = code), ⌊pool × eff ÷ the world's eff⌋: what `mine_day_reports` multiplies a land's counts by. */
function codeShares(kind: MineKind, totalEff: bigint): bigint[] {
  return weightCodes(kind).map((c) => (totalEff > 0n ? MINE_RULES[kind].dailyPool * c.eff / totalEff : 0n));
}

/** SQL of a worker's pool share: ⌊pool × eff ÷ the world's eff⌋ (0 when nobody worked); `mine_day_reports` computes the same. */
const shareSql = (kind: MineKind, totalEff: bigint) => sql`CASE WHEN ${totalEff.toString()}::bigint > 0
  THEN ${MINE_RULES[kind].dailyPool.toString()}::bigint * eff / ${totalEff.toString()}::bigint ELSE 0 END`;

/**
 * Between the passes (one transaction, no balance touched): the world's worked weight per kind, now
 * final, kept on the run.
 */
async function closeSalaries(tx: Orm, day: string): Promise<void> {
  const totals = await exec<{ mine: MineKind; eff: string }>(tx, sql`SELECT mine, sum(eff * n)::text AS eff FROM settle_user_eff GROUP BY mine`);
  const eff = (kind: MineKind) => BigInt(totals.find((t) => t.mine === kind)?.eff ?? '0');
  await exec(tx, sql`UPDATE settlement_runs SET goldmine_eff = ${eff('goldmine').toString()}, frenmine_eff = ${eff('frenmine').toString()} WHERE day = ${day}`);
}

/**
 * Credit batch (step 3) for the players with ids in [lo, hi): each mine kind's pool shares by weight
 * over the world's worked slots (`eff`: the world's total weight per kind), EXO rewards, the day's
 * reports and not-enough-balance notices; then the staged shop royalty. Few statements, no temp table: a batch is
 * one of hundreds a night (the day's totals are summed once, at the end, from the same staged rows).
 */
async function payCredits(tx: Orm, day: string, end: Date, lo: number, hi: number, eff: Record<MineKind, bigint>): Promise<void> {
  // Credits only: no balance is read, so none is locked before the last statement.
  const share = shareByMineSql(sql`u.mine`, eff);
  // each player's sums, read by the two statements below (as a subquery: a temp table's catalog rows cost more)
  const batchUsers = sql`(SELECT u.user_id, u.mine, COALESCE((SELECT sum(e.n * ${share}) FROM settle_user_eff e WHERE e.user_id = u.user_id AND e.mine = u.mine), 0) AS exo,
      u.hexo, u.food, u.workers - u.worked AS unpaid, u.worked, u.workers, u.lands
    FROM settle_user u WHERE ${inBatch(sql`u.user_id`, lo, hi)})`;
  // In the model's order: per kind its reports then its notices, then the royalty's notices.
  const kinds = sql.join(MINE_KINDS.map((kind, i) => sql`(${kind}::text, ${i}::int, ${MINE_RULES[kind].dailyReportType}::text, ${MINE_RULES[kind].salaryToken}::text)`), sql`, `);
  await exec(tx, sql`WITH u AS MATERIALIZED ${batchUsers}
    INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id, type, data, ${end} FROM (
      SELECT k.ord, 0 AS sub, u.user_id, k.report AS type, jsonb_build_object('day', ${day}::text, 'exo', u.exo::text, 'salary_paid', (u.hexo + u.food)::text,
        'salary_token', k.token, 'hexo', u.hexo::text, 'food', u.food::text, 'workers', u.workers, 'workers_worked', u.worked, 'lands', u.lands) AS data
      FROM u JOIN (VALUES ${kinds}) k(mine, ord, report, token) ON k.mine = u.mine
      UNION ALL
      SELECT k.ord, 1, u.user_id, 'not_enough_balance', jsonb_build_object('day', ${day}::text, 'mine', u.mine, 'unpaid', u.unpaid)
      FROM u JOIN (VALUES ${kinds}) k(mine, ord, report, token) ON k.mine = u.mine WHERE u.unpaid > 0
      UNION ALL
      SELECT ${MINE_KINDS.length}::int, 0, user_id, 'shop_royalty', jsonb_build_object('day', ${day}::text,
        'exo', (COALESCE(sum(amount) FILTER (WHERE asset = 'exo'), 0))::text, 'hexo', (COALESCE(sum(amount) FILTER (WHERE asset = 'hexo'), 0))::text,
        'lands', max(lands))
      FROM settle_credits WHERE pass = 'credits' AND reason = 'shop_royalty' AND ${inBatch(sql`user_id`, lo, hi)} GROUP BY user_id HAVING sum(amount) > 0
    ) x ORDER BY ord, sub, user_id`);
  await lockBatchBalances(tx, lo, hi);
  await applyLedgerBatch(tx, sql`SELECT user_id, 'exo' AS asset, exo AS amount, mine || '_reward' AS reason, ${day} AS reference FROM ${batchUsers} u
    UNION ALL SELECT user_id, asset, amount, reason, reference FROM settle_credits WHERE pass = 'credits' AND ${inBatch(sql`user_id`, lo, hi)}`, end);
}

/**
 * Low-balance warnings (docs/game-rules.md §3) of a salary batch (players [lo, hi)), after both kinds were paid, counting every
 * daily HEXO need: covered days = min(HEXO ÷ gold salaries, (HEXO + FOOD) ÷ (gold + fren salaries)) —
 * `salaryDaysCovered`.
 */
async function warnLowBalances(tx: Orm, day: string, end: Date, lo: number, hi: number): Promise<void> {
  await exec(tx, sql`WITH n AS (
      SELECT user_id, COALESCE(sum(need) FILTER (WHERE mine = 'goldmine'), 0) AS gold_hexo,
        COALESCE(sum(need) FILTER (WHERE mine = 'frenmine'), 0) AS fren_food
      FROM settle_user WHERE ${inBatch(sql`user_id`, lo, hi)} GROUP BY user_id
    )
    INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id, 'low_balance_warning', jsonb_build_object('day', ${day}::text, 'token', 'hexo', 'days', days::int,
      'daily_salary', (gold_hexo + fren_food)::text), ${end}
    FROM (
      SELECT n.user_id, n.gold_hexo, n.fren_food,
        CASE WHEN n.gold_hexo > 0 THEN LEAST(floor(h.amount / n.gold_hexo), floor((h.amount + f.amount) / (n.gold_hexo + n.fren_food)))
          ELSE floor((h.amount + f.amount) / (n.gold_hexo + n.fren_food)) END AS days
      FROM n
      CROSS JOIN LATERAL (SELECT COALESCE((SELECT amount FROM balances WHERE user_id = n.user_id AND token = 'hexo'), 0) AS amount) h
      CROSS JOIN LATERAL (SELECT COALESCE((SELECT amount FROM balances WHERE user_id = n.user_id AND token = 'food'), 0) AS amount) f
      WHERE n.gold_hexo + n.fren_food > 0
    ) x WHERE days < ${LOW_BALANCE_WARNING_DAYS.toString()}::numeric ORDER BY user_id`);
}

/** Ready-to-upgrade notices (docs/game-rules.md §3): toolkit held (or refunded today), size allows, none in progress; once per level. */
async function notifyReadyToUpgrade(tx: Orm, day: string, end: Date): Promise<void> {
  await exec(tx, sql`WITH owners AS (
      SELECT l.id AS land_id, l.hex_name, l.goldmine_level AS level, ${capCase('goldmine')} AS cap, o.user_id
      FROM _own o JOIN lands l ON l.id = o.land_id
      WHERE l.goldmine_level IS NOT NULL AND l.goldmine_level < ${GOLDMINE_MAX_LEVEL}::int
    ), items AS (
      -- what a player holds (or gets back today), as one set: joined by hash, not probed per land
      SELECT user_id, item_key FROM user_items WHERE amount > 0
      UNION
      SELECT user_id, substr(asset, 6) FROM settle_credits WHERE pass = 'salaries' AND asset LIKE 'item:%'
    ), ready AS (
      SELECT o.* FROM owners o
      JOIN items i ON i.user_id = o.user_id AND i.item_key = ${upgradeItemSql('goldmine', sql`o.level + 1`)}
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
 * The shop royalty's shares (docs/game-rules.md §6; model: `shopRoyalty` in packages/game), staged for the
 * credit batches: per token, the pool ⌊day's sales × 5 / 100⌋ shared ⌊pool × lands / all lands⌋
 * among land owners, the remainder one base unit each to the owners with the most lands (ties:
 * smaller user id).
 */
async function stageShopRoyalty(tx: Orm, day: string): Promise<void> {
  await exec(tx, sql`INSERT INTO settle_credits (pass, user_id, asset, amount, reason, reference, lands)
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
    SELECT 'credits', s.user_id, s.token, s.base + CASE WHEN s.rank <= rest.r THEN 1 ELSE 0 END, 'shop_royalty', ${day}::text, s.lands::int
    FROM shares s JOIN rest ON rest.token = s.token`);
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

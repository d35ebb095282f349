/**
 * The daily tick (docs/architecture.md §4; rules: docs/game-rules.md §1.5–§1.6): at 00:00 UTC the
 * day that ended is settled for the whole world, as set-based SQL in short transactions. Its steps,
 * in the order {@link settleDay} runs them (one file each, in this folder unless named):
 *
 * | #  | step                 | function (file)                                   | transaction       | reads                                                                                                                  | writes                                                                                 | model (`packages/game` `settleDay`) |
 * |----|----------------------|---------------------------------------------------|-------------------|------------------------------------------------------------------------------------------------------------------------|----------------------------------------------------------------------------------------|-------------------------------------|
 * | 1  | sales closed         | `closeDaySales` (modules/vendor/repository.ts)    | its own           | `app_settings` (`royalty_gate`)                                                                                        | `app_settings` (`royalty_gate` = the day)                                              | `royaltyDay`                        |
 * | 2  | run opened           | `openRun` (run.ts)                                | staging           | `game_days`, `settlement_runs`                                                                                         | empties `settle_user`, `settle_user_eff`, `settle_credits`, `settle_seen`              | —                                   |
 * | 3  | land owners          | `stageLandOwners` (land-owners.ts)                | staging           | `lands`, `holdings`                                                                                                    | temp `land_owners`                                                                     | (owner of each land)                |
 * | 4  | Staking Hub          | `stageStaking` (staking.ts)                       | staging           | `users`, `holdings`, `holding_counts`, `holding_deltas`, `collections`, `snapshot_collections`, `mining_tools`, `land_owners` | `staking_snapshots`, `snapshot_collections`, `holding_counts`, `staking_daily`   | `settleStaking`                     |
 * | 5  | upgrades finish      | `finishUpgrades` (upgrades.ts)                    | staging           | `mine_upgrades`, `lands`, `land_owners`                                                                                | `mine_upgrades`, `lands`, `settle_credits` (refunds), `notifications`                  | `finishUpgrades`                    |
 * | 6  | workers leave        | `releaseWorkers` (workers-leave.ts)               | staging           | `snapshot_collections`, `staking_snapshots`, `holdings_left`, `holdings`, `lands`, `mine_workers`, `land_owners`        | `holdings_left`, `mine_workers`, `notifications`                                       | `releaseWorkers`                    |
 * | 7  | salaries staged      | `stageSalaries` (salaries.ts, rosters.ts)         | staging           | `users`, `mine_workers`, `balances`, `staking_daily`, `mine_rosters`, `roster_changes`, `lands`, `mine_daily`            | `settle_seen`, `mine_rosters`, `roster_changes`, `mine_daily`, `settle_user`, `settle_user_eff` | `payMines` (salaries)        |
 * | 8  | ready notices        | `notifyReadyToUpgrade` (ready-notices.ts)         | staging           | `land_owners`, `lands`, `user_items`, `settle_credits`, `mine_upgrades`, `mine_ready_notices`                           | `mine_ready_notices`, `notifications`                                                  | `notifyReadyToUpgrade`              |
 * | 9  | royalty shares       | `stageShopRoyalty` (royalty.ts)                   | staging           | `vendor_purchases`, `land_owners`                                                                                      | `settle_credits` (pass 'credits')                                                      | `payShopRoyalty` (shares)           |
 * | 10 | run recorded         | `recordRun` (run.ts)                              | staging           | `users`                                                                                                                | `settlement_runs` (phase 'salaries')                                                   | —                                   |
 * | 11 | salaries charged     | `chargeSalaries` (salary-batch.ts)                | each salary batch | `balances` (locked), `settle_seen`, `staking_daily`, `settle_user`, `settle_credits`; a moved player's workers           | `ledger_entries`, `balances`; a moved player's `mine_daily`, `settle_user`, `settle_user_eff` | `settleStaking`, `finishUpgrades` (credits), `payMines` (salaries) |
 * | 12 | staking reports      | `notifyStakingBatch` (staking.ts)                 | each salary batch | `staking_daily`                                                                                                        | `notifications`                                                                        | `settleStaking`                     |
 * | 13 | low-balance warnings | `warnLowBalances` (low-balance.ts)                | each salary batch | `settle_user`, `balances`                                                                                              | `notifications`                                                                        | `warnLowBalances`                   |
 * | 14 | worked weight        | `closeSalaries` (close-salaries.ts)               | its own           | `settle_user_eff`                                                                                                      | `settlement_runs` (phase 'credits', each kind's worked weight)                         | `payMines` (pools)                  |
 * | 15 | credits paid         | `payCredits` (credit-batch.ts)                    | each credit batch | `settle_user`, `settle_user_eff`, `settle_credits`                                                                     | `notifications`, `ledger_entries`, `balances`                                          | `payMines` (pools, reports), `payShopRoyalty` |
 * | 16 | day settled          | `finishDay` (finish.ts)                           | its own           | `settlement_runs`, `settle_user_eff`, `settle_user`                                                                    | `mine_day_totals`, `game_days`; empties the `settle_*` tables, old `settlement_batches` | `dayTotals`                         |
 *
 * Transactions: steps 2–10 are one staging transaction (advisory lock `kingdom.settlement`, no
 * balance locked; every salary computed from the balances it read). Steps 11–13 run per batch of
 * {@link SETTLE_BATCH_USERS} players by user id, their balances locked for that batch only, and
 * step 15 likewise; each batch commits with its claim in `settlement_batches`. A salary batch
 * computes a player whose HEXO or FOOD moved since staging again (docs/game-rules.md §1.6).
 * Temp tables (`land_owners`, …) live until their transaction ends; each step's signature names the
 * ones it reads (`TempTable`, ./context.ts). Rule numbers come from `packages/game` (`./rule-sql.ts`); the
 * kept rosters are `./rosters.ts` (`warmRosters` runs between ticks).
 *
 * Exactly once: the run row is claimed under the advisory lock, each batch commits with its claim,
 * and `game_days` is written last; a run stopped at any point (kill -9 included) is resumed by the
 * next tick, and a finished day is never settled again. The pure model `settleDay(world, day)` of
 * `packages/game` settles the same day; a property test requires the same ledger entries,
 * notifications, report rows, slots and totals on PGlite and Postgres.
 */
import { sql } from 'drizzle-orm';
import { dueDays, type MineKind } from '@kingdom/game';
import { exec, type Database } from '../../db/client.ts';
import { closeDaySales } from '../../modules/vendor/repository.ts';
import { claimBatch, eachBatch, readRun, settlingDay, type Run, type SettlingDay, type Staging } from './context.ts';
import { closeSalaries } from './close-salaries.ts';
import { payCredits } from './credit-batch.ts';
import { finishDay, type DaySettled } from './finish.ts';
import { stageLandOwners } from './land-owners.ts';
import { warnLowBalances } from './low-balance.ts';
import { SETTLE_BATCH_USERS, SETTLE_LANES, SETTLE_PARALLEL_WORKERS, type SettleOptions, type SettlementStep } from './options.ts';
import { notifyReadyToUpgrade } from './ready-notices.ts';
import { stageShopRoyalty } from './royalty.ts';
import { openRun, recordRun } from './run.ts';
import { chargeSalaries } from './salary-batch.ts';
import { stageSalaries } from './salaries.ts';
import { notifyStakingBatch, stageStaking } from './staking.ts';
import { finishUpgrades } from './upgrades.ts';
import { releaseWorkers } from './workers-leave.ts';

export { SETTLE_BATCH_USERS, SETTLE_LANES, SETTLE_PARALLEL_WORKERS, type SettleOptions, type SettlementStep } from './options.ts';
export { ROSTER_WARM_EVERY_MS, refreshRosters, warmRosters } from './rosters.ts';
export { COUNT_BITS, weightCodes } from './rule-sql.ts';
export type { DaySettled } from './finish.ts';
export type { TempTable } from './context.ts';

/**
 * Settles one game day (UTC date), or finishes a run of it that stopped: the steps of the table
 * above, in order. No player waits on the tick: nothing locks a balance for longer than one batch.
 * @returns null when the day was already settled (by this or another process)
 * @throws whatever a step throws; the steps committed so far stay, and the next run resumes
 */
export async function settleDay(db: Database, day: string, opts: SettleOptions = {}): Promise<DaySettled | null> {
  const d = settlingDay(day);
  const step = async (s: SettlementStep) => opts.onStep?.(s);
  // Step 1, in a short transaction of its own (no lock held during the tick): purchases that read
  // the day as open commit before it; later ones count the next day.
  await closeDaySales(db.orm, day);
  let run = await stage(db, d, opts.batchUsers ?? SETTLE_BATCH_USERS, opts.parallelWorkers ?? SETTLE_PARALLEL_WORKERS);
  if (!run) return null;
  await step('staged');
  const lanes = db.kind === 'pglite' ? 1 : Math.max(1, Math.floor(opts.lanes ?? SETTLE_LANES));
  if (run.phase === 'salaries') {
    const size = run.batch_users;
    await eachBatch(run, lanes, async (lo) => {
      const did = await claimBatch(db, day, 'salaries', lo, async (tx) => {
        const b = { ...d, tx, lo, hi: lo + size };
        await chargeSalaries(b);
        await notifyStakingBatch(b);
        await warnLowBalances(b);
      });
      if (did) await step('salaries');
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
    if (await claimBatch(db, day, 'credits', lo, (tx) => payCredits({ ...d, tx, lo, hi: lo + size }, eff))) await step('credits');
  });
  return finishDay(db, d);
}

/**
 * Steps 2–10, one transaction: the day's run (or the run already under way, returned as is).
 * @returns null when the day is already settled
 */
async function stage(db: Database, d: SettlingDay, batchUsers: number, parallelWorkers: number): Promise<Run | null> {
  return db.orm.transaction(async (tx) => {
    const s: Staging = { ...d, tx };
    const opened = await openRun(s, db.kind, parallelWorkers);
    if (opened === 'settled') return null;
    if (opened !== 'new') return opened;
    const owners = await stageLandOwners(s);
    await stageStaking(s, owners);
    await finishUpgrades(s, owners);
    await releaseWorkers(s, owners);
    await stageSalaries(s);
    await notifyReadyToUpgrade(s, owners);
    await stageShopRoyalty(s, owners);
    return recordRun(s, batchUsers);
  });
}

/**
 * Settles every due day in order (a missed week is caught up day by day), each with
 * {@link settleDay}. Safe to call from several processes at once.
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


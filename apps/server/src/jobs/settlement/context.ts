/**
 * What the tick's steps share (docs/architecture.md §4): the day being settled, the transaction a
 * step runs in, the temp tables one step leaves for the next, and the run's bookkeeping
 * (`settlement_runs`, `settlement_batches`). The steps themselves are listed in `./index.ts`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, dayStart } from '@kingdom/game';
import { exec, execNamed, type Database, type Orm } from '../../db/client.ts';

/** The game day being settled: `day` (UTC `YYYY-MM-DD`) runs over [`start`, `end`). */
export interface SettlingDay {
  day: string;
  start: Date;
  end: Date;
}

/** The day's bounds as instants. */
export function settlingDay(day: string): SettlingDay {
  return { day, start: new Date(dayStart(day)), end: new Date(dayStart(addDays(day))) };
}

/**
 * A temp table of the current transaction (`ON COMMIT DROP`), named for what it holds. The step
 * that creates it returns it; the steps that read it take it as a parameter, so their signatures
 * show what they need. `Row` names its columns (documentation: the SQL reads them by name).
 */
export interface TempTable<Row> {
  /** The table's name, as written in SQL. */
  readonly ref: SQL;
  /** Never set: carries the row type. */
  readonly row?: Row;
}

/** Names a temp table (a fixed identifier of this folder, never input). */
export function tempTable<Row>(name: string): TempTable<Row> {
  return { ref: sql.raw(name) };
}

/** The staging transaction (one, advisory lock `kingdom.settlement`, no balance locked). */
export interface Staging extends SettlingDay {
  tx: Orm;
}

/** A salary or credit batch: the players with user ids in [`lo`, `hi`), one transaction. */
export interface Batch extends SettlingDay {
  tx: Orm;
  lo: number;
  hi: number;
}

/** SQL: `col` is a user id of the batch [lo, hi). */
export const inBatch = (col: SQL, b: Pick<Batch, 'lo' | 'hi'>) => sql`${col} >= ${b.lo}::int AND ${col} < ${b.hi}::int`;

/**
 * Locks the balances of the batch's players in (user, token) order, the order every writer takes
 * them in (`lockBalances` in the ledger module), so the tick and a player's write never deadlock;
 * in a salary batch, also so that what a salary reads is what it debits.
 */
export async function lockBatchBalances(b: Batch): Promise<void> {
  await execNamed(b.tx, sql`SELECT 1 FROM balances WHERE ${inBatch(sql`user_id`, b)} ORDER BY user_id, token FOR UPDATE`);
}

/** `work_mem` of the staging transaction: PGlite's memory is the Node process's own. */
const SETTLEMENT_WORK_MEM = { postgres: '256MB', pglite: '64MB' } as const;

/** Settings of a transaction that reads the whole world (staging, the rosters' warm-up). */
export async function wholeWorldSettings(tx: Orm, kind: Database['kind'], parallelWorkers: number): Promise<void> {
  // Whole-world hashes and sorts fit in memory instead of spilling; the planner's guesses on
  // fresh temp tables would otherwise trigger JIT compilation that costs more than it saves.
  await exec(tx, sql.raw(`SET LOCAL work_mem = '${SETTLEMENT_WORK_MEM[kind]}'`));
  await exec(tx, sql`SET LOCAL jit = off`);
  if (kind === 'postgres') await exec(tx, sql.raw(`SET LOCAL max_parallel_workers_per_gather = ${Math.max(0, Math.floor(parallelWorkers))}`));
}

/** Takes the settlement's advisory lock until the end of `tx` (staging and the rosters' warm-up take it). */
export async function lockSettlement(tx: Orm): Promise<void> {
  await exec(tx, sql`SELECT pg_advisory_xact_lock(hashtext('kingdom.settlement'))`);
}

/** The in-progress run of a day (`settlement_runs`). */
export interface Run {
  phase: 'salaries' | 'credits';
  max_user: number;
  batch_users: number;
}

/** The day's run row, or null when none is under way. */
export async function readRun(tx: Orm, day: string): Promise<Run | null> {
  const [run] = await exec<Run>(tx, sql`SELECT phase, max_user, batch_users FROM settlement_runs WHERE day = ${day}`);
  return run ?? null;
}

/**
 * Runs `work` for the first user id of every batch of `run`, in increasing order, on `lanes` at once.
 * After a failure no further batch starts; the first error is thrown once the running ones end.
 */
export async function eachBatch(run: Run, lanes: number, work: (lo: number) => Promise<void>): Promise<void> {
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

/**
 * Runs a batch's `work` in one transaction, once: the batch's claim row (`settlement_batches`)
 * commits with its work (a second runner waits for it, then skips). A run row of another phase (or
 * none: the day finished meanwhile) means there is nothing left to do.
 * @returns whether this call did the batch
 */
export async function claimBatch(db: Database, day: string, pass: Run['phase'], lo: number, work: (tx: Orm) => Promise<void>): Promise<boolean> {
  return db.orm.transaction(async (tx) => {
    const claimed = await execNamed(tx, sql`INSERT INTO settlement_batches (day, pass, first_user) VALUES (${day}, ${pass}, ${lo})
      ON CONFLICT DO NOTHING RETURNING first_user`);
    if (claimed.length === 0) return false;
    // Asynchronous commit: a batch lost in a database crash is lost whole, claim included, and the
    // next run redoes it; a write that saw its effects and committed flushed it first (WAL order).
    const [run] = await execNamed(tx, sql`SELECT set_config('jit', 'off', true), set_config('synchronous_commit', 'off', true)
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

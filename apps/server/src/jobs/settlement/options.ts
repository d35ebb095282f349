/** The tick's options and their defaults (docs/operator-guide.md: the tick's settings). */

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
 * the runs' noise either way (31–33 ms at 250, 24–49 ms at 500). Since issue 41 (idle machine,
 * 2026-12-02, bench/settlement.ts at 1M lands): 500 players, salaries + credits 8.2 s (day 1) and
 * 8.5 s (day 2), the players' writes during the tick p99 44 ms; 2,000 players, 6.8 and 6.7 s
 * (each batch ~80 ms), writes p99 24 and 44 ms in two runs (while salaries run 51 and 28 ms, max
 * 101 and 90 ms).
 */
export const SETTLE_BATCH_USERS = 2_000;

/**
 * Batches of a pass run at once on Postgres (`SETTLE_LANES` in the environment). One by default: on
 * the 2-core machine the bench runs on, a second lane took the core the players' writes needed.
 * Day 2 of a 1M-land world with 200 writes/s, two runs each: one lane, salaries + credits 12.0 s,
 * writes p99 16 ms; two lanes, 9.2–12.7 s, writes p99 34–95 ms. Disjoint players share no balance
 * lock, so a database with cores to spare may run more.
 */
export const SETTLE_LANES = 1;

/**
 * Steps "run opened" and "run recorded" (the first and last statements of the staging transaction;
 * docs/architecture.md §4): the day's run is claimed under the settlement's advisory lock, so a day
 * is staged once; its row (`settlement_runs`) commits with everything staged, and the batches
 * follow it.
 */
import { sql } from 'drizzle-orm';
import { exec, type Database } from '../../db/client.ts';
import { lockSettlement, readRun, wholeWorldSettings, type Run, type Staging } from './context.ts';

/**
 * Takes the advisory lock `kingdom.settlement` and tells whether the day is to be staged: 'settled'
 * (in `game_days`), the run already under way (staged by an earlier call), or 'new' — then the
 * staging tables are emptied and the transaction set up for whole-world statements.
 * Reads `game_days`, `settlement_runs`; empties `settle_user`, `settle_user_eff`, `settle_credits`, `settle_seen`.
 * @throws Error when another day's run is unfinished (days are settled in order)
 */
export async function openRun(s: Staging, kind: Database['kind'], parallelWorkers: number): Promise<Run | 'settled' | 'new'> {
  const { tx, day } = s;
  await lockSettlement(tx);
  if ((await exec(tx, sql`SELECT 1 FROM game_days WHERE day = ${day}`)).length > 0) return 'settled';
  const existing = await readRun(tx, day);
  if (existing) return existing;
  const [other] = await exec<{ day: string }>(tx, sql`SELECT day FROM settlement_runs LIMIT 1`);
  if (other) throw new Error(`the settlement of ${other.day} is not finished; settle it before ${day}`);
  await wholeWorldSettings(tx, kind, parallelWorkers);
  await exec(tx, sql`TRUNCATE settle_user, settle_user_eff, settle_credits, settle_seen`);
  return 'new';
}

/**
 * Ends staging: the staging tables analyzed (the batches' range reads are planned from them;
 * without statistics they are guessed tiny) and the run row written, in the salary phase, with
 * batches of `batchUsers` players up to the largest user id. Reads `users`; writes `settlement_runs`.
 */
export async function recordRun(s: Staging, batchUsers: number): Promise<Run> {
  const { tx, day } = s;
  await exec(tx, sql`ANALYZE settle_user, settle_user_eff, settle_seen, settle_credits`);
  const [max] = await exec<{ n: number }>(tx, sql`SELECT COALESCE(max(id), 0)::int AS n FROM users`);
  const run: Run = { phase: 'salaries', max_user: max!.n, batch_users: Math.max(1, Math.floor(batchUsers)) };
  await exec(tx, sql`INSERT INTO settlement_runs (day, phase, max_user, batch_users) VALUES (${day}, ${run.phase}, ${run.max_user}, ${run.batch_users})`);
  return run;
}

/**
 * The last run of each background job (`job_runs`, migration 0035), written by the process that ran
 * it, so the console's operations page shows every job's last run, duration and outcome whichever
 * server ran it.
 */
import { sql } from 'drizzle-orm';
import { exec, type Orm } from './client.ts';

/** Records one run of `job` (`seconds` wall-clock, `ok` false when it threw) by `holder`. */
export async function recordJobRun(orm: Orm, job: string, seconds: number, ok: boolean, holder: string | null): Promise<void> {
  const ms = Math.min(2_147_483_647, Math.max(0, Math.round(seconds * 1000)));
  await exec(orm, sql`INSERT INTO job_runs (name, last_run_at, duration_ms, ok, holder, runs, failures)
    VALUES (${job}, now(), ${ms}, ${ok}, ${holder}, 1, ${ok ? 0 : 1})
    ON CONFLICT (name) DO UPDATE SET last_run_at = EXCLUDED.last_run_at, duration_ms = EXCLUDED.duration_ms, ok = EXCLUDED.ok,
      holder = EXCLUDED.holder, runs = job_runs.runs + 1, failures = job_runs.failures + EXCLUDED.failures`);
}

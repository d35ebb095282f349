/**
 * The operations page (docs/operator-guide.md "The console"): background jobs (their lease, and the
 * last run every process records in `job_runs` when that table exists), the daily tick's progress,
 * the watchers' positions, price ages, world import runs, live server processes (`server_processes`,
 * when the process registry's migration ran), the database's size and migration level.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { ConsoleOperationsResponse, MaintenanceState } from '@kingdom/api';
import { exec, MIGRATIONS_FOLDER, type Database } from '../../db/client.ts';

/** The migration tag of a `__drizzle_migrations.created_at` (the journal's `when`), or the number itself. */
function migrationTag(createdAt: string | number): string {
  try {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
    return journal.entries.find((e) => e.when === Number(createdAt))?.tag ?? String(createdAt);
  } catch {
    return String(createdAt);
  }
}

const isoOrNull = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v).toISOString());

async function tableExists(db: Database, name: string): Promise<boolean> {
  const [row] = await exec<{ ok: boolean }>(db.orm, sql`SELECT to_regclass(${name}) IS NOT NULL AS ok`);
  return row?.ok === true;
}

/** The daily tick's job name (server.ts `TICK_JOB`; not imported: server.ts is above the modules). */
const TICK_JOB_NAME = 'tick';

/**
 * When job `name` runs next, as far as the schedule says: the daily tick (`tick`) settles a day at
 * its first run after 00:00 UTC, so the next 00:00 UTC after `now` (game time); every other job
 * (the watchers, the price job, achievements, …) its interval `everyMs` after its last run (a time
 * already past: the job is late). Null when the interval or the last run is unknown.
 */
export function nextRunAt(name: string, lastRunAt: Date | null, everyMs: number | undefined, now: Date): string | null {
  if (name === TICK_JOB_NAME) return new Date(Math.floor(now.getTime() / 86_400_000 + 1) * 86_400_000).toISOString();
  if (everyMs === undefined || everyMs <= 0 || lastRunAt === null) return null;
  return new Date(lastRunAt.getTime() + everyMs).toISOString();
}

/**
 * The operations page at `now`; `priceMaxAgeMs`: when a price counts as stale; `everyMs`: each job's
 * interval in this process's scheduler (ms; for `next_run_at`, {@link nextRunAt}).
 */
export async function operations(db: Database, now: Date, p: { priceMaxAgeMs: number; maintenance: MaintenanceState; tips: { cardano: number | null }; everyMs?: (name: string) => number | undefined }): Promise<ConsoleOperationsResponse> {
  const orm = db.orm;
  const [leases, lastDay, run, prices, imports, cursors, solCursors, migration] = await Promise.all([
    exec<{ name: string; holder: string; acquired_at: Date | string; expires_at: Date | string }>(orm, sql`SELECT name, holder, acquired_at, expires_at FROM job_leases ORDER BY name`),
    exec<{ day: string | null }>(orm, sql`SELECT max(day) AS day FROM game_days`),
    exec<{ day: string; phase: string; started_at: Date | string; batches: number; max_user: number; batch_users: number }>(orm, sql`
      SELECT r.day, r.phase, r.started_at, r.max_user, r.batch_users,
        (SELECT count(*)::int FROM settlement_batches b WHERE b.day = r.day) AS batches
      FROM settlement_runs r ORDER BY r.day DESC LIMIT 1`),
    exec<{ token: string; seen_at: Date | string | null; source: string | null }>(orm, sql`SELECT token, seen_at, source FROM currency_prices ORDER BY token`),
    exec<{ id: number; started_at: Date | string; finished_at: Date | string | null; phase: string; counts: unknown }>(orm, sql`
      SELECT id, started_at, finished_at, phase, counts FROM world_import_runs ORDER BY id DESC LIMIT 10`),
    exec<{ name: string; height: number }>(orm, sql`SELECT name, height FROM chain_cursor ORDER BY name`),
    exec<{ address: string; slot: string | number }>(orm, sql`SELECT address, slot FROM solana_cursor ORDER BY address`),
    exec<{ hash: string; created_at: string | number }>(orm, sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`).catch(() => []),
  ]);
  const runs = (await tableExists(db, 'job_runs'))
    ? await exec<{ name: string; last_run_at: Date | string; duration_ms: number; ok: boolean; last_error: string | null }>(orm, sql`
      SELECT name, last_run_at, duration_ms, ok, CASE WHEN ok THEN NULL ELSE failures || ' failed runs of ' || runs END AS last_error FROM job_runs`)
    : [];
  const names = [...new Set([...leases.map((l) => l.name), ...runs.map((r) => r.name)])].sort();
  const jobs = names.map((name) => {
    const l = leases.find((x) => x.name === name);
    const r = runs.find((x) => x.name === name);
    const live = l ? new Date(l.expires_at).getTime() > Date.now() : false;
    return {
      name, last_run_at: isoOrNull(r?.last_run_at), duration_ms: r ? Number(r.duration_ms) : null, ok: r ? r.ok : null, last_error: r?.last_error ?? null,
      lease_holder: l && live ? l.holder : null, lease_expires_at: isoOrNull(l?.expires_at),
      next_run_at: nextRunAt(name, r ? new Date(r.last_run_at) : null, p.everyMs?.(name), now),
    };
  });
  const processes = (await tableExists(db, 'server_processes'))
    ? (await exec<Record<string, unknown>>(orm, sql`SELECT * FROM server_processes`)).map((r) => ({
      id: String(r.id ?? r.process_id ?? r.name ?? ''), release: (r.release ?? r.version ?? null) as string | null, host: (r.host ?? r.hostname ?? null) as string | null,
      started_at: isoOrNull(r.started_at as string | null), seen_at: isoOrNull((r.seen_at ?? r.heartbeat_at ?? r.last_seen_at) as string | null),
    }))
    : [];
  const [size] = db.kind === 'postgres'
    ? await exec<{ size: string }>(orm, sql`SELECT pg_database_size(current_database())::text AS size`).catch(() => [{ size: null as unknown as string }])
    : [{ size: null as unknown as string }];
  const r = run[0];
  const tip = p.tips.cardano;
  return {
    now: now.toISOString(),
    jobs,
    tick: {
      last_settled_day: lastDay[0]?.day ?? null,
      run: r ? {
        day: r.day, phase: r.phase, batches_done: r.batches, batches_total: r.batch_users > 0 ? Math.ceil(r.max_user / r.batch_users) * 2 : null,
        started_at: isoOrNull(r.started_at), finished_at: lastDay[0]?.day && lastDay[0].day >= r.day ? isoOrNull(r.started_at) : null,
      } : null,
    },
    watchers: [
      ...cursors.map((c) => ({ name: c.name, chain: 'cardano' as const, position: c.height, tip, lag: tip === null ? null : Math.max(0, tip - c.height) })),
      ...solCursors.map((c) => ({ name: `solana:${c.address}`, chain: 'solana' as const, position: Number(c.slot), tip: null, lag: null })),
    ],
    prices: prices.map((x) => {
      const age = x.seen_at === null ? null : Math.max(0, (now.getTime() - new Date(x.seen_at).getTime()) / 1000);
      return { token: x.token, seen_at: isoOrNull(x.seen_at), age_seconds: age, stale: age === null || age * 1000 > p.priceMaxAgeMs, source: x.source };
    }),
    world_imports: imports.map((i) => ({
      id: i.id, started_at: new Date(i.started_at).toISOString(), finished_at: isoOrNull(i.finished_at), phase: i.phase,
      counts: (typeof i.counts === 'string' ? JSON.parse(i.counts) : i.counts ?? {}) as Record<string, unknown>,
    })),
    processes,
    database: { size_bytes: size?.size ?? null, migration: migration[0] ? migrationTag(migration[0].created_at) : 'unknown', kind: db.kind },
    maintenance: p.maintenance,
  };
}

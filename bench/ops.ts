/**
 * `ops.ready_ms` (docs/architecture.md §6): milliseconds from spawning the compiled server (`node
 * apps/server/dist/main.js`) to its first 200 from `GET /api/health/ready` (database migrated, demo
 * world present), on the demo world with PGlite — the median of three starts on an existing data
 * folder (goal ≤ 5,000 ms), beside the first start on an empty one (`ready_ms_fresh`, median of three new folders: the build's migrated empty database copied in, and
 * the demo world's seeding) and the same two on PostgreSQL. `ready_profile` splits a start on the
 * existing folder into its steps (bench/profile-startup.ts, under tsx: its module loading is slower
 * than the bundle's); the emulator's replay of its logged blocks is in `chain_providers_ms`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../tools/pg-cluster.ts';
import { REPO_ROOT } from '../tools/kingdom-server.ts';
import { KingdomClient } from '../tools/kingdom-client.ts';
import { buildServer } from '../tools/cluster.ts';

/** Goal of docs/architecture.md §6: ready within 5 s on the demo world. */
export const GOAL_READY_MS = 5_000;
const STARTS = 3;

export interface OpsReadyEntry {
  /** Median ms to ready over {@link STARTS} starts on an existing PGlite data folder (the key the goal is on). */
  ready_ms: number;
  ready_ms_runs: number[];
  /** First start on an empty PGlite data folder (demo world seeding): median of {@link STARTS}, each on a new folder. */
  ready_ms_fresh: number;
  ready_ms_fresh_runs?: number[];
  /** The same on PostgreSQL (existing database: median of {@link STARTS}; fresh: first start), when one was given. */
  ready_ms_postgres?: number;
  ready_ms_fresh_postgres?: number;
  /** Steps of one start on the existing PGlite folder, ms (null when the profile could not run). */
  ready_profile: Record<string, number | string> | null;
  at: string;
}

/** Environment of a measured server: quiet, no background blocks, no network. */
function serverEnv(extra: Record<string, string>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of ['DATABASE_URL', 'TEST_DATABASE_URL', 'BENCH_DATABASE_URL', 'DATA_DIR', 'NODE_OPTIONS', 'VITEST', 'NODE_ENV']) delete env[key];
  return { ...env, HOST: '127.0.0.1', DEMO: 'true', LOG_LEVEL: 'warn', PRICE_SERVICE_URL: '', ...extra };
}

/** Spawns the compiled server, returns ms until `/api/health/ready` answers 200, then stops it (SIGTERM). */
async function timeToReady(extra: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js')], { cwd: REPO_ROOT, env: serverEnv({ ...extra, PORT: String(port) }), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr = (stderr + String(d)).slice(-3000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const ready = new KingdomClient(`http://127.0.0.1:${port}`);
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited before ready: ${stderr}`);
      if (performance.now() - started > 180_000) throw new Error(`server not ready in 180 s: ${stderr}`);
      try {
        const res = await ready.send('healthReady');
        if (res.status === 200) return Math.round(performance.now() - started);
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs the profile of one start (bench/profile-startup.ts) on `env`; null on failure. */
function profile(env: Record<string, string>): Record<string, number | string> | null {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'bench', 'profile-startup.ts')], { cwd: REPO_ROOT, env: serverEnv(env), encoding: 'utf8' });
  if (r.status !== 0) return null;
  try {
    return JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as Record<string, number | string>;
  } catch {
    return null;
  }
}

/** A fresh database on the PostgreSQL at `baseUrl`; `drop` removes it. */
async function freshDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kingdom_ready_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Measures start → ready of the compiled server (building it first when needed).
 * @param pgUrl a PostgreSQL to measure on as well (a fresh database is created and dropped)
 */
export async function runReadyBench(pgUrl: string | undefined, log: (line: string) => void): Promise<OpsReadyEntry> {
  buildServer();
  const scratch = mkdtempSync(join(tmpdir(), 'kingdom-ready-'));
  const dataDir = join(scratch, 'data');
  const chainEnv = { EMULATOR_BLOCK_MS: '0' };
  try {
    log('ops: first start on an empty PGlite folder');
    const freshRuns: number[] = [];
    for (let i = 1; i < STARTS; i++) freshRuns.push(await timeToReady({ DATA_DIR: join(scratch, `empty-${i}`), ...chainEnv }));
    // the last one leaves the folder the existing-folder starts use
    freshRuns.push(await timeToReady({ DATA_DIR: dataDir, ...chainEnv }));
    const fresh = median(freshRuns);
    log(`ops: first starts on empty folders ${freshRuns.join(', ')} ms`);
    const runs: number[] = [];
    for (let i = 0; i < STARTS; i++) runs.push(await timeToReady({ DATA_DIR: dataDir, ...chainEnv }));
    log(`ops: ready in ${runs.join(', ')} ms (existing folder), ${fresh} ms (empty)`);
    const readyProfile = profile({ DATA_DIR: dataDir, ...chainEnv });
    const entry: OpsReadyEntry = { ready_ms: median(runs), ready_ms_runs: runs, ready_ms_fresh: fresh, ready_ms_fresh_runs: freshRuns, ready_profile: readyProfile, at: new Date().toISOString() };
    if (pgUrl) {
      const db = await freshDatabase(pgUrl);
      try {
        entry.ready_ms_fresh_postgres = await timeToReady({ DATABASE_URL: db.url, ...chainEnv });
        const pgRuns: number[] = [];
        for (let i = 0; i < STARTS; i++) pgRuns.push(await timeToReady({ DATABASE_URL: db.url, ...chainEnv }));
        entry.ready_ms_postgres = median(pgRuns);
        log(`ops: postgres ready in ${pgRuns.join(', ')} ms (existing database), ${entry.ready_ms_fresh_postgres} ms (empty)`);
      } finally {
        await db.drop();
      }
    }
    return entry;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The table's lines about start-up. */
export function opsLines(e: OpsReadyEntry): string[] {
  const lines = [
    `ready (compiled server, PGlite demo world, existing folder) = ${e.ready_ms} ms (runs ${e.ready_ms_runs.join(', ')})   goal ≤ ${GOAL_READY_MS}  ${e.ready_ms <= GOAL_READY_MS ? 'ok  ' : 'MISS'}`,
    `  empty folder (demo world seeding) = ${e.ready_ms_fresh} ms${e.ready_ms_fresh_runs ? ` (runs ${e.ready_ms_fresh_runs.join(', ')})` : ''}   goal ≤ ${GOAL_READY_MS}  ${e.ready_ms_fresh <= GOAL_READY_MS ? 'ok  ' : 'MISS'}`,
  ];
  if (e.ready_ms_postgres !== undefined) lines.push(`  postgres: existing database ${e.ready_ms_postgres} ms, empty ${String(e.ready_ms_fresh_postgres)} ms`);
  if (e.ready_profile) lines.push(`  steps (tsx): ${Object.entries(e.ready_profile).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  return lines;
}

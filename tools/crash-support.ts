/**
 * Helpers of the kill -9 tests (tools/*-crash.test.ts): a child process to kill, the backend of a
 * transaction held at a table by a test's SHARE lock, and the clean-up of a shared server's database.
 * Postgres only.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

/** A running child: `ready` at its first `ready` line, `done` when it exits (its code, or the signal's name). */
export interface CrashChild {
  ready: Promise<void>;
  done: Promise<number | string>;
  /** What it printed to stdout so far. */
  out: () => string;
  kill: () => void;
}

/** Starts `tools/<script>` under tsx with `args`; its stderr is printed when it exits with a non-zero code. */
export function spawnCrashChild(script: string, args: readonly string[]): CrashChild {
  const p = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let onReady!: () => void;
  const ready = new Promise<void>((resolve) => { onReady = resolve; });
  p.stdout.on('data', (d: Buffer) => { out += d.toString(); if (out.includes('ready\n')) onReady(); });
  p.stderr.on('data', (d: Buffer) => { err += d.toString(); });
  const done = new Promise<number | string>((resolve) => p.on('exit', (code, signal) => {
    if (code && code !== 0) console.error(err.slice(-3000));
    onReady();
    resolve(signal ?? code ?? -1);
  }));
  return { ready, done, out: () => out, kill: () => p.kill('SIGKILL') };
}

/**
 * Polls (every 10 ms, at most 30 s) for the backend waiting on `table` (held by `holder`'s lock), with
 * the tables of `written` it holds a ROW EXCLUSIVE lock on (what its transaction wrote), sorted.
 * @returns undefined when no backend came to wait
 */
export async function blockedWriter(holder: pg.Client, table: string, written: readonly string[]): Promise<{ pid: number; written: string[] } | undefined> {
  for (let i = 0; i < 3000; i++) {
    const { rows } = await holder.query<{ pid: number; written: string[] }>(`
      SELECT w.pid, array(SELECT c.relname::text FROM pg_locks h JOIN pg_class c ON c.oid = h.relation
        WHERE h.pid = w.pid AND h.granted AND h.mode = 'RowExclusiveLock' AND c.relname = ANY($2::text[]) ORDER BY 1) AS written
      FROM pg_locks w JOIN pg_class r ON r.oid = w.relation
      WHERE r.relname = $1 AND NOT w.granted AND w.pid <> pg_backend_pid()`, [table, written]);
    if (rows[0]) return rows[0];
    await new Promise((r) => setTimeout(r, 10));
  }
  return undefined;
}

/** Waits (at most 10 s) until the backend `pid` of a killed client is gone: it found its client gone and rolled back. */
export async function backendGone(holder: pg.Client, pid: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await holder.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
    if (rows.length === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Drops the database `name` on the shared server of TEST_DATABASE_URL (nothing without one). */
export async function dropSharedDatabase(name: string): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.end());
}

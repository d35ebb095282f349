/**
 * What every part of `npm run bench` (bench/run.ts) shares: where things are, the run's settings
 * from the environment, the progress log, and the PostgreSQL to measure on.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPgCluster, type PgCluster } from '../tools/pg-cluster.ts';
import { REPO_ROOT } from '../tools/kingdom-server.ts';

/** This folder. */
export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
/** The built web app the measured servers serve. */
export const WEB_DIST = join(REPO_ROOT, 'apps', 'web', 'dist');

/** `value` as a whole number > 0, else `fallback` (for sizes read from the environment). */
export function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** `n` rounded to `digits` decimals. */
export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
/** One progress line on stderr (stdout carries the table). */
export const log = (line: string): void => void process.stderr.write(`[bench] ${line}\n`);

/**
 * The URL of the same database through Postgres's Unix socket in `socketDir` (the connection a server
 * on the database's own machine should use: docs/operator-guide.md §1), e.g.
 * `postgres://kingdom@localhost:5432/kingdom?host=/var/run/postgresql`.
 */
export function unixSocketUrl(pgUrl: string, socketDir: string): string {
  const u = new URL(pgUrl);
  u.hostname = 'localhost';
  u.searchParams.set('host', socketDir);
  return u.toString();
}

/**
 * Runs `work` on `BENCH_DATABASE_URL`, or on a throwaway cluster started (and stopped) around it; `postgres` names which.
 * `socketUrl`: the same database through its Unix socket (the throwaway cluster's, or `BENCH_PG_SOCKET_DIR`'s), else undefined.
 */
export async function withBenchPostgres(work: (pgUrl: string, postgres: string, socketUrl: string | undefined) => Promise<void>): Promise<void> {
  let cluster: PgCluster | undefined;
  let pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) {
    cluster = await startPgCluster({ log });
    pgUrl = cluster.url;
  }
  const socketDir = cluster ? cluster.dir : process.env.BENCH_PG_SOCKET_DIR;
  try {
    await work(pgUrl, cluster ? cluster.version : 'BENCH_DATABASE_URL', socketDir ? unixSocketUrl(pgUrl, socketDir) : undefined);
  } finally {
    await cluster?.stop();
  }
}

/** Goals of docs/architecture.md §1 ("Performance"). */
export const GOALS = { ratio_postgres: 0.2, p99_ms_postgres: 25, ratio_db_floor: 0.8, p99_vs_db_floor: 1.2, login_initial_js_gzip_kb: 120 };

/** The table's verdict on one goal. */
export function mark(ok: boolean): string {
  return ok ? 'ok  ' : 'MISS';
}

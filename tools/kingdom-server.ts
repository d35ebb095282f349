/**
 * Starts the real Kingdom server as a child process for the bench and the e2e suite — the compiled
 * one that production runs (`apps/server/dist/main.js`, built first when missing or out of date), or
 * with `KINGDOM_SERVER_TSX=1` the sources through tsx — on 127.0.0.1 and a free port, on PGlite (fresh
 * temporary `DATA_DIR`) or on a PostgreSQL URL, and waits until `GET /api/config` answers 200.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENDPOINTS, createClient } from '@kingdom/api';
import { freePort } from './pg-cluster.ts';

/** Repository root (the folder holding `apps/`, `tools/`). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Builds the compiled server (`scripts/build-server.mjs`) when it is missing or out of date. @throws when the build fails */
export function buildServer(): void {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build-server.mjs'), '--if-needed', '--quiet'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`building the server failed (exit ${String(r.status)})`);
}

/** Options of {@link startKingdomServer}. */
export interface KingdomServerOptions {
  /** PostgreSQL URL; omitted: PGlite in a fresh temporary `DATA_DIR` (deleted on stop). */
  databaseUrl?: string;
  /** Demo mode (seeds the demo world, demo wallet, faucet). Default true. */
  demo?: boolean;
  /** Extra environment (e.g. `PRICE_SERVICE_URL`, `LOG_LEVEL`). */
  env?: Record<string, string>;
  /** How long to wait for `/api/config` (first start seeds the world). Default 240 s. */
  readyTimeoutMs?: number;
  /** File receiving the server's stdout and stderr (kept). Default: a temporary file deleted on stop. */
  logFile?: string;
}

/** A running server. */
export interface KingdomServer {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  port: number;
  /** PGlite data directory when running on PGlite. */
  dataDir: string | undefined;
  /** Where the server's output goes. */
  logFile: string;
  /** Milliseconds from spawn until `/api/config` answered 200. */
  startupMs: number;
  /** Stops the server (SIGTERM, then SIGKILL after 10 s) and deletes its temporary folder (DATA_DIR). */
  stop(): Promise<void>;
}

/** Resolves when `child` exits, or after `ms` with false. */
function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

/** Last `chars` characters of a file, or '' when it cannot be read. */
function tail(file: string, chars = 4000): string {
  try {
    return readFileSync(file, 'utf8').slice(-chars);
  } catch {
    return '';
  }
}

/**
 * Spawns `node apps/server/dist/main.js` (or `node --import tsx apps/server/src/main.ts` with
 * `KINGDOM_SERVER_TSX=1`) with `PORT`, `HOST=127.0.0.1`, and either
 * `DATABASE_URL` or a fresh `DATA_DIR`, then polls `GET /api/config` until it answers 200.
 * @throws when the server exits early or is not ready in time (the error carries the log's tail).
 */
export async function startKingdomServer(options: KingdomServerOptions = {}): Promise<KingdomServer> {
  const port = await freePort();
  const scratch = mkdtempSync(join(tmpdir(), 'kingdom-server-'));
  const dataDir = options.databaseUrl ? undefined : join(scratch, 'data');
  const logFile = options.logFile ?? join(scratch, 'server.log');
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of ['DATABASE_URL', 'TEST_DATABASE_URL', 'BENCH_DATABASE_URL', 'DATA_DIR', 'NODE_OPTIONS', 'VITEST', 'VITEST_MODE', 'TEST', 'NODE_ENV']) {
    delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: options.demo === false ? 'false' : 'true',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: dataDir }),
    ...options.env,
  });
  const out = createWriteStream(logFile, { flags: 'a' });
  const started = Date.now();
  const tsx = process.env.KINGDOM_SERVER_TSX === '1';
  if (!tsx) buildServer();
  const child = spawn(process.execPath, tsx ? ['--import', 'tsx', join('apps', 'server', 'src', 'main.ts')] : [join('apps', 'server', 'dist', 'main.js')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const url = `http://127.0.0.1:${port}`;

  let stopped = false;
  const cleanup = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  };
  process.once('exit', cleanup);
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', cleanup);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitExit(child, 10_000))) {
        child.kill('SIGKILL');
        await waitExit(child, 5_000);
      }
    }
    out.end();
    // the scratch folder holds DATA_DIR (and the log unless `logFile` was given)
    rmSync(scratch, { recursive: true, force: true });
  };

  const deadline = started + (options.readyTimeoutMs ?? 240_000);
  const api = createClient({ routes: ENDPOINTS, baseUrl: url, csrf: 'none', timeoutMs: 5_000 });
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const res = await api.send('config');
      if (res.status === 200) {
        return { url, port, dataDir, logFile, startupMs: Date.now() - started, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, Math.min(100 + attempt * 50, 500)));
  }
  const exited = child.exitCode !== null || child.signalCode !== null;
  const log = tail(logFile);
  await stop();
  throw new Error(
    `Kingdom server ${exited ? `exited (code ${String(child.exitCode)}, signal ${String(child.signalCode)})` : 'was not ready in time'}` +
      ` before GET /api/config answered 200. Output:\n${log}`,
  );
}

/**
 * e2e globalSetup: builds the web app when it is missing or older than its sources (or uses the
 * prebuilt copy named by `E2E_WEB_DIST`), starts the real
 * server (PGlite in a fresh DATA_DIR, DEMO=true, free port, the price service pointed at a closed
 * local port so it is unreachable), waits for `/api/config`, provides its URL to the tests, and
 * stops it after.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../tools/pg-cluster.ts';
import { REPO_ROOT, startKingdomServer } from '../tools/kingdom-server.ts';
import { ensureChromium } from '../tools/chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the server under test, e.g. `http://127.0.0.1:41234`. */
    baseUrl: string;
    /** The (unreachable) price service URL the server hands to the web app. */
    priceServiceUrl: string;
    /** File with the server's output. */
    serverLog: string;
  }
}

const E2E_DIR = fileURLToPath(new URL('.', import.meta.url));
const WEB = join(REPO_ROOT, 'apps', 'web');
/** The built app the server serves: `E2E_WEB_DIST` (a prebuilt copy, used as is) or `apps/web/dist`. */
const WEB_DIST = process.env.E2E_WEB_DIST ?? join(WEB, 'dist');

/** Newest modification time (ms) of the files under `path` (bounded depth, node_modules skipped). */
function newestMtime(path: string, depth = 0): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  if (depth > 12) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry), depth + 1));
  }
  return newest;
}

/** Builds the web app when `dist/index.html` is missing or older than the web app's sources. */
function buildWebIfNeeded(): void {
  const built = existsSync(join(WEB_DIST, 'index.html')) ? statSync(join(WEB_DIST, 'index.html')).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(join(WEB, 'src')),
    newestMtime(join(WEB, 'index.html')),
    newestMtime(join(WEB, 'vite.config.ts')),
    newestMtime(join(WEB, 'public')),
    newestMtime(join(REPO_ROOT, 'packages', 'api', 'src')),
    newestMtime(join(REPO_ROOT, 'packages', 'game', 'src')),
  );
  if (built > 0 && built >= sources) return;
  console.log('[e2e] building the web app (npm run build -w @kingdom/web)');
  // NODE_ENV=production: vitest sets `test`, which would make Vite bundle development React; the
  // build is the one `npm start` serves afterwards.
  const result = spawnSync('npm', ['run', 'build', '-w', '@kingdom/web'], {
    cwd: REPO_ROOT, stdio: 'inherit', timeout: 600_000, env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`web build failed (exit ${String(result.status)})`);
}

/** Starts the server for the e2e run; returns the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // like Postgres for the server suite: Debian's chromium is installed when missing (root only)
  ensureChromium((line) => console.log(`[e2e] ${line}`));
  if (!process.env.E2E_WEB_DIST) buildWebIfNeeded();
  else if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`E2E_WEB_DIST=${WEB_DIST} has no index.html`);
  // fresh screenshots for this run
  const shots = join(E2E_DIR, 'screenshots');
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  // a port nothing listens on: the price service is unreachable (connection refused)
  const closedPort = await freePort();
  const priceServiceUrl = `http://127.0.0.1:${closedPort}/api/v3/simple/price`;
  const logFile = join(E2E_DIR, 'screenshots', 'server.log');
  const server = await startKingdomServer({
    env: { PRICE_SERVICE_URL: priceServiceUrl, WEB_DIST, LOG_LEVEL: 'warn' },
    logFile,
  });
  console.log(`[e2e] server ready at ${server.url} in ${server.startupMs} ms (log: ${logFile})`);
  project.provide('baseUrl', server.url);
  project.provide('priceServiceUrl', priceServiceUrl);
  project.provide('serverLog', logFile);
  return async () => {
    await server.stop();
  };
}

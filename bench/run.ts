/**
 * `npm run bench`: API throughput and latency on PostgreSQL and on PGlite beside a bare Fastify
 * route (all in one run), and the gzip size of the JS the `/login` page loads before any click.
 * Writes `bench/results/latest.json` (merging: keys written by other benches are kept) and prints
 * a table with the goals of issue 2.
 *
 * Environment: `BENCH_DATABASE_URL` (a PostgreSQL to use; else a throwaway cluster is started from
 * Debian's postgresql and stopped after), `BENCH_DURATION` (seconds per route, default 10),
 * `BENCH_CONNECTIONS` (default 100).
 *
 * `BENCH_ONLY=web npm run bench` (or `npx tsx bench/run.ts --only web`: npm takes `--only` for its
 * own option): only the `/login` JavaScript size, against a server on PGlite; replaces the report's
 * `web` entry and keeps every other. Build the web app first (`npm run build -w @kingdom/web`):
 * like the full run, it builds only when `apps/web/dist` is missing.
 *
 * `BENCH_ONLY=startup npm run bench` (or `--only startup`): only the web app's start-up
 * (bench/web-startup.ts: warm and cold reload → balances shown, Lighthouse of `/login` and
 * `/dashboard/overview`), against a server on PGlite; replaces only those keys of the `web` entry.
 * `BENCH_ONLY=chain npm run bench` (or `--only chain`): only the chain watcher (bench/chain-watcher.ts:
 * 100,000 deposit outputs in 10,000 blocks on Postgres, sizes from `BENCH_CHAIN_*`); replaces the
 * report's `chain` entry and keeps every other.
 * The `chain` entry also holds the provider-calls bench (bench/provider-calls.ts: the Blockfrost path
 * over the Blockfrost-compatible emulator, `chain.provider_calls_per_watcher_run` over 10,000 blocks);
 * `BENCH_ONLY=provider npm run bench` (or `--only provider`) runs only that and replaces only its keys.
 * `BENCH_ONLY=valley npm run bench` (or `--only valley`): only the Valley map (bench/valley.ts:
 * first paint, p95 frame time at 5,000 and 50,000 lands, the map endpoint's gzip size and
 * requests/s); replaces the report's `valley` entry and keeps every other.
 * `BENCH_ONLY=ops npm run bench` (or `--only ops`): only start → ready of the compiled server
 * (bench/ops.ts: `ops.ready_ms` on the PGlite demo world, fresh and existing, and on Postgres);
 * `BENCH_ONLY=load` (or `--only load`): only the mixed load of two servers with a kill -9
 * (bench/ops-load.ts: `ops.load.rps`, `.p99_ms`, `.errors`, `.cpu_ms_per_request`);
 * replaces those keys of the report's `ops` entry and keeps every other.
 * `BENCH_ONLY=settlement` (or `--only settlement`): only the daily tick (bench/settlement.ts: 1M lands
 * on Postgres with the players' writes during it, `settlement.write_p99_ms_during_tick`, and PGlite).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonResult } from 'autocannon';
import { freePort, startPgCluster, type PgCluster } from '../tools/pg-cluster.ts';
import { KingdomClient, newSolanaKeypair } from '../tools/kingdom-client.ts';
import { REPO_ROOT, startKingdomServer } from '../tools/kingdom-server.ts';
import { loginInitialJs, loginRuntimeJs } from './web-size.ts';
import { runStartupBench, startPriceStub, startupLines, type StartupEntry } from './web-startup.ts';
import { runSettlementBench } from './settlement.ts';
import { seedLeaderboardProjects } from './support/leaderboard.ts';
import { runValleyBench, valleyLines, type ValleyEntry } from './valley.ts';
import { chainLines, chainSizesFromEnv, runChainWatcherBench, type ChainBenchEntry as WatcherEntry } from './chain-watcher.ts';
import { providerLines, providerSizesFromEnv, runProviderCallsBench, type ProviderCallsEntry } from './provider-calls.ts';
import { opsLines, runReadyBench, type OpsReadyEntry } from './ops.ts';
import { loadLines, runLoadBench, type OpsLoadEntry } from './ops-load.ts';

/** The report's `chain` entry: the watcher bench and the provider-calls bench (issue 17). */
type ChainBenchEntry = WatcherEntry & Partial<ProviderCallsEntry> & { provider_calls_error?: string };

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const WEB_DIST = join(REPO_ROOT, 'apps', 'web', 'dist');
const RESULTS = join(BENCH_DIR, 'results', 'latest.json');
const DURATION = positiveInt(process.env.BENCH_DURATION, 10);
const CONNECTIONS = positiveInt(process.env.BENCH_CONNECTIONS, 100);
const WARMUP_S = 2;

/** Goals of issue 2 ("Performance"). */
const SETTLEMENT_LANDS = positiveInt(process.env.BENCH_SETTLEMENT_LANDS, 1_000_000);
const SETTLEMENT_PGLITE_LANDS = positiveInt(process.env.BENCH_SETTLEMENT_PGLITE_LANDS, 100_000);
const GOALS = { ratio_postgres: 0.2, p99_ms_postgres: 25, ratio_db_floor: 0.6, login_initial_js_gzip_kb: 120 };

/** The authenticated dashboard reads that are measured, by result key. */
const ROUTES = {
  dashboard_user: '/api/dashboard/user',
  balance_hexo: '/api/user/balance/hexo',
  lands_my: '/api/lands?my=true&page=1',
} as const;
type RouteKey = keyof typeof ROUTES;

/** The Staking-Hub leaderboard read (public) and the projects it ranks in the benchmark (issue 9). */
const LEADERBOARD_PATH = '/api/staking/leaderboard?chain=cardano&page=1';
const LEADERBOARD_PROJECTS = 1_200;

/** One measured route. */
interface RouteResult {
  rps: number;
  p99_ms: number;
  p50_ms: number;
  non2xx: number;
  errors: number;
}
type DbResult = Record<RouteKey, RouteResult>;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
const log = (line: string): void => void process.stderr.write(`[bench] ${line}\n`);

/** Runs autocannon against `url` (after a short warm-up) and reduces the result. */
async function measure(url: string, headers: Record<string, string> = {}): Promise<RouteResult> {
  await autocannon({ url, headers, connections: 10, duration: WARMUP_S });
  const r: AutocannonResult = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION, timeout: 10 });
  return {
    rps: round(r.requests.average),
    p99_ms: round(r.latency.p99),
    p50_ms: round(r.latency.p50),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/**
 * Measures the bare Fastify route in a child process, or with `databaseUrl` the database floor: one
 * prepared primary-key SELECT through `pg` per request.
 */
async function benchBare(databaseUrl?: string): Promise<RouteResult> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, 'bare-server.ts')], {
    cwd: BENCH_DIR,
    env: { ...process.env, PORT: String(port), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error('bare server did not start in 30 s')), 30_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) {
          clearTimeout(timer);
          ready();
        }
      });
      child.once('exit', (code) => fail(new Error(`bare server exited with ${String(code)}`)));
    });
    return await measure(`http://127.0.0.1:${port}/${databaseUrl ? 'db' : 'bare'}`);
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * Starts the real server on one database, gives a fresh Solana wallet lands and balances with the
 * demo faucet, signs in for real, checks the three reads answer 200, then measures each.
 */
async function benchKingdom(
  label: string,
  databaseUrl: string | undefined,
  beforeLoad?: (serverUrl: string) => Promise<void>,
): Promise<DbResult & { lands_rows: number; startup_ms: number }> {
  log(`${label}: starting the Kingdom server`);
  const server = await startKingdomServer({ databaseUrl, env: { LOG_LEVEL: 'warn', WEB_DIST } });
  try {
    log(`${label}: ready in ${server.startupMs} ms at ${server.url}`);
    await beforeLoad?.(server.url);
    const client = new KingdomClient(server.url);
    const wallet = newSolanaKeypair();
    await client.faucet(wallet.address, { lands: 5, tools: 2, hexo: '1000', exo: '1000' });
    const { token } = await client.signInSolana(wallet);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    const lands = await client.json<{ lands?: unknown[] }>('GET', ROUTES.lands_my, { token });
    const landsRows = Array.isArray(lands.lands) ? lands.lands.length : 0;
    if (landsRows === 0) log(`${label}: WARNING lands?my=true returned no rows after the faucet`);
    for (const path of Object.values(ROUTES)) await client.json('GET', path, { token });
    const out = { lands_rows: landsRows, startup_ms: server.startupMs } as DbResult & { lands_rows: number; startup_ms: number };
    for (const [key, path] of Object.entries(ROUTES) as [RouteKey, string][]) {
      log(`${label}: ${path} (${CONNECTIONS} connections, ${DURATION} s)`);
      out[key] = await measure(`${server.url}${path}`, headers);
    }
    if (databaseUrl) {
      // issue 9: the public leaderboard read, page 1, over 1,200 projects
      const projects = await seedLeaderboardProjects(databaseUrl, LEADERBOARD_PROJECTS);
      log(`${label}: ${LEADERBOARD_PATH} over ${projects} projects (${CONNECTIONS} connections, ${DURATION} s)`);
      (out as Record<string, unknown>).staking_leaderboard = { ...(await measure(`${server.url}${LEADERBOARD_PATH}`)), projects };
    }
    return out;
  } finally {
    await server.stop();
  }
}

/** Builds the web app when `apps/web/dist/index.html` is missing, then sizes its initial JS. */
function benchWeb(): ReturnType<typeof loginInitialJs> {
  const dist = WEB_DIST;
  if (!existsSync(join(dist, 'index.html'))) {
    log('building the web app (npm run build -w @kingdom/web)');
    const build = spawnSync('npm', ['run', 'build', '-w', '@kingdom/web'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    if (build.status !== 0) throw new Error(`web build failed (exit ${String(build.status)})`);
  }
  return loginInitialJs(dist);
}

type HtmlJs = ReturnType<typeof loginInitialJs> | { error: string };
type RuntimeJs = Awaited<ReturnType<typeof loginRuntimeJs>> | { error: string };

/** The report's `web` entry. */
interface WebEntry {
  login_initial_js_gzip_kb: number | null;
  login_html_js_gzip_kb?: number | null;
  [detail: string]: unknown;
}

/** The report's `web` entry from the two measurements. */
function webEntry(web: HtmlJs, measured: RuntimeJs): WebEntry {
  if ('error' in web) return { login_initial_js_gzip_kb: null, error: web.error };
  return {
    // what Chromium actually fetches for /login before any click (the goal's figure)
    login_initial_js_gzip_kb: measured && !('error' in measured) ? measured.gzip_kb : null,
    login_initial_js_files: measured && !('error' in measured) ? measured.files : measured,
    // only the scripts index.html names (its lazily loaded route chunks excluded)
    login_html_js_gzip_kb: web.gzip_kb,
    login_html_js_files: web.files,
  };
}

/** Measures the JS Chromium fetches for `/login` on the server at `serverUrl`. */
async function measureRuntime(serverUrl: string, web: HtmlJs): Promise<RuntimeJs> {
  if ('error' in web) return null;
  try {
    const runtime = await loginRuntimeJs(serverUrl, WEB_DIST);
    if (runtime) log(`web: Chromium fetched ${runtime.gzip_kb} KB gzip of JS for /login in ${runtime.files.length} files`);
    return runtime;
  } catch (error) {
    const failed = { error: error instanceof Error ? error.message : String(error) };
    log(`web: runtime measurement failed: ${failed.error}`);
    return failed;
  }
}

/** Sizes the index.html part of the web app's initial JS (building the app when it is missing). */
function measureHtml(): HtmlJs {
  try {
    const web = benchWeb();
    log(`web: ${web.gzip_kb} KB gzip in ${web.files.length} files`);
    return web;
  } catch (error) {
    const failed = { error: error instanceof Error ? error.message : String(error) };
    log(`web: not measured: ${failed.error}`);
    return failed;
  }
}

/** Writes `report` to `bench/results/latest.json` (atomically). */
function writeReport(report: Record<string, unknown>): void {
  mkdirSync(dirname(RESULTS), { recursive: true });
  const tmp = `${RESULTS}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(report, null, 2)}\n`);
  renameSync(tmp, RESULTS);
  log(`wrote ${RESULTS}`);
}

/** Reads the existing report (other benches' keys are kept), or `{}`. */
function readExisting(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(RESULTS, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function mark(ok: boolean): string {
  return ok ? 'ok  ' : 'MISS';
}

/** The table's lines about the web app's initial JS. */
function webLines(web: WebEntry): string[] {
  const kb = web.login_initial_js_gzip_kb;
  const lines = [`login initial JS (gzip)                 = ${kb ?? 'not measured'} KB   goal ≤ ${GOALS.login_initial_js_gzip_kb} KB  ${mark(kb !== null && kb <= GOALS.login_initial_js_gzip_kb)}`];
  if (web.login_html_js_gzip_kb != null) {
    lines.push(`  of which the scripts index.html names = ${String(web.login_html_js_gzip_kb)} KB (the rest: route chunks loaded at once)`);
  }
  return lines;
}

function printTable(report: {
  api: { bare_rps: number; postgres: DbResult; pglite: DbResult; ratio_postgres: number; db_floor_rps: number; ratio_db_floor: Record<RouteKey, number> };
  web: WebEntry;
  settlement?: Record<string, unknown>;
  valley?: ValleyEntry | { error: string };
  chain?: ChainBenchEntry | { error: string };
}): void {
  const { api, web } = report;
  const lines: string[] = [];
  const row = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(28) : c.padStart(12))).join(' ');
  lines.push(row(['route', 'pg rps', 'pg p99 ms', 'pglite rps', 'pglite p99', 'goal']));
  lines.push('-'.repeat(28 + 13 * 5));
  lines.push(row(['bare fastify GET', String(api.bare_rps), '', '', '', '']));
  for (const [key, path] of Object.entries(ROUTES) as [RouteKey, string][]) {
    const pg = api.postgres[key];
    const lite = api.pglite[key];
    lines.push(
      row([
        path.replace('/api/', ''),
        String(pg.rps),
        String(pg.p99_ms),
        String(lite.rps),
        String(lite.p99_ms),
        `${mark(pg.p99_ms < GOALS.p99_ms_postgres)} p99<${GOALS.p99_ms_postgres}`,
      ]),
    );
  }
  lines.push('');
  lines.push(`ratio_postgres (mean pg rps / bare rps) = ${api.ratio_postgres}   goal ≥ ${GOALS.ratio_postgres}  ${mark(api.ratio_postgres >= GOALS.ratio_postgres)}`);
  lines.push(`database floor (bare Fastify + one prepared PK SELECT through pg) = ${api.db_floor_rps} rps; route / floor: ${(Object.entries(api.ratio_db_floor) as [RouteKey, number][]).map(([k, v]) => `${k} ${v} ${mark(v >= GOALS.ratio_db_floor)}`).join(', ')}   goal ≥ ${GOALS.ratio_db_floor}`);
  lines.push(...webLines(web));
  if (report.valley && !('error' in report.valley)) lines.push(...valleyLines(report.valley as ValleyEntry));
  if (report.chain && !('error' in report.chain)) lines.push(...chainLines(report.chain));
  if (report.chain && 'provider_calls' in report.chain && report.chain.provider_calls) lines.push(...providerLines(report.chain as ProviderCallsEntry));
  const st = (report as { settlement?: Record<string, unknown> }).settlement;
  if (st) {
    lines.push(`settlement of ${st.lands} lands: postgres ${st.seconds_postgres} s (floor ${st.floor_seconds_postgres} s, ratio ${st.ratio_postgres}, goal ≤ 3 and < 30 s), pglite ${st.seconds_pglite ?? 'n/a'} s (${st.lands_pglite} lands), peak RSS ${st.peak_rss_mb} MB (goal < 512)`);
    lines.push(`writes during the tick (20 connections, purchases and vote locks of paid players): p99 ${st.write_p99_ms_during_tick} ms (floor, no tick: ${st.write_p99_ms_idle} ms; goal < 100)`);
  }
  const failures = [...Object.values(api.postgres), ...Object.values(api.pglite)].filter((r) => r.non2xx > 0 || r.errors > 0);
  if (failures.length > 0) lines.push('WARNING: some runs had non-2xx answers or errors: see latest.json');
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const web = measureHtml();
  await withBenchPostgres(async (pgUrl, postgresVersion) => {
    log(`bare fastify (${CONNECTIONS} connections, ${DURATION} s)`);
    const bare = await benchBare();
    const postgres = await benchKingdom('postgres', pgUrl);
    log(`database floor: one prepared primary-key SELECT through pg (${CONNECTIONS} connections, ${DURATION} s)`);
    const dbFloor = await benchBare(pgUrl);
    // the JS a real browser loads on /login (incl. lazy route chunks), measured before the load test
    let measured: RuntimeJs = null;
    const pglite = await benchKingdom('pglite', undefined, async (serverUrl) => {
      measured = await measureRuntime(serverUrl, web);
    });
    const startup = await benchStartup();
    const settlement = await runSettlementBench(pgUrl, SETTLEMENT_LANDS, SETTLEMENT_PGLITE_LANDS, log);
    const valley = await measureValley();
    const chain = await measureChain(pgUrl);
    const ready = await measureReady(pgUrl);
    const load = await measureLoad(pgUrl);
    const meanPg = (postgres.dashboard_user.rps + postgres.balance_hexo.rps + postgres.lands_my.rps) / 3;
    const api = {
      bare_rps: bare.rps,
      bare: bare,
      postgres,
      pglite,
      ratio_postgres: round(meanPg / bare.rps, 3),
      db_floor_rps: dbFloor.rps,
      db_floor: dbFloor,
      ratio_db_floor: {
        dashboard_user: round(postgres.dashboard_user.rps / dbFloor.rps, 3),
        balance_hexo: round(postgres.balance_hexo.rps / dbFloor.rps, 3),
        lands_my: round(postgres.lands_my.rps / dbFloor.rps, 3),
      },
      settings: { connections: CONNECTIONS, duration_s: DURATION, warmup_s: WARMUP_S, server_log_level: 'warn' },
      goals: GOALS,
    };
    const report = {
      ...readExisting(),
      api,
      settlement,
      web: { ...webEntry(web, measured), ...(startup ?? {}) },
      valley,
      chain,
      ops: { ...opsEntry(ready), ...loadEntry(load) },
      machine: {
        cpus: cpus().length,
        cpu_model: cpus()[0]?.model ?? 'unknown',
        mem_gb: round(totalmem() / 1024 ** 3),
        os: `${type()} ${release()}`,
        node: process.version,
        postgres: postgresVersion,
        autocannon: '8.0.0',
      },
      at: new Date().toISOString(),
    };
    writeReport(report);
    printTable(report);
    if (startup) process.stdout.write(`${startupLines(startup).join('\n')}\n`);
    if (!('error' in ready)) process.stdout.write(`${opsLines(ready).join('\n')}\n`);
    if (!('error' in load)) process.stdout.write(`${loadLines(load).join('\n')}\n`);
  });
}

/** The start-up bench on its own PGlite server (with a local price service); null when not measured. */
async function benchStartup(): Promise<StartupEntry | null> {
  const stub = await startPriceStub();
  log('startup: starting the Kingdom server (PGlite)');
  const server = await startKingdomServer({ env: { LOG_LEVEL: 'warn', WEB_DIST, PRICE_SERVICE_URL: stub.url } });
  try {
    const entry = await runStartupBench(server.url, log);
    if (entry === null) log('startup: Chromium missing, not measured');
    return entry;
  } catch (error) {
    log(`startup: failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await server.stop();
    await stub.close();
  }
}

/** `--only startup`: the start-up keys of the `web` entry; every other key is kept. */
async function mainStartupOnly(): Promise<void> {
  measureHtml();
  const startup = await benchStartup();
  if (!startup) throw new Error('start-up bench not measured');
  const existing = readExisting();
  const web = (existing.web && typeof existing.web === 'object' ? existing.web : {}) as Record<string, unknown>;
  writeReport({ ...existing, web: { ...web, ...startup, startup_at: new Date().toISOString() } });
  process.stdout.write(`${startupLines(startup).join('\n')}\n`);
}

/** `--only web`: the `/login` JS on a PGlite server; the report's other entries are kept. */
async function mainWebOnly(): Promise<void> {
  const web = measureHtml();
  log('web: starting the Kingdom server (PGlite)');
  const server = await startKingdomServer({ env: { LOG_LEVEL: 'warn', WEB_DIST } });
  let measured: RuntimeJs;
  try {
    measured = await measureRuntime(server.url, web);
  } finally {
    await server.stop();
  }
  const existing = readExisting();
  const kept = (existing.web && typeof existing.web === 'object' ? existing.web : {}) as Record<string, unknown>;
  const startupKeys = Object.fromEntries(Object.entries(kept).filter(([k]) => k.startsWith('reload_') || k === 'lighthouse' || k === 'startup_at'));
  const entry = { ...startupKeys, ...webEntry(web, measured), at: new Date().toISOString() };
  writeReport({ ...existing, web: entry });
  process.stdout.write(`${webLines(entry).join('\n')}\n`);
}

/** The Valley bench (building the web app when it is missing); a failure is reported, not thrown. */
async function measureValley(): Promise<ValleyEntry | { error: string }> {
  try {
    benchWeb();
    return await runValleyBench(WEB_DIST, log);
  } catch (error) {
    const failed = { error: error instanceof Error ? error.message : String(error) };
    log(`valley: not measured: ${failed.error}`);
    return failed;
  }
}

/** `--only valley`: the Valley map bench; the report's other entries are kept. */
async function mainValleyOnly(): Promise<void> {
  const valley = await measureValley();
  writeReport({ ...readExisting(), valley });
  if (typeof valley.error === 'string') throw new Error(valley.error);
  process.stdout.write(`${valleyLines(valley as ValleyEntry).join('\n')}\n`);
}

/**
 * The chain-watcher bench, then the provider-calls bench (bench/provider-calls.ts), each on a fresh
 * database of `pgUrl`; a failure is reported, not thrown.
 */
async function measureChain(pgUrl: string): Promise<ChainBenchEntry | { error: string }> {
  let watcher: WatcherEntry;
  try {
    watcher = await runChainWatcherBench(pgUrl, chainSizesFromEnv(), log);
  } catch (error) {
    const failed = { error: error instanceof Error ? error.message : String(error) };
    log(`chain: not measured: ${failed.error}`);
    return failed;
  }
  return { ...watcher, ...(await measureProviderCalls(pgUrl)) };
}

/** The provider-calls bench; a failure is reported as `provider_calls_error`. */
async function measureProviderCalls(pgUrl: string): Promise<ProviderCallsEntry | { provider_calls_error: string }> {
  try {
    return await runProviderCallsBench(pgUrl, providerSizesFromEnv(), log);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`provider calls: not measured: ${message}`);
    return { provider_calls_error: message };
  }
}

/**
 * `--only provider`: only the provider-calls bench (on `BENCH_DATABASE_URL` or a throwaway
 * cluster); replaces those keys of the report's `chain` entry and keeps every other.
 */
async function mainProviderOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const measured = await measureProviderCalls(pgUrl);
    const existing = readExisting();
    const { provider_calls_error: _old, ...chain } = (existing.chain ?? {}) as Record<string, unknown>;
    writeReport({ ...existing, chain: { ...chain, ...measured } });
    if ('provider_calls_error' in measured) throw new Error(measured.provider_calls_error);
    process.stdout.write(`${providerLines(measured).join('\n')}\n`);
  });
}

/** `--only chain`: the chain-watcher bench (on `BENCH_DATABASE_URL` or a throwaway cluster); other entries are kept. */
async function mainChainOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const chain = await measureChain(pgUrl);
    writeReport({ ...readExisting(), chain });
    if ('error' in chain) throw new Error(chain.error);
    process.stdout.write(`${chainLines(chain).join('\n')}\n`);
    if (chain.provider_calls) process.stdout.write(`${providerLines(chain as ProviderCallsEntry).join('\n')}\n`);
  });
}

/** `--only settlement`: the daily tick's bench alone (1M lands on Postgres, writes during it, PGlite); replaces the report's `settlement` entry. */
async function mainSettlementOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const settlement = await runSettlementBench(pgUrl, SETTLEMENT_LANDS, SETTLEMENT_PGLITE_LANDS, log);
    writeReport({ ...readExisting(), settlement });
    process.stdout.write(`${JSON.stringify(settlement, null, 2)}\n`);
  });
}

/** Start → ready of the compiled server; a failure is reported, not thrown. */
async function measureReady(pgUrl: string | undefined): Promise<OpsReadyEntry | { error: string }> {
  try {
    return await runReadyBench(pgUrl, log);
  } catch (error) {
    const failed = { error: error instanceof Error ? error.message : String(error) };
    log(`ops: not measured: ${failed.error}`);
    return failed;
  }
}

/** Runs `work` on `BENCH_DATABASE_URL`, or on a throwaway cluster started (and stopped) around it; `postgres` names which. */
async function withBenchPostgres(work: (pgUrl: string, postgres: string) => Promise<void>): Promise<void> {
  let cluster: PgCluster | undefined;
  let pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) {
    cluster = await startPgCluster({ log });
    pgUrl = cluster.url;
  }
  try {
    await work(pgUrl, cluster ? cluster.version : 'BENCH_DATABASE_URL');
  } finally {
    await cluster?.stop();
  }
}

/** Two servers under the players' mixed load with a kill -9; a failure is reported, not thrown. */
async function measureLoad(pgUrl: string): Promise<OpsLoadEntry | { error: string }> {
  try {
    return await runLoadBench(pgUrl, log);
  } catch (error) {
    const failed = { error: error instanceof Error ? error.message : String(error) };
    log(`ops.load: not measured: ${failed.error}`);
    return failed;
  }
}

/** The `load` key of the report's `ops` entry. */
function loadEntry(load: OpsLoadEntry | { error: string }): Record<string, unknown> {
  return 'error' in load ? { load_error: load.error } : { load };
}

/** `--only load`: the mixed load of two servers on Postgres (`ops.load`); other entries are kept. */
async function mainLoadOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const load = await measureLoad(pgUrl);
    const existing = (readExisting().ops ?? {}) as Record<string, unknown>;
    const { load: _old, load_error: _err, ...rest } = existing;
    writeReport({ ...readExisting(), ops: { ...rest, ...loadEntry(load) } });
    if ('error' in load) throw new Error(load.error);
    process.stdout.write(`${loadLines(load).join('\n')}\n`);
  });
}

/** The report's `ops` entry with `ready`'s keys replaced (other ops keys, e.g. `load`, kept). */
function opsEntry(ready: OpsReadyEntry | { error: string }): Record<string, unknown> {
  const existing = readExisting().ops;
  const kept = (existing && typeof existing === 'object' ? existing : {}) as Record<string, unknown>;
  const { ready_error: _old, ...rest } = kept;
  return 'error' in ready ? { ...rest, ready_error: ready.error } : { ...rest, ...ready };
}

/** `--only ops`: start → ready (PGlite, and Postgres on `BENCH_DATABASE_URL` or a throwaway cluster); other entries are kept. */
async function mainOpsOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const ready = await measureReady(pgUrl);
    writeReport({ ...readExisting(), ops: opsEntry(ready) });
    if ('error' in ready) throw new Error(ready.error);
    process.stdout.write(`${opsLines(ready).join('\n')}\n`);
  });
}

/**
 * The part `--only <part>` or `BENCH_ONLY` asks for (`web`, `startup`, `valley`, `chain` or `ops` can run
 * alone), or undefined for the whole bench.
 */
function onlyPart(argv: readonly string[], env: string | undefined): string | undefined {
  const i = argv.indexOf('--only');
  const part = i === -1 ? env || undefined : argv[i + 1];
  if (part !== undefined && !['web', 'startup', 'valley', 'chain', 'provider', 'ops', 'load', 'settlement'].includes(part)) throw new Error(`only '${part}': only 'web', 'startup', 'valley', 'chain', 'provider', 'ops', 'load' or 'settlement' can be run alone`);
  return part;
}

// Ctrl-C / SIGTERM: exit through process.exit so the 'exit' hooks of tools/ stop the child server
// and the throwaway cluster instead of leaving them running
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const only = onlyPart(process.argv.slice(2), process.env.BENCH_ONLY);
(only === 'web' ? mainWebOnly() : only === 'startup' ? mainStartupOnly() : only === 'valley' ? mainValleyOnly() : only === 'chain' ? mainChainOnly() : only === 'provider' ? mainProviderOnly() : only === 'ops' ? mainOpsOnly() : only === 'load' ? mainLoadOnly() : only === 'settlement' ? mainSettlementOnly() : main()).catch((error: unknown) => {
  process.stderr.write(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

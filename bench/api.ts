/**
 * The API part of `npm run bench`: throughput and latency (autocannon) of the authenticated
 * dashboard reads and the public Staking-Hub leaderboard on the real server, beside a bare Fastify
 * route and the database floor (one prepared primary-key SELECT through `pg`); the report's `api`
 * entry and its lines of the table.
 *
 * Environment: `BENCH_DURATION` (seconds per route, default 10), `BENCH_CONNECTIONS` (default 100).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon, { type AutocannonResult } from 'autocannon';
import { freePort } from '../tools/pg-cluster.ts';
import { ENDPOINTS, createClient, type EndpointName } from '@kingdom/api';
import { KingdomClient, newSolanaKeypair } from '../tools/kingdom-client.ts';
import { startKingdomServer } from '../tools/kingdom-server.ts';
import { seedLeaderboardProjects } from './support/leaderboard.ts';
import { BENCH_DIR, GOALS, WEB_DIST, log, mark, positiveInt, round } from './common.ts';

const DURATION = positiveInt(process.env.BENCH_DURATION, 10);
const CONNECTIONS = positiveInt(process.env.BENCH_CONNECTIONS, 100);
const WARMUP_S = 2;

/** Paths of endpoints (under `/api`, params and query filled), made from the descriptors by the contract's client. */
const PATHS_OF = createClient({ routes: ENDPOINTS, csrf: 'none' });

/** The authenticated dashboard reads that are measured, by result key: the endpoint and its input. */
const MEASURED = {
  dashboard_user: { name: 'dashboardUser', input: {} },
  balance_hexo: { name: 'balance', input: { params: { token: 'hexo' } } },
  lands_my: { name: 'lands', input: { query: { my: 'true', page: 1 } } },
} as const satisfies Record<string, { name: EndpointName; input: object }>;
export type RouteKey = keyof typeof MEASURED;
/** Their paths, e.g. `/api/lands?my=true&page=1`. */
export const ROUTES = Object.fromEntries(
  Object.entries(MEASURED).map(([key, m]) => [key, PATHS_OF.url(m.name, m.input as never)]),
) as Record<RouteKey, string>;

/** The Staking-Hub leaderboard read (public) and the projects it ranks in the benchmark (docs/game-rules.md §5). */
const LEADERBOARD_PATH = PATHS_OF.url('stakingLeaderboard', { query: { chain: 'cardano', page: 1 } });
const LEADERBOARD_PROJECTS = 1_200;

/** One measured route. */
export interface RouteResult {
  rps: number;
  p99_ms: number;
  p50_ms: number;
  non2xx: number;
  errors: number;
}
export type DbResult = Record<RouteKey, RouteResult>;

/** The report's `api` entry. */
export interface ApiEntry {
  bare_rps: number;
  bare: RouteResult;
  postgres: DbResult;
  pglite: DbResult;
  ratio_postgres: number;
  db_floor_rps: number;
  db_floor: RouteResult;
  ratio_db_floor: Record<RouteKey, number>;
  settings: { connections: number; duration_s: number; warmup_s: number; server_log_level: string };
  goals: typeof GOALS;
}

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
export async function benchBare(databaseUrl?: string): Promise<RouteResult> {
  if (databaseUrl) log(`database floor: one prepared primary-key SELECT through pg (${CONNECTIONS} connections, ${DURATION} s)`);
  else log(`bare fastify (${CONNECTIONS} connections, ${DURATION} s)`);
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
 * Starts the real server on one database (PGlite without `databaseUrl`), gives a fresh Solana
 * wallet lands and balances with the demo faucet, signs in for real, checks the three reads answer
 * 200, then measures each; on Postgres also the public leaderboard over 1,200 projects.
 * `beforeLoad` runs on the started server before the load (e.g. the `/login` JS measurement).
 */
export async function benchKingdom(
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
    const lands = await client.call('lands', MEASURED.lands_my.input, token);
    const landsRows = Array.isArray(lands.lands) ? lands.lands.length : 0;
    if (landsRows === 0) log(`${label}: WARNING lands?my=true returned no rows after the faucet`);
    for (const m of Object.values(MEASURED)) await client.call(m.name, m.input as never, token);
    const out = { lands_rows: landsRows, startup_ms: server.startupMs } as DbResult & { lands_rows: number; startup_ms: number };
    for (const [key, path] of Object.entries(ROUTES) as [RouteKey, string][]) {
      log(`${label}: ${path} (${CONNECTIONS} connections, ${DURATION} s)`);
      out[key] = await measure(`${server.url}${path}`, headers);
    }
    if (databaseUrl) {
      // docs/game-rules.md §5: the public leaderboard read, page 1, over 1,200 projects
      const projects = await seedLeaderboardProjects(databaseUrl, LEADERBOARD_PROJECTS);
      log(`${label}: ${LEADERBOARD_PATH} over ${projects} projects (${CONNECTIONS} connections, ${DURATION} s)`);
      (out as Record<string, unknown>).staking_leaderboard = { ...(await measure(`${server.url}${LEADERBOARD_PATH}`)), projects };
    }
    return out;
  } finally {
    await server.stop();
  }
}

/** The report's `api` entry from the four measurements: ratios to the bare route and to the database floor. */
export function apiEntry(bare: RouteResult, postgres: DbResult, pglite: DbResult, dbFloor: RouteResult): ApiEntry {
  const meanPg = (postgres.dashboard_user.rps + postgres.balance_hexo.rps + postgres.lands_my.rps) / 3;
  return {
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
}

/** The table's lines about the API: one row per route on both databases, the ratios to their goals. */
export function apiLines(api: ApiEntry): string[] {
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
  // issue 41 item 3: each read's p99 within 1.2× the floor's own p99, in the same run
  const p99Limit = round(api.db_floor.p99_ms * GOALS.p99_vs_db_floor, 1);
  lines.push(`p99 beside the floor's ${api.db_floor.p99_ms} ms: ${(Object.keys(ROUTES) as RouteKey[]).map((k) => `${k} ${api.postgres[k].p99_ms} ms ${mark(api.postgres[k].p99_ms <= p99Limit)}`).join(', ')}   goal ≤ ${GOALS.p99_vs_db_floor}× = ${p99Limit} ms`);
  return lines;
}

/** True when a run of `api` had non-2xx answers or errors. */
export function apiFailed(api: ApiEntry): boolean {
  return [...Object.values(api.postgres), ...Object.values(api.pglite)].some((r) => r.non2xx > 0 || r.errors > 0);
}

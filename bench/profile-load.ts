/**
 * Where the CPU of the mixed load goes (issue 41 item 1; docs/architecture.md §6): `ops.profile`.
 *
 * 1. Per route: one compiled server on a fresh database of the given Postgres, 40 signed-in players;
 *    each route of the load's mix (tools/player-load.ts: the four reads, the four kinds of write, a
 *    sign-in, a settled day) is sent alone, 8 at a time, and its CPU is the server's and Postgres's
 *    CPU (ms, `/proc/<pid>/stat`; Postgres: the database's backends) over those requests, less the idle rate of both measured before
 *    (background jobs), divided by the count. With pg_stat_statements loaded, the statements each
 *    request ran.
 * 2. Per phase: the ramp's mixed load (bench/ramp.ts, one level) with `--cpu-prof` on both servers,
 *    split into phases (auth, validation, SQL, JSON, logging, HTTP, …; bench/support/cpu-profile.ts).
 *
 *   npx tsx bench/profile-load.ts <postgres url> [players for the phase run = 600] [seconds = 30]
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { PATHS, STAKING_PATHS } from '@kingdom/api';
import { startCluster } from '../tools/cluster.ts';
import { REPO_ROOT } from '../tools/kingdom-server.ts';
import { newPlayers, request, type LoadPlayer, type Target } from '../tools/player-load.ts';
import { cpuMs } from './ops-load.ts';
import { databaseBackendPids, freshDatabase, runRampBench, type RampLevel } from './ramp.ts';
import { cpuByPhase, type PhaseRow } from './support/cpu-profile.ts';

/** CPU of one route alone (ms per request; a sign-in is its challenge and its login). */
export interface RouteCpu {
  route: string;
  requests: number;
  cpu_ms_node: number;
  cpu_ms_postgres: number;
  /** Statements Postgres ran per request (pg_stat_statements), null when the extension is absent. */
  statements: number | null;
}

/** The report's `ops.profile` entry. */
export interface ProfileEntry {
  routes: RouteCpu[];
  phases: PhaseRow[];
  /** The mixed run the phases come from. */
  phase_run: RampLevel | null;
}

const XSRF = 'kingdom-profile-xsrf-token-0123456789';
const r2 = (x: number) => Math.round(x * 100) / 100;

/** Sends `count` calls of `one` (given the player and the call's index), `concurrency` at a time. */
async function drive(count: number, concurrency: number, one: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await one(next++);
  }));
}

/**
 * Measures each route of the mix alone on one server (see the module doc).
 * @throws Error when the server does not start or a request is refused unexpectedly (5xx)
 */
export async function measureRoutes(pgUrl: string, log: (line: string) => void, count = 400): Promise<RouteCpu[]> {
  const name = `kingdom_profile_${process.pid}`;
  const { admin, url: u } = await freshDatabase(pgUrl, name);
  const statsOn = await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements').then(() => admin.query('SELECT 1 FROM pg_stat_statements LIMIT 1')).then(() => true, () => false);
  const cluster = await startCluster({ databaseUrl: u.toString(), processes: 1, env: { DEMO: 'true', EMULATOR_BLOCK_MS: '3000', DEMO_CHAIN_FAUCET: 'false', TRUST_PROXY: 'true', LOG_LEVEL: 'warn' } });
  const out: RouteCpu[] = [];
  try {
    const targets: Target[] = [{ url: cluster.url(0), down: false, epoch: 0 }];
    const players: LoadPlayer[] = await newPlayers(targets, 40);
    const board = (await request(targets, 'GET', '/staking/leaderboard?chain=solana&page=1', null)).body as { items: Array<{ project: string }> };
    const project = board.items[0]!.project;
    const pid = cluster.pid(0)!;
    // the database's backends only (a shared cluster's other databases do not count); a backend
    // gone meanwhile keeps what was seen of it
    const seen = new Map<number, { first: number; last: number }>();
    const postgresCpuMs = async (): Promise<number> => {
      for (const b of await databaseBackendPids(admin, name)) {
        const ms = (cpuMs(b) ?? 0);
        const e = seen.get(b);
        if (e) e.last = ms;
        else seen.set(b, { first: ms, last: ms });
      }
      let sum = 0;
      for (const e of seen.values()) sum += e.last - e.first;
      return sum;
    };
    const statements = async (): Promise<number> => {
      if (!statsOn) return 0;
      const r = await admin.query<{ n: string }>(`SELECT coalesce(sum(calls), 0)::text AS n FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1)`, [name]);
      return Number(r.rows[0]!.n);
    };
    // the idle rate (background jobs, the emulated chains) is taken off every route
    const idle0 = { node: (cpuMs(pid) ?? 0), pg: await postgresCpuMs(), t: performance.now() };
    await new Promise((r) => setTimeout(r, 5000));
    const idleRate = { node: ((cpuMs(pid) ?? 0) - idle0.node) / (performance.now() - idle0.t), pg: ((await postgresCpuMs()) - idle0.pg) / (performance.now() - idle0.t) };
    const xsrf = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
    const call = async (method: string, path: string, p: LoadPlayer | null, body?: unknown, headers: Record<string, string> = {}): Promise<void> => {
      const res = await request(targets, method, path, p?.token ?? null, body, { ...(p ? { 'x-forwarded-for': p.ip } : {}), ...(method === 'GET' ? {} : xsrf), ...headers });
      if (res.status >= 500) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    };
    const routes: Array<{ route: string; n: number; concurrency: number; one: (i: number) => Promise<void> }> = [
      { route: 'GET /dashboard/user', n: count, concurrency: 8, one: (i) => call('GET', PATHS.dashboardUser, players[i % players.length]!) },
      { route: 'GET /user/balance/hexo', n: count, concurrency: 8, one: (i) => call('GET', PATHS.balance('hexo'), players[i % players.length]!) },
      { route: 'GET /lands?my=true', n: count, concurrency: 8, one: (i) => call('GET', `${PATHS.lands}?my=true&page=1`, players[i % players.length]!) },
      { route: 'GET /notifications/count', n: count, concurrency: 8, one: (i) => call('GET', PATHS.notificationsCount, players[i % players.length]!) },
      { route: 'POST /vendor/purchase', n: count, concurrency: 8, one: (i) => call('POST', PATHS.vendorPurchase, players[i % players.length]!, { item: 'chicken_tendies', quantity: 1 }, { 'idempotency-key': randomUUID() }) },
      { route: 'POST votes lock', n: count, concurrency: 8, one: (i) => call('POST', STAKING_PATHS.votesLock, players[i % players.length]!, { amount: 1 }) },
      { route: 'POST votes add', n: count, concurrency: 8, one: (i) => call('POST', STAKING_PATHS.votesAdd, players[i % players.length]!, { project, votes: 1 }) },
      {
        route: 'POST mine worker set/remove', n: count, concurrency: 8, one: (i) => {
          const p = players[i % players.length]!;
          // a player's calls alternate: set (even rounds), remove (odd rounds)
          return Math.floor(i / players.length) % 2 === 0
            ? call('POST', PATHS.mineWorkers('goldmine'), p, { hex_name: p.land, slot: 1, worker: p.workers[0] })
            : call('POST', PATHS.mineWorkersRemove('goldmine'), p, { hex_name: p.land, slot: 1 });
        },
      },
      {
        route: 'sign-in (challenge + login)', n: Math.min(count, 200), concurrency: 8, one: async (i) => {
          const p = players[i % players.length]!;
          const ch = await request(targets, 'POST', PATHS.authChallenge, null, { chain: 'solana', address: p.address }, { 'x-forwarded-for': p.ip });
          const message = (ch.body as { message: string }).message;
          const login = await request(targets, 'POST', PATHS.authLogin, null, { chain: 'solana', address: p.address, message, signature: p.sign!(message) }, { 'x-forwarded-for': p.ip });
          if (login.status !== 200) throw new Error(`login ${login.status}`);
          p.token = (login.body as { token: string }).token;
        },
      },
      { route: `POST /demo/tick (a day, ${players.length} players)`, n: 5, concurrency: 1, one: () => call('POST', '/demo/tick', null, { days: 1 }) },
    ];
    for (const r of routes) {
      const s0 = await statements();
      const n0 = (cpuMs(pid) ?? 0);
      const p0 = await postgresCpuMs();
      const t0 = performance.now();
      await drive(r.n, r.concurrency, r.one);
      const ms = performance.now() - t0;
      const node = Math.max(0, (cpuMs(pid) ?? 0) - n0 - idleRate.node * ms);
      const pgc = Math.max(0, (await postgresCpuMs()) - p0 - idleRate.pg * ms);
      const s1 = await statements();
      const row: RouteCpu = { route: r.route, requests: r.n, cpu_ms_node: r2(node / r.n), cpu_ms_postgres: r2(pgc / r.n), statements: statsOn ? r2((s1 - s0 - 1) / r.n) : null };
      log(`ops.profile: ${row.route}: Node ${row.cpu_ms_node} + Postgres ${row.cpu_ms_postgres} CPU ms per request, ${row.statements ?? '?'} statements`);
      out.push(row);
    }
    return out;
  } finally {
    await cluster.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

/** The compiled server's bundle (the one chunk holding its modules). */
function serverBundle(): string {
  const dist = join(REPO_ROOT, 'apps', 'server', 'dist');
  const chunk = readdirSync(dist).find((f) => f.startsWith('chunk-') && f.endsWith('.js'));
  return join(dist, chunk ?? 'main.js');
}

/**
 * Runs both parts (module doc) on the Postgres at `pgUrl`.
 * @throws Error when a server does not start
 */
export async function runProfileBench(pgUrl: string, log: (line: string) => void, opts: { players?: number; durationMs?: number } = {}): Promise<ProfileEntry> {
  const routes = await measureRoutes(pgUrl, log);
  const dir = mkdtempSync(join(tmpdir(), 'kingdom-cpu-prof-'));
  try {
    const [level] = await runRampBench(pgUrl, log, { levels: [opts.players ?? 600], durationMs: opts.durationMs ?? 30_000, profileDir: dir });
    const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(dir, f));
    const phases = cpuByPhase(files, serverBundle());
    for (const line of profileLines({ routes, phases, phase_run: level ?? null })) log(line);
    return { routes, phases, phase_run: level ?? null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Report lines: one per route, then the phases. */
export function profileLines(e: ProfileEntry): string[] {
  return [
    ...e.routes.map((r) => `ops.profile route ${r.route}: Node ${r.cpu_ms_node} + Postgres ${r.cpu_ms_postgres} = ${r2(r.cpu_ms_node + r.cpu_ms_postgres)} CPU ms, ${r.statements ?? '?'} statements`),
    `ops.profile phases of the servers' CPU (${e.phase_run?.players ?? '?'} players): ${e.phases.map((p) => `${p.phase} ${Math.round(p.share * 1000) / 10}%`).join(', ')}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, players = '600', seconds = '30'] = process.argv.slice(2);
  if (!url) throw new Error('usage: tsx bench/profile-load.ts <postgres url> [players] [seconds]');
  const entry = await runProfileBench(url, (l) => process.stderr.write(`${l}\n`), { players: Number(players), durationMs: Number(seconds) * 1000 });
  process.stdout.write(`${JSON.stringify(entry, null, 2)}\n`);
}

/**
 * `ops.ramp` (issue 41, docs/architecture.md §6): two compiled server processes on one PostgreSQL, the
 * players of `tools/player-load.ts` (80% reads, 20% writes, about 2 s between a player's actions) at
 * 300, then 600, then 900 players, each level for `durationMs` after its new players have signed in.
 * Per level: requests/s, p50/p99 latency (ms), errors, the CPU time (ms, `/proc/<pid>/stat`) of the
 * two servers and of the database's Postgres backends per request, and requests per CPU-second (servers + Postgres). The
 * sign-ins of each level are measured apart (`signin_*`: ms per sign-in, CPU ms per sign-in).
 * A day is settled every 10 s (`POST /demo/tick`) and 2% of the players' actions are a sign-in again.
 * The load client runs on the same machine and is not counted. Goals: p99 < 1 s at 600 players and
 * ≥ 350 requests per CPU-second.
 *
 *   npx tsx bench/ramp.ts <postgres url> [levels=300,600,900] [seconds=30] [cpu-profile dir]
 */
import pg from 'pg';
import { startCluster } from '../tools/cluster.ts';
import { CpuMeter } from './ops-load.ts';
import { newPlayers, playLoad, quantile, request, type LoadPlayer, type Target } from '../tools/player-load.ts';

/** Goals of the ramp (issue 41). */
export const RAMP_GOALS = { p99MsAt600: 1000, requestsPerCpuSecond: 350 } as const;

/** One level of the ramp. */
export interface RampLevel {
  players: number;
  duration_s: number;
  requests: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  cpu_ms_per_request_node: number;
  cpu_ms_per_request_postgres: number;
  requests_per_cpu_second: number;
  /** Days settled by `POST /demo/tick` (one every 10 s) and the longest of them (ms). */
  ticks: number;
  tick_ms_max: number;
  /** Sign-ins again of players already playing (2% of actions) and their p99 (challenge + login, ms). */
  signins_mid_run: number;
  signin_p99_ms: number;
  /** Sign-ins of the players new at this level: count, wall ms per sign-in (10 at a time), CPU ms each. */
  signins: number;
  signin_ms_each: number;
  signin_cpu_ms_each: number;
}

/**
 * The Postgres processes serving database `name` (its backends, from pg_stat_activity), so that other
 * databases of a shared cluster do not count; `admin` is a connection to another database.
 */
export async function databaseBackendPids(admin: pg.Client, name: string): Promise<number[]> {
  const r = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
  return r.rows.map((row) => row.pid);
}

/** ops-load's CpuMeter over a changing set of pids. */
function meter(pids: () => number[]): { sample(): void; total(): number } {
  const m = new CpuMeter();
  return { sample: () => m.sample(pids()), total: () => m.total() };
}

/** XSRF double submit (any token works when the cookie carries the same value). */
const XSRF = 'kingdom-ramp-xsrf-token-0123456789';
const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Creates database `name` afresh (dropped first) on the Postgres at `pgUrl`.
 * @returns a connection to `pgUrl`'s own database (the caller ends it) and the new database's URL
 */
export async function freshDatabase(pgUrl: string, name: string): Promise<{ admin: pg.Client; url: URL }> {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return { admin, url };
}

/**
 * Runs the ramp on a fresh database of the Postgres at `pgUrl`; `profileDir` starts both servers
 * with `--cpu-prof` (profiles written there when they stop).
 * @throws Error when the cluster does not start or players cannot sign in
 */
export async function runRampBench(pgUrl: string, log: (line: string) => void, opts: { levels?: number[]; durationMs?: number; profileDir?: string } = {}): Promise<RampLevel[]> {
  const levels = opts.levels ?? [300, 600, 900];
  const durationMs = opts.durationMs ?? 30_000;
  const name = `kingdom_ramp_${process.pid}`;
  const { admin, url: u } = await freshDatabase(pgUrl, name);
  const cluster = await startCluster({
    databaseUrl: u.toString(), processes: 2,
    env: {
      DEMO: 'true', EMULATOR_BLOCK_MS: '3000', DEMO_CHAIN_FAUCET: 'false', TRUST_PROXY: 'true', LOG_LEVEL: 'warn',
    },
    ...(opts.profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`] } : {}),
  });
  const out: RampLevel[] = [];
  try {
    const targets: Target[] = [0, 1].map((i) => ({ url: cluster.url(i), down: false, epoch: 0 }));
    const board = (await request(targets, 'GET', '/staking/leaderboard?chain=solana&page=1', null)).body as { items: Array<{ project: string }> };
    const node = () => meter(() => [0, 1].map((i) => cluster.pid(i)).filter((p): p is number => p !== undefined));
    let backends: number[] = [];
    let refreshing: Promise<void> | null = null;
    const refreshBackends = (): Promise<void> => {
      refreshing ??= databaseBackendPids(admin, name).then((pids) => {
        backends = pids;
      }).finally(() => {
        refreshing = null;
      });
      return refreshing;
    };
    const postgres = () => meter(() => backends);
    const players: LoadPlayer[] = [];
    for (const level of levels) {
      const fresh = level - players.length;
      const sn = node();
      const sp = postgres();
      await refreshBackends();
      sn.sample();
      sp.sample();
      const t0 = performance.now();
      players.push(...(await newPlayers(targets, fresh)));
      const signMs = performance.now() - t0;
      await refreshBackends();
      sn.sample();
      sp.sample();
      log(`ops.ramp: ${fresh} new players signed in in ${Math.round(signMs)} ms; ${level} players for ${durationMs / 1000} s`);
      const n = node();
      const p = postgres();
      await refreshBackends();
      n.sample();
      p.sample();
      const sampler = setInterval(() => {
        n.sample();
        p.sample();
        void refreshBackends().catch(() => undefined);
      }, 250);
      let ticking = true;
      const ticks: number[] = [];
      const ticker = (async () => {
        while (ticking) {
          await new Promise((r) => setTimeout(r, 10_000));
          if (!ticking) break;
          const t = performance.now();
          const res = await request(targets, 'POST', '/demo/tick', null, { days: 1 }, { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF });
          if (res.status === 200) ticks.push(performance.now() - t);
          else log(`ops.ramp: tick ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      })();
      const r = await playLoad({ targets, players, durationMs, pauseMs: 2000, writeShare: 0.2, signInShare: 0.02, project: board.items[0]!.project });
      ticking = false;
      await ticker;
      await refreshBackends();
      n.sample();
      p.sample();
      clearInterval(sampler);
      for (const e of r.errors.slice(0, 3)) log(`ops.ramp: error ${e.what} ${String(e.status)} ${e.detail}`);
      const answered = Math.max(1, r.latenciesMs.length);
      const level_: RampLevel = {
        players: level, duration_s: r1(r.durationMs / 1000), requests: r.requests,
        rps: Math.round((r.requests / r.durationMs) * 1000),
        p50_ms: r1(quantile(r.latenciesMs, 0.5)), p99_ms: Math.round(quantile(r.latenciesMs, 0.99)),
        errors: r.errors.length,
        cpu_ms_per_request_node: r2(n.total() / answered),
        cpu_ms_per_request_postgres: r2(p.total() / answered),
        requests_per_cpu_second: Math.round(answered / ((n.total() + p.total()) / 1000)),
        ticks: ticks.length, tick_ms_max: Math.round(Math.max(0, ...ticks)),
        signins_mid_run: r.signInMs.length, signin_p99_ms: Math.round(quantile(r.signInMs, 0.99)),
        signins: fresh, signin_ms_each: r1(signMs / Math.max(1, fresh) * 10), signin_cpu_ms_each: r2((sn.total() + sp.total()) / Math.max(1, fresh)),
      };
      log(rampLines([level_])[0]!);
      out.push(level_);
    }
    return out;
  } finally {
    await cluster.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

/** The report's `ops.ramp` entry: the levels over `transport`, and the 600-player level over TCP when the levels used the Unix socket. */
export interface RampEntry {
  transport: 'unix' | 'tcp';
  levels: RampLevel[];
  tcp_600?: RampLevel;
}

/**
 * The ramp as the bench runs it: over the Unix socket when `socketUrl` is given (the same-machine
 * deployment, docs/operator-guide.md §1), then the 600-player level over TCP for comparison.
 * @throws Error when the cluster does not start or players cannot sign in
 */
export async function runRampEntry(pgUrl: string, socketUrl: string | undefined, log: (line: string) => void): Promise<RampEntry> {
  const levels = await runRampBench(socketUrl ?? pgUrl, log);
  if (!socketUrl) return { transport: 'tcp', levels };
  const [tcp] = await runRampBench(pgUrl, log, { levels: [600] });
  return { transport: 'unix', levels, ...(tcp ? { tcp_600: tcp } : {}) };
}

/** Report lines of the ramp, one per level. */
export function rampLines(levels: RampLevel[]): string[] {
  return levels.map((l) => `ops.ramp ${l.players} players: ${l.rps} req/s, p50 ${l.p50_ms} ms, p99 ${l.p99_ms} ms, errors ${l.errors}; sign-in p99 ${l.signin_p99_ms} ms (${l.signins_mid_run}); ${l.ticks} ticks, longest ${l.tick_ms_max} ms; CPU/request Node ${l.cpu_ms_per_request_node} + Postgres ${l.cpu_ms_per_request_postgres} ms = ${l.requests_per_cpu_second} req per CPU-s (goal ≥ ${RAMP_GOALS.requestsPerCpuSecond}); ${l.signins} sign-ins at ${l.signin_cpu_ms_each} CPU ms each`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, levels = '300,600,900', seconds = '30', profileDir] = process.argv.slice(2);
  if (!url) throw new Error('usage: tsx bench/ramp.ts <postgres url> [levels] [seconds] [cpu-profile dir]');
  const res = await runRampBench(url, (l) => process.stderr.write(`${l}\n`), { levels: levels.split(',').map(Number), durationMs: Number(seconds) * 1000, profileDir });
  process.stdout.write(`${JSON.stringify(res, null, 2)}\n`);
}

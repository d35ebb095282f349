/**
 * `ops.load` (docs/architecture.md §6): two compiled server processes on one PostgreSQL, 300 players signing in and
 * playing as people do (80% reads, 20% writes, a pause of about 2 s between a player's actions; see
 * `tools/player-load.ts`) for 45 s, with one process killed with SIGKILL a third of the way in and
 * restarted at once. Reports requests/s, p99 latency (ms), errors beyond the killed process's
 * in-flight requests, and the CPU time of the servers and of Postgres per request (ms, from
 * `/proc/<pid>/stat`). Goals: 0 errors, p99 < 1 s.
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { startCluster } from '../tools/cluster.ts';
import { newPlayers, playLoad, quantile, request, type Target } from '../tools/player-load.ts';

/** Goals of the run (docs/architecture.md §6). */
export const LOAD_GOALS = { p99Ms: 1000, errors: 0 } as const;

/** The report's `ops.load` keys. */
export interface OpsLoadEntry {
  players: number;
  duration_s: number;
  requests: number;
  rps: number;
  p99_ms: number;
  p50_ms: number;
  errors: number;
  in_flight_on_killed: number;
  cpu_ms_per_request: number;
  cpu_ms_per_request_node: number;
  cpu_ms_per_request_postgres: number;
  restart_ready_ms: number;
}

const CLK_TCK = (() => {
  try {
    return Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (ms, user + system, `/proc/<pid>/stat`) a process has used, or null when it is gone. */
export function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return null;
  }
}

/** Pids of the Postgres backends and helpers (processes named `postgres`). */
function postgresPids(): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres') out.push(Number(d));
    } catch {
      // gone
    }
  }
  return out;
}

/** Sums CPU deltas of a changing set of processes (a killed one keeps what it used until its last sample). */
export class CpuMeter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  sample(pids: number[]): void {
    for (const pid of pids) {
      const ms = cpuMs(pid);
      if (ms === null) continue;
      if (!this.first.has(pid)) this.first.set(pid, ms);
      this.last.set(pid, ms);
    }
  }
  total(): number {
    let sum = 0;
    for (const [pid, last] of this.last) sum += last - (this.first.get(pid) ?? last);
    return sum;
  }
}

/**
 * Runs the mixed load on a fresh database of the Postgres at `pgUrl`.
 * @throws Error when the cluster does not start or the players cannot sign in
 */
export async function runLoadBench(pgUrl: string, log: (line: string) => void, opts: { players?: number; durationMs?: number } = {}): Promise<OpsLoadEntry> {
  const players = opts.players ?? 300;
  const durationMs = opts.durationMs ?? 45_000;
  const name = `kingdom_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  log(`ops.load: starting two servers on ${u.host}`);
  const cluster = await startCluster({
    databaseUrl: u.toString(), processes: 2,
    // players come from their own addresses, as behind a load balancer (X-Forwarded-For)
    env: { DEMO: 'true', EMULATOR_BLOCK_MS: '3000', DEMO_CHAIN_FAUCET: 'false', TRUST_PROXY: 'true', LOG_LEVEL: 'warn' },
  });
  try {
    const targets: Target[] = [0, 1].map((i) => ({ url: cluster.url(i), down: false, epoch: 0 }));
    log(`ops.load: signing in ${players} players`);
    const ps = await newPlayers(targets, players);
    const board = (await request(targets, 'GET', '/staking/leaderboard?chain=solana&page=1', null)).body as { items: Array<{ project: string }> };
    const node = new CpuMeter();
    const postgres = new CpuMeter();
    const sample = () => {
      node.sample([0, 1].map((i) => cluster.pid(i)).filter((p): p is number => p !== undefined));
      postgres.sample(postgresPids());
    };
    sample();
    const sampler = setInterval(sample, 250);
    let restartMs = 0;
    const chaos = (async () => {
      await new Promise((r) => setTimeout(r, durationMs / 3));
      targets[1]!.down = true;
      targets[1]!.epoch++;
      await cluster.kill(1, 'SIGKILL');
      const t0 = performance.now();
      await cluster.restart(1);
      restartMs = Math.round(performance.now() - t0);
      targets[1]!.down = false;
    })();
    log(`ops.load: ${players} players for ${durationMs / 1000} s, process 1 killed -9 at ${Math.round(durationMs / 3000)} s`);
    const r = await playLoad({ targets, players: ps, durationMs, pauseMs: 2000, writeShare: 0.2, project: board.items[0]!.project });
    await chaos;
    sample();
    clearInterval(sampler);
    for (const e of r.errors.slice(0, 5)) log(`ops.load: error ${e.what} ${String(e.status)} ${e.detail}`);
    const answered = r.latenciesMs.length;
    const nodeMs = node.total();
    const pgMs = postgres.total();
    return {
      players, duration_s: Math.round(r.durationMs / 100) / 10, requests: r.requests,
      rps: Math.round((r.requests / r.durationMs) * 1000),
      p99_ms: Math.round(quantile(r.latenciesMs, 0.99)), p50_ms: Math.round(quantile(r.latenciesMs, 0.5) * 10) / 10,
      errors: r.errors.length, in_flight_on_killed: r.inFlightOnKilled,
      cpu_ms_per_request: Math.round(((nodeMs + pgMs) / Math.max(1, answered)) * 100) / 100,
      cpu_ms_per_request_node: Math.round((nodeMs / Math.max(1, answered)) * 100) / 100,
      cpu_ms_per_request_postgres: Math.round((pgMs / Math.max(1, answered)) * 100) / 100,
      restart_ready_ms: restartMs,
    };
  } finally {
    await cluster.stop();
    const drop = new pg.Client({ connectionString: pgUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await drop.end();
  }
}

/** Report lines of the load run. */
export function loadLines(e: OpsLoadEntry): string[] {
  return [
    `ops.load (2 servers, ${e.players} players, ${e.duration_s} s, one kill -9): ${e.rps} req/s, p50 ${e.p50_ms} ms, p99 ${e.p99_ms} ms (goal < ${LOAD_GOALS.p99Ms}), errors ${e.errors} (goal 0; ${e.in_flight_on_killed} in flight on the killed process)`,
    `ops.load CPU per request: ${e.cpu_ms_per_request} ms (Node ${e.cpu_ms_per_request_node} + Postgres ${e.cpu_ms_per_request_postgres}); the killed process was ready again in ${e.restart_ready_ms} ms`,
  ];
}

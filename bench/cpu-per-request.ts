/**
 * CPU cost of the hot reads, for tuning on a busy machine (throughput there is noise; CPU time per
 * request is not): `tsx bench/cpu-per-request.ts <postgres url> <postmaster pid> [requests] [routes]`.
 * Starts the compiled server (demo mode, as `npm run bench`) and the database floor (bench/bare-server.ts), sends `requests` (default 20,000) of
 * each route at 100 connections and prints, per route, the server's and Postgres's CPU µs per request
 * (utime + stime of the server process and of the postmaster's children, from /proc) and how many
 * statements Postgres ran per request (`pg_stat_database.xact_commit`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../tools/pg-cluster.ts';
import { startKingdomServer } from '../tools/kingdom-server.ts';
import { KingdomClient, newSolanaKeypair } from '../tools/kingdom-client.ts';
import { ENDPOINTS, createClient } from '@kingdom/api';

const [url, postmaster, count = '20000', only = 'balance_hexo,dashboard_user,lands_my,staking_leaderboard'] = process.argv.slice(2);
if (!url || !postmaster) throw new Error('usage: tsx bench/cpu-per-request.ts <postgres url> <postmaster pid> [requests] [routes]');
const amount = Number(count);
const keys = new Set(only.split(','));
const TICK_US = 1e6 / 100; // USER_HZ = 100

function cpuTicks(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}
function pgTicks(): number {
  let sum = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (f[1] === postmaster) sum += Number(f[11]) + Number(f[12]);
    } catch { /* gone */ }
  }
  return sum;
}

const stats = new pg.Client({ connectionString: url });
await stats.connect();
const commits = async (): Promise<number> => Number((await stats.query<{ n: string }>('SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.n);

const floorPort = await freePort();
const floor = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bare-server.ts')], { env: { ...process.env, PORT: String(floorPort), DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise<void>((ok) => floor.stdout.on('data', (c: Buffer) => c.toString().includes('ready') && ok()));
const server = await startKingdomServer({ databaseUrl: url, env: { LOG_LEVEL: 'warn', ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}) } });
const serverPid = Number(/pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', `sport = :${server.port}`], { encoding: 'utf8' }))![1]);
try {
  const client = new KingdomClient(server.url);
  const wallet = newSolanaKeypair();
  await client.faucet(wallet.address, { lands: 5, tools: 2, hexo: '1000', exo: '1000' });
  const { token } = await client.signInSolana(wallet);
  const h = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`INSERT INTO collections (slug, chain, collection_key, name, supply, holders, votes)
    SELECT 'bench-' || g, CASE WHEN g % 2 = 0 THEN 'cardano' ELSE 'solana' END, md5('bench' || g), 'Bench ' || g, 1000 + g, 100 + g % 900, (g * 7919) % 1500000
    FROM generate_series(1, GREATEST(0, 1200 - (SELECT count(*)::int FROM collections))) g`);
  await c.query('ANALYZE collections');
  await c.end();
  const urls = createClient({ routes: ENDPOINTS, baseUrl: server.url, csrf: 'none' });
  const routes: Record<string, [string, Record<string, string>]> = {
    balance_hexo: [urls.url('balance', { params: { token: 'hexo' } }), h],
    dashboard_user: [urls.url('dashboardUser', {}), h],
    lands_my: [urls.url('lands', { query: { my: 'true', page: 1 } }), h],
    staking_leaderboard: [urls.url('stakingLeaderboard', { query: { chain: 'cardano', page: 1 } }), {}],
  };
  const out: Record<string, unknown> = {};
  for (const [key, [u, headers]] of [['db_floor', [`http://127.0.0.1:${floorPort}/db`, {}]] as const, ...Object.entries(routes)]) {
    if (key !== 'db_floor' && !keys.has(key)) continue;
    const pid = key === 'db_floor' ? floor.pid! : serverPid;
    await autocannon({ url: u, headers, connections: 10, amount: 2000 });
    const [s0, p0, x0, t0] = [cpuTicks(pid), pgTicks(), await commits(), Date.now()];
    const r = await autocannon({ url: u, headers, connections: 100, amount });
    const [s1, p1, x1, t1] = [cpuTicks(pid), pgTicks(), await commits(), Date.now()];
    out[key] = {
      server_us: Math.round(((s1 - s0) * TICK_US) / amount), postgres_us: Math.round(((p1 - p0) * TICK_US) / amount),
      statements: Math.round(((x1 - x0 - 1) / amount) * 100) / 100, rps: Math.round((amount * 1000) / (t1 - t0)), p99: r.latency.p99, non2xx: r.non2xx,
    };
  }
  console.log(JSON.stringify(out));
} finally {
  await server.stop();
  floor.kill('SIGTERM');
  await stats.end();
}

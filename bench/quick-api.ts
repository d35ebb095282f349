/**
 * A quick look at the hot reads beside the database floor, in one process run (shorter than
 * `npm run bench`; for tuning, not for the report): `tsx bench/quick-api.ts <postgres url> [seconds] [routes]`.
 * `routes`: comma-separated keys among `balance_hexo,dashboard_user,lands_my,staking_leaderboard`
 * (default all). The leaderboard is measured over 1,200 projects (generated collections added to the
 * database as `npm run bench` does). Prints one JSON line: rps, p99 ms and non-2xx per route, the
 * floor before and after, and each route's ratio to the mean floor.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../tools/pg-cluster.ts';
import { startKingdomServer } from '../tools/kingdom-server.ts';
import { KingdomClient, newSolanaKeypair } from '../tools/kingdom-client.ts';
import { seedLeaderboardProjects } from './support/leaderboard.ts';

const [url, secs = '5', only = 'balance_hexo,dashboard_user,lands_my,staking_leaderboard'] = process.argv.slice(2);
if (!url) throw new Error('usage: tsx bench/quick-api.ts <postgres url> [seconds] [routes]');
const duration = Number(secs);
const keys = new Set(only.split(','));
const run = async (u: string, headers: Record<string, string> = {}) => {
  await autocannon({ url: u, headers, connections: 10, duration: 1 });
  const r = await autocannon({ url: u, headers, connections: 100, duration });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, non2xx: r.non2xx };
};

const port = await freePort();
const floor = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bare-server.ts')], { env: { ...process.env, PORT: String(port), DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise<void>((ok) => floor.stdout.on('data', (c: Buffer) => c.toString().includes('ready') && ok()));
const server = await startKingdomServer({ databaseUrl: url, env: { LOG_LEVEL: 'warn' } });
try {
  const client = new KingdomClient(server.url);
  const wallet = newSolanaKeypair();
  await client.faucet(wallet.address, { lands: 5, tools: 2, hexo: '1000', exo: '1000' });
  const { token } = await client.signInSolana(wallet);
  const h = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const routes: Record<string, [string, Record<string, string>]> = {
    balance_hexo: [client.url('balance', { params: { token: 'hexo' } }), h],
    dashboard_user: [client.url('dashboardUser'), h],
    lands_my: [client.url('lands', { query: { my: 'true', page: 1 } }), h],
    staking_leaderboard: [client.url('stakingLeaderboard', { query: { chain: 'cardano', page: 1 } }), {}],
  };
  if (keys.has('staking_leaderboard')) await seedLeaderboardProjects(url, 1_200);
  const out: Record<string, { rps: number; p99: number; non2xx: number; ratio?: number }> = {};
  out.db_floor = await run(`http://127.0.0.1:${port}/db`);
  for (const [key, [u, headers]] of Object.entries(routes)) if (keys.has(key)) out[key] = await run(u, headers);
  out.db_floor_again = await run(`http://127.0.0.1:${port}/db`);
  const mean = (out.db_floor.rps + out.db_floor_again.rps) / 2;
  for (const key of Object.keys(routes)) if (out[key]) out[key].ratio = Math.round((out[key].rps / mean) * 1000) / 1000;
  console.log(JSON.stringify(out));
} finally {
  await server.stop();
  floor.kill('SIGTERM');
}

/**
 * A quick look at the hot reads beside the database floor, in one process run (shorter than
 * `npm run bench`; for tuning, not for the report): `tsx bench/quick-api.ts <postgres url> [seconds]`.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../tools/pg-cluster.ts';
import { startKingdomServer } from '../tools/kingdom-server.ts';
import { KingdomClient, newSolanaKeypair } from '../tools/kingdom-client.ts';

const [url, secs = '5'] = process.argv.slice(2);
const duration = Number(secs);
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
  const out: Record<string, unknown> = {};
  out.db_floor = await run(`http://127.0.0.1:${port}/db`);
  out.balance_hexo = await run(`${server.url}/api/user/balance/hexo`, h);
  out.dashboard_user = await run(`${server.url}/api/dashboard/user`, h);
  out.lands_my = await run(`${server.url}/api/lands?my=true&page=1`, h);
  out.db_floor_again = await run(`http://127.0.0.1:${port}/db`);
  console.log(JSON.stringify(out));
} finally {
  await server.stop();
  floor.kill('SIGTERM');
}

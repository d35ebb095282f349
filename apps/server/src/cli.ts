/**
 * The `kingdom` command line (`npm run kingdom -- <command>`).
 *
 *   faucet <cardano bech32 | solana base58 address> [--lands N] [--tools N] [--exo N] [--hexo N]
 *          [--food N] [--rune N]      demo mode only; token amounts in whole tokens
 *
 * When a Kingdom server answers on `PORT` the command goes through its API (PGlite allows one
 * process per data folder); otherwise it opens the database itself.
 */
import { parseArgs } from 'node:util';
import { PATHS, API_PREFIX, XSRF_COOKIE, XSRF_HEADER, type FaucetResponse } from '@kingdom/api';
import { environment, loadConfig } from './config.ts';
import { openKingdomDatabase } from './server.ts';
import { runFaucet } from './modules/demo/faucet.ts';

const USAGE = `usage: npm run kingdom -- faucet <address> [--lands N] [--tools N] [--exo N] [--hexo N] [--food N] [--rune N]`;

async function viaServer(port: number, body: Record<string, unknown>): Promise<FaucetResponse | null> {
  const base = `http://127.0.0.1:${port}${API_PREFIX}`;
  let csrf: Response;
  try {
    csrf = await fetch(base + PATHS.csrfCookie);
  } catch {
    return null; // no server running
  }
  const cookie = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) return null;
  const res = await fetch(base + PATHS.demoFaucet, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${XSRF_COOKIE}=${cookie}`, [XSRF_HEADER]: cookie },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as FaucetResponse & { message?: string };
  if (!res.ok) throw new Error(json.message ?? `server answered ${res.status}`);
  return json;
}

async function faucet(args: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args, allowPositionals: true,
    options: { lands: { type: 'string' }, tools: { type: 'string' }, exo: { type: 'string' }, hexo: { type: 'string' }, food: { type: 'string' }, rune: { type: 'string' } },
  });
  const address = positionals[0];
  if (!address) throw new Error(USAGE);
  const whole = (v: string | undefined, name: string) => {
    if (v === undefined) return '0';
    if (!/^\d+$/.test(v)) throw new Error(`--${name} must be a whole number`);
    return v;
  };
  const body = {
    address, lands: Number(whole(values.lands, 'lands')), tools: Number(whole(values.tools, 'tools')),
    exo: whole(values.exo, 'exo'), hexo: whole(values.hexo, 'hexo'), food: whole(values.food, 'food'), rune: whole(values.rune, 'rune'),
  };
  const config = loadConfig({ ...environment(), LOG_LEVEL: 'silent' });
  if (!config.demo) throw new Error('the faucet is available in demo mode only (DEMO=true)');
  let result = await viaServer(config.port, body);
  if (!result) {
    const { db, providers } = await openKingdomDatabase(config);
    try {
      result = await runFaucet(db, providers, {
        address, lands: body.lands, tools: body.tools,
        balances: { exo: BigInt(body.exo), hexo: BigInt(body.hexo), food: BigInt(body.food), rune: BigInt(body.rune) },
      }, new Date());
    } finally {
      await db.close();
    }
  }
  console.log(`Gave ${result.address} (${result.chain}):`);
  console.log(`  lands: ${result.lands.length ? result.lands.join(', ') : 'none'}`);
  console.log(`  mining tools: ${result.tools.length ? result.tools.map((t) => `#${t}`).join(', ') : 'none'}`);
  for (const [token, amount] of Object.entries(result.balances)) console.log(`  ${token.toUpperCase()}: +${BigInt(amount) / 1_000_000n}`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'faucet') await faucet(rest);
  else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}

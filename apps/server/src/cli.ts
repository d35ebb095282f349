/**
 * The `kingdom` command line (`npm run kingdom -- <command>`), demo mode only:
 *
 *   faucet <cardano bech32 | solana base58 address> [--lands N] [--tools N] [--exo N] [--hexo N]
 *          [--food N] [--rune N] [--workers N [--rarity common|uncommon|rare|epic]]
 *          [--items key=N,key=N] [--land HEX_NAME] [--nfts project=N,project=N]
 *          token amounts in whole tokens; --land mints that land; --nfts gives NFTs of Staking-Hub projects (slugs)
 *   tick [--days N]                   advances the game clock N days (default 1) and settles them
 *   compensate --token T --amount N --reason "…" [--event NAME]
 *                                     credits every active player N whole tokens once per event
 *                                     (default event name: the reason); any mode, opens the database
 *                                     itself (with PGlite, stop the server first)
 *
 *   blocks [N]                        demo: produces N blocks (default 1) on the emulated Cardano chain,
 *                                     then runs the chain watcher and treasury signer
 *   treasury                          the treasury's EXO/HEXO on chain, pending deposits and withdrawals,
 *                                     and the reconciliation per token; any mode, opens the database
 *                                     itself (with PGlite, stop the server first); exit code 1 when a
 *                                     reconciliation does not hold
 *   blockfrost-emulator [--port N] [--treasury-key-file F]
 *                                     serves the emulated chain through a Blockfrost-compatible API and
 *                                     prints the env of a Kingdom on it (cli/blockfrost-emulator.ts)
 *
 * When a Kingdom server answers on `PORT` the command goes through its API (PGlite allows one
 * process per data folder); otherwise it opens the database itself.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from '@kingdom/api';
import { exec } from './db/client.ts';
import { ChainMoneyJobs } from './jobs/chain-money.ts';
import { JobLeases } from './jobs/leases.ts';
import { treasuryReport } from './modules/chain/reconcile.ts';
import { PATHS, API_PREFIX, XSRF_COOKIE, XSRF_HEADER, type FaucetResponse, type ClockResponse } from '@kingdom/api';
import { fromBaseUnits, gameDay, isToken, toBaseUnits } from '@kingdom/game';
import { compensate } from './modules/compensation/service.ts';
import { environment, loadConfig } from './config.ts';
import { openKingdomDatabase } from './server.ts';
import { runFaucet, type FaucetRarity } from './modules/demo/faucet.ts';
import { GameClock } from './clock.ts';
import { settleDueDays } from './jobs/settlement.ts';
import { advanceDemoClock } from './modules/demo/routes.ts';
import { blockfrostEmulatorCommand } from './cli/blockfrost-emulator.ts';

const USAGE = `usage:
  npm run kingdom -- faucet <address> [--lands N] [--tools N] [--exo N] [--hexo N] [--food N] [--rune N]
                              [--workers N] [--rarity common|uncommon|rare|epic] [--items key=N,...] [--land E03N12]
  npm run kingdom -- tick [--days N]
  npm run kingdom -- compensate --token exo|hexo|food|rune --amount N --reason "…" [--event NAME]
  npm run kingdom -- blocks [N]
  npm run kingdom -- treasury
  npm run kingdom -- blockfrost-emulator [--port N] [--host H] [--project-id ID] [--treasury-key-file F] [--data-dir D] [--block-ms MS]`;

/** POSTs to the running server's API; null when no server answers on the port. */
async function viaServer<T>(port: number, path: string, body: Record<string, unknown>): Promise<T | null> {
  const base = `http://127.0.0.1:${port}${API_PREFIX}`;
  let csrf: Response;
  try {
    csrf = await fetch(base + PATHS.csrfCookie);
  } catch {
    return null; // no server running
  }
  const cookie = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) return null;
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${XSRF_COOKIE}=${cookie}`, [XSRF_HEADER]: cookie },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(json.message ?? `server answered ${res.status}`);
  return json;
}

function demoConfig() {
  const config = loadConfig({ ...environment(), LOG_LEVEL: 'silent' });
  if (!config.demo) throw new Error('this command works in demo mode only (DEMO=true)');
  return config;
}

const whole = (v: string | undefined, name: string) => {
  if (v === undefined) return '0';
  if (!/^\d+$/.test(v)) throw new Error(`--${name} must be a whole number`);
  return v;
};

function parseItems(v: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (v ?? '').split(',').filter(Boolean)) {
    const m = /^([a-z0-9_]+)=(\d+)$/.exec(part.trim());
    if (!m) throw new Error(`--items wants key=N,key=N (got "${part}")`);
    out[m[1]!] = Number(m[2]);
  }
  return out;
}

/** `--nfts spacebudz=3,degods-sol=2`: project slug → count. */
function parseNfts(v: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of v.split(',').filter(Boolean)) {
    const m = /^([a-z0-9-]+)=(\d+)$/.exec(part.trim());
    if (!m) throw new Error(`--nfts wants project=N,project=N (got "${part}")`);
    out[m[1]!] = Number(m[2]);
  }
  return out;
}

async function faucet(args: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args, allowPositionals: true,
    options: {
      lands: { type: 'string' }, tools: { type: 'string' }, exo: { type: 'string' }, hexo: { type: 'string' }, food: { type: 'string' },
      rune: { type: 'string' }, workers: { type: 'string' }, rarity: { type: 'string' }, items: { type: 'string' }, land: { type: 'string' }, nfts: { type: 'string' },
    },
  });
  const address = positionals[0];
  if (!address) throw new Error(USAGE);
  const rarity = (values.rarity ?? 'common') as FaucetRarity;
  if (!['common', 'uncommon', 'rare', 'epic'].includes(rarity)) throw new Error('--rarity must be common, uncommon, rare or epic');
  const body = {
    address, lands: Number(whole(values.lands, 'lands')), tools: Number(whole(values.tools, 'tools')),
    exo: whole(values.exo, 'exo'), hexo: whole(values.hexo, 'hexo'), food: whole(values.food, 'food'), rune: whole(values.rune, 'rune'),
    workers: Number(whole(values.workers, 'workers')), rarity, items: parseItems(values.items),
    ...(values.land ? { land: values.land } : {}),
    ...(values.nfts ? { nfts: parseNfts(values.nfts) } : {}),
  };
  const config = demoConfig();
  let result = await viaServer<FaucetResponse>(config.port, PATHS.demoFaucet, body);
  if (!result) {
    const { db, providers } = await openKingdomDatabase(config);
    try {
      result = await runFaucet(db, providers, {
        address, lands: body.lands, tools: body.tools, workers: body.workers, rarity, items: body.items, ...(body.land ? { land: body.land } : {}),
        ...(body.nfts ? { nfts: body.nfts } : {}),
        balances: { exo: BigInt(body.exo), hexo: BigInt(body.hexo), food: BigInt(body.food), rune: BigInt(body.rune) },
      }, new Date());
    } finally {
      await db.close();
    }
  }
  console.log(`Gave ${result.address} (${result.chain}):`);
  console.log(`  lands: ${result.lands.length ? result.lands.join(', ') : 'none'}`);
  console.log(`  mining tools: ${result.tools.length ? result.tools.map((t) => `#${t}`).join(', ') : 'none'}`);
  if (result.workers.length) console.log(`  workers: ${result.workers.length} × ${result.workers[0]!.collection} (${rarity})`);
  for (const [key, n] of Object.entries(result.items)) console.log(`  ${key}: +${n}`);
  for (const [token, amount] of Object.entries(result.balances)) console.log(`  ${token.toUpperCase()}: +${BigInt(amount) / 1_000_000n}`);
}

async function tick(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { days: { type: 'string' } } });
  const days = Number(whole(values.days ?? '1', 'days'));
  if (days < 1 || days > 60) throw new Error('--days must be between 1 and 60');
  const config = demoConfig();
  let result = await viaServer<ClockResponse>(config.port, PATHS.demoTick, { days });
  if (!result) {
    const { db } = await openKingdomDatabase(config);
    try {
      const clock = new GameClock(db);
      await clock.load();
      const now = await advanceDemoClock(db, (ms, tx) => clock.advance(ms, tx), days * 86_400_000);
      const settled = await settleDueDays(db, now);
      result = { now: now.toISOString(), today: gameDay(now), last_settled: settled.at(-1)?.day ?? null, settled: settled.map((d) => d.day) };
    } finally {
      await db.close();
    }
  }
  console.log(`Game time is now ${result.now} (day ${result.today}).`);
  console.log(result.settled?.length ? `Settled: ${result.settled.join(', ')}` : 'No day was due.');
}

async function compensateCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { token: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' }, event: { type: 'string' } } });
  const token = values.token ?? '';
  if (!isToken(token)) throw new Error('--token must be exo, hexo, food or rune');
  if (!values.amount || !/^\d+(\.\d+)?$/.test(values.amount)) throw new Error('--amount must be a positive number of whole tokens');
  const reason = (values.reason ?? '').trim();
  if (!reason) throw new Error('--reason is required');
  const config = loadConfig({ ...environment(), LOG_LEVEL: 'silent' });
  const { db } = await openKingdomDatabase(config);
  try {
    const r = await compensate(db, { token, amount: toBaseUnits(values.amount, token), reason, event: (values.event ?? reason).trim(), now: new Date() });
    console.log(r.paid ? `Compensated ${r.players} active players with ${values.amount} ${token.toUpperCase()} for "${r.event}".`
      : `"${r.event}" was already paid (${r.players} players); nothing changed.`);
  } finally {
    await db.close();
  }
}

async function blocks(args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const count = Number(whole(positionals[0] ?? '1', 'blocks'));
  if (count < 1 || count > 1000) throw new Error('N must be between 1 and 1000');
  const config = demoConfig();
  let result = await viaServer<{ height: number; slot: number }>(config.port, ENDPOINTS.demoBlocks.path, { count });
  if (!result) {
    const { db, providers } = await openKingdomDatabase(config);
    const leases = new JobLeases(db.orm);
    try {
      const jobs = new ChainMoneyJobs(db, providers.money, () => new Date(), { warn: (o, m) => console.warn(m, o), error: (o, m) => console.error(m, o) }, leases);
      await jobs.produceBlocks(count);
      const tip = await providers.money.ledger.tip();
      result = { height: tip.height, slot: tip.slot };
    } finally {
      await leases.releaseAll();
      await db.close();
    }
  }
  console.log(`Produced ${count} block(s): the emulated chain is at height ${result.height} (slot ${result.slot}).`);
}

const fmt = (v: bigint) => fromBaseUnits(v, 'exo');

async function treasury(): Promise<void> {
  const config = loadConfig({ ...environment(), LOG_LEVEL: 'silent' });
  const { db, providers } = await openKingdomDatabase(config);
  try {
    const money = providers.money;
    const report = await treasuryReport(db.orm, money);
    const [open] = await exec<{ count: number }>(db.orm, sql`SELECT count(*)::int AS count FROM chain_withdrawals WHERE status IN ('requested', 'submitted')`);
    console.log(`Treasury ${money.treasury.address} on ${money.ledger.network} (tip ${(await money.ledger.tip()).height}); sale address ${money.saleAddress}`);
    console.log(`Pending withdrawals: ${open!.count}`);
    const [unmatched] = await exec<{ count: number; lovelace: string }>(db.orm, sql`
      SELECT count(*)::int AS count, COALESCE(sum(amount), 0)::text AS lovelace FROM chain_payments WHERE status = 'unmatched'`);
    if (unmatched!.count > 0) {
      console.log(`Unmatched ADA payments to the sale address (no order of the sender's, already paid or underpaid; refund by hand): ${unmatched!.count}, ${fromBaseUnits(BigInt(unmatched!.lovelace), 'exo')} ADA`);
      const rows = await exec<{ tx_hash: string; output_index: number; amount: string; sender: string }>(db.orm, sql`
        SELECT tx_hash, output_index, amount::text AS amount, senders[1] AS sender FROM chain_payments WHERE status = 'unmatched' ORDER BY id LIMIT 20`);
      for (const r of rows) console.log(`  ${r.tx_hash}#${r.output_index}  ${fromBaseUnits(BigInt(r.amount), 'exo')} ADA from ${r.sender}`);
    }
    for (const r of report) {
      const s = r.sums;
      const t = r.token.toUpperCase();
      console.log(`\n${t}: treasury holds ${fmt(r.treasuryHeld)} on chain; pending deposits ${r.pendingDeposits.count} (${fmt(r.pendingDeposits.sum)})`);
      console.log(`  app balances ${fmt(s.balances)} + pending withdrawals ${fmt(s.pendingWithdrawals)} = ${fmt(r.reconciliation.left)}`);
      console.log(`  confirmed deposits ${fmt(s.confirmedDeposits)} − confirmed withdrawals ${fmt(s.confirmedWithdrawals)} + game-issued ${fmt(s.gameIssued)} = ${fmt(r.reconciliation.right)}`);
      console.log(r.reconciliation.holds ? '  reconciliation holds' : `  RECONCILIATION DOES NOT HOLD: difference ${fmt(r.reconciliation.difference)}`);
      if (!r.reconciliation.holds) process.exitCode = 1;
    }
  } finally {
    await db.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'faucet') await faucet(rest);
  else if (command === 'tick') await tick(rest);
  else if (command === 'compensate') await compensateCommand(rest);
  else if (command === 'blocks') await blocks(rest);
  else if (command === 'treasury') await treasury();
  else if (command === 'blockfrost-emulator') await blockfrostEmulatorCommand(rest);
  else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}

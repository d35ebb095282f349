/**
 * `kingdom doctor` against the Blockfrost-compatible emulator (preprod settings), a fake Solana
 * JSON-RPC and a fake price service on loopback: a good configuration is all `ok`; one wrong
 * setting at a time → exactly its line is a PROBLEM.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CML } from '@lucid-evolution/lucid';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { storePrices } from '../../src/modules/prices/repository.ts';
import { keyAddress } from '../../src/chain/cardano/money.ts';
import { mintCollection } from '@kingdom/emulators';
import { SOLANA_GENESIS_HASHES } from '../../src/chain/solana/index.ts';
import { dailyRequestEstimate, runDoctor, type DoctorLine } from '../../src/cli/doctor.ts';
import { TEST_DB, freshPostgresDatabase } from '../support/kingdom.ts';
import { startBlockfrostChain, type TestBlockfrostChain } from '../support/blockfrost-chain.ts';

/** A loopback server answering every request with `answer`. */
async function fakeServer(answer: (body: string, url: string) => { status: number; body: unknown }): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      const a = answer(body, req.url ?? '');
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('kingdom doctor', () => {
  let chain: TestBlockfrostChain;
  let rpc: Awaited<ReturnType<typeof fakeServer>>;
  let prices: Awaited<ReturnType<typeof fakeServer>>;
  /** A Blockfrost-shaped server of mainnet (its `/genesis` says so). */
  let mainnet: Awaited<ReturnType<typeof fakeServer>>;
  let dir: string;
  let dropDb: (() => Promise<void>) | null = null;
  let env: Record<string, string>;
  let closed: string;
  const keyFile = (name: string, key: string) => {
    const f = path.join(dir, name);
    writeFileSync(f, key + '\n', { mode: 0o600 });
    return f;
  };
  const run = async (over: Record<string, string> = {}, now?: Date) => {
    const printed: string[] = [];
    const lines = await runDoctor({ ...env, ...over }, (l) => printed.push(l), now ? { now } : {});
    return { lines, printed, problems: lines.filter((l: DoctorLine) => !l.ok) };
  };

  beforeAll(async () => {
    chain = await startBlockfrostChain();
    // one collection per call (a transaction mints under one policy)
    const { policies } = await mintCollection(chain.money, { land: { assets: [{ name: 'Land 1', 721: { name: 'Land 1' } }] } }, new Set());
    await mintCollection(chain.money, { tool: { assets: [{ name: 'Tool 1', 721: { name: 'Tool 1' } }] } }, new Set());
    rpc = await fakeServer((body) => {
      const req = JSON.parse(body) as { method: string };
      return { status: 200, body: req.method === 'getGenesisHash' ? { jsonrpc: '2.0', id: 1, result: SOLANA_GENESIS_HASHES.devnet } : { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no' } } };
    });
    prices = await fakeServer(() => ({ status: 200, body: { cardano: { usd: 0.41 }, solana: { usd: 150 } } }));
    mainnet = await fakeServer((_body, url) => (url.endsWith('/genesis')
      ? { status: 200, body: { network_magic: 764_824_073, security_param: 2160 } }
      : { status: 200, body: { height: 12_000_000, hash: 'ab'.repeat(32), slot: 150_000_000 } }));
    closed = `http://127.0.0.1:${await closedPort()}`;
    dir = mkdtempSync(path.join(tmpdir(), 'kingdom-doctor-'));
    const database: Record<string, string> = {};
    if (TEST_DB === 'postgres') {
      const pgdb = await freshPostgresDatabase();
      database.DATABASE_URL = pgdb.url;
      dropDb = pgdb.drop;
    } else {
      database.DATA_DIR = path.join(dir, 'data');
    }
    // a migrated database with fresh prices (ADA from the price job, EXO set by the operator)
    const cfg = loadConfig({ LOG_LEVEL: 'silent', DEMO: 'false', ...database });
    const db = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir });
    await storePrices(db.orm, [{ token: 'ada', quote: 'usd', value: '0.41000' }], new Date(), 'simple-price');
    await storePrices(db.orm, [{ token: 'exo', quote: 'ada', value: '0.01873' }], new Date(), 'operator');
    await db.close();
    env = {
      ...chain.env, ...database, DEMO: 'false', PORT: String(new URL(closed).port),
      LAND_POLICY_ID: policies.land, MINING_TOOL_POLICY_ID: policies.tool, HANDLE_POLICY_ID: chain.money.units.exo.slice(0, 56),
      SOLANA_CLUSTER: 'devnet', SOLANA_RPC_URL: rpc.url, PRICE_SERVICE_URL: `${prices.url}/simple/price`,
    };
  });
  afterAll(async () => {
    await chain?.close();
    await rpc?.close();
    await prices?.close();
    await mainnet?.close();
    await dropDb?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a good configuration: every check ok, one line each', async () => {
    const { lines, printed, problems } = await run();
    expect(problems).toEqual([]);
    expect(lines.map((l) => l.check)).toEqual([
      'config', 'database', 'prices stored', 'price service simple-price', 'blockfrost', 'request budget',
      'policy land', 'policy tool', 'policy handle', 'unit exo', 'unit hexo', 'treasury', 'sale address', 'solana',
    ]);
    expect(printed.every((l) => l.startsWith('ok '))).toBe(true);
    expect(printed.find((l) => l.includes('treasury:'))).toContain(chain.money.treasury.address);
  });

  const unfunded = CML.PrivateKey.generate_ed25519().to_bech32();
  const cases: Array<[string, () => Record<string, string>, string, RegExp]> = [
    ['an invalid variable', () => ({ HANDLE_POLICY_ID: 'xyz' }), 'config', /HANDLE_POLICY_ID/],
    ['Blockfrost unreachable', () => ({ BLOCKFROST_URL: `${closed}/api/v0` }), 'blockfrost', /does not answer/],
    ['a refused project key', () => ({ BLOCKFROST_PROJECT_ID: 'k'.repeat(201) }), 'blockfrost', /refused \(HTTP 403\)/],
    ['a mainnet project key on preprod', () => ({ BLOCKFROST_PROJECT_ID: 'mainnetK3y0123456789abcdef' }), 'blockfrost', /a mainnet key, but CARDANO_NETWORK=preprod/],
    ['a Blockfrost of mainnet on preprod (its /genesis network magic)', () => ({ BLOCKFROST_URL: `${mainnet.url}/api/v0` }), 'blockfrost', /is mainnet, not preprod \(network magic 764824073, expected 1\)/],
    ['a plan too small', () => ({ BLOCKFROST_DAILY_REQUESTS: '10000' }), 'request budget', /exceed the plan's 10,000/],
    ['a land policy without assets', () => ({ LAND_POLICY_ID: 'cd'.repeat(28) }), 'policy land', /has no assets on preprod/],
    ['a tool policy without assets', () => ({ MINING_TOOL_POLICY_ID: 'ef'.repeat(28) }), 'policy tool', /has no assets/],
    ['a handle policy without assets', () => ({ HANDLE_POLICY_ID: '12'.repeat(28) }), 'policy handle', /HANDLE_POLICY_ID/],
    ['an EXO unit that does not exist', () => ({ EXO_UNIT: chain.money.units.exo.slice(0, 56) + '4e4f5045' }), 'unit exo', /does not exist/],
    ['a treasury key of another address', () => ({ TREASURY_ADDRESS: chain.money.saleAddress }), 'treasury', /not of TREASURY_ADDRESS/],
    ['a treasury that cannot pay fees', () => ({ TREASURY_KEY_FILE: keyFile('empty.skey', unfunded) }), 'treasury', /cannot pay fees/],
    ['a treasury key file that holds no key', () => ({ TREASURY_KEY_FILE: keyFile('bad.skey', 'not a key') }), 'treasury', /does not hold/],
    ['a sale address of another network', () => ({ SALE_ADDRESS: keyAddress(unfunded, 1) }), 'sale address', /not an address of preprod/],
    ['a Solana RPC of another cluster', () => ({ SOLANA_CLUSTER: 'testnet' }), 'solana', /is not testnet/],
    ['a Solana RPC that does not answer', () => ({ SOLANA_RPC_URL: closed }), 'solana', /does not answer/],
    ['a price service that does not answer', () => ({ PRICE_SERVICE_URL: `${closed}/simple/price` }), 'price service simple-price', /unreachable/],
    ['a database that does not answer', (): Record<string, string> => (TEST_DB === 'postgres' ? { DATABASE_URL: `postgres://kingdom@127.0.0.1:${new URL(closed).port}/nothing` } : { DATA_DIR: path.join(dir, 'empty') }), 'database', TEST_DB === 'postgres' ? /does not answer/ : /holds no database yet/],
  ];
  for (const [what, over, check, detail] of cases) {
    it(`${what} → the "${check}" line`, async () => {
      const { problems } = await run(over());
      expect(problems.map((p) => p.check)).toEqual([check]);
      expect(problems[0]!.detail).toMatch(detail);
    });
  }

  it('prices seen longer ago than the limit → the "prices stored" line (the operator price does not go stale)', async () => {
    const { problems } = await run({}, new Date(Date.now() + 2 * 86_400_000));
    expect(problems.map((p) => p.check)).toEqual(['prices stored']);
    expect(problems[0]!.detail).toMatch(/^ADA is stale/);
  });

  it('estimates the daily requests: the watcher every CHAIN_WATCH_MS plus the expected players', () => {
    const e = dailyRequestEstimate(loadConfig({ LOG_LEVEL: 'silent', CHAIN_WATCH_MS: '20000', EXPECTED_DAILY_PLAYERS: '1000' }));
    // docs/operator-guide.md §7.3 "Blockfrost request budget": 4 calls per watcher run (4,320 runs a day), ≈ 12 per player
    expect(e).toEqual({ watcher: 17_280, players: 12_000, total: 29_280 });
  });
});

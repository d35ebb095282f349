/**
 * A launch on a long chain (docs/operator-guide.md §7.3, issue "the first start floods Blockfrost"):
 * a Kingdom on preprod settings over the Blockfrost-compatible emulator (real HTTP, requests counted
 * by the emulator) whose chain is 3.1 million blocks long.
 * - A fresh database starts its watcher at the tip (`CHAIN_START_BLOCK` unset): a handful of
 *   requests, not two per 2,000 blocks from block 1 (3,100).
 * - `CHAIN_START_BLOCK=1` reads the addresses' whole history, jumping over the blocks without their
 *   transactions, within the plan's budget (a small `BLOCKFROST_RATE_PER_SECOND`/`BURST`).
 * - Two servers (two budgets on one database) share one plan: together they never pass it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { exec, openDatabase, type Database } from '../../src/db/client.ts';
import { BlockfrostClient, BLOCKFROST_ANSWER_SCHEMAS } from '../../src/chain/cardano/blockfrost-client.ts';
import { BLOCKFROST_BUDGET, SharedRateBudget } from '../../src/chain/rate-budget.ts';
import { TEST_DB, createTestKingdom, freshPostgresDatabase, type TestKingdom } from '../support/kingdom.ts';
import { startBlockfrostChain, type TestBlockfrostChain } from '../support/blockfrost-chain.ts';

const LONG = 3_100_000;

describe('the first start on a 3.1M-block chain', () => {
  let chain: TestBlockfrostChain;
  const kingdoms: TestKingdom[] = [];
  /** A Kingdom on the chain's preprod settings (the demo off: a launch) with `env` over them. */
  const kingdom = async (env: Record<string, string>) => {
    const { CHAIN_START_BLOCK: _fromOne, ...launch } = chain.env;
    const k = await createTestKingdom({ demo: false, env: { ...launch, LAND_POLICY_ID: 'a1'.repeat(28), MINING_TOOL_POLICY_ID: 'b2'.repeat(28), ...env } });
    kingdoms.push(k);
    return k;
  };
  /** The faucet pays the treasury (a transaction the watcher records: claimable, its sender is nobody's). */
  const payTreasury = async () => {
    const lucid = await chain.money.lucid();
    lucid.selectWallet.fromPrivateKey(chain.money.faucet!.privateKey);
    const tx = await lucid.newTx().pay.ToAddress(chain.money.treasury.address, { lovelace: 2_000_000n, [chain.money.units.hexo]: 7n }).complete();
    const hash = await chain.money.emulator!.submit((await tx.sign.withWallet().complete()).toCBOR());
    await chain.blocks(1);
    return hash;
  };

  beforeAll(async () => {
    chain = await startBlockfrostChain({ treasuryUtxos: 2 });
    // 1.5M empty blocks, a payment to the treasury, 1.6M more: the tip is past 3.1M
    for (let h = 0; h < 1_500_000; h += 100_000) await chain.blocks(100_000);
    await payTreasury();
    for (let h = 0; h < LONG - 1_500_000; h += 100_000) await chain.blocks(100_000);
  });
  afterAll(async () => {
    for (const k of kingdoms) await k.close();
    await chain?.close();
  });

  it('a fresh database watches from the tip: a few requests (not 3,100), the start point recorded and logged once', async () => {
    const k = await kingdom({});
    const tip = (await chain.money.ledger.tip()).height;
    expect(tip).toBeGreaterThan(LONG);
    chain.server.resetRequests();
    const run = await k.app.deps.chainJobs.run();
    expect(run).toMatchObject({ startedAt: tip, scannedTo: tip, seen: 0 });
    const { total, byRoute } = chain.server.requests();
    expect(byRoute['GET /api/v0/addresses/:address/transactions']).toBe(2);
    expect(total).toBeLessThanOrEqual(6);
    const [cursor] = await exec<{ height: number }>(k.db.orm, sql`SELECT height FROM chain_cursor WHERE name = 'cardano'`);
    expect(cursor!.height).toBe(tip);
    // the next run reads only the new blocks
    await chain.blocks(3);
    chain.server.resetRequests();
    expect(await k.app.deps.chainJobs.run()).toMatchObject({ startedAt: null, scannedTo: tip + 3 });
    expect(chain.server.requests().byRoute['GET /api/v0/addresses/:address/transactions']).toBe(2);
  });

  it('CHAIN_START_BLOCK=1 reads the whole history, jumping over empty blocks, at the plan\'s pace (4/s, burst 3)', async () => {
    const k = await kingdom({ CHAIN_START_BLOCK: '1', BLOCKFROST_RATE_PER_SECOND: '4', BLOCKFROST_BURST: '3' });
    chain.server.resetRequests();
    const started = performance.now();
    const run = await k.app.deps.chainJobs.run();
    const seconds = (performance.now() - started) / 1000;
    expect(run).toMatchObject({ startedAt: 1, seen: 1 });
    const [payment] = await exec<{ token: string; amount: string; status: string }>(k.db.orm, sql`SELECT token, amount::text AS amount, status FROM chain_payments`);
    expect(payment).toEqual({ token: 'hexo', amount: '7', status: 'claimable' });
    const { total, byRoute } = chain.server.requests();
    // jumps: where each address's next transaction is (2 per jump), then the window holding it
    expect(byRoute['GET /api/v0/addresses/:address/transactions']).toBeLessThanOrEqual(12);
    expect(total).toBeLessThanOrEqual(30);
    // 3 at once, then 4 a second: the run cannot be quicker than its budget allows
    expect(seconds).toBeGreaterThanOrEqual(((total - 3) / 4) * 0.9);
  }, 60_000);
});

describe('one plan for every server of a database (provider_budgets)', () => {
  let pg: Awaited<ReturnType<typeof freshPostgresDatabase>> | null = null;
  let dbs: Database[] = [];
  let chain: TestBlockfrostChain;
  beforeAll(async () => {
    chain = await startBlockfrostChain({ treasuryUtxos: 1 });
    pg = TEST_DB === 'postgres' ? await freshPostgresDatabase() : null;
    const first = await openDatabase({ databaseUrl: pg?.url, dataDir: 'memory://' });
    // two processes: two pools on Postgres (PGlite is one process's database)
    dbs = [first, pg ? await openDatabase({ databaseUrl: pg.url, dataDir: '' }) : first];
  });
  afterAll(async () => {
    for (const db of new Set(dbs)) await db.close();
    await pg?.drop();
    await chain?.close();
  });

  it('two servers asking at once share 10/s with a burst of 5: every second holds at most burst + rate of their requests', async () => {
    const times: number[] = [];
    const clients = dbs.map((db) => new BlockfrostClient('preprod', chain.projectId, {
      baseUrl: chain.url,
      budget: new SharedRateBudget(db.orm, BLOCKFROST_BUDGET, 10, 5),
      fetchFn: (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
        times.push(performance.now());
        return fetch(input, init);
      }) as typeof fetch,
    }));
    chain.server.resetRequests();
    const started = performance.now();
    // 8 callers on each server, 25 requests in all
    await Promise.all(Array.from({ length: 16 }, async (_, i) => {
      for (let j = i; j < 25; j += 16) await clients[i % 2]!.get('/blocks/latest', BLOCKFROST_ANSWER_SCHEMAS.latestBlock);
    }));
    const seconds = (performance.now() - started) / 1000;
    expect(chain.server.requests().total).toBe(25);
    // 5 at once, then 10 a second: 20 more take 2 s at least
    expect(seconds).toBeGreaterThanOrEqual(1.8);
    times.sort((a, b) => a - b);
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(5 + 10 + 1);
    const [row] = await exec<{ name: string }>(dbs[0]!.orm, sql`SELECT name FROM provider_budgets`);
    expect(row).toEqual({ name: 'blockfrost' });
  }, 30_000);

  it('the queue stops at 10 minutes of waiting: the next caller is refused without spending a token', async () => {
    const waits: number[] = [];
    const budget = new SharedRateBudget(dbs[0]!.orm, 'queue-test', 1, 1, async (ms) => void waits.push(ms));
    // 1 at once, then reservations of 1 s each until one would be due in more than 10 min
    let refusal: unknown = null;
    let taken = 0;
    for (; taken < 1_000 && refusal === null; taken++) await budget.take().catch((err: unknown) => { refusal = err; });
    expect(String(refusal)).toMatch(/queue-test request budget is spent for the next 600 s/);
    expect(taken - 1).toBeGreaterThanOrEqual(601);
    expect(Math.max(...waits)).toBeLessThanOrEqual(600_000);
    expect(Math.max(...waits)).toBeGreaterThan(590_000);
    const [row] = await exec<{ tokens: number }>(dbs[0]!.orm, sql`SELECT tokens::float8 AS tokens FROM provider_budgets WHERE name = 'queue-test'`);
    expect(row!.tokens).toBeGreaterThan(-600.5);
  }, 60_000);
});

/**
 * A Market match killed with SIGKILL (issue 38 "exactly once under races and crashes"; docs/game-rules.md
 * §16.6): a process placing buy orders against a FOOD/HEXO book of resting sells (`tools/market-crash.ts`,
 * three placements at once) is killed while one of them is inside its match transaction — held there by
 * this test's SHARE lock on a table the match writes late (`notifications`: after the trades, every
 * ledger entry and the orders' new state) or early (`ledger_entries`: after the order's and the trades'
 * rows). Afterwards every match is whole or absent (each trade has its two ledger entries and two
 * notices, each order its one escrow debit), no order is filled past its quantity (filled = quantity −
 * remaining = Σ its trades), escrow is conserved and Σ ledger = balance for every account and asset;
 * a run not killed then places and matches on the same book. Postgres only (a second process on one
 * database), skipped with a notice without Postgres unless CI (tools/postgres-suites.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { FOOD_LOT, MARKET_FEE_BPS, orderEscrow, orderExpiresAt, toBaseUnits, vendorReferencePrice } from '@kingdom/game';
import { openDatabase, exec, type Database } from '../apps/server/src/db/client.ts';
import { applyTokenEntry } from '../apps/server/src/modules/ledger/ledger.ts';
import { insertOrder, nextSeq } from '../apps/server/src/modules/market/repository.ts';
import { freshDatabase, type FreshDatabase } from './pg-cluster.ts';
import { requirePostgres } from './postgres-suites.ts';
import { backendGone, blockedWriter, dropSharedDatabase, spawnCrashChild, type CrashChild } from './crash-support.ts';

const SELLERS = [1, 2, 3, 4];
const BUYERS = [11, 12, 13, 14, 15, 16];
const PRICE = vendorReferencePrice({ good: 'food', payToken: 'hexo' })!;
const DB_NAME = `kingdom_market_crash_${process.pid}`;

/** Starts the placing process (tools/market-crash.ts); `placed()`: its orders so far. */
function child(url: string, orders: number): CrashChild & { placed: () => number } {
  const c = spawnCrashChild('market-crash.ts', ['--url', url, '--buyers', BUYERS.join(','), '--orders', String(orders), '--quantity', '7',
    '--price', PRICE.toString(), '--concurrency', '3']);
  return { ...c, placed: () => c.out().split('\n').filter((l) => l.startsWith('placed ')).length };
}

/** Everything that must hold after any crash: see the file's comment. */
async function expectConsistent(db: Database): Promise<void> {
  const ledger = await exec(db.orm, sql`
    SELECT b.user_id, b.token FROM balances b
    LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries GROUP BY 1, 2) e ON e.user_id = b.user_id AND e.asset = b.token
    WHERE b.amount <> COALESCE(e.sum, 0) OR b.amount < 0
    UNION ALL SELECT e.user_id, e.asset FROM ledger_entries e WHERE e.asset IN ('food', 'hexo')
      AND NOT EXISTS (SELECT 1 FROM balances b WHERE b.user_id = e.user_id AND b.token = e.asset) GROUP BY 1, 2`);
  expect(ledger, 'Σ ledger = balance').toEqual([]);
  const orders = await exec<{ id: string; quantity: number; remaining: number; filled: number; escrows: number }>(db.orm, sql`
    SELECT o.id::text AS id, o.quantity, o.remaining,
      (SELECT COALESCE(sum(t.quantity), 0) FROM market_trades t WHERE t.buy_order_id = o.id OR t.sell_order_id = o.id)::int AS filled,
      (SELECT count(*) FROM ledger_entries l WHERE l.reason = 'market_escrow' AND l.reference = 'order:' || o.id::text)::int AS escrows
    FROM market_orders o`);
  for (const o of orders) {
    expect(o.filled, `order ${o.id} over-filled`).toBeLessThanOrEqual(o.quantity);
    expect(o.quantity - o.remaining, `order ${o.id}: filled = quantity − remaining`).toBe(o.filled);
    expect(o.escrows, `order ${o.id}: one escrow debit`).toBe(1);
  }
  const trades = await exec<{ id: string; entries: number; notices: number }>(db.orm, sql`
    SELECT t.id::text AS id,
      (SELECT count(*) FROM ledger_entries l WHERE l.reference = 'trade:' || t.id::text AND l.reason IN ('market_bought', 'market_proceeds'))::int AS entries,
      (SELECT count(*) FROM notifications n WHERE n.type = 'market_fill' AND n.data->>'trade_id' = t.id::text)::int AS notices
    FROM market_trades t`);
  for (const t of trades) expect({ id: t.id, entries: t.entries, notices: t.notices }).toEqual({ id: t.id, entries: 2, notices: 2 });
  const [r] = await exec<{ hexo_in: string; hexo_out: string; fees: string; hexo_held: string; food_in: string; food_out: string; food_held: string }>(db.orm, sql`SELECT
    (SELECT COALESCE(-sum(amount), 0)::text FROM ledger_entries WHERE reason = 'market_escrow' AND asset = 'hexo') AS hexo_in,
    (SELECT COALESCE(sum(amount), 0)::text FROM ledger_entries WHERE reason IN ('market_proceeds', 'market_refund') AND asset = 'hexo') AS hexo_out,
    (SELECT COALESCE(sum(fee), 0)::text FROM market_trades) AS fees,
    (SELECT COALESCE(sum(escrow), 0)::text FROM market_orders WHERE status = 'open') AS hexo_held,
    (SELECT COALESCE(-sum(amount), 0)::text FROM ledger_entries WHERE reason = 'market_escrow' AND asset = 'food') AS food_in,
    (SELECT COALESCE(sum(amount), 0)::text FROM ledger_entries WHERE reason IN ('market_bought', 'market_refund') AND asset = 'food') AS food_out,
    (SELECT (COALESCE(sum(remaining), 0) * ${FOOD_LOT.toString()}::numeric)::text FROM market_orders WHERE status = 'open' AND side = 'sell') AS food_held`);
  expect(BigInt(r!.hexo_in), 'HEXO escrow conserved').toBe(BigInt(r!.hexo_out) + BigInt(r!.fees) + BigInt(r!.hexo_held));
  expect(BigInt(r!.food_in), 'FOOD escrow conserved').toBe(BigInt(r!.food_out) + BigInt(r!.food_held));
}

const count = async (db: Database, table: 'market_trades' | 'market_orders') =>
  (await exec<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;

describe.runIf(requirePostgres('the Market killed mid-match (tools/market-crash.test.ts)'))('a Market match killed with SIGKILL', () => {
  let fresh: FreshDatabase | undefined;
  let db: Database;

  beforeAll(async () => {
    fresh = await freshDatabase(DB_NAME);
    db = await openDatabase({ databaseUrl: fresh.url, dataDir: '' });
    const at = new Date();
    for (const id of [...SELLERS, ...BUYERS]) await exec(db.orm, sql`INSERT INTO users (id, name, created_at) VALUES (${id}, ${`u${id}`}, now() - interval '30 days')`);
    await db.orm.transaction(async (tx) => {
      for (const id of SELLERS) await applyTokenEntry(tx, { userId: id, token: 'food', amount: toBaseUnits(1_000n, 'food'), reason: 'faucet', reference: 'crash', at });
      for (const id of BUYERS) await applyTokenEntry(tx, { userId: id, token: 'hexo', amount: toBaseUnits(1_000n, 'hexo'), reason: 'faucet', reference: 'crash', at });
    });
    // the book: 80 resting sells of 3 FOOD at the reference price, escrowed as a placement does
    for (let i = 0; i < 80; i++) {
      const userId = SELLERS[i % SELLERS.length]!;
      await db.orm.transaction(async (tx) => {
        const key = { good: 'food', payToken: 'hexo' } as const;
        const draft = { book: key, side: 'sell' as const, quantity: 3, price: PRICE, feeBps: MARKET_FEE_BPS };
        const id = (await insertOrder(tx, { userId, walletGroup: `user:${userId}`, side: 'sell', key, quantity: 3, price: PRICE, feeBps: MARKET_FEE_BPS,
          escrow: orderEscrow(draft).tokens, seq: await nextSeq(tx), placedAt: at, expiresAt: new Date(orderExpiresAt(at.getTime())), idempotencyKey: `seed-${i}`, requestHash: 'seed' }))!;
        await applyTokenEntry(tx, { userId, token: 'food', amount: -3n * FOOD_LOT, reason: 'market_escrow', reference: `order:${id}`, at });
      });
    }
    await expectConsistent(db);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    if (fresh) await dropSharedDatabase(DB_NAME);
    await fresh?.stop();
  });

  for (const table of ['notifications', 'ledger_entries'] as const) {
    test(`held at its write to ${table}, then killed: every match whole or absent, nothing over-filled, Σ ledger = balances`, async () => {
      const tradesBefore = await count(db, 'market_trades');
      const c = child(fresh!.url, 200);
      await c.ready;
      for (let i = 0; i < 1000 && c.placed() < 2; i++) await new Promise((r) => setTimeout(r, 10)); // some matches commit first
      expect(c.placed(), c.out()).toBeGreaterThanOrEqual(2);
      const holder = new pg.Client({ connectionString: fresh!.url });
      await holder.connect();
      let pid: number | undefined;
      try {
        await holder.query('BEGIN');
        await holder.query(`LOCK TABLE ${table} IN SHARE MODE`); // waits out a match in flight; the next one stops at this table
        const w = await blockedWriter(holder, table, ['market_orders', 'market_trades']);
        // inside a match: its order and its trades are written, not committed
        if (w) expect(w.written).toEqual(['market_orders', 'market_trades']);
        pid = w?.pid;
        expect(pid, `the child never reached ${table} inside a match: ${c.out()}`).toBeDefined();
        c.kill();
        expect(await c.done).toBe('SIGKILL');
        await holder.query('ROLLBACK');
        // the killed process's backend finds its client gone and rolls back (the others waited at the book's lock: nothing written)
        await backendGone(holder, pid!);
      } finally {
        await holder.end();
      }
      expect(await count(db, 'market_trades')).toBeGreaterThan(tradesBefore);
      await expectConsistent(db);
    }, 120_000);
  }

  test('a run not killed then places and matches on the same book, consistently', async () => {
    const before = await count(db, 'market_orders');
    const c = child(fresh!.url, 6);
    expect(await c.done, c.out()).toBe(0);
    expect(c.placed()).toBe(6);
    expect(await count(db, 'market_orders')).toBe(before + 6);
    await expectConsistent(db);
  }, 120_000);
});

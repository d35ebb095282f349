/**
 * The Market's matching on Postgres (issue 38; docs/game-rules.md §16.6): `market.orders_per_s` and
 * `market.match_p99_ms` with `--traders` traders (default 1,000) on `--books` books (default 20),
 * beside the floor of one INSERT per order (`market.floor_inserts_per_s`). Goals: ≥ 500 orders/s,
 * p99 < 50 ms.
 *
 * A fresh database gets the traders (each old enough and holding a land, so each may sell; items,
 * FOOD, EXO and HEXO to trade) and the books: the 15 books the Vendor prices, and as many more as
 * `--books` asks, each opened by one seed trade (its 7-day median). Then `--concurrency` workers
 * (default 16, the pool's size) place `--orders` limit orders (default 10,000) through the server's
 * own `placeOrder` (one transaction under the book's advisory lock: checks, escrow, matching, trades,
 * ledger, inbox notices), each from a random trader on a random book, buy or sell, at a random price
 * within 3% of the reference (so about half cross). `match_p99_ms` is the 99th percentile of one
 * `placeOrder` call; `orders_per_s` the orders over the wall time. The floor: the same workers
 * making the same number of single-row INSERTs (autocommit) into a scratch table. The per-account
 * rate limit is the route's (not applied here: the bench calls the service). CPU per order: this
 * process's (`process.cpuUsage`) and the run's Postgres backends' (/proc, when Postgres runs here), which
 * the machine's other load moves far less than orders/s.
 *
 * `--rate R` runs an open loop instead (what 1,000 traders acting on their own are): orders arrive at R
 * per second (Poisson) whatever the answers, at most 20 in flight (the server's pool; the rest wait
 * for a connection), and `match_p99_ms` is from each order's arrival. The goal's load is
 * `--rate 500`: 1,000 traders each placing an order every 2 s. A closed loop of `--concurrency` N
 * workers is a saturation test: its latency is mostly queueing (Little's law: N / orders_per_s).
 *
 * `npm run bench` runs it (also alone: `BENCH_ONLY=market`) and writes the report's `market` entry.
 *
 *   tsx bench/market.ts --url postgres://… [--traders 1000] [--books 20] [--orders 10000] [--concurrency 16 | --rate 500]
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { FOOD_GOOD, ITEM_KINDS, MARKET_FEE_BPS, MARKET_PAY_TOKENS, vendorReferencePrice, type BookKey } from '@kingdom/game';
import { openDatabase, exec, type Database } from '../apps/server/src/db/client.ts';
import { placeOrder } from '../apps/server/src/modules/market/service.ts';
import { seedReferenceData } from '../apps/server/src/seed/demo-world.ts';
import { withFreshDatabase } from './support/fresh-database.ts';
import { positiveInt } from './common.ts';

/** One run's figures. */
export interface MarketBenchRun {
  traders: number;
  books: number;
  orders: number;
  trades: number;
  concurrency: number;
  /** Open loop: orders arrived at this rate (Poisson, orders/s) whatever the answers, latency from arrival; null: closed loop of `concurrency` workers. */
  rate: number | null;
  orders_per_s: number;
  match_p50_ms: number;
  match_p99_ms: number;
  match_max_ms: number;
  /** The same workers making one single-row INSERT per order (the database's floor). */
  floor_inserts_per_s: number;
  /** CPU of this process (the server's code: placeOrder, the engine, the driver) per order, ms. */
  node_cpu_ms_per_order: number;
  /** CPU of the run's Postgres backends per order, ms (from /proc: null when Postgres is not on this machine). */
  pg_cpu_ms_per_order: number | null;
  goal_orders_per_s: number;
  goal_p99_ms: number;
}

/** The goals (issue 38). */
export const MARKET_GOAL_ORDERS_PER_S = 500;
export const MARKET_GOAL_P99_MS = 50;

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

/** The books: those the Vendor prices, then others (opened by a seed trade) up to `n`. */
function chooseBooks(n: number): Array<{ key: BookKey; reference: bigint; seeded: boolean }> {
  const all = [...ITEM_KINDS.map((k) => k.key), FOOD_GOOD].flatMap((good) => MARKET_PAY_TOKENS.map((payToken) => ({ good, payToken })));
  const priced = all.flatMap((key) => { const r = vendorReferencePrice(key); return r === null ? [] : [{ key, reference: r, seeded: false }]; });
  const others = all.filter((key) => vendorReferencePrice(key) === null).map((key) => ({ key, reference: 1_000_000_000n, seeded: true }));
  return [...priced, ...others].slice(0, n);
}

async function seed(db: Database, traders: number, books: ReturnType<typeof chooseBooks>): Promise<void> {
  const orm = db.orm;
  await seedReferenceData(db, { demo: false, collections: { landPolicyId: 'bench_lands', miningToolPolicyId: 'bench_tools' } }); // item kinds
  await exec(orm, sql`INSERT INTO users (id, name, created_at) SELECT g, 'trader_' || g, now() - interval '30 days' FROM generate_series(1, ${traders}) g`);
  await exec(orm, sql`SELECT setval(pg_get_serial_sequence('users', 'id'), ${traders})`);
  await exec(orm, sql`INSERT INTO lands (id, hex_name, name, q, r, size, biome, collection_key, asset_key)
    SELECT g, 'BENCH' || g, 'Bench ' || g, g, -g, 'SMALL', 'forest', 'bench_lands', 'land' || g FROM generate_series(1, ${traders}) g`);
  await exec(orm, sql`INSERT INTO holdings (chain, collection_key, asset_key, address, user_id)
    SELECT 'cardano', 'bench_lands', 'land' || g, 'addr_bench' || g, g FROM generate_series(1, ${traders}) g`);
  // plenty of every pay token and FOOD (base units), and of every item traded
  await exec(orm, sql`INSERT INTO balances (user_id, token, amount)
    SELECT g, t, 1000000000000000 FROM generate_series(1, ${traders}) g, unnest(ARRAY['exo', 'hexo', 'food']) t`);
  const items = [...new Set(books.map((b) => b.key.good).filter((g) => g !== FOOD_GOOD))];
  await exec(orm, sql`INSERT INTO user_items (user_id, item_key, amount)
    SELECT g, i, 1000 FROM generate_series(1, ${traders}) g, unnest(${`{${items.join(',')}}`}::text[]) i`);
  // the books without a Vendor price: one seed trade each between traders 1 and 2 (the 7-day median)
  for (const b of books.filter((x) => x.seeded)) {
    const ids: string[] = [];
    for (const [side, user] of [['buy', 1], ['sell', 2]] as const) {
      const [r] = await exec<{ id: string }>(orm, sql`INSERT INTO market_orders
        (user_id, wallet_group, side, good, pay_token, quantity, remaining, price, fee_bps, escrow, status, seq, placed_at, expires_at, idempotency_key, request_hash)
        VALUES (${user}, ${`user:${user}`}, ${side}, ${b.key.good}, ${b.key.payToken}, 1, 0, ${b.reference.toString()}, ${MARKET_FEE_BPS}, 0, 'filled',
          nextval('market_order_seq'), now() - interval '1 hour', now() + interval '6 days', ${`seed-${randomUUID()}`}, 'seed') RETURNING id::text AS id`);
      ids.push(r!.id);
    }
    await exec(orm, sql`INSERT INTO market_trades (good, pay_token, maker_order_id, taker_order_id, buy_order_id, sell_order_id, buyer_id, seller_id, quantity, price, fee, at)
      VALUES (${b.key.good}, ${b.key.payToken}, ${ids[1]}::bigint, ${ids[0]}::bigint, ${ids[0]}::bigint, ${ids[1]}::bigint, 1, 2, 1, ${b.reference.toString()}, 0, now() - interval '1 hour')`);
  }
  await exec(orm, sql`CREATE TABLE bench_floor (id bigserial PRIMARY KEY, user_id integer NOT NULL, good text NOT NULL, price numeric NOT NULL, at timestamptz NOT NULL)`);
  await exec(orm, sql`ANALYZE`);
}

/** CPU seconds (user + system) of this database's backends, read from /proc; null when they are not on this machine. */
async function backendCpu(db: Database): Promise<number | null> {
  const rows = await exec<{ pid: number }>(db.orm, sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
  let ticks = 0;
  try {
    for (const { pid } of rows) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14, 15)
    }
  } catch {
    return null;
  }
  return ticks / 100; // USER_HZ
}

/** Runs `n` jobs on `concurrency` workers. @returns each job's latency (ms) and the wall time (s) */
async function drive(n: number, concurrency: number, job: (i: number) => Promise<void>): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  let next = 0;
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) {
      const i = next++;
      const t = process.hrtime.bigint();
      await job(i);
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  }));
  return { latencies, seconds: Number(process.hrtime.bigint() - t0) / 1e9 };
}

/**
 * Starts `n` jobs at Poisson arrivals of `rate` per second, not waiting for answers (an open loop:
 * traders acting on their own), at most `cap` at once (the pool; the rest queue there).
 * @returns each job's latency from its arrival (ms) and the wall time (s)
 */
async function driveOpen(n: number, rate: number, job: (i: number) => Promise<void>): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  const running: Array<Promise<void>> = [];
  const t0 = performance.now();
  let due = t0;
  for (let i = 0; i < n; i++) {
    due += (-Math.log(1 - Math.random()) / rate) * 1000;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const arrived = due;
    running.push(job(i).then(() => { latencies.push(performance.now() - arrived); }));
  }
  await Promise.all(running);
  return { latencies, seconds: (performance.now() - t0) / 1000 };
}

/** Fills the database at `url` and measures the matching and the floor. */
export async function runMarketBench(url: string, opts: { traders: number; books: number; orders: number; concurrency: number; rate?: number | undefined }, log: (s: string) => void = () => undefined): Promise<MarketBenchRun> {
  // open loop: the server's own pool (openDatabase's default, 20) caps the placements in flight
  const db = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: opts.rate ? 20 : opts.concurrency + 2 });
  try {
    const books = chooseBooks(opts.books);
    const t0 = Date.now();
    await seed(db, opts.traders, books);
    log(`market bench: ${opts.traders} traders, ${books.length} books written in ${round((Date.now() - t0) / 1000, 1)} s`);
    const rand = (k: number) => Math.floor(Math.random() * k);
    const now = () => new Date();
    // warm-up: each book once (plans, connections)
    for (const b of books) {
      await placeOrder(db, 1 + rand(opts.traders), randomUUID(), { good: b.key.good, token: b.key.payToken, side: 'buy', quantity: 1, price: b.reference.toString() }, now());
    }
    const pg0 = await backendCpu(db);
    const cpu0 = process.cpuUsage();
    const place = async () => {
      const b = books[rand(books.length)]!;
      const side = Math.random() < 0.5 ? 'buy' : 'sell';
      const off = BigInt(rand(601) - 300); // −3% … +3%, in 0.01% steps
      const price = (b.reference * (10_000n + off)) / 10_000n;
      await placeOrder(db, 1 + rand(opts.traders), randomUUID(), { good: b.key.good, token: b.key.payToken, side, quantity: 1 + rand(3), price: price.toString() }, now());
    };
    const run = opts.rate ? await driveOpen(opts.orders, opts.rate, place) : await drive(opts.orders, opts.concurrency, place);
    const cpu = process.cpuUsage(cpu0);
    const pg1 = await backendCpu(db); // the pool's connections stay open: every backend of the run is still there
    const [t] = await exec<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM market_trades`);
    const floor = await drive(opts.orders, opts.concurrency, async (i) => {
      await exec(db.orm, sql`INSERT INTO bench_floor (user_id, good, price, at) VALUES (${1 + (i % opts.traders)}, 'food', 900000, now())`);
    });
    return {
      traders: opts.traders, books: books.length, orders: opts.orders, trades: t!.n - books.filter((b) => b.seeded).length, concurrency: opts.concurrency, rate: opts.rate ?? null,
      orders_per_s: round(opts.orders / run.seconds, 0), match_p50_ms: round(pct(run.latencies, 50)), match_p99_ms: round(pct(run.latencies, 99)),
      match_max_ms: round(Math.max(...run.latencies)), floor_inserts_per_s: round(opts.orders / floor.seconds, 0),
      node_cpu_ms_per_order: round((cpu.user + cpu.system) / 1000 / opts.orders), pg_cpu_ms_per_order: pg0 === null || pg1 === null ? null : round(((pg1 - pg0) * 1000) / opts.orders),
      goal_orders_per_s: MARKET_GOAL_ORDERS_PER_S, goal_p99_ms: MARKET_GOAL_P99_MS,
    };
  } finally {
    await db.close();
  }
}

/** The report's lines for a run. */
export function marketLines(r: MarketBenchRun): string[] {
  const ok = (b: boolean) => (b ? 'ok' : 'MISSED');
  return [
    `market: ${r.orders_per_s} orders/s (goal ≥ ${r.goal_orders_per_s}) ${ok(r.orders_per_s >= r.goal_orders_per_s)}, match p99 ${r.match_p99_ms} ms (goal < ${r.goal_p99_ms}) ${ok(r.match_p99_ms < r.goal_p99_ms)}`
      + ` — ${r.traders.toLocaleString('en')} traders, ${r.books} books, ${r.orders.toLocaleString('en')} orders → ${r.trades.toLocaleString('en')} trades, ${r.rate ? `open loop: ${r.rate} orders/s arriving, pool 20` : `concurrency ${r.concurrency}`}`
      + `; CPU per order: ${r.node_cpu_ms_per_order} ms Node${r.pg_cpu_ms_per_order === null ? '' : ` + ${r.pg_cpu_ms_per_order} ms Postgres`}; floor: ${r.floor_inserts_per_s} INSERTs/s`,
  ];
}

/**
 * The `market` entry of `npm run bench`: the bench on a throwaway database of the server at `pgUrl`
 * (`BENCH_MARKET_TRADERS`, `BENCH_MARKET_BOOKS`, `BENCH_MARKET_ORDERS`, `BENCH_MARKET_CONCURRENCY`, `BENCH_MARKET_RATE`), or `{ error }`.
 */
export async function measureMarket(pgUrl: string, log: (s: string) => void): Promise<MarketBenchRun | { error: string }> {
  const opts = {
    traders: positiveInt(process.env.BENCH_MARKET_TRADERS, 1_000), books: positiveInt(process.env.BENCH_MARKET_BOOKS, 20),
    orders: positiveInt(process.env.BENCH_MARKET_ORDERS, 10_000), concurrency: positiveInt(process.env.BENCH_MARKET_CONCURRENCY, 16),
    rate: process.env.BENCH_MARKET_RATE ? positiveInt(process.env.BENCH_MARKET_RATE, 500) : undefined,
  };
  try {
    return { ...(await withFreshDatabase(pgUrl, 'kingdom_bench_market', (url) => runMarketBench(url, opts, log))) };
  } catch (error) {
    log(`market bench failed: ${error instanceof Error ? error.message : String(error)}`);
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, traders: { type: 'string' }, books: { type: 'string' }, orders: { type: 'string' }, concurrency: { type: 'string' }, rate: { type: 'string' } } });
  if (!values.url) throw new Error('--url postgres://… is required');
  const r = await runMarketBench(values.url, {
    traders: positiveInt(values.traders, 1_000), books: positiveInt(values.books, 20), orders: positiveInt(values.orders, 10_000), concurrency: positiveInt(values.concurrency, 16),
    rate: values.rate === undefined ? undefined : positiveInt(values.rate, 500),
  }, (s) => process.stderr.write(`${s}\n`));
  process.stdout.write(`${JSON.stringify(r)}\n`);
  process.stdout.write(`${marketLines(r).join('\n')}\n`);
}

/**
 * The Market's server (docs/game-rules.md §16) on both databases: placing, matching, partial fills and
 * cancels through the ledger (Σ ledger = balances after each), idempotent placing, the refusals, a
 * differential test against the pure engine (`match` from `@kingdom/game`) on a random sequence of
 * orders from several players and on crossing orders from 50 players at once (replayed in the book's `seq` order), 200 concurrent buyers against one sell order of 50, and a cancel racing
 * a fill; each fill's `market_fill` inbox notice to both sides.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, PATHS, fillPath, type MarketDepthResponse, type MarketOrdersResponse, type MarketPlaceResponse, type MarketTradesResponse } from '@kingdom/api';
import {
  MARKET_FEE_BPS, emptyBook, marketFee, match, orderEscrow, toBaseUnits, vendorReferencePrice, type MarketBook, type MarketOrder, type MarketTrade,
} from '@kingdom/game';
import { API_PREFIX } from '@kingdom/api';
import { createTestKingdom, signInCardano, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';
import { exec } from '../../src/db/client.ts';
import type { Player } from '../support/players.ts';

const DAY_MS = 86_400_000;
/** Orders and cancels per account per minute in this file's kingdom. */
const RATE = 40;
const FOOD_HEXO = { good: 'food', payToken: 'hexo' } as const;
const FOOD_REF = vendorReferencePrice(FOOD_HEXO)!; // 0.9 HEXO per FOOD
const TK_REF = vendorReferencePrice({ good: 'toolkit_2', payToken: 'hexo' })!;

type Body = { good: string; token: 'exo' | 'hexo'; side: 'buy' | 'sell'; quantity: number; price: string };
const place = (k: TestKingdom, p: Player, body: Body, key: string = randomUUID()) =>
  k.post(ENDPOINTS.marketPlaceOrder.path, body, { authorization: `Bearer ${p.token}`, 'idempotency-key': key });
const cancel = (k: TestKingdom, p: Player, id: string) =>
  k.post(fillPath(ENDPOINTS.marketCancelOrder.path, { id }), {}, { authorization: `Bearer ${p.token}` });
const balance = async (k: TestKingdom, p: Player, token: string) => BigInt((await k.get(PATHS.balance(token), p.token)).json<{ balance: string }>().balance);
const itemCount = async (k: TestKingdom, p: Player, key: string) =>
  (await k.get(PATHS.inventoryItems, p.token)).json<{ items: Array<{ key: string; amount: number }> }>().items.find((i) => i.key === key)?.amount ?? 0;

/** Balances and item counts that differ from Σ ledger, or are negative: must be none. */
async function ledgerMismatches(k: TestKingdom): Promise<unknown[]> {
  return exec(k.db.orm, sql`
    SELECT b.user_id, b.token FROM balances b
    LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries GROUP BY 1, 2) e ON e.user_id = b.user_id AND e.asset = b.token
    WHERE b.amount <> COALESCE(e.sum, 0) OR b.amount < 0
    UNION ALL
    SELECT u.user_id, u.item_key FROM user_items u
    LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries GROUP BY 1, 2) e ON e.user_id = u.user_id AND e.asset = 'item:' || u.item_key
    WHERE u.amount <> COALESCE(e.sum, 0) OR u.amount < 0`);
}

/**
 * Escrow conservation of the FOOD/HEXO book: HEXO debited into escrow = paid to sellers + burned fees +
 * refunded + held by open buys; FOOD debited = bought + refunded + held by open sells.
 */
async function escrowBalanced(k: TestKingdom): Promise<void> {
  const [r] = await exec<{ hexo_in: string; hexo_out: string; fees: string; hexo_held: string; food_in: string; food_out: string; food_held: string }>(k.db.orm, sql`SELECT
    (SELECT COALESCE(-sum(amount), 0)::text FROM ledger_entries WHERE reason = 'market_escrow' AND asset = 'hexo') AS hexo_in,
    (SELECT COALESCE(sum(amount), 0)::text FROM ledger_entries WHERE reason IN ('market_proceeds', 'market_refund') AND asset = 'hexo') AS hexo_out,
    (SELECT COALESCE(sum(fee), 0)::text FROM market_trades WHERE pay_token = 'hexo') AS fees,
    (SELECT COALESCE(sum(escrow), 0)::text FROM market_orders WHERE status = 'open' AND pay_token = 'hexo') AS hexo_held,
    (SELECT COALESCE(-sum(amount), 0)::text FROM ledger_entries WHERE reason = 'market_escrow' AND asset = 'food') AS food_in,
    (SELECT COALESCE(sum(amount), 0)::text FROM ledger_entries WHERE reason IN ('market_bought', 'market_refund') AND asset = 'food') AS food_out,
    (SELECT (COALESCE(sum(remaining), 0) * 1000000)::text FROM market_orders WHERE status = 'open' AND side = 'sell' AND good = 'food') AS food_held`);
  expect(BigInt(r!.hexo_in)).toBe(BigInt(r!.hexo_out) + BigInt(r!.fees) + BigInt(r!.hexo_held));
  expect(BigInt(r!.food_in)).toBe(BigInt(r!.food_out) + BigInt(r!.food_held));
}

let faucetCalls = 0;
/**
 * A new signed-in player given `give` by the demo faucet (as `newPlayer`), each faucet call from its own
 * address: the faucet's per-address rate limit (60 a minute) would stop the 200 buyers.
 */
async function newPlayer(k: TestKingdom, give: Record<string, unknown>): Promise<Player> {
  const wallet = createCardanoTestWallet();
  const n = ++faucetCalls;
  const c = await k.csrf();
  const res = await k.app.inject({ method: 'POST', url: API_PREFIX + PATHS.demoFaucet, payload: { address: wallet.address, ...give }, headers: c.headers,
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
  expect(res.statusCode, res.body).toBe(200);
  const { token, user } = await signInCardano(k, wallet);
  return { token, userId: user.user_id, address: wallet.address, lands: [], workers: [] };
}

/** A player who may sell: a land, and an account made 8 days before the game clock. */
async function seller(k: TestKingdom, give: Record<string, unknown>): Promise<Player> {
  const p = await newPlayer(k, { lands: 1, ...give });
  await exec(k.db.orm, sql`UPDATE users SET created_at = ${new Date(k.now().getTime() - 8 * DAY_MS)} WHERE id = ${p.userId}`);
  return p;
}

describe('market (server)', () => {
  let k: TestKingdom;
  // 200+ players sign in; an account may place or cancel RATE orders a minute (docs/game-rules.md §16.5)
  beforeAll(async () => { k = await createTestKingdom({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', MARKET_ORDERS_PER_MINUTE: String(RATE) } }); });
  afterAll(async () => { await k?.close(); });

  it('places, matches at the resting price, fills partly, refunds the excess and cancels, through the ledger', async () => {
    const s = await seller(k, { items: { toolkit_2: 10 } });
    const b = await newPlayer(k, { hexo: '100000' });
    const sell = await place(k, s, { good: 'toolkit_2', token: 'hexo', side: 'sell', quantity: 5, price: TK_REF.toString() });
    expect(sell.statusCode, sell.body).toBe(200);
    const sold = sell.json<MarketPlaceResponse>();
    expect(sold.order).toMatchObject({ status: 'open', remaining: 5, escrow: '0' });
    expect(await itemCount(k, s, 'toolkit_2')).toBe(5);

    const limit = (TK_REF * 11n) / 10n;
    const buy = await place(k, b, { good: 'toolkit_2', token: 'hexo', side: 'buy', quantity: 3, price: limit.toString() });
    expect(buy.statusCode, buy.body).toBe(200);
    const bought = buy.json<MarketPlaceResponse>();
    const value = TK_REF * 3n;
    const fee = marketFee(value);
    expect(bought.order).toMatchObject({ status: 'filled', remaining: 0, escrow: '0' });
    expect(bought.trades).toEqual([expect.objectContaining({ side: 'buy', quantity: 3, price: TK_REF.toString(), fee: fee.toString() })]);
    expect(await balance(k, b, 'hexo')).toBe(toBaseUnits(100_000n, 'hexo') - value - fee);
    expect(await itemCount(k, b, 'toolkit_2')).toBe(3);
    expect(await balance(k, s, 'hexo')).toBe(value);
    // both sides' inbox notices of the fill, written with it (docs/game-rules.md §16.6)
    const fill = { good: 'toolkit_2', token: 'hexo', quantity: 3, price: TK_REF.toString(), amount: value.toString(), trade_id: bought.trades[0]!.id };
    expect(await fillNotices(k, b)).toEqual([{ ...fill, order_id: bought.order.id, side: 'buy', fee: fee.toString(), remaining: 0 }]);
    expect(await fillNotices(k, s)).toEqual([{ ...fill, order_id: sold.order.id, side: 'sell', fee: '0', remaining: 2 }]);

    const depth = (await k.get(fillPath(ENDPOINTS.marketBook.path, { good: 'toolkit_2', token: 'hexo' }))).json<MarketDepthResponse>();
    expect(depth.asks).toEqual([{ price: TK_REF.toString(), quantity: 2, orders: 1 }]);
    expect(depth.bids).toEqual([]);
    const books = (await k.get(ENDPOINTS.marketBooks.path)).json<{ books: Array<{ good: string; token: string; best_ask: string | null; last_price: string | null }> }>();
    expect(books.books.find((x) => x.good === 'toolkit_2' && x.token === 'hexo')).toMatchObject({ best_ask: TK_REF.toString(), last_price: TK_REF.toString() });

    const c = await cancel(k, s, sold.order.id);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().order).toMatchObject({ status: 'cancelled', remaining: 2 });
    expect(await itemCount(k, s, 'toolkit_2')).toBe(7);
    const again = await cancel(k, s, sold.order.id);
    expect(`${again.statusCode} ${again.json().error}`).toBe('409 MARKET_ORDER_NOT_OPEN');
    const other = await cancel(k, b, bought.order.id);
    expect(`${other.statusCode} ${other.json().error}`).toBe('409 MARKET_ORDER_NOT_OPEN');

    const mine = (await k.get(ENDPOINTS.marketMyOrders.path, s.token)).json<MarketOrdersResponse>();
    expect(mine.orders.map((o) => o.status)).toEqual(['cancelled']);
    const trades = (await k.get(ENDPOINTS.marketMyTrades.path, s.token)).json<MarketTradesResponse>();
    expect(trades.trades).toEqual([expect.objectContaining({ side: 'sell', quantity: 3, price: TK_REF.toString() })]);
    expect(await ledgerMismatches(k)).toEqual([]);
  });

  it('writes a match in three statements whatever its number of trades (lock, read, write)', async () => {
    const { placeOrder } = await import('../../src/modules/market/service.ts');
    // counts every statement sent through the database handle and its transactions
    let statements = 0;
    const counting = <T extends object>(o: T): T => new Proxy(o, {
      get(target, prop) {
        const v = Reflect.get(target, prop, target) as unknown;
        if (prop === 'execute') return (...args: unknown[]) => { statements++; return (v as (...a: unknown[]) => unknown).apply(target, args); };
        // db.execNamed runs through the session's prepareQuery
        if (prop === '_') return { ...(v as object), session: counting((v as { session: object }).session) };
        if (prop === 'prepareQuery') return (...args: unknown[]) => { statements++; return (v as (...a: unknown[]) => unknown).apply(target, args); };
        if (prop === 'transaction') return (fn: (tx: object) => unknown, ...rest: unknown[]) => (v as (...a: unknown[]) => unknown).call(target, (tx: object) => fn(counting(tx)), ...rest);
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const db = { ...k.db, orm: counting(k.db.orm) };
    const sellers = await Promise.all([0, 1, 2].map(() => seller(k, { items: { toolkit_2: 2 } })));
    for (const s of sellers) expect((await place(k, s, { good: 'toolkit_2', token: 'hexo', side: 'sell', quantity: 1, price: TK_REF.toString() })).statusCode).toBe(200);
    const b = await newPlayer(k, { hexo: '100000' });
    const limit = ((TK_REF * 11n) / 10n).toString(); // above the asks: each trade refunds price improvement too
    const count = async (quantity: number) => {
      statements = 0;
      const r = await placeOrder(db, b.userId, randomUUID(), { good: 'toolkit_2', token: 'hexo', side: 'buy', quantity, price: limit }, k.now());
      return { trades: r.trades.length, statements };
    };
    const one = await count(1);
    const two = await count(2);
    expect(one.trades).toBe(1);
    expect(two.trades).toBe(2);
    // in the transaction: the book's lock; one read (the key's earlier order, the account's facts, the reachable orders,
    // the ids); one write (the order, the others' state, the trades, the balance locks, the escrow debit, the credits, the
    // notices, the achievement checks) (docs/architecture.md, the Market); before: 25 with one trade and 9 more a trade, then 13
    expect(two.statements).toBe(one.statements);
    expect(one.statements).toBe(3);
    expect(await ledgerMismatches(k)).toEqual([]);
  });

  it('refuses with the market codes and changes nothing', async () => {
    const fresh = await newPlayer(k, { lands: 1, items: { toolkit_2: 3 }, hexo: '10' });
    const code = async (p: Player, body: Body) => { const r = await place(k, p, body); return `${r.statusCode} ${r.json().error}`; };
    expect(await code(fresh, { good: 'toolkit_2', token: 'hexo', side: 'sell', quantity: 1, price: TK_REF.toString() })).toBe('403 MARKET_SELLER_NOT_ELIGIBLE');
    expect(await code(fresh, { good: 'toolkit_2', token: 'hexo', side: 'buy', quantity: 1, price: (TK_REF * 2n).toString() })).toBe('422 MARKET_PRICE_OUT_OF_BAND');
    expect(await code(fresh, { good: 'toolkit_2', token: 'exo', side: 'buy', quantity: 1, price: '1000' })).toBe('409 MARKET_NO_REFERENCE_PRICE');
    expect(await code(fresh, { good: 'nope', token: 'hexo', side: 'buy', quantity: 1, price: '1' })).toBe('404 NOT_FOUND');
    expect(await code(fresh, { good: 'toolkit_2', token: 'hexo', side: 'buy', quantity: 1, price: TK_REF.toString() })).toBe('400 VENDOR_NOT_ENOUGH_BALANCE');
    expect(await code(fresh, { good: 'toolkit_2', token: 'hexo', side: 'buy', quantity: 21, price: TK_REF.toString() })).toBe('409 MARKET_DAILY_CAP');
    const s = await seller(k, { items: { toolkit_3: 1 } });
    expect(await code(s, { good: 'toolkit_3', token: 'hexo', side: 'sell', quantity: 2, price: vendorReferencePrice({ good: 'toolkit_3', payToken: 'hexo' })!.toString() }))
      .toBe('400 ITEM_NOT_EXIST_ON_BALANCE');
    const [n] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM market_orders WHERE user_id IN (${fresh.userId}, ${s.userId})`);
    expect(n!.n).toBe(0);
    expect(await balance(k, fresh, 'hexo')).toBe(toBaseUnits(10n, 'hexo'));
    expect(await itemCount(k, s, 'toolkit_3')).toBe(1);
  });

  it('limits each account to MARKET_ORDERS_PER_MINUTE orders and cancels a minute, counted in the database; past it MARKET_RATE_LIMIT changes nothing', async () => {
    const p = await newPlayer(k, { hexo: '1000' });
    const other = await newPlayer(k, { hexo: '1000' });
    const low = ((FOOD_REF + 1n) / 2n).toString(); // the band's floor: a bid that rests
    const body: Body = { good: 'food', token: 'hexo', side: 'buy', quantity: 1, price: low };
    const first = await place(k, p, body);
    expect(first.statusCode, first.body).toBe(200);
    for (let i = 1; i < RATE - 1; i++) expect((await place(k, p, body)).statusCode).toBe(200);
    const c = await cancel(k, p, first.json<MarketPlaceResponse>().order.id); // a cancel counts as an order
    expect(c.statusCode, c.body).toBe(200);
    const hexo = await balance(k, p, 'hexo');
    const over = await place(k, p, body);
    expect(`${over.statusCode} ${over.json().error}`).toBe('429 MARKET_RATE_LIMIT');
    const overCancel = await cancel(k, p, first.json<MarketPlaceResponse>().order.id);
    expect(`${overCancel.statusCode} ${overCancel.json().error}`).toBe('429 MARKET_RATE_LIMIT');
    expect(await balance(k, p, 'hexo')).toBe(hexo);
    const [n] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM market_orders WHERE user_id = ${p.userId}`);
    expect(n!.n).toBe(RATE - 1);
    // the count is the database's (every process shares it), per account: another player still places
    const [hit] = await exec<{ hits: number }>(k.db.orm, sql`SELECT hits FROM rate_limit_hits WHERE key = ${`market:account:${p.userId}`}`);
    expect(hit!.hits).toBe(RATE + 2);
    expect((await place(k, other, body)).statusCode).toBe(200);
    // the next window opens a minute after the first hit
    await exec(k.db.orm, sql`UPDATE rate_limit_hits SET window_ends_at = now() WHERE key = ${`market:account:${p.userId}`}`);
    expect((await place(k, p, body)).statusCode).toBe(200);
    await clearFoodBook(k);
    expect(await ledgerMismatches(k)).toEqual([]);
  });

  it('the expiry sweep expires and refunds orders in books nobody touches, in batches, and nothing else', async () => {
    await clearFoodBook(k);
    const { sweepExpiredOrders } = await import('../../src/modules/market/service.ts');
    const s = await seller(k, { food: '100' });
    const b = await newPlayer(k, { hexo: '100' });
    const ask = (FOOD_REF + 100_000n).toString();
    const bid = (FOOD_REF - 100_000n).toString();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await place(k, s, { good: 'food', token: 'hexo', side: 'sell', quantity: 2, price: ask })).json<MarketPlaceResponse>().order.id);
    ids.push((await place(k, b, { good: 'food', token: 'hexo', side: 'buy', quantity: 5, price: bid })).json<MarketPlaceResponse>().order.id);
    const fresh = (await place(k, b, { good: 'food', token: 'hexo', side: 'buy', quantity: 1, price: bid })).json<MarketPlaceResponse>().order.id;
    const hexoHeld = await balance(k, b, 'hexo');
    // the first four expire: placed 7 days before the sweep's instant (expired when expires_at ≤ now)
    await exec(k.db.orm, sql`UPDATE market_orders SET expires_at = ${k.now()} WHERE id::text IN ${ids}`);
    expect(await sweepExpiredOrders(k.db, new Date(k.now().getTime() - 1))).toBe(0); // a millisecond before: none
    expect(await sweepExpiredOrders(k.db, k.now(), 3)).toBe(4); // a batch of 3, then 1
    const rows = await exec<{ id: string; status: string; escrow: string }>(k.db.orm, sql`SELECT id::text AS id, status, escrow::text AS escrow FROM market_orders
      WHERE id::text IN ${[...ids, fresh]} ORDER BY market_orders.id`);
    expect(rows.map((r) => r.status)).toEqual(['expired', 'expired', 'expired', 'expired', 'open']);
    expect(await balance(k, s, 'food')).toBe(toBaseUnits(100n, 'food'));
    expect(await balance(k, b, 'hexo')).toBe(hexoHeld + orderEscrow({ side: 'buy', quantity: 5, price: BigInt(bid), feeBps: MARKET_FEE_BPS }).tokens);
    const refunds = await exec<{ reference: string }>(k.db.orm, sql`SELECT reference FROM ledger_entries WHERE reason = 'market_refund' AND user_id IN (${s.userId}, ${b.userId}) ORDER BY reference`);
    expect(refunds.map((r) => r.reference)).toEqual(ids.map((id) => `order:${id}:expired`).sort());
    expect(await sweepExpiredOrders(k.db, k.now())).toBe(0); // again: nothing left
    expect(await ledgerMismatches(k)).toEqual([]);
    await escrowBalanced(k);
  });

  it('places an order once per Idempotency-Key', async () => {
    const s = await seller(k, { food: '100' });
    const body: Body = { good: 'food', token: 'hexo', side: 'sell', quantity: 10, price: (FOOD_REF + 100_000n).toString() };
    const key = randomUUID();
    const [a, b] = await Promise.all([place(k, s, body, key), place(k, s, body, key)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toEqual(a.json());
    const c = await place(k, s, body, key);
    expect(c.json()).toEqual(a.json());
    const reused = await place(k, s, { ...body, quantity: 11 }, key);
    expect(`${reused.statusCode} ${reused.json().error}`).toBe('422 IDEMPOTENCY_KEY_REUSED');
    expect(await balance(k, s, 'food')).toBe(toBaseUnits(90n, 'food'));
    const [n] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM market_orders WHERE user_id = ${s.userId}`);
    expect(n!.n).toBe(1);
    await cancel(k, s, a.json<MarketPlaceResponse>().order.id);
    expect(await ledgerMismatches(k)).toEqual([]);
  });

  it('matches as the pure engine does: a random sequence of orders from several players (FOOD/HEXO)', async () => {
    await clearFoodBook(k);
    const players = await Promise.all([0, 1, 2, 3].map(() => seller(k, { food: '5000', hexo: '10000' })));
    let seed = 0x2545f491;
    const rand = (n: number) => { seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0; return (seed >>> 8) % n; };
    let book: MarketBook = emptyBook(FOOD_HEXO);
    const engineTrades: MarketTrade[] = [];
    const serverTrades: Array<{ maker: string; taker: string; quantity: number; price: string; fee: string }> = [];
    for (let i = 0; i < 60; i++) {
      const who = rand(players.length);
      const p = players[who]!;
      const side = rand(2) === 0 ? 'buy' : 'sell';
      const price = FOOD_REF - 100_000n + BigInt(rand(21)) * 10_000n; // 0.8 .. 1.0 HEXO: crosses often
      const quantity = 1 + rand(40);
      const res = await place(k, p, { good: 'food', token: 'hexo', side, quantity, price: price.toString() });
      expect(res.statusCode, res.body).toBe(200);
      const placed = res.json<MarketPlaceResponse>();
      const at = k.now().getTime();
      const order: MarketOrder = { id: placed.order.id, accountId: p.userId, walletGroup: `user:${p.userId}`, side, book: FOOD_HEXO, quantity, price, feeBps: MARKET_FEE_BPS, seq: i, placedAt: at, expiresAt: at + 7 * DAY_MS };
      const r = match(book, order, { now: at });
      book = r.book;
      engineTrades.push(...r.trades);
      expect(placed.order.escrow).toBe(r.rested ? orderEscrow(r.rested).tokens.toString() : '0');
      k.advance(1000);
    }
    const rows = await exec<{ maker: string; taker: string; quantity: number; price: string; fee: string }>(k.db.orm, sql`SELECT maker_order_id::text AS maker,
      taker_order_id::text AS taker, quantity, price::text AS price, fee::text AS fee FROM market_trades WHERE good = 'food' AND pay_token = 'hexo' ORDER BY market_trades.id`);
    serverTrades.push(...rows);
    expect(engineTrades.length).toBeGreaterThan(10);
    expect(serverTrades).toEqual(engineTrades.map((t) => ({ maker: t.makerOrderId, taker: t.takerOrderId, quantity: t.quantity, price: t.price.toString(), fee: t.fee.toString() })));
    const open = await exec<{ id: string; remaining: number; escrow: string }>(k.db.orm, sql`SELECT id::text AS id, remaining, escrow::text AS escrow FROM market_orders
      WHERE good = 'food' AND pay_token = 'hexo' AND status = 'open' ORDER BY market_orders.id`);
    const engineOpen = [...book.bids, ...book.asks].sort((a, b) => Number(a.id) - Number(b.id)).map((o) => ({ id: o.id, remaining: o.quantity, escrow: orderEscrow(o).tokens.toString() }));
    expect(open).toEqual(engineOpen);
    expect(await ledgerMismatches(k)).toEqual([]);
    await escrowBalanced(k);
  }, 120_000);

  it('crossing orders from 50 players at once make the engine\'s trades, replayed in the order the book took them', async () => {
    await clearFoodBook(k);
    const players: Player[] = [];
    for (let i = 0; i < 50; i += 10) players.push(...(await Promise.all(Array.from({ length: 10 }, () => seller(k, { food: '100', hexo: '100' })))));
    const since = await exec<{ seq: string }>(k.db.orm, sql`SELECT COALESCE(max(seq), 0)::text AS seq FROM market_orders`);
    const answers = await Promise.all(players.map((p, i) => place(k, p, {
      good: 'food', token: 'hexo', side: i % 2 === 0 ? 'buy' : 'sell', quantity: 1 + (i * 7) % 13, price: (FOOD_REF - 50_000n + BigInt((i * 37) % 11) * 10_000n).toString(),
    })));
    expect(answers.map((a) => a.statusCode).filter((c) => c !== 200), answers.find((a) => a.statusCode !== 200)?.body).toEqual([]);
    const orders = await exec<{ id: string; user_id: number; side: 'buy' | 'sell'; quantity: number; price: string; seq: string; placed_at: Date | string }>(k.db.orm, sql`
      SELECT id::text AS id, user_id, side, quantity, price::text AS price, seq::text AS seq, placed_at FROM market_orders
      WHERE good = 'food' AND pay_token = 'hexo' AND market_orders.seq > ${since[0]!.seq}::bigint ORDER BY market_orders.seq`);
    expect(orders).toHaveLength(50);
    let book: MarketBook = emptyBook(FOOD_HEXO);
    const engine: MarketTrade[] = [];
    for (const o of orders) {
      const at = new Date(o.placed_at).getTime();
      const r = match(book, { id: o.id, accountId: o.user_id, walletGroup: `user:${o.user_id}`, side: o.side, book: FOOD_HEXO, quantity: o.quantity, price: BigInt(o.price),
        feeBps: MARKET_FEE_BPS, seq: Number(o.seq), placedAt: at, expiresAt: at + 7 * DAY_MS }, { now: at });
      book = r.book;
      engine.push(...r.trades);
    }
    const ids = orders.map((o) => o.id);
    const trades = await exec<{ maker: string; taker: string; quantity: number; price: string; fee: string }>(k.db.orm, sql`SELECT maker_order_id::text AS maker,
      taker_order_id::text AS taker, quantity, price::text AS price, fee::text AS fee FROM market_trades WHERE taker_order_id::text IN ${ids} ORDER BY market_trades.id`);
    expect(engine.length).toBeGreaterThan(5);
    expect(trades).toEqual(engine.map((t) => ({ maker: t.makerOrderId, taker: t.takerOrderId, quantity: t.quantity, price: t.price.toString(), fee: t.fee.toString() })));
    const open = await exec<{ id: string; remaining: number }>(k.db.orm, sql`SELECT id::text AS id, remaining FROM market_orders
      WHERE good = 'food' AND pay_token = 'hexo' AND status = 'open' ORDER BY market_orders.id`);
    expect(open).toEqual([...book.bids, ...book.asks].sort((a, b) => Number(a.id) - Number(b.id)).map((o) => ({ id: o.id, remaining: o.quantity })));
    expect(await ledgerMismatches(k)).toEqual([]);
    await escrowBalanced(k);
  }, 180_000);

  it('200 concurrent buyers against one sell order of 50: exactly 50 filled, nobody charged for more', async () => {
    await clearFoodBook(k);
    const s = await seller(k, { food: '100' });
    const sell = await place(k, s, { good: 'food', token: 'hexo', side: 'sell', quantity: 50, price: FOOD_REF.toString() });
    expect(sell.statusCode, sell.body).toBe(200);
    const buyers: Player[] = [];
    for (let i = 0; i < 200; i += 20) buyers.push(...(await Promise.all(Array.from({ length: 20 }, () => newPlayer(k, { hexo: '2' })))));
    const answers = await Promise.all(buyers.map((b) => place(k, b, { good: 'food', token: 'hexo', side: 'buy', quantity: 1, price: FOOD_REF.toString() })));
    expect(answers.map((a) => a.statusCode).filter((c) => c !== 200), answers.find((a) => a.statusCode !== 200)?.body).toEqual([]);
    const filled = answers.filter((a) => a.json<MarketPlaceResponse>().order.status === 'filled');
    expect(filled).toHaveLength(50);
    const cost = FOOD_REF + marketFee(FOOD_REF);
    for (const [i, b] of buyers.entries()) {
      const got = await balance(k, b, 'food');
      const hexo = await balance(k, b, 'hexo');
      const status = answers[i]!.json<MarketPlaceResponse>().order.status;
      if (status === 'filled') {
        expect(got).toBe(toBaseUnits(1n, 'food'));
        expect(hexo).toBe(toBaseUnits(2n, 'hexo') - cost);
      } else {
        expect(got).toBe(0n);
        expect(hexo).toBe(toBaseUnits(2n, 'hexo') - cost); // still in escrow: its bid rests
      }
    }
    expect(await balance(k, s, 'hexo')).toBe(FOOD_REF * 50n);
    const [o] = await exec<{ status: string; remaining: number }>(k.db.orm, sql`SELECT status, remaining FROM market_orders WHERE id = ${sell.json<MarketPlaceResponse>().order.id}::bigint`);
    expect(o).toEqual({ status: 'filled', remaining: 0 });
    // one notice per fill to each side: the seller 50 (the last with nothing open), each filled buyer one, the others none
    const sellerNotices = await fillNotices(k, s);
    expect(sellerNotices).toHaveLength(50);
    expect(sellerNotices.map((x) => x.remaining).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 50 }, (_, i) => i));
    const [n] = await exec<{ n: number; users: number }>(k.db.orm, sql`SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS users FROM notifications
      WHERE type = 'market_fill' AND user_id IN ${buyers.map((x) => x.userId)}`);
    expect(n).toEqual({ n: 50, users: 50 });
    expect(await ledgerMismatches(k)).toEqual([]);
    await escrowBalanced(k);
  }, 300_000);

  it('a cancel racing a fill: exactly one of them happens', async () => {
    await clearFoodBook(k);
    for (let round = 0; round < 5; round++) {
      const s = await seller(k, { food: '10' });
      const b = await newPlayer(k, { hexo: '10' });
      const sell = (await place(k, s, { good: 'food', token: 'hexo', side: 'sell', quantity: 1, price: FOOD_REF.toString() })).json<MarketPlaceResponse>();
      const [c, buy] = await Promise.all([cancel(k, s, sell.order.id), place(k, b, { good: 'food', token: 'hexo', side: 'buy', quantity: 1, price: FOOD_REF.toString() })]);
      expect(buy.statusCode, buy.body).toBe(200);
      const filled = buy.json<MarketPlaceResponse>().trades.length === 1;
      if (filled) {
        expect(`${c.statusCode} ${c.json().error}`).toBe('409 MARKET_ORDER_NOT_OPEN');
        expect(await balance(k, s, 'food')).toBe(toBaseUnits(9n, 'food'));
        expect(await balance(k, s, 'hexo')).toBe(FOOD_REF);
      } else {
        expect(c.statusCode, c.body).toBe(200);
        expect(await balance(k, s, 'food')).toBe(toBaseUnits(10n, 'food'));
        expect(buy.json<MarketPlaceResponse>().order.status).toBe('open');
        await cancel(k, b, buy.json<MarketPlaceResponse>().order.id);
      }
    }
    expect(await ledgerMismatches(k)).toEqual([]);
    await escrowBalanced(k);
  }, 120_000);

});

/** The player's `market_fill` notices through the inbox (every page), oldest first. */
async function fillNotices(k: TestKingdom, p: Player): Promise<Array<Record<string, unknown>>> {
  return (await allPages(k, p)).filter((x) => x.type === 'market_fill').map((x) => x.data).reverse();
}

async function allPages(k: TestKingdom, p: Player): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
  const out: Array<{ type: string; data: Record<string, unknown> }> = [];
  for (let page = 1; ; page++) {
    const res = await k.get(`${PATHS.notifications}?page=${page}`, p.token);
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json<{ notifications: Array<{ type: string; data: Record<string, unknown> }> }>().notifications;
    out.push(...got);
    if (got.length < 20) return out;
  }
}

/** Cancels every open order of the FOOD/HEXO book (through the API's service), so a test starts from an empty book. */
async function clearFoodBook(k: TestKingdom): Promise<void> {
  const { cancelMarketOrder } = await import('../../src/modules/market/service.ts');
  const open = await exec<{ id: string; user_id: number }>(k.db.orm, sql`SELECT id::text AS id, user_id FROM market_orders WHERE good = 'food' AND pay_token = 'hexo' AND status = 'open'`);
  for (const o of open) await cancelMarketOrder(k.db, o.user_id, o.id, k.now());
}

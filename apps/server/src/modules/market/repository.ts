/**
 * SQL of the Market (docs/game-rules.md §16): orders and trades (migration 0037), the per-book lock.
 * Balances and items move only through `modules/ledger` (the service calls it).
 */
import { sql } from 'drizzle-orm';
import type { MarketOrder as ApiOrder, MarketTradeRow } from '@kingdom/api';
import type { BookKey, MarketOrder, MarketPayToken, Side } from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';

/** An order row as read. */
export interface OrderRow {
  id: string;
  user_id: number;
  wallet_group: string;
  side: Side;
  good: string;
  pay_token: MarketPayToken;
  quantity: number;
  remaining: number;
  price: string;
  fee_bps: number;
  escrow: string;
  status: 'open' | 'filled' | 'cancelled' | 'expired';
  seq: string;
  placed_at: Date | string;
  expires_at: Date | string;
  request_hash: string;
  response: unknown;
}

const ORDER_COLUMNS = sql`id::text AS id, user_id, wallet_group, side, good, pay_token, quantity, remaining, price::text AS price, fee_bps,
  escrow::text AS escrow, status, seq::text AS seq, placed_at, expires_at, request_hash, response`;

const ms = (d: Date | string) => new Date(d).getTime();

/** An open order row → the engine's order (`quantity` = what is still open). */
export function toEngineOrder(r: OrderRow): MarketOrder {
  return {
    id: r.id, accountId: r.user_id, walletGroup: r.wallet_group, side: r.side, book: { good: r.good, payToken: r.pay_token },
    quantity: r.remaining, price: BigInt(r.price), feeBps: r.fee_bps, seq: Number(r.seq), placedAt: ms(r.placed_at), expiresAt: ms(r.expires_at),
  };
}

/** An order row → the API's order. */
export function toApiOrder(r: OrderRow): ApiOrder {
  return {
    id: r.id, good: r.good, token: r.pay_token, side: r.side, quantity: r.quantity, remaining: r.remaining, price: r.price, escrow: r.escrow,
    status: r.status, placed_at: new Date(r.placed_at).toISOString(), expires_at: new Date(r.expires_at).toISOString(),
  };
}

/**
 * Serializes every write to one book, to the end of `tx`: a transaction-level advisory lock on a hash
 * of `good × token` (docs/game-rules.md §16: matching serialized per book). Take it first.
 */
export async function lockBook(tx: Orm, key: BookKey): Promise<void> {
  await exec(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`market:${key.good}:${key.payToken}`}))`);
}

/** The book's open orders, in placement order. */
export async function openOrders(tx: Orm, key: BookKey): Promise<OrderRow[]> {
  return exec<OrderRow>(tx, sql`SELECT ${ORDER_COLUMNS} FROM market_orders
    WHERE good = ${key.good} AND pay_token = ${key.payToken} AND status = 'open' ORDER BY market_orders.seq`);
}

/** The next placement sequence (draw it under the book's lock: time priority within the book). */
export async function nextSeq(tx: Orm): Promise<number> {
  const [r] = await exec<{ seq: string }>(tx, sql`SELECT nextval('market_order_seq')::text AS seq`);
  return Number(r!.seq);
}

/** Inserts a new open order. @returns its id, or null when `(userId, key)` is already used. */
export async function insertOrder(tx: Orm, o: {
  userId: number; walletGroup: string; side: Side; key: BookKey; quantity: number; price: bigint; feeBps: number; escrow: bigint;
  seq: number; placedAt: Date; expiresAt: Date; idempotencyKey: string; requestHash: string;
}): Promise<string | null> {
  const rows = await exec<{ id: string }>(tx, sql`INSERT INTO market_orders
    (user_id, wallet_group, side, good, pay_token, quantity, remaining, price, fee_bps, escrow, status, seq, placed_at, expires_at, idempotency_key, request_hash)
    VALUES (${o.userId}, ${o.walletGroup}, ${o.side}, ${o.key.good}, ${o.key.payToken}, ${o.quantity}, ${o.quantity}, ${o.price.toString()}, ${o.feeBps},
      ${o.escrow.toString()}, 'open', ${o.seq}, ${o.placedAt}, ${o.expiresAt}, ${o.idempotencyKey}, ${o.requestHash})
    ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id::text AS id`);
  return rows[0]?.id ?? null;
}

/** Sets an order's open quantity, escrow and status (closing it when not open). */
export async function updateOrder(tx: Orm, id: string, remaining: number, escrow: bigint, status: OrderRow['status'], at: Date): Promise<void> {
  await exec(tx, sql`UPDATE market_orders SET remaining = ${remaining}, escrow = ${escrow.toString()}, status = ${status},
    closed_at = CASE WHEN ${status} = 'open' THEN NULL ELSE ${at}::timestamptz END WHERE id = ${id}::bigint`);
}

/** Stores the answer of a placement (its idempotent replay). */
export async function saveResponse(tx: Orm, id: string, response: unknown): Promise<void> {
  await exec(tx, sql`UPDATE market_orders SET response = ${JSON.stringify(response)}::jsonb WHERE id = ${id}::bigint`);
}

/** The order `userId` placed under idempotency `key`, or undefined. */
export async function orderByKey(orm: Orm, userId: number, key: string): Promise<OrderRow | undefined> {
  const [r] = await exec<OrderRow>(orm, sql`SELECT ${ORDER_COLUMNS} FROM market_orders WHERE user_id = ${userId} AND idempotency_key = ${key}`);
  return r;
}

/** One order by id, or undefined. */
export async function orderById(orm: Orm, id: string): Promise<OrderRow | undefined> {
  const [r] = await exec<OrderRow>(orm, sql`SELECT ${ORDER_COLUMNS} FROM market_orders WHERE id = ${id}::bigint`);
  return r;
}

/** Writes one trade. @returns its id */
export async function insertTrade(tx: Orm, t: {
  key: BookKey; makerOrderId: string; takerOrderId: string; buyOrderId: string; sellOrderId: string; buyerId: number; sellerId: number;
  quantity: number; price: bigint; fee: bigint; at: Date;
}): Promise<string> {
  const [r] = await exec<{ id: string }>(tx, sql`INSERT INTO market_trades
    (good, pay_token, maker_order_id, taker_order_id, buy_order_id, sell_order_id, buyer_id, seller_id, quantity, price, fee, at)
    VALUES (${t.key.good}, ${t.key.payToken}, ${t.makerOrderId}::bigint, ${t.takerOrderId}::bigint, ${t.buyOrderId}::bigint, ${t.sellOrderId}::bigint,
      ${t.buyerId}, ${t.sellerId}, ${t.quantity}, ${t.price.toString()}, ${t.fee.toString()}, ${t.at}) RETURNING id::text AS id`);
  return r!.id;
}

/**
 * Marks the traders of a fill for the achievements job (`achievement_checks`, migration 0028: the
 * first Market trade, docs/game-rules.md §14.6), in the fill's transaction. DO UPDATE, as the
 * triggers do: the row stays locked until this transaction commits, so the job cannot take it before
 * the trade is visible. Rows in ascending id (one lock order across concurrent fills).
 */
export async function markAchievementCheck(tx: Orm, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await exec(tx, sql`INSERT INTO achievement_checks (user_id) VALUES ${sql.join(ids.map((id) => sql`(${id})`), sql`, `)}
    ON CONFLICT (user_id) DO UPDATE SET changes = achievement_checks.changes + 1`);
}

/** The book's trades after `from` (the reference median's window). */
export async function tradesSince(tx: Orm, key: BookKey, from: Date): Promise<Array<{ price: bigint; quantity: number; at: number }>> {
  const rows = await exec<{ price: string; quantity: number; at: Date | string }>(tx, sql`SELECT price::text AS price, quantity, at FROM market_trades
    WHERE good = ${key.good} AND pay_token = ${key.payToken} AND at > ${from}`);
  return rows.map((r) => ({ price: BigInt(r.price), quantity: r.quantity, at: ms(r.at) }));
}

/** Units of `good` the account placed in orders since `from` (both sides, every status: the daily cap). */
export async function placedSince(tx: Orm, userId: number, good: string, from: Date): Promise<number> {
  const [r] = await exec<{ n: number }>(tx, sql`SELECT COALESCE(sum(quantity), 0)::int AS n FROM market_orders
    WHERE user_id = ${userId} AND good = ${good} AND placed_at >= ${from}`);
  return r!.n;
}

/** What the seller rule reads: lands held (through holdings) and when the account was made. */
export async function sellerFacts(tx: Orm, userId: number): Promise<{ landsHeld: number; createdAt: number }> {
  const [r] = await exec<{ lands: number; created_at: Date | string }>(tx, sql`SELECT u.created_at,
    (SELECT count(*)::int FROM holdings h JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key WHERE h.user_id = u.id) AS lands
    FROM users u WHERE u.id = ${userId}`);
  return { landsHeld: r?.lands ?? 0, createdAt: r ? ms(r.created_at) : Date.now() };
}

/** Per open book: best bid, best ask (unexpired at `now`), last trade price. */
export async function bookTops(orm: Orm, now: Date): Promise<Array<{ good: string; pay_token: MarketPayToken; best_bid: string | null; best_ask: string | null; last_price: string | null }>> {
  return exec(orm, sql`WITH o AS (
      SELECT good, pay_token, max(price) FILTER (WHERE side = 'buy') AS bid, min(price) FILTER (WHERE side = 'sell') AS ask
      FROM market_orders WHERE status = 'open' AND expires_at > ${now} GROUP BY 1, 2
    ), t AS (
      SELECT DISTINCT ON (good, pay_token) good, pay_token, price FROM market_trades ORDER BY good, pay_token, at DESC, id DESC
    )
    SELECT COALESCE(o.good, t.good) AS good, COALESCE(o.pay_token, t.pay_token) AS pay_token,
      o.bid::text AS best_bid, o.ask::text AS best_ask, t.price::text AS last_price
    FROM o FULL JOIN t ON t.good = o.good AND t.pay_token = o.pay_token`);
}

/** A book's open, unexpired orders summed per price level and side. */
export async function depth(orm: Orm, key: BookKey, now: Date): Promise<Array<{ side: Side; price: string; quantity: number; orders: number }>> {
  return exec(orm, sql`SELECT side, price::text AS price, sum(remaining)::int AS quantity, count(*)::int AS orders FROM market_orders
    WHERE good = ${key.good} AND pay_token = ${key.payToken} AND status = 'open' AND expires_at > ${now}
    GROUP BY side, market_orders.price ORDER BY side, market_orders.price`);
}

/** The account's orders, newest first (at most 200). */
export async function ordersOf(orm: Orm, userId: number): Promise<OrderRow[]> {
  return exec<OrderRow>(orm, sql`SELECT ${ORDER_COLUMNS} FROM market_orders WHERE user_id = ${userId} ORDER BY market_orders.seq DESC LIMIT 200`);
}

/** The books where the account has open orders that expired by `now`. */
export async function booksWithExpired(orm: Orm, userId: number, now: Date): Promise<BookKey[]> {
  const rows = await exec<{ good: string; pay_token: MarketPayToken }>(orm, sql`SELECT DISTINCT good, pay_token FROM market_orders
    WHERE user_id = ${userId} AND status = 'open' AND expires_at <= ${now}`);
  return rows.map((r) => ({ good: r.good, payToken: r.pay_token }));
}

/** The books holding open orders (of anyone) expired by `now` (the expiry sweep's books). */
export async function booksWithAnyExpired(orm: Orm, now: Date): Promise<BookKey[]> {
  const rows = await exec<{ good: string; pay_token: MarketPayToken }>(orm, sql`SELECT DISTINCT good, pay_token FROM market_orders
    WHERE status = 'open' AND expires_at <= ${now}`);
  return rows.map((r) => ({ good: r.good, payToken: r.pay_token }));
}

/** At most `limit` open orders of the book expired by `now`, oldest placement first. */
export async function expiredOrders(tx: Orm, key: BookKey, now: Date, limit: number): Promise<OrderRow[]> {
  return exec<OrderRow>(tx, sql`SELECT ${ORDER_COLUMNS} FROM market_orders
    WHERE good = ${key.good} AND pay_token = ${key.payToken} AND status = 'open' AND expires_at <= ${now} ORDER BY market_orders.seq LIMIT ${limit}`);
}

/** The account's trades (either side), newest first (at most 200). */
export async function tradesOf(orm: Orm, userId: number): Promise<MarketTradeRow[]> {
  const rows = await exec<{ id: string; good: string; pay_token: MarketPayToken; buyer_id: number; quantity: number; price: string; fee: string; at: Date | string }>(orm, sql`
    SELECT id::text AS id, good, pay_token, buyer_id, quantity, price::text AS price, fee::text AS fee, at FROM market_trades
    WHERE buyer_id = ${userId} OR seller_id = ${userId} ORDER BY market_trades.id DESC LIMIT 200`);
  return rows.map((r) => ({ id: r.id, good: r.good, token: r.pay_token, side: r.buyer_id === userId ? 'buy' : 'sell', quantity: r.quantity, price: r.price, fee: r.fee, at: new Date(r.at).toISOString() }));
}

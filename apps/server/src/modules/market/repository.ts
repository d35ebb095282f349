/**
 * SQL of the Market (docs/game-rules.md §16): orders and trades (migration 0037), the per-book lock.
 * Balances and items move only through `modules/ledger` (the service calls it).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MarketOrder as ApiOrder, MarketTradeRow } from '@kingdom/api';
import type { BookKey, MarketOrder, MarketPayToken, Side } from '@kingdom/game';
import { exec, execNamed, type Orm } from '../../db/client.ts';

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

/** What the engine needs of an order row ({@link toEngineOrder}; a placement reads no more of the orders it can reach). */
export type BookOrderRow = Pick<OrderRow, 'id' | 'user_id' | 'wallet_group' | 'side' | 'good' | 'pay_token' | 'remaining' | 'price' | 'fee_bps' | 'seq' | 'placed_at' | 'expires_at'>;

const BOOK_COLUMNS = sql`id::text AS id, user_id, wallet_group, side, good, pay_token, remaining, price::text AS price, fee_bps, seq::text AS seq, placed_at, expires_at`;

const ms = (d: Date | string) => new Date(d).getTime();

/** An open order row → the engine's order (`quantity` = what is still open). */
export function toEngineOrder(r: BookOrderRow): MarketOrder {
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
  await execNamed(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`market:${key.good}:${key.payToken}`}))`);
}

/** The book's open orders, in placement order. */
export async function openOrders(tx: Orm, key: BookKey): Promise<OrderRow[]> {
  return exec<OrderRow>(tx, sql`SELECT ${ORDER_COLUMNS} FROM market_orders
    WHERE good = ${key.good} AND pay_token = ${key.payToken} AND status = 'open' ORDER BY market_orders.seq`);
}

/** What a placement reads under the book's lock, in one statement ({@link placementRead}). */
export interface PlacementRead {
  /** The order already placed under this idempotency key: its request hash and stored answer. */
  prior: { request_hash: string; response: unknown } | null;
  /** Units of the good placed in orders since the day's start (both sides, every status: the daily cap). */
  placedToday: number;
  /** A seller's lands held (0 for a buyer). */
  landsHeld: number;
  /** A seller's account creation (ms; a buyer's: `now`). */
  createdAt: number;
  /** The open orders the new order can reach, in placement order (see {@link placementRead}). */
  rows: BookOrderRow[];
  /** The book's trades of the median window, when asked (`tradesFrom`). */
  trades: Array<{ price: bigint; quantity: number; at: number }>;
  /** The new order's id and placement sequence, drawn now (under the lock). */
  orderId: string;
  seq: number;
  /** Trade ids drawn for the match, ascending: one per reachable order (a match makes at most that many trades). */
  tradeIds: string[];
}

/**
 * Everything a placement reads, in ONE statement after the book's lock (docs/game-rules.md §16), named
 * (`db.execNamed`): the order already placed under `idempotencyKey` (its replay); the account's facts —
 * units of the good placed since `dayFrom` (both sides, every status: the daily cap) and, for a seller,
 * lands held (through holdings) and when the account was made; the open orders the new one can reach —
 * the opposite side's orders whose price crosses `price` (a buy's limit ≥ the ask, a sell's ≤ the bid),
 * up to the one that completes `quantity` in priority order (price, then placement), counting only
 * orders it can trade with (not expired at `now`, not of the same account or wallet group: those the
 * walk removes on its way), so the engine's walk over them makes the same trades as over the whole
 * book; the median window's trades when `tradesFrom` is given ({@link tradesSince}); and the ids the
 * writes will use — the order's id and sequence (drawn under the lock: time priority) and one trade id
 * per reachable order (a match makes at most that many; unused ones leave gaps).
 */
export async function placementRead(tx: Orm, q: {
  key: BookKey; userId: number; walletGroup: string; idempotencyKey: string; side: Side; price: bigint; quantity: number; now: Date; dayFrom: Date; tradesFrom: Date | null;
}): Promise<PlacementRead> {
  const { key, userId, now } = q;
  const seller = q.side === 'sell';
  const buying = !seller;
  const priority = buying ? sql`price ASC, seq ASC` : sql`price DESC, seq ASC`;
  const sellerCols = seller
    ? sql`(SELECT count(*)::int FROM holdings h JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key WHERE h.user_id = ${userId}) AS lands,
      (SELECT created_at FROM users WHERE id = ${userId}) AS created_at`
    : sql`0 AS lands, NULL::timestamptz AS created_at`;
  const trades = q.tradesFrom === null ? sql`'[]'::json`
    : sql`(SELECT COALESCE(json_agg(json_build_object('price', price::text, 'quantity', quantity, 'at', at)), '[]'::json) FROM market_trades
        WHERE good = ${key.good} AND pay_token = ${key.payToken} AND at > ${q.tradesFrom})`;
  const [r] = await execNamed<{ n: number; lands: number; created_at: Date | string | null; prior: PlacementRead['prior']; rows: BookOrderRow[]; trades: Array<{ price: string; quantity: number; at: string }>;
    order_id: string; seq: string; trade_ids: string[] }>(tx, sql`WITH r AS MATERIALIZED (SELECT ${BOOK_COLUMNS} FROM (
      SELECT o.*, COALESCE(sum(remaining) FILTER (WHERE expires_at > ${now} AND user_id <> ${userId} AND wallet_group <> ${q.walletGroup})
        OVER (ORDER BY ${priority} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS ahead
      FROM market_orders o
      WHERE good = ${key.good} AND pay_token = ${key.payToken} AND status = 'open' AND side = ${buying ? 'sell' : 'buy'}
        AND ${buying ? sql`price <= ${q.price.toString()}::numeric` : sql`price >= ${q.price.toString()}::numeric`}
    ) market_orders WHERE ahead < ${q.quantity})
    SELECT (SELECT COALESCE(sum(quantity), 0)::int FROM market_orders WHERE user_id = ${userId} AND good = ${key.good} AND placed_at >= ${q.dayFrom}) AS n, ${sellerCols},
      (SELECT json_build_object('request_hash', request_hash, 'response', response) FROM market_orders WHERE user_id = ${userId} AND idempotency_key = ${q.idempotencyKey}) AS prior,
      (SELECT COALESCE(json_agg(r ORDER BY r.seq::bigint), '[]'::json) FROM r) AS rows, ${trades} AS trades,
      nextval('market_orders_id_seq')::text AS order_id, nextval('market_order_seq')::text AS seq,
      array(SELECT nextval('market_trades_id_seq')::text FROM r) AS trade_ids`);
  const row = r!;
  return {
    prior: row.prior, placedToday: row.n, landsHeld: row.lands, createdAt: !seller ? now.getTime() : row.created_at === null ? Date.now() : ms(row.created_at),
    rows: row.rows, trades: row.trades.map((t) => ({ price: BigInt(t.price), quantity: t.quantity, at: ms(t.at) })),
    orderId: row.order_id, seq: Number(row.seq), tradeIds: row.trade_ids,
  };
}

/** A trade to write with its id (drawn by {@link placementRead}). */
export interface TradeRow {
  id: string; makerOrderId: string; takerOrderId: string; buyOrderId: string; sellOrderId: string; buyerId: number; sellerId: number; quantity: number; price: bigint; fee: bigint;
}

/**
 * The Market's own writes of one outcome as CTEs for one statement (`ledger.applyLedgerMoves` runs
 * them with the escrow's moves): the new order's row in its state after the match (`order`, its id
 * and sequence drawn already), the other orders' new state (`changes`, one UPDATE), the trades (one
 * INSERT, ids given), one inbox notice per given notice (one INSERT) and the traders' achievement
 * checks (ascending user id, DO UPDATE as {@link markAchievementCheck}). The orders and trades come
 * first, so their tables are locked first (a held `notifications` or `ledger_entries` finds them written).
 * @returns the CTEs, or undefined when there is nothing to write
 */
export function outcomeWrites(key: BookKey, w: {
  order?: (NewOrderRow & { id: string; seq: number; remaining: number; status: OrderRow['status']; response: unknown }) | undefined;
  changes: readonly OrderChange[]; trades: readonly TradeRow[]; notices: ReadonlyArray<{ userId: number; type: string; data: unknown }>;
}, at: Date): SQL | undefined {
  const parts: SQL[] = [];
  const o = w.order;
  if (o) {
    parts.push(sql`m_order AS (INSERT INTO market_orders
      (id, user_id, wallet_group, side, good, pay_token, quantity, remaining, price, fee_bps, escrow, status, seq, placed_at, expires_at, closed_at, idempotency_key, request_hash, response)
      VALUES (${o.id}::bigint, ${o.userId}, ${o.walletGroup}, ${o.side}, ${o.key.good}, ${o.key.payToken}, ${o.quantity}, ${o.remaining}, ${o.price.toString()}::numeric, ${o.feeBps},
        ${o.escrow.toString()}::numeric, ${o.status}, ${o.seq}, ${o.placedAt}, ${o.expiresAt}, ${o.status === 'open' ? null : at}::timestamptz, ${o.idempotencyKey}, ${o.requestHash},
        ${JSON.stringify(o.response)}::jsonb) RETURNING 1)`);
  }
  if (w.changes.length > 0) {
    const values = sql.join(w.changes.map((c) => sql`(${c.id}::bigint, ${c.remaining}::int, ${c.escrow.toString()}::numeric, ${c.status}::text,
      ${c.response === undefined ? null : JSON.stringify(c.response)}::jsonb)`), sql`, `);
    parts.push(sql`m_changes AS (UPDATE market_orders o SET remaining = v.remaining, escrow = v.escrow, status = v.status,
      closed_at = CASE WHEN v.status = 'open' THEN NULL ELSE ${at}::timestamptz END, response = COALESCE(v.response, o.response)
      FROM (VALUES ${values}) v (id, remaining, escrow, status, response) WHERE o.id = v.id RETURNING 1)`);
  }
  if (w.trades.length > 0) {
    const values = sql.join(w.trades.map((t) => sql`(${t.id}::bigint, ${key.good}, ${key.payToken}, ${t.makerOrderId}::bigint, ${t.takerOrderId}::bigint, ${t.buyOrderId}::bigint,
      ${t.sellOrderId}::bigint, ${t.buyerId}::int, ${t.sellerId}::int, ${t.quantity}::int, ${t.price.toString()}::numeric, ${t.fee.toString()}::numeric, ${at}::timestamptz)`), sql`, `);
    parts.push(sql`m_trades AS (INSERT INTO market_trades (id, good, pay_token, maker_order_id, taker_order_id, buy_order_id, sell_order_id, buyer_id, seller_id, quantity, price, fee, at)
      VALUES ${values} RETURNING 1)`);
  }
  if (w.notices.length > 0) {
    const rows = sql.join(w.notices.map((n) => sql`(${n.userId}::int, ${n.type}, ${JSON.stringify(n.data)}::jsonb, ${at}::timestamptz)`), sql`, `);
    parts.push(sql`m_notices AS (INSERT INTO notifications (user_id, type, data, created_at) VALUES ${rows} RETURNING 1)`);
    const ids = [...new Set(w.notices.map((n) => n.userId))].sort((a, b) => a - b);
    parts.push(sql`m_checks AS (INSERT INTO achievement_checks (user_id) VALUES ${sql.join(ids.map((id) => sql`(${id})`), sql`, `)}
      ON CONFLICT (user_id) DO UPDATE SET changes = achievement_checks.changes + 1 RETURNING 1)`);
  }
  return parts.length === 0 ? undefined : sql.join(parts, sql`, `);
}

/** The next placement sequence (draw it under the book's lock: time priority within the book). */
export async function nextSeq(tx: Orm): Promise<number> {
  const [r] = await exec<{ seq: string }>(tx, sql`SELECT nextval('market_order_seq')::text AS seq`);
  return Number(r!.seq);
}

/** A new open order's row (`seq` absent: drawn from `market_order_seq` by the INSERT itself). */
export interface NewOrderRow {
  userId: number; walletGroup: string; side: Side; key: BookKey; quantity: number; price: bigint; feeBps: number; escrow: bigint;
  seq?: number; placedAt: Date; expiresAt: Date; idempotencyKey: string; requestHash: string;
}

/**
 * Inserts a new open order, its placement sequence drawn in the same statement unless given (draw
 * it under the book's lock: time priority within the book). @returns its id and sequence, or null
 * when `(userId, key)` is already used.
 */
export async function insertOrderRow(tx: Orm, o: NewOrderRow): Promise<{ id: string; seq: number } | null> {
  const seq = o.seq === undefined ? sql`nextval('market_order_seq')` : sql`${o.seq}`;
  const rows = await exec<{ id: string; seq: string }>(tx, sql`INSERT INTO market_orders
    (user_id, wallet_group, side, good, pay_token, quantity, remaining, price, fee_bps, escrow, status, seq, placed_at, expires_at, idempotency_key, request_hash)
    VALUES (${o.userId}, ${o.walletGroup}, ${o.side}, ${o.key.good}, ${o.key.payToken}, ${o.quantity}, ${o.quantity}, ${o.price.toString()}, ${o.feeBps},
      ${o.escrow.toString()}, 'open', ${seq}, ${o.placedAt}, ${o.expiresAt}, ${o.idempotencyKey}, ${o.requestHash})
    ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id::text AS id, seq::text AS seq`);
  return rows[0] ? { id: rows[0].id, seq: Number(rows[0].seq) } : null;
}

/** Inserts a new open order with the sequence `o.seq` ({@link nextSeq}). @returns its id, or null when `(userId, key)` is already used. */
export async function insertOrder(tx: Orm, o: NewOrderRow & { seq: number }): Promise<string | null> {
  return (await insertOrderRow(tx, o))?.id ?? null;
}

/** An order's new state: open quantity, escrow, status (closed when not open), and a placement's answer to store. */
export interface OrderChange {
  id: string;
  remaining: number;
  escrow: bigint;
  status: OrderRow['status'];
  /** The placement's answer (its idempotent replay); absent: the stored one stays. */
  response?: unknown;
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

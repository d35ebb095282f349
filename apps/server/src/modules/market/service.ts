/**
 * The Market's server side (docs/game-rules.md §16): every write to a book runs in ONE short
 * transaction under the book's advisory lock — read the book's open orders, run the pure engine
 * (`match`, `cancelOrder`, `expireOrders` from `@kingdom/game`), write the trades, the orders' new
 * state and every escrow movement as ledger / item entries (`modules/ledger`), all or nothing.
 * Escrow is not an account: a placement debits the owner (`market_escrow`); what leaves escrow is
 * credited (`market_bought` goods, `market_proceeds` the seller's value, `market_refund` cancels,
 * expiry, self-trade and fill excess); the fee is burned (it leaves escrow to no one; `market_trades.fee`).
 * Each trade writes a `market_fill` inbox notice to its buyer and its seller in the same transaction.
 * So Σ ledger = balances at every commit, and every order's open escrow is `market_orders.escrow`
 * (tokens of a buy) or `remaining` (units of a sell).
 */
import { createHash } from 'node:crypto';
import {
  MARKET_FEE_BPS, MARKET_MEDIAN_DAYS, checkNewOrder, checkOrderBounds, dayStart, emptyBook, escrowReleases, expireOrders, gameDay, goodAmount, match,
  orderEscrow, orderExpiresAt, referencePrice, vendorReferencePrice, FOOD_GOOD, type BookKey, type MarketBook, type MarketOrder, type MarketRefund, type MarketTrade,
} from '@kingdom/game';
import type { MarketCancelResponse, MarketOrderRequest, MarketPlaceResponse, MarketTradeRow } from '@kingdom/api';
import type { Database, Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { applyItemEntry, applyTokenEntry } from '../ledger/ledger.ts';
import { notify } from '../notifications/repository.ts';
import { countHit } from '../../http/rate-limit-store.ts';
import {
  booksWithAnyExpired, booksWithExpired, expiredOrders, insertOrder, insertTrade, lockBook, markAchievementCheck, nextSeq, openOrders, orderById, orderByKey, placedSince, saveResponse, sellerFacts,
  toApiOrder, toEngineOrder, tradesSince, updateOrder, type OrderRow,
} from './repository.ts';

const DAY_MS = 86_400_000;

/** Ledger reasons the Market writes (docs/game-rules.md §16.3). */
export const MARKET_LEDGER_REASONS = ['market_escrow', 'market_bought', 'market_proceeds', 'market_refund'] as const;

/**
 * The wallet group of an account for the self-trade rule (docs/game-rules.md §16.2): an address and a
 * stake credential each belong to at most one account here (`wallets_chain_address`,
 * `cardano_stake_proofs`), so no two accounts share a linked wallet and the group is the account.
 */
export const walletGroupOf = (userId: number): string => `user:${userId}`;

/** The window of the per-account order limit (docs/game-rules.md §16.5), ms. */
export const MARKET_RATE_WINDOW_MS = 60_000;

/**
 * The per-account order limit (docs/game-rules.md §16.5): counts one order or cancel of `userId` in
 * the account's current one-minute window, in the database (`rate_limit_hits`, key
 * `market:account:<id>`), so the limit holds across every server process; past `perMinute` in the
 * window it refuses. Every trade comes from an order, so this limits trades too.
 * @throws GameError MARKET_RATE_LIMIT (429)
 */
export async function checkMarketRate(db: Database, userId: number, perMinute: number): Promise<void> {
  const { hits } = await countHit(db, `market:account:${userId}`, MARKET_RATE_WINDOW_MS);
  if (hits > perMinute) fail('MARKET_RATE_LIMIT');
}

const requestHash = (r: MarketOrderRequest) => createHash('sha256').update(JSON.stringify([r.good, r.token, r.side, r.quantity, r.price])).digest('hex');

/** The engine's book from open order rows: bids highest first, asks lowest first, then by sequence. */
export function bookOf(key: BookKey, rows: readonly OrderRow[]): MarketBook {
  const orders = rows.map(toEngineOrder);
  const bids = orders.filter((o) => o.side === 'buy').sort((a, b) => (a.price === b.price ? a.seq - b.seq : a.price > b.price ? -1 : 1));
  const asks = orders.filter((o) => o.side === 'sell').sort((a, b) => (a.price === b.price ? a.seq - b.seq : a.price < b.price ? -1 : 1));
  return { ...emptyBook(key), bids, asks };
}

/** Moves `amount` (signed) of the pay token or the good in or out of `userId`'s balance / items. */
async function moveAsset(tx: Orm, userId: number, asset: 'good' | 'pay', key: BookKey, amount: bigint, reason: string, reference: string, at: Date): Promise<void> {
  if (asset === 'pay') {
    await applyTokenEntry(tx, { userId, token: key.payToken, amount, reason, reference, at }, 'VENDOR_NOT_ENOUGH_BALANCE');
  } else if (key.good === FOOD_GOOD) {
    await applyTokenEntry(tx, { userId, token: 'food', amount, reason, reference, at }, 'VENDOR_NOT_ENOUGH_BALANCE');
  } else {
    await applyItemEntry(tx, { userId, itemKey: key.good, amount: Number(amount), reason, reference, at }, 'ITEM_NOT_EXIST_ON_BALANCE');
  }
}

/**
 * Writes an engine outcome in `tx` (the book's lock held): the trades, each order's new state and the
 * escrow movements (the incoming order's escrow first, then what leaves escrow), grouped by account in
 * ascending id so two books' transactions lock balances in one order; then one `market_fill` notice per
 * trade to each side (`remaining` = that order's open quantity after the outcome; `fee` the buyer's).
 * @param before the book's open orders as read (their state before the outcome)
 * @param after the engine's book after the outcome
 * @param taker the incoming order (its row is inserted, its escrow not yet taken) and what of it rests
 * @returns the trades with their ids
 */
async function writeOutcome(tx: Orm, key: BookKey, before: readonly MarketOrder[], after: MarketBook, trades: readonly MarketTrade[], refunds: readonly MarketRefund[], at: Date,
  taker?: { order: MarketOrder; rested?: MarketOrder }): Promise<Array<MarketTrade & { id: string }>> {
  const written: Array<MarketTrade & { id: string }> = [];
  for (const t of trades) {
    const id = await insertTrade(tx, { key, makerOrderId: t.makerOrderId, takerOrderId: t.takerOrderId, buyOrderId: t.buyOrderId, sellOrderId: t.sellOrderId,
      buyerId: t.buyerAccountId, sellerId: t.sellerAccountId, quantity: t.quantity, price: t.price, fee: t.fee, at });
    written.push({ ...t, id });
  }
  const ops: Array<{ userId: number; run: () => Promise<void> }> = [];
  if (taker) {
    const e = orderEscrow(taker.order);
    const o = taker.order;
    ops.push({ userId: o.accountId, run: () => o.side === 'buy'
      ? moveAsset(tx, o.accountId, 'pay', key, -e.tokens, 'market_escrow', `order:${o.id}`, at)
      : moveAsset(tx, o.accountId, 'good', key, -goodAmount(key.good, e.quantity), 'market_escrow', `order:${o.id}`, at) });
  }
  const { releases } = escrowReleases({ trades: [...trades], refunds: [...refunds] }, key.good);
  const tradeReleases = trades.length * 2;
  releases.forEach((r, i) => {
    let reason: string;
    let reference: string;
    if (i < tradeReleases) {
      reason = r.reason === 'bought' ? 'market_bought' : 'market_proceeds';
      reference = `trade:${written[Math.floor(i / 2)]!.id}`;
    } else {
      reason = 'market_refund';
      reference = r.reason === 'fill_excess' ? `order:${r.orderId}:fill_excess:${taker?.order.id ?? ''}` : `order:${r.orderId}:${r.reason}`;
    }
    ops.push({ userId: r.accountId, run: () => moveAsset(tx, r.accountId, r.asset, key, r.amount, reason, reference, at) });
  });
  ops.sort((a, b) => a.userId - b.userId); // stable: an account's escrow debit stays before its credits
  for (const op of ops) await op.run();

  // the orders' new state
  const open = new Map([...after.bids, ...after.asks].map((o) => [o.id, o]));
  const closedBy = new Map(refunds.filter((r) => r.reason === 'expired' || r.reason === 'self_trade' || r.reason === 'cancelled').map((r) => [r.orderId, r.reason]));
  for (const o of before) {
    const now = open.get(o.id);
    if (now) {
      if (now.quantity !== o.quantity) await updateOrder(tx, o.id, now.quantity, orderEscrow(now).tokens, 'open', at);
      continue;
    }
    const why = closedBy.get(o.id);
    if (why === 'expired') await updateOrder(tx, o.id, o.quantity, 0n, 'expired', at);
    else if (why) await updateOrder(tx, o.id, o.quantity, 0n, 'cancelled', at);
    else await updateOrder(tx, o.id, 0, 0n, 'filled', at);
  }
  if (taker) {
    if (taker.rested) await updateOrder(tx, taker.order.id, taker.rested.quantity, orderEscrow(taker.rested).tokens, 'open', at);
    else await updateOrder(tx, taker.order.id, 0, 0n, 'filled', at);
  }

  // the inbox notices of the fills, both sides, in this transaction (docs/game-rules.md §16.6)
  const remainingOf = (orderId: string) => open.get(orderId)?.quantity ?? (taker?.order.id === orderId ? taker.rested?.quantity ?? 0 : 0);
  const notices = written.flatMap((t) => [
    { userId: t.buyerAccountId, side: 'buy' as const, orderId: t.buyOrderId, fee: t.fee, t },
    { userId: t.sellerAccountId, side: 'sell' as const, orderId: t.sellOrderId, fee: 0n, t },
  ]).sort((a, b) => a.userId - b.userId);
  for (const n of notices) {
    await notify(tx, n.userId, 'market_fill', {
      order_id: n.orderId, trade_id: n.t.id, good: key.good, token: key.payToken, side: n.side, quantity: n.t.quantity,
      price: n.t.price.toString(), amount: n.t.value.toString(), fee: n.fee.toString(), remaining: remainingOf(n.orderId),
    }, at);
  }
  await markAchievementCheck(tx, notices.map((n) => n.userId));
  return written;
}

/**
 * Places a limit order of `userId` (docs/game-rules.md §16): checks it (`checkNewOrder`: bounds, who may
 * sell, the price band around the reference price, the daily cap of the game day of `now`), takes its
 * escrow, expires the book's expired orders, matches it and writes the outcome — in one transaction
 * under the book's lock. The same idempotency key again answers the first answer and changes nothing.
 * `hooks.afterLock` is a test's hook (called with the book's lock held); `hooks.ordersPerMinute`: the
 * per-account limit ({@link checkMarketRate}), counted before the transaction by every placement but
 * an idempotent replay (absent: no limit, for tools and tests that call the service directly).
 * @throws GameError NOT_FOUND, VALIDATION_ERROR, AMOUNT_TOO_LARGE, MARKET_SELLER_NOT_ELIGIBLE,
 *   MARKET_NO_REFERENCE_PRICE, MARKET_PRICE_OUT_OF_BAND, MARKET_DAILY_CAP, MARKET_RATE_LIMIT; ApiError
 *   VENDOR_NOT_ENOUGH_BALANCE (tokens or FOOD), ITEM_NOT_EXIST_ON_BALANCE (items), IDEMPOTENCY_KEY_REUSED
 */
export async function placeOrder(db: Database, userId: number, idempotencyKey: string, request: MarketOrderRequest, now: Date,
  hooks: { afterLock?: () => Promise<void>; ordersPerMinute?: number } = {}): Promise<MarketPlaceResponse> {
  const key: BookKey = { good: request.good, payToken: request.token };
  const price = BigInt(request.price);
  const draft = { book: key, side: request.side, quantity: request.quantity, price, feeBps: MARKET_FEE_BPS };
  checkOrderBounds(draft);
  const hash = requestHash(request);
  const replay = async (): Promise<MarketPlaceResponse | null> => {
    const prior = await orderByKey(db.orm, userId, idempotencyKey);
    if (!prior || prior.response === null) return null;
    if (prior.request_hash !== hash) fail('IDEMPOTENCY_KEY_REUSED');
    return (typeof prior.response === 'string' ? JSON.parse(prior.response) : prior.response) as MarketPlaceResponse;
  };
  const first = await replay();
  if (first) return first;
  if (hooks.ordersPerMinute !== undefined) await checkMarketRate(db, userId, hooks.ordersPerMinute);
  const t = now.getTime();
  const answer = await db.orm.transaction(async (tx) => {
    await lockBook(tx, key);
    await hooks.afterLock?.();
    const account = request.side === 'sell' ? await sellerFacts(tx, userId) : { landsHeld: 0, createdAt: t };
    const placedToday = await placedSince(tx, userId, key.good, new Date(dayStart(gameDay(t))));
    // the 7 days' trades only where the Vendor gives no reference (they are read for nothing otherwise)
    const reference = referencePrice(key, vendorReferencePrice(key) === null ? await tradesSince(tx, key, new Date(t - MARKET_MEDIAN_DAYS * DAY_MS)) : [], t);
    checkNewOrder(draft, { account, placedToday, reference, now: t });
    const seq = await nextSeq(tx);
    const expiresAt = orderExpiresAt(t);
    const id = await insertOrder(tx, {
      userId, walletGroup: walletGroupOf(userId), side: request.side, key, quantity: request.quantity, price, feeBps: MARKET_FEE_BPS,
      escrow: orderEscrow(draft).tokens, seq, placedAt: now, expiresAt: new Date(expiresAt), idempotencyKey, requestHash: hash,
    });
    if (id === null) return null;
    const order: MarketOrder = { id, accountId: userId, walletGroup: walletGroupOf(userId), side: request.side, book: key, quantity: request.quantity, price, feeBps: MARKET_FEE_BPS, seq, placedAt: t, expiresAt };
    const rows = (await openOrders(tx, key)).filter((r) => r.id !== id);
    const book = bookOf(key, rows);
    const expired = expireOrders(book, t); // lazy expiry: the whole book's, whenever it is written to
    const result = match(expired.book, order, { now: t });
    const before = [...book.bids, ...book.asks];
    const trades = await writeOutcome(tx, key, before, result.book, result.trades, [...expired.refunds, ...result.refunds], now,
      result.rested ? { order, rested: result.rested } : { order });
    const row = (await orderById(tx, id))!;
    const response: MarketPlaceResponse = { order: toApiOrder(row), trades: trades.map((x) => tradeRow(x, userId, now)) };
    await saveResponse(tx, id, response);
    return response;
  });
  return answer ?? (await replay()) ?? fail('CANT_RUN_THIS_OPERATION');
}

function tradeRow(t: MarketTrade & { id: string }, userId: number, at: Date): MarketTradeRow {
  return { id: t.id, good: t.book.good, token: t.book.payToken, side: t.buyerAccountId === userId ? 'buy' : 'sell', quantity: t.quantity, price: t.price.toString(), fee: t.fee.toString(), at: at.toISOString() };
}

/**
 * Cancels an open order of `userId` (docs/game-rules.md §16.4): its whole escrow returns
 * (`market_refund`), in one transaction under the book's lock. An order found expired is expired
 * (refunded as such) and answered as not open. `opts.ordersPerMinute`: the per-account limit
 * ({@link checkMarketRate}; a cancel counts as an order), checked first.
 * @throws GameError MARKET_ORDER_NOT_OPEN (no such order of this account, or not open), MARKET_RATE_LIMIT
 */
export async function cancelMarketOrder(db: Database, userId: number, orderId: string, now: Date, opts: { ordersPerMinute?: number } = {}): Promise<MarketCancelResponse> {
  if (opts.ordersPerMinute !== undefined) await checkMarketRate(db, userId, opts.ordersPerMinute);
  const found = await orderById(db.orm, orderId);
  if (!found || found.user_id !== userId) fail('MARKET_ORDER_NOT_OPEN');
  const key: BookKey = { good: found.good, payToken: found.pay_token };
  const outcome = await db.orm.transaction(async (tx) => {
    await lockBook(tx, key);
    const row = await orderById(tx, orderId);
    if (!row || row.status !== 'open') return null;
    const order = toEngineOrder(row);
    const book = bookOf(key, [row]);
    if (order.expiresAt <= now.getTime()) {
      const ex = expireOrders(book, now.getTime());
      await writeOutcome(tx, key, [order], ex.book, [], ex.refunds, now);
      return null;
    }
    const refund: MarketRefund = { orderId, accountId: userId, reason: 'cancelled', ...orderEscrow(order) };
    await writeOutcome(tx, key, [order], emptyBook(key), [], [refund], now);
    return toApiOrder((await orderById(tx, orderId))!);
  });
  if (!outcome) fail('MARKET_ORDER_NOT_OPEN');
  return { order: outcome };
}

/**
 * Lazy expiry (docs/game-rules.md §16.4): expires every expired open order of the books where
 * `userId` has one (each book in its own transaction under its lock), returning their escrow. Run on
 * the owner's read of their orders; a placement expires the whole book it writes to.
 */
export async function expireOrdersOf(db: Database, userId: number, now: Date): Promise<void> {
  for (const key of await booksWithExpired(db.orm, userId, now)) {
    await db.orm.transaction(async (tx) => {
      await lockBook(tx, key);
      const book = bookOf(key, await openOrders(tx, key));
      const ex = expireOrders(book, now.getTime());
      if (ex.refunds.length > 0) await writeOutcome(tx, key, [...book.bids, ...book.asks], ex.book, [], ex.refunds, now);
    });
  }
}

/** Expired orders one sweep transaction expires at most (docs/game-rules.md §16.6). */
export const MARKET_SWEEP_BATCH = 500;

/**
 * The expiry sweep (docs/game-rules.md §16.6), run by the tick job: expires every open order expired
 * by `now` in every book, including books nobody writes to and orders whose owner never reads their
 * orders, and returns their escrow (`market_refund`, reference `order:<id>:expired`) — at most
 * `batch` orders per transaction, each under its book's lock, oldest placement first. Orders expired
 * otherwise in between (a placement, a cancel, the owner's read) are skipped: they are no longer open.
 * @returns how many orders it expired
 */
export async function sweepExpiredOrders(db: Database, now: Date, batch: number = MARKET_SWEEP_BATCH): Promise<number> {
  let expired = 0;
  for (const key of await booksWithAnyExpired(db.orm, now)) {
    for (;;) {
      const n = await db.orm.transaction(async (tx) => {
        await lockBook(tx, key);
        const book = bookOf(key, await expiredOrders(tx, key, now, batch));
        const ex = expireOrders(book, now.getTime());
        if (ex.refunds.length > 0) await writeOutcome(tx, key, [...book.bids, ...book.asks], ex.book, [], ex.refunds, now);
        return ex.refunds.length;
      });
      expired += n;
      if (n < batch) break;
    }
  }
  return expired;
}

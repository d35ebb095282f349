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
import { applyItemEntry, applyLedgerCredits, applyTokenEntry, lockBalancesOf, type LedgerCredit } from '../ledger/ledger.ts';
import { notifyMany } from '../notifications/repository.ts';
import { countHit } from '../../http/rate-limit-store.ts';
import {
  booksWithAnyExpired, booksWithExpired, expiredOrders, insertOrderRow, insertTrades, lockBook, markAchievementCheck, openOrders, orderById, reachableOrders, orderByKey, placementFacts,
  toApiOrder, toEngineOrder, tradesSince, updateOrders, type OrderChange, type OrderRow,
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

/** The ledger asset of a book's pay token or good: the token, `food`, or `item:<key>`. */
const ledgerAsset = (key: BookKey, asset: 'good' | 'pay'): string => (asset === 'pay' ? key.payToken : key.good === FOOD_GOOD ? 'food' : `item:${key.good}`);

/** Takes `amount` (> 0) of the pay token or the good out of `userId`'s balance / items (its rows locked already). */
async function debitAsset(tx: Orm, userId: number, asset: 'good' | 'pay', key: BookKey, amount: bigint, reason: string, reference: string, at: Date): Promise<void> {
  if (asset === 'pay') {
    await applyTokenEntry(tx, { userId, token: key.payToken, amount: -amount, reason, reference, at }, 'VENDOR_NOT_ENOUGH_BALANCE', { locked: true });
  } else if (key.good === FOOD_GOOD) {
    await applyTokenEntry(tx, { userId, token: 'food', amount: -amount, reason, reference, at }, 'VENDOR_NOT_ENOUGH_BALANCE', { locked: true });
  } else {
    await applyItemEntry(tx, { userId, itemKey: key.good, amount: -Number(amount), reason, reference, at }, 'ITEM_NOT_EXIST_ON_BALANCE');
  }
}

/**
 * Writes an engine outcome in `tx` (the book's lock held), in a fixed number of statements whatever
 * the number of trades (docs/architecture.md, the Market): the trades (one INSERT); the balance rows of
 * every account it moves, locked in (user, token) order and then their rows of the book's item in user
 * order (one statement, so two books' transactions and the tick lock balances in one order); the
 * incoming order's escrow debit (`ledger.applyTokenEntry` / `applyItemEntry`: its error codes); every
 * movement out of escrow as credits (`ledger.applyLedgerCredits`, one statement); each order's new
 * state and the placement's answer (one UPDATE); one `market_fill` notice per trade to each side (one
 * INSERT; `remaining` = that order's open quantity after the outcome; `fee` the buyer's).
 * @param before the book's open orders as read (their state before the outcome)
 * @param after the engine's book after the outcome
 * @param taker the incoming order (its row is inserted, its escrow not yet taken), what of it rests,
 *   and `respond`, the placement's answer from the trades written (stored on the order's row)
 * @returns the trades with their ids
 */
async function writeOutcome(tx: Orm, key: BookKey, before: readonly MarketOrder[], after: MarketBook, trades: readonly MarketTrade[], refunds: readonly MarketRefund[], at: Date,
  taker?: { order: MarketOrder; rested?: MarketOrder; respond?: (written: Array<MarketTrade & { id: string }>) => unknown }): Promise<Array<MarketTrade & { id: string }>> {
  const ids = await insertTrades(tx, key, trades.map((t) => ({ makerOrderId: t.makerOrderId, takerOrderId: t.takerOrderId, buyOrderId: t.buyOrderId, sellOrderId: t.sellOrderId,
    buyerId: t.buyerAccountId, sellerId: t.sellerAccountId, quantity: t.quantity, price: t.price, fee: t.fee })), at);
  const written = trades.map((t, i) => ({ ...t, id: ids[i]! }));

  const { releases } = escrowReleases({ trades: [...trades], refunds: [...refunds] }, key.good);
  const tradeReleases = trades.length * 2;
  const credits: LedgerCredit[] = releases.map((r, i) => {
    if (i < tradeReleases) {
      return { userId: r.accountId, asset: ledgerAsset(key, r.asset), amount: r.amount, reason: r.reason === 'bought' ? 'market_bought' : 'market_proceeds', reference: `trade:${written[Math.floor(i / 2)]!.id}` };
    }
    const reference = r.reason === 'fill_excess' ? `order:${r.orderId}:fill_excess:${taker?.order.id ?? ''}` : `order:${r.orderId}:${r.reason}`;
    return { userId: r.accountId, asset: ledgerAsset(key, r.asset), amount: r.amount, reason: 'market_refund', reference };
  });
  await lockBalancesOf(tx, [...(taker ? [taker.order.accountId] : []), ...credits.map((c) => c.userId)], key.good === FOOD_GOOD ? undefined : key.good);
  if (taker) {
    const e = orderEscrow(taker.order);
    const o = taker.order;
    if (o.side === 'buy') await debitAsset(tx, o.accountId, 'pay', key, e.tokens, 'market_escrow', `order:${o.id}`, at);
    else await debitAsset(tx, o.accountId, 'good', key, goodAmount(key.good, e.quantity), 'market_escrow', `order:${o.id}`, at);
  }
  await applyLedgerCredits(tx, credits, at);

  // the orders' new state
  const open = new Map([...after.bids, ...after.asks].map((o) => [o.id, o]));
  const closedBy = new Map(refunds.filter((r) => r.reason === 'expired' || r.reason === 'self_trade' || r.reason === 'cancelled').map((r) => [r.orderId, r.reason]));
  const changes: OrderChange[] = [];
  for (const o of before) {
    const now = open.get(o.id);
    if (now) {
      if (now.quantity !== o.quantity) changes.push({ id: o.id, remaining: now.quantity, escrow: orderEscrow(now).tokens, status: 'open' });
      continue;
    }
    const why = closedBy.get(o.id);
    if (why === 'expired') changes.push({ id: o.id, remaining: o.quantity, escrow: 0n, status: 'expired' });
    else if (why) changes.push({ id: o.id, remaining: o.quantity, escrow: 0n, status: 'cancelled' });
    else changes.push({ id: o.id, remaining: 0, escrow: 0n, status: 'filled' });
  }
  if (taker) {
    const response = taker.respond?.(written);
    if (taker.rested) changes.push({ id: taker.order.id, remaining: taker.rested.quantity, escrow: orderEscrow(taker.rested).tokens, status: 'open', response });
    else changes.push({ id: taker.order.id, remaining: 0, escrow: 0n, status: 'filled', response });
  }
  await updateOrders(tx, changes, at);

  // the inbox notices of the fills, both sides, in this transaction (docs/game-rules.md §16.6)
  const remainingOf = (orderId: string) => open.get(orderId)?.quantity ?? (taker?.order.id === orderId ? taker.rested?.quantity ?? 0 : 0);
  const notices = written.flatMap((t) => [
    { userId: t.buyerAccountId, side: 'buy' as const, orderId: t.buyOrderId, fee: t.fee, t },
    { userId: t.sellerAccountId, side: 'sell' as const, orderId: t.sellOrderId, fee: 0n, t },
  ]).sort((a, b) => a.userId - b.userId);
  await notifyMany(tx, notices.map((n) => ({ userId: n.userId, type: 'market_fill' as const, data: {
    order_id: n.orderId, trade_id: n.t.id, good: key.good, token: key.payToken, side: n.side, quantity: n.t.quantity,
    price: n.t.price.toString(), amount: n.t.value.toString(), fee: n.fee.toString(), remaining: remainingOf(n.orderId),
  } })), at);
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
    const { placedToday, ...account } = await placementFacts(tx, userId, key.good, new Date(dayStart(gameDay(t))), request.side === 'sell', t);
    // the 7 days' trades only where the Vendor gives no reference (they are read for nothing otherwise)
    const reference = referencePrice(key, vendorReferencePrice(key) === null ? await tradesSince(tx, key, new Date(t - MARKET_MEDIAN_DAYS * DAY_MS)) : [], t);
    checkNewOrder(draft, { account, placedToday, reference, now: t });
    const expiresAt = orderExpiresAt(t);
    const inserted = await insertOrderRow(tx, {
      userId, walletGroup: walletGroupOf(userId), side: request.side, key, quantity: request.quantity, price, feeBps: MARKET_FEE_BPS,
      escrow: orderEscrow(draft).tokens, placedAt: now, expiresAt: new Date(expiresAt), idempotencyKey, requestHash: hash,
    });
    if (inserted === null) return null;
    const { id, seq } = inserted;
    const order: MarketOrder = { id, accountId: userId, walletGroup: walletGroupOf(userId), side: request.side, book: key, quantity: request.quantity, price, feeBps: MARKET_FEE_BPS, seq, placedAt: t, expiresAt };
    // what the order can reach, not the whole book (the same trades; the rest's expiry is the sweep's)
    const rows = await reachableOrders(tx, key, request.side, price, request.quantity, { userId, walletGroup: walletGroupOf(userId) }, now);
    const book = bookOf(key, rows);
    const expired = expireOrders(book, t); // lazy expiry of the orders the walk passes
    const result = match(expired.book, order, { now: t });
    const before = [...book.bids, ...book.asks];
    // the answer: the order as its row now reads (toApiOrder of it) and its trades, stored with its new state
    let response: MarketPlaceResponse | undefined;
    const respond = (written: Array<MarketTrade & { id: string }>) => {
      const rested = result.rested;
      response = {
        order: {
          id, good: key.good, token: key.payToken, side: request.side, quantity: request.quantity, remaining: rested?.quantity ?? 0, price: price.toString(),
          escrow: (rested ? orderEscrow(rested).tokens : 0n).toString(), status: rested ? 'open' : 'filled', placed_at: now.toISOString(), expires_at: new Date(expiresAt).toISOString(),
        },
        trades: written.map((x) => tradeRow(x, userId, now)),
      };
      return response;
    };
    await writeOutcome(tx, key, before, result.book, result.trades, [...expired.refunds, ...result.refunds], now,
      result.rested ? { order, rested: result.rested, respond } : { order, respond });
    return response!;
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
    return toApiOrder({ ...row, escrow: '0', status: 'cancelled' }); // the row as writeOutcome left it
  });
  if (!outcome) fail('MARKET_ORDER_NOT_OPEN');
  return { order: outcome };
}

/**
 * Lazy expiry (docs/game-rules.md §16.4): expires every expired open order of the books where
 * `userId` has one (each book in its own transaction under its lock), returning their escrow. Run on
 * the owner's read of their orders; a placement expires those its walk passes, the sweep the rest.
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

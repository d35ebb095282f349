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
import type { MarketCancelResponse, MarketOrderRequest, MarketPlaceResponse, MarketTradeRow, NotificationType } from '@kingdom/api';
import type { Database, Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { hasSqlState, SQLSTATE } from '../../db/client.ts';
import { applyLedgerMoves, type LedgerCredit, type LedgerDebit } from '../ledger/ledger.ts';
import { countHit } from '../../http/rate-limit-store.ts';
import {
  booksWithAnyExpired, booksWithExpired, expiredOrders, lockBook, openOrders, orderById, orderByKey, outcomeWrites, placementRead,
  toApiOrder, toEngineOrder, type BookOrderRow, type NewOrderRow, type OrderChange,
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
export function bookOf(key: BookKey, rows: readonly BookOrderRow[]): MarketBook {
  const orders = rows.map(toEngineOrder);
  const bids = orders.filter((o) => o.side === 'buy').sort((a, b) => (a.price === b.price ? a.seq - b.seq : a.price > b.price ? -1 : 1));
  const asks = orders.filter((o) => o.side === 'sell').sort((a, b) => (a.price === b.price ? a.seq - b.seq : a.price < b.price ? -1 : 1));
  return { ...emptyBook(key), bids, asks };
}

/** The ledger asset of a book's pay token or good: the token, `food`, or `item:<key>`. */
const ledgerAsset = (key: BookKey, asset: 'good' | 'pay'): string => (asset === 'pay' ? key.payToken : key.good === FOOD_GOOD ? 'food' : `item:${key.good}`);

/**
 * Writes an engine outcome in `tx` (the book's lock held) in ONE statement whatever the number of
 * trades (docs/architecture.md, the Market; `ledger.applyLedgerMoves` with the Market's CTEs,
 * `repository.outcomeWrites`): the balance rows of every account it moves locked in (user, token)
 * order and then their rows of the book's item in user order (so two books' transactions and the tick
 * lock balances in one order); the incoming order's row in its state after the match and its answer;
 * the other orders' new state; the trades; the incoming order's escrow debit (VENDOR_NOT_ENOUGH_BALANCE
 * for tokens or FOOD, ITEM_NOT_EXIST_ON_BALANCE for items: what it holds before the credits); every
 * movement out of escrow as a credit; one `market_fill` notice per trade to each side (`remaining` =
 * that order's open quantity after the outcome; `fee` the buyer's) and the traders' achievement checks.
 * @param before the book's open orders as read (their state before the outcome)
 * @param after the engine's book after the outcome
 * @param taker the incoming order (its row not yet written: `row`, with the id and sequence drawn),
 *   what of it rests, the trade ids drawn for it, and `respond`, the placement's answer from the
 *   trades written (stored on the order's row)
 * @returns the trades with their ids
 */
async function writeOutcome(tx: Orm, key: BookKey, before: readonly MarketOrder[], after: MarketBook, trades: readonly MarketTrade[], refunds: readonly MarketRefund[], at: Date,
  taker?: { order: MarketOrder; row: NewOrderRow & { seq: number }; tradeIds: readonly string[]; rested?: MarketOrder | undefined;
    respond: (written: Array<MarketTrade & { id: string }>) => unknown }): Promise<Array<MarketTrade & { id: string }>> {
  if (trades.length > (taker?.tradeIds.length ?? 0)) throw new Error(`market: ${trades.length} trades, ${taker?.tradeIds.length ?? 0} ids drawn`);
  const written = trades.map((t, i) => ({ ...t, id: taker!.tradeIds[i]! }));

  const { releases } = escrowReleases({ trades: [...trades], refunds: [...refunds] }, key.good);
  const tradeReleases = trades.length * 2;
  const credits: LedgerCredit[] = releases.map((r, i) => {
    if (i < tradeReleases) {
      return { userId: r.accountId, asset: ledgerAsset(key, r.asset), amount: r.amount, reason: r.reason === 'bought' ? 'market_bought' : 'market_proceeds', reference: `trade:${written[Math.floor(i / 2)]!.id}` };
    }
    const reference = r.reason === 'fill_excess' ? `order:${r.orderId}:fill_excess:${taker?.order.id ?? ''}` : `order:${r.orderId}:${r.reason}`;
    return { userId: r.accountId, asset: ledgerAsset(key, r.asset), amount: r.amount, reason: 'market_refund', reference };
  });
  let debit: LedgerDebit | undefined;
  if (taker) {
    const e = orderEscrow(taker.order);
    const o = taker.order;
    debit = o.side === 'buy'
      ? { userId: o.accountId, asset: ledgerAsset(key, 'pay'), amount: e.tokens, reason: 'market_escrow', reference: `order:${o.id}`, insufficientCode: 'VENDOR_NOT_ENOUGH_BALANCE' }
      : { userId: o.accountId, asset: ledgerAsset(key, 'good'), amount: goodAmount(key.good, e.quantity), reason: 'market_escrow', reference: `order:${o.id}`,
        insufficientCode: key.good === FOOD_GOOD ? 'VENDOR_NOT_ENOUGH_BALANCE' : 'ITEM_NOT_EXIST_ON_BALANCE' };
  }

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
  const order = taker && {
    ...taker.row, id: taker.order.id, remaining: taker.rested?.quantity ?? 0, escrow: taker.rested ? orderEscrow(taker.rested).tokens : 0n,
    status: taker.rested ? 'open' as const : 'filled' as const, response: taker.respond(written),
  };

  // the inbox notices of the fills, both sides, in this transaction (docs/game-rules.md §16.6)
  const remainingOf = (orderId: string) => open.get(orderId)?.quantity ?? (taker?.order.id === orderId ? taker.rested?.quantity ?? 0 : 0);
  const notices = written.flatMap((t) => [
    { userId: t.buyerAccountId, side: 'buy' as const, orderId: t.buyOrderId, fee: t.fee, t },
    { userId: t.sellerAccountId, side: 'sell' as const, orderId: t.sellOrderId, fee: 0n, t },
  ]).sort((a, b) => a.userId - b.userId);
  const also = outcomeWrites(key, {
    order, changes,
    trades: written.map((t) => ({ id: t.id, makerOrderId: t.makerOrderId, takerOrderId: t.takerOrderId, buyOrderId: t.buyOrderId, sellOrderId: t.sellOrderId,
      buyerId: t.buyerAccountId, sellerId: t.sellerAccountId, quantity: t.quantity, price: t.price, fee: t.fee })),
    notices: notices.map((n) => ({ userId: n.userId, type: 'market_fill' satisfies NotificationType, data: {
      order_id: n.orderId, trade_id: n.t.id, good: key.good, token: key.payToken, side: n.side, quantity: n.t.quantity,
      price: n.t.price.toString(), amount: n.t.value.toString(), fee: n.fee.toString(), remaining: remainingOf(n.orderId),
    } })),
  }, at);
  await applyLedgerMoves(tx, { lockUsers: [], itemKey: key.good === FOOD_GOOD ? undefined : key.good, debit, credits }, at, also);
  return written;
}

/**
 * Places a limit order of `userId` (docs/game-rules.md §16): checks it (`checkNewOrder`: bounds, who may
 * sell, the price band around the reference price, the daily cap of the game day of `now`), takes its
 * escrow, matches it and writes the outcome — in one transaction under the book's lock, in three
 * statements (the lock; one read: the key's earlier order, the account's facts, the orders the new one
 * can reach, the ids; one write: {@link writeOutcome}). The same idempotency key again answers the first
 * answer and changes nothing. `hooks.afterLock` is a test's hook (called with the book's lock held);
 * `hooks.ordersPerMinute`: the per-account limit ({@link checkMarketRate}), counted before the transaction
 * by every placement but an idempotent replay (read first, then; absent: no limit and no read before
 * the transaction, for tools and tests that call the service directly).
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
  const answerOf = (prior: { request_hash: string; response: unknown }): MarketPlaceResponse => {
    if (prior.request_hash !== hash) fail('IDEMPOTENCY_KEY_REUSED');
    if (prior.response === null) fail('CANT_RUN_THIS_OPERATION');
    return (typeof prior.response === 'string' ? JSON.parse(prior.response) : prior.response) as MarketPlaceResponse;
  };
  const replay = async (): Promise<MarketPlaceResponse | null> => {
    const prior = await orderByKey(db.orm, userId, idempotencyKey);
    return prior ? answerOf(prior) : null;
  };
  if (hooks.ordersPerMinute !== undefined) {
    const first = await replay();
    if (first) return first;
    await checkMarketRate(db, userId, hooks.ordersPerMinute);
  }
  const t = now.getTime();
  const walletGroup = walletGroupOf(userId);
  try {
    return await db.orm.transaction(async (tx) => {
      await lockBook(tx, key);
      await hooks.afterLock?.();
      // the 7 days' trades only where the Vendor gives no reference (they are read for nothing otherwise)
      const read = await placementRead(tx, {
        key, userId, walletGroup, idempotencyKey, side: request.side, price, quantity: request.quantity, now, dayFrom: new Date(dayStart(gameDay(t))),
        tradesFrom: vendorReferencePrice(key) === null ? new Date(t - MARKET_MEDIAN_DAYS * DAY_MS) : null,
      });
      if (read.prior) return answerOf(read.prior);
      const { placedToday, landsHeld, createdAt } = read;
      checkNewOrder(draft, { account: { landsHeld, createdAt }, placedToday, reference: referencePrice(key, read.trades, t), now: t });
      const expiresAt = orderExpiresAt(t);
      const id = read.orderId;
      const row = {
        userId, walletGroup, side: request.side, key, quantity: request.quantity, price, feeBps: MARKET_FEE_BPS,
        escrow: orderEscrow(draft).tokens, seq: read.seq, placedAt: now, expiresAt: new Date(expiresAt), idempotencyKey, requestHash: hash,
      };
      const order: MarketOrder = { id, accountId: userId, walletGroup, side: request.side, book: key, quantity: request.quantity, price, feeBps: MARKET_FEE_BPS, seq: read.seq, placedAt: t, expiresAt };
      // what the order can reach, not the whole book (the same trades; the rest's expiry is the sweep's)
      const book = bookOf(key, read.rows);
      const expired = expireOrders(book, t); // lazy expiry of the orders the walk passes
      const result = match(expired.book, order, { now: t });
      const before = [...book.bids, ...book.asks];
      // the answer: the order as its row will read (toApiOrder of it) and its trades, stored with it
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
        { order, row, tradeIds: read.tradeIds, rested: result.rested, respond });
      return response!;
    });
  } catch (err) {
    // the same key placed at once on another book: its INSERT waited for that one and found the key taken
    if (hasSqlState(err, SQLSTATE.uniqueViolation)) return (await replay()) ?? fail('CANT_RUN_THIS_OPERATION');
    throw err;
  }
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

/** Market endpoints (docs/game-rules.md §16): books, depth, placing and cancelling orders, my orders and trades. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, MARKET_CANDLE_DAYS, type MarketBookSummary } from '@kingdom/api';
import { ITEM_KINDS, MARKET_FEE_BPS, MARKET_MEDIAN_DAYS, MARKET_PAY_TOKENS, FOOD_GOOD, isMarketGood, referencePrice, type BookKey } from '@kingdom/game';
import { route, sessionOf } from '../../http/routes.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';
import { fail } from '../../errors.ts';
import type { Orm } from '../../db/client.ts';
import { cancelMarketOrder, expireOrdersOf, placeOrder } from './service.ts';
import { dailyCandles } from './candles.ts';
import { bookTops, depth, ordersOf, toApiOrder, tradesOf, tradesSince } from './repository.ts';

const DAY_MS = 86_400_000;
/** Every book: each tradable good (item kinds, then FOOD) in each pay token. */
const BOOKS: BookKey[] = [...ITEM_KINDS.map((k) => k.key), FOOD_GOOD].flatMap((good) => MARKET_PAY_TOKENS.map((payToken) => ({ good, payToken })));

async function referenceOf(orm: Orm, key: BookKey, now: Date): Promise<string | null> {
  const t = now.getTime();
  return referencePrice(key, await tradesSince(orm, key, new Date(t - MARKET_MEDIAN_DAYS * DAY_MS)), t)?.toString() ?? null;
}

/** Registers the Market's endpoints. */
export async function marketRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.marketBooks, async ({ now }) => {
    const tops = new Map((await bookTops(db.orm, now)).map((r) => [`${r.good}:${r.pay_token}`, r]));
    const books: MarketBookSummary[] = [];
    for (const key of BOOKS) {
      const top = tops.get(`${key.good}:${key.payToken}`);
      books.push({ good: key.good, token: key.payToken, best_bid: top?.best_bid ?? null, best_ask: top?.best_ask ?? null, last_price: top?.last_price ?? null,
        reference_price: await referenceOf(db.orm, key, now) });
    }
    return { books, fee_bps: MARKET_FEE_BPS };
  });
  route(app, ENDPOINTS.marketBook, async ({ params, now }) => {
    if (!isMarketGood(params.good)) fail('NOT_FOUND');
    const key: BookKey = { good: params.good, payToken: params.token };
    const levels = await depth(db.orm, key, now);
    const level = (l: (typeof levels)[number]) => ({ price: l.price, quantity: l.quantity, orders: l.orders });
    const byPrice = (desc: boolean) => (a: { price: string }, b: { price: string }) => { const d = BigInt(a.price) - BigInt(b.price); return (d < 0n ? -1 : d > 0n ? 1 : 0) * (desc ? -1 : 1); };
    return {
      good: key.good, token: key.payToken,
      bids: levels.filter((l) => l.side === 'buy').sort(byPrice(true)).map(level),
      asks: levels.filter((l) => l.side === 'sell').sort(byPrice(false)).map(level),
      reference_price: await referenceOf(db.orm, key, now),
      candles: await dailyCandles(db.orm, key, now, MARKET_CANDLE_DAYS),
    };
  });
  const ordersPerMinute = app.deps.config.marketOrdersPerMinute; // per account, cluster-wide (docs/game-rules.md §16.5)
  route(app, ENDPOINTS.marketPlaceOrder, async (input) => placeOrder(db, sessionOf(input).userId, idempotencyKeyOf(input.request), input.body, input.now, { ordersPerMinute }));
  route(app, ENDPOINTS.marketCancelOrder, async (input) => cancelMarketOrder(db, sessionOf(input).userId, input.params.id, input.now, { ordersPerMinute }));
  route(app, ENDPOINTS.marketMyOrders, async (input) => {
    const userId = sessionOf(input).userId;
    await expireOrdersOf(db, userId, input.now);
    return { orders: (await ordersOf(db.orm, userId)).map(toApiOrder) };
  });
  route(app, ENDPOINTS.marketMyTrades, async (input) => ({ trades: await tradesOf(db.orm, sessionOf(input).userId) }));
}

/**
 * The Market's contract (docs/game-rules.md §16): books summary and depth, placing and cancelling
 * limit orders, the player's orders and trades. Prices and escrow are base-unit strings of the pay
 * token; quantities are whole units of the good (one item, or one whole FOOD).
 */
import { z } from 'zod';
import { MARKET_PAY_TOKENS, MARKET_MAX_QUANTITY } from '@kingdom/game';
import { baseUnits, text } from './schemas.ts';

const side = z.enum(['buy', 'sell']);
const payToken = z.enum(MARKET_PAY_TOKENS);
const orderStatus = z.enum(['open', 'filled', 'cancelled', 'expired']);

/** How many UTC days of daily candles a book's depth carries (the `/market` page's price chart). */
export const MARKET_CANDLE_DAYS = 30;

/** One book's key in a path: `/market/books/:good/:token`. */
export const marketBookParams = z.strictObject({ good: text(64, 1), token: payToken });
export type MarketBookParams = z.infer<typeof marketBookParams>;

export const marketBookSummary = z.object({
  good: z.string().describe('an item kind key or `food`'),
  token: payToken,
  best_bid: baseUnits.nullable(),
  best_ask: baseUnits.nullable(),
  last_price: baseUnits.nullable(),
  reference_price: baseUnits.nullable().describe('the price band\'s centre (docs/game-rules.md §16.5); null: the book does not open'),
});
export type MarketBookSummary = z.infer<typeof marketBookSummary>;
export const marketBooksResponse = z.object({ books: z.array(marketBookSummary), fee_bps: z.number().int() });
export type MarketBooksResponse = z.infer<typeof marketBooksResponse>;

const depthLevel = z.object({ price: baseUnits, quantity: z.number().int(), orders: z.number().int() });
/** One UTC day of a book's trades: open, high, low and close unit prices (base units) and the units traded. */
export const marketCandle = z.object({
  day: z.string().describe('YYYY-MM-DD (UTC)'),
  open: baseUnits, high: baseUnits, low: baseUnits, close: baseUnits,
  volume: z.number().int().describe('units traded that day'),
});
export type MarketCandle = z.infer<typeof marketCandle>;
export const marketDepthResponse = z.object({
  good: z.string(),
  token: payToken,
  bids: z.array(depthLevel).describe('best (highest) first'),
  asks: z.array(depthLevel).describe('best (lowest) first'),
  reference_price: baseUnits.nullable(),
  candles: z.array(marketCandle).describe(`daily OHLC of the book's trades over the last ${MARKET_CANDLE_DAYS} days, oldest first (days without a trade left out)`),
});
export type MarketDepthResponse = z.infer<typeof marketDepthResponse>;

/** A new limit order; the `Idempotency-Key` header (a UUID) places it once. */
export const marketOrderRequest = z.strictObject({
  good: text(64, 1),
  token: payToken,
  side,
  quantity: z.number().int().min(1).max(MARKET_MAX_QUANTITY),
  price: baseUnits.describe('limit price of one unit, base units of token'),
});
export type MarketOrderRequest = z.infer<typeof marketOrderRequest>;

export const marketOrder = z.object({
  id: z.string(),
  good: z.string(),
  token: payToken,
  side,
  quantity: z.number().int().describe('placed'),
  remaining: z.number().int().describe('still open (0 when filled)'),
  price: baseUnits,
  escrow: baseUnits.describe('tokens a buy still holds in escrow (0 for a sell: it holds `remaining` units)'),
  status: orderStatus,
  placed_at: z.string(),
  expires_at: z.string(),
});
export type MarketOrder = z.infer<typeof marketOrder>;

export const marketTrade = z.object({
  id: z.string(),
  good: z.string(),
  token: payToken,
  side: side.describe('the player\'s side in this trade'),
  quantity: z.number().int(),
  price: baseUnits,
  fee: baseUnits.describe('paid by the buyer, burned'),
  at: z.string(),
});
export type MarketTradeRow = z.infer<typeof marketTrade>;

export const marketPlaceResponse = z.object({ order: marketOrder, trades: z.array(marketTrade).describe('the trades this order made when placed') });
export type MarketPlaceResponse = z.infer<typeof marketPlaceResponse>;
export const marketOrderParams = z.strictObject({ id: z.string().regex(/^[0-9]{1,18}$/) });
export const marketCancelResponse = z.object({ order: marketOrder });
export type MarketCancelResponse = z.infer<typeof marketCancelResponse>;
export const marketOrdersResponse = z.object({ orders: z.array(marketOrder).describe('newest first, at most 200') });
export type MarketOrdersResponse = z.infer<typeof marketOrdersResponse>;
export const marketTradesResponse = z.object({ trades: z.array(marketTrade).describe('newest first, at most 200') });
export type MarketTradesResponse = z.infer<typeof marketTradesResponse>;

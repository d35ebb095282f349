/**
 * The Market's limits against abuse (docs/game-rules.md §16.5): order bounds, the price band around a
 * reference price (the Vendor's price, else the 7-day trade median), the daily cap per account and good,
 * and who may sell. Pure checks that throw {@link GameError} with the code the server answers.
 */
import { GameError } from '../errors.ts';
import { MAX_AMOUNT } from '../tokens/amounts.ts';
import { VENDOR_CATALOGUE } from '../vendor/prices.ts';
import { FOOD_GOOD, FOOD_LOT, isMarketGood, orderEscrow, type BookKey, type Side } from './book.ts';

const DAY_MS = 86_400_000;

/** The price band: an order's unit price must be within ±this many basis points of the reference price (±50%). */
export const MARKET_PRICE_BAND_BPS = 5_000;
/** Days of trades the median reference price looks back on, when the Vendor has no price. */
export const MARKET_MEDIAN_DAYS = 7;
/** A seller's account must be at least this many days old (and hold a land). */
export const MARKET_MIN_ACCOUNT_AGE_DAYS = 7;
/** Units of one item kind an account may place in orders (buy and sell together) per game day. */
export const MARKET_DAILY_CAP_ITEMS = 20;
/** FOOD lots (whole FOOD) an account may place in orders (buy and sell together) per game day. */
export const MARKET_DAILY_CAP_FOOD = 100_000;
/** The largest quantity of one order (units of the good). */
export const MARKET_MAX_QUANTITY = 1_000_000_000;

/** The daily cap of a good: {@link MARKET_DAILY_CAP_FOOD} for FOOD, {@link MARKET_DAILY_CAP_ITEMS} for an item. */
export function marketDailyCap(good: string): number {
  return good === FOOD_GOOD ? MARKET_DAILY_CAP_FOOD : MARKET_DAILY_CAP_ITEMS;
}

/**
 * The bounds of a new order (docs/game-rules.md §16.5, §1.3): the book is a tradable good in EXO or HEXO,
 * quantity an integer 1..{@link MARKET_MAX_QUANTITY}, price (base units per unit) 1..`MAX_AMOUNT`, and
 * a buy's escrow (price × quantity + fee) at most `MAX_AMOUNT`.
 * @throws GameError NOT_FOUND (no such good or pay token), VALIDATION_ERROR (quantity not a positive
 *   integer, price not positive), AMOUNT_TOO_LARGE (quantity, price or escrow over its bound)
 */
export function checkOrderBounds(order: { book: BookKey; side: Side; quantity: number; price: bigint; feeBps: number }): void {
  if (!isMarketGood(order.book.good) || (order.book.payToken !== 'exo' && order.book.payToken !== 'hexo')) throw new GameError('NOT_FOUND', 'no such market book');
  if (!Number.isInteger(order.quantity) || order.quantity <= 0) throw new GameError('VALIDATION_ERROR', 'quantity must be a positive integer');
  if (order.price <= 0n) throw new GameError('VALIDATION_ERROR', 'price must be positive');
  if (order.quantity > MARKET_MAX_QUANTITY || order.price > MAX_AMOUNT) throw new GameError('AMOUNT_TOO_LARGE');
  if (orderEscrow(order).tokens > MAX_AMOUNT || order.price * BigInt(order.quantity) > MAX_AMOUNT) throw new GameError('AMOUNT_TOO_LARGE');
}

/**
 * The Vendor's reference price of one unit of a good in `payToken` (base units), or null when the Vendor
 * does not sell it in that token: the lowest price per unit over the purchasable catalogue entries that
 * give only this good (packs included), rounded down. FOOD is priced per lot ({@link FOOD_LOT}).
 */
export function vendorReferencePrice(key: BookKey): bigint | null {
  let best: bigint | null = null;
  for (const e of VENDOR_CATALOGUE) {
    if (!e.purchasable || e.price === null || e.payToken !== key.payToken) continue;
    const items = Object.entries(e.gives.items);
    const tokens = Object.entries(e.gives.tokens);
    let per: bigint | null = null;
    if (key.good === FOOD_GOOD) {
      if (items.length === 0 && tokens.length === 1 && tokens[0]![0] === 'food') per = (e.price * FOOD_LOT) / tokens[0]![1]!;
    } else if (tokens.length === 0 && items.length === 1 && items[0]![0] === key.good && items[0]![1] > 0) {
      per = e.price / BigInt(items[0]![1]);
    }
    if (per !== null && (best === null || per < best)) best = per;
  }
  return best;
}

/** A trade as the median reads it: unit price (base units), quantity, and when (ms). */
export interface PricedTrade {
  price: bigint;
  quantity: number;
  at: number;
}

/**
 * The quantity-weighted lower median of trade prices: sorted by price, the price of the unit at
 * position ⌈total ÷ 2⌉. Weighting by quantity means many tiny trades cannot move it more than the
 * units they trade. Null when there are no units.
 */
export function medianPrice(trades: readonly Pick<PricedTrade, 'price' | 'quantity'>[]): bigint | null {
  const sorted = trades.filter((t) => t.quantity > 0).sort((a, b) => (a.price < b.price ? -1 : a.price > b.price ? 1 : 0));
  const total = sorted.reduce((s, t) => s + t.quantity, 0);
  if (total === 0) return null;
  const half = Math.ceil(total / 2);
  let seen = 0;
  for (const t of sorted) {
    seen += t.quantity;
    if (seen >= half) return t.price;
  }
  return null; // unreachable
}

/**
 * A book's reference price (base units per unit): the Vendor's ({@link vendorReferencePrice}) where it
 * sells the good in the book's token, else the {@link medianPrice} of the book's trades in the
 * {@link MARKET_MEDIAN_DAYS} days before `now` (`now − 7 days < at ≤ now`), else null.
 */
export function referencePrice(key: BookKey, trades: readonly PricedTrade[], now: number): bigint | null {
  const vendor = vendorReferencePrice(key);
  if (vendor !== null) return vendor;
  const from = now - MARKET_MEDIAN_DAYS * DAY_MS;
  return medianPrice(trades.filter((t) => t.at > from && t.at <= now));
}

/**
 * The price band around a reference price: `min = ⌈ref × (1 − band)⌉`, `max = ⌊ref × (1 + band)⌋`
 * (band {@link MARKET_PRICE_BAND_BPS}), both inclusive, min at least 1.
 */
export function priceBand(reference: bigint): { min: bigint; max: bigint } {
  const b = BigInt(MARKET_PRICE_BAND_BPS);
  const low = reference * (10_000n - b);
  const min = (low + 9_999n) / 10_000n;
  return { min: min < 1n ? 1n : min, max: (reference * (10_000n + b)) / 10_000n };
}

/**
 * An order's unit price must lie in the {@link priceBand} of the book's reference price.
 * @throws GameError MARKET_NO_REFERENCE_PRICE when `reference` is null (no Vendor price, no trade in 7
 *   days), MARKET_PRICE_OUT_OF_BAND when the price is outside the band
 */
export function checkPriceBand(price: bigint, reference: bigint | null): void {
  if (reference === null) throw new GameError('MARKET_NO_REFERENCE_PRICE');
  const { min, max } = priceBand(reference);
  if (price < min || price > max) throw new GameError('MARKET_PRICE_OUT_OF_BAND', `price must be within ${min}..${max}`);
}

/**
 * The daily cap: `placedToday` units of this good already placed in orders by the account this game
 * day (both sides, cancelled ones included), plus `quantity`, must not pass {@link marketDailyCap}.
 * @throws GameError MARKET_DAILY_CAP when over the cap
 */
export function checkDailyCap(good: string, placedToday: number, quantity: number): void {
  if (placedToday + quantity > marketDailyCap(good)) throw new GameError('MARKET_DAILY_CAP');
}

/**
 * Who may sell: an account that holds at least one land and was created at least
 * {@link MARKET_MIN_ACCOUNT_AGE_DAYS} days before `now` (ms). Anyone may buy.
 * @throws GameError MARKET_SELLER_NOT_ELIGIBLE otherwise
 */
export function checkCanSell(account: { landsHeld: number; createdAt: number }, now: number): void {
  if (account.landsHeld < 1 || now - account.createdAt < MARKET_MIN_ACCOUNT_AGE_DAYS * DAY_MS) throw new GameError('MARKET_SELLER_NOT_ELIGIBLE');
}

/** Everything {@link checkNewOrder} reads besides the order. */
export interface NewOrderContext {
  account: { landsHeld: number; createdAt: number };
  /** Units of this good the account placed in orders this game day. */
  placedToday: number;
  /** The book's reference price ({@link referencePrice}). */
  reference: bigint | null;
  now: number;
}

/**
 * All the checks of a new order, in the order the server answers them: bounds, who may sell, the price
 * band, the daily cap (docs/game-rules.md §16.5).
 * @throws GameError the first failing check's code (see each check)
 */
export function checkNewOrder(order: { book: BookKey; side: Side; quantity: number; price: bigint; feeBps: number }, ctx: NewOrderContext): void {
  checkOrderBounds(order);
  if (order.side === 'sell') checkCanSell(ctx.account, ctx.now);
  checkPriceBand(order.price, ctx.reference);
  checkDailyCap(order.book.good, ctx.placedToday, order.quantity);
}

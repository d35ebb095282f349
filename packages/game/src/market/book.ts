/**
 * The Market's order book and matching engine (docs/game-rules.md §16): one book per good (an item kind
 * or FOOD) and pay token (EXO or HEXO), limit orders matched by price-time priority at the resting
 * order's price, partial fills, the remainder resting. Pure: no I/O, no clock (the caller passes `now`),
 * no randomness. Quantities are whole units of the book's good (one item, or one FOOD lot of
 * {@link FOOD_LOT} base units); prices and amounts are exact base units of the pay token (`bigint`).
 *
 * Escrow: a sell order holds its goods, a buy order holds `price × quantity + marketFee(price × quantity)`
 * tokens ({@link orderEscrow}). Every function here returns what leaves escrow (trades and refunds), so
 * the server can write each movement as a ledger / item entry: escrow in = trades + fees + refunds + what
 * rests, to the base unit.
 */
import { GameError } from '../errors.ts';
import { itemKind } from '../vendor/catalogue.ts';
import { toBaseUnits } from '../tokens/tokens.ts';

/** The tokens a book is paid in (docs/game-rules.md §16.1). */
export const MARKET_PAY_TOKENS = ['exo', 'hexo'] as const;
/** EXO or HEXO. */
export type MarketPayToken = (typeof MARKET_PAY_TOKENS)[number];

/** The good key of FOOD's books (the other goods are item kind keys, `ITEM_KINDS`). */
export const FOOD_GOOD = 'food';
/** Base units of FOOD in one unit of quantity of a FOOD book: one whole FOOD (docs/game-rules.md §16.1). */
export const FOOD_LOT = toBaseUnits(1n, 'food');

/** Days an order rests before it expires and its escrow comes back (docs/game-rules.md §16.4). */
export const MARKET_ORDER_EXPIRY_DAYS = 7;
const DAY_MS = 86_400_000;

/** The market fee in basis points of each trade's value, paid by the buyer and burned (docs/game-rules.md §16.3). */
export const MARKET_FEE_BPS = 200;
const BPS = 10_000n;

/** A book: which good, paid in which token. */
export interface BookKey {
  /** An item kind key (`ITEM_KINDS`) or {@link FOOD_GOOD}. */
  good: string;
  payToken: MarketPayToken;
}

/** Buy or sell. */
export type Side = 'buy' | 'sell';

/** An open limit order. */
export interface MarketOrder {
  id: string;
  accountId: number;
  /**
   * The account's linked-wallet group: accounts that share a linked wallet (or stake key) share it. Two
   * orders of the same account or the same group never trade with each other (§16.2).
   */
  walletGroup: string;
  side: Side;
  book: BookKey;
  /** Open quantity: a positive integer of units of the good (items, or FOOD lots). */
  quantity: number;
  /** Limit price of one unit, base units of `book.payToken`, positive. */
  price: bigint;
  /** The fee rate quoted when the order was placed (basis points); a buy order's fees are charged at it. */
  feeBps: number;
  /** Placement sequence in the book, strictly increasing: time priority (earlier = smaller). */
  seq: number;
  /** When it was placed, ms since epoch. */
  placedAt: number;
  /** When it expires (ms since epoch; expired when `expiresAt <= now`), {@link orderExpiresAt}. */
  expiresAt: number;
}

/**
 * A book's resting orders: `bids` best first (highest price, then smallest `seq`), `asks` best first
 * (lowest price, then smallest `seq`). Never crossed after a {@link match}: best bid < best ask.
 */
export interface MarketBook {
  key: BookKey;
  bids: readonly MarketOrder[];
  asks: readonly MarketOrder[];
}

/** One trade: the buyer receives `quantity` units, the seller `value` tokens; the buyer also pays `fee` (burned). */
export interface MarketTrade {
  book: BookKey;
  /** The resting order (its price is the trade's price). */
  makerOrderId: string;
  /** The incoming order. */
  takerOrderId: string;
  buyOrderId: string;
  sellOrderId: string;
  buyerAccountId: number;
  sellerAccountId: number;
  quantity: number;
  /** The resting order's price, per unit (base units). */
  price: bigint;
  /** `price × quantity`, base units: what the seller receives. */
  value: bigint;
  /** {@link marketFee} of `value` at the buy order's rate, base units: what is burned. */
  fee: bigint;
}

/**
 * Why escrow comes back: `fill_excess` (a buy filled at a better price than its limit, and the fee's
 * rounding), `self_trade` (a resting order removed because the incoming order has the same owner),
 * `expired`, `cancelled`.
 */
export type RefundReason = 'fill_excess' | 'self_trade' | 'expired' | 'cancelled';

/** Escrow returned to an order's owner: `tokens` base units of the pay token and `quantity` units of the good. */
export interface MarketRefund {
  orderId: string;
  accountId: number;
  reason: RefundReason;
  tokens: bigint;
  quantity: number;
}

/** What a match needs besides the book and the order. */
export interface MatchRules {
  /** The time of matching, ms since epoch: resting orders with `expiresAt <= now` expire instead of trading. */
  now: number;
}

/** The outcome of {@link match}. */
export interface MatchResult {
  /** Trades in execution order. */
  trades: MarketTrade[];
  /** The book after the match. */
  book: MarketBook;
  /** The incoming order's remainder, now resting (absent when fully filled). */
  rested?: MarketOrder;
  /** Escrow returned: expired and self-trade makers, the incoming buy's excess (one entry per order and reason). */
  refunds: MarketRefund[];
}

/** True when `good` is tradable: an item kind or FOOD. */
export function isMarketGood(good: string): boolean {
  return good === FOOD_GOOD || itemKind(good) !== undefined;
}

/** Units of a book's good → what moves in the inventory / ledger: items count, FOOD in base units. */
export function goodAmount(good: string, quantity: number): bigint {
  return good === FOOD_GOOD ? BigInt(quantity) * FOOD_LOT : BigInt(quantity);
}

/** The market fee on a trade value (base units): ⌊value × bps ÷ 10,000⌋, rounded down (docs/game-rules.md §16.3). */
export function marketFee(value: bigint, feeBps: number = MARKET_FEE_BPS): bigint {
  return (value * BigInt(feeBps)) / BPS;
}

/** When an order placed at `placedAt` (ms) expires: {@link MARKET_ORDER_EXPIRY_DAYS} days later. */
export function orderExpiresAt(placedAt: number): number {
  return placedAt + MARKET_ORDER_EXPIRY_DAYS * DAY_MS;
}

/**
 * What an open order holds in escrow: a sell its `quantity` units (`tokens` 0); a buy
 * `price × quantity + marketFee(price × quantity, feeBps)` tokens (`quantity` 0).
 */
export function orderEscrow(order: Pick<MarketOrder, 'side' | 'price' | 'quantity' | 'feeBps'>): { tokens: bigint; quantity: number } {
  if (order.side === 'sell') return { tokens: 0n, quantity: order.quantity };
  const value = order.price * BigInt(order.quantity);
  return { tokens: value + marketFee(value, order.feeBps), quantity: 0 };
}

function refundOf(order: MarketOrder, reason: RefundReason): MarketRefund {
  const e = orderEscrow(order);
  return { orderId: order.id, accountId: order.accountId, reason, tokens: e.tokens, quantity: e.quantity };
}

/** Price-time priority: negative when `a` comes before `b` on its side. */
function priority(a: MarketOrder, b: MarketOrder): number {
  if (a.price !== b.price) return (a.side === 'buy' ? a.price > b.price : a.price < b.price) ? -1 : 1;
  return a.seq - b.seq;
}

function sameOwner(a: MarketOrder, b: MarketOrder): boolean {
  return a.accountId === b.accountId || a.walletGroup === b.walletGroup;
}

function sameBook(a: BookKey, b: BookKey): boolean {
  return a.good === b.good && a.payToken === b.payToken;
}

/** An empty book. */
export function emptyBook(key: BookKey): MarketBook {
  return { key, bids: [], asks: [] };
}

/**
 * Matches an incoming limit order against a book (docs/game-rules.md §16.2).
 *
 * Walks the opposite side best first: a resting order that has expired (`expiresAt <= now`) is removed
 * and refunded (`expired`); one of the same owner (same account or same `walletGroup`) is removed and
 * refunded (`self_trade`: the resting order is cancelled, the incoming one goes on); otherwise, while
 * the prices cross (a buy's limit ≥ the ask, a sell's limit ≤ the bid), it trades
 * `min(both quantities)` at the resting order's price. The buyer pays the fee at the buy order's rate.
 * A buy keeps in escrow exactly {@link orderEscrow} of what is still open; the excess (a better price,
 * the fee's rounding down) comes back as `fill_excess`. What is left of the incoming order rests
 * (`rested`) in price-time order.
 *
 * The input book is not modified.
 * @param book the book, sides in priority order
 * @param order the incoming order (`quantity` = its whole quantity; its escrow was taken at placement)
 * @throws GameError VALIDATION_ERROR when the order is not of this book, has a non-positive or
 *   non-integer quantity, a non-positive price, a fee rate outside 0..10,000, or has expired already
 */
export function match(book: MarketBook, order: MarketOrder, rules: MatchRules): MatchResult {
  if (!sameBook(book.key, order.book)) throw new GameError('VALIDATION_ERROR', 'order of another book');
  if (!Number.isSafeInteger(order.quantity) || order.quantity <= 0) throw new GameError('VALIDATION_ERROR', 'quantity must be a positive integer');
  if (order.price <= 0n) throw new GameError('VALIDATION_ERROR', 'price must be positive');
  if (!Number.isInteger(order.feeBps) || order.feeBps < 0 || order.feeBps > 10_000) throw new GameError('VALIDATION_ERROR', 'fee rate out of range');
  if (order.expiresAt <= rules.now) throw new GameError('VALIDATION_ERROR', 'order already expired');

  const buying = order.side === 'buy';
  const opposite = [...(buying ? book.asks : book.bids)];
  const trades: MarketTrade[] = [];
  const refunds: MarketRefund[] = [];
  let remaining = order.quantity;
  let takerEscrow = orderEscrow(order).tokens; // tokens a buy still holds
  let takerExcess = 0n;

  while (remaining > 0 && opposite.length > 0) {
    const maker = opposite[0]!;
    if (maker.expiresAt <= rules.now) {
      opposite.shift();
      refunds.push(refundOf(maker, 'expired'));
      continue;
    }
    if (buying ? maker.price > order.price : maker.price < order.price) break;
    if (sameOwner(maker, order)) {
      opposite.shift();
      refunds.push(refundOf(maker, 'self_trade'));
      continue;
    }
    const quantity = Math.min(remaining, maker.quantity);
    const price = maker.price;
    const value = price * BigInt(quantity);
    const buy = buying ? order : maker;
    const sell = buying ? maker : order;
    const fee = marketFee(value, buy.feeBps);
    trades.push({
      book: book.key, makerOrderId: maker.id, takerOrderId: order.id, buyOrderId: buy.id, sellOrderId: sell.id,
      buyerAccountId: buy.accountId, sellerAccountId: sell.accountId, quantity, price, value, fee,
    });
    remaining -= quantity;
    const makerLeft = maker.quantity - quantity;
    if (buying) {
      const keep = orderEscrow({ ...order, quantity: remaining }).tokens;
      takerExcess += takerEscrow - value - fee - keep;
      takerEscrow = keep;
    } else {
      // A resting bid fills at its own price; only the fee's rounding can leave an excess.
      const excess = orderEscrow(maker).tokens - value - fee - orderEscrow({ ...maker, quantity: makerLeft }).tokens;
      if (excess > 0n) refunds.push({ orderId: maker.id, accountId: maker.accountId, reason: 'fill_excess', tokens: excess, quantity: 0 });
    }
    if (makerLeft === 0) opposite.shift();
    else opposite[0] = { ...maker, quantity: makerLeft };
  }
  if (takerExcess > 0n) refunds.push({ orderId: order.id, accountId: order.accountId, reason: 'fill_excess', tokens: takerExcess, quantity: 0 });

  let rested: MarketOrder | undefined;
  let own = buying ? book.bids : book.asks;
  if (remaining > 0) {
    rested = { ...order, quantity: remaining };
    own = [...own, rested].sort(priority);
  }
  const next: MarketBook = buying ? { key: book.key, bids: own, asks: opposite } : { key: book.key, bids: opposite, asks: own };
  return rested ? { trades, book: next, rested, refunds } : { trades, book: next, refunds };
}

/**
 * Cancels an open order of `accountId` (docs/game-rules.md §16.4): removes it and returns its whole
 * escrow (`cancelled`).
 * @throws GameError MARKET_ORDER_NOT_OPEN when the book holds no such order of this account (filled,
 *   cancelled, expired, or another account's)
 */
export function cancelOrder(book: MarketBook, orderId: string, accountId: number): { book: MarketBook; refund: MarketRefund } {
  const found = [...book.bids, ...book.asks].find((o) => o.id === orderId && o.accountId === accountId);
  if (!found) throw new GameError('MARKET_ORDER_NOT_OPEN');
  const keep = (side: readonly MarketOrder[]) => side.filter((o) => o.id !== orderId);
  return { book: { key: book.key, bids: keep(book.bids), asks: keep(book.asks) }, refund: refundOf(found, 'cancelled') };
}

/**
 * Expires every order with `expiresAt <= now` (docs/game-rules.md §16.4), returning the book without
 * them and their whole escrow (`expired`), bids first then asks, in priority order.
 */
export function expireOrders(book: MarketBook, now: number): { book: MarketBook; refunds: MarketRefund[] } {
  const expired = (o: MarketOrder) => o.expiresAt <= now;
  const refunds = [...book.bids, ...book.asks].filter(expired).map((o) => refundOf(o, 'expired'));
  return { book: { key: book.key, bids: book.bids.filter((o) => !expired(o)), asks: book.asks.filter((o) => !expired(o)) }, refunds };
}

/** One movement out of escrow to an account: `asset` `good` (items, or FOOD base units) or `pay` (base units of the pay token). */
export interface EscrowRelease {
  accountId: number;
  orderId: string;
  asset: 'good' | 'pay';
  /** Positive: items count, FOOD base units ({@link goodAmount}), or pay-token base units. */
  amount: bigint;
  reason: 'bought' | 'sold' | RefundReason;
}

/**
 * What a match releases from escrow, as the ledger and item entries the server writes
 * (docs/game-rules.md §16.3): per trade the buyer gets the goods (`bought`) and the seller the value
 * (`sold`), the fee is burned; per refund the owner gets it back. Zero amounts are left out.
 * Σ pay releases + `burned` = the tokens that left escrow; Σ good releases = the goods that left it.
 */
export function escrowReleases(result: Pick<MatchResult, 'trades' | 'refunds'>, good: string): { releases: EscrowRelease[]; burned: bigint } {
  const releases: EscrowRelease[] = [];
  let burned = 0n;
  for (const t of result.trades) {
    releases.push({ accountId: t.buyerAccountId, orderId: t.buyOrderId, asset: 'good', amount: goodAmount(good, t.quantity), reason: 'bought' });
    releases.push({ accountId: t.sellerAccountId, orderId: t.sellOrderId, asset: 'pay', amount: t.value, reason: 'sold' });
    burned += t.fee;
  }
  for (const r of result.refunds) {
    if (r.tokens > 0n) releases.push({ accountId: r.accountId, orderId: r.orderId, asset: 'pay', amount: r.tokens, reason: r.reason });
    if (r.quantity > 0) releases.push({ accountId: r.accountId, orderId: r.orderId, asset: 'good', amount: goodAmount(good, r.quantity), reason: r.reason });
  }
  return { releases, burned };
}

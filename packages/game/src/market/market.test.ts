import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GameError } from '../errors.ts';
import { MAX_AMOUNT } from '../tokens/amounts.ts';
import { toBaseUnits } from '../tokens/tokens.ts';
import {
  cancelOrder, emptyBook, escrowReleases, expireOrders, goodAmount, FOOD_LOT, MARKET_FEE_BPS, MARKET_ORDER_EXPIRY_DAYS, marketFee, match, orderEscrow, orderExpiresAt,
  type BookKey, type MarketBook, type MarketOrder, type MatchResult, type Side,
} from './book.ts';
import {
  checkCanSell, checkDailyCap, checkNewOrder, checkOrderBounds, checkPriceBand, MARKET_DAILY_CAP_FOOD, MARKET_DAILY_CAP_ITEMS, MARKET_MAX_QUANTITY,
  MARKET_MIN_ACCOUNT_AGE_DAYS, medianPrice, priceBand, referencePrice, vendorReferencePrice,
} from './limits.ts';

const DAY = 86_400_000;
const KEY: BookKey = { good: 'toolkit_2', payToken: 'hexo' };
const T0 = Date.UTC(2026, 0, 5);

function code(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof GameError) return e.code;
    throw e;
  }
  return undefined;
}

let nextSeq = 1;
function order(o: Partial<MarketOrder> & { side: Side; price: bigint; quantity: number; accountId: number }): MarketOrder {
  const seq = nextSeq++;
  return { id: `o${seq}`, walletGroup: `w${o.accountId}`, book: KEY, feeBps: MARKET_FEE_BPS, seq, placedAt: T0, expiresAt: orderExpiresAt(T0), ...o };
}

const tokensHeld = (b: MarketBook) => b.bids.reduce((s, o) => s + orderEscrow(o).tokens, 0n);
const unitsHeld = (b: MarketBook) => b.asks.reduce((s, o) => s + o.quantity, 0);

describe('matching by hand (docs/game-rules.md §16.2)', () => {
  it('a buy sweeps the asks best price first at their prices, gets the better price back, and the rest of an ask stays', () => {
    const a = order({ side: 'sell', accountId: 1, price: 100n, quantity: 5 });
    const b = order({ side: 'sell', accountId: 2, price: 90n, quantity: 3 });
    let book = match(emptyBook(KEY), a, { now: T0 }).book;
    book = match(book, b, { now: T0 }).book;
    expect(book.asks.map((o) => o.id)).toEqual([b.id, a.id]);
    const buy = order({ side: 'buy', accountId: 3, price: 100n, quantity: 6 });
    // escrow 600 + 2% = 612; trades 3 × 90 = 270 (fee ⌊5.4⌋ = 5) and 3 × 100 = 300 (fee 6); back 612 − 581 = 31
    expect(orderEscrow(buy).tokens).toBe(612n);
    const r = match(book, buy, { now: T0 });
    expect(r.trades.map((t) => [t.sellOrderId, t.quantity, t.price, t.value, t.fee])).toEqual([[b.id, 3, 90n, 270n, 5n], [a.id, 3, 100n, 300n, 6n]]);
    expect(r.refunds).toEqual([{ orderId: buy.id, accountId: 3, reason: 'fill_excess', tokens: 31n, quantity: 0 }]);
    expect(r.rested).toBeUndefined();
    expect(r.book.asks).toEqual([{ ...a, quantity: 2 }]);
    expect(escrowReleases(r, 'toolkit_2')).toEqual({
      burned: 11n,
      releases: [
        { accountId: 3, orderId: buy.id, asset: 'good', amount: 3n, reason: 'bought' },
        { accountId: 2, orderId: b.id, asset: 'pay', amount: 270n, reason: 'sold' },
        { accountId: 3, orderId: buy.id, asset: 'good', amount: 3n, reason: 'bought' },
        { accountId: 1, orderId: a.id, asset: 'pay', amount: 300n, reason: 'sold' },
        { accountId: 3, orderId: buy.id, asset: 'pay', amount: 31n, reason: 'fill_excess' },
      ],
    });
    expect(escrowReleases(r, 'food').releases[0]!.amount).toBe(3n * FOOD_LOT);
    expect(r.book.bids).toEqual([]);
  });

  it('a sell fills a resting bid at the bid\'s price, and the remainder rests', () => {
    const bid = order({ side: 'buy', accountId: 1, price: 120n, quantity: 2 });
    const book = match(emptyBook(KEY), bid, { now: T0 }).book;
    const sell = order({ side: 'sell', accountId: 2, price: 100n, quantity: 5 });
    const r = match(book, sell, { now: T0 });
    expect(r.trades).toHaveLength(1);
    expect(r.trades[0]).toMatchObject({ makerOrderId: bid.id, takerOrderId: sell.id, buyerAccountId: 1, sellerAccountId: 2, quantity: 2, price: 120n, value: 240n, fee: 4n });
    expect(r.rested).toEqual({ ...sell, quantity: 3 });
    expect(r.book).toEqual({ key: KEY, bids: [], asks: [{ ...sell, quantity: 3 }] });
  });

  it('no self-trade: the resting order of the same account, or of the same wallet group, is cancelled and refunded', () => {
    const mine = order({ side: 'sell', accountId: 1, price: 100n, quantity: 2 });
    const alt = order({ side: 'sell', accountId: 4, walletGroup: 'w1', price: 101n, quantity: 1 });
    const other = order({ side: 'sell', accountId: 2, price: 102n, quantity: 1 });
    let book = emptyBook(KEY);
    for (const o of [mine, alt, other]) book = match(book, o, { now: T0 }).book;
    const r = match(book, order({ side: 'buy', accountId: 1, price: 102n, quantity: 2 }), { now: T0 });
    expect(r.refunds.filter((x) => x.reason === 'self_trade')).toEqual([
      { orderId: mine.id, accountId: 1, reason: 'self_trade', tokens: 0n, quantity: 2 },
      { orderId: alt.id, accountId: 4, reason: 'self_trade', tokens: 0n, quantity: 1 },
    ]);
    expect(r.trades.map((t) => t.sellerAccountId)).toEqual([2]);
    expect(r.rested?.quantity).toBe(1);
    expect(r.book.asks).toEqual([]);
  });

  it('an expired resting order does not trade: it is removed and refunded', () => {
    const old = order({ side: 'sell', accountId: 1, price: 100n, quantity: 2, expiresAt: T0 + DAY });
    const book = match(emptyBook(KEY), old, { now: T0 }).book;
    const r = match(book, order({ side: 'buy', accountId: 2, price: 100n, quantity: 1, placedAt: T0 + DAY, expiresAt: orderExpiresAt(T0 + DAY) }), { now: T0 + DAY });
    expect(r.trades).toEqual([]);
    expect(r.refunds).toEqual([{ orderId: old.id, accountId: 1, reason: 'expired', tokens: 0n, quantity: 2 }]);
  });

  it('cancel returns the whole escrow once; expiry after 7 days returns it', () => {
    const bid = order({ side: 'buy', accountId: 1, price: 1_000n, quantity: 3 });
    const book = match(emptyBook(KEY), bid, { now: T0 }).book;
    expect(code(() => cancelOrder(book, bid.id, 2))).toBe('MARKET_ORDER_NOT_OPEN');
    const c = cancelOrder(book, bid.id, 1);
    expect(c.refund).toEqual({ orderId: bid.id, accountId: 1, reason: 'cancelled', tokens: 3_060n, quantity: 0 });
    expect(c.book.bids).toEqual([]);
    expect(code(() => cancelOrder(c.book, bid.id, 1))).toBe('MARKET_ORDER_NOT_OPEN');
    expect(MARKET_ORDER_EXPIRY_DAYS).toBe(7);
    expect(bid.expiresAt - bid.placedAt).toBe(7 * DAY);
    expect(expireOrders(book, bid.expiresAt - 1).refunds).toEqual([]);
    const e = expireOrders(book, bid.expiresAt);
    expect(e.refunds).toEqual([{ orderId: bid.id, accountId: 1, reason: 'expired', tokens: 3_060n, quantity: 0 }]);
    expect(e.book.bids).toEqual([]);
  });

  it('refuses an order of another book, a non-positive quantity or price, or one already expired', () => {
    const ok = { side: 'buy' as const, accountId: 1, price: 10n, quantity: 1 };
    expect(code(() => match(emptyBook(KEY), order({ ...ok, book: { good: 'food', payToken: 'hexo' } }), { now: T0 }))).toBe('VALIDATION_ERROR');
    expect(code(() => match(emptyBook(KEY), order({ ...ok, quantity: 0 }), { now: T0 }))).toBe('VALIDATION_ERROR');
    expect(code(() => match(emptyBook(KEY), order({ ...ok, quantity: 1.5 }), { now: T0 }))).toBe('VALIDATION_ERROR');
    expect(code(() => match(emptyBook(KEY), order({ ...ok, price: 0n }), { now: T0 }))).toBe('VALIDATION_ERROR');
    expect(code(() => match(emptyBook(KEY), order({ ...ok, expiresAt: T0 }), { now: T0 }))).toBe('VALIDATION_ERROR');
  });

  it('the fee is 2% of the trade value, rounded down', () => {
    expect(MARKET_FEE_BPS).toBe(200);
    expect(marketFee(10_000n)).toBe(200n);
    expect(marketFee(49n)).toBe(0n);
    expect(marketFee(50n)).toBe(1n);
    expect(marketFee(toBaseUnits(1_000n, 'hexo'))).toBe(toBaseUnits(20n, 'hexo'));
  });
});

// ---- properties ----

interface Step { side: Side; account: number; price: number; quantity: number; life: number; cancel: number | null }
const stepArb: fc.Arbitrary<Step> = fc.record({
  side: fc.constantFrom<Side>('buy', 'sell'),
  account: fc.integer({ min: 0, max: 4 }),
  price: fc.integer({ min: 1, max: 12 }),
  quantity: fc.integer({ min: 1, max: 9 }),
  life: fc.integer({ min: 1, max: 6 }),
  cancel: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
});
const groupsArb = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 5, maxLength: 5 });
const feeArb = fc.constantFrom(0, 1, 37, 200, 999, 10_000);

interface Played { before: MarketBook; taker: MarketOrder; now: number; result: MatchResult }

/** Plays steps into a book (one time unit per step, orders living `life` units); cancels some on the way. */
function play(steps: Step[], groups: number[], feeBps: number, priceScale: bigint): Played[] {
  let book = emptyBook(KEY);
  const out: Played[] = [];
  steps.forEach((s, i) => {
    const now = T0 + i;
    if (s.cancel !== null) {
      const open = [...book.bids, ...book.asks];
      const victim = open[s.cancel % Math.max(open.length, 1)];
      if (victim) {
        const held = { tokens: tokensHeld(book), units: unitsHeld(book) };
        const c = cancelOrder(book, victim.id, victim.accountId);
        expect(tokensHeld(c.book) + c.refund.tokens).toBe(held.tokens);
        expect(unitsHeld(c.book) + c.refund.quantity).toBe(held.units);
        book = c.book;
      }
    }
    const taker: MarketOrder = {
      id: `t${i}`, accountId: s.account, walletGroup: `g${groups[s.account]!}`, side: s.side, book: KEY, feeBps,
      quantity: s.quantity, price: BigInt(s.price) * priceScale, seq: i, placedAt: now, expiresAt: now + s.life,
    };
    const result = match(book, taker, { now });
    out.push({ before: book, taker, now, result });
    book = result.book;
  });
  return out;
}

const playsArb = fc.tuple(fc.array(stepArb, { minLength: 1, maxLength: 40 }), groupsArb, feeArb, fc.constantFrom(1n, 7n, 10n ** 6n));

function beats(a: MarketOrder, b: MarketOrder): boolean {
  if (a.price !== b.price) return a.side === 'buy' ? a.price > b.price : a.price < b.price;
  return a.seq < b.seq;
}

describe('matching properties (docs/game-rules.md §16.2)', () => {
  it('conserves tokens and items: escrow in = trades + fees + refunds + what rests, to the unit', () => {
    fc.assert(fc.property(playsArb, ([steps, groups, fee, scale]) => {
      for (const { before, taker, result } of play(steps, groups, fee, scale)) {
        const inEscrow = orderEscrow(taker);
        const tokensIn = tokensHeld(before) + inEscrow.tokens;
        const unitsIn = unitsHeld(before) + inEscrow.quantity;
        const paid = result.trades.reduce((s, t) => s + t.value + t.fee, 0n);
        const traded = result.trades.reduce((s, t) => s + t.quantity, 0);
        const refunds = result.refunds.reduce((s, r) => ({ tokens: s.tokens + r.tokens, quantity: s.quantity + r.quantity }), { tokens: 0n, quantity: 0 });
        expect(tokensHeld(result.book) + paid + refunds.tokens).toBe(tokensIn);
        expect(unitsHeld(result.book) + traded + refunds.quantity).toBe(unitsIn);
        for (const r of result.refunds) expect(r.tokens >= 0n && r.quantity >= 0).toBe(true);
        for (const t of result.trades) {
          expect(t.value).toBe(t.price * BigInt(t.quantity));
          expect(t.fee).toBe(marketFee(t.value, fee));
        }
      }
    }), { numRuns: 300 });
  });

  it('partial fills: never a negative or zero quantity; filled + rested = the order; a maker never gives more than it had', () => {
    fc.assert(fc.property(playsArb, ([steps, groups, fee, scale]) => {
      for (const { before, taker, result } of play(steps, groups, fee, scale)) {
        for (const o of [...result.book.bids, ...result.book.asks]) expect(Number.isInteger(o.quantity) && o.quantity > 0).toBe(true);
        for (const t of result.trades) expect(t.quantity > 0).toBe(true);
        const filled = result.trades.reduce((s, t) => s + t.quantity, 0);
        expect(filled + (result.rested?.quantity ?? 0)).toBe(taker.quantity);
        const makers = new Map([...before.bids, ...before.asks].map((o) => [o.id, o]));
        const given = new Map<string, number>();
        for (const t of result.trades) given.set(t.makerOrderId, (given.get(t.makerOrderId) ?? 0) + t.quantity);
        for (const [id, q] of given) {
          const m = makers.get(id)!;
          const after = [...result.book.bids, ...result.book.asks].find((o) => o.id === id);
          expect(q + (after?.quantity ?? 0)).toBe(m.quantity);
        }
      }
    }), { numRuns: 300 });
  });

  it('price-time priority at the resting price: no better-placed live order is passed over, and the book is never crossed', () => {
    fc.assert(fc.property(playsArb, ([steps, groups, fee, scale]) => {
      for (const { before, taker, now, result } of play(steps, groups, fee, scale)) {
        const opposite = taker.side === 'buy' ? before.asks : before.bids;
        const byId = new Map(opposite.map((o) => [o.id, o]));
        for (const t of result.trades) {
          const maker = byId.get(t.makerOrderId)!;
          expect(t.price).toBe(maker.price);
          expect(taker.side === 'buy' ? t.price <= taker.price : t.price >= taker.price).toBe(true);
        }
        const removed = new Set(result.refunds.filter((r) => r.reason !== 'fill_excess').map((r) => r.orderId));
        const last = result.trades.at(-1);
        if (last) {
          const lastMaker = byId.get(last.makerOrderId)!;
          const traded = new Map<string, number>();
          for (const t of result.trades) traded.set(t.makerOrderId, (traded.get(t.makerOrderId) ?? 0) + t.quantity);
          // every order ahead of the last maker traded in full or was removed (expired or the same owner)
          for (const o of opposite) if (beats(o, lastMaker)) expect(traded.get(o.id) === o.quantity || removed.has(o.id)).toBe(true);
          // makers trade in priority order
          const order = result.trades.map((t) => byId.get(t.makerOrderId)!);
          for (let i = 1; i < order.length; i++) expect(order[i - 1] === order[i] || beats(order[i - 1]!, order[i]!)).toBe(true);
        }
        for (const side of [result.book.bids, result.book.asks]) for (let i = 1; i < side.length; i++) expect(beats(side[i - 1]!, side[i]!)).toBe(true);
        const bestBid = result.book.bids.find((o) => o.expiresAt > now);
        const bestAsk = result.book.asks.find((o) => o.expiresAt > now);
        if (bestBid && bestAsk && result.rested) expect(bestBid.price < bestAsk.price).toBe(true);
        if (result.book.bids[0] && result.book.asks[0]) expect(result.book.bids[0].price < result.book.asks[0].price).toBe(true);
        // expired makers never trade
        for (const t of result.trades) expect(byId.get(t.makerOrderId)!.expiresAt > now).toBe(true);
      }
    }), { numRuns: 300 });
  });

  it('no self-trade: buyer and seller never share an account or a wallet group', () => {
    fc.assert(fc.property(playsArb, ([steps, groups, fee, scale]) => {
      for (const { result } of play(steps, groups, fee, scale)) {
        for (const t of result.trades) {
          expect(t.buyerAccountId).not.toBe(t.sellerAccountId);
          expect(groups[t.buyerAccountId]).not.toBe(groups[t.sellerAccountId]);
        }
      }
    }), { numRuns: 300 });
  });

  it('escrow releases (what the server writes): Σ tokens out + burned = tokens that left escrow; goods likewise; all positive', () => {
    fc.assert(fc.property(playsArb, fc.constantFrom('toolkit_2', 'food'), ([steps, groups, fee, scale], good) => {
      for (const { before, taker, result } of play(steps, groups, fee, scale)) {
        const { releases, burned } = escrowReleases(result, good);
        const inEscrow = orderEscrow(taker);
        const tokensOut = tokensHeld(before) + inEscrow.tokens - tokensHeld(result.book);
        const unitsOut = unitsHeld(before) + inEscrow.quantity - unitsHeld(result.book);
        expect(releases.filter((r) => r.asset === 'pay').reduce((s, r) => s + r.amount, 0n) + burned).toBe(tokensOut);
        expect(releases.filter((r) => r.asset === 'good').reduce((s, r) => s + r.amount, 0n)).toBe(goodAmount(good, unitsOut));
        expect(burned).toBe(result.trades.reduce((s, t) => s + t.fee, 0n));
        for (const r of releases) expect(r.amount > 0n).toBe(true);
      }
    }), { numRuns: 200 });
  });

  it('expiry returns exactly the escrow of the expired orders and keeps the rest', () => {
    fc.assert(fc.property(playsArb, fc.integer({ min: 0, max: 50 }), ([steps, groups, fee, scale], later) => {
      const plays = play(steps, groups, fee, scale);
      const book = plays.at(-1)!.result.book;
      const now = T0 + later;
      const e = expireOrders(book, now);
      expect(tokensHeld(e.book) + e.refunds.reduce((s, r) => s + r.tokens, 0n)).toBe(tokensHeld(book));
      expect(unitsHeld(e.book) + e.refunds.reduce((s, r) => s + r.quantity, 0)).toBe(unitsHeld(book));
      for (const o of [...e.book.bids, ...e.book.asks]) expect(o.expiresAt > now).toBe(true);
    }), { numRuns: 200 });
  });
});

describe('limits against abuse (docs/game-rules.md §16.5)', () => {
  const buy = { book: KEY, side: 'buy' as const, quantity: 1, price: 1n, feeBps: MARKET_FEE_BPS };

  it('bounds: quantity a positive integer up to the max; price and escrow up to MAX_AMOUNT', () => {
    expect(code(() => checkOrderBounds({ ...buy, quantity: 0 }))).toBe('VALIDATION_ERROR');
    expect(code(() => checkOrderBounds({ ...buy, quantity: -1 }))).toBe('VALIDATION_ERROR');
    expect(code(() => checkOrderBounds({ ...buy, price: 0n }))).toBe('VALIDATION_ERROR');
    expect(code(() => checkOrderBounds({ ...buy, price: -5n }))).toBe('VALIDATION_ERROR');
    expect(code(() => checkOrderBounds({ ...buy, quantity: MARKET_MAX_QUANTITY }))).toBeUndefined();
    expect(code(() => checkOrderBounds({ ...buy, quantity: MARKET_MAX_QUANTITY + 1 }))).toBe('AMOUNT_TOO_LARGE');
    // a sell at MAX_AMOUNT is fine; a buy at it would escrow more than MAX_AMOUNT with its fee
    expect(code(() => checkOrderBounds({ ...buy, side: 'sell', price: MAX_AMOUNT }))).toBeUndefined();
    expect(code(() => checkOrderBounds({ ...buy, side: 'sell', price: MAX_AMOUNT + 1n }))).toBe('AMOUNT_TOO_LARGE');
    expect(code(() => checkOrderBounds({ ...buy, price: MAX_AMOUNT }))).toBe('AMOUNT_TOO_LARGE');
    // the largest buy price whose escrow (price + ⌊2% of it⌋) fits
    let top = (MAX_AMOUNT * 10_000n) / 10_200n;
    while ((top + 1n) + marketFee(top + 1n) <= MAX_AMOUNT) top += 1n;
    expect(top + marketFee(top)).toBeLessThanOrEqual(MAX_AMOUNT);
    expect(code(() => checkOrderBounds({ ...buy, price: top }))).toBeUndefined();
    expect(code(() => checkOrderBounds({ ...buy, price: top + 1n }))).toBe('AMOUNT_TOO_LARGE');
    expect(code(() => checkOrderBounds({ ...buy, book: { good: 'excalibur', payToken: 'hexo' } }))).toBe('NOT_FOUND');
    expect(code(() => checkOrderBounds({ ...buy, book: { good: 'food', payToken: 'rune' as 'hexo' } }))).toBe('NOT_FOUND');
  });

  it('reference price: the Vendor\'s lowest price per unit in the book\'s token, else the 7-day median', () => {
    expect(vendorReferencePrice({ good: 'toolkit_2', payToken: 'hexo' })).toBe(toBaseUnits(1_000n, 'hexo'));
    expect(vendorReferencePrice({ good: 'toolkit_2', payToken: 'exo' })).toBeNull();
    expect(vendorReferencePrice({ good: 'land_upgrade01', payToken: 'exo' })).toBe(toBaseUnits(4_500n, 'exo')); // the pack of 10 for 9
    expect(vendorReferencePrice({ good: 'land_upgrade03', payToken: 'exo' })).toBe(toBaseUnits(40_000n, 'exo'));
    expect(vendorReferencePrice({ good: 'food', payToken: 'hexo' })).toBe(toBaseUnits('0.9', 'hexo')); // per FOOD, the pack of 1,000
    expect(FOOD_LOT).toBe(toBaseUnits(1n, 'food'));
    const now = T0 + 30 * DAY;
    const trades = [
      { price: 10n, quantity: 1, at: now - 7 * DAY }, // just outside the window
      { price: 20n, quantity: 2, at: now - 7 * DAY + 1 },
      { price: 30n, quantity: 1, at: now },
      { price: 40n, quantity: 1, at: now + 1 }, // the future does not count
    ];
    expect(referencePrice({ good: 'toolkit_2', payToken: 'exo' }, trades, now)).toBe(20n);
    expect(referencePrice({ good: 'toolkit_2', payToken: 'exo' }, [], now)).toBeNull();
    expect(referencePrice({ good: 'toolkit_2', payToken: 'hexo' }, trades, now)).toBe(toBaseUnits(1_000n, 'hexo'));
  });

  it('median: quantity-weighted lower median', () => {
    expect(medianPrice([])).toBeNull();
    expect(medianPrice([{ price: 5n, quantity: 1 }])).toBe(5n);
    expect(medianPrice([{ price: 9n, quantity: 1 }, { price: 1n, quantity: 1 }])).toBe(1n);
    expect(medianPrice([{ price: 1n, quantity: 1 }, { price: 9n, quantity: 3 }])).toBe(9n);
    expect(medianPrice([{ price: 1n, quantity: 5 }, { price: 2n, quantity: 1 }, { price: 1_000n, quantity: 1 }])).toBe(1n);
    fc.assert(fc.property(fc.array(fc.record({ price: fc.bigInt({ min: 1n, max: 10n ** 12n }), quantity: fc.integer({ min: 1, max: 50 }) }), { minLength: 1, maxLength: 30 }), (ts) => {
      const m = medianPrice(ts)!;
      const total = ts.reduce((s, t) => s + t.quantity, 0);
      const below = ts.filter((t) => t.price < m).reduce((s, t) => s + t.quantity, 0);
      const atOrBelow = ts.filter((t) => t.price <= m).reduce((s, t) => s + t.quantity, 0);
      expect(below < Math.ceil(total / 2) && atOrBelow >= Math.ceil(total / 2)).toBe(true);
      expect(ts.some((t) => t.price === m)).toBe(true);
    }));
  });

  it('price band: ±50% of the reference, inclusive, at the exact edges', () => {
    expect(priceBand(1_000n)).toEqual({ min: 500n, max: 1_500n });
    expect(priceBand(3n)).toEqual({ min: 2n, max: 4n }); // ⌈1.5⌉, ⌊4.5⌋
    expect(priceBand(1n)).toEqual({ min: 1n, max: 1n });
    expect(code(() => checkPriceBand(500n, 1_000n))).toBeUndefined();
    expect(code(() => checkPriceBand(499n, 1_000n))).toBe('MARKET_PRICE_OUT_OF_BAND');
    expect(code(() => checkPriceBand(1_500n, 1_000n))).toBeUndefined();
    expect(code(() => checkPriceBand(1_501n, 1_000n))).toBe('MARKET_PRICE_OUT_OF_BAND');
    expect(code(() => checkPriceBand(1_000n, null))).toBe('MARKET_NO_REFERENCE_PRICE');
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 10n ** 24n }), (ref) => {
      const { min, max } = priceBand(ref);
      expect(code(() => checkPriceBand(min, ref))).toBeUndefined();
      expect(code(() => checkPriceBand(max, ref))).toBeUndefined();
      if (min > 1n) expect(code(() => checkPriceBand(min - 1n, ref))).toBe('MARKET_PRICE_OUT_OF_BAND');
      expect(code(() => checkPriceBand(max + 1n, ref))).toBe('MARKET_PRICE_OUT_OF_BAND');
      expect(2n * min >= ref && 2n * (min - 1n) < ref).toBe(true);
      expect(2n * max <= 3n * ref && 2n * (max + 1n) > 3n * ref).toBe(true);
    }));
  });

  it('daily cap per account and good, at the exact edge', () => {
    expect(MARKET_DAILY_CAP_ITEMS).toBe(20);
    expect(code(() => checkDailyCap('toolkit_2', 19, 1))).toBeUndefined();
    expect(code(() => checkDailyCap('toolkit_2', 19, 2))).toBe('MARKET_DAILY_CAP');
    expect(code(() => checkDailyCap('toolkit_2', 0, 21))).toBe('MARKET_DAILY_CAP');
    expect(code(() => checkDailyCap('food', 0, MARKET_DAILY_CAP_FOOD))).toBeUndefined();
    expect(code(() => checkDailyCap('food', 1, MARKET_DAILY_CAP_FOOD))).toBe('MARKET_DAILY_CAP');
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 40 }), (placed, q) => {
      expect(code(() => checkDailyCap('land_upgrade01', placed, q))).toBe(placed + q > MARKET_DAILY_CAP_ITEMS ? 'MARKET_DAILY_CAP' : undefined);
    }));
  });

  it('a seller needs a land and an account at least 7 days old (to the millisecond)', () => {
    expect(MARKET_MIN_ACCOUNT_AGE_DAYS).toBe(7);
    const now = T0 + 100 * DAY;
    expect(code(() => checkCanSell({ landsHeld: 1, createdAt: now - 7 * DAY }, now))).toBeUndefined();
    expect(code(() => checkCanSell({ landsHeld: 1, createdAt: now - 7 * DAY + 1 }, now))).toBe('MARKET_SELLER_NOT_ELIGIBLE');
    expect(code(() => checkCanSell({ landsHeld: 0, createdAt: now - 700 * DAY }, now))).toBe('MARKET_SELLER_NOT_ELIGIBLE');
  });

  it('checkNewOrder: a new account may buy but not sell; the band and the cap apply to both', () => {
    const now = T0 + 100 * DAY;
    const ctx = { account: { landsHeld: 0, createdAt: now }, placedToday: 0, reference: 1_000n, now };
    expect(code(() => checkNewOrder({ ...buy, price: 1_000n }, ctx))).toBeUndefined();
    expect(code(() => checkNewOrder({ ...buy, side: 'sell', price: 1_000n }, ctx))).toBe('MARKET_SELLER_NOT_ELIGIBLE');
    const seller = { ...ctx, account: { landsHeld: 2, createdAt: now - 30 * DAY } };
    expect(code(() => checkNewOrder({ ...buy, side: 'sell', price: 1_000n }, seller))).toBeUndefined();
    expect(code(() => checkNewOrder({ ...buy, side: 'sell', price: 2_000n }, seller))).toBe('MARKET_PRICE_OUT_OF_BAND');
    expect(code(() => checkNewOrder({ ...buy, price: 1_000n }, { ...ctx, placedToday: 20 }))).toBe('MARKET_DAILY_CAP');
    expect(code(() => checkNewOrder({ ...buy, price: 1_000n }, { ...ctx, reference: null }))).toBe('MARKET_NO_REFERENCE_PRICE');
  });
});

/**
 * Suspicious Market pairs for operators (issue 38 item 4; the rule in docs/operator-guide.md "The
 * console", next to docs/game-rules.md §16.5): pairs of accounts that trade with each other
 * repeatedly at prices off the market.
 *
 * The rule: each trade of the window is compared with its book's **reference** — the
 * quantity-weighted lower median (`medianPrice`, docs/game-rules.md §16.5) of the book's trades in
 * the {@link MARKET_MEDIAN_DAYS} days before it (`at − 7 d < t ≤ at`) *between other accounts than
 * these two* (so a pair cannot make its own median), else the Vendor's price in that token
 * (`vendorReferencePrice`), else none (the trade is not judged). A trade is **off** when
 * `|price − reference| × 10,000 ≥ reference × {@link PAIR_OFF_BPS}`. Two accounts (either buying)
 * are listed, per pay token, when they made at least {@link PAIR_MIN_OFF_TRADES} off trades with each
 * other in the window; worst first (off trades, then value moved past the reference).
 */
import { sql } from 'drizzle-orm';
import { MARKET_MEDIAN_DAYS, medianPrice, vendorReferencePrice, type MarketPayToken } from '@kingdom/game';
import type { SuspiciousPair, SuspiciousPairsResponse } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';

/** How far off the reference a trade must be to count (basis points of the reference): 20%. */
export const PAIR_OFF_BPS = 2_000;
/** Off trades with each other in the window that list a pair. */
export const PAIR_MIN_OFF_TRADES = 3;
/** Most trades one answer reads (the newest); more → `truncated`. */
export const PAIR_MAX_TRADES = 200_000;
/** Most pairs listed. */
export const PAIR_LIST_MAX = 200;

const DAY_MS = 86_400_000;

/** One trade as the rule reads it. */
export interface PairTrade {
  good: string;
  payToken: string;
  buyer: number;
  seller: number;
  quantity: number;
  price: bigint;
  at: number;
}

/** A listed pair, its accounts by id. */
export type FoundPair = Omit<SuspiciousPair, 'a' | 'b'> & { a: number; b: number };

/**
 * The listed pairs of `trades` (any order; those before `since` only count as other trades for the
 * median): pure, the rule above. `since` and the trades' `at` in ms.
 */
export function suspiciousPairs(trades: readonly PairTrade[], since: number): FoundPair[] {
  const books = new Map<string, PairTrade[]>();
  for (const t of trades) {
    const k = `${t.good}|${t.payToken}`;
    const list = books.get(k) ?? [];
    list.push(t);
    books.set(k, list);
  }
  interface Acc { a: number; b: number; payToken: string; trades: number; off: number; volume: bigint; valueOff: bigint; movedToB: bigint; goods: Set<string>; first: number; last: number }
  const pairs = new Map<string, Acc>();
  const window = MARKET_MEDIAN_DAYS * DAY_MS;
  for (const list of books.values()) {
    list.sort((x, y) => x.at - y.at);
    let lo = 0;
    for (let i = 0; i < list.length; i++) {
      const t = list[i]!;
      if (t.at < since) continue;
      while (list[lo]!.at <= t.at - window) lo++;
      const a = Math.min(t.buyer, t.seller);
      const b = Math.max(t.buyer, t.seller);
      const others: PairTrade[] = [];
      for (let j = lo; j < list.length && list[j]!.at <= t.at; j++) {
        const o = list[j]!;
        if (Math.min(o.buyer, o.seller) !== a || Math.max(o.buyer, o.seller) !== b) others.push(o);
      }
      const reference = medianPrice(others) ?? vendorReferencePrice({ good: t.good, payToken: t.payToken as MarketPayToken });
      const key = `${a}|${b}|${t.payToken}`;
      const p = pairs.get(key) ?? { a, b, payToken: t.payToken, trades: 0, off: 0, volume: 0n, valueOff: 0n, movedToB: 0n, goods: new Set<string>(), first: t.at, last: t.at };
      pairs.set(key, p);
      p.trades++;
      p.volume += t.price * BigInt(t.quantity);
      p.first = Math.min(p.first, t.at);
      p.last = Math.max(p.last, t.at);
      if (reference === null) continue;
      const diff = t.price - reference;
      if ((diff < 0n ? -diff : diff) * 10_000n < reference * BigInt(PAIR_OFF_BPS)) continue;
      p.off++;
      p.goods.add(t.good);
      const moved = diff * BigInt(t.quantity); // > 0: the buyer overpaid, value went to the seller
      p.valueOff += moved < 0n ? -moved : moved;
      p.movedToB += t.seller === b ? moved : -moved;
    }
  }
  return [...pairs.values()]
    .filter((p) => p.off >= PAIR_MIN_OFF_TRADES)
    .sort((x, y) => y.off - x.off || (y.valueOff > x.valueOff ? 1 : y.valueOff < x.valueOff ? -1 : 0) || x.a - y.a || x.b - y.b)
    .map((p) => ({
      a: p.a, b: p.b, pay_token: p.payToken, trades: p.trades, off_trades: p.off, volume: p.volume.toString(), value_off: p.valueOff.toString(),
      moved_to_b: p.movedToB.toString(), goods: [...p.goods].sort(), first_at: new Date(p.first).toISOString(), last_at: new Date(p.last).toISOString(),
    }));
}

/** The listed pairs of the last `days` days before `now` (reads the Market's trades; the 7 days before the window too). */
export async function suspiciousPairsPage(orm: Orm, days: number, now: Date): Promise<SuspiciousPairsResponse> {
  const since = now.getTime() - days * DAY_MS;
  const rows = await exec<{ good: string; pay_token: string; buyer_id: number; seller_id: number; quantity: number; price: string; at: string | Date }>(orm, sql`
    SELECT good, pay_token, buyer_id, seller_id, quantity, price::text AS price, at FROM market_trades
    WHERE at > ${new Date(since - MARKET_MEDIAN_DAYS * DAY_MS)} AND at <= ${now} ORDER BY at DESC, id DESC LIMIT ${PAIR_MAX_TRADES + 1}`);
  const truncated = rows.length > PAIR_MAX_TRADES;
  const trades: PairTrade[] = rows.slice(0, PAIR_MAX_TRADES).map((r) => ({
    good: r.good, payToken: r.pay_token, buyer: r.buyer_id, seller: r.seller_id, quantity: r.quantity, price: BigInt(r.price), at: new Date(r.at).getTime(),
  }));
  const found = suspiciousPairs(trades, since).slice(0, PAIR_LIST_MAX);
  const ids = [...new Set(found.flatMap((p) => [p.a, p.b]))];
  const names = new Map<number, string | null>();
  if (ids.length > 0) {
    for (const u of await exec<{ id: number; name: string | null }>(orm, sql`SELECT id, name FROM users WHERE id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`)) names.set(u.id, u.name);
  }
  return {
    days,
    rule: { median_days: MARKET_MEDIAN_DAYS, off_bps: PAIR_OFF_BPS, min_off_trades: PAIR_MIN_OFF_TRADES },
    pairs: found.map((p) => ({ ...p, a: { user_id: p.a, name: names.get(p.a) ?? null }, b: { user_id: p.b, name: names.get(p.b) ?? null } })),
    truncated,
  };
}

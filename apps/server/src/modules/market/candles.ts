/**
 * A book's daily candles (the `/market` page's price chart, docs/game-rules.md §16.6): per UTC day
 * of `market_trades`, the first, highest, lowest and last unit price and the units traded.
 */
import { sql } from 'drizzle-orm';
import type { MarketCandle } from '@kingdom/api';
import type { BookKey } from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';

const DAY_MS = 86_400_000;

/**
 * The book's daily OHLC over the `days` UTC days up to `now` (today included), oldest first; a day
 * without a trade is left out. Open and close follow the trades' order (`at`, then `id`).
 */
export async function dailyCandles(orm: Orm, key: BookKey, now: Date, days: number): Promise<MarketCandle[]> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const from = new Date(today - (days - 1) * DAY_MS);
  return exec<MarketCandle>(orm, sql`SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
      ((array_agg(price ORDER BY at, id))[1])::text AS open, max(price)::text AS high, min(price)::text AS low,
      ((array_agg(price ORDER BY at DESC, id DESC))[1])::text AS close, sum(quantity)::int AS volume
    FROM market_trades WHERE good = ${key.good} AND pay_token = ${key.payToken} AND at >= ${from} AND at <= ${now}
    GROUP BY 1 ORDER BY 1`);
}

/**
 * A book's daily candles in its depth (`GET /market/books/:good/:token` → `candles`, the `/market` page's
 * price chart): open and close follow the trades' order, high and low their extremes, volume the units,
 * one candle per UTC day, oldest first.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, fillPath, type MarketDepthResponse } from '@kingdom/api';
import { vendorReferencePrice } from '@kingdom/game';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer } from '../support/players.ts';
import { exec } from '../../src/db/client.ts';
import type { Player } from '../support/players.ts';

const DAY_MS = 86_400_000;
const REF = vendorReferencePrice({ good: 'toolkit_2', payToken: 'hexo' })!;
const place = (k: TestKingdom, p: Player, side: 'buy' | 'sell', quantity: number, price: bigint) =>
  k.post(ENDPOINTS.marketPlaceOrder.path, { good: 'toolkit_2', token: 'hexo', side, quantity, price: price.toString() },
    { authorization: `Bearer ${p.token}`, 'idempotency-key': randomUUID() });
const depth = async (k: TestKingdom) => (await k.get(fillPath(ENDPOINTS.marketBook.path, { good: 'toolkit_2', token: 'hexo' }))).json<MarketDepthResponse>();

describe('market candles (server)', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k?.close(); });

  it('answers one OHLC candle per UTC day of trades', async () => {
    expect((await depth(k)).candles).toEqual([]);
    const s = await newPlayer(k, { lands: 1, items: { toolkit_2: 10 } });
    await exec(k.db.orm, sql`UPDATE users SET created_at = ${new Date(k.now().getTime() - 8 * DAY_MS)} WHERE id = ${s.userId}`);
    const b = await newPlayer(k, { hexo: '100000' });
    const [low, mid, high] = [(REF * 9n) / 10n, REF, (REF * 11n) / 10n];
    for (const price of [mid, high, low]) expect((await place(k, s, 'sell', 1, price)).statusCode).toBe(200);
    // one buy walks the asks best first: low, mid, high
    expect((await place(k, b, 'buy', 3, (REF * 12n) / 10n)).statusCode).toBe(200);
    const day1 = new Date(k.now()).toISOString().slice(0, 10);
    expect((await depth(k)).candles).toEqual([{ day: day1, open: low.toString(), high: high.toString(), low: low.toString(), close: high.toString(), volume: 3 }]);

    k.advance(DAY_MS);
    expect((await place(k, s, 'sell', 2, mid)).statusCode).toBe(200);
    expect((await place(k, b, 'buy', 2, mid)).statusCode).toBe(200);
    const day2 = new Date(k.now()).toISOString().slice(0, 10);
    expect((await depth(k)).candles.map((c) => [c.day, c.open, c.close, c.volume])).toEqual([
      [day1, low.toString(), high.toString(), 3],
      [day2, mid.toString(), mid.toString(), 2],
    ]);
  });
});

/**
 * Suspicious Market pairs (issue 38 item 4; the rule in docs/operator-guide.md "The console"): two
 * accounts trading with each other at least 3 times ≥ 20% off the book's 7-day median of the other
 * accounts' trades are listed for a viewer operator; fewer off trades, trades near the median, or a
 * pair that makes the whole book are not (judged against the Vendor's price, or not at all). Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, type SuspiciousPairsResponse } from '@kingdom/api';
import { exec } from '../../src/db/client.ts';
import { addOperator } from '../../src/modules/console/service.ts';
import { suspiciousPairs, type PairTrade } from '../../src/modules/console/market-pairs.ts';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer, type Player } from '../support/players.ts';

const CLI = { chain: 'cli', address: 'test', role: 'admin' as const };
const DAY = 86_400_000;
const GOOD = 'no_vendor_good'; // no Vendor price: judged by the median alone

describe('console: suspicious Market pairs', () => {
  let k: TestKingdom;
  let viewer: Player;
  let player: Player;

  beforeAll(async () => {
    k = await createTestKingdom();
    [viewer, player] = [await newPlayer(k, {}), await newPlayer(k, {})];
    await addOperator(k.db, CLI, { chain: 'cardano', address: viewer.address, role: 'viewer', reason: 'test', now: k.now() });
    await exec(k.db.orm, sql`INSERT INTO users (id, name, created_at) VALUES (9301, 'alt_seller', now()), (9302, 'alt_buyer', now()),
      (9303, 'trader_c', now()), (9304, 'trader_d', now()), (9305, 'trader_e', now())`);
    // the trades need orders to point at (any two will do for this read)
    await exec(k.db.orm, sql`INSERT INTO market_orders (id, user_id, wallet_group, side, good, pay_token, quantity, remaining, price, fee_bps, escrow, status, seq,
        placed_at, expires_at, closed_at, idempotency_key, request_hash) VALUES
      (9401, 9301, 'g1', 'sell', ${GOOD}, 'exo', 1, 0, 1, 100, 0, 'filled', 1, now(), now(), now(), 'a', 'h'),
      (9402, 9302, 'g2', 'buy', ${GOOD}, 'exo', 1, 0, 1, 100, 0, 'filled', 2, now(), now(), now(), 'b', 'h')`);
    const now = k.now().getTime();
    const trade = (buyer: number, seller: number, price: number, daysAgo: number, quantity = 1) =>
      sql`(${GOOD}, 'exo', 9401, 9402, 9402, 9401, ${buyer}, ${seller}, ${quantity}, ${price}, 0, ${new Date(now - daysAgo * DAY)})`;
    await exec(k.db.orm, sql`INSERT INTO market_trades (good, pay_token, maker_order_id, taker_order_id, buy_order_id, sell_order_id, buyer_id, seller_id, quantity, price, fee, at) VALUES
      ${trade(9304, 9303, 100, 16)}, ${trade(9303, 9304, 100, 15)}, ${trade(9304, 9303, 100, 14, 5)}, ${trade(9303, 9304, 100, 13)}, ${trade(9304, 9303, 100, 12)},
      ${trade(9302, 9301, 200, 12.5)}, ${trade(9302, 9301, 200, 11.5)}, ${trade(9301, 9302, 50, 10.5)},
      ${trade(9305, 9303, 150, 11)}, ${trade(9305, 9303, 150, 10)}, ${trade(9303, 9305, 100, 9)},
      ${trade(9305, 9304, 110, 11)}, ${trade(9304, 9305, 110, 10.2)}, ${trade(9305, 9304, 110, 9.2)}`);
  }, 300_000);
  afterAll(async () => k?.close());

  it('lists the pair that trades with each other 3 times ≥ 20% off the median of the others\' trades', async () => {
    const res = await k.get(`${ENDPOINTS.consoleSuspiciousPairs.path}?days=30`, viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SuspiciousPairsResponse>();
    expect(body.rule).toEqual({ median_days: 7, off_bps: 2000, min_off_trades: 3 });
    expect(body.truncated).toBe(false);
    // 9301 sold twice at 200 and bought once at 50 against a median of 100: 100 + 100 to 9301, then 50 to 9301 again (it paid 50 under)
    expect(body.pairs).toEqual([{
      a: { user_id: 9301, name: 'alt_seller' }, b: { user_id: 9302, name: 'alt_buyer' }, pay_token: 'exo', trades: 3, off_trades: 3,
      volume: '450', value_off: '250', moved_to_b: '-250', goods: [GOOD],
      first_at: new Date(k.now().getTime() - 12.5 * DAY).toISOString(), last_at: new Date(k.now().getTime() - 10.5 * DAY).toISOString(),
    }]);
    // a window that starts after the pair's first off trade leaves them under the threshold
    expect((await k.get(`${ENDPOINTS.consoleSuspiciousPairs.path}?days=11`, viewer.token)).json<SuspiciousPairsResponse>().pairs).toEqual([]);
  });

  it('answers a player 403', async () => {
    const res = await k.get(ENDPOINTS.consoleSuspiciousPairs.path, player.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('OPERATOR_FORBIDDEN');
  });

  it('does not let a pair that is the whole book make its own median (the Vendor\'s price, else not judged)', () => {
    const t = (price: number, at: number, good = GOOD): PairTrade => ({ good, payToken: 'exo', buyer: 2, seller: 1, quantity: 1, price: BigInt(price), at });
    expect(suspiciousPairs([t(500, 1), t(500, 2), t(500, 3), t(500, 4)], 0)).toEqual([]);
  });
});

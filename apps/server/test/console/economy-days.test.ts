/**
 * The economy dashboard's daily summaries (migration 0039, modules/console/economy-days.ts;
 * docs/operator-guide.md "The console"): a closed day summarised once gives the very dashboard the
 * ledger gives live (every chain, flows, figures, retention, actives, the Market); summarising is
 * idempotent and one process at a time; entries arriving today after the summaries are counted
 * live, and the period's totals still equal an independent sum of the ledger. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { exec } from '../../src/db/client.ts';
import { clearEconomyCache, economy, economyCsv } from '../../src/modules/console/economy.ts';
import { summariseEconomyDays } from '../../src/modules/console/economy-days.ts';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';

const FROM = '2026-10-01';
const TO = '2026-10-05';
const NOW = new Date('2026-10-05T12:00:00Z');

describe('economy dashboard: daily summaries', () => {
  let k: TestKingdom;
  const dash = async (chain: 'all' | 'cardano' | 'solana', now = NOW, to = TO) => {
    clearEconomyCache();
    return economy(k.db.orm, { from: FROM, to, chain }, now);
  };
  const ledgerSum = async (to: string) => Object.fromEntries((await exec<{ asset: string; sum: string }>(k.db.orm, sql`SELECT asset, sum(amount)::text AS sum
    FROM ledger_entries WHERE created_at >= ${`${FROM}T00:00:00Z`}::timestamptz AND created_at < ${`${to}T00:00:00Z`}::timestamptz + interval '1 day'
    GROUP BY asset`)).map((r) => [r.asset, r.sum]));
  const flowSum = (e: Awaited<ReturnType<typeof economy>>) => {
    const out: Record<string, string> = {};
    for (const f of e.flows) out[f.asset] = (BigInt(out[f.asset] ?? '0') + BigInt(f.created) - BigInt(f.burned)).toString();
    return out;
  };
  const stored = async () => (await exec<{ n: number }>(k.db.orm, sql`SELECT
    (SELECT count(*) FROM economy_day_flows) + (SELECT count(*) FROM economy_day_counts) + (SELECT count(*) FROM economy_day_active) AS n`))[0]!.n;

  beforeAll(async () => {
    k = await createTestKingdom();
    // 9101–9103 Cardano, 9104 Solana, 9105 without a wallet
    await exec(k.db.orm, sql`INSERT INTO users (id, name, created_at) VALUES
      (9101, 'd1', '2026-10-01T08:00:00Z'), (9102, 'd2', '2026-10-01T09:00:00Z'), (9103, 'd3', '2026-10-02T10:00:00Z'),
      (9104, 'd4', '2026-10-02T11:00:00Z'), (9105, 'd5', '2026-10-03T12:00:00Z')`);
    await exec(k.db.orm, sql`INSERT INTO wallets (user_id, chain, address) VALUES (9101, 'cardano', 'addr_d1'), (9102, 'cardano', 'addr_d2'),
      (9103, 'cardano', 'addr_d3'), (9104, 'solana', 'SoLd4'), (9104, 'cardano', 'addr_d4b')`);
    const signIn = (user: number, wallet: string, at: string) => sql`(${user}, ${user}, 'cardano', 'addr', ${wallet}, 'cip30', 'test', ${at}::timestamptz)`;
    await exec(k.db.orm, sql`INSERT INTO sign_ins (user_id, wallet_id, chain, address, wallet, method, user_agent, at) VALUES
      ${signIn(9101, 'lace', '2026-10-01T08:00:00Z')}, ${signIn(9101, 'lace', '2026-10-02T01:00:00Z')}, ${signIn(9102, 'eternl', '2026-10-02T23:59:59Z')},
      ${signIn(9104, 'phantom', '2026-10-03T00:00:00Z')}, ${signIn(9103, 'eternl', '2026-10-04T10:00:00Z')}, ${signIn(9105, 'lace', '2026-10-04T11:00:00Z')},
      ${signIn(9104, 'phantom', '2026-10-05T09:00:00Z')}`);
    const entry = (user: number, asset: string, amount: number, reason: string, ref: string, at: string) =>
      sql`(${user}, ${asset}, ${amount}, ${reason}, ${ref}, ${at}::timestamptz)`;
    await exec(k.db.orm, sql`INSERT INTO ledger_entries (user_id, asset, amount, reason, reference, created_at) VALUES
      ${entry(9101, 'exo', 1000, 'goldmine_reward', '2026-09-30', '2026-10-01T00:00:00Z')}, ${entry(9102, 'exo', 700, 'frenmine_reward', '2026-09-30', '2026-10-01T00:00:00Z')},
      ${entry(9101, 'exo', -300, 'vendor_purchase', 'v1', '2026-10-01T10:00:00Z')}, ${entry(9101, 'item:pickaxe', 1, 'vendor_purchase', 'v1', '2026-10-01T10:00:00Z')},
      ${entry(9104, 'exo', 5000, 'deposit', 'tx1', '2026-10-02T12:00:00Z')}, ${entry(9104, 'hexo', -20, 'worker_salary', '2026-10-02', '2026-10-03T00:00:00Z')},
      ${entry(9105, 'exo', 50, 'operator_adjustment', 'action:1', '2026-10-03T13:00:00Z')}, ${entry(9103, 'exo', -400, 'withdrawal', 'w1', '2026-10-04T23:59:59.999Z')},
      ${entry(9102, 'hexo', 90, 'shop_royalty', '2026-10-03', '2026-10-04T00:00:00Z')}, ${entry(9101, 'exo', 12, 'goldmine_reward', '2026-10-04', '2026-10-05T00:00:00Z')}`);
    await exec(k.db.orm, sql`INSERT INTO quest_claims (user_id, quest_id, quest_key, idempotency_key, rewards, claimed_at) VALUES
      (9101, 'q1', 'daily', 'k1', '{}', '2026-10-02T05:00:00Z'), (9104, 'q1', 'daily', 'k2', '{}', '2026-10-04T05:00:00Z')`);
    // one Market trade on 2026-10-03: 9104 (Solana) buys 2 at 5 HEXO from 9102, fee 1
    await exec(k.db.orm, sql`INSERT INTO market_orders (id, user_id, wallet_group, side, good, pay_token, quantity, remaining, price, fee_bps, escrow, status, seq,
        placed_at, expires_at, closed_at, idempotency_key, request_hash) VALUES
      (9201, 9102, 'g2', 'sell', 'item:pickaxe', 'hexo', 2, 0, 5, 100, 0, 'filled', 1, '2026-10-03T10:00:00Z', '2026-10-10T10:00:00Z', '2026-10-03T11:00:00Z', 'a', 'h'),
      (9202, 9104, 'g4', 'buy', 'item:pickaxe', 'hexo', 2, 0, 5, 100, 0, 'filled', 2, '2026-10-03T11:00:00Z', '2026-10-10T11:00:00Z', '2026-10-03T11:00:00Z', 'b', 'h')`);
    await exec(k.db.orm, sql`INSERT INTO market_trades (good, pay_token, maker_order_id, taker_order_id, buy_order_id, sell_order_id, buyer_id, seller_id, quantity, price, fee, at)
      VALUES ('item:pickaxe', 'hexo', 9201, 9202, 9202, 9201, 9104, 9102, 2, 5, 1, '2026-10-03T11:00:00Z')`);
  }, 300_000);
  afterAll(async () => k?.close());

  it('gives, from the summaries of the closed days, the dashboard the ledger gives live', async () => {
    const live = { all: await dash('all'), cardano: await dash('cardano'), solana: await dash('solana') };
    expect(live.all.days[2]!.market).toEqual({ hexo: { volume: '10', fees: '1', trades: 1 } });
    expect(live.solana.days[2]!.market).toEqual({ hexo: { volume: '10', fees: '1', trades: 1 } });
    expect(live.cardano.days[2]!.market).toEqual({});
    expect(live.all.retention[0]).toEqual({ day: '2026-10-01', players: 2, d1: 2, d7: null, d30: null });
    const csvDays = economyCsv(live.all).split('\r\n\r\n')[1]!.split('\r\n');
    expect(csvDays[0]!.endsWith('market_volume,market_fees,market_trades')).toBe(true);
    expect(csvDays[3]!.endsWith('hexo=10,hexo=1,hexo=1')).toBe(true);
    // a period ending on a day that will be summarised before the last one (its actives stored with it)
    const earlier = { all: await dash('all', NOW, '2026-10-03'), cardano: await dash('cardano', NOW, '2026-10-03') };
    expect(earlier.all.active).toEqual({ dau: 1, wau: 3, mau: 3 }); // 9104 that day; 9101 and 9102 before
    expect(await summariseEconomyDays(k.db.orm, NOW)).toEqual(['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04']);
    for (const chain of ['all', 'cardano', 'solana'] as const) expect(await dash(chain)).toEqual(live[chain]);
    expect(await dash('all', NOW, '2026-10-03')).toEqual(earlier.all);
    expect(await dash('cardano', NOW, '2026-10-03')).toEqual(earlier.cardano);
    // once: a second run summarises nothing and writes nothing
    const rows = await stored();
    expect(await summariseEconomyDays(k.db.orm, NOW)).toEqual([]);
    expect(await stored()).toBe(rows);
    expect(flowSum(live.all)).toEqual(await ledgerSum(TO));
  });

  it('counts what arrives today live, and closes today once when tomorrow comes (one process at a time)', async () => {
    await exec(k.db.orm, sql`INSERT INTO ledger_entries (user_id, asset, amount, reason, reference, created_at) VALUES
      (9103, 'exo', -25, 'vendor_purchase', 'v9', '2026-10-05T13:00:00Z'), (9104, 'hexo', 7, 'deposit', 'tx9', '2026-10-05T14:00:00Z'),
      (9105, 'exo', 3, 'operator_adjustment', 'action:9', '2026-10-05T15:00:00Z')`);
    const later = new Date('2026-10-05T16:00:00Z');
    const e = await dash('all', later);
    expect(flowSum(e)).toEqual(await ledgerSum(TO));
    expect(e.days[4]!.vendor_revenue).toEqual({ exo: '25' });
    expect(e.days[4]!.active).toBe(2); // 9104 signed in, 9103 bought
    // tomorrow: two runs at once summarise 2026-10-05 once
    const tomorrow = new Date('2026-10-06T01:00:00Z');
    const runs = await Promise.all([summariseEconomyDays(k.db.orm, tomorrow), summariseEconomyDays(k.db.orm, tomorrow)]);
    expect(runs.flat()).toEqual(['2026-10-05']);
    const after = await dash('all', tomorrow, '2026-10-06');
    expect(flowSum(after)).toEqual(await ledgerSum('2026-10-06'));
    expect(after.days.slice(0, 5)).toEqual(e.days);
    expect(after.retention[0]).toEqual({ day: '2026-10-01', players: 2, d1: 2, d7: null, d30: null });
    // a day whose summary commits between the dashboard's first read and the next (its rows there, its
    // claim not seen): counted once, live
    const [claim] = await exec<{ summarised_at: string }>(k.db.orm, sql`DELETE FROM economy_days WHERE day = '2026-10-05' RETURNING summarised_at::text`);
    expect(await dash('all', tomorrow, '2026-10-06')).toEqual(after);
    await exec(k.db.orm, sql`INSERT INTO economy_days (day, summarised_at) VALUES ('2026-10-05', ${claim!.summarised_at}::timestamptz)`);
  });

  it('waits for the tick: a day after the last settled day\'s next is not closed yet', async () => {
    await exec(k.db.orm, sql`INSERT INTO game_days (day, settled_at) VALUES ('2026-10-05', now())`);
    // settled through 10-05: its rewards land on 10-06 00:00, so 10-06 closes only once 10-06 is settled
    expect(await summariseEconomyDays(k.db.orm, new Date('2026-10-09T01:00:00Z'))).toEqual(['2026-10-06']);
  });
});

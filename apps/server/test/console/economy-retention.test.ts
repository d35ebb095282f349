/**
 * The economy dashboard's retention (docs/operator-guide.md "The console"): of each day's new players,
 * how many were active (signed in, or a ledger entry of their own doing) 1, 7 and 30 days later —
 * counted per cohort in the database; a day not yet reached answers null. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { exec } from '../../src/db/client.ts';
import { clearEconomyCache, economy } from '../../src/modules/console/economy.ts';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';

describe('economy dashboard: retention', () => {
  let k: TestKingdom;
  beforeAll(async () => {
    k = await createTestKingdom();
    // cohort of 2026-10-01: users 9001–9004; of 2026-10-02: 9005
    await exec(k.db.orm, sql`INSERT INTO users (id, name, created_at) VALUES
      (9001, 'r1', '2026-10-01T08:00:00Z'), (9002, 'r2', '2026-10-01T09:00:00Z'), (9003, 'r3', '2026-10-01T23:59:00Z'),
      (9004, 'r4', '2026-10-01T10:00:00Z'), (9005, 'r5', '2026-10-02T10:00:00Z')`);
    const signIn = (user: number, at: string) => sql`(${user}, ${user}, 'cardano', 'addr', 'lace', 'cip30', 'test', ${at}::timestamptz)`;
    await exec(k.db.orm, sql`INSERT INTO sign_ins (user_id, wallet_id, chain, address, wallet, method, user_agent, at) VALUES
      ${signIn(9001, '2026-10-02T01:00:00Z')}, ${signIn(9001, '2026-10-02T02:00:00Z')}, ${signIn(9001, '2026-10-08T12:00:00Z')},
      ${signIn(9002, '2026-10-02T23:00:00Z')}, ${signIn(9002, '2026-10-31T12:00:00Z')}, ${signIn(9005, '2026-10-03T00:30:00Z')}`);
    // 9003 active on day 1 by a purchase of their own; 9004 only paid by the tick (passive: not active)
    await exec(k.db.orm, sql`INSERT INTO ledger_entries (user_id, asset, amount, reason, reference, created_at) VALUES
      (9003, 'exo', -5, 'vendor_purchase', 'r', '2026-10-02T12:00:00Z'), (9004, 'exo', 5, 'goldmine_reward', 'r', '2026-10-02T12:00:00Z')`);
  }, 300_000);
  afterAll(async () => k?.close());

  it('counts each cohort day-1/7/30 from the players\' own activity', async () => {
    clearEconomyCache();
    const e = await economy(k.db.orm, { from: '2026-10-01', to: '2026-10-02', chain: 'all' }, new Date('2026-11-01T12:00:00Z'));
    expect(e.retention).toEqual([
      { day: '2026-10-01', players: 4, d1: 3, d7: 1, d30: 1 },
      { day: '2026-10-02', players: 1, d1: 1, d7: 0, d30: 0 },
    ]);
    expect(e.days.map((d) => d.new_players)).toEqual([4, 1]);
  });

  it('answers null for a day not reached yet', async () => {
    clearEconomyCache();
    const e = await economy(k.db.orm, { from: '2026-10-01', to: '2026-10-01', chain: 'all' }, new Date('2026-10-05T12:00:00Z'));
    expect(e.retention).toEqual([{ day: '2026-10-01', players: 4, d1: 3, d7: null, d30: null }]);
  });
});

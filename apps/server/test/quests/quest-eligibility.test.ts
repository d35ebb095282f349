/**
 * Quest table version 2 (docs/game-rules.md §14.2–14.3), on both databases: from 2026-12-07 a
 * player is drawn only quests they can do — a Solana-only player never a deposit (EXO/HEXO are
 * Cardano tokens) nor a mine quest — the draw's inputs (version, eligibility flags) answered next to
 * the seed so anyone can recompute it; a period that started under version 1 is drawn as before.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS, type QuestsResponse, type QuestTableResponse } from '@kingdom/api';
import { CARDANO_ONLY_QUEST_KINDS, drawQuests, questPeriodOf, questSeed } from '@kingdom/game';
import { createTestKingdom, signInCardano, signInSolana, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet, createSolanaTestWallet } from '../support/wallets.ts';
import { exec } from '../../src/db/client.ts';

const DAY = 86_400_000;
const quests = async (k: TestKingdom, token: string) => {
  const res = await k.get(PATHS.quests, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuestsResponse>();
};
const solanaPlayer = async (k: TestKingdom) => {
  const { token, user } = await signInSolana(k, createSolanaTestWallet());
  return { token, userId: user.user_id };
};
const cardanoPlayer = async (k: TestKingdom, linkedAt: Date) => {
  const { token, user } = await signInCardano(k, createCardanoTestWallet());
  // the sign-up wallet's link time is the database's clock; pin it on the game's timeline
  await exec(k.db.orm, sql`UPDATE wallets SET created_at = ${linkedAt} WHERE user_id = ${user.user_id}`);
  return { token, userId: user.user_id };
};
const kinds = (q: QuestsResponse['daily']) => q.quests.map((x) => x.kind);

describe('quest eligibility (table version 2)', () => {
  let k: TestKingdom;
  // Sunday 2026-12-06: today and this week are version-1 periods; the next day starts version 2
  beforeAll(async () => { k = await createTestKingdom({ start: new Date('2026-12-06T12:00:00Z') }); });
  afterAll(async () => { await k?.close(); });

  it('a period drawn under version 1 is unchanged: a Solana-only player keeps the version-1 draw (requirements ignored)', async () => {
    const p = await solanaPlayer(k);
    const q = await quests(k, p.token);
    for (const [kind, period] of [['daily', q.daily], ['weekly', q.weekly]] as const) {
      const start = questPeriodOf(kind, k.now().getTime()).start;
      expect(period).toMatchObject({ start, table_version: 1, eligibility: { cardano_wallet: true }, seed: questSeed(kind, start, p.userId, 1) });
      expect(period.quests.map((x) => [x.id, x.key])).toEqual(drawQuests(kind, start, p.userId, 1).map((d) => [d.id, d.def.key]));
    }
    expect(q.daily.start).toBe('2026-12-06');
    expect(q.weekly.start).toBe('2026-11-30');
    expect(q.daily.quests).toHaveLength(3);
  });

  it('from 2026-12-07 a Solana-only player is drawn no deposit and no mine quest, and the answer names the inputs', async () => {
    const players = [];
    for (let i = 0; i < 6; i++) players.push(await solanaPlayer(k));
    k.advance(DAY); // Monday 2026-12-07 12:00 UTC
    for (const p of players) {
      const q = await quests(k, p.token);
      expect(q.table_version).toBe(3); // the newest published version; each period names its own below
      for (const [kind, period] of [['daily', q.daily], ['weekly', q.weekly]] as const) {
        expect(period).toMatchObject({ start: '2026-12-07', table_version: 2, eligibility: { cardano_wallet: false }, seed: questSeed(kind, '2026-12-07', p.userId, 2) });
        expect(kinds(period).some((x) => CARDANO_ONLY_QUEST_KINDS.includes(x))).toBe(false);
        expect(period.quests.map((x) => [x.id, x.key])).toEqual(drawQuests(kind, '2026-12-07', p.userId, 2, { cardano_wallet: false }).map((d) => [d.id, d.def.key]));
      }
      expect(kinds(q.weekly).sort()).toEqual(['add_votes', 'vendor_purchases']);
      expect(q.daily.quests.map((x) => x.key)).toEqual(['d_vendor_1', 'd_votes_100']);
      // a slot the player was not drawn is no quest of theirs
      const r = await k.post(PATHS.questClaim('daily-2026-12-07-2'), {}, { authorization: `Bearer ${p.token}`, 'idempotency-key': randomUUID() });
      expect(`${r.statusCode} ${r.json().error}`).toBe('404 NOT_FOUND');
    }
    k.advance(-DAY);
  });

  it('a Cardano player is drawn from the whole version-2 table; a Cardano wallet linked after the period started counts from the next one', async () => {
    k.advance(DAY); // 2026-12-07
    const before = await cardanoPlayer(k, new Date('2026-12-01T00:00:00Z'));
    const q = await quests(k, before.token);
    expect(q.weekly).toMatchObject({ table_version: 2, eligibility: { cardano_wallet: true } });
    expect(q.daily.quests.map((x) => x.key)).toEqual(drawQuests('daily', '2026-12-07', before.userId, 2, { cardano_wallet: true }).map((d) => d.def.key));
    expect(q.weekly.quests.map((x) => x.key)).toEqual(drawQuests('weekly', '2026-12-07', before.userId, 2, { cardano_wallet: true }).map((d) => d.def.key));
    expect(q.daily.quests).toHaveLength(3);
    const late = await cardanoPlayer(k, new Date('2026-12-07T06:00:00Z'));
    const lq = await quests(k, late.token);
    expect(lq.weekly.eligibility).toEqual({ cardano_wallet: false });
    expect(lq.daily.eligibility).toEqual({ cardano_wallet: false });
    k.advance(DAY); // Tuesday: a new day, the same week
    const next = await quests(k, late.token);
    expect(next.daily.eligibility).toEqual({ cardano_wallet: true });
    expect(next.weekly.eligibility).toEqual({ cardano_wallet: false });
    expect(next.weekly.quests.map((x) => x.key)).toEqual(lq.weekly.quests.map((x) => x.key));
    k.advance(-2 * DAY);
  });

  it('the published table is the newest version (3: the Market quests), names each entry\'s requirement and when each version starts', async () => {
    const table = (await k.get(PATHS.questTable)).json<QuestTableResponse>();
    expect(table.version).toBe(3);
    expect(table.versions_from).toEqual({ 1: '2000-01-03', 2: '2026-12-07', 3: '2026-12-14' });
    expect(table.quests.filter((x) => x.requires === 'cardano_wallet').map((x) => x.key))
      .toEqual(expect.arrayContaining(['d_deposit_1', 'w_deposit_2', 'd_market_sell_1', 'w_market_sell_5']));
    expect(table.quests.find((x) => x.key === 'd_vendor_1')?.requires).toBeNull();
    expect(table.draw_rule).toContain('eligibility');
  });
});

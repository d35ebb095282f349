/**
 * The Market in the quests and achievements (docs/game-rules.md §14, §16), on both databases:
 * `market_sales` progress (quest table version 3) counts the fills a player sold in, from the
 * period's start (inclusive) to its end (exclusive), as `questProgress` does over the same trades;
 * the buyer sells nothing; a fill marks both traders for the achievements job, which notices
 * `first_market_trade` to each once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS } from '@kingdom/api';
import { achievements, questPeriodOf, questProgress, vendorReferencePrice, type QuestPeriod } from '@kingdom/game';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer, type Player } from '../support/players.ts';
import { exec } from '../../src/db/client.ts';
import { placeOrder } from '../../src/modules/market/service.ts';
import { achievementFactsOf, progressOfPlayers } from '../../src/modules/quests/repository.ts';
import { noticeAchievements } from '../../src/jobs/achievements.ts';

const DAY_MS = 86_400_000;
const TK = { good: 'toolkit_2', token: 'hexo' as const };
const TK_REF = vendorReferencePrice({ good: 'toolkit_2', payToken: 'hexo' })!;

describe('market quests and achievement', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom({ start: new Date('2026-12-15T12:00:00Z') }); });
  afterAll(async () => { await k?.close(); });

  it('market_sales counts the seller\'s fills in the period, edges included/excluded as the model; first_market_trade to both sides once', async () => {
    const s = await newPlayer(k, { lands: 1, items: { toolkit_2: 10 } });
    const b = await newPlayer(k, { hexo: '100000' });
    await exec(k.db.orm, sql`UPDATE users SET created_at = ${new Date(k.now().getTime() - 30 * DAY_MS)} WHERE id = ${s.userId}`);
    const day = questPeriodOf('daily', k.now().getTime());
    // a fill at each edge of today: the last instant before it, its first, its last, the next day's first
    const instants = [day.startsAt - 1, day.startsAt, day.endsAt - 1, day.endsAt];
    for (const at of instants) {
      const now = new Date(at);
      await placeOrder(k.db, s.userId, randomUUID(), { ...TK, side: 'sell', quantity: 1, price: TK_REF.toString() }, now);
      const r = await placeOrder(k.db, b.userId, randomUUID(), { ...TK, side: 'buy', quantity: 1, price: TK_REF.toString() }, now);
      expect(r.trades).toHaveLength(1);
    }
    const trades = await exec<{ at: Date | string }>(k.db.orm, sql`SELECT at FROM market_trades WHERE seller_id = ${s.userId}`);
    const facts = { workersAssigned: [], vendorPurchases: [], votesAdded: [], deposits: [], upgradesStarted: [], mineDays: [], exoMined: [],
      marketSales: trades.map((t) => new Date(t.at).getTime()) };
    const week = questPeriodOf('weekly', k.now().getTime());
    const periods: QuestPeriod[] = [questPeriodOf('daily', day.startsAt - 1), day, questPeriodOf('daily', day.endsAt), week];
    const sql_ = await progressOfPlayers(k.db.orm, periods, Math.min(s.userId, b.userId), Math.max(s.userId, b.userId));
    expect(periods.map((_, i) => sql_[i]!.get(s.userId)?.market_sales ?? 0n)).toEqual([1n, 2n, 1n, 4n]);
    expect(periods.map((p) => questProgress('market_sales', p, facts))).toEqual([1n, 2n, 1n, 4n]);
    expect(periods.map((_, i) => sql_[i]!.get(b.userId)?.market_sales ?? 0n)).toEqual([0n, 0n, 0n, 0n]);

    // the achievement: both traders were marked in the fill's transaction; the job notices once
    const marked = await exec<{ user_id: number }>(k.db.orm, sql`SELECT user_id FROM achievement_checks WHERE user_id IN (${s.userId}, ${b.userId}) ORDER BY user_id`);
    expect(marked.map((r) => r.user_id)).toEqual([s.userId, b.userId].sort((x, y) => x - y));
    for (const p of [s, b]) expect(achievements(await achievementFactsOf(k.db.orm, p.userId)).find((a) => a.key === 'first_market_trade')?.earned).toBe(true);
    await noticeAchievements(k.db, k.now());
    await noticeAchievements(k.db, k.now());
    for (const p of [s, b]) expect(await achievementNotices(k, p)).toEqual(['first_market_trade']);
  }, 120_000);
});

async function achievementNotices(k: TestKingdom, p: Player): Promise<string[]> {
  const inbox = (await k.get(`${PATHS.notifications}?page=1`, p.token)).json<{ notifications: Array<{ type: string; data: Record<string, unknown> }> }>();
  return inbox.notifications.filter((n) => n.type === 'achievement').map((n) => String(n.data.key));
}

/**
 * The achievements job (apps/server/src/jobs/achievements.ts; docs/game-rules.md §14.6), on both
 * databases: a player who never opens a page gets each achievement's inbox notice once it is
 * earned — first upgrade, vote, deposit, quest, an XL land, gold mine level 10, a 7-day Excellent
 * streak after the ticks — and only then; the notices equal the model's earned list
 * (`achievements` over the facts); reading writes none; runs again or at once (several servers)
 * notice once; a fact whose writer has not committed is not lost (Postgres: a real second
 * connection); the streaks counted one player per transaction equal the model.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS, STAKING_PATHS, type AchievementsResponse, type LeaderboardResponse } from '@kingdom/api';
import { achievements, drawQuests, questPeriodOf } from '@kingdom/game';
import { createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer, auth, type Player } from '../support/players.ts';
import { exec } from '../../src/db/client.ts';
import { applyTokenEntry } from '../../src/modules/ledger/ledger.ts';
import { achievementFactsOf } from '../../src/modules/quests/repository.ts';
import { noticeAchievements } from '../../src/jobs/achievements.ts';

/** The player's achievement notices in the inbox (keys, sorted), read from the inbox endpoint. */
async function inboxNotices(k: TestKingdom, p: Player): Promise<string[]> {
  const inbox = (await k.get(`${PATHS.notifications}?page=1`, p.token)).json<{ notifications: Array<{ type: string; data: Record<string, unknown> }> }>();
  return inbox.notifications.filter((n) => n.type === 'achievement').map((n) => String(n.data.key)).sort();
}

/** The achievements the model says `userId` has earned (facts read by the server's SQL), sorted. */
async function modelEarned(k: TestKingdom, userId: number): Promise<string[]> {
  return achievements(await achievementFactsOf(k.db.orm, userId)).filter((a) => a.earned).map((a) => a.key).sort();
}

/** Every (user, key) with more than one notice row or notification: must be none. */
async function duplicates(k: TestKingdom): Promise<unknown[]> {
  return exec(k.db.orm, sql`SELECT user_id, data->>'key' AS key, count(*)::int AS n FROM notifications WHERE type = 'achievement'
    GROUP BY user_id, data->>'key' HAVING count(*) > 1`);
}

describe('achievements job', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k?.close(); });

  it('a player who never reads gets each notice when earned, once; the notices equal the model; reading writes none', async () => {
    await noticeAchievements(k.db, k.now()); // the demo world's players
    const p = await newPlayer(k, { lands: 1, hexo: '1000', exo: '100', items: { toolkit_2: 1 } });
    expect(await inboxNotices(k, p)).toEqual([]);
    // a worker and a purchase complete daily slot 0; the claim names the quest by its recomputed id
    expect((await k.post(PATHS.mineWorkers('goldmine'), { hex_name: p.lands[0], slot: 1, worker: null }, auth(p))).statusCode).toBe(200);
    expect((await k.post(PATHS.vendorPurchase, { item: 'food_100', quantity: 1 }, { ...auth(p), 'idempotency-key': randomUUID() })).statusCode).toBe(200);
    const id = drawQuests('daily', questPeriodOf('daily', k.now().getTime()).start, p.userId)[0]!.id;
    expect((await k.post(PATHS.questClaim(id), {}, { ...auth(p), 'idempotency-key': randomUUID() })).statusCode).toBe(200);
    const project = (await k.get(`${STAKING_PATHS.stakingLeaderboard}?chain=cardano`)).json<LeaderboardResponse>().items[0]!.project;
    expect((await k.post(STAKING_PATHS.votesLock, { amount: 10 }, auth(p))).statusCode).toBe(200);
    expect((await k.post(STAKING_PATHS.votesAdd, { project, votes: 5 }, auth(p))).statusCode).toBe(200);
    await k.db.orm.transaction((tx) => applyTokenEntry(tx, { userId: p.userId, token: 'exo', amount: 1n, reason: 'deposit', reference: `${'ef'.repeat(32)}#2`, at: k.now() }));
    // earned, but no notice until the job runs: reading the achievements writes nothing
    expect((await k.get(PATHS.achievements, p.token)).json<AchievementsResponse>().earned).toBe(3);
    expect((await k.get(PATHS.quests, p.token)).statusCode).toBe(200);
    expect(await inboxNotices(k, p)).toEqual([]);
    const run = await noticeAchievements(k.db, k.now());
    expect(run.noticed).toBe(3);
    expect(await inboxNotices(k, p)).toEqual(['first_deposit', 'first_quest', 'first_vote']);
    expect(await inboxNotices(k, p)).toEqual(await modelEarned(k, p.userId));
    const [n] = await exec<{ data: { key: string; name: string }; created_at: Date | string }>(k.db.orm, sql`SELECT data, created_at FROM notifications
      WHERE user_id = ${p.userId} AND type = 'achievement' AND data->>'key' = 'first_quest'`);
    expect(n!.data).toEqual({ key: 'first_quest', name: 'First quest claimed' });
    expect(new Date(n!.created_at).toISOString()).toBe(k.now().toISOString());
    expect(await noticeAchievements(k.db, k.now())).toEqual({ checked: 0, noticed: 0, days: [] });

    // seven full working days (the worker assigned today works from tomorrow): the streak's notice
    // comes with the job after the seventh, not before
    for (let day = 1; day <= 8; day++) {
      expect((await k.post(PATHS.demoTick, { days: 1 })).statusCode).toBe(200);
      const r = await noticeAchievements(k.db, k.now());
      expect(r.days).toHaveLength(1);
      expect(await inboxNotices(k, p)).toEqual(await modelEarned(k, p.userId));
      expect((await inboxNotices(k, p)).includes('excellent_streak_7')).toBe(day >= 8);
    }
    // an upgrade started, then an XL land at gold mine level 10 (as a finished upgrade or an import leaves it)
    expect((await k.post(PATHS.mineUpgrade('goldmine'), { hex_name: p.lands[0] }, auth(p))).statusCode).toBe(200);
    await exec(k.db.orm, sql`UPDATE lands SET size = 'SUPERLARGE', goldmine_level = 10 WHERE hex_name = ${p.lands[0]!}`);
    expect((await noticeAchievements(k.db, k.now())).noticed).toBeGreaterThanOrEqual(3);
    expect(await inboxNotices(k, p)).toEqual(['excellent_streak_7', 'first_deposit', 'first_quest', 'first_upgrade', 'first_vote', 'mine_level_10', 'xl_land']);
    expect(await inboxNotices(k, p)).toEqual(await modelEarned(k, p.userId));
    expect(await duplicates(k)).toEqual([]);
  });

  it(`runs at once (several servers) notice once; the streaks counted one player per transaction equal the model (${TEST_DB})`, async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer(k, { lands: 1, hexo: '1000', items: { toolkit_2: 1 } })));
    for (const p of players) expect((await k.post(PATHS.mineWorkers('goldmine'), { hex_name: p.lands[0], slot: 1, worker: null }, auth(p))).statusCode).toBe(200);
    expect((await k.post(PATHS.demoTick, { days: 8 })).statusCode).toBe(200);
    for (const p of players) expect((await k.post(PATHS.mineUpgrade('goldmine'), { hex_name: p.lands[0] }, auth(p))).statusCode).toBe(200);
    // the days' streaks one player per transaction, three runs at once
    const runs = await Promise.all([1, 2, 3].map(() => noticeAchievements(k.db, k.now(), { checkBatch: 2, streakBatchUsers: 1 })));
    expect(runs.reduce((a, r) => a + r.checked, 0)).toBeGreaterThanOrEqual(players.length);
    expect(runs.flatMap((r) => r.days).sort()).toEqual([...new Set(runs.flatMap((r) => r.days))].sort()); // each day done once
    expect(await duplicates(k)).toEqual([]);
    for (const p of players) {
      expect(await inboxNotices(k, p)).toEqual(await modelEarned(k, p.userId));
      expect(await inboxNotices(k, p)).toContain('first_upgrade');
    }
    const [streaks] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM excellent_streaks
      WHERE user_id IN (${sql.join(players.map((p) => sql`${p.userId}`), sql`, `)}) AND run >= 7`);
    expect(streaks!.n).toBe(players.length);
  });

  it.runIf(TEST_DB === 'postgres')('a fact whose writer has not committed yet is left for the next run, not lost (two connections)', async () => {
    const p = await newPlayer(k, { hexo: '10' });
    await exec(k.db.orm, sql`INSERT INTO achievement_checks (user_id) VALUES (${p.userId}) ON CONFLICT DO NOTHING`);
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let written!: () => void;
    const wrote = new Promise<void>((r) => { written = r; });
    const writer = k.db.orm.transaction(async (tx) => {
      await applyTokenEntry(tx, { userId: p.userId, token: 'hexo', amount: 1n, reason: 'deposit', reference: `${'aa'.repeat(32)}#9`, at: k.now() });
      written();
      await held;
    });
    await wrote;
    await noticeAchievements(k.db, k.now());
    expect(await inboxNotices(k, p)).toEqual([]);
    const [row] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM achievement_checks WHERE user_id = ${p.userId}`);
    expect(row!.n).toBe(1); // left for the next run
    release();
    await writer;
    await noticeAchievements(k.db, k.now());
    expect(await inboxNotices(k, p)).toEqual(['first_deposit']);
  });
});

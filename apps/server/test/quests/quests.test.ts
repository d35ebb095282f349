/**
 * Daily and weekly quests (docs/game-rules.md §14), on both databases: the draw the server answers
 * is the published one; progress after real actions (workers, vendor, votes, upgrade, a deposit
 * credit, ticks) equals the model `questProgress` over the same facts read independently
 * (differential, every kind, several periods); a claim pays once (twice, same key, 50 at once);
 * incomplete and ended quests are refused and change nothing; a claim at the period's last
 * millisecond pays, at its end it is refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS, STAKING_PATHS, type AchievementsResponse, type HallOfFameMeResponse, type HallOfFameResponse, type LeaderboardResponse, type QuestsResponse, type QuestTableResponse } from '@kingdom/api';
import {
  QUEST_KINDS, addDays, drawQuests, questPeriod, questPeriodOf, questProgress, questSeed, type QuestFacts, type QuestPeriod,
} from '@kingdom/game';
import { createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer, auth, type Player } from '../support/players.ts';
import { exec } from '../../src/db/client.ts';
import { applyTokenEntry } from '../../src/modules/ledger/ledger.ts';
import { progressOf, progressOfPlayers } from '../../src/modules/quests/repository.ts';

const DAY = 86_400_000;
const claim = (k: TestKingdom, p: Player, id: string, key: string = randomUUID()) => k.post(PATHS.questClaim(id), {}, { ...auth(p), 'idempotency-key': key });
const quests = async (k: TestKingdom, p: Player) => (await k.get(PATHS.quests, p.token)).json<QuestsResponse>();
const balance = async (k: TestKingdom, p: Player, token: string) => BigInt((await k.get(PATHS.balance(token), p.token)).json<{ balance: string }>().balance);
const assignDefault = (k: TestKingdom, p: Player, slot: number) => k.post(PATHS.mineWorkers('goldmine'), { hex_name: p.lands[0], slot, worker: null }, auth(p));
const buyFood = (k: TestKingdom, p: Player) => k.post(PATHS.vendorPurchase, { item: 'food_100', quantity: 1 }, { ...auth(p), 'idempotency-key': randomUUID() });
const ms = (d: Date | string) => new Date(d).getTime();

/** The player's facts, read straight from the tables (not through the quest SQL). */
async function factsOf(k: TestKingdom, userId: number): Promise<QuestFacts> {
  const times = async (q: ReturnType<typeof sql>) => (await exec<{ at: Date | string }>(k.db.orm, q)).map((r) => ms(r.at));
  return {
    workersAssigned: await times(sql`SELECT assigned_at AS at FROM mine_workers WHERE user_id = ${userId}`),
    vendorPurchases: await times(sql`SELECT created_at AS at FROM vendor_purchases WHERE user_id = ${userId}
      UNION ALL SELECT created_at FROM exo_orders WHERE user_id = ${userId} AND source = 'pack' AND status = 'paid'`),
    votesAdded: (await exec<{ at: Date | string; d: string }>(k.db.orm, sql`SELECT created_at AS at, delta::text AS d FROM vote_events WHERE user_id = ${userId}`)).map((r) => ({ at: ms(r.at), votes: BigInt(r.d) })),
    deposits: await times(sql`SELECT created_at AS at FROM ledger_entries WHERE user_id = ${userId} AND reason = 'deposit' AND asset IN ('exo', 'hexo')`),
    upgradesStarted: await times(sql`SELECT started_at AS at FROM mine_upgrades WHERE user_id = ${userId}`),
    mineDays: await exec<{ day: string; effectivity: number }>(k.db.orm, sql`SELECT day, effectivity FROM mine_day_reports WHERE user_id = ${userId}`),
    exoMined: (await exec<{ at: Date | string; a: string }>(k.db.orm, sql`SELECT created_at AS at, amount::text AS a FROM ledger_entries
      WHERE user_id = ${userId} AND asset = 'exo' AND reason IN ('goldmine_reward', 'frenmine_reward')`)).map((r) => ({ at: ms(r.at), amount: BigInt(r.a) })),
  };
}

/** Asserts the server's progress SQL equals the model for every kind over `periods`. */
async function expectSqlEqualsModel(k: TestKingdom, userId: number, periods: QuestPeriod[]): Promise<void> {
  const facts = await factsOf(k, userId);
  for (const period of periods) {
    const got = await progressOf(k.db.orm, userId, period);
    const want = Object.fromEntries(QUEST_KINDS.map((kind) => [kind, questProgress(kind, period, facts)]));
    expect({ period: `${period.kind} ${period.start}`, ...got }).toEqual({ period: `${period.kind} ${period.start}`, ...want });
  }
  // the same statement over every player and every period at once (as the bench runs it) answers the same for this one
  const everyone = await progressOfPlayers(k.db.orm, periods, 1, 2_147_483_647);
  for (const [i, period] of periods.entries()) {
    expect(everyone[i]!.get(userId) ?? Object.fromEntries(QUEST_KINDS.map((kind) => [kind, 0n]))).toEqual(await progressOf(k.db.orm, userId, period));
  }
}

describe('quests', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k?.close(); });

  it("answers the player's published draw for today and this week, with the recomputable seed, nothing done yet", async () => {
    const p = await newPlayer(k, { hexo: '10' });
    const q = await quests(k, p);
    const day = questPeriodOf('daily', k.now().getTime());
    const week = questPeriodOf('weekly', k.now().getTime());
    expect(q.daily).toMatchObject({ start: day.start, ends_at: new Date(day.endsAt).toISOString(), seed: questSeed('daily', day.start, p.userId) });
    expect(q.weekly).toMatchObject({ start: week.start, ends_at: new Date(week.endsAt).toISOString() });
    expect(q.daily.quests.map((x) => [x.id, x.key])).toEqual(drawQuests('daily', day.start, p.userId).map((d) => [d.id, d.def.key]));
    expect(q.weekly.quests.map((x) => [x.id, x.key])).toEqual(drawQuests('weekly', week.start, p.userId).map((d) => [d.id, d.def.key]));
    expect([...q.daily.quests, ...q.weekly.quests].every((x) => x.progress === '0' && !x.complete && !x.claimed)).toBe(true);
    const table = (await k.get(PATHS.questTable)).json<QuestTableResponse>();
    expect(table.version).toBe(q.table_version);
    expect(table.quests.filter((x) => x.easy).map((x) => x.key)).toEqual(['d_assign_1', 'd_vendor_1']);
    expect((await k.get(PATHS.quests)).statusCode).toBe(401);
  });

  it('progress after real actions and ticks equals the model, every kind, several periods (differential)', async () => {
    const p = await newPlayer(k, { lands: 1, hexo: '2000', exo: '1000', items: { toolkit_2: 1 } });
    expect((await assignDefault(k, p, 1)).statusCode).toBe(200);
    expect((await buyFood(k, p)).statusCode).toBe(200);
    expect((await buyFood(k, p)).statusCode).toBe(200);
    const project = (await k.get(`${STAKING_PATHS.stakingLeaderboard}?chain=cardano`)).json<LeaderboardResponse>().items[0]!.project;
    expect((await k.post(STAKING_PATHS.votesLock, { amount: 300 }, auth(p))).statusCode).toBe(200);
    expect((await k.post(STAKING_PATHS.votesAdd, { project, votes: 120 }, auth(p))).statusCode).toBe(200);
    expect((await k.post(STAKING_PATHS.votesRemove, { project, votes: 20 }, auth(p))).statusCode).toBe(200);
    // a deposit, credited as the chain watcher does (reason `deposit`, reference = output)
    await k.db.orm.transaction((tx) => applyTokenEntry(tx, { userId: p.userId, token: 'hexo', amount: 5_000_000n, reason: 'deposit', reference: `${'ab'.repeat(32)}#0`, at: k.now() }));
    // an EXO pack paid on chain counts as a vendor purchase; one still awaiting its payment does not
    for (const status of ['paid', 'awaiting_payment']) {
      await exec(k.db.orm, sql`INSERT INTO exo_orders (user_id, idempotency_key, request_hash, source, pack, exo, lovelace, status, created_at, expires_at)
        VALUES (${p.userId}, ${randomUUID()}, 'h', 'pack', 'exo_1k', 1000000000, 18730000, ${status}, ${k.now()}, ${new Date(k.now().getTime() + 1_800_000)})`);
    }
    let q = await quests(k, p);
    const today = questPeriodOf('daily', k.now().getTime());
    const facts = await factsOf(k, p.userId);
    for (const x of q.daily.quests) expect(x.progress).toBe(questProgress(x.kind, today, facts).toString());
    const byKind = (kind: string) => [...q.daily.quests, ...q.weekly.quests].find((x) => x.kind === kind);
    if (byKind('vendor_purchases')) expect(byKind('vendor_purchases')!.progress).toBe('3');
    if (byKind('add_votes')) expect(byKind('add_votes')!.progress).toBe('100');
    await expectSqlEqualsModel(k, p.userId, [today, questPeriodOf('weekly', k.now().getTime())]);
    expect((await progressOf(k.db.orm, p.userId, today))).toMatchObject({ assign_workers: 1n, vendor_purchases: 3n, add_votes: 100n, deposits: 1n }); // 120 added, 20 removed

    // the worker works from its first full day; a day's report and EXO count when published (the next day)
    expect((await k.post(PATHS.demoTick, { days: 2 })).statusCode).toBe(200);
    expect((await k.post(PATHS.mineUpgrade('goldmine'), { hex_name: p.lands[0] }, auth(p))).statusCode).toBe(200);
    const now = k.now().getTime();
    const day2 = questPeriodOf('daily', now);
    const got = await progressOf(k.db.orm, p.userId, day2);
    expect(got.excellent_mine_days).toBe(1n);
    expect(got.exo_mined > 0n).toBe(true);
    expect(got.upgrades_started).toBe(1n);
    expect(got.assign_workers).toBe(0n); // assigned two days ago
    const periods = [-3, -2, -1, 0, 1].map((n) => questPeriodOf('daily', now + n * DAY)).concat([-1, 0, 1].map((n) => questPeriodOf('weekly', now + n * 7 * DAY)));
    await expectSqlEqualsModel(k, p.userId, periods);
    q = await quests(k, p);
    const facts2 = await factsOf(k, p.userId);
    for (const x of [...q.daily.quests, ...q.weekly.quests]) {
      const period = x.period === 'daily' ? day2 : questPeriodOf('weekly', now);
      expect(x.progress).toBe(questProgress(x.kind, period, facts2).toString());
      expect(x.complete).toBe(BigInt(x.progress) >= BigInt(x.target));
    }
  });

  /** A new player who has done both easy things (a worker and a vendor purchase): daily slot 0 is complete. */
  async function readyPlayer(): Promise<{ p: Player; id: string; reward: { key: string; amount: string } }> {
    const p = await newPlayer(k, { lands: 1, hexo: '500' });
    expect((await assignDefault(k, p, 1)).statusCode).toBe(200);
    expect((await buyFood(k, p)).statusCode).toBe(200);
    const q = await quests(k, p);
    const first = q.daily.quests[0]!;
    expect(first.complete).toBe(true);
    expect(first.rewards).toHaveLength(1);
    return { p, id: first.id, reward: first.rewards[0]! };
  }

  it('a claim pays the reward once through the ledger; the same key answers the same; another key → QUEST_ALREADY_CLAIMED', async () => {
    const { p, id, reward } = await readyPlayer();
    const before = await balance(k, p, reward.key);
    const key = randomUUID();
    const r = await claim(k, p, id, key);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ quest_id: id, rewards: [reward], claimed_at: k.now().toISOString() });
    expect(await balance(k, p, reward.key)).toBe(before + BigInt(reward.amount));
    const again = await claim(k, p, id, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(r.json());
    const other = await claim(k, p, id);
    expect(`${other.statusCode} ${other.json().error}`).toBe('409 QUEST_ALREADY_CLAIMED');
    expect(await balance(k, p, reward.key)).toBe(before + BigInt(reward.amount));
    const rows = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = ${p.userId} AND reason = 'quest_reward' AND reference = ${id}`);
    expect(rows[0]!.n).toBe(1);
    const q = await quests(k, p);
    expect(q.daily.quests[0]).toMatchObject({ id, claimed: true, claimed_at: k.now().toISOString() });
    // the history names it a quest and links the quests page
    const history = (await k.get(`${PATHS.accountLedger}?token=${reward.key}`, p.token)).json<{ rows: Array<{ raw_reason: string; reason: string; link: string | null; reference: string }> }>();
    expect(history.rows.find((r) => r.raw_reason === 'quest_reward')).toMatchObject({ reason: 'quest', link: '/quests', reference: id });
    // the same key for another quest
    const reused = await claim(k, p, q.daily.quests[1]!.id, key);
    expect(`${reused.statusCode} ${reused.json().error}`).toBe('422 IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses an incomplete quest, bad and future ids, a missing key; nothing changes', async () => {
    const p = await newPlayer(k, { hexo: '10' });
    const q = await quests(k, p);
    const code = async (id: string, key?: string | null) => {
      const r = key === null ? await k.post(PATHS.questClaim(id), {}, auth(p)) : await claim(k, p, id, key);
      return `${r.statusCode} ${r.json().error}`;
    };
    expect(await code(q.daily.quests[0]!.id)).toBe('409 QUEST_NOT_COMPLETE');
    expect(await code(q.weekly.quests[1]!.id)).toBe('409 QUEST_NOT_COMPLETE');
    expect(await code(`daily-${addDays(q.daily.start, 1)}-0`)).toBe('404 NOT_FOUND');
    expect(await code(`daily-${q.daily.start}-7`)).toBe('404 NOT_FOUND');
    expect(await code(`weekly-${addDays(q.weekly.start, 1)}-0`)).toBe('404 NOT_FOUND');
    expect(await code('nonsense')).toBe('404 NOT_FOUND');
    expect(await code(q.daily.quests[0]!.id, null)).toBe('422 VALIDATION_ERROR');
    expect(await code(q.daily.quests[0]!.id, 'not-a-uuid')).toBe('422 VALIDATION_ERROR');
    expect((await k.post(PATHS.questClaim(q.daily.quests[0]!.id), {}, { 'idempotency-key': randomUUID() })).statusCode).toBe(401);
    const [c] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM quest_claims WHERE user_id = ${p.userId}`);
    expect(c!.n).toBe(0);
    expect(await balance(k, p, 'hexo')).toBe(10_000_000n);
  });

  it("a claim at the period's last millisecond pays; at its end (00:00 UTC) → QUEST_PERIOD_ENDED", async () => {
    const a = await readyPlayer();
    const b = await readyPlayer();
    const end = questPeriod('daily', questPeriodOf('daily', k.now().getTime()).start).endsAt;
    k.advance(end - 1 - k.now().getTime());
    const r = await claim(k, a.p, a.id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().claimed_at).toBe(new Date(end - 1).toISOString());
    k.advance(1);
    const before = await balance(k, b.p, b.reward.key);
    const late = await claim(k, b.p, b.id);
    expect(`${late.statusCode} ${late.json().error}`).toBe('409 QUEST_PERIOD_ENDED');
    expect(await balance(k, b.p, b.reward.key)).toBe(before);
    // the new day's quests start from nothing done
    const q = await quests(k, b.p);
    expect(q.daily.start).toBe(questPeriodOf('daily', end).start);
    expect(q.daily.quests[0]!.complete).toBe(false);
  });

  it(`50 concurrent claims of one quest by one player pay once (${TEST_DB})`, async () => {
    const { p, id, reward } = await readyPlayer();
    const before = await balance(k, p, reward.key);
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(k, p, id)));
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : `${r.statusCode} ${r.json().error}`));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === '409 QUEST_ALREADY_CLAIMED')).toHaveLength(49);
    expect(await balance(k, p, reward.key)).toBe(before + BigInt(reward.amount));
    const [c] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = ${p.userId} AND reason = 'quest_reward'`);
    expect(c!.n).toBe(1);
  });
  it('achievements: none for a new player; each milestone from the records (upgrade, vote, deposit, quest, level 10, XL, a 7-day Excellent streak)', async () => {
    const earned = async (p: Player) => {
      const r = (await k.get(PATHS.achievements, p.token)).json<AchievementsResponse>();
      expect(r.earned).toBe(r.achievements.filter((a) => a.earned).length);
      return r.achievements.filter((a) => a.earned).map((a) => a.key);
    };
    const p = await newPlayer(k, { lands: 1, hexo: '1000', exo: '100', items: { toolkit_2: 1 } });
    expect(await earned(p)).toEqual([]);
    expect((await k.get(PATHS.achievements)).statusCode).toBe(401);
    expect((await assignDefault(k, p, 1)).statusCode).toBe(200);
    expect((await buyFood(k, p)).statusCode).toBe(200);
    const id = (await quests(k, p)).daily.quests[0]!.id;
    expect((await claim(k, p, id)).statusCode).toBe(200);
    const project = (await k.get(`${STAKING_PATHS.stakingLeaderboard}?chain=cardano`)).json<LeaderboardResponse>().items[0]!.project;
    await k.post(STAKING_PATHS.votesLock, { amount: 10 }, auth(p));
    expect((await k.post(STAKING_PATHS.votesAdd, { project, votes: 5 }, auth(p))).statusCode).toBe(200);
    await k.db.orm.transaction((tx) => applyTokenEntry(tx, { userId: p.userId, token: 'exo', amount: 1n, reason: 'deposit', reference: `${'cd'.repeat(32)}#1`, at: k.now() }));
    expect(await earned(p)).toEqual(['first_deposit', 'first_vote', 'first_quest']);
    // six full working days: not yet a 7-day streak; the seventh makes it
    expect((await k.post(PATHS.demoTick, { days: 7 })).statusCode).toBe(200);
    let r = (await k.get(PATHS.achievements, p.token)).json<AchievementsResponse>();
    expect(r.achievements.find((a) => a.key === 'excellent_streak_7')).toEqual({ key: 'excellent_streak_7', earned: false, progress: 6, target: 7 });
    expect((await k.post(PATHS.demoTick, { days: 1 })).statusCode).toBe(200);
    expect(await earned(p)).toEqual(['excellent_streak_7', 'first_deposit', 'first_vote', 'first_quest']);
    expect((await k.post(PATHS.mineUpgrade('goldmine'), { hex_name: p.lands[0] }, auth(p))).statusCode).toBe(200);
    await exec(k.db.orm, sql`UPDATE lands SET size = 'SUPERLARGE', goldmine_level = 10 WHERE hex_name = ${p.lands[0]!}`);
    r = (await k.get(PATHS.achievements, p.token)).json<AchievementsResponse>();
    expect(r.achievements.filter((a) => a.earned).map((a) => a.key)).toEqual(['first_upgrade', 'mine_level_10', 'xl_land', 'excellent_streak_7', 'first_deposit', 'first_vote', 'first_quest']);
    expect(r.achievements.find((a) => a.key === 'excellent_streak_30')).toMatchObject({ earned: false, progress: 7, target: 30 });
    // reading writes no inbox notice: the achievements job writes them when earned (achievements-job.test.ts)
    await k.get(PATHS.quests, p.token);
    const inbox = (await k.get(`${PATHS.notifications}?page=1`, p.token)).json<{ notifications: Array<{ type: string }> }>();
    expect(inbox.notifications.filter((n) => n.type === 'achievement')).toEqual([]);
  });
  it('halls of fame: ranked best first per chain, ties share a rank, values = the model, own rank; bad weeks → 404', async () => {
    const a = await readyPlayer();
    expect((await claim(k, a.p, a.id)).statusCode).toBe(200);
    const idle = await newPlayer(k, { hexo: '1' });
    const week = questPeriodOf('weekly', k.now().getTime());
    for (const board of ['quests_completed', 'exo_mined'] as const) {
      const r = (await k.get(`${PATHS.hallOfFame}?chain=cardano&board=${board}`)).json<HallOfFameResponse>();
      expect(r).toMatchObject({ week: week.start, chain: 'cardano', board, page: 1, per_page: 25 });
      expect(r.rows.length).toBe(Math.min(r.total, 25));
      expect(r.total).toBeGreaterThan(0);
      for (let i = 1; i < r.rows.length; i++) {
        const [prev, row] = [r.rows[i - 1]!, r.rows[i]!];
        expect(BigInt(prev.value) >= BigInt(row.value)).toBe(true);
        expect(row.rank).toBe(BigInt(prev.value) === BigInt(row.value) ? prev.rank : i + 1);
      }
      for (const row of r.rows) {
        const facts = await factsOf(k, row.user_id);
        if (board === 'exo_mined') expect(row.value).toBe(questProgress('exo_mined', week, facts).toString());
        else {
          const [c] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM quest_claims WHERE user_id = ${row.user_id} AND claimed_at >= ${new Date(week.startsAt)}`);
          expect(row.value).toBe(String(c!.n));
        }
      }
      const me = (await k.get(`${PATHS.hallOfFameMe}?chain=cardano&board=${board}`, a.p.token)).json<HallOfFameMeResponse>();
      const mine = r.rows.find((x) => x.user_id === a.p.userId);
      if (mine) expect(me).toMatchObject({ rank: mine.rank, value: mine.value, total: r.total });
      const none = (await k.get(`${PATHS.hallOfFameMe}?chain=cardano&board=${board}`, idle.token)).json<HallOfFameMeResponse>();
      expect(none).toMatchObject({ rank: null, value: '0', total: r.total });
      expect((await k.get(`${PATHS.hallOfFame}?chain=solana&board=${board}`)).json<HallOfFameResponse>().rows.some((x) => x.user_id === a.p.userId)).toBe(false);
    }
    const q = (await k.get(`${PATHS.hallOfFame}?chain=cardano&board=quests_completed`)).json<HallOfFameResponse>();
    expect(q.rows.find((x) => x.user_id === a.p.userId)?.value).toBe('1');
    // the board is kept (Postgres: shared cache) but a claim committed anywhere drops it: a claim made
    // straight in the database (as another server process would) shows at the next read
    const b = await readyPlayer();
    const boardOf = async () => (await k.get(`${PATHS.hallOfFame}?chain=cardano&board=quests_completed`)).json<HallOfFameResponse>();
    expect((await boardOf()).rows.some((x) => x.user_id === b.p.userId)).toBe(false);
    expect((await boardOf()).rows.some((x) => x.user_id === b.p.userId)).toBe(false); // kept
    const myRank = async () => (await k.get(`${PATHS.hallOfFameMe}?chain=cardano&board=quests_completed`, b.p.token)).json<HallOfFameMeResponse>().rank;
    expect(await myRank()).toBeNull(); // the whole ranking is kept too
    await exec(k.db.orm, sql`INSERT INTO quest_claims (user_id, quest_id, quest_key, idempotency_key, rewards, claimed_at)
      VALUES (${b.p.userId}, ${b.id}, 'd_assign_1', ${randomUUID()}, '[]'::jsonb, ${k.now()})`);
    await expect.poll(async () => (await boardOf()).rows.some((x) => x.user_id === b.p.userId), { timeout: 5_000 }).toBe(true);
    await expect.poll(myRank, { timeout: 5_000 }).not.toBeNull();
    const code = async (qs: string) => { const r = await k.get(`${PATHS.hallOfFame}?${qs}`); return `${r.statusCode} ${r.json().error ?? ''}`.trim(); };
    expect(await code(`week=${addDays(week.start, 1)}`)).toBe('404 NOT_FOUND');
    expect(await code(`week=${addDays(week.start, 7)}`)).toBe('404 NOT_FOUND');
    expect(await code(`week=${addDays(week.start, -7)}`)).toBe('200');
    expect(await code('board=nope')).toBe('422 VALIDATION_ERROR');
    expect((await k.get(`${PATHS.hallOfFame}?page=999`)).json<HallOfFameResponse>()).toMatchObject({ rows: [], page: 999 });
    expect((await k.get(PATHS.hallOfFameMe)).statusCode).toBe(401);
  });
});

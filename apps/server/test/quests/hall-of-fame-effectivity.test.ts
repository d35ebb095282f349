/**
 * The average-effectivity hall of fame (docs/game-rules.md §14.7), on both databases: after real
 * worker assignments and ticks, every page of the board (and each player's own rank) equals the
 * model — `weekEffectivity` and `rankEffectivity` of `@kingdom/game` over the mine-days read
 * independently from the reports view — for the demo world's players and ours: a full mine, a
 * partly worked one, one worked only two days (not on the board); the board follows each settled day
 * of the week (Saturday in, Sunday out) and is kept across quest claims; a week with no report has nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS, type HallOfFameMeResponse, type HallOfFameResponse, type MinesResponse } from '@kingdom/api';
import { HALL_EFFECTIVITY_MIN_WORKED_DAYS, addDays, rankEffectivity, weekEffectivity, type EffectivityMineDay } from '@kingdom/game';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer, auth, type Player } from '../support/players.ts';
import { exec } from '../../src/db/client.ts';
import { hallOfFamePage } from '../../src/modules/quests/repository.ts';

const WEEK = '2026-11-23'; // a Monday; the kingdom starts that day
const board = (k: TestKingdom, page = 1, week = WEEK) => k.get(`${PATHS.hallOfFame}?chain=cardano&board=average_effectivity&week=${week}&page=${page}`);
const me = async (k: TestKingdom, p: Player) => (await k.get(`${PATHS.hallOfFameMe}?chain=cardano&board=average_effectivity&week=${WEEK}`, p.token)).json<HallOfFameMeResponse>();

/** Every row of the week's board, page by page. */
async function wholeBoard(k: TestKingdom): Promise<HallOfFameResponse['rows']> {
  const rows: HallOfFameResponse['rows'] = [];
  for (let page = 1; ; page++) {
    const r = await board(k, page);
    expect(r.statusCode, r.body).toBe(200);
    const b = r.json<HallOfFameResponse>();
    rows.push(...b.rows);
    if (page * b.per_page >= b.total) {
      expect(rows).toHaveLength(b.total);
      return rows;
    }
  }
}

/** The model's board: every Cardano player's mine-days read from the reports view, ranked by the pure rule. */
async function modelBoard(k: TestKingdom) {
  const days = await exec<{ user_id: number; day: string; open_slots: number; workers_worked: number }>(k.db.orm, sql`
    SELECT r.user_id, r.day, r.open_slots, r.workers_worked FROM mine_day_reports r
    WHERE EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = r.user_id AND w.chain = 'cardano')`);
  const byUser = new Map<number, EffectivityMineDay[]>();
  for (const d of days) byUser.set(d.user_id, [...(byUser.get(d.user_id) ?? []), { day: d.day, openSlots: d.open_slots, workersWorked: d.workers_worked }]);
  const players = [...byUser].flatMap(([userId, md]) => {
    const effectivity = weekEffectivity(WEEK, md);
    return effectivity && effectivity.basisPoints > 0n ? [{ userId, effectivity }] : [];
  });
  return rankEffectivity(players).map((r) => ({ rank: r.rank, user_id: r.userId, value: r.basisPoints.toString(), worked_slots: r.workedSlots.toString() }));
}

describe('average-effectivity hall of fame', () => {
  let k: TestKingdom;
  let full: Player;
  let part: Player;
  let brief: Player;
  beforeAll(async () => { k = await createTestKingdom({ start: new Date(`${WEEK}T10:00:00Z`) }); });
  afterAll(async () => { await k?.close(); });

  const openSlots = async (p: Player) => (await k.get(PATHS.mines('goldmine'), p.token)).json<MinesResponse>().mines[0]!.slots.filter((s) => s.open && !s.worker).map((s) => s.slot);
  const assign = async (p: Player, slot: number) => expect((await k.post(PATHS.mineWorkers('goldmine'), { hex_name: p.lands[0], slot, worker: null }, auth(p))).statusCode).toBe(200);

  it('equals the model over every page after real play; fewer than the minimum worked days is not on it', async () => {
    full = await newPlayer(k, { lands: 1, hexo: '5000' });
    part = await newPlayer(k, { lands: 1, hexo: '5000' });
    // a level-3 mine (more open slots) with one worker: the open slots nobody works pull the average down
    await exec(k.db.orm, sql`UPDATE lands SET goldmine_level = 3 WHERE hex_name = ${part.lands[0]}`);
    brief = await newPlayer(k, { lands: 1, hexo: '5000' });
    for (const s of await openSlots(full)) await assign(full, s);
    const partOpen = await openSlots(part);
    expect(partOpen.length).toBeGreaterThan(1);
    await assign(part, partOpen[0]!);
    await assign(brief, (await openSlots(brief))[0]!);
    // brief's worker leaves after two worked days (one short of the minimum)
    for (let i = 0; i < 3; i++) expect((await k.post(PATHS.demoTick, { days: 1 })).statusCode).toBe(200);
    const briefMine = (await k.get(PATHS.mines('goldmine'), brief.token)).json<MinesResponse>().mines[0]!;
    const worked = briefMine.slots.find((s) => s.worker)!;
    expect((await k.post(PATHS.mineWorkersRemove('goldmine'), { hex_name: brief.lands[0], slot: worked.slot }, auth(brief))).statusCode).toBe(200);
    expect((await k.post(PATHS.demoTick, { days: 1 })).statusCode).toBe(200); // settled: 23rd to 27th
    const workedDays = async (p: Player) => (await exec<{ n: number }>(k.db.orm, sql`SELECT count(DISTINCT day)::int AS n FROM mine_day_reports
      WHERE user_id = ${p.userId} AND workers_worked > 0 AND day >= ${addDays(WEEK, -1)} AND day <= ${addDays(WEEK, 5)}`))[0]!.n;
    expect(await workedDays(brief)).toBe(HALL_EFFECTIVITY_MIN_WORKED_DAYS - 1);
    expect(await workedDays(full)).toBe(HALL_EFFECTIVITY_MIN_WORKED_DAYS);

    const want = await modelBoard(k);
    const got = await wholeBoard(k);
    expect(got.map(({ name: _n, ...r }) => r)).toEqual(want);
    const row = (p: Player) => got.find((r) => r.user_id === p.userId);
    const fullOpen = (await k.get(PATHS.mines('goldmine'), full.token)).json<MinesResponse>().mines[0]!.open_slots;
    expect(row(full)).toMatchObject({ value: '10000', worked_slots: String(HALL_EFFECTIVITY_MIN_WORKED_DAYS * fullOpen) });
    expect(BigInt(row(part)!.value)).toBeLessThan(10_000n);
    expect(BigInt(row(part)!.value)).toBeGreaterThan(0n);
    expect(row(brief)).toBeUndefined();
    // ranks: by value, then worked slots; equal on both share a rank
    for (let i = 1; i < got.length; i++) {
      const [a, b] = [got[i - 1]!, got[i]!];
      const same = a.value === b.value && a.worked_slots === b.worked_slots;
      expect(b.rank).toBe(same ? a.rank : i + 1);
    }

    // own rank
    expect(await me(k, full)).toMatchObject({ board: 'average_effectivity', week: WEEK, rank: row(full)!.rank, value: '10000', worked_slots: row(full)!.worked_slots, total: got.length });
    expect(await me(k, brief)).toMatchObject({ rank: null, value: '0', worked_slots: '0', total: got.length });
    // other boards do not answer worked_slots
    const exo = (await k.get(`${PATHS.hallOfFame}?chain=cardano&board=exo_mined&week=${WEEK}`)).json<HallOfFameResponse>();
    expect(exo.rows.every((r) => r.worked_slots === undefined)).toBe(true);
    // a week with no report: nobody
    expect((await board(k, 1, addDays(WEEK, -7))).json<HallOfFameResponse>()).toMatchObject({ total: 0, rows: [] });
  });

  it('follows each settled day of the week (the shared cache dropped on the day\'s notification), the Saturday in, the Sunday out', async () => {
    const before = (await board(k)).json<HallOfFameResponse>();
    const fullBefore = before.rows.find((r) => r.user_id === full.userId)!;
    const fullOpen = (await k.get(PATHS.mines('goldmine'), full.token)).json<MinesResponse>().mines[0]!.open_slots;
    expect((await k.post(PATHS.demoTick, { days: 1 })).statusCode).toBe(200); // the 28th, the week's last report day
    await expect.poll(async () => (await board(k)).json<HallOfFameResponse>().rows.find((r) => r.user_id === full.userId)?.worked_slots, { timeout: 5_000 })
      .toBe(String(BigInt(fullBefore.worked_slots!) + BigInt(fullOpen)));
    const got = await wholeBoard(k);
    expect(got.map(({ name: _n, ...r }) => r)).toEqual(await modelBoard(k));
    // the Saturday (28th) still counts in this week; the Sunday's (29th) report counts in the next one
    expect((await k.post(PATHS.demoTick, { days: 1 })).statusCode).toBe(200);
    await expect.poll(async () => (await board(k)).json<HallOfFameResponse>().rows.find((r) => r.user_id === full.userId)?.worked_slots, { timeout: 5_000 })
      .toBe(String(BigInt(fullBefore.worked_slots!) + 2n * BigInt(fullOpen)));
    const saturday = await wholeBoard(k);
    expect(saturday.map(({ name: _n, ...r }) => r)).toEqual(await modelBoard(k));
    // the board's SQL itself (no cache) after the Sunday is settled: unchanged
    expect((await k.post(PATHS.demoTick, { days: 1 })).statusCode).toBe(200);
    const direct = await hallOfFamePage(k.db.orm, { week: WEEK, chain: 'cardano', board: 'average_effectivity' }, 1, 1000);
    expect(direct.rows.map(({ name: _n, ...r }) => r)).toEqual(saturday.map(({ name: _n, ...r }) => r));
  });

  it('is kept across a quest claim (topic halls) and dropped by a settled day (topic halls_days, migration 0027)', async () => {
    const onBoard = async (p: Player) => (await board(k)).json<HallOfFameResponse>().rows.some((r) => r.user_id === p.userId);
    expect(await onBoard(part)).toBe(true);
    // part's reports change behind the cache's back (nothing notifies halls_days)
    await exec(k.db.orm, sql`UPDATE mine_daily SET workers_worked = 0 WHERE user_id = ${part.userId}`);
    // a claim committed elsewhere: the quests board hears it (so the notification has come) …
    await exec(k.db.orm, sql`INSERT INTO quest_claims (user_id, quest_id, quest_key, idempotency_key, rewards, claimed_at)
      VALUES (${full.userId}, 'daily-2026-11-30-0', 'd_assign_1', ${crypto.randomUUID()}, '[]'::jsonb, ${k.now()})`);
    const claimsBoard = () => k.get(`${PATHS.hallOfFame}?chain=cardano&board=quests_completed`);
    await expect.poll(async () => (await claimsBoard()).json<HallOfFameResponse>().rows.some((r) => r.user_id === full.userId), { timeout: 5_000 }).toBe(true);
    // … but the effectivity board is kept
    expect(await onBoard(part)).toBe(true);
    // a statement on game_days (as the tick's settled day) drops it in every process
    await exec(k.db.orm, sql`UPDATE game_days SET settled_at = settled_at WHERE day = ${addDays(WEEK, 5)}`);
    await expect.poll(() => onBoard(part), { timeout: 5_000 }).toBe(false);
  });
});

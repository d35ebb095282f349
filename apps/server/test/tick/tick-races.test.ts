/**
 * The tick never stalls (docs/architecture.md §4), race half: purchases and vote changes of the players the tick
 * pays, made while the day is being settled (between its batches, and at random moments while
 * batches run). Each must get a definite answer without waiting for the tick, and count exactly as
 * the rule says (docs/game-rules.md §3, the tick's TSDoc in jobs/settlement/index.ts): a purchase that commits
 * before the player's salary batch is paid from the balance the salary then sees (a worker goes
 * unpaid); one that commits after it sees the balance the salaries left (refused when short). A
 * vote lock sees the EXO reward only once the player's credit batch committed. Nothing is lost or
 * doubled: Σ ledger = balance, never negative, the day settled once, its sales in the next day's
 * royalty, paid exactly.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS } from '@kingdom/api';
import { addDays, dayStart, SHOP_ROYALTY_PERCENT, WORKER_SALARY_HEXO } from '@kingdom/game';
import { exec } from '../../src/db/client.ts';
import { ApiError } from '../../src/errors.ts';
import { loadConfig } from '../../src/config.ts';
import { applyTokenEntry } from '../../src/modules/ledger/ledger.ts';
import { settleDay, settleDueDays } from '../../src/jobs/settlement/index.ts';
import { lockVotes } from '../../src/modules/staking/service.ts';
import { purchase } from '../../src/modules/vendor/service.ts';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { auth, newPlayer, type Player } from '../support/players.ts';

const FIRST = '2026-11-10';
const DAY = addDays(FIRST); // the day the workers work, settled while the players write
const PLAYERS = 8;
const SALARY = WORKER_SALARY_HEXO.default;
const FOOD_PACK_HEXO = 100_000_000n; // the vendor's 100 FOOD pack costs 100 HEXO

type Outcome = 'ok' | string;
/** Runs a player's write; a refusal is an ApiError with its code, anything else fails the test. */
async function answer(write: Promise<unknown>): Promise<Outcome> {
  try {
    await write;
    return 'ok';
  } catch (e) {
    if (e instanceof ApiError) return e.code;
    throw e;
  }
}

/** Resolves with `p`, or rejects when it takes longer than `ms` (a write held behind the tick). */
async function promptly<T>(p: Promise<T>, ms = 15_000): Promise<T> {
  return Promise.race([p, sleep(ms).then(() => { throw new Error(`a player write waited ${ms} ms on the paused tick`); })]);
}

describe('player writes racing the tick', () => {
  let k: TestKingdom;
  const players: Player[] = [];
  beforeAll(async () => {
    k = await createTestKingdom({ start: new Date(dayStart(FIRST)) });
    for (let i = 0; i < PLAYERS; i++) {
      // two lands with a default worker each: 2 × 20 HEXO a day, from 130 HEXO
      const p = await newPlayer(k, { lands: 2, hexo: '130' });
      for (const land of p.lands) {
        const r = await k.post(PATHS.mineWorkers('goldmine'), { hex_name: land, slot: 1, worker: null }, auth(p));
        expect(r.statusCode, r.body).toBe(200);
      }
      players.push(p);
    }
    await settleDueDays(k.db, new Date(dayStart(DAY) + 1000)); // FIRST: the workers were assigned at its start, not before
  });
  afterAll(async () => { await k?.close(); });

  it('each write is answered at once and counted before or after the player’s batch, never lost or doubled', async () => {
    const midnight = dayStart(addDays(DAY));
    const during = new Date(midnight + 60_000);
    const buys = new Map<number, Promise<Outcome>>();
    const votes = new Map<number, Promise<Outcome>>();
    const buy = (p: Player) => answer(purchase(k.db, p.userId, randomUUID(), { item: 'food_100', quantity: 1 }, during));
    const vote = (p: Player) => answer(lockVotes(k.db, p.userId, 1, k.now()));
    // half the players write while the tick is paused between two batches (the write must not wait
    // for it), the other half at random moments while batches run
    const paused = players.filter((_, i) => i % 2 === 0);
    const loose = players.filter((_, i) => i % 2 === 1);
    let salarySteps = 0;
    let creditSteps = 0;
    const pending: Promise<unknown>[] = [];
    const settled = settleDay(k.db, DAY, {
      batchUsers: 1,
      // one lane, so a paused step pauses the tick (with two, the other lane would settle the paused
      // players' batches meanwhile, and "before their batch" could not be arranged)
      lanes: 1,
      onStep: async (step) => {
        // batches are one user id each: after `middle` of them, the first half of the players is done
        const middle = players[PLAYERS / 2]!.userId;
        if (step === 'salaries' && ++salarySteps === middle) {
          for (const p of paused) buys.set(p.userId, Promise.resolve(await promptly(buy(p))));
        }
        if (step === 'credits' && ++creditSteps === middle) {
          for (const p of paused) votes.set(p.userId, Promise.resolve(await promptly(vote(p))));
        }
      },
    });
    for (const p of loose) {
      const b = sleep(Math.random() * 400).then(() => buy(p));
      const v = sleep(200 + Math.random() * 800).then(() => vote(p));
      buys.set(p.userId, b);
      votes.set(p.userId, v);
      pending.push(b, v);
    }
    expect(await settled).not.toBeNull();
    await Promise.all(pending);

    const seen = new Set<string>();
    for (const p of players) {
      const bought = await buys.get(p.userId)!;
      const [salary] = await exec<{ s: string }>(k.db.orm, sql`SELECT COALESCE(sum(amount), 0)::text AS s FROM ledger_entries
        WHERE user_id = ${p.userId} AND reason = 'goldmine_salary' AND reference = ${DAY}`);
      const [hexo] = await exec<{ a: string }>(k.db.orm, sql`SELECT amount::text AS a FROM balances WHERE user_id = ${p.userId} AND token = 'hexo'`);
      if (bought === 'ok') {
        // the purchase came first: 30 HEXO left, one worker paid, the other unpaid
        expect(BigInt(salary!.s), `player ${p.userId}`).toBe(-SALARY);
        expect(BigInt(hexo!.a)).toBe(130_000_000n - FOOD_PACK_HEXO - SALARY);
        seen.add('purchase before salary');
      } else {
        // the salaries came first: 90 HEXO left, too little for the pack
        expect(bought).toBe('VENDOR_NOT_ENOUGH_BALANCE');
        expect(BigInt(salary!.s), `player ${p.userId}`).toBe(-2n * SALARY);
        expect(BigInt(hexo!.a)).toBe(130_000_000n - 2n * SALARY);
        seen.add('salary before purchase');
      }
      const locked = await votes.get(p.userId)!;
      const [exo] = await exec<{ reward: string; locked: string }>(k.db.orm, sql`SELECT
        COALESCE(sum(amount) FILTER (WHERE reason = 'goldmine_reward'), 0)::text AS reward,
        COALESCE(-sum(amount) FILTER (WHERE reason <> 'goldmine_reward'), 0)::text AS locked
        FROM ledger_entries WHERE user_id = ${p.userId} AND asset = 'exo'`);
      expect(BigInt(exo!.reward)).toBeGreaterThan(0n);
      if (locked === 'ok') {
        expect(BigInt(exo!.locked)).toBe(1_000_000n);
        seen.add('vote after reward');
      } else {
        expect(locked).toBe('VENDOR_NOT_ENOUGH_BALANCE');
        expect(BigInt(exo!.locked)).toBe(0n);
        seen.add('vote before reward');
      }
    }
    // the paused writes straddle the batch the tick stopped at: both orders happened
    expect([...seen].sort()).toEqual(['purchase before salary', 'salary before purchase', 'vote after reward', 'vote before reward']);

    const mismatches = await exec(k.db.orm, sql`
      SELECT b.user_id, b.token FROM balances b
      LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries GROUP BY 1, 2) e ON e.user_id = b.user_id AND e.asset = b.token
      WHERE b.amount <> COALESCE(e.sum, 0) OR b.amount < 0`);
    expect(mismatches).toEqual([]);
    expect(await exec(k.db.orm, sql`SELECT day FROM game_days WHERE day = ${DAY}`)).toHaveLength(1);
    expect(await settleDay(k.db, DAY)).toBeNull();

    // the sales made during the tick count in the next day's royalty, exactly
    const sales = await exec<{ royalty_day: string; amount: string }>(k.db.orm, sql`SELECT royalty_day, amount::text AS amount FROM vendor_purchases`);
    expect(sales.length).toBeGreaterThan(0);
    expect(new Set(sales.map((s) => s.royalty_day))).toEqual(new Set([addDays(DAY)]));
    await settleDueDays(k.db, new Date(dayStart(addDays(DAY, 2)) + 1000));
    const [paid] = await exec<{ total: string | null }>(k.db.orm, sql`SELECT sum(amount)::text AS total FROM ledger_entries
      WHERE reason = 'shop_royalty' AND reference = ${addDays(DAY)} AND asset = 'hexo'`);
    const total = sales.reduce((s, x) => s + BigInt(x.amount), 0n);
    expect(BigInt(paid!.total ?? '0')).toBe((total * SHOP_ROYALTY_PERCENT) / 100n);
  }, 120_000);
});

describe('a balance that moves between staging and the player’s salary batch', () => {
  let k: TestKingdom;
  let rich: Player;
  let short: Player;
  beforeAll(async () => {
    k = await createTestKingdom({ start: new Date(dayStart(FIRST)) });
    // two lands with a default worker each: 2 × 20 HEXO a day
    rich = await newPlayer(k, { lands: 2, hexo: '1000' });
    short = await newPlayer(k, { lands: 2, hexo: '30' });
    for (const p of [rich, short]) {
      for (const land of p.lands) {
        const r = await k.post(PATHS.mineWorkers('goldmine'), { hex_name: land, slot: 1, worker: null }, auth(p));
        expect(r.statusCode, r.body).toBe(200);
      }
    }
    await settleDueDays(k.db, new Date(dayStart(DAY) + 1000));
  });
  afterAll(async () => { await k?.close(); });

  it('is paid from the balance as it is at the batch: a covered player as staged, a short one computed again', async () => {
    const during = new Date(dayStart(addDays(DAY)) + 60_000);
    // one player per batch, two batches at once on Postgres (SETTLE_LANES=2)
    const settled = await settleDay(k.db, DAY, {
      batchUsers: 1,
      lanes: 2,
      onStep: async (step) => {
        if (step !== 'staged') return;
        // staged: the rich player pays both workers, the short one one; now the rich player spends
        // (still covered) and the short one is credited enough for both
        expect(await answer(purchase(k.db, rich.userId, randomUUID(), { item: 'food_100', quantity: 1 }, during))).toBe('ok');
        await k.db.orm.transaction((tx) => applyTokenEntry(tx, { userId: short.userId, token: 'hexo', amount: 100_000_000n, reason: 'test_credit', reference: DAY, at: during }));
      },
    });
    expect(settled).not.toBeNull();
    const paid = async (p: Player) => {
      const [row] = await exec<{ salary: string; hexo: string; worked: number }>(k.db.orm, sql`SELECT
        (SELECT COALESCE(sum(amount), 0)::text FROM ledger_entries WHERE user_id = ${p.userId} AND reason = 'goldmine_salary' AND reference = ${DAY}) AS salary,
        (SELECT amount::text FROM balances WHERE user_id = ${p.userId} AND token = 'hexo') AS hexo,
        (SELECT COALESCE(sum(workers_worked), 0)::int FROM mine_day_reports WHERE user_id = ${p.userId} AND day = ${DAY} AND mine = 'goldmine') AS worked`);
      return { salary: BigInt(row!.salary), hexo: BigInt(row!.hexo), worked: row!.worked };
    };
    expect(await paid(rich)).toEqual({ salary: -2n * SALARY, hexo: 1000_000_000n - FOOD_PACK_HEXO - 2n * SALARY, worked: 2 });
    expect(await paid(short)).toEqual({ salary: -2n * SALARY, hexo: 130_000_000n - 2n * SALARY, worked: 2 });
    const mismatches = await exec(k.db.orm, sql`
      SELECT b.user_id, b.token FROM balances b
      LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries GROUP BY 1, 2) e ON e.user_id = b.user_id AND e.asset = b.token
      WHERE b.amount <> COALESCE(e.sum, 0) OR b.amount < 0`);
    expect(mismatches).toEqual([]);
  }, 120_000);
});

describe('the tick’s concurrency settings', () => {
  it('are read from SETTLE_LANES and SETTLE_PARALLEL_WORKERS, unset by default, bad values refused', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).settlement).toEqual({});
    expect(loadConfig({ DATA_DIR: 'memory://', SETTLE_LANES: '2', SETTLE_PARALLEL_WORKERS: '0' }).settlement).toEqual({ lanes: 2, parallelWorkers: 0 });
    expect(() => loadConfig({ SETTLE_LANES: '0' })).toThrow(/SETTLE_LANES/);
    expect(() => loadConfig({ SETTLE_PARALLEL_WORKERS: 'two' })).toThrow(/SETTLE_PARALLEL_WORKERS/);
  });
});

/**
 * Two rules of the daily tick at their exact edges, on both databases (docs/game-rules.md §1.6,
 * §3.7, §6.4):
 *
 * 1. "Still covered" at one unit short. A player whose HEXO moved between the tick's staging and the
 *    player's salary batch is paid as staged only while the balance still covers the day's salaries
 *    (balance ≥ need, `stillCoveredSql` in jobs/settlement/rule-sql.ts); otherwise the batch computes
 *    the player again from the balance as it is. At exactly the need everyone is paid (to 0 HEXO);
 *    at need − 1 base unit the last worker in pay order goes unpaid and the balance never goes
 *    below zero; the day settles either way.
 * 2. The royalty gate moves every day. A sale stamped on a day whose sales the tick had already
 *    closed when the sale began counts in the first day not yet closed (`royaltyDay`,
 *    `royalty_gate`), on every day: over three days, a sale stamped late on each day after its tick
 *    counts, and is paid, in the next day's shop royalty.
 *
 * Proven (one-line mutations, each made alone, failing this file on PGlite and Postgres):
 *   rule-sql.ts stillCoveredSql `${x}.hexo >= need` → `${x}.hexo + 1 >= need`       need − 1 (the batch throws: see below)
 *   rule-sql.ts stillCoveredSql: the balance check dropped (`AND ${covers}` removed)  need − 1
 *   vendor/repository.ts closeDaySales: `(closed IS NULL OR closed < day)` → `closed IS NULL` (closes once, stays) the royalty days
 *   vendor/repository.ts closeDaySales: `… AND false` (never closes)                     the royalty days
 * With `+ 1 >=` the need − 1 player is charged as staged: the batch's ledger statement would take
 * the balance to −1 and fails on the balance's non-negative check, so the tick stops at that batch,
 * and every retry fails the same way until the balance moves again — a stalled tick. The rule as
 * written (`>=`) computes the player again and never stalls.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS } from '@kingdom/api';
import { addDays, dayStart, SHOP_ROYALTY_PERCENT, WORKER_SALARY_HEXO } from '@kingdom/game';
import { exec } from '../../src/db/client.ts';
import { applyTokenEntry } from '../../src/modules/ledger/ledger.ts';
import { settleDay, settleDueDays } from '../../src/jobs/settlement/index.ts';
import { purchase } from '../../src/modules/vendor/service.ts';
import { createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { auth, newPlayer, type Player } from '../support/players.ts';

const FIRST = '2026-11-10';
const DAY = addDays(FIRST); // the day whose salaries meet the moved balances
const SALARY = WORKER_SALARY_HEXO.default;
const FOOD_PACK_HEXO = 100_000_000n; // the vendor's 100 FOOD pack costs 100 HEXO

let k: TestKingdom;
const players: Player[] = [];
beforeAll(async () => {
  k = await createTestKingdom({ start: new Date(dayStart(FIRST)) });
  // three players, two lands each with a default worker: 2 × 20 HEXO a day
  for (let i = 0; i < 3; i++) {
    const p = await newPlayer(k, { lands: 2, hexo: '1000' });
    for (const land of p.lands) {
      const r = await k.post(PATHS.mineWorkers('goldmine'), { hex_name: land, slot: 1, worker: null }, auth(p));
      expect(r.statusCode, r.body).toBe(200);
    }
    players.push(p);
  }
  await settleDueDays(k.db, new Date(dayStart(DAY) + 1000)); // FIRST: the workers were assigned at its start, not before it
});
afterAll(async () => { await k?.close(); });

const hexoOf = async (userId: number) => BigInt((await exec<{ a: string }>(k.db.orm, sql`SELECT amount::text AS a FROM balances WHERE user_id = ${userId} AND token = 'hexo'`))[0]?.a ?? '0');
/** Sets `userId`'s HEXO to exactly `target` through the ledger (a test debit). */
async function setHexo(userId: number, target: bigint, at: Date): Promise<void> {
  const now = await hexoOf(userId);
  await k.db.orm.transaction((tx) => applyTokenEntry(tx, { userId, token: 'hexo', amount: target - now, reason: 'test_debit', reference: `${userId}-${target}`, at }));
}
const ledgerMatchesBalances = () => exec(k.db.orm, sql`
  SELECT b.user_id, b.token FROM balances b
  LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries GROUP BY 1, 2) e ON e.user_id = b.user_id AND e.asset = b.token
  WHERE b.amount <> COALESCE(e.sum, 0) OR b.amount < 0`);

describe(`the tick at its edges (${TEST_DB})`, () => {
  it('still covered at one unit short: a balance moved to exactly the need pays everyone; to need − 1 the last worker goes unpaid, and the day settles', async () => {
    const [atNeed, short, moved] = players as [Player, Player, Player];
    const during = new Date(dayStart(addDays(DAY)) + 60_000);
    const needs = new Map<number, bigint>();
    const staked = new Map<number, bigint>();
    const settled = await settleDay(k.db, DAY, {
      batchUsers: 1, // one player a batch: every move happens between staging and the player's batch
      onStep: async (step) => {
        if (step !== 'staged') return;
        // the staged need of each player (both workers paid from HEXO) and the day's staking HEXO it sees
        for (const p of players) {
          const [r] = await exec<{ need: string; hexo: string; staked: string }>(k.db.orm, sql`SELECT
            (SELECT sum(need)::text FROM settle_user WHERE user_id = ${p.userId} AND mine = 'goldmine') AS need,
            (SELECT sum(hexo)::text FROM settle_user WHERE user_id = ${p.userId} AND mine = 'goldmine') AS hexo,
            (SELECT COALESCE(sum(amount), 0)::text FROM staking_daily WHERE day = ${DAY} AND user_id = ${p.userId} AND token = 'hexo') AS staked`);
          expect(BigInt(r!.need), 'two workers staged').toBe(2n * SALARY);
          expect(BigInt(r!.hexo), 'both paid at staging').toBe(2n * SALARY);
          needs.set(p.userId, BigInt(r!.need) - BigInt(r!.staked));
          staked.set(p.userId, BigInt(r!.staked));
        }
        await setHexo(atNeed.userId, needs.get(atNeed.userId)!, during);
        await setHexo(short.userId, needs.get(short.userId)! - 1n, during);
        // moved but still well covered: paid as staged
        expect(await purchase(k.db, moved.userId, randomUUID(), { item: 'food_100', quantity: 1 }, during)).toMatchObject({ token: 'hexo' });
      },
    });
    expect(settled, 'the day settles').not.toBeNull();
    expect(await exec(k.db.orm, sql`SELECT day FROM game_days WHERE day = ${DAY}`)).toHaveLength(1);
    const paid = async (p: Player) => {
      const [row] = await exec<{ salary: string; worked: number; warned: number }>(k.db.orm, sql`SELECT
        (SELECT COALESCE(sum(amount), 0)::text FROM ledger_entries WHERE user_id = ${p.userId} AND reason = 'goldmine_salary' AND reference = ${DAY}) AS salary,
        (SELECT COALESCE(sum(workers_worked), 0)::int FROM mine_day_reports WHERE user_id = ${p.userId} AND day = ${DAY} AND mine = 'goldmine') AS worked,
        (SELECT count(*)::int FROM notifications WHERE user_id = ${p.userId} AND type = 'not_enough_balance' AND data->>'day' = ${DAY}) AS warned`);
      return { salary: BigInt(row!.salary), worked: row!.worked, unpaidNotice: row!.warned > 0, hexo: await hexoOf(p.userId) };
    };
    expect(await paid(atNeed), 'exactly the need: both paid, 0 HEXO left').toEqual({ salary: -2n * SALARY, worked: 2, unpaidNotice: false, hexo: 0n });
    expect(await paid(short), 'need − 1: one paid, the other not').toEqual({ salary: -SALARY, worked: 1, unpaidNotice: true, hexo: SALARY - 1n });
    // (the workers were not on FIRST's roster: nothing was paid before DAY)
    expect(await paid(moved), 'moved, still covered: as staged').toEqual({ salary: -2n * SALARY, worked: 2, unpaidNotice: false, hexo: 1000_000_000n + staked.get(moved.userId)! - FOOD_PACK_HEXO - 2n * SALARY });
    expect(await ledgerMatchesBalances()).toEqual([]);
    expect(await settleDay(k.db, DAY)).toBeNull();
  }, 180_000);

  it('the royalty gate moves every day: a sale stamped on each day after its tick closed it counts, and is paid, in the next day', async () => {
    const buyer = players[2]!;
    await setHexo(buyer.userId, 10_000_000_000n, new Date(dayStart(addDays(DAY))));
    const days = [addDays(DAY, 1), addDays(DAY, 2), addDays(DAY, 3)];
    const buy = async (at: number) => purchase(k.db, buyer.userId, randomUUID(), { item: 'food_100', quantity: 1 }, new Date(at));
    const royaltyDayOf = async (purchaseId: number) => (await exec<{ d: string }>(k.db.orm, sql`SELECT royalty_day AS d FROM vendor_purchases WHERE id = ${purchaseId}`))[0]!.d;
    const royaltyPaid = async (day: string) => BigInt((await exec<{ t: string }>(k.db.orm, sql`SELECT COALESCE(sum(amount), 0)::text AS t FROM ledger_entries
      WHERE reason = 'shop_royalty' AND reference = ${day} AND asset = 'hexo'`))[0]!.t);
    // the sales already counted in these days (the purchase made while DAY was settled counts in the day after it)
    const sales = new Map<string, bigint>();
    for (const d of days) {
      sales.set(d, BigInt((await exec<{ t: string }>(k.db.orm, sql`SELECT COALESCE(sum(amount), 0)::text AS t FROM vendor_purchases WHERE royalty_day = ${d} AND token = 'hexo'`))[0]!.t));
    }
    for (const [i, day] of days.entries()) {
      // a sale in the day, before its tick: counts in its own day
      const inDay = await buy(dayStart(day) + 12 * 3_600_000);
      expect(await royaltyDayOf(inDay.purchase_id)).toBe(day);
      sales.set(day, sales.get(day)! + BigInt(inDay.amount));
      expect(await settleDay(k.db, day)).not.toBeNull();
      // the day's royalty: exactly 5 % of its sales, the late sale of the day before included
      expect(await royaltyPaid(day), `royalty of ${day}`).toBe((sales.get(day)! * SHOP_ROYALTY_PERCENT) / 100n);
      if (i === days.length - 1) break;
      // stamped in the last 100 ms of the day, begun after the tick closed it: the next day's
      const late = await buy(dayStart(addDays(day)) - 100);
      expect(await royaltyDayOf(late.purchase_id), `a late sale of ${day}`).toBe(days[i + 1]);
      sales.set(days[i + 1]!, sales.get(days[i + 1]!)! + BigInt(late.amount));
    }
    const [gate] = await exec<{ closed: string }>(k.db.orm, sql`SELECT value->>'closed' AS closed FROM app_settings WHERE key = 'royalty_gate'`);
    expect(gate!.closed).toBe(days.at(-1));
    expect(await ledgerMatchesBalances()).toEqual([]);
  }, 180_000);
});

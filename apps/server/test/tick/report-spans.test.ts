/**
 * Report spans (migration 0013, docs/architecture.md §4): a land's mine report is stored once per run of days with
 * the same numbers, and `mine_day_reports` answers one row per settled day. These cases reach the
 * span edges the generated worlds of `settlement-model.test.ts` rarely do: a day whose only change is
 * the weights of the worked slots (a worker moved into the manager slot: same count, same salary), and
 * a land whose workers all left (its span ends); the kept rosters summed again under new rules; and
 * the rosters' warm-up between ticks (workers that leave or join after it). Judge: each day's report EXO equals the
 * `goldmine_reward` the ledger credited that day, and a settled day's rows never change afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS, type WorkerNft } from '@kingdom/api';
import { addDays } from '@kingdom/game';
import { newPlayer, auth, type Player } from '../support/players.ts';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { exec } from '../../src/db/client.ts';
import { warmRosters } from '../../src/jobs/settlement/index.ts';

const assign = (k: TestKingdom, p: Player, hex_name: string, slot: number, worker: WorkerNft) =>
  k.post(PATHS.mineWorkers('goldmine'), { hex_name, slot, worker: { collection_key: worker.collection_key, asset_key: worker.asset_key } }, auth(p));
const tick = async (k: TestKingdom) => (await k.post(PATHS.demoTick, { days: 1 })).json<{ settled: string[] }>().settled[0]!;

/** Per settled day: the report's EXO and worked slots for `p`'s land, beside what the ledger paid `p` that day. */
async function days(k: TestKingdom, p: Player): Promise<Array<{ day: string; exo: string; worked: number; paid: string }>> {
  return exec(k.db.orm, sql`
    SELECT r.day, r.exo_mined::text AS exo, r.workers_worked AS worked,
      (SELECT COALESCE(sum(amount), 0) FROM ledger_entries e WHERE e.user_id = ${p.userId} AND e.reason = 'goldmine_reward' AND e.reference = r.day)::text AS paid
    FROM mine_day_reports r JOIN lands l ON l.id = r.land_id
    WHERE r.mine = 'goldmine' AND l.hex_name = ${p.lands[0]!} ORDER BY r.day`);
}

describe('report spans', () => {
  let k: TestKingdom;
  let p: Player;
  let q: Player;
  beforeAll(async () => {
    k = await createTestKingdom();
    p = await newPlayer(k, { lands: 1, workers: 2, rarity: 'common', hexo: '1000' });
    q = await newPlayer(k, { lands: 1, workers: 1, rarity: 'common', hexo: '1000' });
    await exec(k.db.orm, sql`UPDATE lands SET goldmine_level = 10, size = 'SUPERLARGE' WHERE hex_name = ${p.lands[0]!}`);
    for (const [who, slot, w] of [[p, 1, p.workers[0]!], [p, 2, p.workers[1]!], [q, 1, q.workers[0]!]] as const) {
      expect((await assign(k, who, who.lands[0]!, slot, w)).statusCode).toBe(200);
    }
  });
  afterAll(async () => { await k?.close(); });

  it('a day whose only change is the weights starts a new span; every day reports what the ledger paid', async () => {
    await tick(k); // the day they were assigned: not on the roster yet
    const same1 = await tick(k);
    const same2 = await tick(k);
    // Same count, same salaries; now slot 1 gets the manager's +10 % (slot 10 is the manager slot).
    await exec(k.db.orm, sql`UPDATE mine_workers SET slot = 10 WHERE slot = 2 AND land_id = (SELECT id FROM lands WHERE hex_name = ${p.lands[0]!})`);
    const boosted = await tick(k);
    const seen = await days(k, p);
    const on = (d: string) => seen.find((r) => r.day === d)!;
    for (const d of [same1, same2, boosted]) {
      expect(on(d).worked).toBe(2);
      expect(on(d).exo).toBe(on(d).paid);
    }
    expect(on(same2).exo).toBe(on(same1).exo);
    expect(BigInt(on(boosted).exo)).toBeGreaterThan(BigInt(on(same2).exo));
    const spans = await exec<{ first_day: string; last_day: string | null }>(k.db.orm, sql`
      SELECT d.first_day, d.last_day FROM mine_daily d JOIN lands l ON l.id = d.land_id
      WHERE d.mine = 'goldmine' AND l.hex_name = ${p.lands[0]!} ORDER BY d.first_day`);
    expect(spans).toEqual([{ first_day: same1, last_day: same2 }, { first_day: boosted, last_day: null }]);
  });

  it('a land whose workers all left has no report after its span ends, and earlier days keep theirs', async () => {
    const before = await days(k, p);
    await exec(k.db.orm, sql`DELETE FROM mine_workers WHERE land_id = (SELECT id FROM lands WHERE hex_name = ${p.lands[0]!})`);
    const empty = await tick(k);
    const after = await days(k, p);
    expect(after.find((r) => r.day === empty)).toBeUndefined();
    expect(after).toEqual(before);
    // q's land kept working alone: its report is the whole pool, as paid
    const [qr] = await exec<{ exo: string; paid: string }>(k.db.orm, sql`
      SELECT r.exo_mined::text AS exo, (SELECT sum(amount) FROM ledger_entries e WHERE e.user_id = ${q.userId} AND e.reason = 'goldmine_reward' AND e.reference = ${empty})::text AS paid
      FROM mine_day_reports r WHERE r.day = ${empty} AND r.user_id = ${q.userId} AND r.mine = 'goldmine'`);
    expect(qr!.exo).toBe(qr!.paid);
  });

  it('kept rosters (migration 0016) are all summed again when the rules they were summed with are not the running ones', async () => {
    const salary = async (day: string) => (await exec<{ s: string }>(k.db.orm, sql`
      SELECT COALESCE(sum(amount), 0)::text AS s FROM ledger_entries WHERE user_id = ${q.userId} AND reason = 'goldmine_salary' AND reference = ${day}`))[0]!.s;
    const before = await tick(k);
    expect(BigInt(await salary(before))).toBeLessThan(0n);
    // rosters summed with other salaries: were they kept, q would pay 1 base unit and mine nothing
    await exec(k.db.orm, sql`UPDATE mine_rosters SET salary = 1, units = 0`);
    await exec(k.db.orm, sql`UPDATE app_settings SET value = '"older rules"'::jsonb WHERE key = 'mine_rosters_rules'`);
    const after = await tick(k);
    expect(await salary(after)).toBe(await salary(before));
    const [qr] = await exec<{ exo: string; paid: string }>(k.db.orm, sql`
      SELECT r.exo_mined::text AS exo, (SELECT sum(amount) FROM ledger_entries e WHERE e.user_id = ${q.userId} AND e.reason = 'goldmine_reward' AND e.reference = ${after})::text AS paid
      FROM mine_day_reports r WHERE r.day = ${after} AND r.user_id = ${q.userId} AND r.mine = 'goldmine'`);
    expect(BigInt(qr!.exo)).toBeGreaterThan(0n);
    expect(qr!.exo).toBe(qr!.paid);
    const [kept] = await exec<{ value: string }>(k.db.orm, sql`SELECT value #>> '{}' AS value FROM app_settings WHERE key = 'mine_rosters_rules'`);
    expect(kept!.value).not.toBe('older rules');
  });
});

describe('the rosters\' warm-up between ticks (jobs/settlement/rosters.ts warmRosters)', () => {
  let k: TestKingdom;
  let r: Player;
  const salary = async (day: string) => BigInt((await exec<{ s: string }>(k.db.orm, sql`
    SELECT COALESCE(sum(amount), 0)::text AS s FROM ledger_entries WHERE user_id = ${r.userId} AND reason = 'goldmine_salary' AND reference = ${day}`))[0]!.s);
  const worked = async (day: string) => (await exec<{ n: number }>(k.db.orm, sql`
    SELECT COALESCE(sum(workers_worked), 0)::int AS n FROM mine_day_reports WHERE user_id = ${r.userId} AND mine = 'goldmine' AND day = ${day}`))[0]!.n;
  beforeAll(async () => {
    k = await createTestKingdom();
    r = await newPlayer(k, { lands: 1, workers: 3, rarity: 'common', hexo: '1000' });
    await exec(k.db.orm, sql`UPDATE lands SET goldmine_level = 10, size = 'SUPERLARGE' WHERE hex_name = ${r.lands[0]!}`);
    for (const slot of [1, 2]) expect((await assign(k, r, r.lands[0]!, slot, r.workers[slot - 1]!)).statusCode).toBe(200);
  });
  afterAll(async () => { await k?.close(); });

  it('a worker that leaves after the warm-up is not paid that day, one that joins after it is paid from the next', async () => {
    await tick(k); // the day they were assigned
    const both = await tick(k);
    const one = -(await salary(both)) / 2n;
    expect(one).toBeGreaterThan(0n);
    expect(await worked(both)).toBe(2);
    // during the next day: the warm-up, then one worker leaves and another joins
    expect(await warmRosters(k.db, k.now())).toBe(addDays(both));
    expect((await k.post(PATHS.mineWorkersRemove('goldmine'), { hex_name: r.lands[0]!, slot: 2 }, auth(r))).statusCode).toBe(200);
    expect((await assign(k, r, r.lands[0]!, 3, r.workers[2]!)).statusCode).toBe(200);
    const left = await tick(k);
    expect(left).toBe(addDays(both));
    expect(await salary(left)).toBe(-one);
    expect(await worked(left)).toBe(1);
    // warmed up twice in a day: the same rosters
    expect(await warmRosters(k.db, k.now())).toBe(addDays(left));
    expect(await warmRosters(k.db, k.now())).toBe(addDays(left));
    const joined = await tick(k);
    expect(await salary(joined)).toBe(-2n * one);
    expect(await worked(joined)).toBe(2);
  });

  it('does nothing while a day is due: the tick brings the rosters to that day itself', async () => {
    const [last] = await exec<{ day: string }>(k.db.orm, sql`SELECT max(day) AS day FROM game_days`);
    expect(await warmRosters(k.db, new Date(k.now().getTime() + 2 * 86_400_000))).toBeNull();
    const [still] = await exec<{ day: string }>(k.db.orm, sql`SELECT max(day) AS day FROM game_days`);
    expect(still!.day).toBe(last!.day);
  });

  it('rosters kept for a later day than the one settled are all summed again', async () => {
    const before = await tick(k);
    // kept as if warmed up for a day after the next one, with sums that would pay 1 base unit and mine nothing
    await exec(k.db.orm, sql`UPDATE mine_rosters SET salary = 1, units = 0`);
    await exec(k.db.orm, sql`UPDATE app_settings SET value = to_jsonb('2100-01-01T00:00:00.000Z'::text) WHERE key = 'mine_rosters_start'`);
    const after = await tick(k);
    expect(await salary(after)).toBe(await salary(before));
    expect(await worked(after)).toBe(2);
    const [kept] = await exec<{ value: string }>(k.db.orm, sql`SELECT value #>> '{}' AS value FROM app_settings WHERE key = 'mine_rosters_start'`);
    expect(Date.parse(kept!.value)).toBeLessThan(Date.parse('2100-01-01T00:00:00.000Z'));
  });
});

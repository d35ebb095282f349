import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { PATHS, type MinesResponse, type NotificationsResponse, type ReportResponse, type WorkerNft } from '@kingdom/api';
import { GOLD_RUSH_DAILY_POOL_EXO, FREN_DAILY_POOL_EXO, WORKER_SALARY_HEXO, FREN_SALARY_FOOD, sharePool, WORKER_WEIGHT_CENTI, gameDay, addDays } from '@kingdom/game';
import { newPlayer, auth, type Player } from '../support/players.ts';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { exec } from '../../src/db/client.ts';
import { settleDay, settleDueDays } from '../../src/jobs/settlement/index.ts';

const DAY = 86_400_000;

const assign = (k: TestKingdom, p: Player, hex_name: string, slot: number, worker: WorkerNft | null, mine = 'goldmine') =>
  k.post(PATHS.mineWorkers(mine as 'goldmine'), { hex_name, slot, worker: worker && { collection_key: worker.collection_key, asset_key: worker.asset_key } }, auth(p));
const balance = async (k: TestKingdom, p: Player, token: string) => BigInt((await k.get(PATHS.balance(token), p.token)).json<{ balance: string }>().balance);
/** HEXO without the daily staking rewards (docs/game-rules.md §5: worker NFTs held 24 h earn them too), i.e. what the mines moved. */
const hexoWithoutStaking = async (k: TestKingdom, p: Player) => {
  const [r] = await exec<{ s: string }>(k.db.orm, sql`SELECT COALESCE(sum(amount), 0)::text AS s FROM ledger_entries WHERE user_id = ${p.userId} AND asset = 'hexo' AND reason = 'staking_reward'`);
  return (await balance(k, p, 'hexo')) - BigInt(r!.s);
};
const tick = (k: TestKingdom, days = 1) => k.post(PATHS.demoTick, { days });

async function ledgerMismatches(k: TestKingdom): Promise<unknown[]> {
  return exec(k.db.orm, sql`
    SELECT b.user_id, b.token, b.amount::text AS balance, COALESCE(e.sum, 0)::text AS ledger FROM balances b
    LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries GROUP BY 1, 2) e ON e.user_id = b.user_id AND e.asset = b.token
    WHERE b.amount <> COALESCE(e.sum, 0) OR b.amount < 0`);
}

describe('gold mines: workers, the daily tick, upgrades', () => {
  let k: TestKingdom;
  let p: Player;
  beforeAll(async () => {
    k = await createTestKingdom();
    p = await newPlayer(k, { lands: 2, workers: 3, rarity: 'common', hexo: '100', items: { toolkit_2: 1 } });
  });
  afterAll(async () => { await k?.close(); });

  it("lists the player's mines: level 1, slot 1 open, slots 2–10 closed", async () => {
    const { mines } = (await k.get(PATHS.mines('goldmine'), p.token)).json<MinesResponse>();
    expect(mines.map((m) => m.land.hex_name).sort()).toEqual([...p.lands].sort());
    expect(mines[0]!.level).toBe(1);
    expect(mines[0]!.slots.filter((s) => s.open).map((s) => s.slot)).toEqual([1]);
    expect(mines[0]!.slots.find((s) => s.slot === 10)?.manager).toBe(true);
    expect(p.workers).toHaveLength(3);
    expect(p.workers.every((w) => w.rarity === 'common' && w.assigned === null)).toBe(true);
  });

  it('answers every assignment rule with its spec code, and changes nothing on failure', async () => {
    const [a, b] = p.lands as [string, string];
    const other = await newPlayer(k, { lands: 1, workers: 1, rarity: 'rare' });
    const code = async (res: Promise<{ json: () => { error?: string } }>) => (await res).json().error;
    expect(await code(assign(k, p, a, 2, p.workers[0]!))).toBe('SLOT_NOT_AVAILABLE');
    expect((await assign(k, p, a, 1, p.workers[0]!)).statusCode).toBe(200);
    expect(await code(assign(k, p, a, 1, p.workers[1]!))).toBe('SLOT_ALREADY_USE');
    expect(await code(assign(k, p, b, 1, { ...p.workers[1]!, asset_key: 'ff00' }))).toBe('NOT_VALID_WORKER');
    expect(await code(assign(k, p, b, 1, other.workers[0]!))).toBe('WORKER_NOT_BELONG_USER');
    expect(await code(assign(k, p, b, 1, p.workers[0]!))).toBe('WORKER_IS_SET');
    expect(await code(assign(k, p, other.lands[0]!, 1, p.workers[1]!))).toBe('LAND_NOT_BELONG_TO_USER');
    await exec(k.db.orm, sql`UPDATE lands SET goldmine_level = 10, size = 'SUPERLARGE' WHERE hex_name = ${other.lands[0]!}`);
    expect(await code(assign(k, other, other.lands[0]!, 10, null))).toBe('NOT_VALID_WORKER_RARITY');
    const nfts = (await k.get(PATHS.workerNfts, p.token)).json<{ workers: WorkerNft[] }>().workers;
    expect(nfts.filter((w) => w.assigned)).toEqual([expect.objectContaining({ asset_key: p.workers[0]!.asset_key, assigned: { mine: 'goldmine', hex_name: a, slot: 1 } })]);
    const rows = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM mine_workers WHERE mine = 'goldmine'`);
    expect(rows[0]!.n).toBe(1);
    const mine = (await k.get('/lands?my=true&page=1', p.token)).json<{ lands: Array<{ hex_name: string; workers: number }> }>();
    expect(mine.lands.find((l) => l.hex_name === a)?.workers).toBe(1);
  });

  it('a worker earns from its first full day: the whole pool, its salary charged, one report', async () => {
    const exoBefore = await balance(k, p, 'exo');
    const hexoBefore = await hexoWithoutStaking(k, p);
    const first = (await tick(k)).json<{ settled: string[] }>();
    expect(first.settled).toEqual([gameDay(k.now().getTime() - DAY)]);
    expect(await balance(k, p, 'exo')).toBe(exoBefore); // assigned that day: not yet working
    const second = (await tick(k)).json<{ settled: string[] }>();
    const day = second.settled[0]!;
    expect(await balance(k, p, 'exo')).toBe(exoBefore + GOLD_RUSH_DAILY_POOL_EXO);
    expect(await hexoWithoutStaking(k, p)).toBe(hexoBefore - WORKER_SALARY_HEXO.common);
    const report = (await k.get(PATHS.report('goldmine', day), p.token)).json<ReportResponse>();
    expect(report.totals).toEqual({ exo_mined: GOLD_RUSH_DAILY_POOL_EXO.toString(), salary_paid: WORKER_SALARY_HEXO.common.toString(), hexo_paid: WORKER_SALARY_HEXO.common.toString(), food_paid: '0', workers_worked: 1, workers: 1 });
    expect(report.rows[0]).toMatchObject({ hex_name: p.lands[0], open_slots: 1, workers_worked: 1, effectivity: 5 });
    const inbox = (await k.get(`${PATHS.notifications}?page=1`, p.token)).json<NotificationsResponse>();
    const reports = inbox.notifications.filter((n) => n.type === 'goldmine_daily_report');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.data).toMatchObject({ day, exo: GOLD_RUSH_DAILY_POOL_EXO.toString(), workers_worked: 1 });
    expect((await k.get(PATHS.notificationsCount, p.token)).json().count).toBe(inbox.unread);
    expect(await ledgerMismatches(k)).toEqual([]);
  });

  it('upgrades level 1 → 2 with the tier-2 toolkit: in progress, then success and a new slot', async () => {
    const a = p.lands[0]!;
    const up = await k.post(PATHS.mineUpgrade('goldmine'), { hex_name: a }, auth(p));
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ target_level: 2 });
    expect((await k.get(PATHS.inventoryItems, p.token)).json().items).toEqual([]);
    const again = await k.post(PATHS.mineUpgrade('goldmine'), { hex_name: a }, auth(p));
    expect(again.json().error).toBe('GOLDMINE_UPGRADE_IN_PROGRESS');
    const b = await k.post(PATHS.mineUpgrade('goldmine'), { hex_name: p.lands[1]! }, auth(p));
    expect(b.json().error).toBe('ITEM_NOT_EXIST_ON_BALANCE');
    let mine = (await k.get(PATHS.mines('goldmine'), p.token)).json<MinesResponse>().mines.find((m) => m.land.hex_name === a)!;
    expect(mine.upgrade).toMatchObject({ target_level: 2 });
    await tick(k);
    mine = (await k.get(PATHS.mines('goldmine'), p.token)).json<MinesResponse>().mines.find((m) => m.land.hex_name === a)!;
    expect(mine.level).toBe(2);
    expect(mine.upgrade).toBeNull();
    expect(mine.slots.filter((s) => s.open).map((s) => s.slot)).toEqual([1, 2]);
    const inbox = (await k.get(`${PATHS.notifications}?page=1`, p.token)).json<NotificationsResponse>();
    expect(inbox.notifications.find((n) => n.type === 'goldmine_upgrade_success')?.data).toMatchObject({ hex_name: a, level: 2 });
  });

  it('a worker whose NFT left the wallet leaves its slot at the tick', async () => {
    const a = p.lands[0]!;
    expect((await assign(k, p, a, 2, p.workers[1]!)).statusCode).toBe(200);
    await exec(k.db.orm, sql`DELETE FROM holdings WHERE asset_key = ${p.workers[1]!.asset_key}`);
    await tick(k);
    const mine = (await k.get(PATHS.mines('goldmine'), p.token)).json<MinesResponse>().mines.find((m) => m.land.hex_name === a)!;
    expect(mine.slots.find((s) => s.slot === 2)?.worker).toBeNull();
    const inbox = (await k.get(`${PATHS.notifications}?page=1`, p.token)).json<NotificationsResponse>();
    expect(inbox.notifications.find((n) => n.type === 'worker_left')?.data).toMatchObject({ hex_name: a, slot: 2, reason: 'nft_left' });
  });

  it('a worker whose NFT moved to another player leaves; a re-sync that keeps it logs nothing; each logged NFT is checked by two ticks', async () => {
    const a = p.lands[0]!;
    const other = await newPlayer(k, { lands: 1, workers: 0 });
    const logged = async () => (await exec<{ asset_key: string; checked: boolean }>(k.db.orm, sql`SELECT asset_key, checked FROM holdings_left ORDER BY id`));
    await tick(k);
    await tick(k);
    expect(await logged()).toEqual([]);
    expect((await assign(k, p, a, 2, p.workers[2]!)).statusCode).toBe(200);
    // a wallet sync upserts every holding it sees: the same player again is no leave
    await exec(k.db.orm, sql`UPDATE holdings SET quantity = quantity, user_id = user_id WHERE user_id = ${p.userId}`);
    expect(await logged()).toEqual([]);
    // the NFT now resolves to the other account (its wallet synced it)
    await exec(k.db.orm, sql`UPDATE holdings SET user_id = ${other.userId} WHERE asset_key = ${p.workers[2]!.asset_key}`);
    expect(await logged()).toEqual([{ asset_key: p.workers[2]!.asset_key, checked: false }]);
    await tick(k);
    const mine = (await k.get(PATHS.mines('goldmine'), p.token)).json<MinesResponse>().mines.find((m) => m.land.hex_name === a)!;
    expect(mine.slots.find((s) => s.slot === 2)?.worker).toBeNull();
    const inbox = (await k.get(`${PATHS.notifications}?page=1`, p.token)).json<NotificationsResponse>();
    expect(inbox.notifications.filter((n) => n.type === 'worker_left').map((n) => n.data)).toContainEqual(expect.objectContaining({ hex_name: a, slot: 2, reason: 'nft_left' }));
    expect(await logged()).toEqual([{ asset_key: p.workers[2]!.asset_key, checked: true }]);
    await tick(k);
    expect(await logged()).toEqual([]);
  });

  it('marks notifications read; the count follows', async () => {
    const before = (await k.get(PATHS.notificationsCount, p.token)).json().count;
    expect(before).toBeGreaterThan(0);
    const res = await k.post(PATHS.notificationsRead, { all: true }, auth(p));
    expect(res.json().updated).toBe(before);
    expect((await k.get(PATHS.notificationsCount, p.token)).json().count).toBe(0);
  });
});

describe('settlement runs exactly once', () => {
  let k: TestKingdom;
  let p: Player;
  let q: Player;
  beforeAll(async () => {
    k = await createTestKingdom();
    p = await newPlayer(k, { lands: 1, workers: 1, rarity: 'epic', hexo: '1000' });
    q = await newPlayer(k, { lands: 1, workers: 1, rarity: 'uncommon', hexo: '1000', food: '100' });
    expect((await assign(k, p, p.lands[0]!, 1, p.workers[0]!)).statusCode).toBe(200);
    expect((await assign(k, q, q.lands[0]!, 1, q.workers[0]!)).statusCode).toBe(200);
  });
  afterAll(async () => { await k?.close(); });

  it('two runs of the same day at once settle it once, pro rata by weight', async () => {
    const day = addDays(gameDay(k.now()), 1); // the first day both workers work
    const [r1, r2] = await Promise.all([settleDay(k.db, day), settleDay(k.db, day)]);
    expect([r1, r2].filter(Boolean)).toHaveLength(1);
    const [shareP, shareQ] = sharePool(GOLD_RUSH_DAILY_POOL_EXO, [WORKER_WEIGHT_CENTI.epic * 100n, WORKER_WEIGHT_CENTI.uncommon * 100n]);
    expect(await balance(k, p, 'exo')).toBe(shareP!);
    expect(await balance(k, q, 'exo')).toBe(shareQ!);
    expect(await hexoWithoutStaking(k, p)).toBe(1000_000_000n - WORKER_SALARY_HEXO.epic);
    expect(await settleDay(k.db, day)).toBeNull();
    expect(await balance(k, p, 'exo')).toBe(shareP!);
  });

  it('a run stopped half-way is finished by the next run, which pays exactly once', async () => {
    const day = addDays(gameDay(k.now()), 2);
    const exo = await balance(k, p, 'exo');
    const hexo = await hexoWithoutStaking(k, p);
    // stopped after its salary batches: salaries are debited, no reward yet, the day is not settled
    await expect(settleDay(k.db, day, { batchUsers: 1, onStep: (s) => { if (s === 'credits') throw new Error('injected fault'); } })).rejects.toThrow('injected fault');
    expect(await hexoWithoutStaking(k, p)).toBe(hexo - WORKER_SALARY_HEXO.epic);
    expect(await exec(k.db.orm, sql`SELECT day FROM game_days WHERE day = ${day}`)).toEqual([]);
    expect(await ledgerMismatches(k)).toEqual([]);
    expect(await settleDay(k.db, day)).not.toBeNull();
    const [shareP] = sharePool(GOLD_RUSH_DAILY_POOL_EXO, [WORKER_WEIGHT_CENTI.epic * 100n, WORKER_WEIGHT_CENTI.uncommon * 100n]);
    expect(await balance(k, p, 'exo')).toBe(exo + shareP!);
    expect(await hexoWithoutStaking(k, p)).toBe(hexo - WORKER_SALARY_HEXO.epic);
    expect(await settleDay(k.db, day)).toBeNull();
    expect(await exec(k.db.orm, sql`SELECT 1 FROM mine_day_reports WHERE day = ${day}`)).toHaveLength(2);
    expect(await ledgerMismatches(k)).toEqual([]);
  });

  it('a missed week is caught up day by day, in order', async () => {
    const [last] = await exec<{ day: string }>(k.db.orm, sql`SELECT max(day) AS day FROM game_days`);
    const settled = await settleDueDays(k.db, new Date(Date.parse(`${addDays(last!.day, 8)}T06:00:00Z`)));
    expect(settled.map((d) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(last!.day, i + 1)));
    const reports = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${p.userId} AND type = 'goldmine_daily_report'`);
    expect(reports[0]!.n).toBe(9); // one per settled day, never two
    expect(await ledgerMismatches(k)).toEqual([]);
  });
});

describe('salaries: not enough balance, low balance, fren mines', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k?.close(); });

  it('an unpaid worker does not work and the player is told; a low balance warns in days', async () => {
    const poor = await newPlayer(k, { lands: 1, hexo: '30' });
    expect((await assign(k, poor, poor.lands[0]!, 1, null)).statusCode).toBe(200); // default worker, 20 HEXO a day
    await tick(k, 2);
    expect(await hexoWithoutStaking(k, poor)).toBe(10_000_000n);
    const types = async () => (await k.get(`${PATHS.notifications}?page=1`, poor.token)).json<NotificationsResponse>().notifications.map((n) => n.type);
    expect(await types()).toContain('low_balance_warning');
    await tick(k);
    expect(await hexoWithoutStaking(k, poor)).toBe(10_000_000n);
    expect(await balance(k, poor, 'exo')).toBe(GOLD_RUSH_DAILY_POOL_EXO); // only the paid day earned
    expect(await types()).toContain('not_enough_balance');
  });

  it('frens are paid in FOOD, HEXO 1:1 where FOOD runs short, and share the fren pool', async () => {
    const f = await newPlayer(k, { lands: 1, workers: 2, rarity: 'common', food: '20', hexo: '100' });
    const fren = (w: WorkerNft, slot: number) => k.post(PATHS.mineWorkers('frenmine'), { hex_name: f.lands[0], slot, worker: { collection_key: w.collection_key, asset_key: w.asset_key } }, auth(f));
    expect((await fren(f.workers[0]!, 1)).statusCode).toBe(200);
    expect((await fren(f.workers[1]!, 2)).json().error).toBe('SLOT_NOT_AVAILABLE'); // fren mine level 1: one slot
    await tick(k, 3); // the assignment day, then two working days
    // day 1: 15 FOOD; day 2: the 5 FOOD left + 10 HEXO
    expect(await balance(k, f, 'food')).toBe(0n);
    expect(await hexoWithoutStaking(k, f)).toBe(100_000_000n - (2n * FREN_SALARY_FOOD - 20_000_000n));
    expect(await balance(k, f, 'exo')).toBeGreaterThanOrEqual(FREN_DAILY_POOL_EXO); // alone on the fren pool one day at least
    expect(await ledgerMismatches(k)).toEqual([]);
  });

  it('a worker leaves once, with the first reason: land gone before NFT gone; a collection below the threshold', async () => {
    const g = await newPlayer(k, { lands: 2, workers: 2, rarity: 'rare', hexo: '1000' });
    expect((await assign(k, g, g.lands[0]!, 1, g.workers[0]!)).statusCode).toBe(200);
    expect((await assign(k, g, g.lands[1]!, 1, g.workers[1]!)).statusCode).toBe(200);
    await tick(k);
    // The first land and its worker's NFT both leave the wallet: one notice, reason land_left.
    await exec(k.db.orm, sql`DELETE FROM holdings WHERE asset_key IN (
      SELECT asset_key FROM lands WHERE hex_name = ${g.lands[0]!} UNION ALL SELECT ${g.workers[0]!.asset_key})`);
    // A new snapshot puts the second worker's collection below the 250k qualification threshold.
    await exec(k.db.orm, sql`WITH s AS (INSERT INTO staking_snapshots (taken_at) VALUES (${k.now()}) RETURNING id)
      INSERT INTO snapshot_collections (snapshot_id, collection_id, votes, qualified)
      SELECT s.id, sc.collection_id, CASE WHEN c.collection_key = ${g.workers[1]!.collection_key} THEN 1000 ELSE sc.votes END, sc.qualified
      FROM s, snapshot_collections sc JOIN collections c ON c.id = sc.collection_id
      WHERE sc.snapshot_id = (SELECT max(id) FROM staking_snapshots WHERE id < s.id)`);
    await tick(k);
    const left = (await k.get(`${PATHS.notifications}?page=1`, g.token)).json<NotificationsResponse>().notifications
      .filter((n) => n.type === 'worker_left').map((n) => n.data);
    expect(left).toHaveLength(2);
    expect(left).toEqual(expect.arrayContaining([
      expect.objectContaining({ hex_name: g.lands[0], slot: 1, reason: 'land_left' }),
      expect.objectContaining({ hex_name: g.lands[1], slot: 1, reason: 'collection_below_threshold' }),
    ]));
    const workers = await exec(k.db.orm, sql`SELECT 1 FROM mine_workers WHERE mine = 'goldmine' AND user_id = ${g.userId}`);
    expect(workers).toEqual([]);
  });

  it('expands a land with a permit; a missing permit changes nothing', async () => {
    const e = await newPlayer(k, { lands: 1, items: { land_upgrade01: 1 } });
    await exec(k.db.orm, sql`UPDATE lands SET size = 'SMALL' WHERE hex_name = ${e.lands[0]!}`);
    const ok = await k.post(PATHS.landExpand(e.lands[0]!), {}, auth(e));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await k.get(PATHS.land(e.lands[0]!))).json().land.size).toBe('MEDIUM');
    const no = await k.post(PATHS.landExpand(e.lands[0]!), {}, auth(e));
    // the permit's own message, not the toolkit's (issue 36 item 13)
    expect(no.json()).toEqual({ error: 'PERMIT_NOT_EXIST_ON_BALANCE', message: 'We cannot find the required expansion permit in your App balance.' });
    expect((await k.get(PATHS.land(e.lands[0]!))).json().land.size).toBe('MEDIUM');
  });
});

describe('property: any sequence of actions and ticks keeps the books', () => {
  let k: TestKingdom;
  let players: Player[];
  beforeAll(async () => {
    k = await createTestKingdom();
    players = [
      await newPlayer(k, { lands: 2, workers: 3, rarity: 'rare', hexo: '45', food: '20' }),
      await newPlayer(k, { lands: 1, workers: 2, rarity: 'epic', hexo: '15' }),
    ];
  });
  afterAll(async () => { await k?.close(); });

  it('balances equal their ledger and stay ≥ 0; no worker is in two slots', async () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('assign' as const), p: fc.nat(1), land: fc.nat(1), slot: fc.integer({ min: 1, max: 3 }), worker: fc.integer({ min: -1, max: 2 }), mine: fc.constantFrom('goldmine', 'frenmine') }),
      fc.record({ kind: fc.constant('remove' as const), p: fc.nat(1), land: fc.nat(1), slot: fc.integer({ min: 1, max: 2 }) }),
      fc.record({ kind: fc.constant('tick' as const), days: fc.integer({ min: 1, max: 2 }) }),
    );
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
      for (const a of actions) {
        if (a.kind === 'tick') {
          expect((await tick(k, a.days)).statusCode).toBe(200);
          continue;
        }
        const pl = players[a.p]!;
        const hex = pl.lands[a.land % pl.lands.length]!;
        const res = a.kind === 'assign'
          ? await assign(k, pl, hex, a.slot, a.worker < 0 ? null : pl.workers[a.worker % pl.workers.length]!, a.mine)
          : await k.post(PATHS.mineWorkersRemove('goldmine'), { hex_name: hex, slot: a.slot }, auth(pl));
        expect([200, 400, 403, 409]).toContain(res.statusCode);
      }
      expect(await ledgerMismatches(k)).toEqual([]);
      const twice = await exec(k.db.orm, sql`SELECT collection_key, asset_key FROM mine_workers WHERE asset_key IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1`);
      expect(twice).toEqual([]);
    }), { numRuns: 6 });
  });
});

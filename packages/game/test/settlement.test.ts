import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { settleDay } from '../src/settlement/settle-day.ts';
import type { DayResult, World, WorldWorker } from '../src/settlement/world.ts';
import { LAND_POLICY_ID, landAssetName } from '../src/assets.ts';
import { addDays, dayStart } from '../src/days.ts';
import { ITEM_KINDS } from '../src/vendor/catalogue.ts';
import { FREN_DAILY_POOL_EXO } from '../src/mines/frenmine.ts';
import { MINE_RULES } from '../src/mines/kinds.ts';
import { TOKENS, toBaseUnits, type Token } from '../src/tokens/tokens.ts';
import { canonicalDayResult, worldArbitrary } from './support/world-arbitrary.ts';
import {
  DAY, NEXT, T0, H, END, BEFORE, hexo, POOL, land, holdLand, COLL, gold, fren, defaultWorker, nftOf, balancesOf, PLENTY, world,
} from './support/edge-worlds.ts';

const types = (r: DayResult, userId?: number) => r.notifications.filter((n) => userId === undefined || n.userId === userId).map((n) => n.type);
const bal = (w: World, userId: number, token: Token) => w.balances.find((b) => b.userId === userId && b.token === token)?.amount ?? 0n;
const share = (eff: bigint, total: bigint, pool = POOL) => (pool * eff) / total;

describe('settleDay: upgrades finish (finishUpgrades)', () => {
  const up = { id: 7, landId: 1, mine: 'goldmine' as const, userId: 1, targetLevel: 5, itemKey: 'toolkit_5', status: 'in_progress' as const };

  it('succeeds when the land is still the player’s: level set, no refund', () => {
    const w = world({ lands: [land(1, { goldmineLevel: 4 })], holdings: [holdLand(1, 1)], upgrades: [{ ...up, endsAt: END }] });
    const r = settleDay(w, DAY);
    expect(r.world.lands[0]!.goldmineLevel).toBe(5);
    expect(r.world.upgrades[0]!.status).toBe('success');
    expect(r.ledger).toEqual([]);
    expect(r.notifications).toContainEqual({ userId: 1, type: 'goldmine_upgrade_success', data: { day: DAY, hex_name: 'hex-1', level: 5, success: true, item_key: 'toolkit_5' } });
    expect(w.lands[0]!.goldmineLevel).toBe(4); // the input is untouched
    expect(w.upgrades[0]!.status).toBe('in_progress');
  });

  it('fails when the land left the player (held by another): toolkit refunded through the ledger', () => {
    const w = world({ lands: [land(1, { goldmineLevel: 4 })], holdings: [holdLand(2, 1)], upgrades: [{ ...up, endsAt: T0 + H }], items: [{ userId: 1, itemKey: 'toolkit_5', amount: 2 }] });
    const r = settleDay(w, DAY);
    expect(r.world.lands[0]!.goldmineLevel).toBe(4);
    expect(r.world.upgrades[0]!.status).toBe('failed');
    expect(r.ledger).toEqual([{ userId: 1, asset: 'item:toolkit_5', amount: 1n, reason: 'upgrade_refund', reference: '7' }]);
    expect(r.world.items).toEqual([{ userId: 1, itemKey: 'toolkit_5', amount: 3 }]);
    expect(r.notifications).toContainEqual({ userId: 1, type: 'goldmine_upgrade_failed', data: { day: DAY, hex_name: 'hex-1', level: 5, success: false, item_key: 'toolkit_5' } });
  });

  it('a refund creates the item row when the player had none; a fren upgrade notifies frenmine_upgrade either way', () => {
    const w = world({
      lands: [land(1, { frenmineLevel: 2 }), land(2, { frenmineLevel: 1 })], holdings: [holdLand(1, 1)],
      upgrades: [
        { id: 1, landId: 1, mine: 'frenmine', userId: 1, targetLevel: 3, itemKey: 'chicken_tendies', endsAt: T0, status: 'in_progress' },
        { id: 2, landId: 2, mine: 'frenmine', userId: 1, targetLevel: 2, itemKey: 'chicken_tendies', endsAt: T0, status: 'in_progress' },
      ],
    });
    const r = settleDay(w, DAY);
    expect(r.world.lands.map((l) => l.frenmineLevel)).toEqual([3, 1]);
    expect(r.world.items).toEqual([{ userId: 1, itemKey: 'chicken_tendies', amount: 1 }]);
    expect(r.notifications.filter((n) => n.type === 'frenmine_upgrade').map((n) => n.data.success)).toEqual([true, false]);
  });

  it('an upgrade ending after the day stays in progress; one ending exactly at the day’s end finishes', () => {
    const w = world({ lands: [land(1, { goldmineLevel: 4 })], holdings: [holdLand(1, 1)], upgrades: [{ ...up, endsAt: END + 1 }] });
    const r = settleDay(w, DAY);
    expect(r.world.upgrades[0]!.status).toBe('in_progress');
    expect(r.world.lands[0]!.goldmineLevel).toBe(4);
    expect(settleDay(w, NEXT).world.upgrades[0]!.status).toBe('success');
  });
});

describe('settleDay: workers leave (releaseWorkers)', () => {
  const reasons = (r: DayResult) => r.notifications.filter((n) => n.type === 'worker_left').map((n) => [n.data.mine, n.data.slot, n.data.reason]);

  it('land_left: the land is no longer the worker’s user’s (both kinds, default workers too)', () => {
    const ws = [gold(1, 1, 1), defaultWorker(1, 2, 1), fren(1, 1, 1)];
    const w = world({ lands: [land(1)], workers: ws, holdings: [holdLand(2, 1), ...ws.filter((x) => x.kind === 'nft').map(nftOf)] });
    const r = settleDay(w, DAY);
    expect(reasons(r)).toEqual([['goldmine', 1, 'land_left'], ['goldmine', 2, 'land_left'], ['frenmine', 1, 'land_left']]);
    expect(r.world.workers).toEqual([]);
    expect(r.notifications.find((n) => n.type === 'worker_left')!.data).toEqual({ day: DAY, mine: 'goldmine', hex_name: 'hex-1', slot: 1, reason: 'land_left' });
  });

  it('land_left comes first even when the NFT left too', () => {
    const w = world({ lands: [land(1)], workers: [gold(1, 1, 1)], holdings: [holdLand(2, 1)] });
    expect(reasons(settleDay(w, DAY))).toEqual([['goldmine', 1, 'land_left']]);
  });

  it('nft_left: the NFT left the player or another player holds it; it comes before the collection', () => {
    const a = gold(1, 1, 1);
    const b = fren(1, 1, 1);
    const c = gold(1, 2, 1);
    const w = world({ lands: [land(1)], workers: [a, b, c], votes: 100_000n, holdings: [holdLand(1, 1), { ...nftOf(b), userId: 2 }] });
    const r = settleDay(w, DAY);
    expect(reasons(r)).toEqual([['goldmine', 1, 'nft_left'], ['goldmine', 2, 'nft_left'], ['frenmine', 1, 'nft_left']]);
  });

  it('collection_below_threshold: gold NFT workers only, by the latest snapshot taken by the day’s end', () => {
    const ws = [gold(1, 1, 1), defaultWorker(1, 2, 1), fren(1, 1, 1)];
    const snaps = (votes: bigint) => [
      { id: 1, takenAt: BEFORE, votes: [{ collectionId: 1, votes: 2_000_000n }] },
      { id: 2, takenAt: END, votes: [{ collectionId: 1, votes }] },
      { id: 3, takenAt: END + 1, votes: [{ collectionId: 1, votes: 2_000_000n }] },
    ];
    const below = settleDay(world({ lands: [land(1)], workers: ws, snapshots: snaps(249_999n) }), DAY);
    expect(reasons(below)).toEqual([['goldmine', 1, 'collection_below_threshold']]);
    expect(below.world.workers.map((x) => [x.mine, x.slot])).toEqual([['goldmine', 2], ['frenmine', 1]]);
    expect(reasons(settleDay(world({ lands: [land(1)], workers: ws, snapshots: snaps(250_000n) }), DAY))).toEqual([]);
  });

  it('a gold NFT whose collection has no entry at the latest snapshot (or no snapshot at all) leaves', () => {
    const ws = [gold(1, 1, 1), gold(1, 2, 1, { collectionKey: 'deadbeef' })];
    const noEntry = world({ lands: [land(1)], workers: ws });
    expect(reasons(settleDay(noEntry, DAY))).toEqual([['goldmine', 2, 'collection_below_threshold']]);
    expect(reasons(settleDay({ ...noEntry, snapshots: [] }, DAY)).map((x) => x[2])).toEqual(['collection_below_threshold', 'collection_below_threshold']);
  });

  it('a worker who left neither works nor is paid', () => {
    const w = world({ lands: [land(1)], workers: [gold(1, 1, 1), gold(1, 2, 1)], holdings: [holdLand(1, 1), nftOf(gold(1, 2, 1))] });
    const r = settleDay(w, DAY);
    expect(r.totals.goldmineWorkersWorked).toBe(1);
    expect(r.reports[0]!.workers).toBe(1);
  });
});

describe('settleDay: re-rating on a snapshot day (releaseWorkers)', () => {
  const rated = (votes: bigint, takenAt: number) => settleDay(world({
    lands: [land(1)], workers: [gold(1, 1, 1), defaultWorker(1, 2, 1), fren(1, 1, 1)],
    snapshots: [{ id: 1, takenAt, votes: [{ collectionId: 1, votes }] }],
  }), DAY).world.workers.map((w) => w.rarity);

  it('a snapshot taken during the day re-rates gold NFT workers by league (edges included)', () => {
    expect(rated(250_000n, T0 + H)[0]).toBe('common');
    expect(rated(499_999n, T0 + H)[0]).toBe('common');
    expect(rated(500_000n, T0 + H)[0]).toBe('uncommon');
    expect(rated(750_000n, T0 + H)[0]).toBe('rare');
    expect(rated(1_000_000n, END)[0]).toBe('rare');
    expect(rated(1_000_001n, END)[0]).toBe('epic');
    expect(rated(1_000_001n, END).slice(1)).toEqual(['default', 'common']);
  });

  it('no snapshot inside (start, end]: rarities stay', () => {
    expect(rated(1_000_001n, T0)[0]).toBe('common');
    expect(rated(1_000_001n, BEFORE)[0]).toBe('common');
  });

  it('the new rarity counts the same day (weight and salary)', () => {
    const r = settleDay(world({
      lands: [land(1), land(2)], workers: [gold(1, 1, 1), gold(2, 1, 2, { collectionKey: 'c2' })],
      collections: [{ id: 1, collectionKey: COLL }, { id: 2, collectionKey: 'c2' }],
      snapshots: [{ id: 1, takenAt: T0 + H, votes: [{ collectionId: 1, votes: 2_000_000n }, { collectionId: 2, votes: 300_000n }] }],
    }), DAY);
    expect(r.ledger.filter((e) => e.userId === 1 && e.asset === 'hexo')[0]!.amount).toBe(-MINE_RULES.goldmine.salary.epic);
    expect(r.reports.map((x) => x.exoMined)).toEqual([share(20_000n, 30_000n), share(10_000n, 30_000n)]);
  });
});

describe('settleDay: gold mines pay (payMines)', () => {
  it('only workers assigned before the day starts are on the roster', () => {
    const w = world({ lands: [land(1)], workers: [gold(1, 1, 1, { assignedAt: T0 - 1 }), gold(1, 2, 1, { assignedAt: T0 })] });
    const r = settleDay(w, DAY);
    expect(r.reports).toEqual([{
      day: DAY, landId: 1, mine: 'goldmine', userId: 1, openSlots: 10, workers: 1, workersWorked: 1, exoMined: POOL,
      salaryPaid: hexo(10), hexoPaid: hexo(10), foodPaid: 0n, effectivity: 1,
    }]);
    expect(settleDay(r.world, NEXT).reports[0]!.workers).toBe(2);
  });

  it('a short player pays in (land, slot) order and once one is unpaid every later one is too', () => {
    const ws = [gold(2, 1, 1, { rarity: 'epic' }), defaultWorker(1, 2, 1), gold(1, 1, 1)];
    const w = world({ lands: [land(1), land(2)], workers: ws, balances: balancesOf(1, { hexo: hexo(25) }) });
    const r = settleDay(w, DAY);
    // (1,1) common 10 → cum 10 paid; (1,2) default 20 → cum 30 > 25 unpaid; (2,1) epic 5 → cum 35 unpaid.
    expect(r.reports.map((x) => [x.landId, x.workersWorked, x.salaryPaid])).toEqual([[1, 1, hexo(10)], [2, 0, 0n]]);
    expect(r.ledger).toEqual([
      { userId: 1, asset: 'hexo', amount: -hexo(10), reason: 'goldmine_salary', reference: DAY },
      { userId: 1, asset: 'exo', amount: POOL, reason: 'goldmine_reward', reference: DAY },
    ]);
    expect(bal(r.world, 1, 'hexo')).toBe(hexo(15));
    expect(r.notifications).toContainEqual({ userId: 1, type: 'not_enough_balance', data: { day: DAY, mine: 'goldmine', unpaid: 2 } });
    expect(r.notifications).toContainEqual({
      userId: 1, type: 'goldmine_daily_report',
      data: { day: DAY, exo: POOL.toString(), salary_paid: hexo(10).toString(), salary_token: 'hexo', hexo: hexo(10).toString(), food: '0', workers: 3, workers_worked: 1, lands: 2 },
    });
  });

  it('a salary exactly equal to the balance is paid', () => {
    const r = settleDay(world({ lands: [land(1)], workers: [gold(1, 1, 1)], balances: balancesOf(1, { hexo: hexo(10) }) }), DAY);
    expect(r.totals.goldmineWorkersWorked).toBe(1);
    expect(bal(r.world, 1, 'hexo')).toBe(0n);
    expect(types(r)).not.toContain('not_enough_balance');
  });

  it('the manager adds +10% to its land’s other workers when it works', () => {
    const ws = [gold(1, 1, 1), gold(1, 10, 1, { rarity: 'epic' }), gold(2, 1, 2)];
    const r = settleDay(world({ lands: [land(1), land(2)], workers: ws }), DAY);
    // effs: (1,1) 100 × 110, manager 200 × 100, (2,1) 100 × 100.
    const total = 11_000n + 20_000n + 10_000n;
    expect(r.reports.map((x) => x.exoMined)).toEqual([share(11_000n, total) + share(20_000n, total), share(10_000n, total)]);
  });

  it('no bonus when the manager is not on the roster or does not work', () => {
    const absent = [gold(1, 1, 1), gold(1, 10, 1, { rarity: 'epic', assignedAt: T0 + H }), gold(2, 1, 2)];
    const r1 = settleDay(world({ lands: [land(1), land(2)], workers: absent }), DAY);
    expect(r1.reports.map((x) => x.exoMined)).toEqual([POOL / 2n, POOL / 2n]);
    // The manager is paid last on its land (slot 10): 10 HEXO covers slot 1 only.
    const unpaid = [gold(1, 1, 1), gold(1, 10, 1, { rarity: 'epic' }), gold(2, 1, 2)];
    const r2 = settleDay(world({ lands: [land(1), land(2)], workers: unpaid, balances: [...balancesOf(1, { hexo: hexo(10) }), ...balancesOf(2, PLENTY)] }), DAY);
    expect(r2.reports.map((x) => x.exoMined)).toEqual([POOL / 2n, POOL / 2n]);
    expect(r2.reports[0]!.workersWorked).toBe(1);
  });

  it('the manager bonus is per land, not per player', () => {
    const ws = [gold(1, 10, 1, { rarity: 'epic' }), gold(2, 1, 1)];
    const r = settleDay(world({ lands: [land(1), land(2)], workers: ws, holdings: [holdLand(1, 1), holdLand(1, 2), ...ws.map(nftOf)] }), DAY);
    expect(r.reports.map((x) => x.exoMined)).toEqual([share(20_000n, 30_000n), share(10_000n, 30_000n)]);
  });

  it('shares round down, by weight over the whole world; report rows carry open slots and effectivity', () => {
    const ws = [gold(1, 1, 1, { rarity: 'uncommon' }), gold(1, 2, 1, { rarity: 'rare' }), defaultWorker(2, 1, 2), gold(2, 2, 2, { rarity: 'epic' }), gold(2, 3, 2)];
    const r = settleDay(world({ lands: [land(1, { size: 'MEDIUM', goldmineLevel: 3 }), land(2, { size: 'SMALL', goldmineLevel: 4 })], workers: ws }), DAY);
    const total = 12_500n + 15_000n + 5_000n + 20_000n + 10_000n;
    expect(r.reports.map((x) => [x.openSlots, x.workers, x.effectivity, x.exoMined, x.salaryPaid])).toEqual([
      [3, 2, 3, share(12_500n, total) + share(15_000n, total), hexo(8 + 6)],
      [4, 3, 3, share(5_000n, total) + share(20_000n, total) + share(10_000n, total), hexo(20 + 5 + 10)],
    ]);
    expect(r.totals.goldmineExo).toBeLessThanOrEqual(POOL);
    expect(r.totals.goldmineExo).toBe(r.reports.reduce((a, x) => a + x.exoMined, 0n));
    expect(r.totals).toEqual({ day: DAY, goldmineExo: r.totals.goldmineExo, frenmineExo: 0n, goldmineWorkersWorked: 5, frenmineWorkersWorked: 0, playersPaid: 2 });
  });

  it('effectivity at every bound: worked ÷ open slots of 0, 40, 60, 80, 100 %', () => {
    const rating = (worked: number) => settleDay(world({
      lands: [land(1, { size: 'SMALL', goldmineLevel: null }), land(2, { size: 'MEDIUM', goldmineLevel: 5 })],
      workers: [defaultWorker(1, 1, 1), ...[1, 2, 3, 4, 5].slice(0, worked).map((slot) => defaultWorker(2, slot, 1))],
    }), DAY).reports.find((x) => x.landId === 2)?.effectivity ?? 0;
    expect([0, 1, 2, 3, 4, 5].map(rating)).toEqual([0, 1, 2, 3, 4, 5]);
    const short = settleDay(world({
      lands: [land(2, { size: 'MEDIUM', goldmineLevel: 5 })], workers: [1, 2, 3].map((slot) => defaultWorker(2, slot, 1)),
      balances: balancesOf(1, { hexo: hexo(40) }),
    }), DAY);
    expect(short.reports.map((x) => [x.workers, x.workersWorked, x.effectivity])).toEqual([[3, 2, 2]]);
  });

  it('a report row’s user is the smallest user id of its roster workers; a land without a mine has 0 open slots', () => {
    const ws = [gold(1, 1, 2), gold(1, 2, 1)];
    const w = world({ lands: [land(1, { goldmineLevel: null })], workers: ws, holdings: [holdLand(2, 1), ...ws.map(nftOf)] });
    const r = settleDay(w, DAY);
    // User 1 does not hold the land: its worker leaves; the row is user 2's.
    expect(r.reports.map((x) => [x.userId, x.openSlots, x.effectivity])).toEqual([[2, 0, 0]]);
  });

  it('nobody worked: no shares, no EXO, nobody paid', () => {
    const r = settleDay(world({ lands: [land(1)], workers: [gold(1, 1, 1)], balances: balancesOf(1, {}) }), DAY);
    expect(r.totals).toEqual({ day: DAY, goldmineExo: 0n, frenmineExo: 0n, goldmineWorkersWorked: 0, frenmineWorkersWorked: 0, playersPaid: 0 });
    expect(r.ledger).toEqual([]);
    expect(types(r)).toEqual(['goldmine_daily_report', 'not_enough_balance', 'low_balance_warning']);
  });
});

describe('settleDay: fren mines pay (payMines)', () => {
  const food = (n: number) => toBaseUnits(BigInt(n), 'food');

  it('FOOD first, HEXO for the rest, split across the worker where FOOD runs out', () => {
    const ws = [fren(1, 1, 1), fren(1, 2, 1), fren(2, 1, 1)];
    const w = world({ lands: [land(1), land(2)], workers: ws, balances: balancesOf(1, { food: food(20), hexo: hexo(100) }) });
    const r = settleDay(w, DAY);
    expect(r.reports.map((x) => [x.foodPaid, x.hexoPaid, x.salaryPaid])).toEqual([[food(20), hexo(10), food(30)], [0n, hexo(15), food(15)]]);
    expect(r.ledger).toEqual([
      { userId: 1, asset: 'food', amount: -food(20), reason: 'frenmine_salary', reference: DAY },
      { userId: 1, asset: 'hexo', amount: -hexo(25), reason: 'frenmine_salary', reference: DAY },
      { userId: 1, asset: 'exo', amount: r.totals.frenmineExo, reason: 'frenmine_reward', reference: DAY },
    ]);
    expect([bal(r.world, 1, 'food'), bal(r.world, 1, 'hexo')]).toEqual([0n, hexo(75)]);
    expect(r.notifications).toContainEqual({
      userId: 1, type: 'frenmine_daily_report',
      data: { day: DAY, exo: r.totals.frenmineExo.toString(), salary_paid: food(45).toString(), salary_token: 'food', hexo: hexo(25).toString(), food: food(20).toString(), workers: 3, workers_worked: 3, lands: 2 },
    });
  });

  it('the fren pool is shared equally over worked frens, across players, rounding down', () => {
    const ws = [fren(1, 1, 1), fren(1, 2, 1), fren(2, 1, 2)];
    const r = settleDay(world({ lands: [land(1), land(2)], workers: ws }), DAY);
    expect(r.reports.map((x) => x.exoMined)).toEqual([2n * (FREN_DAILY_POOL_EXO / 3n), FREN_DAILY_POOL_EXO / 3n]);
    expect(r.totals.frenmineExo).toBe(3n * (FREN_DAILY_POOL_EXO / 3n));
    expect(r.totals.playersPaid).toBe(2);
  });

  it('gold salaries are charged before frens fall back on HEXO', () => {
    const ws = [gold(1, 1, 1), fren(1, 1, 1), fren(1, 2, 1), fren(1, 3, 1)];
    const w = world({ lands: [land(1)], workers: ws, balances: balancesOf(1, { food: food(20), hexo: hexo(30) }) });
    const r = settleDay(w, DAY);
    // Gold takes 10 HEXO → 20 HEXO + 20 FOOD = 40 pays two frens (30), not the third (45).
    expect(r.totals.frenmineWorkersWorked).toBe(2);
    expect([bal(r.world, 1, 'food'), bal(r.world, 1, 'hexo')]).toEqual([0n, hexo(10)]);
    expect(r.notifications).toContainEqual({ userId: 1, type: 'not_enough_balance', data: { day: DAY, mine: 'frenmine', unpaid: 1 } });
  });

  it('gold and fren pay their own players: playersPaid counts a player once', () => {
    const r = settleDay(world({ lands: [land(1)], workers: [gold(1, 1, 1), fren(1, 1, 1)] }), DAY);
    expect(r.totals.playersPaid).toBe(1);
    expect(r.totals.goldmineExo).toBe(POOL);
    expect(r.totals.frenmineExo).toBe(FREN_DAILY_POOL_EXO);
  });
});

describe('settleDay: low-balance warning (warnLowBalances)', () => {
  it('counts the frens’ HEXO need: HEXO covering gold alone is not enough', () => {
    const ws = [gold(1, 1, 1), fren(1, 1, 1)];
    const r = settleDay(world({ lands: [land(1)], workers: ws, balances: balancesOf(1, { hexo: hexo(60) }) }), DAY);
    // After the day: 60 − 10 − 15 = 35 HEXO, no FOOD; 35 / 25 = 1 day.
    expect(bal(r.world, 1, 'hexo')).toBe(hexo(35));
    expect(r.notifications).toContainEqual({ userId: 1, type: 'low_balance_warning', data: { day: DAY, token: 'hexo', days: 1, daily_salary: hexo(25).toString() } });
  });

  it('none when the balances cover 3 days; one warning per player across both kinds', () => {
    const ws = [gold(1, 1, 1), fren(1, 1, 1)];
    // 10 + 15 a day: 25 after the day covers... 100 − 25 = 75 = 3 × 25 → no warning.
    const ok = settleDay(world({ lands: [land(1)], workers: ws, balances: balancesOf(1, { hexo: hexo(100) }) }), DAY);
    expect(types(ok)).not.toContain('low_balance_warning');
    const short = settleDay(world({ lands: [land(1)], workers: ws, balances: balancesOf(1, { hexo: hexo(99) }) }), DAY);
    expect(types(short).filter((t) => t === 'low_balance_warning')).toHaveLength(1);
    expect(short.notifications.find((n) => n.type === 'low_balance_warning')!.data.days).toBe(2);
  });

  it('the need is the whole roster’s, unpaid workers included; workers not yet on the roster do not count', () => {
    const ws = [gold(1, 1, 1), defaultWorker(1, 2, 1), gold(1, 3, 1, { assignedAt: T0 + H })];
    const r = settleDay(world({ lands: [land(1)], workers: ws, balances: balancesOf(1, { hexo: hexo(25) }) }), DAY);
    expect(r.notifications.find((n) => n.type === 'low_balance_warning')!.data).toEqual({ day: DAY, token: 'hexo', days: 0, daily_salary: hexo(30).toString() });
  });
});

describe('settleDay: ready to upgrade (notifyReadyToUpgrade)', () => {
  const base = (over: Partial<World> = {}) => world({
    lands: [land(1, { size: 'MEDIUM', goldmineLevel: 3 })], holdings: [holdLand(1, 1)],
    items: [{ userId: 1, itemKey: 'toolkit_4', amount: 1 }], ...over,
  });

  it('notifies the owner once per level and records the notice', () => {
    const r = settleDay(base(), DAY);
    expect(r.notifications).toEqual([{ userId: 1, type: 'goldmine_ready_to_upgrade', data: { day: DAY, hex_name: 'hex-1', level: 4 } }]);
    expect(r.world.readyNotices).toEqual([{ landId: 1, mine: 'goldmine', level: 4 }]);
    expect(settleDay(r.world, NEXT).notifications).toEqual([]);
  });

  it('not without the next toolkit (or with 0 of it), above the size cap, at level 10, without an owner, or while upgrading', () => {
    expect(settleDay(base({ items: [{ userId: 1, itemKey: 'toolkit_4', amount: 0 }] }), DAY).notifications).toEqual([]);
    expect(settleDay(base({ items: [{ userId: 2, itemKey: 'toolkit_4', amount: 1 }] }), DAY).notifications).toEqual([]);
    expect(settleDay(base({ lands: [land(1, { size: 'SMALL', goldmineLevel: 4 })], items: [{ userId: 1, itemKey: 'toolkit_5', amount: 1 }] }), DAY).notifications).toEqual([]);
    expect(settleDay(base({ lands: [land(1, { goldmineLevel: 10 })] }), DAY).notifications).toEqual([]);
    expect(settleDay(base({ lands: [land(1, { goldmineLevel: null })] }), DAY).notifications).toEqual([]);
    expect(settleDay(base({ holdings: [] }), DAY).notifications).toEqual([]);
    const upgrading = { id: 1, landId: 1, mine: 'goldmine' as const, userId: 1, targetLevel: 4, itemKey: 'toolkit_4', endsAt: END + 1, status: 'in_progress' as const };
    expect(types(settleDay(base({ upgrades: [upgrading] }), DAY))).toEqual([]);
    // A fren upgrade in progress does not block the gold notice.
    expect(types(settleDay(base({ upgrades: [{ ...upgrading, mine: 'frenmine', itemKey: 'chicken_tendies' }] }), DAY))).toEqual(['goldmine_ready_to_upgrade']);
  });

  it('a notice already sent for that level is not sent again; a notice for another level does not block', () => {
    expect(settleDay(base({ readyNotices: [{ landId: 1, mine: 'goldmine', level: 4 }] }), DAY).notifications).toEqual([]);
    expect(types(settleDay(base({ readyNotices: [{ landId: 1, mine: 'goldmine', level: 3 }] }), DAY))).toEqual(['goldmine_ready_to_upgrade']);
  });

  it('sees the day’s finished upgrades and refunds', () => {
    const done = { id: 1, landId: 1, mine: 'goldmine' as const, userId: 1, targetLevel: 4, itemKey: 'toolkit_4', endsAt: T0 + H, status: 'in_progress' as const };
    const r = settleDay(base({ items: [{ userId: 1, itemKey: 'toolkit_5', amount: 1 }], upgrades: [done] }), DAY);
    expect(r.notifications.map((n) => [n.type, n.data.level])).toEqual([['goldmine_upgrade_success', 4], ['goldmine_ready_to_upgrade', 5]]);
    // Failed (the land went to user 2) and refunded to user 1: user 2 owns it but has no toolkit.
    const failed = settleDay(base({ items: [], holdings: [holdLand(2, 1)], upgrades: [done] }), DAY);
    expect(types(failed)).toEqual(['goldmine_upgrade_failed']);
    // The refunded toolkit makes its starter ready on a land of its own.
    const elsewhere = settleDay(base({
      lands: [land(1, { size: 'MEDIUM', goldmineLevel: 3 }), land(2, { size: 'MEDIUM', goldmineLevel: 3 })],
      items: [], holdings: [holdLand(2, 1), holdLand(1, 2)], upgrades: [done],
    }), DAY);
    expect(elsewhere.notifications.map((n) => [n.userId, n.type, n.data.hex_name])).toEqual([
      [1, 'goldmine_upgrade_failed', 'hex-1'], [1, 'goldmine_ready_to_upgrade', 'hex-2'],
    ]);
  });
});

// ---------- Properties over generated worlds ----------

/** Ledger sums per (user, asset). */
function ledgerSums(r: DayResult): Map<string, bigint> {
  const m = new Map<string, bigint>();
  for (const e of r.ledger) m.set(`${e.userId}:${e.asset}`, (m.get(`${e.userId}:${e.asset}`) ?? 0n) + e.amount);
  return m;
}
function holdingsOf(w: World): Map<string, bigint> {
  const m = new Map<string, bigint>();
  for (const b of w.balances) m.set(`${b.userId}:${b.token}`, (m.get(`${b.userId}:${b.token}`) ?? 0n) + b.amount);
  for (const i of w.items) m.set(`${i.userId}:item:${i.itemKey}`, (m.get(`${i.userId}:item:${i.itemKey}`) ?? 0n) + BigInt(i.amount));
  return m;
}

/** Settles every day in order, checking the invariants of each day. */
function settleAll(world: World, days: string[], check: (before: World, r: DayResult) => void): World {
  let w = world;
  for (const d of days) {
    const r = settleDay(w, d);
    check(w, r);
    w = r.world;
  }
  return w;
}

const RUNS = { numRuns: 300 };

describe('settleDay: properties over generated worlds', { timeout: 120_000 }, () => {
  it('no pool pays more than it has; totals equal the report rows and the EXO ledger', () => {
    fc.assert(fc.property(worldArbitrary(), ({ world, days }) => {
      settleAll(world, days, (_, r) => {
        expect(r.totals.goldmineExo).toBeLessThanOrEqual(MINE_RULES.goldmine.dailyPool);
        expect(r.totals.frenmineExo).toBeLessThanOrEqual(MINE_RULES.frenmine.dailyPool);
        const rows = (m: string) => r.reports.filter((x) => x.mine === m);
        expect(rows('goldmine').reduce((a, x) => a + x.exoMined, 0n)).toBe(r.totals.goldmineExo);
        expect(rows('frenmine').reduce((a, x) => a + x.exoMined, 0n)).toBe(r.totals.frenmineExo);
        expect(rows('goldmine').reduce((a, x) => a + x.workersWorked, 0)).toBe(r.totals.goldmineWorkersWorked);
        const mined = r.ledger.filter((e) => e.asset === 'exo' && e.reason !== 'shop_royalty');
        expect(mined.reduce((a, e) => a + e.amount, 0n)).toBe(r.totals.goldmineExo + r.totals.frenmineExo);
        expect(r.totals.playersPaid).toBe(new Set(mined.map((e) => e.userId)).size);
        for (const x of r.reports) {
          expect(x.salaryPaid).toBe(x.hexoPaid + x.foodPaid);
          expect(x.workersWorked).toBeLessThanOrEqual(x.workers);
        }
      });
    }), RUNS);
  });

  it('no balance or item count goes negative', () => {
    fc.assert(fc.property(worldArbitrary(), ({ world, days }) => {
      settleAll(world, days, (_, r) => {
        for (const b of r.world.balances) expect(b.amount).toBeGreaterThanOrEqual(0n);
        for (const i of r.world.items) expect(i.amount).toBeGreaterThanOrEqual(0);
      });
    }), RUNS);
  });

  it('ledger sums per (user, asset) equal the balance and item changes', () => {
    fc.assert(fc.property(worldArbitrary(), ({ world, days }) => {
      settleAll(world, days, (before, r) => {
        const was = holdingsOf(before);
        const now = holdingsOf(r.world);
        const sums = ledgerSums(r);
        for (const k of new Set([...was.keys(), ...now.keys(), ...sums.keys()])) {
          expect([k, (now.get(k) ?? 0n) - (was.get(k) ?? 0n)]).toEqual([k, sums.get(k) ?? 0n]);
        }
      });
    }), RUNS);
  });

  it('consecutive days chain: the input is never changed, results are deterministic, a settled world settles again', () => {
    fc.assert(fc.property(worldArbitrary(), ({ world, days }) => {
      const copy = structuredClone(world);
      const first = settleDay(world, days[0]!);
      expect(world).toEqual(copy);
      expect(settleDay(copy, days[0]!)).toEqual(first);
      const readySent = new Set<string>();
      settleAll(world, days, (before, r) => {
        expect(r.world.holdings).toEqual(before.holdings);
        expect(r.world.collections).toEqual(before.collections);
        // Snapshots change only by the one the tick takes at the day's end on a snapshot instant (docs/game-rules.md §5).
        const dayEnd = dayStart(r.totals.day) + 24 * H;
        expect(r.world.snapshots.filter((s) => s.takenAt !== dayEnd || before.snapshots.some((b) => b.takenAt === dayEnd))).toEqual(before.snapshots);
        expect(r.world.snapshots.length - before.snapshots.length).toBe(dayEnd % (14 * 24 * H) === 0 && !before.snapshots.some((b) => b.takenAt === dayEnd) ? 1 : 0);
        // Nothing a day settled stays due: upgrades finished; a ready notice is sent once per land and level.
        const end = dayStart(r.totals.day) + 24 * H;
        expect(r.world.upgrades.filter((u) => u.status === 'in_progress' && u.endsAt <= end)).toEqual([]);
        for (const n of r.notifications.filter((x) => x.type === 'goldmine_ready_to_upgrade')) {
          const k = `${String(n.data.hex_name)}:${String(n.data.level)}`;
          expect(readySent.has(k)).toBe(false);
          readySent.add(k);
        }
      });
    }), RUNS);
  });

  it('the result does not depend on the order of the world’s rows (SQL has none)', () => {
    const reorder = (w: World): World => ({
      lands: [...w.lands].reverse(), holdings: [...w.holdings].reverse(), collections: [...w.collections].reverse(),
      snapshots: [...w.snapshots].reverse().map((s) => ({ ...s, votes: [...s.votes].reverse() })), workers: [...w.workers].reverse(),
      upgrades: [...w.upgrades].reverse(), balances: [...w.balances].reverse(), items: [...w.items].reverse(), readyNotices: [...w.readyNotices].reverse(), vendorSales: [...w.vendorSales].reverse(),
      staking: w.staking,
    });
    fc.assert(fc.property(worldArbitrary(), ({ world, days }) => {
      let a = world;
      let b = reorder(world);
      for (const d of days) {
        const ra = settleDay(a, d);
        const rb = settleDay(b, d);
        expect(canonicalDayResult(rb)).toEqual(canonicalDayResult(ra));
        a = ra.world;
        b = reorder(rb.world);
      }
    }), RUNS);
  });

  it('a worker who stays keeps its slot; workers only leave, never appear', () => {
    fc.assert(fc.property(worldArbitrary(), ({ world, days }) => {
      settleAll(world, days, (before, r) => {
        const key = (w: WorldWorker) => `${w.landId}:${w.mine}:${w.slot}`;
        const prior = new Set(before.workers.map(key));
        for (const w of r.world.workers) expect(prior.has(key(w))).toBe(true);
        const left = r.notifications.filter((n) => n.type === 'worker_left').length;
        expect(r.world.workers.length + left).toBe(before.workers.length);
      });
    }), RUNS);
  });

  it('generated worlds keep the database’s constraints', () => {
    const itemKeys = new Set(ITEM_KINDS.map((k) => k.key));
    const unique = <T,>(xs: T[]) => expect(new Set(xs).size).toBe(xs.length);
    fc.assert(fc.property(worldArbitrary(), ({ world: w, days }) => {
      expect(days.length).toBeGreaterThanOrEqual(1);
      expect(days.length).toBeLessThanOrEqual(3);
      // From 2026-01-05, or shifted so that a day ends at a snapshot instant (staking-arbitrary.ts).
      expect(['2026-01-05', '2026-01-12', '2026-01-13', '2026-01-14']).toContain(days[0]);
      days.forEach((d, i) => expect(d).toBe(addDays(days[0]!, i)));
      unique(w.lands.map((l) => l.id));
      unique(w.lands.map((l) => l.hexName));
      unique(w.collections.map((c) => c.id));
      unique(w.collections.map((c) => c.collectionKey));
      unique(w.upgrades.map((u) => u.id));
      unique(w.workers.map((x) => `${x.landId}:${x.mine}:${x.slot}`));
      unique(w.workers.filter((x) => x.kind === 'nft').map((x) => `${x.collectionKey}/${x.assetKey}`));
      // One holder per NFT, except a land NFT, which two accounts may hold (another address each; docs/architecture.md §8).
      unique(w.holdings.map((h) => `${h.collectionKey}/${h.assetKey}/${h.userId}`));
      unique(w.holdings.filter((h) => h.collectionKey !== LAND_POLICY_ID).map((h) => `${h.collectionKey}/${h.assetKey}`));
      for (const l of w.lands) expect(w.holdings.filter((h) => h.assetKey === l.assetKey && h.collectionKey === l.collectionKey).length).toBeLessThanOrEqual(2);
      unique(w.upgrades.filter((u) => u.status === 'in_progress').map((u) => `${u.landId}:${u.mine}`));
      unique(w.items.map((i) => `${i.userId}:${i.itemKey}`));
      unique(w.readyNotices.map((n) => `${n.landId}:${n.mine}:${n.level}`));
      const players = w.balances.length / 4;
      expect(players).toBeGreaterThanOrEqual(1);
      expect(players).toBeLessThanOrEqual(5); // 4, and a fifth beside an unpaid manager
      const users = new Set(Array.from({ length: players }, (_, i) => i + 1));
      for (const u of users) for (const t of TOKENS) expect(w.balances.filter((b) => b.userId === u && b.token === t)).toHaveLength(1);
      for (const b of w.balances) expect(b.amount >= 0n && b.amount <= 10n ** 15n).toBe(true);
      const referenced = [...w.holdings, ...w.workers, ...w.upgrades, ...w.items].map((x) => x.userId);
      for (const u of referenced) expect(users.has(u)).toBe(true);
      for (const i of w.items) expect(itemKeys.has(i.itemKey)).toBe(true);
      const byId = new Map(w.lands.map((l) => [l.id, l]));
      expect(w.lands.length).toBeLessThanOrEqual(6);
      expect(w.workers.length).toBeLessThanOrEqual(24); // 12 drawn, a crowd of ≤ 8, a managed mine's 3
      for (const l of w.lands) {
        expect([l.collectionKey, l.assetKey]).toEqual([LAND_POLICY_ID, landAssetName(l.id)]);
        if (l.goldmineLevel !== null) expect(l.goldmineLevel).toBeLessThanOrEqual(MINE_RULES.goldmine.capFor(l.size));
        if (l.frenmineLevel !== null) expect(l.frenmineLevel).toBeLessThanOrEqual(MINE_RULES.frenmine.capFor(l.size));
      }
      const keys = new Set(w.collections.map((c) => c.collectionKey));
      for (const x of w.workers) {
        const l = byId.get(x.landId)!;
        const level = x.mine === 'goldmine' ? l.goldmineLevel : l.frenmineLevel;
        expect(x.slot >= 1 && level !== null && x.slot <= level && MINE_RULES[x.mine].slots.includes(x.slot)).toBe(true);
        if (x.slot === 10) expect([x.kind, x.rarity]).toEqual(['nft', 'epic']);
        if (x.kind === 'default') expect([x.mine, x.rarity, x.collectionKey, x.assetKey]).toEqual(['goldmine', 'default', null, null]);
        else if (x.mine === 'frenmine') expect(keys.has(x.collectionKey!)).toBe(true);
        else expect(x.rarity).not.toBe('default');
      }
      for (const u of w.upgrades) {
        expect(byId.has(u.landId)).toBe(true);
        expect(u.itemKey).toBe(MINE_RULES[u.mine].upgradeItem(u.targetLevel));
      }
      for (let i = 1; i < w.snapshots.length; i++) {
        expect(w.snapshots[i]!.id).toBeGreaterThan(w.snapshots[i - 1]!.id);
        expect(w.snapshots[i]!.takenAt).toBeGreaterThan(w.snapshots[i - 1]!.takenAt);
      }
      const collectionIds = new Set(w.collections.map((c) => c.id));
      for (const s of w.snapshots) {
        unique(s.votes.map((v) => v.collectionId));
        for (const v of s.votes) expect(collectionIds.has(v.collectionId)).toBe(true);
      }
    }), RUNS);
  });

  it('the generator covers the cases the differential test needs', () => {
    const seen = new Set<string>();
    fc.assert(fc.property(worldArbitrary(), ({ world, days }) => {
      settleAll(world, days, (before, r) => {
        for (const n of r.notifications) seen.add(n.type === 'worker_left' ? `left:${n.data.reason}` : n.type);
        if (before.workers.some((w) => w.slot === 10)) seen.add('manager');
        if (before.workers.some((w) => w.kind === 'default')) seen.add('default');
        for (const w of r.world.workers) seen.add(`rarity:${w.rarity}`);
        if (r.reports.some((x) => x.mine === 'frenmine' && x.hexoPaid > 0n && x.foodPaid > 0n)) seen.add('fren-split');
      });
    }), { numRuns: 400, seed: 42 });
    expect([...seen].sort()).toEqual(expect.arrayContaining([
      'default', 'fren-split', 'frenmine_daily_report', 'frenmine_upgrade', 'goldmine_daily_report', 'goldmine_ready_to_upgrade',
      'goldmine_upgrade_failed', 'goldmine_upgrade_success', 'left:collection_below_threshold', 'left:land_left', 'left:nft_left',
      'low_balance_warning', 'manager', 'not_enough_balance', 'rarity:common', 'rarity:default', 'rarity:epic', 'rarity:rare', 'rarity:uncommon',
    ]));
  });
});

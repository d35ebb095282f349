import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkAssignment, effectivityRating, isSlotOpen, openSlotCount, planUpgrade, sharePool, salaryDaysCovered, worksFrom,
  type WorkerCandidate,
} from '../src/mines/rules.ts';
import { rarityForLeague, GOLD_RUSH_DAILY_POOL_EXO, WORKER_SALARY_HEXO } from '../src/mines/goldmine.ts';
import { MINE_RULES } from '../src/mines/kinds.ts';
import { planLandExpansion } from '../src/lands/lands.ts';
import { GameError } from '../src/errors.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof GameError) return e.code;
    throw e;
  }
  return 'OK';
};

const nft = (over: Partial<WorkerCandidate> = {}): WorkerCandidate => ({ known: true, heldByPlayer: true, assigned: false, rarity: 'common', ...over });

describe('slots (docs/game-rules.md §3)', () => {
  it('slot i opens at level i; the manager slot at 10', () => {
    expect(isSlotOpen('goldmine', 1, 1)).toBe(true);
    expect(isSlotOpen('goldmine', 1, 2)).toBe(false);
    expect(isSlotOpen('goldmine', 9, 9)).toBe(true);
    expect(isSlotOpen('goldmine', 9, 10)).toBe(false);
    expect(isSlotOpen('goldmine', 10, 10)).toBe(true);
    expect(isSlotOpen('goldmine', 10, 11)).toBe(false);
    expect(isSlotOpen('goldmine', 10, 0)).toBe(false);
    expect(openSlotCount('goldmine', 4)).toBe(4);
    expect(openSlotCount('goldmine', 10)).toBe(10);
  });
});

describe('checkAssignment: one test per code, in the rule order', () => {
  const mine = { level: 3, occupied: new Set([1]) };
  it('SLOT_NOT_AVAILABLE', () => expect(code(() => checkAssignment('goldmine', mine, 4, nft()))).toBe('SLOT_NOT_AVAILABLE'));
  it('SLOT_ALREADY_USE', () => expect(code(() => checkAssignment('goldmine', mine, 1, nft()))).toBe('SLOT_ALREADY_USE'));
  it('NOT_VALID_WORKER', () => expect(code(() => checkAssignment('goldmine', mine, 2, nft({ known: false, heldByPlayer: false })))).toBe('NOT_VALID_WORKER'));
  it('WORKER_NOT_BELONG_USER', () => expect(code(() => checkAssignment('goldmine', mine, 2, nft({ heldByPlayer: false, assigned: true })))).toBe('WORKER_NOT_BELONG_USER'));
  it('WORKER_IS_SET', () => expect(code(() => checkAssignment('goldmine', mine, 2, nft({ assigned: true })))).toBe('WORKER_IS_SET'));
  it('NOT_VALID_WORKER_RARITY for a non-Epic manager', () => {
    const top = { level: 10, occupied: new Set<number>() };
    expect(code(() => checkAssignment('goldmine', top, 10, nft({ rarity: 'rare' })))).toBe('NOT_VALID_WORKER_RARITY');
    expect(code(() => checkAssignment('goldmine', top, 10, null))).toBe('NOT_VALID_WORKER_RARITY');
    expect(code(() => checkAssignment('goldmine', top, 10, nft({ rarity: 'epic' })))).toBe('OK');
  });
  it('success: an NFT worker or a default worker in a free open slot', () => {
    expect(code(() => checkAssignment('goldmine', mine, 2, nft()))).toBe('OK');
    expect(code(() => checkAssignment('goldmine', mine, 3, null))).toBe('OK');
  });
});

describe('planUpgrade (gold mine)', () => {
  const now = Date.UTC(2026, 10, 1);
  it('GOLDMINE_UPGRADE_IN_PROGRESS', () => expect(code(() => planUpgrade('goldmine', { size: 'LARGE' }, { level: 2, upgradingUntil: now + 1 }, { toolkit_3: 1 }, now))).toBe('GOLDMINE_UPGRADE_IN_PROGRESS'));
  it('GOLDMINE_ERROR_LAND_MAX_SIZE', () => expect(code(() => planUpgrade('goldmine', { size: 'SMALL' }, { level: 4, upgradingUntil: null }, { toolkit_5: 1 }, now))).toBe('GOLDMINE_ERROR_LAND_MAX_SIZE'));
  it('ITEM_NOT_EXIST_ON_BALANCE', () => expect(code(() => planUpgrade('goldmine', { size: 'LARGE' }, { level: 2, upgradingUntil: null }, { toolkit_2: 5 }, now))).toBe('ITEM_NOT_EXIST_ON_BALANCE'));
  it('GOLDMINE_MAX_LEVEL at level 10 (a refusal, not a fault)', () => expect(code(() => planUpgrade('goldmine', { size: 'SUPERLARGE' }, { level: 10, upgradingUntil: null }, {}, now))).toBe('GOLDMINE_MAX_LEVEL'));
  it('success: tier-N toolkit, (N−1) × 6 hours; a finished upgrade does not block', () => {
    expect(planUpgrade('goldmine', { size: 'MEDIUM' }, { level: 4, upgradingUntil: now }, { toolkit_5: 1 }, now))
      .toEqual({ targetLevel: 5, itemKey: 'toolkit_5', durationMs: 24 * 3_600_000 });
  });
});

describe('effectivity (docs/product.md §4 labels)', () => {
  it('maps worked ÷ open to 0–5', () => {
    expect(effectivityRating(0, 5)).toBe(0);
    expect(effectivityRating(1, 5)).toBe(1); // 20%
    expect(effectivityRating(2, 5)).toBe(2); // 40%
    expect(effectivityRating(3, 5)).toBe(3); // 60%
    expect(effectivityRating(4, 5)).toBe(4); // 80%
    expect(effectivityRating(5, 5)).toBe(5);
    expect(effectivityRating(0, 0)).toBe(0);
  });
});

describe('the daily pool', () => {
  it('shares never exceed the pool, and are pro rata', () => {
    fc.assert(fc.property(fc.array(fc.bigInt({ min: 0n, max: 10_000n }), { maxLength: 200 }), (weights) => {
      const shares = sharePool(GOLD_RUSH_DAILY_POOL_EXO, weights);
      const sum = shares.reduce((a, b) => a + b, 0n);
      expect(sum <= GOLD_RUSH_DAILY_POOL_EXO).toBe(true);
      expect(shares.every((s) => s >= 0n)).toBe(true);
      // the remainder lost to rounding is less than one base unit per share
      if (weights.some((w) => w > 0n)) expect(GOLD_RUSH_DAILY_POOL_EXO - sum < BigInt(weights.length)).toBe(true);
    }));
  });

  it('rarity follows the league; salaries as in docs/game-rules.md §3', () => {
    expect(rarityForLeague('gold')).toBe('common');
    expect(rarityForLeague('epic')).toBe('epic');
    expect(rarityForLeague('none')).toBeNull();
    expect(WORKER_SALARY_HEXO.default).toBe(20_000_000n);
    expect(WORKER_SALARY_HEXO.epic).toBe(5_000_000n);
  });
});

describe('fren mines use the same rules through their descriptor (docs/game-rules.md §4)', () => {
  const now = Date.UTC(2026, 10, 1);
  it('slots = level up to 5, no manager, no default workers', () => {
    expect(isSlotOpen('frenmine', 3, 3)).toBe(true);
    expect(isSlotOpen('frenmine', 3, 4)).toBe(false);
    expect(isSlotOpen('frenmine', 5, 6)).toBe(false);
    expect(openSlotCount('frenmine', 7)).toBe(5);
    const mine = { level: 2, occupied: new Set<number>() };
    expect(code(() => checkAssignment('frenmine', mine, 1, null))).toBe('NOT_VALID_WORKER');
    expect(code(() => checkAssignment('frenmine', mine, 2, nft({ rarity: 'common' })))).toBe('OK');
    expect(code(() => checkAssignment('frenmine', mine, 3, nft()))).toBe('SLOT_NOT_AVAILABLE');
  });
  it('upgrades one level with one Chicken Tendies, capped by land size and at 5', () => {
    expect(planUpgrade('frenmine', { size: 'SMALL' }, { level: 1, upgradingUntil: null }, { chicken_tendies: 1 }, now))
      .toEqual({ targetLevel: 2, itemKey: 'chicken_tendies', durationMs: 6 * 3_600_000 });
    expect(code(() => planUpgrade('frenmine', { size: 'SMALL' }, { level: 2, upgradingUntil: null }, { chicken_tendies: 1 }, now))).toBe('FRENMINE_ERROR_LAND_MAX_SIZE');
    expect(code(() => planUpgrade('frenmine', { size: 'SUPERLARGE' }, { level: 5, upgradingUntil: null }, { chicken_tendies: 1 }, now))).toBe('FRENMINE_MAX_LEVEL');
    expect(code(() => planUpgrade('frenmine', { size: 'LARGE' }, { level: 1, upgradingUntil: null }, {}, now))).toBe('ITEM_NOT_EXIST_ON_BALANCE');
    expect(code(() => planUpgrade('frenmine', { size: 'LARGE' }, { level: 1, upgradingUntil: now + 1 }, { chicken_tendies: 1 }, now))).toBe('FRENMINE_UPGRADE_IN_PROGRESS');
  });
  it('the descriptors carry the numbers of docs/game-rules.md §3 and §4', () => {
    expect(MINE_RULES.goldmine).toMatchObject({ maxLevel: 10, managerSlot: 10, salaryToken: 'hexo', salaryFallback: null });
    expect(MINE_RULES.frenmine).toMatchObject({ maxLevel: 5, managerSlot: null, salaryToken: 'food', salaryFallback: 'hexo' });
    expect(MINE_RULES.frenmine.salary.epic).toBe(15_000_000n);
    expect(MINE_RULES.frenmine.capFor('MEDIUM')).toBe(3);
    expect(MINE_RULES.goldmine.capFor('MEDIUM')).toBe(7);
  });
});

describe('land expansion (docs/product.md §4)', () => {
  it('LAND_MAX_SIZE for an XL land; the permit of the size otherwise', () => {
    expect(code(() => planLandExpansion('SUPERLARGE', { land_upgrade03: 1 }))).toBe('LAND_MAX_SIZE');
    expect(code(() => planLandExpansion('SMALL', {}))).toBe('PERMIT_NOT_EXIST_ON_BALANCE');
    expect(planLandExpansion('LARGE', { land_upgrade03: 1 })).toEqual({ permitKey: 'land_upgrade03', nextSize: 'SUPERLARGE' });
  });
});

describe('salary coverage counts every daily HEXO need (docs/game-rules.md §3, §4)', () => {
  const u = 1_000_000n;
  it('gold only: HEXO ÷ gold salaries', () => {
    expect(salaryDaysCovered({ hexo: 12n * u, food: 0n }, { goldHexo: 6n * u, frenFood: 0n })).toBe(2n);
    expect(salaryDaysCovered({ hexo: 0n, food: 0n }, { goldHexo: 6n * u, frenFood: 0n })).toBe(0n);
  });
  it('frens without FOOD are paid in HEXO too', () => {
    // 12 HEXO, no FOOD, 6 HEXO gold + 15 FOOD fren a day: not even one day is covered
    expect(salaryDaysCovered({ hexo: 12n * u, food: 0n }, { goldHexo: 6n * u, frenFood: 15n * u })).toBe(0n);
    expect(salaryDaysCovered({ hexo: 42n * u, food: 0n }, { goldHexo: 6n * u, frenFood: 15n * u })).toBe(2n);
    // FOOD covers the frens for 3 days, HEXO the gold workers for 10
    expect(salaryDaysCovered({ hexo: 60n * u, food: 45n * u }, { goldHexo: 6n * u, frenFood: 15n * u })).toBe(5n);
  });
  it('nothing due: null; agrees with paying day by day', () => {
    expect(salaryDaysCovered({ hexo: 1n, food: 1n }, { goldHexo: 0n, frenFood: 0n })).toBeNull();
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 500n }), fc.bigInt({ min: 0n, max: 500n }), fc.bigInt({ min: 0n, max: 40n }), fc.bigInt({ min: 0n, max: 40n }),
      (hexo, food, goldHexo, frenFood) => {
        fc.pre(goldHexo + frenFood > 0n);
        let h = hexo; let f = food; let days = 0n;
        for (;;) {
          if (h < goldHexo) break;
          const fromFood = f < frenFood ? f : frenFood;
          if (h - goldHexo < frenFood - fromFood) break;
          h -= goldHexo + frenFood - fromFood; f -= fromFood; days++;
          if (days > 2000n) break;
        }
        expect(salaryDaysCovered({ hexo, food }, { goldHexo, frenFood })).toBe(days);
      }));
  });
});

describe('worksFrom (docs/game-rules.md §3.5)', () => {
  it('is the first full day after the assignment, even one assigned at 00:00 UTC', () => {
    expect(worksFrom(Date.parse('2026-11-27T23:59:59.999Z'))).toBe('2026-11-28');
    expect(worksFrom(Date.parse('2026-11-27T00:00:00.000Z'))).toBe('2026-11-28');
    expect(worksFrom(Date.parse('2026-12-31T12:00:00.000Z'))).toBe('2027-01-01');
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkAssignment, effectivityRating, isSlotOpen, openSlotCount, planGoldmineUpgrade, sharePool, rarityForLeague,
  GOLD_RUSH_DAILY_POOL_EXO, WORKER_SALARY_HEXO, type WorkerCandidate,
} from '../src/goldmine.ts';
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

describe('slots (GAME-RULES §3)', () => {
  it('slot i opens at level i; the manager slot at 10', () => {
    expect(isSlotOpen(1, 1)).toBe(true);
    expect(isSlotOpen(1, 2)).toBe(false);
    expect(isSlotOpen(9, 9)).toBe(true);
    expect(isSlotOpen(9, 10)).toBe(false);
    expect(isSlotOpen(10, 10)).toBe(true);
    expect(isSlotOpen(10, 11)).toBe(false);
    expect(isSlotOpen(10, 0)).toBe(false);
    expect(openSlotCount(4)).toBe(4);
    expect(openSlotCount(10)).toBe(10);
  });
});

describe('checkAssignment: one test per code, in the rule order', () => {
  const mine = { level: 3, occupied: new Set([1]) };
  it('SLOT_NOT_AVAILABLE', () => expect(code(() => checkAssignment(mine, 4, nft()))).toBe('SLOT_NOT_AVAILABLE'));
  it('SLOT_ALREADY_USE', () => expect(code(() => checkAssignment(mine, 1, nft()))).toBe('SLOT_ALREADY_USE'));
  it('NOT_VALID_WORKER', () => expect(code(() => checkAssignment(mine, 2, nft({ known: false, heldByPlayer: false })))).toBe('NOT_VALID_WORKER'));
  it('WORKER_NOT_BELONG_USER', () => expect(code(() => checkAssignment(mine, 2, nft({ heldByPlayer: false, assigned: true })))).toBe('WORKER_NOT_BELONG_USER'));
  it('WORKER_IS_SET', () => expect(code(() => checkAssignment(mine, 2, nft({ assigned: true })))).toBe('WORKER_IS_SET'));
  it('NOT_VALID_WORKER_RARITY for a non-Epic manager', () => {
    const top = { level: 10, occupied: new Set<number>() };
    expect(code(() => checkAssignment(top, 10, nft({ rarity: 'rare' })))).toBe('NOT_VALID_WORKER_RARITY');
    expect(code(() => checkAssignment(top, 10, null))).toBe('NOT_VALID_WORKER_RARITY');
    expect(code(() => checkAssignment(top, 10, nft({ rarity: 'epic' })))).toBe('OK');
  });
  it('success: an NFT worker or a default worker in a free open slot', () => {
    expect(code(() => checkAssignment(mine, 2, nft()))).toBe('OK');
    expect(code(() => checkAssignment(mine, 3, null))).toBe('OK');
  });
});

describe('planGoldmineUpgrade', () => {
  const now = Date.UTC(2026, 10, 1);
  it('GOLDMINE_UPGRADE_IN_PROGRESS', () => expect(code(() => planGoldmineUpgrade({ size: 'LARGE' }, { level: 2, upgradingUntil: now + 1 }, { toolkit_3: 1 }, now))).toBe('GOLDMINE_UPGRADE_IN_PROGRESS'));
  it('GOLDMINE_ERROR_LAND_MAX_SIZE', () => expect(code(() => planGoldmineUpgrade({ size: 'SMALL' }, { level: 4, upgradingUntil: null }, { toolkit_5: 1 }, now))).toBe('GOLDMINE_ERROR_LAND_MAX_SIZE'));
  it('ITEM_NOT_EXIST_ON_BALANCE', () => expect(code(() => planGoldmineUpgrade({ size: 'LARGE' }, { level: 2, upgradingUntil: null }, { toolkit_2: 5 }, now))).toBe('ITEM_NOT_EXIST_ON_BALANCE'));
  it('CANT_RUN_THIS_OPERATION at level 10', () => expect(code(() => planGoldmineUpgrade({ size: 'SUPERLARGE' }, { level: 10, upgradingUntil: null }, {}, now))).toBe('CANT_RUN_THIS_OPERATION'));
  it('success: tier-N toolkit, (N−1) × 6 hours; a finished upgrade does not block', () => {
    expect(planGoldmineUpgrade({ size: 'MEDIUM' }, { level: 4, upgradingUntil: now }, { toolkit_5: 1 }, now))
      .toEqual({ targetLevel: 5, toolkitKey: 'toolkit_5', durationMs: 24 * 3_600_000 });
  });
});

describe('effectivity (spec §4 labels)', () => {
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

  it('rarity follows the league; salaries as in GAME-RULES §3', () => {
    expect(rarityForLeague('gold')).toBe('common');
    expect(rarityForLeague('epic')).toBe('epic');
    expect(rarityForLeague('none')).toBeNull();
    expect(WORKER_SALARY_HEXO.default).toBe(20_000_000n);
    expect(WORKER_SALARY_HEXO.epic).toBe(5_000_000n);
  });
});

import { describe, expect, it } from 'vitest';
import {
  HALL_EFFECTIVITY_MIN_WORKED_DAYS, averageDailyExo, comparePays, daysToEarn, exoPerWorkedSlot, hallReportDays, rankEffectivity, weekEffectivity, type EffectivityMineDay,
} from '../src/index.ts';

describe('EXO per worked slot (docs/game-rules.md §14.8)', () => {
  it('rounds down; zero slots is no figure (null), not 0; bad input throws', () => {
    expect(exoPerWorkedSlot(10n, 3)).toBe(3n);
    expect(exoPerWorkedSlot(0n, 4)).toBe(0n);
    expect(exoPerWorkedSlot(0n, 0)).toBeNull();
    expect(exoPerWorkedSlot(5_000_000n, 0)).toBeNull();
    expect(() => exoPerWorkedSlot(-1n, 1)).toThrow(RangeError);
    expect(() => exoPerWorkedSlot(1n, -1)).toThrow(RangeError);
    expect(() => exoPerWorkedSlot(1n, 1.5)).toThrow(RangeError);
  });

  it('sums a day\'s rows first, leaves a day with no report or no worked slot as a gap, and totals only comparable days', () => {
    const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'];
    const player = [
      { day: '2026-11-20', exoMined: 30n, workedSlots: 2 }, { day: '2026-11-20', exoMined: 10n, workedSlots: 2 }, // two lands: 40 / 4
      { day: '2026-11-22', exoMined: 0n, workedSlots: 0 }, // a report, but nothing worked
      { day: '2026-11-23', exoMined: 90n, workedSlots: 3 },
      { day: '2026-11-19', exoMined: 999n, workedSlots: 1 }, // outside the period
    ];
    const world = [
      { day: '2026-11-20', exoMined: 100n, workedSlots: 20 }, { day: '2026-11-21', exoMined: 80n, workedSlots: 10 },
      { day: '2026-11-22', exoMined: 50n, workedSlots: 5 },
      // 2026-11-23: not settled in the world's answer
    ];
    const c = comparePays(days, player, world);
    expect(c.days).toEqual([
      { day: '2026-11-20', player: 10n, world: 5n },
      { day: '2026-11-21', player: null, world: 8n }, // no report of the player that day
      { day: '2026-11-22', player: null, world: 10n }, // zero worked slots
      { day: '2026-11-23', player: 30n, world: null },
    ]);
    // only 2026-11-20 has both sides
    expect(c).toMatchObject({ player: 10n, world: 5n, playerVsWorldBp: 20_000n });
  });

  it('an empty period has no figures', () => {
    expect(comparePays([], [], [])).toEqual({ days: [], player: null, world: null, playerVsWorldBp: null });
    expect(comparePays(['2026-11-20'], [], [{ day: '2026-11-20', exoMined: 5n, workedSlots: 1 }])).toMatchObject({ player: null, world: null, playerVsWorldBp: null });
    // the world mined nothing on the player's days: no ratio
    expect(comparePays(['2026-11-20'], [{ day: '2026-11-20', exoMined: 0n, workedSlots: 1 }], [{ day: '2026-11-20', exoMined: 0n, workedSlots: 9 }])).toMatchObject({ player: 0n, world: 0n, playerVsWorldBp: null });
  });

  it('average daily EXO: over the days with a report only, rounded down; 0 with none', () => {
    expect(averageDailyExo([])).toBe(0n);
    expect(averageDailyExo([{ day: 'a', exoMined: 10n, workedSlots: 1 }, { day: 'a', exoMined: 5n, workedSlots: 0 }, { day: 'b', exoMined: 0n, workedSlots: 0 }])).toBe(7n);
  });

  it('days to earn a price: ceiling, 0 for free, null with no daily EXO', () => {
    expect(daysToEarn(100n, 30n)).toBe(4);
    expect(daysToEarn(90n, 30n)).toBe(3);
    expect(daysToEarn(1n, 1_000n)).toBe(1);
    expect(daysToEarn(0n, 0n)).toBe(0);
    expect(daysToEarn(5n, 0n)).toBeNull();
  });
});

describe('average-effectivity hall of fame (docs/game-rules.md §14.7)', () => {
  const week = '2026-11-23'; // a Monday
  const md = (day: string, openSlots: number, workersWorked: number): EffectivityMineDay => ({ day, openSlots, workersWorked });

  it('a week reads the reports of the Sunday before through the Saturday', () => {
    expect(hallReportDays(week)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
  });

  it('is worked ÷ open slot-days in basis points rounded down, over the week\'s report days only', () => {
    const days = [md('2026-11-22', 3, 3), md('2026-11-23', 3, 2), md('2026-11-24', 3, 0), md('2026-11-25', 3, 1),
      md('2026-11-21', 3, 3), md('2026-11-29', 3, 3)]; // before and after the week: ignored
    expect(weekEffectivity(week, days)).toEqual({ basisPoints: 5_000n, workedSlots: 6n, openSlots: 12n, workedDays: 3 });
    // 2 of 3: 6666.66… → 6666
    expect(weekEffectivity(week, [md('2026-11-22', 3, 2), md('2026-11-23', 3, 2), md('2026-11-24', 3, 2)])?.basisPoints).toBe(6_666n);
    // a worked count above the open slots counts as the open slots (100 % at most)
    expect(weekEffectivity(week, [md('2026-11-22', 2, 5), md('2026-11-23', 2, 2), md('2026-11-24', 2, 2)])?.basisPoints).toBe(10_000n);
  });

  it(`qualifies from ${HALL_EFFECTIVITY_MIN_WORKED_DAYS} worked days; several mines on one day are one day`, () => {
    const two = [md('2026-11-22', 1, 1), md('2026-11-23', 1, 1), md('2026-11-24', 1, 0)];
    expect(weekEffectivity(week, two)).toBeNull();
    expect(weekEffectivity(week, [...two, md('2026-11-23', 4, 4)])).toBeNull(); // a second mine the same day
    expect(weekEffectivity(week, [...two, md('2026-11-28', 1, 1)])).toMatchObject({ workedDays: 3, basisPoints: 7_500n });
    expect(weekEffectivity(week, [])).toBeNull();
    expect(weekEffectivity(week, [md('2026-11-22', 0, 0), md('2026-11-23', 0, 0), md('2026-11-24', 0, 0)])).toBeNull();
  });

  it('ranks by basis points, then worked slot-days; equal on both share a rank (1, 1, 3), listed by user id', () => {
    const e = (basisPoints: bigint, workedSlots: bigint) => ({ basisPoints, workedSlots, openSlots: 0n, workedDays: 3 });
    const ranked = rankEffectivity([
      { userId: 5, effectivity: e(9_000n, 30n) },
      { userId: 2, effectivity: e(10_000n, 10n) },
      { userId: 9, effectivity: e(10_000n, 12n) },
      { userId: 3, effectivity: e(10_000n, 10n) },
      { userId: 1, effectivity: e(9_000n, 30n) },
    ]);
    expect(ranked.map((r) => [r.userId, r.rank])).toEqual([[9, 1], [2, 2], [3, 2], [1, 4], [5, 4]]);
    expect(rankEffectivity([])).toEqual([]);
  });
});

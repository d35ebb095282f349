import { describe, expect, it } from 'vitest';
import { CHEST_LOOT_TABLE, CHEST_LOOT_TABLES, CHEST_TABLE_VERSION, chestDraw, chestEntryIndex, chestLootTable, chestSeedHash, chestWeekEnd, chestWeekOf, chestWeekStart, nextChestWeek, openChestDraw, totalWeight } from '../src/index.ts';

describe('chest weeks (docs/game-rules.md §7)', () => {
  it('a week runs Monday 00:00 to Sunday 23:59:59.999 UTC', () => {
    expect(chestWeekOf(Date.parse('2026-11-23T00:00:00Z'))).toBe('2026-11-23'); // a Monday
    expect(chestWeekOf(Date.parse('2026-11-29T23:59:59.999Z'))).toBe('2026-11-23'); // Sunday
    expect(chestWeekOf(Date.parse('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(chestWeekOf(Date.parse('2026-11-22T12:00:00Z'))).toBe('2026-11-16');
    expect(chestWeekOf(Date.parse('1970-01-01T00:00:00Z'))).toBe('1969-12-29');
    expect(chestWeekEnd('2026-11-23') - chestWeekStart('2026-11-23')).toBe(7 * 86_400_000);
    expect(nextChestWeek('2026-12-28')).toBe('2027-01-04');
    expect(() => chestWeekStart('2026-11-24')).toThrow(RangeError);
  });
});

describe('provably fair draws', () => {
  it('the mapping is uint64(draw[0..8]) mod total weight onto cumulative weights; draws differ per user', () => {
    const seed = '5e'.repeat(32);
    const draw = chestDraw(seed, '2026-11-23', 42);
    expect(draw).toMatch(/^[0-9a-f]{64}$/);
    expect(chestSeedHash(seed)).toMatch(/^[0-9a-f]{64}$/);
    const r = Number(BigInt(`0x${draw.slice(0, 16)}`) % 10_000n);
    const idx = chestEntryIndex(draw);
    const before = CHEST_LOOT_TABLE.slice(0, idx).reduce((a, e) => a + e.weight, 0);
    expect(r >= before && r < before + CHEST_LOOT_TABLE[idx]!.weight).toBe(true);
    expect(openChestDraw(seed, '2026-11-23', 42)).toEqual({ draw, entry: idx, loot: CHEST_LOOT_TABLE[idx]!.loot });
    expect(chestDraw(seed, '2026-11-23', 43)).not.toBe(draw);
    expect(chestDraw(seed, '2026-11-30', 42)).not.toBe(draw);
  });

  it('edges of the mapping: 0 → first entry, total − 1 → last', () => {
    expect(chestEntryIndex('0'.repeat(64))).toBe(0);
    const last = (BigInt(totalWeight()) - 1n).toString(16).padStart(16, '0');
    expect(chestEntryIndex(last + '0'.repeat(48))).toBe(CHEST_LOOT_TABLE.length - 1);
    expect(() => chestEntryIndex('zz')).toThrow(RangeError);
  });

  it('over 100,000 draws each entry comes up within tolerance of its weight', () => {
    const seed = 'ab'.repeat(32);
    const counts = new Array<number>(CHEST_LOOT_TABLE.length).fill(0);
    const N = 100_000;
    for (let u = 1; u <= N; u++) counts[chestEntryIndex(chestDraw(seed, '2026-11-23', u))]! += 1;
    const total = totalWeight();
    CHEST_LOOT_TABLE.forEach((e, i) => {
      const p = e.weight / total;
      const sd = Math.sqrt(N * p * (1 - p));
      expect(Math.abs(counts[i]! - N * p), `entry ${i}`).toBeLessThan(5 * sd);
    });
  });
});

describe('loot table versions (docs/game-rules.md §7)', () => {
  it('every published table sums to 10,000; v2 adds the tier-3 permit at 0.2%; new weeks use v2', () => {
    for (const v of Object.keys(CHEST_LOOT_TABLES)) expect(totalWeight(chestLootTable(Number(v))), `v${v}`).toBe(10_000);
    expect(CHEST_TABLE_VERSION).toBe(2);
    expect(CHEST_LOOT_TABLE).toBe(chestLootTable(2));
    const permit = chestLootTable(2).find((e) => e.loot.key === 'land_upgrade03');
    expect(permit).toEqual({ weight: 20, loot: { kind: 'item', key: 'land_upgrade03', amount: '1' } });
    expect(chestLootTable(1).some((e) => e.loot.key === 'land_upgrade03')).toBe(false);
    expect(() => chestLootTable(99)).toThrow(RangeError);
  });

  it('the first table is unchanged, so a week published with it draws what it drew', () => {
    // v1 exactly as first published: a past draw recomputed with it picks the same entry and loot
    expect(chestLootTable(1).map((e) => `${e.loot.key}:${e.loot.amount}:${e.weight}`)).toEqual([
      'hexo:50000000:2000', 'hexo:100000000:1500', 'hexo:250000000:800', 'hexo:1000000000:200',
      'exo:100000000:1200', 'exo:500000000:500', 'exo:2000000000:100',
      'food:100000000:1200', 'food:500000000:500', 'rune:10000000:800', 'rune:50000000:200',
      'toolkit_2:1:500', 'toolkit_3:1:250', 'chicken_tendies:1:200', 'land_upgrade01:1:50',
    ]);
    // a draw whose value falls in v2's permit range (9980..9999) picks the permit under v2, the last v1 entry under v1
    const draw = (9_990n).toString(16).padStart(16, '0') + '0'.repeat(48);
    expect(chestLootTable(2)[chestEntryIndex(draw, chestLootTable(2))]!.loot.key).toBe('land_upgrade03');
    expect(chestLootTable(1)[chestEntryIndex(draw, chestLootTable(1))]!.loot.key).toBe('land_upgrade01');
    const seed = '11'.repeat(32);
    expect(openChestDraw(seed, '2026-11-23', 7, chestLootTable(1)).loot).toEqual(chestLootTable(1)[chestEntryIndex(chestDraw(seed, '2026-11-23', 7), chestLootTable(1))]!.loot);
  });
});

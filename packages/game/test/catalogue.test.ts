import { describe, expect, it } from 'vitest';
import { ITEM_KINDS, MINING_TOOL_KINDS, itemKind, miningToolKind } from '../src/vendor/catalogue.ts';
import { leagueForVotes } from '../src/staking/leagues.ts';
import { LAND_SIZE_INFO } from '../src/lands/lands.ts';
import { generateValley, hexName, spiralCells } from '../src/valley.ts';
import { createPrng } from '../src/prng.ts';

describe('catalogue', () => {
  it('has the spec items: permits, toolkits 2–10, scheme, Chicken Tendies', () => {
    const keys = ITEM_KINDS.map((k) => k.key);
    expect(keys).toContain('land_upgrade01');
    expect(keys).toContain('land_upgrade02');
    for (let t = 2; t <= 10; t++) expect(itemKind(`toolkit_${t}`)?.tier).toBe(t);
    expect(itemKind('toolkit_1')).toBeUndefined();
    expect(itemKind('goldmine_scheme')?.category).toBe('scheme');
    expect(itemKind('chicken_tendies')?.category).toBe('fren_toolkit');
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('the Alchemist Glove pays 100 HEXO a day (base units)', () => {
    expect(miningToolKind('alchemist_glove')?.dailyHexo).toBe(100_000_000n);
    expect(MINING_TOOL_KINDS.every((k) => k.dailyHexo > 0n)).toBe(true);
  });
});

describe('leagues (docs/product.md §4: 250k, 500k, 750k, 1M)', () => {
  it('places every bound in its league', () => {
    expect(leagueForVotes(0n)).toBe('none');
    expect(leagueForVotes(249_999n)).toBe('none');
    expect(leagueForVotes(250_000n)).toBe('gold');
    expect(leagueForVotes(499_999n)).toBe('gold');
    expect(leagueForVotes(500_000n)).toBe('platinum');
    expect(leagueForVotes(749_999n)).toBe('platinum');
    expect(leagueForVotes(750_000n)).toBe('diamond');
    expect(leagueForVotes(1_000_000n)).toBe('diamond');
    expect(leagueForVotes(1_000_001n)).toBe('epic');
  });
});

describe('the Valley', () => {
  it('has 5,000 distinct cells with stable, URL-safe hex_names', () => {
    const v = generateValley();
    expect(v).toHaveLength(5000);
    expect(new Set(v.map((c) => c.hexName)).size).toBe(5000);
    expect(v.every((c) => /^[EW]\d{2,}[NS]\d{2,}$/.test(c.hexName))).toBe(true);
    expect(generateValley()).toEqual(v); // deterministic
    expect(hexName(3, -12)).toBe('E03N12');
    expect(hexName(-7, 4)).toBe('W07S04');
  });

  it('spiral cells are adjacent rings without repeats', () => {
    const cells = spiralCells(1 + 6 + 12);
    expect(new Set(cells.map(([q, r]) => `${q},${r}`)).size).toBe(19);
    expect(cells.every(([q, r]) => Math.max(Math.abs(q), Math.abs(r), Math.abs(-q - r)) <= 2)).toBe(true);
  });

  it('mixes sizes with caps from docs/game-rules.md §2', () => {
    const sizes = new Set(generateValley().map((c) => c.size));
    expect(sizes).toEqual(new Set(['SMALL', 'MEDIUM', 'LARGE', 'SUPERLARGE']));
    expect(LAND_SIZE_INFO.SUPERLARGE.goldmineCap).toBe(10);
    expect(LAND_SIZE_INFO.SMALL).toMatchObject({ label: 'S', cells: 4, goldmineCap: 4, frenmineCap: 2 });
  });

  it('the PRNG repeats for a seed and differs across seeds', () => {
    const a = createPrng('x');
    const b = createPrng('x');
    const c = createPrng('y');
    const sa = [a.next(), a.next(), a.next()];
    expect([b.next(), b.next(), b.next()]).toEqual(sa);
    expect(c.next()).not.toBe(sa[0]);
  });
});

import { describe, expect, it } from 'vitest';
import { GameError, PERMIT_3_PRICE, VENDOR_CATALOGUE, VENDOR_GROUPS, checkWeeklyLimit, itemKind, quotePurchase, toBaseUnits, vendorEntry } from '../src/index.ts';

const price = (key: string) => vendorEntry(key)!.price;
const hexo = (n: bigint) => toBaseUnits(n, 'hexo');
const exo = (n: bigint) => toBaseUnits(n, 'exo');

describe('vendor prices (docs/game-rules.md §6)', () => {
  it('permits and their packs of 10 at the price of 9', () => {
    expect(price('permit_1')).toBe(exo(5_000n));
    expect(price('permit_2')).toBe(exo(15_000n));
    expect(price('permit_1_pack10')).toBe(exo(45_000n));
    expect(price('permit_2_pack10')).toBe(exo(135_000n));
    expect(vendorEntry('permit_2_pack10')!.gives.items).toEqual({ land_upgrade02: 10 });
  });
  it('toolkits 2–10 at 250 × N² HEXO', () => {
    const expected: Record<number, bigint> = { 2: 1_000n, 3: 2_250n, 4: 4_000n, 5: 6_250n, 6: 9_000n, 7: 12_250n, 8: 16_000n, 9: 20_250n, 10: 25_000n };
    for (const [tier, whole] of Object.entries(expected)) {
      expect(price(`toolkit_${tier}`), `tier ${tier}`).toBe(hexo(whole));
      expect(vendorEntry(`toolkit_${tier}`)!.payToken).toBe('hexo');
    }
  });
  it('sets at the sum of their toolkits × 0.9', () => {
    expect(price('toolkit_set_2_4')).toBe(hexo(6_525n)); // (1000+2250+4000) × 0.9
    expect(price('toolkit_set_5_7')).toBe(hexo(24_750n));
    expect(price('toolkit_set_8_10')).toBe(hexo(55_125n));
    expect(price('toolkit_set_2_10')).toBe(hexo(86_400n));
    expect(vendorEntry('toolkit_set_8_10')!.gives.items).toEqual({ toolkit_8: 1, toolkit_9: 1, toolkit_10: 1 });
  });
  it('scheme, Chicken Tendies, FOOD packs; EXO packs paid in ADA and not purchasable', () => {
    expect(vendorEntry('goldmine_scheme')).toMatchObject({ payToken: 'exo', price: exo(10_000n) });
    expect(vendorEntry('chicken_tendies')).toMatchObject({ payToken: 'hexo', price: hexo(500n) });
    expect(vendorEntry('food_100')).toMatchObject({ payToken: 'hexo', price: hexo(100n), gives: { items: {}, tokens: { food: toBaseUnits(100n, 'food') } } });
    expect(vendorEntry('food_1000')).toMatchObject({ payToken: 'hexo', price: hexo(900n), gives: { items: {}, tokens: { food: toBaseUnits(1_000n, 'food') } } });
    const packs = VENDOR_CATALOGUE.filter((e) => e.group === 'exo_packs');
    expect(packs.map((e) => e.key)).toEqual(['exo_1k', 'exo_5k', 'exo_10k', 'exo_50k', 'exo_100k', 'exo_250k']);
    expect(packs.every((e) => !e.purchasable && e.payToken === 'ada' && e.price === null)).toBe(true);
  });
  it('every group is used, keys are unique, and every item given is a known item kind', () => {
    expect(new Set(VENDOR_CATALOGUE.map((e) => e.group))).toEqual(new Set(VENDOR_GROUPS));
    expect(new Set(VENDOR_CATALOGUE.map((e) => e.key)).size).toBe(VENDOR_CATALOGUE.length);
    for (const e of VENDOR_CATALOGUE) for (const k of Object.keys(e.gives.items)) expect(itemKind(k), `${e.key} gives ${k}`).toBeDefined();
  });
  it('quotes price × quantity and scaled gifts; refuses unknown items, ADA packs and bad quantities', () => {
    const q = quotePurchase('toolkit_set_2_4', 3);
    expect(q.total).toBe(hexo(6_525n) * 3n);
    expect(q.items).toEqual({ toolkit_2: 3, toolkit_3: 3, toolkit_4: 3 });
    expect(quotePurchase('food_1000', 2).tokens).toEqual({ food: toBaseUnits(2_000n, 'food') });
    const code = (f: () => unknown) => { try { f(); return null; } catch (e) { return (e as GameError).code; } };
    expect(code(() => quotePurchase('nope', 1))).toBe('NOT_FOUND');
    expect(code(() => quotePurchase('exo_1k', 1))).toBe('SYSTEM_FEATURE_NOT_AVAILABLE');
    expect(code(() => quotePurchase('toolkit_2', 0))).toBe('VALIDATION_ERROR');
    expect(code(() => quotePurchase('toolkit_2', 1001))).toBe('VALIDATION_ERROR');
    expect(code(() => quotePurchase('toolkit_2', 1.5))).toBe('VALIDATION_ERROR');
  });
});

describe('tier-3 expansion permit (docs/game-rules.md §6)', () => {
  it('is sold for 40,000 EXO, gives one land_upgrade03, no pack, limited to 1 per account and week', () => {
    const e = vendorEntry('permit_3')!;
    expect(e).toMatchObject({ group: 'permits', payToken: 'exo', price: PERMIT_3_PRICE, purchasable: true, weeklyLimit: 1 });
    expect(PERMIT_3_PRICE).toBe(toBaseUnits(40_000n, 'exo'));
    expect(e.gives.items).toEqual({ land_upgrade03: 1 });
    expect(vendorEntry('permit_3_pack10')).toBeUndefined();
    expect(VENDOR_CATALOGUE.filter((x) => x.weeklyLimit !== null).map((x) => x.key)).toEqual(['permit_3']);
  });

  it('checkWeeklyLimit: within the limit passes, one more is VENDOR_WEEKLY_LIMIT, unlimited entries never throw', () => {
    const e = vendorEntry('permit_3')!;
    expect(() => checkWeeklyLimit(e, 0, 1)).not.toThrow();
    expect(() => checkWeeklyLimit(e, 1, 1)).toThrow(expect.objectContaining({ code: 'VENDOR_WEEKLY_LIMIT' }));
    expect(() => checkWeeklyLimit(e, 0, 2)).toThrow(expect.objectContaining({ code: 'VENDOR_WEEKLY_LIMIT' }));
    expect(() => checkWeeklyLimit(vendorEntry('permit_2')!, 999, 1000)).not.toThrow();
  });
});

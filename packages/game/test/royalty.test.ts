import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, dayStart, gameDay, royaltyDay, settleDay, shopRoyalty } from '../src/index.ts';
import { worldArbitrary } from './support/world-arbitrary.ts';

describe('shop royalty (docs/game-rules.md §6)', () => {
  it('shares exactly 5% of the sales pro rata by lands, the remainder to the biggest holders', () => {
    // pool = 5% of 1,000 = 50; lands 2:1:1 → 25, 12.5, 12.5 → 25, 12, 12 + 1 remainder to user 7 (2 lands)
    expect(shopRoyalty(1_000n, new Map([[3, 1], [7, 2], [9, 1]]))).toEqual(new Map([[7, 26n], [3, 12n], [9, 12n]]));
    // a tie on lands goes to the smaller id; 5% of 59 = 2.95 → pool 2
    expect(shopRoyalty(59n, new Map([[5, 1], [2, 1], [8, 1]]))).toEqual(new Map([[2, 1n], [5, 1n]]));
    expect(shopRoyalty(19n, new Map([[1, 1]]))).toEqual(new Map());
    expect(shopRoyalty(10n ** 9n, new Map())).toEqual(new Map());
  });

  it('for any sales and holdings: Σ shares = ⌊sales × 5 / 100⌋, each within one unit of its exact share', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 27n }), fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 30 }), (sales, lands) => {
      const held = new Map(lands.map((n, i) => [i + 1, n]));
      const out = shopRoyalty(sales, held);
      const pool = (sales * 5n) / 100n;
      const total = BigInt(lands.reduce((a, n) => a + n, 0));
      expect([...out.values()].reduce((a, v) => a + v, 0n)).toBe(pool);
      for (const [u, n] of held) {
        const got = out.get(u) ?? 0n;
        const floor = (pool * BigInt(n)) / total;
        expect(got === floor || got === floor + 1n).toBe(true);
      }
    }));
  });

  it('settleDay pays the sales counted in the day only (by token), to land owners, with one notification each', () => {
    fc.assert(fc.property(worldArbitrary({ maxDays: 1 }), ({ world, days }) => {
      const day = days[0]!;
      const start = dayStart(day);
      const r = settleDay(world, day);
      for (const token of ['exo', 'hexo'] as const) {
        const sales = world.vendorSales.filter((v) => v.token === token && (v.royaltyDay ?? gameDay(v.at)) === day).reduce((a, v) => a + v.amount, 0n);
        const late = world.vendorSales.filter((v) => v.token === token && v.at >= start && v.at < start + 86_400_000 && v.royaltyDay !== day);
        expect(late.every((v) => v.royaltyDay === addDays(day))).toBe(true);
        const paid = r.ledger.filter((e) => e.reason === 'shop_royalty' && e.asset === token).reduce((a, e) => a + e.amount, 0n);
        const owners = new Set(world.lands.flatMap((l) => world.holdings.filter((h) => h.collectionKey === l.collectionKey && h.assetKey === l.assetKey).map((h) => h.userId)));
        expect(paid).toBe(owners.size > 0 ? (sales * 5n) / 100n : 0n);
      }
      const paidUsers = new Set(r.ledger.filter((e) => e.reason === 'shop_royalty').map((e) => e.userId));
      expect(r.notifications.filter((n) => n.type === 'shop_royalty').map((n) => n.userId).sort()).toEqual([...paidUsers].sort());
    }), { numRuns: 200 });
  });

  it('royaltyDay: a sale counts in its own UTC day, or in the first day not yet settled when it commits after the tick', () => {
    const at = Date.parse('2026-03-10T23:59:59.900Z');
    expect(royaltyDay(at, null)).toBe('2026-03-10');
    expect(royaltyDay(at, '2026-03-09')).toBe('2026-03-10');
    expect(royaltyDay(at, '2026-03-10')).toBe('2026-03-11');
    expect(royaltyDay(at, '2026-03-12')).toBe('2026-03-13');
    expect(royaltyDay(Date.parse('2026-03-11T00:00:00Z'), '2026-03-09')).toBe('2026-03-11');
  });
});

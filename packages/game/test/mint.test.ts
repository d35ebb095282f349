import { describe, expect, it } from 'vitest';
import {
  GameError, MINT_TTL_MINUTES, checkMint, generateValley, isAnyFilter, matchesMintFilter, mintExpiresAt, mintPriceLovelace,
  mintRefusal, quadrantOf, type MintFacts,
} from '../src/index.ts';

/** One shared fixture: an open mint with free lands and no pending mint. */
const facts = (over: Partial<MintFacts> = {}): MintFacts => ({ open: true, pending: false, freeTotal: 10, named: { exists: true, minted: false, free: true }, freeMatching: 3, ...over });

describe('mint in the app (docs/game-rules.md §2)', () => {
  it('a free named land, and "Any" with or without coordinates settings matching free land, may be minted', () => {
    expect(mintRefusal({ hexName: 'E03N12' }, facts())).toBeNull();
    expect(mintRefusal({ any: {} }, facts({ freeMatching: undefined }))).toBeNull();
    expect(mintRefusal({ any: { biome: 'winter', quadrant: 'NE' } }, facts())).toBeNull();
    expect(() => checkMint({ any: {} }, facts())).not.toThrow();
  });
  it('PENDING_TRANSACTION while the account has a mint not confirmed or expired, before any other code', () => {
    expect(mintRefusal({ hexName: 'E03N12' }, facts({ pending: true, freeTotal: 0 }))).toBe('PENDING_TRANSACTION');
    expect(() => checkMint({ any: {} }, facts({ pending: true }))).toThrow(GameError);
  });
  it('LAND_SOLD_OUT when no land is free or the mint is closed', () => {
    expect(mintRefusal({ any: {} }, facts({ freeTotal: 0 }))).toBe('LAND_SOLD_OUT');
    expect(mintRefusal({ hexName: 'E03N12' }, facts({ open: false }))).toBe('LAND_SOLD_OUT');
    expect(mintRefusal({ any: { size: 'SMALL' } }, facts({ freeTotal: 0, freeMatching: 0 }))).toBe('LAND_SOLD_OUT');
  });
  it('LAND_NOT_AVAILABLE for a named land that is reserved or not of the Valley; LAND_SOLD_OUT for a minted one', () => {
    expect(mintRefusal({ hexName: 'E03N12' }, facts({ named: { exists: true, minted: false, free: false } }))).toBe('LAND_NOT_AVAILABLE');
    expect(mintRefusal({ hexName: 'E99N99' }, facts({ named: { exists: false, minted: false, free: false } }))).toBe('LAND_NOT_AVAILABLE');
    expect(mintRefusal({ hexName: 'E03N12' }, facts({ named: { exists: true, minted: true, free: false } }))).toBe('LAND_SOLD_OUT');
  });
  it("MINT_REMOVE_COORS when the coordinates settings match no free land; 'Any' itself never", () => {
    let code: string | null = null;
    try { checkMint({ any: { biome: 'forest', size: 'SUPERLARGE' } }, facts({ freeMatching: 0 })); } catch (e) { code = (e as GameError).code; }
    expect(code).toBe('MINT_REMOVE_COORS');
    expect(mintRefusal({ any: {} }, facts({ freeMatching: 0 }))).toBeNull();
    expect(isAnyFilter({})).toBe(true);
    expect(isAnyFilter({ quadrant: 'SW' })).toBe(false);
  });
  it('quadrants follow the hex name letters; the filter matches biome, size and quadrant', () => {
    expect(quadrantOf(3, -12)).toBe('NE');
    expect(quadrantOf(-7, 4)).toBe('SW');
    expect(quadrantOf(0, 0)).toBe('SE');
    const valley = generateValley(200);
    const ne = valley.filter((c) => matchesMintFilter(c, { quadrant: 'NE' }));
    expect(ne.length).toBeGreaterThan(0);
    expect(ne.every((c) => c.hexName.startsWith('E') && c.hexName.includes('N'))).toBe(true);
    const land = valley[0]!;
    expect(matchesMintFilter(land, { biome: land.biome, size: land.size })).toBe(true);
    expect(matchesMintFilter(land, { biome: land.biome === 'forest' ? 'winter' : 'forest' })).toBe(false);
  });
  it('price in lovelace from ADA text, expiry 30 minutes after the reservation', () => {
    expect(mintPriceLovelace('25')).toBe(25_000_000n);
    expect(mintPriceLovelace('0.5')).toBe(500_000n);
    expect(mintPriceLovelace('1.1234567')).toBeNull();
    expect(mintPriceLovelace('0')).toBeNull();
    expect(mintPriceLovelace('-1')).toBeNull();
    expect(MINT_TTL_MINUTES).toBe(30);
    expect(mintExpiresAt(new Date('2026-11-27T10:00:00Z')).toISOString()).toBe('2026-11-27T10:30:00.000Z');
  });
});

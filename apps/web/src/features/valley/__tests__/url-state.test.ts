import { describe, expect, it } from 'vitest';
import { readValleyUrl, writeValleyUrl } from '../url-state.ts';

describe('valley URL state', () => {
  it('reads land, layer, zoom and centre; canonicalises the hex_name', () => {
    expect(readValleyUrl('?land=e03n12&layer=goldmine&zoom=12.5')).toEqual({ land: 'E03N12', layer: 'goldmine', zoom: 12.5, at: null });
    expect(readValleyUrl('?at=W04S10&zoom=3')).toEqual({ land: null, layer: 'biome', zoom: 3, at: 'W04S10' });
  });

  it('falls back to defaults on anything malformed', () => {
    expect(readValleyUrl('?land=nope&layer=lava&zoom=-4')).toEqual({ land: null, layer: 'biome', zoom: null, at: null });
    expect(readValleyUrl('?zoom=1e9&land=E03N12%00')).toEqual({ land: null, layer: 'biome', zoom: null, at: null });
    expect(readValleyUrl('?zoom=100000')).toMatchObject({ zoom: null });
    expect(readValleyUrl('')).toEqual({ land: null, layer: 'biome', zoom: null, at: null });
  });

  it('round-trips and leaves defaults out', () => {
    const states = [
      { land: 'E03N12', layer: 'ownership', zoom: 22, at: null },
      { land: null, layer: 'size', zoom: 4.25, at: 'W10S07' },
      { land: null, layer: 'biome', zoom: null, at: null },
      { land: 'E03N12', layer: 'goldmine', zoom: 30, at: 'E05N12' },
    ] as const;
    for (const s of states) expect(readValleyUrl(writeValleyUrl(s))).toEqual(s);
    expect(writeValleyUrl({ land: null, layer: 'biome', zoom: null, at: null })).toBe('');
    expect(writeValleyUrl({ land: 'E03N12', layer: 'biome', zoom: 7.123456, at: 'E03N12' })).toBe('?land=E03N12&zoom=7.12');
    expect(writeValleyUrl({ land: 'E03N12', layer: 'biome', zoom: 7, at: 'E00S00' })).toBe('?land=E03N12&zoom=7&at=E00S00');
  });
});

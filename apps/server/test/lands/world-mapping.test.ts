/**
 * The world import's pure parts: the metadata mapping (defaults, paths into trait arrays, cell
 * names, refusals with reasons) and the token bucket that paces Blockfrost (rate and burst).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING, assetNameText, mapLand, mapTool, resolveMapping, valueAt } from '../../src/world-import/mapping.ts';
import { TokenBucket } from '../../src/world-import/token-bucket.ts';

const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');
const land = (attributes: Record<string, unknown>, name = 'Cardano Land #1') => ({ name, attributes });

describe('metadata mapping', () => {
  it('maps a CIP-25 land shaped like the demo\'s with the defaults', () => {
    expect(mapLand(DEFAULT_MAPPING, hex('CardanoLand1'), '1', land({ Size: 'Extra Large', Biome: 'winter', Q: 3, R: '-12' })))
      .toEqual({ name: 'Cardano Land #1', q: 3, r: -12, hexName: 'E03N12', size: 'SUPERLARGE', biome: 'winter' });
  });

  it('refuses each malformed land with its code and reason', () => {
    const m = DEFAULT_MAPPING;
    const code = (x: object) => ('code' in x ? (x as { code: string }).code : 'mapped');
    expect(code(mapLand(m, hex('L'), '1', land({ Biome: 'Forest', Q: 0, R: 0 })))).toBe('missing_size');
    expect(code(mapLand(m, hex('L'), '1', land({ Size: 'Huge', Biome: 'Forest', Q: 0, R: 0 })))).toBe('unknown_size');
    expect(code(mapLand(m, hex('L'), '1', land({ Size: 'S', Biome: 'Desert', Q: 0, R: 0 })))).toBe('unknown_biome');
    expect(code(mapLand(m, hex('L'), '1', land({ Size: 'S', Biome: 'Forest', Q: 0 })))).toBe('missing_coordinates');
    expect(code(mapLand(m, hex('L'), '1', land({ Size: 'S', Biome: 'Forest', Q: 1.5, R: 0 })))).toBe('bad_coordinates');
    expect(code(mapLand(m, hex('L'), '1', land({ Size: 'S', Biome: 'Forest', Q: 10_000, R: 0 })))).toBe('bad_coordinates');
    expect(code(mapLand(m, 'c34c', '1', land({ Size: 'S', Biome: 'Forest', Q: 0, R: 0 })))).toBe('name_not_utf8');
    expect(code(mapLand(m, hex('L'), '2', land({ Size: 'S', Biome: 'Forest', Q: 0, R: 0 })))).toBe('not_an_nft');
    expect(code(mapLand(m, hex('L'), '1', null))).toBe('no_metadata');
    // a name with control characters is not shown: the land keeps `Land #id`
    expect(mapLand(m, hex('L'), '1', land({ Size: 'S', Biome: 'Forest', Q: 0, R: 0 }, 'a\u0000b'))).toMatchObject({ name: null });
  });

  it('reads OpenSea-style trait arrays and cell names through a mapping file', () => {
    const m = resolveMapping({ lands: { size: { path: 'attributes.Plot size' }, biome: { path: 'attributes.Terrain', values: { Snow: 'winter' } }, hexName: 'attributes.Cell' } });
    const md = { name: 'Plot', attributes: [{ trait_type: 'Plot size', value: 'M' }, { trait_type: 'Terrain', value: 'snow' }, { trait_type: 'Cell', value: 'w07s04' }] };
    expect(mapLand(m, hex('Plot'), '1', md)).toMatchObject({ size: 'MEDIUM', biome: 'winter', q: -7, r: 4, hexName: 'W07S04' });
    // a CIP-25 string split in 64-byte chunks is joined
    expect(valueAt({ a: { b: ['ab', 'cd'] } }, 'a.b')).toBe('abcd');
  });

  it('maps tools by kind (new kinds from the mapping), refuses unknown ones', () => {
    const m = resolveMapping({ tools: { kind: { values: { 'Laser Drill': 'laser_drill' } }, kinds: { laser_drill: { name: 'Laser Drill', dailyHexo: '80' } } } });
    expect(m.tools.kinds.laser_drill!.dailyHexo).toBe(80_000_000n);
    const known = new Set(['laser_drill']);
    expect(mapTool(m, known, hex('T1'), '1', { attributes: { Kind: 'laser drill', Serial: 7 } })).toEqual({ kindKey: 'laser_drill', serial: 7 });
    expect(mapTool(m, known, hex('T1'), '1', { attributes: { Kind: 'Alchemist Glove' } })).toMatchObject({ code: 'unknown_kind' });
    expect(mapTool(m, known, hex('T1'), '1', { attributes: {} })).toMatchObject({ code: 'missing_kind' });
    expect(mapTool(m, known, hex('T1'), '1', { attributes: { Kind: 'Laser Drill', Serial: 0 } })).toMatchObject({ code: 'bad_serial' });
  });

  it('names the first invalid field of a mapping file', () => {
    expect(() => resolveMapping({ lands: { size: { values: { Small: 'TINY' } } } })).toThrow(/lands\.size\.values\.Small/);
    expect(() => resolveMapping({ lands: { sizes: {} } })).toThrow(/mapping file/);
  });

  it('reads CIP-68 user token names past their label', () => {
    expect(assetNameText('000de140' + hex('Land7'))).toBe('Land7');
  });
});

describe('token bucket', () => {
  it('gives the burst at once, then the rate', async () => {
    let now = 0;
    const slept: number[] = [];
    const bucket = new TokenBucket(10, 5, () => now, async (ms) => { slept.push(ms); now += ms; });
    for (let i = 0; i < 5; i++) await bucket.take();
    expect(now).toBe(0);
    for (let i = 0; i < 10; i++) await bucket.take();
    // 10 more tokens at 10 a second: one second
    expect(now).toBeGreaterThanOrEqual(1000);
    expect(now).toBeLessThanOrEqual(1010);
    expect(slept.every((ms) => ms <= 100)).toBe(true);
  });
});

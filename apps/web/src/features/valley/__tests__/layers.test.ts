import { describe, expect, it } from 'vitest';
import { decodeValleyMap, encodeValleyMap, type ValleyMapLand } from '@kingdom/game';
import { colourLayer } from '../layers.ts';

const lands: ValleyMapLand[] = [
  { id: 1, q: 0, r: 0, size: 'SMALL', biome: 'forest', goldmineLevel: 1, workers: 0, owner: null, minted: false },
  { id: 2, q: 1, r: 0, size: 'MEDIUM', biome: 'winter', goldmineLevel: 5, workers: 3, owner: 'addr_a', minted: true },
  { id: 3, q: 0, r: 1, size: 'SUPERLARGE', biome: 'winter', goldmineLevel: null, workers: 0, owner: null, minted: true },
  { id: 4, q: 1, r: 1, size: 'LARGE', biome: 'forest', goldmineLevel: 10, workers: 9, owner: 'addr_me', minted: true },
];
const map = decodeValleyMap(encodeValleyMap(lands));

describe('map layers', () => {
  it('biome and size colour by the land', () => {
    const b = colourLayer(map, 'biome', new Set());
    expect(b.palette[b.colours[0]!]).toBe(b.palette[b.colours[3]!]);
    expect(b.colours[0]).not.toBe(b.colours[1]);
    expect(b.legend.map((e) => e.count)).toEqual([2, 2]);
    const s = colourLayer(map, 'size', new Set());
    expect(Array.from(s.colours)).toEqual([0, 1, 3, 2]);
    expect(s.legend.map((e) => e.labelOptions?.label)).toEqual(['S', 'M', 'L', 'XL']);
  });

  it('gold mine heat: none, then levels', () => {
    const g = colourLayer(map, 'goldmine', new Set());
    expect(Array.from(g.colours)).toEqual([1, 5, 0, 10]);
    expect(g.legend).toHaveLength(11);
    expect(g.legend[10]).toMatchObject({ label: 'valley.legend.level', labelOptions: { level: 10 }, count: 1 });
  });

  it('ownership: not minted, owned by someone, mine', () => {
    const o = colourLayer(map, 'ownership', new Set([4]));
    expect(Array.from(o.colours)).toEqual([0, 1, 1, 2]);
    expect(o.legend.map((e) => e.count)).toEqual([1, 2, 1]);
    // a visitor has no "mine"
    expect(colourLayer(map, 'ownership', new Set()).legend[2]!.count).toBe(0);
  });
});

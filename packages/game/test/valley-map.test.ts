import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  axialToWorld, worldToAxial, hexAtScreen, worldToScreen, screenToWorld, fitView, zoomAbout, panBy, boundsOf, hexDistance,
  visibleWorld, clampZoom, MAX_ZOOM, MIN_ZOOM, SQRT3, HEX_CORNERS, type MapView,
} from '../src/valley/layout.ts';
import { encodeValleyMap, decodeValleyMap, valleyMapLand, parseHexName, OWNER_NOT_MINTED, OWNER_UNKNOWN, type ValleyMapLand } from '../src/valley/map-codec.ts';
import { generateValley, hexName, spiralCells } from '../src/valley.ts';
import { LAND_SIZES, BIOMES } from '../src/lands/lands.ts';

const vp = { width: 1280, height: 800 };

describe('hex layout: axial ↔ world', () => {
  it('puts neighbours √3 apart on a row and 1.5 apart between rows', () => {
    expect(axialToWorld(0, 0)).toEqual({ x: 0, y: 0 });
    expect(axialToWorld(1, 0).x).toBeCloseTo(SQRT3);
    expect(axialToWorld(0, 1)).toEqual({ x: SQRT3 / 2, y: 1.5 });
    expect(axialToWorld(-1, 1).x).toBeCloseTo(-SQRT3 / 2);
  });

  it('finds the hex of every centre and of points well inside it', () => {
    fc.assert(fc.property(fc.integer({ min: -300, max: 300 }), fc.integer({ min: -300, max: 300 }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0, max: 0.85, noNaN: true }), (q, r, a, d) => {
      const c = axialToWorld(q, r);
      expect(worldToAxial(c.x, c.y)).toEqual({ q, r });
      // 0.85 of the inner radius (√3/2) stays inside the hex whatever the direction
      const p = { x: c.x + Math.cos(a) * d * (SQRT3 / 2), y: c.y + Math.sin(a) * d * (SQRT3 / 2) };
      expect(worldToAxial(p.x, p.y)).toEqual({ q, r });
    }));
  });

  it('a point just past an edge belongs to the neighbour', () => {
    const c = axialToWorld(2, -3);
    expect(worldToAxial(c.x + SQRT3 / 2 + 0.01, c.y)).toEqual({ q: 3, r: -3 });
    expect(worldToAxial(c.x + SQRT3 / 2 - 0.01, c.y)).toEqual({ q: 2, r: -3 });
    // corners of the hex polygon are at radius 1
    for (const k of HEX_CORNERS) expect(Math.hypot(k.x, k.y)).toBeCloseTo(1);
  });

  it('hex distance', () => {
    expect(hexDistance({ q: 0, r: 0 }, { q: 2, r: -1 })).toBe(2);
    expect(hexDistance({ q: -3, r: 3 }, { q: 3, r: -3 })).toBe(6);
    expect(hexDistance({ q: 1, r: 1 }, { q: 1, r: 1 })).toBe(0);
  });
});

describe('hex layout: screen, hit-testing, fit and zoom', () => {
  it('screen ↔ world are inverse at any zoom', () => {
    fc.assert(fc.property(fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: MIN_ZOOM, max: MAX_ZOOM, noNaN: true }), fc.integer({ min: 0, max: 1280 }), fc.integer({ min: 0, max: 800 }), (cx, cy, zoom, sx, sy) => {
      const view = { cx, cy, zoom };
      const w = screenToWorld(view, vp, { x: sx, y: sy });
      const s = worldToScreen(view, vp, w);
      expect(s.x).toBeCloseTo(sx, 6);
      expect(s.y).toBeCloseTo(sy, 6);
    }));
  });

  it.each([1, 4, 12, 40, 150])('hits the hex drawn under the pointer at zoom %d', (zoom) => {
    const view: MapView = { cx: 10, cy: -7, zoom };
    for (const [q, r] of [[0, 0], [5, -9], [-3, 4], [8, -8]] as const) {
      const centre = worldToScreen(view, vp, axialToWorld(q, r));
      expect(hexAtScreen(view, vp, centre)).toEqual({ q, r });
      // a pixel 0.8 of the inner radius to the right is still that hex; 1.2 is the east neighbour
      const inner = (SQRT3 / 2) * zoom;
      expect(hexAtScreen(view, vp, { x: centre.x + 0.8 * inner, y: centre.y })).toEqual({ q, r });
      expect(hexAtScreen(view, vp, { x: centre.x + 1.2 * inner, y: centre.y })).toEqual({ q: q + 1, r });
    }
  });

  it('fits the whole valley inside the viewport, centred, with padding', () => {
    const cells = generateValley(5000);
    const b = boundsOf({ length: cells.length, q: (i) => cells[i]!.q, r: (i) => cells[i]!.r });
    const view = fitView(b, vp, 20);
    const tl = worldToScreen(view, vp, { x: b.minX, y: b.minY });
    const br = worldToScreen(view, vp, { x: b.maxX, y: b.maxY });
    expect(tl.x).toBeGreaterThanOrEqual(20 - 1e-6);
    expect(tl.y).toBeGreaterThanOrEqual(20 - 1e-6);
    expect(br.x).toBeLessThanOrEqual(vp.width - 20 + 1e-6);
    expect(br.y).toBeLessThanOrEqual(vp.height - 20 + 1e-6);
    // the tighter axis touches the padding on both sides
    expect(Math.min(tl.y, tl.x)).toBeCloseTo(20, 6);
    expect((tl.x + br.x) / 2).toBeCloseTo(vp.width / 2, 6);
    // a phone fits too
    const phone = fitView(b, { width: 390, height: 600 }, 8);
    expect(worldToScreen(phone, { width: 390, height: 600 }, { x: b.maxX, y: 0 }).x).toBeLessThanOrEqual(390 - 8 + 1e-6);
  });

  it('zooming about a point keeps the world point under it fixed, and clamps', () => {
    fc.assert(fc.property(fc.double({ min: 0.3, max: 3, noNaN: true }), fc.integer({ min: 0, max: 1280 }), fc.integer({ min: 0, max: 800 }), (factor, sx, sy) => {
      const view = { cx: 3, cy: 4, zoom: 10 };
      const before = screenToWorld(view, vp, { x: sx, y: sy });
      const next = zoomAbout(view, vp, { x: sx, y: sy }, factor);
      expect(next.zoom).toBeCloseTo(clampZoom(10 * factor));
      const after = screenToWorld(next, vp, { x: sx, y: sy });
      expect(after.x).toBeCloseTo(before.x, 6);
      expect(after.y).toBeCloseTo(before.y, 6);
    }));
    expect(zoomAbout({ cx: 0, cy: 0, zoom: MAX_ZOOM }, vp, { x: 0, y: 0 }, 4).zoom).toBe(MAX_ZOOM);
    expect(zoomAbout({ cx: 0, cy: 0, zoom: MIN_ZOOM }, vp, { x: 0, y: 0 }, 0.1).zoom).toBe(MIN_ZOOM);
  });

  it('panning moves the world with the pointer; the visible box follows', () => {
    const view = { cx: 0, cy: 0, zoom: 20 };
    const moved = panBy(view, 40, -20);
    expect(moved).toEqual({ cx: -2, cy: 1, zoom: 20 });
    const box = visibleWorld(moved, vp);
    expect(box.maxX - box.minX).toBeCloseTo(64);
    expect((box.minX + box.maxX) / 2).toBeCloseTo(-2);
  });
});

describe('valley map encoding', () => {
  const landArb = fc.record({
    size: fc.constantFrom(...LAND_SIZES), biome: fc.constantFrom(...BIOMES), goldmineLevel: fc.option(fc.integer({ min: 1, max: 10 })),
    workers: fc.integer({ min: 0, max: 10 }), owner: fc.option(fc.constantFrom('addr_a', 'addr_b', 'sol_c')), minted: fc.boolean(),
  });

  it('round-trips any world', () => {
    fc.assert(fc.property(fc.array(landArb, { maxLength: 200 }), (specs) => {
      const cells = spiralCells(specs.length);
      const lands: ValleyMapLand[] = specs.map((s, i) => ({ ...s, id: i + 1, q: cells[i]![0], r: cells[i]![1], minted: s.minted || s.owner !== null }));
      const payload = encodeValleyMap(lands);
      const json = JSON.parse(JSON.stringify(payload));
      const map = decodeValleyMap(json);
      expect(map.count).toBe(lands.length);
      expect(new Set(payload.owners).size).toBe(payload.owners.length);
      lands.forEach((l, i) => {
        const { hexName: name, ...back } = valleyMapLand(map, i);
        expect(back).toEqual(l);
        expect(map.indexAt(l.q, l.r)).toBe(i);
        expect(map.indexOfName(name)).toBe(i);
      });
    }));
  });

  it('marks not minted, minted without a known holder, and owners', () => {
    const base = { size: 'SMALL', biome: 'forest', goldmineLevel: 1, workers: 0 } as const;
    const p = encodeValleyMap([
      { ...base, id: 1, q: 0, r: 0, owner: null, minted: false },
      { ...base, id: 2, q: 1, r: 0, owner: null, minted: true },
      { ...base, id: 3, q: 0, r: 1, owner: 'x', minted: true },
      { ...base, id: 4, q: 1, r: 1, owner: 'x', minted: true },
    ]);
    expect(p.owner).toEqual([OWNER_NOT_MINTED, OWNER_UNKNOWN, 0, 0]);
    expect(p.owners).toEqual(['x']);
  });

  it('rejects a broken payload', () => {
    const p = encodeValleyMap([{ id: 1, q: 0, r: 0, size: 'SMALL', biome: 'forest', goldmineLevel: null, workers: 0, owner: null, minted: false }]);
    expect(() => decodeValleyMap({ ...p, q: [] })).toThrow();
    expect(() => decodeValleyMap({ ...p, size: [9] })).toThrow();
    expect(() => decodeValleyMap({ ...p, owner: [3] })).toThrow();
  });

  it('parses canonical hex_names only', () => {
    expect(parseHexName('E03N12')).toEqual({ q: 3, r: -12 });
    expect(parseHexName('w07s04')).toEqual({ q: -7, r: 4 });
    expect(parseHexName('E129S05')).toEqual({ q: 129, r: 5 });
    expect(parseHexName('W00S01')).toBeNull();
    expect(parseHexName('E3N12')).toBeNull();
    expect(parseHexName('E03N12\u0000')).toBeNull();
    expect(parseHexName('E0000000N1')).toBeNull();
    for (const [q, r] of spiralCells(500)) expect(parseHexName(hexName(q, r))).toEqual({ q, r });
  });
});

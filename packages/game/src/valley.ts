/**
 * The Valley: a hex map of 5,000 lands (docs/game-rules.md §2), generated deterministically.
 * Cells are axial coordinates (q, r) taken in spiral order from the centre.
 */
import { createPrng } from './prng.ts';
import { VALLEY_LAND_COUNT, type LandSize, type Biome } from './lands/lands.ts';

/** One land of the Valley as generated. `id` runs 1..count in spiral order. */
export interface ValleyCell {
  id: number;
  q: number;
  r: number;
  hexName: string;
  size: LandSize;
  biome: Biome;
}

/** Seed of the demo Valley (changing it changes every land: keep it). */
export const VALLEY_SEED = 'kingdom-valley-v1';

/**
 * Stable, URL-safe name of a cell: E/W and the |q|, then N/S and the |r|, two digits each,
 * e.g. (3, -12) → `E03N12`, (-7, 4) → `W07S04`.
 */
export function hexName(q: number, r: number): string {
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  return `${q < 0 ? 'W' : 'E'}${pad(q)}${r < 0 ? 'N' : 'S'}${pad(r)}`;
}

const DIRECTIONS: ReadonlyArray<readonly [number, number]> = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

/** The first `count` axial cells of a hex spiral around (0, 0). */
export function spiralCells(count: number): Array<[number, number]> {
  const out: Array<[number, number]> = [[0, 0]];
  for (let ring = 1; out.length < count; ring++) {
    let q = -ring;
    let r = ring; // start at direction 4 × ring
    for (const [dq, dr] of DIRECTIONS) {
      for (let step = 0; step < ring && out.length < count; step++) {
        out.push([q, r]);
        q += dq;
        r += dr;
      }
    }
  }
  return out.slice(0, count);
}

/**
 * The Valley's lands: sizes S 60%, M 25%, L 12%, XL 3% and biomes (north of the middle mostly
 * winter, south mostly forest), drawn from {@link VALLEY_SEED}. Same output on every run.
 */
export function generateValley(count = VALLEY_LAND_COUNT): ValleyCell[] {
  const rng = createPrng(VALLEY_SEED);
  return spiralCells(count).map(([q, r], i) => {
    const x = rng.next();
    const size: LandSize = x < 0.6 ? 'SMALL' : x < 0.85 ? 'MEDIUM' : x < 0.97 ? 'LARGE' : 'SUPERLARGE';
    const northness = r < 0 ? 0.8 : 0.2;
    const biome: Biome = rng.next() < northness ? 'winter' : 'forest';
    return { id: i + 1, q, r, hexName: hexName(q, r), size, biome };
  });
}

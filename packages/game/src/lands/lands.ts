/**
 * Lands of the Valley: sizes, caps and biomes (docs/game-rules.md §2, docs/product.md §3).
 */
import { GameError } from '../errors.ts';

/** Land sizes in upgrade order (docs/product.md §3). */
export const LAND_SIZES = ['SMALL', 'MEDIUM', 'LARGE', 'SUPERLARGE'] as const;
export type LandSize = (typeof LAND_SIZES)[number];

/** Per size: short label, cells, gold mine and fren mine level caps (docs/game-rules.md §2). */
export const LAND_SIZE_INFO: Record<LandSize, { label: 'S' | 'M' | 'L' | 'XL'; cells: number; goldmineCap: number; frenmineCap: number }> = {
  SMALL: { label: 'S', cells: 4, goldmineCap: 4, frenmineCap: 2 },
  MEDIUM: { label: 'M', cells: 7, goldmineCap: 7, frenmineCap: 3 },
  LARGE: { label: 'L', cells: 9, goldmineCap: 9, frenmineCap: 4 },
  SUPERLARGE: { label: 'XL', cells: 12, goldmineCap: 10, frenmineCap: 5 },
};

/** Biomes and their bonus (docs/game-rules.md §2): forest +10% wood, winter +10% stone. */
export const BIOMES = ['forest', 'winter'] as const;
export type Biome = (typeof BIOMES)[number];
export const BIOME_BONUS: Record<Biome, { resource: 'wood' | 'stone'; percent: number }> = {
  forest: { resource: 'wood', percent: 10 },
  winter: { resource: 'stone', percent: 10 },
};

/** Number of lands in the Valley (docs/game-rules.md §2, public). */
export const VALLEY_LAND_COUNT = 5000;

/** Page size of land and mining tool lists (docs/product.md §9 fetches page 1; our choice of 12 a page). */
export const PAGE_SIZE = 12;

/** Expansion permits by the size they upgrade from (docs/product.md §4): tier 1 S→M, 2 M→L, 3 L→XL. */
export const EXPANSION_PERMITS: Partial<Record<LandSize, { permitKey: string; nextSize: LandSize }>> = {
  SMALL: { permitKey: 'land_upgrade01', nextSize: 'MEDIUM' },
  MEDIUM: { permitKey: 'land_upgrade02', nextSize: 'LARGE' },
  LARGE: { permitKey: 'land_upgrade03', nextSize: 'SUPERLARGE' },
};

/**
 * Plans a land size upgrade; the permit is consumed (docs/game-rules.md §2, docs/product.md §4).
 * @throws GameError LAND_MAX_SIZE for an XL land, PERMIT_NOT_EXIST_ON_BALANCE without the permit
 */
export function planLandExpansion(size: LandSize, items: Readonly<Record<string, number>>): { permitKey: string; nextSize: LandSize } {
  const step = EXPANSION_PERMITS[size];
  if (!step) throw new GameError('LAND_MAX_SIZE');
  if ((items[step.permitKey] ?? 0) < 1) throw new GameError('PERMIT_NOT_EXIST_ON_BALANCE');
  return step;
}

/**
 * What each map layer paints: a palette and, per land, an index into it (so the renderer batches
 * lands by colour), and the legend (docs/game-rules.md §2 sizes and biomes, §3 gold mine levels).
 */
import { BIOMES, GOLDMINE_MAX_LEVEL, LAND_SIZES, LAND_SIZE_INFO, OWNER_NOT_MINTED, type ValleyMap } from '@kingdom/game';
import type { ValleyLayer } from './url-state.ts';

/** One legend row: its colour, its i18n key (with options) and how many lands have it. */
export interface LegendEntry {
  colour: string;
  label: string;
  labelOptions?: Record<string, string | number>;
  count: number;
}

/** A layer's colouring of the map. */
export interface LayerColouring {
  palette: string[];
  /** Palette index per land (same order as the map's columns). */
  colours: Uint8Array;
  legend: LegendEntry[];
}

const BIOME_COLOURS = { forest: '#3f8f5c', winter: '#8cc1e6' } as const;
const SIZE_COLOURS = ['#5a4a78', '#8f6ad8', '#d4a94a', '#ffe08a'] as const;
/** No mine, then levels 1–10 from cool to hot. */
const HEAT_COLOURS = ['#2a2334', '#3b2a6b', '#512d85', '#70308f', '#922f8c', '#b53a7c', '#d24f66', '#e66c4a', '#f28f2e', '#f7b51d', '#fbe04a'] as const;
/** Ownership: not minted, owned by someone, mine. */
export const OWNERSHIP_COLOURS = ['#2e2639', '#7b64b8', '#f0cd74'] as const;

/** Colours every land for `layer`; `mine` holds the signed-in player's land ids. */
export function colourLayer(map: ValleyMap, layer: ValleyLayer, mine: ReadonlySet<number>): LayerColouring {
  const n = map.count;
  const colours = new Uint8Array(n);
  let palette: string[];
  let labels: Array<Omit<LegendEntry, 'count' | 'colour'>>;
  switch (layer) {
    case 'biome':
      palette = BIOMES.map((b) => BIOME_COLOURS[b]);
      labels = BIOMES.map((b) => ({ label: `valley.legend.${b}` }));
      colours.set(map.biome);
      break;
    case 'size':
      palette = [...SIZE_COLOURS];
      labels = LAND_SIZES.map((s) => ({ label: 'valley.legend.size', labelOptions: { label: LAND_SIZE_INFO[s].label, cells: LAND_SIZE_INFO[s].cells } }));
      colours.set(map.size);
      break;
    case 'goldmine':
      palette = [...HEAT_COLOURS];
      labels = Array.from({ length: GOLDMINE_MAX_LEVEL + 1 }, (_, lv) => (lv === 0 ? { label: 'valley.legend.noMine' } : { label: 'valley.legend.level', labelOptions: { level: lv } }));
      for (let i = 0; i < n; i++) colours[i] = Math.min(GOLDMINE_MAX_LEVEL, map.goldmine[i]!);
      break;
    case 'ownership':
      palette = [...OWNERSHIP_COLOURS];
      labels = [{ label: 'valley.legend.notMinted' }, { label: 'valley.legend.owned' }, { label: 'valley.legend.mine' }];
      for (let i = 0; i < n; i++) colours[i] = mine.has(map.id[i]!) ? 2 : map.owner[i] === OWNER_NOT_MINTED ? 0 : 1;
      break;
  }
  const counts = new Array<number>(palette.length).fill(0);
  for (let i = 0; i < n; i++) counts[colours[i]!]!++;
  const legend = labels.map((l, k) => ({ ...l, colour: palette[k]!, count: counts[k]! }));
  return { palette, colours, legend };
}

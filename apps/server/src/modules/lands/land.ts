/** A land row as the land queries select it, and its API shape (docs/product.md §3 Land). */
import { LAND_SIZE_INFO, type LandSize } from '@kingdom/game';
import type { Land } from '@kingdom/api';

/** Columns every land query selects; `workers` counts the gold mine's assigned workers. */
export interface LandRow {
  id: number; hex_name: string; name: string; size: LandSize; biome: 'forest' | 'winter'; q: number; r: number;
  collection_key: string; asset_key: string; goldmine_level: number | null; frenmine_level: number | null; has_update: boolean;
  owner: string | null; workers: number;
}

/** The API's Land from a row. */
export function toLand(r: LandRow): Land {
  return {
    id: r.id, hex_name: r.hex_name, name: r.name, size: r.size, size_label: LAND_SIZE_INFO[r.size].label, biome: r.biome,
    q: r.q, r: r.r, policy_id: r.collection_key, asset_name: r.asset_key, goldmine_level: r.goldmine_level,
    frenmine_level: r.frenmine_level, workers: r.workers ?? 0, owner: r.owner, has_update: r.has_update,
  };
}

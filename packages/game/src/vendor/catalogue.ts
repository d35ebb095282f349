/**
 * Item kinds and the mining-tool catalogue (docs/product.md §3, docs/game-rules.md §3, §4, §6).
 * Amounts of items are whole counts; token amounts are base units.
 */
import { toBaseUnits } from '../tokens/tokens.ts';

/** An inventory item kind. `tier` is the toolkit or permit tier where it has one. */
export interface ItemKind {
  key: string;
  name: string;
  category: 'permit' | 'toolkit' | 'fren_toolkit' | 'scheme';
  tier: number | null;
  isCraftable: boolean;
}

const permits: ItemKind[] = [1, 2, 3].map((tier) => ({
  key: `land_upgrade0${tier}`,
  name: `Expansion permit tier ${tier}`,
  category: 'permit',
  tier,
  isCraftable: false,
}));

const toolkits: ItemKind[] = [2, 3, 4, 5, 6, 7, 8, 9, 10].map((tier) => ({
  key: `toolkit_${tier}`,
  name: `Toolkit tier ${tier}`,
  category: 'toolkit',
  tier,
  isCraftable: false,
}));

/**
 * Every item kind. `land_upgrade01` is the small upgrade (S→M), `land_upgrade02` the medium
 * upgrade (M→L), `land_upgrade03` L→XL (docs/product.md §3, §4).
 */
export const ITEM_KINDS: readonly ItemKind[] = [
  ...permits,
  ...toolkits,
  { key: 'goldmine_scheme', name: 'Gold Mine Scheme', category: 'scheme', tier: null, isCraftable: false },
  { key: 'chicken_tendies', name: 'Chicken Tendies', category: 'fren_toolkit', tier: null, isCraftable: false },
];

/** Item kind by key, or undefined. */
export function itemKind(key: string): ItemKind | undefined {
  return ITEM_KINDS.find((k) => k.key === key);
}

/** A mining tool kind; `dailyHexo` is what a held tool pays its holder a day, in HEXO base units. */
export interface MiningToolKind {
  key: string;
  name: string;
  dailyHexo: bigint;
}

/** Mining-tool NFTs in the collection (minted to the treasury at the first start; docs/game-rules.md §13.1, §5.7). */
export const MINING_TOOL_COUNT = 500;

/** The mining-tool catalogue. Alchemist Glove: 100 HEXO a day (docs/product.md §3, docs/game-rules.md §5). */
export const MINING_TOOL_KINDS: readonly MiningToolKind[] = [
  { key: 'alchemist_glove', name: 'Alchemist Glove', dailyHexo: toBaseUnits(100n, 'hexo') },
  { key: 'miners_pickaxe', name: "Miner's Pickaxe", dailyHexo: toBaseUnits(40n, 'hexo') },
  { key: 'dwarven_hammer', name: 'Dwarven Hammer', dailyHexo: toBaseUnits(60n, 'hexo') },
  { key: 'crystal_lantern', name: 'Crystal Lantern', dailyHexo: toBaseUnits(25n, 'hexo') },
];

/** Mining tool kind by key, or undefined. */
export function miningToolKind(key: string): MiningToolKind | undefined {
  return MINING_TOOL_KINDS.find((k) => k.key === key);
}

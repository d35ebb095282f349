/**
 * Gold mine rules (GAME-RULES.md §3): slots, workers and their rarity, assignment checks in the
 * rule's order, upgrades, salaries, weights, the daily pool and the effectivity rating.
 * Token amounts are base units (`bigint`); durations are ms.
 */
import { GameError } from './errors.ts';
import { LAND_SIZE_INFO, GOLDMINE_MAX_LEVEL, type LandSize } from './lands.ts';
import { toBaseUnits } from './tokens.ts';
import type { League } from './leagues.ts';

/** Slot 10 is the manager's: open at level 10, Epic workers only (GAME-RULES.md §3). */
export const MANAGER_SLOT = 10;
/** Slots of a gold mine: 1–9 for workers, 10 for the manager. */
export const GOLDMINE_SLOTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** Worker rarities; `default` is a system-provided worker (GAME-RULES.md §3). */
export const WORKER_RARITIES = ['default', 'common', 'uncommon', 'rare', 'epic'] as const;
export type WorkerRarity = (typeof WORKER_RARITIES)[number];

/** Rarity by the collection's league at the last snapshot (GAME-RULES.md §3). */
export function rarityForLeague(league: League): WorkerRarity | null {
  switch (league) {
    case 'gold': return 'common';
    case 'platinum': return 'uncommon';
    case 'diamond': return 'rare';
    case 'epic': return 'epic';
    default: return null;
  }
}

/** Votes a collection needs at a snapshot for its NFTs to work in gold mines (GAME-RULES.md §3, §5). */
export const WORKER_QUALIFY_VOTES = 250_000n;

/** Weight of a worked slot in hundredths: default 0.5, Common 1.0, Uncommon 1.25, Rare 1.5, Epic 2.0. */
export const WORKER_WEIGHT_CENTI: Record<WorkerRarity, bigint> = { default: 50n, common: 100n, uncommon: 125n, rare: 150n, epic: 200n };
/** A manager adds +10% to its mine's other workers (GAME-RULES.md §3). */
export const MANAGER_BONUS_PERCENT = 10n;

/** Daily HEXO salary per worker in base units: default 20, Common 10, Uncommon 8, Rare 6, Epic 5. */
export const WORKER_SALARY_HEXO: Record<WorkerRarity, bigint> = {
  default: toBaseUnits(20n, 'hexo'), common: toBaseUnits(10n, 'hexo'), uncommon: toBaseUnits(8n, 'hexo'),
  rare: toBaseUnits(6n, 'hexo'), epic: toBaseUnits(5n, 'hexo'),
};

/** The Gold Rush pool: 136,986 EXO a day in base units (public: 150M EXO over 3 years). */
export const GOLD_RUSH_DAILY_POOL_EXO = toBaseUnits(136_986n, 'exo');

/** A low-balance warning when HEXO covers fewer than this many days of salaries. */
export const LOW_BALANCE_WARNING_DAYS = 3n;

/** True when `slot` is open on a mine of `level`: slot i needs level ≥ i; the manager slot needs 10. */
export function isSlotOpen(level: number, slot: number): boolean {
  if (!Number.isInteger(slot) || slot < 1 || slot > MANAGER_SLOT) return false;
  return level >= slot;
}

/** Number of open slots at `level` (level 10 opens the manager slot too). */
export function openSlotCount(level: number): number {
  return Math.max(0, Math.min(level, MANAGER_SLOT));
}

/** What an assignment check needs to know about the worker NFT (null = a default worker). */
export interface WorkerCandidate {
  /** The NFT is from a collection that qualified at the last snapshot. */
  known: boolean;
  /** One of the player's linked wallets holds it. */
  heldByPlayer: boolean;
  /** It is already in a slot of some mine. */
  assigned: boolean;
  rarity: WorkerRarity;
}

/**
 * Checks setting a worker into a slot, in the order of GAME-RULES.md §3.
 * @param mine.level gold mine level 1–10; `occupied`: slots that hold a worker
 * @param worker the NFT, or null for a default worker
 * @throws GameError SLOT_NOT_AVAILABLE, SLOT_ALREADY_USE, NOT_VALID_WORKER, WORKER_NOT_BELONG_USER,
 *   WORKER_IS_SET, NOT_VALID_WORKER_RARITY
 */
export function checkAssignment(mine: { level: number; occupied: ReadonlySet<number> }, slot: number, worker: WorkerCandidate | null): void {
  if (!isSlotOpen(mine.level, slot)) throw new GameError('SLOT_NOT_AVAILABLE');
  if (mine.occupied.has(slot)) throw new GameError('SLOT_ALREADY_USE');
  if (worker) {
    if (!worker.known) throw new GameError('NOT_VALID_WORKER');
    if (!worker.heldByPlayer) throw new GameError('WORKER_NOT_BELONG_USER');
    if (worker.assigned) throw new GameError('WORKER_IS_SET');
  }
  const rarity = worker?.rarity ?? 'default';
  if (slot === MANAGER_SLOT && rarity !== 'epic') throw new GameError('NOT_VALID_WORKER_RARITY');
}

/** Hours an upgrade to `targetLevel` takes: (N−1) × 6 (GAME-RULES.md §3). */
export function goldmineUpgradeHours(targetLevel: number): number {
  return (targetLevel - 1) * 6;
}

/** Item key of the toolkit that upgrades a gold mine to `targetLevel` (tiers 2–10). */
export function toolkitFor(targetLevel: number): string {
  return `toolkit_${targetLevel}`;
}

/** What the next gold mine upgrade needs and gives. */
export interface GoldmineUpgradePlan {
  targetLevel: number;
  toolkitKey: string;
  durationMs: number;
}

/**
 * Plans the next upgrade of a gold mine; the same function previews it in the web app.
 * @param mine.level current level; `upgradingUntil`: end of an upgrade in progress (ms UTC) or null
 * @param toolkits how many of each toolkit the player's app inventory holds
 * @param now current time, ms UTC
 * @throws GameError GOLDMINE_UPGRADE_IN_PROGRESS, CANT_RUN_THIS_OPERATION (already at level 10),
 *   GOLDMINE_ERROR_LAND_MAX_SIZE (land size caps the level), ITEM_NOT_EXIST_ON_BALANCE (no toolkit)
 */
export function planGoldmineUpgrade(
  land: { size: LandSize }, mine: { level: number; upgradingUntil: number | null },
  toolkits: Readonly<Record<string, number>>, now: number,
): GoldmineUpgradePlan {
  if (mine.upgradingUntil !== null && mine.upgradingUntil > now) throw new GameError('GOLDMINE_UPGRADE_IN_PROGRESS');
  const targetLevel = mine.level + 1;
  if (targetLevel > GOLDMINE_MAX_LEVEL) throw new GameError('CANT_RUN_THIS_OPERATION', 'gold mine is at its maximum level');
  if (targetLevel > LAND_SIZE_INFO[land.size].goldmineCap) throw new GameError('GOLDMINE_ERROR_LAND_MAX_SIZE');
  const toolkitKey = toolkitFor(targetLevel);
  if ((toolkits[toolkitKey] ?? 0) < 1) throw new GameError('ITEM_NOT_EXIST_ON_BALANCE');
  return { targetLevel, toolkitKey, durationMs: goldmineUpgradeHours(targetLevel) * 3_600_000 };
}

/** Effectivity labels 0–5 (spec §4). */
export const EFFECTIVITY_LABELS = ['Inactive', 'Not Bad', 'You can better', 'Good', 'Very Good', 'Excellent'] as const;

/**
 * Effectivity rating of a mine for a day: worked ÷ open slots → 0 (0%), 1 (< 40%), 2 (< 60%),
 * 3 (< 80%), 4 (< 100%), 5 (100%) (GAME-RULES.md §3). Integer arithmetic, no rounding.
 */
export function effectivityRating(worked: number, open: number): 0 | 1 | 2 | 3 | 4 | 5 {
  if (open <= 0 || worked <= 0) return 0;
  if (worked >= open) return 5;
  const [a, b, c] = EFFECTIVITY_BOUNDS_PERCENT;
  const pct100 = worked * 100;
  if (pct100 < a * open) return 1;
  if (pct100 < b * open) return 2;
  if (pct100 < c * open) return 3;
  return 4;
}

/** Upper bounds (exclusive, percent of open slots worked) of ratings 1, 2 and 3. */
export const EFFECTIVITY_BOUNDS_PERCENT = [40, 60, 80] as const;

/**
 * Shares a pool pro rata by weight, rounding every share down, so the shares never add up to more
 * than the pool (GAME-RULES.md §3). Weights are non-negative integers.
 */
export function sharePool(pool: bigint, weights: readonly bigint[]): bigint[] {
  const total = weights.reduce((a, w) => a + w, 0n);
  if (total === 0n) return weights.map(() => 0n);
  return weights.map((w) => (pool * w) / total);
}

/**
 * Mine rules for both kinds (docs/game-rules.md §3, §4), driven by the descriptors of `./kinds.ts`: open
 * slots, assignment checks in the rule's order, upgrade plans, effectivity, pool shares, salary
 * coverage. Pure; token amounts are base units (`bigint`), times are ms since the epoch (UTC).
 */
import { addDays, gameDay } from '../days.ts';
import { GameError } from '../errors.ts';
import type { LandSize } from '../lands/lands.ts';
import { MINE_RULES, type MineKind } from './kinds.ts';
import type { WorkerRarity } from './goldmine.ts';

/**
 * The first game day (`YYYY-MM-DD`) a worker assigned at `assignedAt` (ms since the epoch, UTC) works
 * and is paid: the first full day after its assignment — a day's roster holds only the workers
 * assigned before the day's start (docs/game-rules.md §3.5, public).
 */
export function worksFrom(assignedAt: number): string {
  return addDays(gameDay(assignedAt));
}

/** True when `slot` is open on a mine of `kind` at `level`: slot i needs level ≥ i (docs/game-rules.md §3, §4). */
export function isSlotOpen(kind: MineKind, level: number, slot: number): boolean {
  const rules = MINE_RULES[kind];
  return Number.isInteger(slot) && rules.slots.includes(slot) && slot <= Math.min(level, rules.maxLevel);
}

/** Number of open slots of a mine of `kind` at `level` (slots = level, capped at the kind's max). */
export function openSlotCount(kind: MineKind, level: number): number {
  return Math.max(0, Math.min(level, MINE_RULES[kind].maxLevel));
}

/** What an assignment check needs to know about the worker NFT (null = a default worker). */
export interface WorkerCandidate {
  /** The NFT is from a collection that may work this mine (gold: qualified at the last snapshot). */
  known: boolean;
  /** One of the player's linked wallets holds it. */
  heldByPlayer: boolean;
  /** It is already in a slot of some mine, of either kind. */
  assigned: boolean;
  rarity: WorkerRarity;
}

/**
 * Checks setting a worker into a slot, in the order of docs/game-rules.md §3: slot open, slot free, NFT
 * known, NFT held, NFT not in a mine, manager rarity. A fren mine takes no default worker.
 * @param mine.level the mine's level; `occupied`: slots that hold a worker
 * @param worker the NFT, or null for a default worker
 * @throws GameError SLOT_NOT_AVAILABLE, SLOT_ALREADY_USE, NOT_VALID_WORKER, WORKER_NOT_BELONG_USER,
 *   WORKER_IS_SET, NOT_VALID_WORKER_RARITY
 */
export function checkAssignment(kind: MineKind, mine: { level: number; occupied: ReadonlySet<number> }, slot: number, worker: WorkerCandidate | null): void {
  const rules = MINE_RULES[kind];
  if (!isSlotOpen(kind, mine.level, slot)) throw new GameError('SLOT_NOT_AVAILABLE');
  if (mine.occupied.has(slot)) throw new GameError('SLOT_ALREADY_USE');
  if (worker) {
    if (!worker.known) throw new GameError('NOT_VALID_WORKER');
    if (!worker.heldByPlayer) throw new GameError('WORKER_NOT_BELONG_USER');
    if (worker.assigned) throw new GameError('WORKER_IS_SET');
  } else if (!rules.allowsDefaultWorker) {
    throw new GameError('NOT_VALID_WORKER');
  }
  const rarity = worker?.rarity ?? 'default';
  if (slot === rules.managerSlot && rarity !== 'epic') throw new GameError('NOT_VALID_WORKER_RARITY');
}

/** Hours an upgrade to `targetLevel` takes: (N−1) × 6, both kinds (docs/game-rules.md §3, §4). */
export function upgradeHours(targetLevel: number): number {
  return (targetLevel - 1) * 6;
}

/** What the next upgrade of a mine needs and gives. */
export interface UpgradePlan {
  targetLevel: number;
  /** Item consumed when the upgrade starts (gold: toolkit tier N; fren: Chicken Tendies). */
  itemKey: string;
  durationMs: number;
}

/**
 * Plans the next upgrade of a mine; the same function previews it in the web app.
 * @param mine.level current level; `upgradingUntil`: end of an upgrade in progress (ms UTC) or null
 * @param items how many of each item the player's app inventory holds
 * @param now current time, ms UTC
 * @throws GameError the kind's `upgradeErrors` (gold: GOLDMINE_UPGRADE_IN_PROGRESS, GOLDMINE_MAX_LEVEL at
 *   the kind's max level, GOLDMINE_ERROR_LAND_MAX_SIZE when the land size caps the level; fren: the
 *   FRENMINE_* codes alike), ITEM_NOT_EXIST_ON_BALANCE
 */
export function planUpgrade(
  kind: MineKind, land: { size: LandSize }, mine: { level: number; upgradingUntil: number | null },
  items: Readonly<Record<string, number>>, now: number,
): UpgradePlan {
  const rules = MINE_RULES[kind];
  if (mine.upgradingUntil !== null && mine.upgradingUntil > now) throw new GameError(rules.upgradeErrors.inProgress);
  const targetLevel = mine.level + 1;
  if (targetLevel > rules.maxLevel) throw new GameError(rules.upgradeErrors.maxLevel);
  if (targetLevel > rules.capFor(land.size)) throw new GameError(rules.upgradeErrors.landMaxSize);
  const itemKey = rules.upgradeItem(targetLevel);
  if ((items[itemKey] ?? 0) < 1) throw new GameError('ITEM_NOT_EXIST_ON_BALANCE');
  return { targetLevel, itemKey, durationMs: upgradeHours(targetLevel) * 3_600_000 };
}

/** Effectivity labels 0–5 (docs/product.md §4; the spec's "You can better" reads "You can do better", issue 39). */
export const EFFECTIVITY_LABELS = ['Inactive', 'Not Bad', 'You can do better', 'Good', 'Very Good', 'Excellent'] as const;

/** Upper bounds (exclusive, percent of open slots worked) of ratings 1, 2 and 3. */
export const EFFECTIVITY_BOUNDS_PERCENT = [40, 60, 80] as const;

/**
 * Effectivity rating of a mine for a day: worked ÷ open slots → 0 (0%), 1 (< 40%), 2 (< 60%),
 * 3 (< 80%), 4 (< 100%), 5 (100%) (docs/game-rules.md §3). Integer arithmetic, no rounding.
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

/**
 * Shares a pool pro rata by weight, rounding every share down, so the shares never add up to more
 * than the pool (docs/game-rules.md §3). Weights are non-negative integers.
 */
export function sharePool(pool: bigint, weights: readonly bigint[]): bigint[] {
  const total = weights.reduce((a, w) => a + w, 0n);
  if (total === 0n) return weights.map(() => 0n);
  return weights.map((w) => (pool * w) / total);
}

/** A low-balance warning when the balances cover fewer than this many days of salaries (docs/game-rules.md §3). */
export const LOW_BALANCE_WARNING_DAYS = 3n;

/**
 * Whole days the balances cover a player's daily salaries, counting every daily HEXO need
 * (docs/game-rules.md §3, §4): gold mine salaries are HEXO; fren salaries are FOOD first and HEXO 1:1
 * where FOOD runs short. Day d is covered when `d × gold ≤ hexo` and `d × (gold + fren) ≤ hexo + food`.
 * @param balances base units held now
 * @param daily.goldHexo HEXO the gold mines' workers cost a day; `frenFood`: FOOD the frens cost a day
 * @returns covered days, or null when nothing is due a day
 */
export function salaryDaysCovered(balances: { hexo: bigint; food: bigint }, daily: { goldHexo: bigint; frenFood: bigint }): bigint | null {
  const all = daily.goldHexo + daily.frenFood;
  if (all <= 0n) return null;
  const byTotal = (balances.hexo + balances.food) / all;
  return daily.goldHexo > 0n && balances.hexo / daily.goldHexo < byTotal ? balances.hexo / daily.goldHexo : byTotal;
}

/**
 * Fren mine rules (GAME-RULES.md §4): levels 1–5 capped by land size, slots = level, frens are NFTs
 * of any Staking-Hub collection, FOOD salaries with HEXO filling in where FOOD runs short.
 */
import { GameError } from './errors.ts';
import { LAND_SIZE_INFO, type LandSize } from './lands.ts';
import { toBaseUnits } from './tokens.ts';

export const FRENMINE_MAX_LEVEL = 5;
/** The fren pool: 13,699 EXO a day in base units, shared equally over worked fren slots. */
export const FREN_DAILY_POOL_EXO = toBaseUnits(13_699n, 'exo');
/** Salary per fren per day: 15 FOOD in base units; HEXO pays 1:1 where FOOD runs short. */
export const FREN_SALARY_FOOD = toBaseUnits(15n, 'food');
/** The fren toolkit that upgrades a fren mine one level. */
export const FREN_TOOLKIT = 'chicken_tendies';

/** Hours a fren mine upgrade to `targetLevel` takes: (N−1) × 6, as for gold mines. */
export function frenmineUpgradeHours(targetLevel: number): number {
  return (targetLevel - 1) * 6;
}

/**
 * Checks setting a fren into a slot.
 * @throws GameError SLOT_NOT_AVAILABLE, SLOT_ALREADY_USE, NOT_VALID_WORKER (not from a Staking-Hub
 *   collection), WORKER_NOT_BELONG_USER, WORKER_IS_SET
 */
export function checkFrenAssignment(
  mine: { level: number; occupied: ReadonlySet<number> }, slot: number,
  fren: { known: boolean; heldByPlayer: boolean; assigned: boolean },
): void {
  if (!Number.isInteger(slot) || slot < 1 || slot > Math.min(mine.level, FRENMINE_MAX_LEVEL)) throw new GameError('SLOT_NOT_AVAILABLE');
  if (mine.occupied.has(slot)) throw new GameError('SLOT_ALREADY_USE');
  if (!fren.known) throw new GameError('NOT_VALID_WORKER');
  if (!fren.heldByPlayer) throw new GameError('WORKER_NOT_BELONG_USER');
  if (fren.assigned) throw new GameError('WORKER_IS_SET');
}

/**
 * Plans the next fren mine upgrade (one Chicken Tendies per level).
 * @throws GameError GOLDMINE_UPGRADE_IN_PROGRESS, CANT_RUN_THIS_OPERATION (at level 5),
 *   GOLDMINE_ERROR_LAND_MAX_SIZE, ITEM_NOT_EXIST_ON_BALANCE
 */
export function planFrenmineUpgrade(
  land: { size: LandSize }, mine: { level: number; upgradingUntil: number | null },
  items: Readonly<Record<string, number>>, now: number,
): { targetLevel: number; itemKey: string; durationMs: number } {
  if (mine.upgradingUntil !== null && mine.upgradingUntil > now) throw new GameError('GOLDMINE_UPGRADE_IN_PROGRESS');
  const targetLevel = mine.level + 1;
  if (targetLevel > FRENMINE_MAX_LEVEL) throw new GameError('CANT_RUN_THIS_OPERATION', 'fren mine is at its maximum level');
  if (targetLevel > LAND_SIZE_INFO[land.size].frenmineCap) throw new GameError('GOLDMINE_ERROR_LAND_MAX_SIZE');
  if ((items[FREN_TOOLKIT] ?? 0) < 1) throw new GameError('ITEM_NOT_EXIST_ON_BALANCE');
  return { targetLevel, itemKey: FREN_TOOLKIT, durationMs: frenmineUpgradeHours(targetLevel) * 3_600_000 };
}

/**
 * Splits a day's fren salaries between FOOD and HEXO: FOOD first, HEXO 1:1 for the rest.
 * @returns base units taken from each, or null when both together cannot pay `due`
 */
export function payFrenSalary(due: bigint, food: bigint, hexo: bigint): { food: bigint; hexo: bigint } | null {
  if (due > food + hexo) return null;
  const fromFood = due < food ? due : food;
  return { food: fromFood, hexo: due - fromFood };
}

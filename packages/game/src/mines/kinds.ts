/**
 * One descriptor per mine kind (docs/game-rules.md §3, §4): everything that differs between a gold mine
 * and a fren mine — level caps, slots, the manager, salary token and its fallback, pool, weights,
 * upgrade item and duration, which NFTs may work, notification types. Rules, the daily tick's SQL
 * and the web app read these tables instead of branching on the kind.
 */
import { LAND_SIZE_INFO, type LandSize } from '../lands/lands.ts';
import type { Token } from '../tokens/tokens.ts';
import type { ErrorCode } from '../errors.ts';
import {
  GOLDMINE_MAX_LEVEL, GOLDMINE_SLOTS, GOLD_RUSH_DAILY_POOL_EXO, MANAGER_SLOT, WORKER_RARITIES, WORKER_SALARY_HEXO,
  WORKER_WEIGHT_CENTI, type WorkerRarity,
} from './goldmine.ts';
import { FRENMINE_MAX_LEVEL, FREN_DAILY_POOL_EXO, FREN_SALARY_FOOD, FREN_TOOLKIT } from './frenmine.ts';

/** The two mine kinds; the name is used in the rule, the route, the table and the page. */
export const MINE_KINDS = ['goldmine', 'frenmine'] as const;
export type MineKind = (typeof MINE_KINDS)[number];

/** What a mine kind is. Amounts are base units. */
export interface MineKindRules {
  kind: MineKind;
  /** Highest level a mine of this kind reaches (gold 10, fren 5). */
  maxLevel: number;
  /** Highest level a land of `size` allows (docs/game-rules.md §2). */
  capFor(size: LandSize): number;
  /** Every slot number, open or not, in order. */
  slots: readonly number[];
  /** The manager slot (Epic only, gives a bonus), or null. */
  managerSlot: number | null;
  /** Token salaries are charged in, and the token that pays 1:1 where it runs short (or null). */
  salaryToken: Token;
  salaryFallback: Token | null;
  /** Salary per worker per day by rarity (fren: every fren is `common`). */
  salary: Readonly<Record<WorkerRarity, bigint>>;
  /** Pool weight of a worked slot in hundredths by rarity (fren: equal weights). */
  weightCenti: Readonly<Record<WorkerRarity, bigint>>;
  /** EXO the kind's pool shares a day, in base units. */
  dailyPool: bigint;
  /** Gold: NFTs must come from a collection that qualified at the last snapshot; fren: any collection. */
  needsQualifiedCollection: boolean;
  /** Gold mines may hire system-provided default workers; fren mines may not. */
  allowsDefaultWorker: boolean;
  /** Item that upgrades the mine to `targetLevel`. */
  upgradeItem(targetLevel: number): string;
  /**
   * The codes an upgrade of this kind is refused with: one in progress, at the kind's max level, capped
   * by the land size (gold: the spec's GOLDMINE_* codes; fren: FRENMINE_*).
   */
  upgradeErrors: { inProgress: ErrorCode; maxLevel: ErrorCode; landMaxSize: ErrorCode };
  /**
   * The code answered where the player asks for the result of an upgrade that failed (the land
   * left the owner meanwhile; docs/game-rules.md §3): gold GOLDMINE_UPGRADE_FAILED, fren its own.
   */
  upgradeFailed: ErrorCode;
  /** Notification types of the kind's daily report and finished upgrade. */
  dailyReportType: 'goldmine_daily_report' | 'frenmine_daily_report';
}

const uniform = (v: bigint): Record<WorkerRarity, bigint> => Object.fromEntries(WORKER_RARITIES.map((r) => [r, v])) as Record<WorkerRarity, bigint>;

/** The descriptors, by kind (docs/game-rules.md §3 gold mine, §4 fren mine). */
export const MINE_RULES: Readonly<Record<MineKind, MineKindRules>> = {
  goldmine: {
    kind: 'goldmine',
    maxLevel: GOLDMINE_MAX_LEVEL,
    capFor: (size) => LAND_SIZE_INFO[size].goldmineCap,
    slots: GOLDMINE_SLOTS,
    managerSlot: MANAGER_SLOT,
    salaryToken: 'hexo',
    salaryFallback: null,
    salary: WORKER_SALARY_HEXO,
    weightCenti: WORKER_WEIGHT_CENTI,
    dailyPool: GOLD_RUSH_DAILY_POOL_EXO,
    needsQualifiedCollection: true,
    allowsDefaultWorker: true,
    upgradeItem: (targetLevel) => `toolkit_${targetLevel}`,
    upgradeErrors: { inProgress: 'GOLDMINE_UPGRADE_IN_PROGRESS', maxLevel: 'GOLDMINE_MAX_LEVEL', landMaxSize: 'GOLDMINE_ERROR_LAND_MAX_SIZE' },
    upgradeFailed: 'GOLDMINE_UPGRADE_FAILED',
    dailyReportType: 'goldmine_daily_report',
  },
  frenmine: {
    kind: 'frenmine',
    maxLevel: FRENMINE_MAX_LEVEL,
    capFor: (size) => LAND_SIZE_INFO[size].frenmineCap,
    slots: Array.from({ length: FRENMINE_MAX_LEVEL }, (_, i) => i + 1),
    managerSlot: null,
    salaryToken: 'food',
    salaryFallback: 'hexo',
    salary: uniform(FREN_SALARY_FOOD),
    weightCenti: uniform(100n),
    dailyPool: FREN_DAILY_POOL_EXO,
    needsQualifiedCollection: false,
    allowsDefaultWorker: false,
    upgradeItem: () => FREN_TOOLKIT,
    upgradeErrors: { inProgress: 'FRENMINE_UPGRADE_IN_PROGRESS', maxLevel: 'FRENMINE_MAX_LEVEL', landMaxSize: 'FRENMINE_ERROR_LAND_MAX_SIZE' },
    upgradeFailed: 'FRENMINE_UPGRADE_FAILED',
    dailyReportType: 'frenmine_daily_report',
  },
};

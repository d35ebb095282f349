/**
 * Fren mine constants (docs/game-rules.md §4): levels 1–5 capped by land size, slots = level, frens are
 * NFTs of any Staking-Hub collection, FOOD salaries with HEXO filling in where FOOD runs short.
 */
import { toBaseUnits } from '../tokens/tokens.ts';

export const FRENMINE_MAX_LEVEL = 5;
/** The fren pool: 13,699 EXO a day in base units, shared equally over worked fren slots. */
export const FREN_DAILY_POOL_EXO = toBaseUnits(13_699n, 'exo');
/** Salary per fren per day: 15 FOOD in base units; HEXO pays 1:1 where FOOD runs short. */
export const FREN_SALARY_FOOD = toBaseUnits(15n, 'food');
/** The fren toolkit that upgrades a fren mine one level. */
export const FREN_TOOLKIT = 'chicken_tendies';

/**
 * Gold mine constants (docs/game-rules.md §3): slots and the manager, worker rarities by league, weights,
 * salaries and the Gold Rush pool. Token amounts are base units (`bigint`). The rules that use them
 * are the kind-neutral ones of `./rules.ts`, driven by the descriptor in `./kinds.ts`.
 */
import { toBaseUnits } from '../tokens/tokens.ts';
import { leagueForVotes, type League } from '../staking/leagues.ts';

/** Slot 10 is the manager's: open at level 10, Epic workers only (docs/game-rules.md §3). */
export const MANAGER_SLOT = 10;
/** Slots of a gold mine: 1–9 for workers, 10 for the manager. */
export const GOLDMINE_SLOTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
/** Gold mine maximum level (docs/product.md §9). */
export const GOLDMINE_MAX_LEVEL = 10;

/** Worker rarities; `default` is a system-provided worker (docs/game-rules.md §3). */
export const WORKER_RARITIES = ['default', 'common', 'uncommon', 'rare', 'epic'] as const;
export type WorkerRarity = (typeof WORKER_RARITIES)[number];

/** Rarity by the collection's league at the last snapshot (docs/game-rules.md §3); null below Gold. */
export function rarityForLeague(league: League): WorkerRarity | null {
  switch (league) {
    case 'gold': return 'common';
    case 'platinum': return 'uncommon';
    case 'diamond': return 'rare';
    case 'epic': return 'epic';
    default: return null;
  }
}

/**
 * Rarity of a gold NFT worker whose collection has `votes` (whole votes) at a snapshot: its league's,
 * Common below Gold (docs/game-rules.md §3, §5).
 */
export function rarityForVotes(votes: bigint): WorkerRarity {
  return rarityForLeague(leagueForVotes(votes)) ?? 'common';
}

/** Votes a collection needs at a snapshot for its NFTs to work in gold mines (docs/game-rules.md §3, §5). */
export const WORKER_QUALIFY_VOTES = 250_000n;

/** Weight of a worked slot in hundredths: default 0.5, Common 1.0, Uncommon 1.25, Rare 1.5, Epic 2.0. */
export const WORKER_WEIGHT_CENTI: Record<WorkerRarity, bigint> = { default: 50n, common: 100n, uncommon: 125n, rare: 150n, epic: 200n };
/** A manager adds +10% to its mine's other workers (docs/game-rules.md §3). */
export const MANAGER_BONUS_PERCENT = 10n;

/** Daily HEXO salary per worker in base units: default 20, Common 10, Uncommon 8, Rare 6, Epic 5. */
export const WORKER_SALARY_HEXO: Record<WorkerRarity, bigint> = {
  default: toBaseUnits(20n, 'hexo'), common: toBaseUnits(10n, 'hexo'), uncommon: toBaseUnits(8n, 'hexo'),
  rare: toBaseUnits(6n, 'hexo'), epic: toBaseUnits(5n, 'hexo'),
};

/** The Gold Rush pool: 136,986 EXO a day in base units (public: 150M EXO over 3 years). */
export const GOLD_RUSH_DAILY_POOL_EXO = toBaseUnits(136_986n, 'exo');

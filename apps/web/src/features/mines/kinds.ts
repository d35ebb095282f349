/**
 * What the web app shows differently for a gold mine and a fren mine, as one descriptor per kind
 * (GAME-RULES.md §3–4): the pages read it instead of branching on `kind === 'goldmine'`.
 */
import type { Mine, MineKind, WorkerNft } from '@kingdom/api';
import {
  FREN_SALARY_FOOD, FREN_TOOLKIT, FRENMINE_MAX_LEVEL, GOLDMINE_MAX_LEVEL, WORKER_SALARY_HEXO, planFrenmineUpgrade,
  planGoldmineUpgrade, toolkitFor, type Token, type WorkerRarity,
} from '@kingdom/game';

/** The next upgrade of a mine as planned by the rules: target level, item consumed, duration. */
export interface UpgradePlan {
  targetLevel: number;
  itemKey: string;
  durationMs: number;
}

/** One mine kind as the web app shows it. */
export interface MineKindView {
  kind: MineKind;
  /** i18n key of the page title (`goldmine.title` …). */
  titleKey: string;
  /** Highest level of the kind, whatever the land size (the answer's `max_level` when given). */
  maxLevel: number;
  /** Tokens that may pay the salary, in the order they are charged (GAME-RULES §3–4). */
  salaryTokens: readonly Token[];
  /** The kind takes NFTs of qualified collections only and shows their rarity. */
  rarities: boolean;
  /** The kind offers a system-provided default worker (not for the manager slot). */
  defaultWorker: boolean;
  /** The kind has no mine until a scheme builds it (level 0 means "no mine"). */
  builtByScheme: boolean;
  /** i18n keys: the Set-worker dialog's title, its empty list, the free-NFT line, the salary note. */
  texts: { choose: string; noEligible: string; free: string; note: string };
  /** Daily salary (base units) of a worker of `rarity`, in `salaryTokens[0]`. */
  salary(rarity: WorkerRarity | null): bigint;
  /** Item key the upgrade from `level` consumes. */
  upgradeItem(level: number): string;
  /** The rules' plan of the next upgrade; throws the rules' GameError when it can't start. */
  planUpgrade(mine: Mine, state: { level: number; upgradingUntil: number | null }, items: Record<string, number>, now: number): UpgradePlan;
}

const RARITY_ORDER: Record<string, number> = { epic: 0, rare: 1, uncommon: 2, common: 3, default: 4 };

/** The two kinds. */
export const MINE_KINDS: Record<MineKind, MineKindView> = {
  goldmine: {
    kind: 'goldmine',
    titleKey: 'goldmine.title',
    maxLevel: GOLDMINE_MAX_LEVEL,
    salaryTokens: ['hexo'],
    rarities: true,
    defaultWorker: true,
    builtByScheme: true,
    texts: { choose: 'mines.chooseWorker', noEligible: 'mines.noEligible', free: 'mines.freeWorkers', note: 'mines.goldNote' },
    salary: (rarity) => WORKER_SALARY_HEXO[rarity ?? 'default'],
    upgradeItem: (level) => toolkitFor(level + 1),
    planUpgrade: (mine, state, items, now) => {
      const p = planGoldmineUpgrade(mine.land, state, items, now);
      return { targetLevel: p.targetLevel, itemKey: p.toolkitKey, durationMs: p.durationMs };
    },
  },
  frenmine: {
    kind: 'frenmine',
    titleKey: 'frenmine.title',
    maxLevel: FRENMINE_MAX_LEVEL,
    salaryTokens: ['food', 'hexo'],
    rarities: false,
    defaultWorker: false,
    builtByScheme: false,
    texts: { choose: 'mines.chooseFren', noEligible: 'mines.noEligibleFrens', free: 'mines.freeFrens', note: 'mines.frenNote' },
    salary: () => FREN_SALARY_FOOD,
    upgradeItem: () => FREN_TOOLKIT,
    planUpgrade: (mine, state, items, now) => planFrenmineUpgrade(mine.land, state, items, now),
  },
};

/** The highest level of `mine`'s kind (the server's `max_level`, else the kind's). */
export function maxLevelOf(mine: Mine): number {
  return mine.max_level ?? MINE_KINDS[mine.mine].maxLevel;
}

/**
 * The NFTs that may go into a slot: those that work nowhere yet and, where the kind wants it, of a
 * qualified collection (rarity set), best rarity first. The manager slot's Epic-only rule is the
 * server's to enforce; the list shows each rarity.
 */
export function eligibleWorkers(mine: Mine, workers: readonly WorkerNft[] | undefined): WorkerNft[] {
  const view = MINE_KINDS[mine.mine];
  const free = (workers ?? []).filter((w) => w.assigned === null && (!view.rarities || w.rarity !== null));
  if (!view.rarities) return free;
  return [...free].sort((a, b) => (RARITY_ORDER[a.rarity ?? 'default'] ?? 9) - (RARITY_ORDER[b.rarity ?? 'default'] ?? 9));
}

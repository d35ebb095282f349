/**
 * What the web app shows differently for a gold mine and a fren mine: the rules' descriptor of each
 * kind (`MINE_RULES` of `@kingdom/game`, docs/game-rules.md §3–§4) plus its page texts. The pages read
 * these instead of branching on `kind === 'goldmine'`.
 */
import type { Mine, MineKind, WorkerNft } from '@kingdom/api';
import { MINE_RULES, planUpgrade, type MineKindRules, type Token, type WorkerRarity } from '@kingdom/game';

/** The next upgrade of a mine as planned by the rules: target level, item consumed, duration. */
export interface UpgradePlan {
  targetLevel: number;
  itemKey: string;
  durationMs: number;
}

/** One mine kind as the web app shows it. */
export interface MineKindView {
  kind: MineKind;
  /** The rules' descriptor of the kind. */
  rules: MineKindRules;
  /** i18n key of the page title (`goldmine.title` …). */
  titleKey: string;
  /** Tokens that may pay the salary, in the order they are charged (docs/game-rules.md §3–§4). */
  salaryTokens: readonly Token[];
  /** The kind has no mine until a scheme builds it (level 0 means "no mine"). */
  builtByScheme: boolean;
  /** i18n keys: the Set-worker dialog's title, its empty list, the free-NFT line, the salary note. */
  texts: { choose: string; noEligible: string; free: string; note: string };
}

function view(rules: MineKindRules, titleKey: string, builtByScheme: boolean, texts: MineKindView['texts']): MineKindView {
  const salaryTokens = rules.salaryFallback ? [rules.salaryToken, rules.salaryFallback] : [rules.salaryToken];
  return { kind: rules.kind, rules, titleKey, salaryTokens, builtByScheme, texts };
}

/** The two kinds. */
export const MINE_KINDS: Record<MineKind, MineKindView> = {
  goldmine: view(MINE_RULES.goldmine, 'goldmine.title', true, { choose: 'mines.chooseWorker', noEligible: 'mines.noEligible', free: 'mines.freeWorkers', note: 'mines.goldNote' }),
  frenmine: view(MINE_RULES.frenmine, 'frenmine.title', false, { choose: 'mines.chooseFren', noEligible: 'mines.noEligibleFrens', free: 'mines.freeFrens', note: 'mines.frenNote' }),
};

/** Daily salary (base units, in the kind's salary token) of a worker of `rarity` (null: a default worker). */
export function salaryOf(kind: MineKind, rarity: WorkerRarity | null): bigint {
  return MINE_RULES[kind].salary[rarity ?? 'default'];
}

/** The rules' plan of the next upgrade of `mine`. @throws GameError when it cannot start (the rules' codes) */
export function planMineUpgrade(mine: Mine, state: { level: number; upgradingUntil: number | null }, items: Record<string, number>, now: number): UpgradePlan {
  return planUpgrade(mine.mine, mine.land, state, items, now);
}

/** The highest level of `mine`'s kind. */
export function maxLevelOf(mine: Mine): number {
  return mine.max_level;
}

const RARITY_ORDER: Record<string, number> = { epic: 0, rare: 1, uncommon: 2, common: 3, default: 4 };

/**
 * The NFTs that may go into a slot: those that work nowhere yet and, where the kind wants it, of a
 * qualified collection (rarity set), best rarity first. The manager slot's Epic-only rule is the
 * server's to enforce; the list shows each rarity.
 */
export function eligibleWorkers(mine: Mine, workers: readonly WorkerNft[] | undefined): WorkerNft[] {
  const qualified = MINE_RULES[mine.mine].needsQualifiedCollection;
  const free = (workers ?? []).filter((w) => w.assigned === null && (!qualified || w.rarity !== null));
  if (!qualified) return free;
  return [...free].sort((a, b) => (RARITY_ORDER[a.rarity ?? 'default'] ?? 9) - (RARITY_ORDER[b.rarity ?? 'default'] ?? 9));
}

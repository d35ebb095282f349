/**
 * Achievements (docs/game-rules.md §14): milestones a player earns once and keeps, each a pure
 * function of facts the game records (mine upgrades, lands held, deposits, votes, quest claims,
 * the daily reports' effectivity). The server reads the facts; this decides what is earned.
 */
import { addDays } from '../days.ts';

/** Every achievement, in the order the profile shows them. */
export const ACHIEVEMENTS = ['first_upgrade', 'mine_level_10', 'xl_land', 'excellent_streak_7', 'excellent_streak_30', 'first_deposit', 'first_vote', 'first_quest', 'first_market_trade'] as const;
/** One achievement. */
export type AchievementKey = (typeof ACHIEVEMENTS)[number];

/** English names (the inbox notice's data; the web app translates by key). */
export const ACHIEVEMENT_NAMES: Readonly<Record<AchievementKey, string>> = {
  first_upgrade: 'First upgrade', mine_level_10: 'Gold mine level 10', xl_land: 'An XL land', excellent_streak_7: '7 Excellent days in a row',
  excellent_streak_30: '30 Excellent days in a row', first_deposit: 'First deposit', first_vote: 'First vote', first_quest: 'First quest claimed',
  first_market_trade: 'First Market trade',
};

/** The streak achievements and their length in consecutive all-Excellent days (docs/game-rules.md §14.6). */
export const EXCELLENT_STREAKS = { excellent_streak_7: 7, excellent_streak_30: 30 } as const satisfies Partial<Record<AchievementKey, number>>;

/** What achievements read. */
export interface AchievementFacts {
  /** Mine upgrades ever started (gold or fren). */
  upgradesStarted: number;
  /** The highest gold mine level among the lands the player holds (0: none). */
  maxGoldmineLevel: number;
  /** SUPERLARGE (XL) lands the player holds. */
  xlLands: number;
  /** EXO or HEXO deposits ever credited. */
  deposits: number;
  /** Vote additions ever made. */
  votesAdded: number;
  /** Quests ever claimed. */
  questsClaimed: number;
  /** Market trades (fills, docs/game-rules.md §16) ever made, as buyer or seller. */
  marketTrades: number;
  /**
   * The settled days (UTC dates) on which the player had at least one mine-day and every one of
   * them rated Excellent (effectivity 5), in any order.
   */
  excellentDays: readonly string[];
}

/** An achievement's state: earned, and how far along (`progress` of `target`). */
export interface AchievementState {
  key: AchievementKey;
  earned: boolean;
  progress: number;
  target: number;
}

/** The longest run of consecutive UTC days in `days` (duplicates ignored). */
export function longestDayStreak(days: readonly string[]): number {
  const sorted = [...new Set(days)].sort();
  let best = 0;
  let run = 0;
  for (let i = 0; i < sorted.length; i++) {
    run = i > 0 && addDays(sorted[i - 1]!) === sorted[i] ? run + 1 : 1;
    best = Math.max(best, run);
  }
  return best;
}

/** Every achievement's state from `facts` (docs/game-rules.md §14). */
export function achievements(facts: AchievementFacts): AchievementState[] {
  const streak = longestDayStreak(facts.excellentDays);
  const of = (key: AchievementKey, progress: number, target: number): AchievementState => ({ key, earned: progress >= target, progress: Math.min(progress, target), target });
  return [
    of('first_upgrade', facts.upgradesStarted, 1),
    of('mine_level_10', facts.maxGoldmineLevel, 10),
    of('xl_land', facts.xlLands, 1),
    of('excellent_streak_7', streak, EXCELLENT_STREAKS.excellent_streak_7),
    of('excellent_streak_30', streak, EXCELLENT_STREAKS.excellent_streak_30),
    of('first_deposit', facts.deposits, 1),
    of('first_vote', facts.votesAdded, 1),
    of('first_quest', facts.questsClaimed, 1),
    of('first_market_trade', facts.marketTrades, 1),
  ];
}

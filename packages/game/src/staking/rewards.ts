/**
 * Staking rewards and rounds (docs/game-rules.md §5).
 *
 * Reward per staked NFT per day = 10 × holders ÷ supply × league multiplier × (1.0 land owners, 0.5
 * others), in the collection chain's token (Cardano HEXO, Solana RUNE). Amounts are exact base units
 * (6 decimals), rounded down per NFT; a player's credit per collection is the count of counting NFTs
 * times that per-NFT amount (docs/game-rules.md).
 */
import { DAY_MS } from '../days.ts';
import type { League } from './leagues.ts';
import { LEAGUE_THRESHOLDS } from './leagues.ts';

/** The league multiplier in quarters (below Gold 1.0, Gold 1.0, Platinum 1.25, Diamond 1.5, Epic 2.0). */
export const LEAGUE_MULTIPLIER_QUARTERS: Record<League, bigint> = { none: 4n, gold: 4n, platinum: 5n, diamond: 6n, epic: 8n };

/** Base units of one whole token (6 decimals). */
const UNIT = 1_000_000n;

/** The public formula's 10 whole tokens (per NFT per day when holders = supply), in base units. */
export const STAKE_REWARD_BASE = 10n * UNIT;
/** The owner factor in halves: land owners 1.0 (2/2), others 0.5 (1/2). */
export const STAKE_OWNER_FACTOR_HALVES = { owner: 2n, other: 1n } as const;
/**
 * What the product of a multiplier in quarters ({@link LEAGUE_MULTIPLIER_QUARTERS}) and an owner
 * factor in halves ({@link STAKE_OWNER_FACTOR_HALVES}) is divided by: 4 × 2.
 */
export const STAKE_REWARD_DIVISOR = 4n * 2n;

/** An NFT counts for staking after it was held this long (ms): 24 h. */
export const STAKE_MIN_HELD_MS = DAY_MS;
/** A player who has not signed in for this long (ms) stops accruing: 30 days (docs/game-rules.md §5.6). */
export const STAKE_INACTIVE_MS = 30 * DAY_MS;
/**
 * The Staking Hub's round, in ms: snapshots are taken every 14 days at 00:00 UTC, epoch-aligned (at ms
 * multiples of this; docs/game-rules.md §5.4). The one definition of the 14-day period.
 */
export const SNAPSHOT_PERIOD_MS = 14 * DAY_MS;
/** A collection qualifies at a snapshot when in its chain's top 10 by votes or at ≥ 250,000 votes. */
export const QUALIFY_TOP = 10;
export const QUALIFY_VOTES = LEAGUE_THRESHOLDS.gold;

/** Token a collection's stakers are paid in. */
export function stakingRewardToken(chain: 'cardano' | 'solana'): 'hexo' | 'rune' {
  return chain === 'cardano' ? 'hexo' : 'rune';
}

/**
 * Daily reward of one staked NFT in base units, rounded down:
 * floor(10 × 10^6 × holders × mult/4 × owner/2 ÷ supply). 0 when `supply` ≤ 0 or `holders` ≤ 0.
 * The server's SQL is generated from the same constants (`apps/server/src/jobs/settlement/staking.ts`).
 */
export function rewardPerNft(holders: number, supply: number, league: League, landOwner: boolean): bigint {
  if (supply <= 0 || holders <= 0) return 0n;
  const num = STAKE_REWARD_BASE * BigInt(holders) * LEAGUE_MULTIPLIER_QUARTERS[league] * STAKE_OWNER_FACTOR_HALVES[landOwner ? 'owner' : 'other'];
  return num / (BigInt(supply) * STAKE_REWARD_DIVISOR);
}

/** True when `at` (ms) is a snapshot instant (00:00 UTC, every 14 days). */
export function isSnapshotInstant(at: number): boolean {
  return at % SNAPSHOT_PERIOD_MS === 0;
}

/** The first snapshot instant strictly after `now` (ms). */
export function nextSnapshotAt(now: number): number {
  return (Math.floor(now / SNAPSHOT_PERIOD_MS) + 1) * SNAPSHOT_PERIOD_MS;
}

/** A collection as a snapshot ranks it. */
export interface RankedCollection {
  id: number;
  chain: 'cardano' | 'solana';
  votes: bigint;
}

/**
 * Ranks collections per chain by votes, descending; ties broken by id ascending (deterministic).
 * @returns rank (1-based within its chain) and whether it qualifies (top 10 or ≥ 250,000 votes)
 */
export function rankCollections(list: readonly RankedCollection[]): Map<number, { rank: number; qualified: boolean }> {
  const out = new Map<number, { rank: number; qualified: boolean }>();
  for (const chain of ['cardano', 'solana'] as const) {
    const sorted = list.filter((c) => c.chain === chain).sort((a, b) => (a.votes === b.votes ? a.id - b.id : a.votes > b.votes ? -1 : 1));
    sorted.forEach((c, i) => out.set(c.id, { rank: i + 1, qualified: i < QUALIFY_TOP || c.votes >= QUALIFY_VOTES }));
  }
  return out;
}

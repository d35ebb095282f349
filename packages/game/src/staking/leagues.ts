/**
 * Staking-Hub leagues by votes (docs/product.md §4, §9; docs/game-rules.md §5).
 * Votes are whole EXO (1 EXO = 1 vote).
 */

export const LEAGUES = ['none', 'gold', 'platinum', 'diamond', 'epic'] as const;
export type League = (typeof LEAGUES)[number];

/** Lower bounds in votes: Gold 250k–500k, Platinum 500k–750k, Diamond 750k–1M, Epic over 1M. */
export const LEAGUE_THRESHOLDS = { gold: 250_000n, platinum: 500_000n, diamond: 750_000n, epic: 1_000_000n } as const;

/**
 * The league of a collection with `votes` whole votes. Bounds: a lower bound belongs to its league
 * (250,000 is Gold, 500,000 Platinum, 750,000 Diamond); Epic is strictly over 1,000,000.
 */
export function leagueForVotes(votes: bigint): League {
  if (votes > LEAGUE_THRESHOLDS.epic) return 'epic';
  if (votes >= LEAGUE_THRESHOLDS.diamond) return 'diamond';
  if (votes >= LEAGUE_THRESHOLDS.platinum) return 'platinum';
  if (votes >= LEAGUE_THRESHOLDS.gold) return 'gold';
  return 'none';
}

/**
 * Vote points (docs/game-rules.md §5): a player locks EXO from the app balance as vote points (1 whole
 * EXO = 1 point), unlocks any points not allocated, and allocates whole points to projects. The
 * invariant `locked = free + allocated`, every part ≥ 0, is the server's: the schema keeps it
 * (`vote_books` CHECKs) with one conditional UPDATE per step (`apps/server/src/modules/staking`).
 * This module holds the rule every step shares: which numbers of points may move.
 */
import { toBaseUnits } from '../tokens/tokens.ts';

/**
 * EXO locked per vote point, in EXO base units: one whole EXO = 10^6 base units (docs/game-rules.md §5.2,
 * 1 EXO = 1 vote, public; §1.2 for the decimals). A lock of `n` points debits `n × EXO_PER_VOTE_POINT`.
 */
export const EXO_PER_VOTE_POINT: bigint = toBaseUnits(1n, 'exo');

/** The largest number of points one request may move (fits the whole-token bound of amounts). */
export const MAX_VOTE_POINTS = 10n ** 21n - 1n;

/**
 * True when `value` is a valid number of points to move out of `available`: a whole number from 1 to
 * `available` (docs/game-rules.md §5 "add votes"), and at most MAX_VOTE_POINTS.
 */
export function isValidVoteValue(value: bigint, available: bigint): boolean {
  return value >= 1n && value <= available && value <= MAX_VOTE_POINTS;
}

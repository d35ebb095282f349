/**
 * Vote points (GAME-RULES.md §5): a player locks EXO from the app balance as vote points (1 whole
 * EXO = 1 point), unlocks any points not allocated, and allocates whole points to projects. The
 * invariant `locked = free + allocated`, every part ≥ 0, holds after any sequence of operations;
 * the server keeps it in the schema (`vote_books` CHECKs) and with one conditional UPDATE per step.
 */
import { GameError } from '../errors.ts';

/** The largest number of points one request may move (fits the whole-token bound of amounts). */
export const MAX_VOTE_POINTS = 10n ** 21n - 1n;

/** A player's vote points: `locked` in total, `allocated` per project key (whole points). */
export interface VoteBook {
  locked: bigint;
  allocations: ReadonlyMap<string, bigint>;
}

/** Points allocated to all projects. */
export function allocatedPoints(book: VoteBook): bigint {
  let s = 0n;
  for (const v of book.allocations.values()) s += v;
  return s;
}

/** Points locked but not allocated (what may be allocated or unlocked). */
export function freePoints(book: VoteBook): bigint {
  return book.locked - allocatedPoints(book);
}

/**
 * True when `value` is a valid number of points to move out of `available`: a whole number from 1 to
 * `available` (GAME-RULES §5 "add votes").
 */
export function isValidVoteValue(value: bigint, available: bigint): boolean {
  return value >= 1n && value <= available && value <= MAX_VOTE_POINTS;
}

const invalid = () => new GameError('VOTES_NOT_VALID_VALUE');

/** Locks `points` more (the EXO debit is the ledger's). @throws GameError VOTES_NOT_VALID_VALUE unless 1 ≤ points ≤ MAX_VOTE_POINTS */
export function lockPoints(book: VoteBook, points: bigint): VoteBook {
  if (!isValidVoteValue(points, MAX_VOTE_POINTS)) throw invalid();
  return { locked: book.locked + points, allocations: book.allocations };
}

/** Unlocks `points` of the free points. @throws GameError VOTES_NOT_VALID_VALUE unless 1 ≤ points ≤ free */
export function unlockPoints(book: VoteBook, points: bigint): VoteBook {
  if (!isValidVoteValue(points, freePoints(book))) throw invalid();
  return { locked: book.locked - points, allocations: book.allocations };
}

/** Allocates `points` of the free points to `project`. @throws GameError VOTES_NOT_VALID_VALUE unless 1 ≤ points ≤ free */
export function addVotes(book: VoteBook, project: string, points: bigint): VoteBook {
  if (!isValidVoteValue(points, freePoints(book))) throw invalid();
  const next = new Map(book.allocations);
  next.set(project, (next.get(project) ?? 0n) + points);
  return { locked: book.locked, allocations: next };
}

/** Takes `points` back from `project` (they become free). @throws GameError VOTES_NOT_VALID_VALUE unless 1 ≤ points ≤ allocated there */
export function removeVotes(book: VoteBook, project: string, points: bigint): VoteBook {
  const there = book.allocations.get(project) ?? 0n;
  if (!isValidVoteValue(points, there)) throw invalid();
  const next = new Map(book.allocations);
  if (there === points) next.delete(project);
  else next.set(project, there - points);
  return { locked: book.locked, allocations: next };
}

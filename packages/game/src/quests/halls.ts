/**
 * The average-effectivity hall of fame (docs/game-rules.md §14.7): how well a player kept their
 * mines' slots worked over a week, and who ranks where. The server computes the same in SQL; a
 * differential test on both databases checks they agree.
 *
 * A week (Monday `week`, the chest's week) counts the daily reports published in it: a day's report
 * is published when the day ends, so the week holds the reports of the Sunday before through the
 * Saturday (as the other boards and the quests, docs/game-rules.md §14.4).
 */
import { addDays } from '../days.ts';

/** Basis points of a whole (10,000 = 100 %). */
export const EFFECTIVITY_BASIS_POINTS = 10_000n;

/** Days of a week on which at least one of the player's slots must have worked to be on the board. */
export const HALL_EFFECTIVITY_MIN_WORKED_DAYS = 3;

/** The report days a week's boards read: the Sunday before `week` (a Monday) through the Saturday. */
export function hallReportDays(week: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(week, i - 1));
}

/** One mine-day of a player's daily reports (docs/game-rules.md §3.11): a land's mine on a settled day. */
export interface EffectivityMineDay {
  /** The settled day (UTC), `YYYY-MM-DD`. */
  day: string;
  /** Open slots of the mine that day. */
  openSlots: number;
  /** Slots whose worker worked that day (counted at most `openSlots`). */
  workersWorked: number;
}

/** A player's average effectivity over a week. */
export interface WeekEffectivity {
  /** `floor(10,000 × worked ÷ open)`: basis points, 0–10,000 (the board's value). */
  basisPoints: bigint;
  /** Worked slot-days in the week (each mine-day's worked slots, at most its open slots): the tie-break. */
  workedSlots: bigint;
  /** Open slot-days in the week. */
  openSlots: bigint;
  /** Days of the week on which at least one of the player's slots worked. */
  workedDays: number;
}

/**
 * The average effectivity of a player over the week starting Monday `week`, from their mine-days
 * (any days: those outside the week's report days are ignored): worked slot-days ÷ open slot-days
 * over every mine (gold and fren) and report day of the week, in basis points rounded down — a
 * ratio of sums, so a mine with more slots weighs more, and open slots left unworked on a reported
 * mine-day pull the average down (a mine with nobody assigned has no report). Null when the player does not qualify: fewer than
 * {@link HALL_EFFECTIVITY_MIN_WORKED_DAYS} days with a worked slot (so a single lucky day does not
 * top the board), or no open slot.
 */
export function weekEffectivity(week: string, mineDays: readonly EffectivityMineDay[]): WeekEffectivity | null {
  const days = new Set(hallReportDays(week));
  let open = 0n;
  let worked = 0n;
  const workedDays = new Set<string>();
  for (const d of mineDays) {
    if (!days.has(d.day) || d.openSlots <= 0) continue;
    const w = Math.max(0, Math.min(d.workersWorked, d.openSlots));
    open += BigInt(d.openSlots);
    worked += BigInt(w);
    if (w > 0) workedDays.add(d.day);
  }
  if (open === 0n || workedDays.size < HALL_EFFECTIVITY_MIN_WORKED_DAYS) return null;
  return { basisPoints: (EFFECTIVITY_BASIS_POINTS * worked) / open, workedSlots: worked, openSlots: open, workedDays: workedDays.size };
}

/** A ranked row of the average-effectivity board. */
export interface EffectivityRank {
  userId: number;
  rank: number;
  basisPoints: bigint;
  workedSlots: bigint;
}

/**
 * Ranks qualifying players (docs/game-rules.md §14.7): higher basis points first; at equal basis
 * points, more worked slot-days first (the same rate kept over more slots); equal on both share a
 * rank, the next rank skipping as many (1, 1, 3). Rows of one rank are listed by user id.
 */
export function rankEffectivity(players: ReadonlyArray<{ userId: number; effectivity: WeekEffectivity }>): EffectivityRank[] {
  const rows = players.map((p) => ({ userId: p.userId, basisPoints: p.effectivity.basisPoints, workedSlots: p.effectivity.workedSlots }));
  const cmp = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    a.basisPoints !== b.basisPoints ? (a.basisPoints > b.basisPoints ? -1 : 1) : a.workedSlots !== b.workedSlots ? (a.workedSlots > b.workedSlots ? -1 : 1) : 0;
  rows.sort((a, b) => cmp(a, b) || a.userId - b.userId);
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || cmp(rows[i - 1]!, r) !== 0) rank = i + 1;
    return { ...r, rank };
  });
}

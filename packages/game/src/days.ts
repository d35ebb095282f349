/**
 * Game days (docs/game-rules.md §1): a game day is a UTC date `YYYY-MM-DD`; the daily tick at 00:00 UTC
 * settles the day that just ended.
 */
/** One game day in ms: 24 h of UTC time (docs/game-rules.md §1.1). */
export const DAY_MS = 86_400_000;

/** One week in ms: 7 game days (the chest's and the weekly quests' weeks, docs/game-rules.md §7.1, §14). */
export const WEEK_MS = 7 * DAY_MS;

/** The UTC date of an instant (ms or Date). */
export function gameDay(at: number | Date): string {
  return new Date(typeof at === 'number' ? at : at.getTime()).toISOString().slice(0, 10);
}

/** 00:00 UTC of a game day, in ms. @throws RangeError for a malformed day */
export function dayStart(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not a game day: ${day}`);
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t)) throw new RangeError(`not a game day: ${day}`);
  return t;
}

/**
 * The daily settlement that settles an instant (ms): the first day end (00:00 UTC) at or after `at`.
 * An upgrade ending at `at` finishes there (docs/game-rules.md §1.5 "upgrades finish": those that
 * end by the day's end), e.g. ending 04:13 UTC → the next 00:00 UTC.
 */
export function settlementAt(at: number): number {
  return Math.ceil(at / DAY_MS) * DAY_MS;
}

/** The day after (or `n` days after) a game day. */
export function addDays(day: string, n = 1): string {
  return gameDay(dayStart(day) + n * DAY_MS);
}

/**
 * The days a tick at `now` must settle, in order: every day after `lastSettled` whose end has
 * passed. With nothing settled yet, only the day before `now`.
 */
export function dueDays(lastSettled: string | null, now: number): string[] {
  const today = gameDay(now);
  const out: string[] = [];
  for (let d = lastSettled ? addDays(lastSettled) : addDays(today, -1); d < today; d = addDays(d)) out.push(d);
  return out;
}

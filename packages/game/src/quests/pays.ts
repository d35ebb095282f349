/**
 * "Does playing well pay" (docs/game-rules.md §14.8): the EXO a player's mines earned per worked
 * slot on each settled day, beside the world's. A worked slot is a mine slot whose worker worked
 * that day (the daily report's `workers_worked`, docs/game-rules.md §3.11); the world's figures are
 * the day's totals the tick publishes (`/world/days`: EXO each pool paid, slots worked). Pure: the
 * web app draws the chart from it.
 *
 * Units: EXO in base units (bigint, 6 decimals); slots are whole counts. Division rounds down.
 */

/** One source row of a settled day: EXO mined (base units) and slots worked, e.g. one land's report or the world's total. */
export interface SlotDay {
  /** The settled game day (UTC), `YYYY-MM-DD`. */
  day: string;
  /** EXO mined that day, base units (≥ 0). */
  exoMined: bigint;
  /** Slots whose worker worked that day (≥ 0). */
  workedSlots: number;
}

/**
 * EXO per worked slot: `floor(exoMined ÷ workedSlots)` in base units, or null when no slot worked
 * (the figure does not exist: nothing was worked, which is not the same as earning 0).
 * @throws RangeError for a negative amount or count, or a count that is not an integer
 */
export function exoPerWorkedSlot(exoMined: bigint, workedSlots: number): bigint | null {
  if (exoMined < 0n || workedSlots < 0 || !Number.isInteger(workedSlots)) throw new RangeError(`bad EXO or slot count: ${exoMined} / ${workedSlots}`);
  return workedSlots === 0 ? null : exoMined / BigInt(workedSlots);
}

/** One day of the comparison: the player's and the world's EXO per worked slot (base units; null: no slot worked, or no report that day). */
export interface PaysDay {
  day: string;
  player: bigint | null;
  world: bigint | null;
}

/** The comparison over a period: each day, and the period's totals (sum of EXO ÷ sum of worked slots). */
export interface PaysComparison {
  days: PaysDay[];
  /** The player's EXO per worked slot over the whole period (null: no slot worked in it). */
  player: bigint | null;
  /** The world's over the same days (null: no slot worked in the world). */
  world: bigint | null;
  /**
   * The player's figure as a share of the world's, in basis points (10,000 = the world average),
   * rounded down; null when either is null or the world's is 0.
   */
  playerVsWorldBp: bigint | null;
}

function sumByDay(rows: readonly SlotDay[]): Map<string, { exo: bigint; slots: number }> {
  const out = new Map<string, { exo: bigint; slots: number }>();
  for (const r of rows) {
    const d = out.get(r.day) ?? { exo: 0n, slots: 0 };
    d.exo += r.exoMined;
    d.slots += r.workedSlots;
    out.set(r.day, d);
  }
  return out;
}

/**
 * The player's EXO per worked slot beside the world's, on each of `days` (in the order given): rows
 * of one day are summed first (a player's lands; the world's mine kinds), then divided. A day with no
 * row (no report: not settled, or the player had no mine) and a day on which no slot worked are null
 * — a gap, never 0. The period's totals add only the days listed, and only the days on which the
 * player worked a slot count for the world's side too, so both sides cover the same days.
 */
export function comparePays(days: readonly string[], player: readonly SlotDay[], world: readonly SlotDay[]): PaysComparison {
  const mine = sumByDay(player);
  const all = sumByDay(world);
  const out: PaysDay[] = [];
  let pExo = 0n;
  let pSlots = 0;
  let wExo = 0n;
  let wSlots = 0;
  for (const day of days) {
    const p = mine.get(day);
    const w = all.get(day);
    const pv = p ? exoPerWorkedSlot(p.exo, p.slots) : null;
    const wv = w ? exoPerWorkedSlot(w.exo, w.slots) : null;
    out.push({ day, player: pv, world: wv });
    if (pv !== null && wv !== null) {
      pExo += p!.exo;
      pSlots += p!.slots;
      wExo += w!.exo;
      wSlots += w!.slots;
    }
  }
  const pAvg = exoPerWorkedSlot(pExo, pSlots);
  const wAvg = exoPerWorkedSlot(wExo, wSlots);
  return { days: out, player: pAvg, world: wAvg, playerVsWorldBp: pAvg !== null && wAvg !== null && wAvg > 0n ? (pAvg * 10_000n) / wAvg : null };
}

/**
 * How many whole days of mining at `dailyExo` (base units per day) pay `price` (base units): the
 * ceiling of price ÷ daily EXO, at least 1 for a positive price; 0 for a free item; null when
 * nothing is mined per day.
 */
export function daysToEarn(price: bigint, dailyExo: bigint): number | null {
  if (price <= 0n) return 0;
  if (dailyExo <= 0n) return null;
  return Number((price + dailyExo - 1n) / dailyExo);
}

/**
 * A player's average daily EXO over their report days: the EXO of `rows` ÷ the number of distinct
 * days among them (days without a report do not count), rounded down; 0 with no row.
 */
export function averageDailyExo(rows: readonly SlotDay[]): bigint {
  const days = new Set(rows.map((r) => r.day));
  return days.size === 0 ? 0n : rows.reduce((a, r) => a + r.exoMined, 0n) / BigInt(days.size);
}

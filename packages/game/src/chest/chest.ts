/**
 * The weekly chest (docs/game-rules.md §7): one per land owner and week (Monday 00:00 to Sunday 23:59 UTC),
 * its loot drawn from a published table, provably fair:
 *  - before a week starts the server publishes `seedHash = SHA-256(seed)` of that week's secret
 *    32-byte seed (hex);
 *  - a player's draw is `HMAC-SHA256(key = seed bytes, message = UTF-8 "<week>:<user id>")` (hex);
 *  - its first 8 bytes as an unsigned big-endian integer, modulo the table's total weight, pick the
 *    entry whose cumulative weight range holds it (the modulo bias is below 10^-15);
 *  - after the week the seed is revealed: anyone can check `SHA-256(seed)` against the published
 *    hash and recompute every draw with {@link chestDraw}.
 * Pure: runs in the browser too (`@noble/hashes`). Weeks are their Monday's UTC date `YYYY-MM-DD`.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { DAY_MS, WEEK_MS } from '../days.ts';
import { toBaseUnits, type Token } from '../tokens/tokens.ts';


/** One loot: a token amount (base units, as a decimal string) or a number of items. */
export interface ChestLoot {
  kind: 'token' | 'item';
  /** A token (`hexo`…) or an item kind key. */
  key: string;
  amount: string;
}

/** An entry of the loot table; chances are weight / total weight. */
export interface ChestEntry {
  weight: number;
  loot: ChestLoot;
}

const tok = (token: Token, whole: bigint, weight: number): ChestEntry => ({ weight, loot: { kind: 'token', key: token, amount: toBaseUnits(whole, token).toString() } });
const itm = (key: string, n: number, weight: number): ChestEntry => ({ weight, loot: { kind: 'item', key, amount: String(n) } });

/**
 * Every published loot table, by version (our numbers; each one's weights sum to 10,000, i.e. chances
 * in hundredths of a percent). A table is never changed once published: a new one gets the next
 * version, and a week keeps the version it was published with (`chest_weeks.table_version`, fixed
 * with its seed hash before the week starts), so every past draw stays recomputable.
 *  - v1: the first table.
 *  - v2 (docs/game-rules.md §7): adds a tier-3 expansion permit (`land_upgrade03`, L→XL) at 0.2%
 *    (weight 20, taken from the 50 HEXO entry: 2,000 → 1,980), one of the permit's two sources
 *    besides the vendor's weekly-limited `permit_3` (§6).
 */
export const CHEST_LOOT_TABLES: Readonly<Record<number, readonly ChestEntry[]>> = {
  1: [
    tok('hexo', 50n, 2000), tok('hexo', 100n, 1500), tok('hexo', 250n, 800), tok('hexo', 1_000n, 200),
    tok('exo', 100n, 1200), tok('exo', 500n, 500), tok('exo', 2_000n, 100),
    tok('food', 100n, 1200), tok('food', 500n, 500),
    tok('rune', 10n, 800), tok('rune', 50n, 200),
    itm('toolkit_2', 1, 500), itm('toolkit_3', 1, 250), itm('chicken_tendies', 1, 200), itm('land_upgrade01', 1, 50),
  ],
  2: [
    tok('hexo', 50n, 1980), tok('hexo', 100n, 1500), tok('hexo', 250n, 800), tok('hexo', 1_000n, 200),
    tok('exo', 100n, 1200), tok('exo', 500n, 500), tok('exo', 2_000n, 100),
    tok('food', 100n, 1200), tok('food', 500n, 500),
    tok('rune', 10n, 800), tok('rune', 50n, 200),
    itm('toolkit_2', 1, 500), itm('toolkit_3', 1, 250), itm('chicken_tendies', 1, 200), itm('land_upgrade01', 1, 50),
    itm('land_upgrade03', 1, 20),
  ],
};

/** The version new weeks are published with (docs/game-rules.md §7). */
export const CHEST_TABLE_VERSION = 2;

/** The loot table new weeks are published with. */
export const CHEST_LOOT_TABLE: readonly ChestEntry[] = CHEST_LOOT_TABLES[CHEST_TABLE_VERSION]!;

/** The published table of `version`. @throws RangeError for a version never published */
export function chestLootTable(version: number): readonly ChestEntry[] {
  const table = CHEST_LOOT_TABLES[version];
  if (!table) throw new RangeError(`no chest loot table version ${version}`);
  return table;
}

/** Sum of a table's weights. */
export function totalWeight(table: readonly ChestEntry[] = CHEST_LOOT_TABLE): number {
  return table.reduce((a, e) => a + e.weight, 0);
}

/** The week (its Monday, UTC `YYYY-MM-DD`) holding instant `ms`. */
export function chestWeekOf(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  // 1970-01-01 was a Thursday: Monday-based weekday = (day + 3) mod 7.
  const monday = day - ((((day + 3) % 7) + 7) % 7);
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}

/** Start (Monday 00:00 UTC, ms) of `week`. @throws RangeError when `week` is not a Monday */
export function chestWeekStart(week: string): number {
  const ms = Date.parse(`${week}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(week) || Number.isNaN(ms) || chestWeekOf(ms) !== week) throw new RangeError(`not a Monday: ${week}`);
  return ms;
}

/** End (next Monday 00:00 UTC, ms, exclusive) of `week`. */
export function chestWeekEnd(week: string): number {
  return chestWeekStart(week) + WEEK_MS;
}

/** The week after `week`. */
export function nextChestWeek(week: string): string {
  return chestWeekOf(chestWeekEnd(week));
}

/** SHA-256 of a seed given as hex, as hex (what is published before the week). */
export function chestSeedHash(seedHex: string): string {
  return bytesToHex(sha256(hexToBytes(seedHex)));
}

/** The draw of `userId` in `week`: HMAC-SHA256(seed, "<week>:<userId>") as hex. */
export function chestDraw(seedHex: string, week: string, userId: number): string {
  return bytesToHex(hmac(sha256, hexToBytes(seedHex), utf8ToBytes(`${week}:${userId}`)));
}

/** The table entry (index) a draw picks. @throws RangeError for a draw shorter than 8 bytes */
export function chestEntryIndex(drawHex: string, table: readonly ChestEntry[] = CHEST_LOOT_TABLE): number {
  if (!/^[0-9a-f]{16,}$/i.test(drawHex)) throw new RangeError('a draw is at least 8 bytes of hex');
  const r = Number(BigInt(`0x${drawHex.slice(0, 16)}`) % BigInt(totalWeight(table)));
  let acc = 0;
  for (let i = 0; i < table.length; i++) {
    acc += table[i]!.weight;
    if (r < acc) return i;
  }
  throw new RangeError('empty loot table');
}

/** What `userId` gets from the chest of `week` under `seedHex`: the draw, the entry and its loot. */
export function openChestDraw(seedHex: string, week: string, userId: number, table: readonly ChestEntry[] = CHEST_LOOT_TABLE): { draw: string; entry: number; loot: ChestLoot } {
  const draw = chestDraw(seedHex, week, userId);
  const entry = chestEntryIndex(draw, table);
  return { draw, entry, loot: table[entry]!.loot };
}

/**
 * Daily and weekly quests (docs/game-rules.md §14): a published quest table, UTC periods, a draw
 * per player and period that anyone can recompute, and each quest kind's progress as a pure
 * function of facts the game already records (ledger entries, mine reports, vote events, vendor
 * purchases, mine upgrades, worker assignments). The server computes the same progress in SQL; a
 * differential test checks the two agree. Pure: runs in the browser too (`@noble/hashes`).
 *
 * Periods: a day is a UTC date (00:00 to 24:00 UTC, docs/game-rules.md §1); a week runs Monday
 * 00:00 to the next Monday 00:00 UTC, the chest's week (§7). A period is named by its first day,
 * `YYYY-MM-DD`.
 *
 * The draw of `userId` for a period: `seed = SHA-256(UTF-8 "kingdom-quests:v<version>:<period kind>:<start>:<userId>")`,
 * its first 4 bytes (big-endian) seed the game's {@link createPrng} (mulberry32). Daily: slot 0
 * is `easy[prng.int(0, easy.length - 1)]` (the daily entries marked easy, in table order), so every
 * player has one quest a new player can finish within minutes; each further slot is
 * `rest[prng.int(0, rest.length - 1)]` where `rest` is the period's entries, in table order, whose
 * kind no earlier slot has. Weekly: every slot as the further daily slots.
 *
 * From table version 2 (periods from 2026-12-07) the draw has a second input next to the seed, the
 * account's eligibility flags ({@link QuestEligibility}: a Cardano wallet linked at the period's
 * start): entries whose `requires` the flags do not meet are dropped before drawing, so a
 * Solana-only player is never offered a quest only a Cardano account can do.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createPrng } from '../prng.ts';
import { toBaseUnits, type Token } from '../tokens/tokens.ts';
import { DAY_MS, dayStart, gameDay } from '../days.ts';
import { chestWeekEnd, chestWeekOf, chestWeekStart } from '../chest/chest.ts';

/** The two quest periods. */
export const QUEST_PERIODS = ['daily', 'weekly'] as const;
/** A quest period: a UTC day or a Monday-to-Monday UTC week. */
export type QuestPeriodKind = (typeof QUEST_PERIODS)[number];

/**
 * What a quest counts (docs/game-rules.md §14), each from a fact the game records:
 *  - `assign_workers`: workers set into a mine slot in the period (still in a slot: one removed
 *    again no longer counts);
 *  - `vendor_purchases`: vendor purchases made in the period, an EXO pack counting once paid (by when it was ordered);
 *  - `add_votes`: net whole vote points added to projects in the period (additions minus removals,
 *    at least 0: adding and removing the same points again and again counts nothing);
 *  - `deposits`: EXO or HEXO deposits credited in the period;
 *  - `upgrades_started`: mine upgrades (gold or fren) started in the period;
 *  - `excellent_mine_days`: mine-days rated Excellent (effectivity 5) in the daily reports published
 *    in the period (a day's report is published when the day ends, so it counts in the next day);
 *  - `exo_mined`: EXO (base units) credited by the mines' daily rewards in the period;
 *  - `market_sales`: Market trades (fills, §16) in the period where the player is the seller, each
 *    fill once, by the trade's time (table version 3 on). The seller, not the buyer: only an account
 *    holding a land and 7 days old may sell (§16.5), so fresh alt accounts cannot farm it by buying
 *    from one another; the price band and the burned 2% fee make a wash sale cost.
 */
export const QUEST_KINDS = ['assign_workers', 'vendor_purchases', 'add_votes', 'deposits', 'upgrades_started', 'excellent_mine_days', 'exo_mined', 'market_sales'] as const;
/** One quest kind. */
export type QuestKind = (typeof QUEST_KINDS)[number];

/** One reward: a token amount (base units, decimal string) or a number of items (decimal string). */
export interface QuestReward {
  kind: 'token' | 'item';
  /** A token (`hexo`, `food`…) or an item kind key (`toolkit_2`…). */
  key: string;
  amount: string;
}

/** An entry of the quest table. */
export interface QuestDef {
  /** Stable key, unique in the table. */
  key: string;
  period: QuestPeriodKind;
  kind: QuestKind;
  /** How much the kind must count to complete: a count, vote points, or EXO base units for `exo_mined`. */
  target: bigint;
  /** A daily quest a new player finishes within minutes (slot 0 of every daily draw is one). */
  easy: boolean;
  rewards: readonly QuestReward[];
  /**
   * What a player must have to be drawn this quest (table version 2 on; docs/game-rules.md §14.3):
   * `cardano_wallet` for what only a Cardano account can do. Absent: anyone can. Version 1 ignores it.
   */
  requires?: QuestRequirement;
}

/**
 * Eligibility requirements of quest table entries (docs/game-rules.md §14.3):
 *  - `cardano_wallet`: the account had a linked Cardano wallet at the period's start. Deposits are
 *    of EXO or HEXO, Cardano native tokens (§8); mines stand on lands, Cardano NFTs held in a
 *    Cardano wallet (§2), so assigning workers, upgrading, Excellent mine-days and EXO mined need
 *    one too. Vendor purchases (EXO packs are paid in SOL too, §9) and votes do not.
 */
export const QUEST_REQUIREMENTS = ['cardano_wallet'] as const;
/** One eligibility requirement. */
export type QuestRequirement = (typeof QUEST_REQUIREMENTS)[number];

/**
 * The draw's eligibility flags of one account and period (docs/game-rules.md §14.3), an input of
 * the draw next to the seed: `cardano_wallet` = the account had, at the period's start, a linked
 * Cardano wallet (one still linked whose link time is before the period's start).
 */
export type QuestEligibility = Readonly<Record<QuestRequirement, boolean>>;

/** Eligibility of an account that can do every quest (what version 1 draws assume). */
export const FULL_QUEST_ELIGIBILITY: QuestEligibility = { cardano_wallet: true };

const tok = (token: Token, whole: bigint): QuestReward => ({ kind: 'token', key: token, amount: toBaseUnits(whole, token).toString() });
const itm = (key: string, n: number): QuestReward => ({ kind: 'item', key, amount: String(n) });
const q = (key: string, period: QuestPeriodKind, kind: QuestKind, target: bigint, rewards: QuestReward[], easy = false): QuestDef => ({ key, period, kind, target, easy, rewards });

/**
 * Quest kinds only an account with a Cardano wallet can do (docs/game-rules.md §14.3; see {@link QUEST_REQUIREMENTS}):
 * `market_sales` too, as selling needs a land (§16.5), a Cardano NFT.
 */
export const CARDANO_ONLY_QUEST_KINDS: readonly QuestKind[] = ['deposits', 'assign_workers', 'upgrades_started', 'excellent_mine_days', 'exo_mined', 'market_sales'];

const VERSION_1: readonly QuestDef[] = [

/**
 * Every published quest table, by version (our numbers; docs/game-rules.md §14). A table is never
 * changed once published: a new one gets the next version, named in the draw's seed.
 */
    q('d_assign_1', 'daily', 'assign_workers', 1n, [tok('hexo', 20n)], true),
    q('d_vendor_1', 'daily', 'vendor_purchases', 1n, [tok('hexo', 25n)], true),
    q('d_assign_3', 'daily', 'assign_workers', 3n, [tok('hexo', 60n)]),
    q('d_votes_100', 'daily', 'add_votes', 100n, [tok('food', 50n)]),
    q('d_deposit_1', 'daily', 'deposits', 1n, [tok('hexo', 50n)]),
    q('d_upgrade_1', 'daily', 'upgrades_started', 1n, [tok('hexo', 100n)]),
    q('d_excellent_1', 'daily', 'excellent_mine_days', 1n, [tok('hexo', 40n)]),
    q('d_exo_1000', 'daily', 'exo_mined', toBaseUnits(1_000n, 'exo'), [tok('food', 100n)]),
    q('w_assign_10', 'weekly', 'assign_workers', 10n, [tok('hexo', 300n)]),
    q('w_vendor_5', 'weekly', 'vendor_purchases', 5n, [itm('toolkit_2', 1)]),
    q('w_votes_1000', 'weekly', 'add_votes', 1_000n, [tok('hexo', 250n)]),
    q('w_deposit_2', 'weekly', 'deposits', 2n, [tok('hexo', 200n)]),
    q('w_upgrade_2', 'weekly', 'upgrades_started', 2n, [itm('land_upgrade01', 1)]),
    q('w_excellent_7', 'weekly', 'excellent_mine_days', 7n, [itm('toolkit_3', 1), tok('food', 200n)]),
    q('w_exo_10000', 'weekly', 'exo_mined', toBaseUnits(10_000n, 'exo'), [tok('food', 500n), tok('hexo', 100n)]),
];

const VERSION_2: readonly QuestDef[] = VERSION_1.map((d) => (CARDANO_ONLY_QUEST_KINDS.includes(d.kind) ? { ...d, requires: 'cardano_wallet' as const } : d));

/**
 * Every published quest table, by version (our numbers; docs/game-rules.md §14). A table is never
 * changed once published: a new one gets the next version, named in the draw's seed. Version 2 is
 * version 1's entries, each kind a Solana-only account cannot do marked `requires: 'cardano_wallet'`.
 * Version 3 is version 2's entries and two Market quests (`market_sales`, issue 38): sell once today,
 * sell five times this week.
 */
export const QUEST_TABLES: Readonly<Record<number, readonly QuestDef[]>> = {
  1: VERSION_1,
  2: VERSION_2,
  3: [
    ...VERSION_2,
    { ...q('d_market_sell_1', 'daily', 'market_sales', 1n, [tok('hexo', 30n)]), requires: 'cardano_wallet' },
    { ...q('w_market_sell_5', 'weekly', 'market_sales', 5n, [tok('food', 300n), tok('hexo', 100n)]), requires: 'cardano_wallet' },
  ],
};

/** The newest version: the one periods starting from {@link QUEST_TABLE_VERSION_FROM} use (docs/game-rules.md §14). */
export const QUEST_TABLE_VERSION = 3;

/**
 * The first day (UTC, a Monday) of the first periods, daily and weekly, drawn with each version
 * (docs/game-rules.md §14.2). A period uses the newest version whose first day is on or before the
 * period's start, so a period keeps the version it was drawn with.
 */
export const QUEST_TABLE_VERSION_FROM: Readonly<Record<number, string>> = { 1: '2000-01-03', 2: '2026-12-07', 3: '2026-12-14' };

/** The table version of the period starting `start` (`YYYY-MM-DD`; docs/game-rules.md §14.2). */
export function questTableVersionOf(start: string): number {
  let version = 1;
  for (const [v, from] of Object.entries(QUEST_TABLE_VERSION_FROM)) if (start >= from && Number(v) > version) version = Number(v);
  return version;
}

/** Quests drawn per player and period (docs/game-rules.md §14). */
export const QUESTS_PER_PERIOD: Readonly<Record<QuestPeriodKind, number>> = { daily: 3, weekly: 2 };

/** The published table of `version`. @throws RangeError for a version never published */
export function questTable(version: number = QUEST_TABLE_VERSION): readonly QuestDef[] {
  const table = QUEST_TABLES[version];
  if (!table) throw new RangeError(`no quest table version ${version}`);
  return table;
}

/** A period: its kind, first day (`YYYY-MM-DD`) and bounds in ms (start inclusive, end exclusive). */
export interface QuestPeriod {
  kind: QuestPeriodKind;
  start: string;
  startsAt: number;
  endsAt: number;
}

/** The period of `kind` holding instant `ms` (UTC). */
export function questPeriodOf(kind: QuestPeriodKind, ms: number): QuestPeriod {
  if (kind === 'daily') {
    const start = gameDay(ms);
    const startsAt = dayStart(start);
    return { kind, start, startsAt, endsAt: startsAt + DAY_MS };
  }
  const start = chestWeekOf(ms);
  return { kind, start, startsAt: chestWeekStart(start), endsAt: chestWeekEnd(start) };
}

/** The period of `kind` that starts on `start`. @throws RangeError when `start` does not start one (weekly: not a Monday) */
export function questPeriod(kind: QuestPeriodKind, start: string): QuestPeriod {
  const startsAt = kind === 'daily' ? dayStart(start) : chestWeekStart(start);
  const p = questPeriodOf(kind, startsAt);
  if (p.start !== start) throw new RangeError(`not a ${kind} period start: ${start}`);
  return p;
}

/** The seed (hex SHA-256) of `userId`'s draw for a period. */
export function questSeed(kind: QuestPeriodKind, start: string, userId: number, version: number = questTableVersionOf(start)): string {
  return bytesToHex(sha256(utf8ToBytes(`kingdom-quests:v${version}:${kind}:${start}:${userId}`)));
}

/** A drawn quest: its id (`<period kind>-<start>-<slot>`), slot and table entry. */
export interface DrawnQuest {
  id: string;
  slot: number;
  def: QuestDef;
}

/** Whether an account with `eligibility` can be drawn `def` (docs/game-rules.md §14.3; version 1 ignores requirements). */
export function questEligible(def: QuestDef, eligibility: QuestEligibility, version: number): boolean {
  return version < 2 || def.requires === undefined || eligibility[def.requires];
}

/**
 * The quests of `userId` for the period of `kind` starting `start` (see the module's draw rule),
 * drawn from table `version` (default: the period's, {@link questTableVersionOf}). From version 2
 * the draw first drops the entries whose requirement `eligibility` does not meet (the same seed
 * and flags always give the same quests); then, when no easy entry is left, daily slot 0 draws
 * like the others, and a period has as many quests as distinct kinds are left, at most
 * {@link QUESTS_PER_PERIOD}. Version 1 ignores `eligibility`. Recomputable by anyone from the
 * published table, the seed and the flags.
 */
export function drawQuests(kind: QuestPeriodKind, start: string, userId: number, version: number = questTableVersionOf(start), eligibility: QuestEligibility = FULL_QUEST_ELIGIBILITY): DrawnQuest[] {
  const table = questTable(version).filter((d) => d.period === kind && questEligible(d, eligibility, version));
  const seed = questSeed(kind, start, userId, version);
  const prng = createPrng(Number.parseInt(seed.slice(0, 8), 16));
  const out: DrawnQuest[] = [];
  const n = Math.min(QUESTS_PER_PERIOD[kind], new Set(table.map((d) => d.kind)).size);
  const easy = table.filter((d) => d.easy);
  for (let slot = 0; slot < n; slot++) {
    const taken = new Set(out.map((o) => o.def.kind));
    const pool = kind === 'daily' && slot === 0 && easy.length > 0 ? easy : table.filter((d) => !taken.has(d.kind));
    const def = pool[prng.int(0, pool.length - 1)]!;
    out.push({ id: questId(kind, start, slot), slot, def });
  }
  return out;
}

/** A quest's id: `<period kind>-<start>-<slot>`, e.g. `daily-2026-11-27-0`. */
export function questId(kind: QuestPeriodKind, start: string, slot: number): string {
  return `${kind}-${start}-${slot}`;
}

/** The pattern of a quest id. */
export const QUEST_ID_PATTERN = /^(daily|weekly)-(\d{4}-\d{2}-\d{2})-(\d{1,2})$/;

/** The parts of a quest id, or null when it is not one (bad shape, period start, or slot). */
export function parseQuestId(id: string): { kind: QuestPeriodKind; start: string; slot: number } | null {
  const m = QUEST_ID_PATTERN.exec(id);
  if (!m) return null;
  const kind = m[1] as QuestPeriodKind;
  const slot = Number(m[3]);
  try {
    questPeriod(kind, m[2]!);
  } catch {
    return null;
  }
  if (slot >= QUESTS_PER_PERIOD[kind]) return null;
  return { kind, start: m[2]!, slot };
}

/**
 * The facts quest progress reads, each with its time on the game clock (ms, UTC). The server holds
 * them in its tables; the model takes them as lists.
 */
export interface QuestFacts {
  /** When each worker now in a slot was assigned. */
  workersAssigned: readonly number[];
  /** When each vendor purchase was made (an EXO pack: when it was ordered, once it is paid). */
  vendorPurchases: readonly number[];
  /** Vote changes (added > 0, removed < 0) and when. */
  votesAdded: ReadonlyArray<{ at: number; votes: bigint }>;
  /** EXO or HEXO deposits credited and when. */
  deposits: readonly number[];
  /** When each mine upgrade started. */
  upgradesStarted: readonly number[];
  /** Each mine-day of the player's daily reports: the settled day and its effectivity (0–5). */
  mineDays: ReadonlyArray<{ day: string; effectivity: number }>;
  /** The mines' EXO reward credits (base units) and when they were credited. */
  exoMined: ReadonlyArray<{ at: number; amount: bigint }>;
  /** When each Market trade the player sold in was made (absent: none). */
  marketSales?: readonly number[];
}

/** The Excellent effectivity rating (docs/game-rules.md §3). */
export const EXCELLENT_EFFECTIVITY = 5;

/**
 * Progress of quest kind `kind` over `period` (start inclusive, end exclusive), from `facts`: a
 * count, vote points, or EXO base units. A day's report counts in the period holding the day's end
 * (the next day's 00:00 UTC), when it is published.
 */
export function questProgress(kind: QuestKind, period: Pick<QuestPeriod, 'startsAt' | 'endsAt'>, facts: QuestFacts): bigint {
  const inP = (ms: number) => ms >= period.startsAt && ms < period.endsAt;
  const count = (xs: readonly number[]) => BigInt(xs.filter(inP).length);
  switch (kind) {
    case 'assign_workers': return count(facts.workersAssigned);
    case 'vendor_purchases': return count(facts.vendorPurchases);
    case 'deposits': return count(facts.deposits);
    case 'upgrades_started': return count(facts.upgradesStarted);
    case 'add_votes': {
      const net = facts.votesAdded.filter((v) => inP(v.at)).reduce((a, v) => a + v.votes, 0n);
      return net > 0n ? net : 0n;
    }
    case 'exo_mined': return facts.exoMined.filter((e) => inP(e.at) && e.amount > 0n).reduce((a, e) => a + e.amount, 0n);
    case 'market_sales': return count(facts.marketSales ?? []);
    case 'excellent_mine_days': return BigInt(facts.mineDays.filter((d) => d.effectivity === EXCELLENT_EFFECTIVITY && inP(dayStart(d.day) + DAY_MS)).length);
  }
}

/** Whether `progress` completes `def`. */
export function questComplete(def: QuestDef, progress: bigint): boolean {
  return progress >= def.target;
}

/**
 * The world as the daily tick sees it, and what settling one day produces (docs/game-rules.md §1, §3, §4).
 * The pure model `settleDay(world, day)` (./settle-day.ts) and the set-based SQL of the server's tick
 * (apps/server/src/jobs/settlement/) take the same world and must produce exactly the same
 * {@link DayResult}: a property test generates small worlds and compares them on PGlite and Postgres.
 *
 * Units: token amounts and votes are `bigint` (base units; votes whole); item counts are integers;
 * instants are ms since the epoch (UTC); a day is a UTC date `YYYY-MM-DD`.
 */
import type { Token } from '../tokens/tokens.ts';
import type { LandSize } from '../lands/lands.ts';
import type { MineKind } from '../mines/kinds.ts';
import type { WorkerRarity } from '../mines/goldmine.ts';

/** A land of the Valley; its NFT is (`collectionKey`, `assetKey`). Levels are null without that mine. */
export interface WorldLand {
  id: number;
  hexName: string;
  size: LandSize;
  collectionKey: string;
  assetKey: string;
  goldmineLevel: number | null;
  frenmineLevel: number | null;
  /**
   * Something changed on the land that its owner has not seen yet (`lands.has_update`, docs/product.md §3):
   * set when an upgrade of one of its mines finishes or fails (docs/game-rules.md §3), cleared when
   * the owner opens the land. Absent counts as false; the settled world always carries it.
   */
  hasUpdate?: boolean;
}

/**
 * An NFT an account holds through one of its linked wallets (the `holdings` table). Cardano: policy
 * id + hex asset name; Solana: collection address + mint address. Lands are NFTs too: a land's owner
 * is the account holding its NFT (at most one).
 */
export interface WorldHolding {
  userId: number;
  collectionKey: string;
  assetKey: string;
}

/** A Staking-Hub collection. */
export interface WorldCollection {
  id: number;
  collectionKey: string;
}

/** A snapshot (docs/game-rules.md §5): the votes of each collection it froze. Ids grow with `takenAt`. */
export interface WorldSnapshot {
  id: number;
  takenAt: number;
  /** `qualified: false` when the collection did not qualify for the round (absent = qualified). */
  votes: ReadonlyArray<{ collectionId: number; votes: bigint; qualified?: false }>;
}

/** A worker in a slot of a mine (one table for both kinds). `default` workers have no NFT. */
export interface WorldWorker {
  landId: number;
  mine: MineKind;
  slot: number;
  userId: number;
  kind: 'nft' | 'default';
  collectionKey: string | null;
  assetKey: string | null;
  rarity: WorkerRarity;
  assignedAt: number;
}

export interface WorldUpgrade {
  id: number;
  landId: number;
  mine: MineKind;
  userId: number;
  targetLevel: number;
  itemKey: string;
  endsAt: number;
  status: 'in_progress' | 'success' | 'failed';
}

export interface World {
  lands: WorldLand[];
  holdings: WorldHolding[];
  collections: WorldCollection[];
  snapshots: WorldSnapshot[];
  workers: WorldWorker[];
  upgrades: WorldUpgrade[];
  /** Every player's four balances (a missing row counts as 0). */
  balances: Array<{ userId: number; token: Token; amount: bigint }>;
  items: Array<{ userId: number; itemKey: string; amount: number }>;
  /** Ready-to-upgrade notices already sent: once per land, mine and level. */
  readyNotices: Array<{ landId: number; mine: MineKind; level: number }>;
  /** Staking Hub (see {@link WorldStaking}). */
  staking: WorldStaking;
  /** Vendor sales (the `vendor_purchases` table): what a player paid, base units, at an instant. */
  vendorSales: WorldVendorSale[];
}

/** One vendor purchase as the tick sees it: the shop royalty shares 5% of a day's sales (docs/game-rules.md §6). */
export interface WorldVendorSale {
  userId: number;
  token: 'exo' | 'hexo';
  amount: bigint;
  at: number;
  /** The day whose royalty counts it (`royaltyDay`); default: the UTC day of `at`. */
  royaltyDay?: string;
}

/** A ledger entry: `asset` is a token or `item:<key>`; `amount` signed (credit > 0). */
export interface LedgerEntry {
  userId: number;
  asset: Token | `item:${string}`;
  amount: bigint;
  reason: string;
  reference: string;
}

/** A notification; `data` holds strings (amounts as base-unit strings), integers and booleans. */
export interface DayNotification {
  userId: number;
  type: string;
  data: Record<string, string | number | boolean>;
}

/** One mine's day (the `mine_daily` row): the daily report's and the Performance page's data. */
export interface MineDayRow {
  day: string;
  landId: number;
  mine: MineKind;
  userId: number;
  openSlots: number;
  workers: number;
  workersWorked: number;
  exoMined: bigint;
  /** salaryPaid = hexoPaid + foodPaid: what the worked slots cost, in the tokens really paid. */
  salaryPaid: bigint;
  hexoPaid: bigint;
  foodPaid: bigint;
  effectivity: number;
}

/** The world totals of a settled day (public, so anyone can check no pool paid more than it has). */
export interface DayTotals {
  day: string;
  goldmineExo: bigint;
  frenmineExo: bigint;
  goldmineWorkersWorked: number;
  frenmineWorkersWorked: number;
  /** Players credited EXO by either pool that day. */
  playersPaid: number;
}

/** Everything one settled day changes and writes. */
export interface DayResult {
  /** The world after the day: levels, slots, rarities, upgrade statuses, balances, items, notices. */
  world: World;
  ledger: LedgerEntry[];
  notifications: DayNotification[];
  reports: MineDayRow[];
  totals: DayTotals;
  /** The staking daily report rows of the day (docs/game-rules.md §5). */
  staking: StakingDayRow[];
}

// ---- Staking Hub (docs/game-rules.md §5): kept apart from the mines' fields. ----

/** A Staking-Hub collection's live numbers (by `World.collections` id). */
export interface WorldStakingCollection {
  id: number;
  chain: 'cardano' | 'solana';
  name: string;
  holders: number;
  supply: number;
  /** Live votes (what the next snapshot freezes). */
  votes: bigint;
}

/** A mining tool NFT and what its kind pays its holder per day (base units of HEXO). */
export interface WorldTool {
  collectionKey: string;
  assetKey: string;
  kindKey: string;
  name: string;
  dailyHexo: bigint;
}

/** What the staking part of the tick reads besides holdings, lands and snapshots. */
export interface WorldStaking {
  collections: WorldStakingCollection[];
  /** When a holding was acquired (ms); a holding without an entry counts as held long before. */
  heldSince: Array<{ userId: number; collectionKey: string; assetKey: string; at: number }>;
  /** Each player's last sign-in (ms); a player without one has never signed in (accrues nothing). */
  lastLogin: Array<{ userId: number; at: number }>;
  tools: WorldTool[];
}

/** One row of a player's staking daily report (the `staking_daily` table). */
export interface StakingDayRow {
  day: string;
  userId: number;
  /** `nft`: Staking-Hub reward; `toolkit`: mining tool reward. */
  source: 'nft' | 'toolkit';
  /** The collection key (nft) or the tool kind key (toolkit). */
  ref: string;
  name: string;
  token: 'hexo' | 'rune';
  nfts: number;
  amount: bigint;
}

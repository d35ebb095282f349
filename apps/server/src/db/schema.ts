/**
 * The database schema (Drizzle): every table, column, constraint, index, view and sequence the SQL
 * migrations in `./migrations` make, declared for typed queries and as the one readable picture of
 * the database. The migrations are written by hand (they also hold triggers, functions and data
 * moves drizzle cannot declare) and are the truth the server runs; `apps/server/test/db/schema.test.ts`
 * fails when this file and a freshly migrated database differ (docs/architecture.md §8 "The schema").
 * A schema change is a new migration plus its declaration here, in the same commit.
 *
 * Amounts are `numeric(38,0)` integer base units (docs/architecture.md §8); balances carry
 * `CHECK (amount >= 0)` and every change to them is a `ledger_entries` row in the same transaction.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable, pgView, pgSequence, serial, bigserial, bigint, integer, smallint, text, boolean, timestamp, numeric, jsonb, doublePrecision,
  primaryKey, uniqueIndex, unique, index, check, foreignKey,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const amount = (name: string) => numeric(name, { precision: 38, scale: 0 });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  avatar: text('avatar'),
  type: text('type').notNull().default('citizen'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastLoginAt: ts('last_login_at'),
  /** Flagged by support: the weekly chest answers CHEST_EXPLOIT. */
  chestLocked: boolean('chest_locked').notNull().default(false),
  /** Suspended by support (migration 0034; docs/game-rules.md §15): reads answered, writes ACCOUNT_SUSPENDED. */
  suspendedAt: ts('suspended_at'),
  suspendedReason: text('suspended_reason'),
}, (t) => [uniqueIndex('users_name_unique').using('btree', sql`lower(${t.name})`)]);

/** Wallets linked to a user; an address belongs to at most one user. */
export const wallets = pgTable('wallets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  chain: text('chain').notNull(),
  address: text('address').notNull(),
  isMaster: boolean('is_master').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  syncedAt: ts('synced_at'),
  /** The ADA Handle (without `$`) the wallet held at its last sync (migration 0023); null = none. */
  handle: text('handle'),
  handleCheckedAt: ts('handle_checked_at'),
}, (t) => [
  uniqueIndex('wallets_chain_address').on(t.chain, t.address), index('wallets_user').on(t.userId),
  // the console's search box (migration 0034)
  index('wallets_handle').using('btree', sql`lower(${t.handle})`).where(sql`handle IS NOT NULL`),
  index('wallets_address_lower').using('btree', sql`lower(${t.address})`),
]);

/** Sign-in challenges: bound to chain + address, single use, 5-minute expiry (docs/game-rules.md §10.1). */
export const authChallenges = pgTable('auth_challenges', {
  nonce: text('nonce').primaryKey(),
  chain: text('chain').notNull(),
  address: text('address').notNull(),
  message: text('message').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('auth_challenges_expires').on(t.expiresAt)]);

/** Bearer-token sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  walletId: integer('wallet_id').notNull().references(() => wallets.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  /** The session's active wallet (migration 0032): proved at sign-in or on connect, NULL after a wallet disconnect. */
  activeWalletId: integer('active_wallet_id'),
}, (t) => [
  index('sessions_user').on(t.userId),
  foreignKey({ name: 'sessions_active_wallet_id_fkey', columns: [t.activeWalletId], foreignColumns: [wallets.id] }).onDelete('set null'),
]);

export const balances = pgTable('balances', {
  userId: integer('user_id').notNull().references(() => users.id),
  token: text('token').notNull(),
  amount: amount('amount').notNull().default('0'),
}, (t) => [primaryKey({ columns: [t.userId, t.token] }), check('balances_non_negative', sql`${t.amount} >= 0`)]);

/**
 * One row per change of a balance or an item count. `asset` is a token (`exo`…) or `item:<key>`.
 * `(reason, reference, user_id, asset)` is unique so a retried credit cannot be paid twice.
 */
export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** A player's id; no foreign key since migration 0017 (~11 µs a row in the tick; players are never deleted, a trigger refuses it). */
  userId: integer('user_id').notNull(),
  asset: text('asset').notNull(),
  amount: amount('amount').notNull(),
  reason: text('reason').notNull(),
  reference: text('reference').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('ledger_entries_once').on(t.reason, t.reference, t.userId, t.asset), index('ledger_entries_user').on(t.userId, t.createdAt),
  // migration 0039: one day's rows for the economy dashboard and its daily summaries
  index('ledger_entries_created_brin').using('brin', t.createdAt)]);

export const itemKinds = pgTable('item_kinds', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  tier: integer('tier'),
  isCraftable: boolean('is_craftable').notNull().default(false),
});

export const userItems = pgTable('user_items', {
  userId: integer('user_id').notNull().references(() => users.id),
  itemKey: text('item_key').notNull().references(() => itemKinds.key),
  amount: integer('amount').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.userId, t.itemKey] }), check('user_items_non_negative', sql`${t.amount} >= 0`)]);

/**
 * The Valley: 5,000 Land NFTs (docs/game-rules.md §2). Ownership comes from `holdings`. NFT identity
 * (`collection_key`, `asset_key`) is named chain-neutrally as in `holdings`.
 */
export const lands = pgTable('lands', {
  id: integer('id').primaryKey(),
  hexName: text('hex_name').notNull(),
  name: text('name').notNull(),
  q: integer('q').notNull(),
  r: integer('r').notNull(),
  size: text('size').notNull(),
  biome: text('biome').notNull(),
  collectionKey: text('collection_key').notNull(),
  assetKey: text('asset_key').notNull(),
  goldmineLevel: integer('goldmine_level'),
  frenmineLevel: integer('frenmine_level'),
  hasUpdate: boolean('has_update').notNull().default(false),
}, (t) => [
  uniqueIndex('lands_hex_name').on(t.hexName), uniqueIndex('lands_asset').on(t.collectionKey, t.assetKey),
  index('lands_hex_name_lower').using('btree', sql`lower(${t.hexName})`),
  // the lands that make an achievement (XL, gold mine level 10): the achievements job reads only these (migration 0028)
  index('lands_achievement').on(t.collectionKey, t.assetKey).where(sql`size = 'SUPERLARGE' OR goldmine_level >= 10`),
]);

export const miningToolKinds = pgTable('mining_tool_kinds', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  dailyHexo: amount('daily_hexo').notNull(),
});

export const miningTools = pgTable('mining_tools', {
  id: integer('id').primaryKey(),
  kindKey: text('kind_key').notNull().references(() => miningToolKinds.key),
  serial: integer('serial').notNull(),
  collectionKey: text('collection_key').notNull(),
  assetKey: text('asset_key').notNull(),
}, (t) => [uniqueIndex('mining_tools_asset').on(t.collectionKey, t.assetKey)]);

/** Staking-Hub collections (projects) on either chain (docs/game-rules.md §5). */
export const collections = pgTable('collections', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull(),
  chain: text('chain').notNull(),
  // Cardano policy id or Solana collection address
  collectionKey: text('collection_key').notNull(),
  name: text('name').notNull(),
  supply: integer('supply').notNull(),
  holders: integer('holders').notNull(),
  votes: amount('votes').notNull().default('0'),
}, (t) => [uniqueIndex('collections_slug').on(t.slug), uniqueIndex('collections_chain_key').on(t.chain, t.collectionKey), index('collections_chain_votes').on(t.chain, t.votes)]);

/**
 * NFTs held by the accounts' linked wallets, resolved per account at wallet sync and by the faucet
 * (docs/architecture.md): every read and the daily tick use this table instead of joining wallets × chain
 * holdings. NFT identity is chain-neutral: `collection_key` is a Cardano policy id or a Solana
 * collection address, `asset_key` a Cardano hex asset name or a Solana mint address. `held_since`
 * is kept across re-syncs while the address keeps the NFT.
 */
export const holdings = pgTable('holdings', {
  chain: text('chain').notNull(),
  collectionKey: text('collection_key').notNull(),
  assetKey: text('asset_key').notNull(),
  address: text('address').notNull(),
  userId: integer('user_id').notNull(),
  quantity: amount('quantity').notNull().default('1'),
  heldSince: ts('held_since').notNull().defaultNow(),
}, (t) => [
  primaryKey({ name: 'holdings_pk', columns: [t.chain, t.collectionKey, t.assetKey, t.address] }),
  index('holdings_address').on(t.chain, t.address), index('holdings_asset').on(t.collectionKey, t.assetKey),
  index('holdings_user').on(t.userId, t.collectionKey),
  // the holdings too recent for the Staking Hub's count (migration 0018)
  index('holdings_held_since').on(t.heldSince),
]);

/**
 * Each player's holdings per collection (migration 0018), as of the last tick's fold: the count is
 * this plus the player's `holding_deltas` rows. Written only by the tick (`stageStakingDay`).
 */
export const holdingCounts = pgTable('holding_counts', {
  userId: integer('user_id').notNull(),
  collectionKey: text('collection_key').notNull(),
  nfts: bigint('nfts', { mode: 'bigint' }).notNull(),
}, (t) => [primaryKey({ name: 'holding_counts_pk', columns: [t.userId, t.collectionKey] })]);

/** Changes of `holding_counts` not yet folded by the tick: one row per holdings statement and (player, collection), logged by triggers. */
export const holdingDeltas = pgTable('holding_deltas', {
  userId: integer('user_id').notNull(),
  collectionKey: text('collection_key').notNull(),
  nfts: bigint('nfts', { mode: 'bigint' }).notNull(),
});

/**
 * Holdings that were deleted or changed player (migration 0015, written by triggers on `holdings`):
 * the NFTs whose workers the next two ticks check for docs/game-rules.md §3's `nft_left` (`checked` once the
 * first did). `left_at` is the writing transaction's start (UTC), for operators.
 */
export const holdingsLeft = pgTable('holdings_left', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  collectionKey: text('collection_key').notNull(),
  assetKey: text('asset_key').notNull(),
  leftAt: ts('left_at').notNull().defaultNow(),
  checked: boolean('checked').notNull().default(false),
});

/**
 * The in-process chain emulator's ledger of native assets / SPL tokens per address. Kept in the
 * database so the server and the CLI see the same emulated chain.
 */
export const emuAssets = pgTable('emu_assets', {
  chain: text('chain').notNull(),
  address: text('address').notNull(),
  collectionKey: text('collection_key').notNull(),
  assetKey: text('asset_key').notNull(),
  quantity: amount('quantity').notNull(),
}, (t) => [primaryKey({ name: 'emu_assets_pk', columns: [t.chain, t.address, t.collectionKey, t.assetKey] }), index('emu_assets_asset').on(t.chain, t.collectionKey, t.assetKey), check('emu_assets_positive', sql`${t.quantity} > 0`)]);

/**
 * The local Solana cluster (migration 0020; `@kingdom/emulators` solana/local-cluster.ts): its state row, its log
 * of events every process replays, snapshots of a replica, and its own keys. Written with SQL by the
 * cluster only.
 */
export const solChainState = pgTable('sol_chain_state', {
  /** Always 1: one chain. */
  id: smallint('id').primaryKey(),
  seq: integer('seq').notNull().default(0),
  fork: integer('fork').notNull().default(0),
  slot: bigint('slot', { mode: 'number' }).notNull().default(0),
  genesisHash: text('genesis_hash').notNull(),
}, (t) => [check('sol_chain_state_id_check', sql`${t.id} = 1`)]);
export const solChainEvents = pgTable('sol_chain_events', {
  seq: integer('seq').primaryKey(),
  kind: text('kind').notNull(),
  slot: bigint('slot', { mode: 'number' }).notNull(),
  signature: text('signature'),
  /** The wire transaction, base64. */
  wire: text('wire'),
  slots: integer('slots'),
  at: ts('at').notNull().defaultNow(),
}, (t) => [
  check('sol_chain_events_kind_check', sql`${t.kind} IN ('tx', 'slots')`),
  check('sol_chain_events_slots_check', sql`${t.slots} > 0`),
  check('sol_chain_events_check', sql`(${t.kind} = 'tx' AND ${t.signature} IS NOT NULL AND ${t.wire} IS NOT NULL) OR (${t.kind} = 'slots' AND ${t.slots} IS NOT NULL)`),
]);
export const solChainSnapshots = pgTable('sol_chain_snapshots', {
  fork: integer('fork').notNull(),
  seq: integer('seq').notNull(),
  data: text('data').notNull(),
}, (t) => [primaryKey({ name: 'sol_chain_snapshots_pkey', columns: [t.fork, t.seq] })]);
export const solChainKeys = pgTable('sol_chain_keys', {
  name: text('name').primaryKey(),
  /** ed25519 seed, 32 bytes as hex. */
  seed: text('seed').notNull(),
}, (t) => [check('sol_chain_keys_seed_check', sql`${t.seed} ~ '^[0-9a-f]{64}$'`)]);
/** Demo mode: a Solana address's first sign-in asks for local-cluster SOL once (chain/solana/demo-funding.ts). */
export const solFaucetGrants = pgTable('sol_faucet_grants', {
  address: text('address').primaryKey(),
  /** The airdrop's signature; null while waiting for the job. */
  signature: text('signature'),
  createdAt: ts('created_at').notNull(),
});

export const notifications = pgTable('notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** A player's id; no foreign key since migration 0017 (the tick writes ~300k a night; players are never deleted). */
  userId: integer('user_id').notNull(),
  type: text('type').notNull(),
  data: jsonb('data').notNull().default({}),
  readAt: ts('read_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('notifications_user').on(t.userId, t.createdAt)]);

/**
 * Prices, truncated to 5 decimals (docs/product.md §5): `exo`/`hexo` rows carry ADA per token, `ada`/`sol` rows
 * USD per token; `seen_at` is when the provider saw the price (the price job, migration 0021).
 */
export const currencyPrices = pgTable('currency_prices', {
  token: text('token').primaryKey(),
  ada: numeric('ada', { precision: 20, scale: 5 }),
  usd: numeric('usd', { precision: 30, scale: 5 }),
  seenAt: ts('seen_at'),
  source: text('source'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// ---- Several servers, one database (docs/architecture.md §6; migrations 0006, 0010, 0019) ----

/** A lease per background job: the holder renews it; a dead holder's lease expires (database clock) and another takes it. */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  acquiredAt: ts('acquired_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * A provider plan's request budget shared by every process (migration 0029; chain/rate-budget.ts): a
 * token bucket as (tokens, at), `tokens` below zero while callers wait for their reservations.
 */
export const providerBudgets = pgTable('provider_budgets', {
  name: text('name').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  at: ts('at').notNull(),
});

/** Rate-limit windows shared by every process (fixed window per key: route + client address). */
/** Idempotency keys being answered now (migration 0030, `http/idempotency.ts`): one row per request in flight. */
export const idempotencyClaims = pgTable('idempotency_claims', {
  userId: integer('user_id').notNull(),
  key: text('key').notNull(),
  token: text('token').notNull(),
  claimedAt: ts('claimed_at').notNull(),
}, (t) => [primaryKey({ name: 'idempotency_claims_pk', columns: [t.userId, t.key] })]);

export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: ts('window_ends_at').notNull(),
}, (t) => [index('rate_limit_hits_window').on(t.windowEndsAt)]);

/**
 * Versions of the kept reads: a statement that changes what the topic's cached reads show advances
 * its sequence (triggers calling `kingdom_notify_reads`, in the migrations) before it commits.
 */
export const readsLandsVersion = pgSequence('reads_lands_version');
export const readsUsersVersion = pgSequence('reads_users_version');

/**
 * `kingdom world import` (migration 0022; docs/operator-guide.md): one run, its phase and paging
 * cursor (a crashed run resumes there) and its counts. The configured policies are recorded in
 * `app_settings` key `collections` and read in SQL by `kingdom_land_policy()` / `kingdom_tool_policy()`.
 */
export const worldImportRuns = pgTable('world_import_runs', {
  id: serial('id').primaryKey(),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  phase: text('phase').notNull().default('list'),
  listRole: text('list_role').notNull().default('land'),
  listPage: integer('list_page').notNull().default(1),
  mappingHash: text('mapping_hash').notNull(),
  counts: jsonb('counts').notNull().default({}),
});

/** Every asset of the Land and Mining Tool policies as the last import run saw it (imported or refused, with the reason). */
export const worldImportAssets = pgTable('world_import_assets', {
  unit: text('unit').primaryKey(),
  role: text('role').notNull(),
  seq: integer('seq').notNull(),
  runId: integer('run_id').notNull(),
  status: text('status').notNull(),
  reason: text('reason'),
  metadataHash: text('metadata_hash'),
  seenAt: ts('seen_at').notNull().defaultNow(),
}, (t) => [index('world_import_assets_pending').on(t.runId, t.status, t.seq)]);

// ---- Gold Rush (docs/game-rules.md §3, §4) ----

/** Staking-Hub snapshots (every 14 days): which collections qualified, with their votes. */
export const stakingSnapshots = pgTable('staking_snapshots', {
  id: serial('id').primaryKey(),
  takenAt: ts('taken_at').notNull(),
}, (t) => [uniqueIndex('staking_snapshots_taken_at').on(t.takenAt)]);

export const snapshotCollections = pgTable('snapshot_collections', {
  snapshotId: integer('snapshot_id').notNull().references(() => stakingSnapshots.id),
  collectionId: integer('collection_id').notNull().references(() => collections.id),
  votes: amount('votes').notNull(),
  qualified: boolean('qualified').notNull(),
}, (t) => [primaryKey({ columns: [t.snapshotId, t.collectionId] })]);

/**
 * Workers in mine slots, both kinds (docs/game-rules.md §3, §4). `kind` is `nft` (an NFT the user holds)
 * or `default` (a system-provided gold mine worker). An NFT works in at most one slot of one mine of
 * either kind: the unique index says so, so two racing requests cannot both set it.
 */
export const mineWorkers = pgTable('mine_workers', {
  landId: integer('land_id').notNull().references(() => lands.id),
  mine: text('mine').notNull(),
  slot: integer('slot').notNull(),
  userId: integer('user_id').notNull().references(() => users.id),
  kind: text('kind').notNull(),
  collectionKey: text('collection_key'),
  assetKey: text('asset_key'),
  rarity: text('rarity').notNull(),
  assignedAt: ts('assigned_at').notNull(),
}, (t) => [
  primaryKey({ name: 'mine_workers_pk', columns: [t.landId, t.mine, t.slot] }),
  uniqueIndex('mine_workers_nft_once').on(t.collectionKey, t.assetKey),
  index('mine_workers_user').on(t.userId, t.assignedAt),
  check('mine_workers_mine', sql`${t.mine} IN ('goldmine', 'frenmine')`),
  check('mine_workers_slot', sql`${t.slot} BETWEEN 1 AND CASE WHEN ${t.mine} = 'goldmine' THEN 10 ELSE 5 END`),
  // an NFT worker names its NFT, a default worker none
  check('mine_workers_nft', sql`(${t.kind} = 'nft') = (${t.assetKey} IS NOT NULL AND ${t.collectionKey} IS NOT NULL)`),
]);

/**
 * Each land's roster per mine kind, kept between days by the tick (migration 0016, `refreshRosters`):
 * its player (smallest id), workers, salaries (salary token base units), packed one-slot counts of
 * all its workers (`units`) and of the manager slot (`mgr`). `roster_changes` logs (trigger on
 * `mine_workers`) the lands whose workers changed since the tick summed them.
 */
export const mineRosters = pgTable('mine_rosters', {
  landId: integer('land_id').notNull(),
  mine: text('mine').notNull(),
  userId: integer('user_id').notNull(),
  workers: integer('workers').notNull(),
  salary: numeric('salary').notNull(),
  units: bigint('units', { mode: 'bigint' }).notNull(),
  mgr: bigint('mgr', { mode: 'bigint' }),
}, (t) => [primaryKey({ name: 'mine_rosters_pk', columns: [t.landId, t.mine] })]);

/** Lands whose workers changed since the tick last summed their roster (see {@link mineRosters}). */
export const rosterChanges = pgTable('roster_changes', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  landId: integer('land_id').notNull(),
  mine: text('mine').notNull(),
});

/** Mine upgrades: `mine` is `goldmine` or `frenmine`; at most one in progress per land and mine. */
export const mineUpgrades = pgTable('mine_upgrades', {
  id: serial('id').primaryKey(),
  landId: integer('land_id').notNull().references(() => lands.id),
  mine: text('mine').notNull(),
  userId: integer('user_id').notNull().references(() => users.id),
  targetLevel: integer('target_level').notNull(),
  itemKey: text('item_key').notNull(),
  startedAt: ts('started_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  status: text('status').notNull().default('in_progress'),
  finishedAt: ts('finished_at'),
}, (t) => [
  uniqueIndex('mine_upgrades_one_in_progress').on(t.landId, t.mine).where(sql`status = 'in_progress'`),
  index('mine_upgrades_due').on(t.endsAt).where(sql`status = 'in_progress'`),
  index('mine_upgrades_user').on(t.userId, t.startedAt),
]);

/** One row per settled game day (UTC date): the exactly-once marker of the daily tick. */
export const gameDays = pgTable('game_days', {
  day: text('day').primaryKey(),
  settledAt: ts('settled_at').notNull(),
  goldmineExo: amount('goldmine_exo').notNull().default('0'),
  frenmineExo: amount('frenmine_exo').notNull().default('0'),
  workersWorked: integer('workers_worked').notNull().default(0),
  goldmineWorkersWorked: integer('goldmine_workers_worked').notNull().default(0),
  frenmineWorkersWorked: integer('frenmine_workers_worked').notNull().default(0),
  playersPaid: integer('players_paid').notNull().default(0),
});

/** A mine's day: the daily report's rows and the Performance page's data. */
// Derived report rows, written a million a day by the tick: no foreign keys (their per-row checks
// would cost more than the rows), ids come from the settlement's own joins.
export const mineDaily = pgTable('mine_daily', {
  /** The span's first day (UTC date); migration 0013 (docs/architecture.md §4): a row holds while its numbers do not change. */
  firstDay: text('first_day').notNull(),
  /** The span's last day; null while open (through the latest settled day). `mine_day_reports` answers per day. */
  lastDay: text('last_day'),
  landId: integer('land_id').notNull(),
  mine: text('mine').notNull(),
  userId: integer('user_id').notNull(),
  openSlots: integer('open_slots').notNull(),
  workers: integer('workers').notNull(),
  workersWorked: integer('workers_worked').notNull(),
  /** Stored by days settled before migration 0011; null since (`mine_day_reports` computes it from `effs`). */
  exoMined: amount('exo_mined'),
  salaryPaid: amount('salary_paid').notNull(),
  hexoPaid: amount('hexo_paid').notNull().default('0'),
  foodPaid: amount('food_paid').notNull().default('0'),
  salaryToken: text('salary_token').notNull(),
  effectivity: integer('effectivity').notNull(),
  /** The weights of the land's worked slots (docs/game-rules.md §3), on rows written under migrations 0011–0012 only. */
  effs: bigint('effs', { mode: 'bigint' }).array(),
  /** The land's worked slots counted per weight code, packed (`COUNT_BITS`, `weightCodes` in jobs/settlement/rule-sql.ts); since migration 0013. */
  weightCounts: bigint('weight_counts', { mode: 'bigint' }),
}, (t) => [primaryKey({ name: 'mine_daily_pk', columns: [t.firstDay, t.landId, t.mine] }), index('mine_daily_user').on(t.userId, t.firstDay)]);

/**
 * A settled day's totals per mine kind (migrations 0011, 0013): the EXO pool, the world's weight
 * and one worked slot's share per weight code (`shares`, index code + 1), from which
 * `mine_day_reports` computes each land's EXO.
 */
export const mineDayTotals = pgTable('mine_day_totals', {
  day: text('day').notNull(),
  mine: text('mine').notNull(),
  pool: bigint('pool', { mode: 'bigint' }).notNull(),
  eff: bigint('eff', { mode: 'bigint' }).notNull(),
  shares: bigint('shares', { mode: 'bigint' }).array(),
}, (t) => [primaryKey({ name: 'mine_day_totals_pk', columns: [t.day, t.mine] })]);

/**
 * One row per land, mine and settled day (migration 0013): the `mine_daily` span that covers the
 * day, with its EXO computed from the day's totals (stored `exo_mined` on old rows, else the packed
 * `weight_counts`, else the 0011–0012 `effs`).
 */
export const mineDayReports = pgView('mine_day_reports', {
  day: text('day'),
  landId: integer('land_id'),
  mine: text('mine'),
  userId: integer('user_id'),
  openSlots: integer('open_slots'),
  workers: integer('workers'),
  workersWorked: integer('workers_worked'),
  exoMined: numeric('exo_mined'),
  salaryPaid: amount('salary_paid'),
  hexoPaid: amount('hexo_paid'),
  foodPaid: amount('food_paid'),
  salaryToken: text('salary_token'),
  effectivity: integer('effectivity'),
}).as(sql`SELECT g.day, d.land_id, d.mine, d.user_id, d.open_slots, d.workers, d.workers_worked,
	COALESCE(d.exo_mined,
		(SELECT COALESCE(sum(((d.weight_counts >> (6 * (i - 1))) & 63) * t.shares[i]), 0)::numeric FROM generate_subscripts(t.shares, 1) i WHERE d.weight_counts IS NOT NULL),
		(SELECT COALESCE(sum(CASE WHEN t.eff > 0 THEN t.pool * e / t.eff ELSE 0 END), 0)::numeric FROM unnest(d.effs) e)) AS exo_mined,
	d.salary_paid, d.hexo_paid, d.food_paid, d.salary_token, d.effectivity
FROM mine_daily d
JOIN game_days g ON g.day >= d.first_day AND (d.last_day IS NULL OR g.day <= d.last_day)
LEFT JOIN mine_day_totals t ON t.day = g.day AND t.mine = d.mine`);

// ---- The daily tick's runs and staging (docs/architecture.md §4; migrations 0009, 0011, 0013) ----

/** A day being settled: claimed by the staging transaction, its phase, its batches' size and the world's weights. */
export const settlementRuns = pgTable('settlement_runs', {
  day: text('day').primaryKey(),
  /** `salaries` | `credits`. */
  phase: text('phase').notNull(),
  maxUser: integer('max_user').notNull(),
  batchUsers: integer('batch_users').notNull(),
  goldmineEff: numeric('goldmine_eff').notNull().default(sql`0`),
  frenmineEff: numeric('frenmine_eff').notNull().default(sql`0`),
  startedAt: ts('started_at').notNull().defaultNow(),
}, (t) => [check('settlement_runs_phase', sql`${t.phase} IN ('salaries', 'credits')`)]);

/** A batch of players (ids from `first_user`) done in one pass of a day: claimed once, with its work. */
export const settlementBatches = pgTable('settlement_batches', {
  day: text('day').notNull(),
  pass: text('pass').notNull(),
  firstUser: integer('first_user').notNull(),
  doneAt: ts('done_at').notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'settlement_batches_pk', columns: [t.day, t.pass, t.firstUser] })]);

/** The HEXO and FOOD (base units) each player's staged salaries were computed from. */
export const settleSeen = pgTable('settle_seen', {
  userId: integer('user_id').primaryKey(),
  hexo: numeric('hexo').notNull(),
  food: numeric('food').notNull(),
});

/** Credits computed by the staging transaction, paid per batch (upgrade refunds before salaries, the shop royalty after). */
export const settleCredits = pgTable('settle_credits', {
  pass: text('pass').notNull(),
  userId: integer('user_id').notNull(),
  asset: text('asset').notNull(),
  amount: numeric('amount').notNull(),
  reason: text('reason').notNull(),
  reference: text('reference').notNull(),
  lands: integer('lands'),
}, (t) => [index('settle_credits_user').on(t.pass, t.userId)]);

/** Per player and mine kind, what staging summed for the salary batches. */
export const settleUser = pgTable('settle_user', {
  userId: integer('user_id').notNull(),
  mine: text('mine').notNull(),
  hexo: numeric('hexo').notNull(),
  food: numeric('food').notNull(),
  need: numeric('need').notNull(),
  workers: integer('workers').notNull(),
  worked: integer('worked').notNull(),
  lands: integer('lands').notNull(),
}, (t) => [primaryKey({ name: 'settle_user_pk', columns: [t.userId, t.mine] })]);

/** Per player and mine kind, how many worked slots of each weight the player has. */
export const settleUserEff = pgTable('settle_user_eff', {
  userId: integer('user_id').notNull(),
  mine: text('mine').notNull(),
  eff: bigint('eff', { mode: 'bigint' }).notNull(),
  n: integer('n').notNull(),
}, (t) => [primaryKey({ name: 'settle_user_eff_pk', columns: [t.userId, t.mine, t.eff] })]);

/** Ready-to-upgrade notices already sent: once per land, mine and level (docs/game-rules.md §3). */
export const mineReadyNotices = pgTable('mine_ready_notices', {
  landId: integer('land_id').notNull().references(() => lands.id),
  mine: text('mine').notNull(),
  level: integer('level').notNull(),
}, (t) => [primaryKey({ columns: [t.landId, t.mine, t.level] })]);

// ---- Vendor, chest, compensation (docs/game-rules.md §6) ----

/** Vendor purchases; `(user_id, idempotency_key)` is unique so a retried purchase is charged once. */
export const vendorPurchases = pgTable('vendor_purchases', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  item: text('item').notNull(),
  quantity: integer('quantity').notNull(),
  token: text('token').notNull(),
  amount: amount('amount').notNull(),
  response: jsonb('response').notNull(),
  /** The day whose shop royalty counts this sale (docs/game-rules.md §6; `royaltyDaySql`). */
  royaltyDay: text('royalty_day').notNull(),
  createdAt: ts('created_at').notNull(),
}, (t) => [
  uniqueIndex('vendor_purchases_key').on(t.userId, t.idempotencyKey), index('vendor_purchases_created').on(t.createdAt),
  index('vendor_purchases_royalty_day').on(t.royaltyDay), check('vendor_purchases_amount', sql`${t.amount} >= 0`),
]);

/** A week's chest seed (docs/game-rules.md §7): the hash is public from creation, the seed once the week ended. */
export const chestWeeks = pgTable('chest_weeks', {
  week: text('week').primaryKey(),
  seed: text('seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The loot table published with this week (`CHEST_LOOT_TABLES`; migration 0025): kept forever. */
  tableVersion: integer('table_version').notNull().default(1),
});

/** Weekly-limited vendor items bought per account and chest week (docs/game-rules.md §6; migration 0025). */
export const vendorWeeklyCounts = pgTable('vendor_weekly_counts', {
  userId: integer('user_id').notNull(),
  item: text('item').notNull(),
  /** The week's Monday, UTC `YYYY-MM-DD`. */
  week: text('week').notNull(),
  quantity: integer('quantity').notNull(),
}, (t) => [
  primaryKey({ name: 'vendor_weekly_counts_pk', columns: [t.userId, t.item, t.week] }),
  foreignKey({ name: 'vendor_weekly_counts_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  check('vendor_weekly_counts_quantity', sql`${t.quantity} > 0`),
]);

/** Opened chests: one per account and week. */
export const chestOpens = pgTable('chest_opens', {
  userId: integer('user_id').notNull().references(() => users.id),
  week: text('week').notNull(),
  draw: text('draw').notNull(),
  entry: integer('entry').notNull(),
  loot: jsonb('loot').notNull(),
  openedAt: ts('opened_at').notNull(),
}, (t) => [
  primaryKey({ name: 'chest_opens_pk', columns: [t.userId, t.week] }),
  foreignKey({ name: 'chest_opens_week_fk', columns: [t.week], foreignColumns: [chestWeeks.week] }),
]);

/** Compensation events (admin CLI): each name pays once. */
export const compensationEvents = pgTable('compensation_events', {
  name: text('name').primaryKey(),
  token: text('token').notNull(),
  amount: amount('amount').notNull(),
  reason: text('reason').notNull(),
  players: integer('players').notNull(),
  createdAt: ts('created_at').notNull(),
});

// ---- Staking Hub (docs/game-rules.md §5; migration 0004_staking) ----

/** A player's vote points: `locked` whole EXO (ledger asset `votes`), `allocated` to projects; allocated ≤ locked. */
export const voteBooks = pgTable('vote_books', {
  userId: integer('user_id').primaryKey(),
  locked: amount('locked').notNull().default('0'),
  allocated: amount('allocated').notNull().default('0'),
}, (t) => [
  foreignKey({ name: 'vote_books_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  check('vote_books_allocated_non_negative', sql`${t.allocated} >= 0`),
  check('vote_books_within_locked', sql`${t.allocated} <= ${t.locked}`),
]);

/** Points a player allocated to a collection (> 0). */
export const voteAllocations = pgTable('vote_allocations', {
  userId: integer('user_id').notNull(),
  collectionId: integer('collection_id').notNull(),
  votes: amount('votes').notNull(),
}, (t) => [
  primaryKey({ name: 'vote_allocations_pk', columns: [t.userId, t.collectionId] }),
  foreignKey({ name: 'vote_allocations_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  foreignKey({ name: 'vote_allocations_collection_id_fkey', columns: [t.collectionId], foreignColumns: [collections.id] }),
  index('vote_allocations_collection').on(t.collectionId),
  check('vote_allocations_positive', sql`${t.votes} > 0`),
]);

/** The activity feed's vote changes (delta > 0 added, < 0 removed) with the collection's total after. */
export const voteEvents = pgTable('vote_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  collectionId: integer('collection_id').notNull(),
  delta: amount('delta').notNull(),
  totalAfter: amount('total_after').notNull(),
  createdAt: ts('created_at').notNull(),
}, (t) => [
  foreignKey({ name: 'vote_events_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  foreignKey({ name: 'vote_events_collection_id_fkey', columns: [t.collectionId], foreignColumns: [collections.id] }),
  index('vote_events_collection').on(t.collectionId, t.createdAt), index('vote_events_user').on(t.userId, t.createdAt),
]);

/** The staking daily report: one row per player, day, source (`nft` | `toolkit`) and collection or tool kind. */
export const stakingDaily = pgTable('staking_daily', {
  day: text('day').notNull(),
  /** A player's id; no foreign key since migration 0017 (written by the tick from existing players' holdings). */
  userId: integer('user_id').notNull(),
  source: text('source').notNull(),
  ref: text('ref').notNull(),
  name: text('name').notNull(),
  token: text('token').notNull(),
  nfts: integer('nfts').notNull(),
  amount: amount('amount').notNull(),
}, (t) => [primaryKey({ name: 'staking_daily_pk', columns: [t.userId, t.day, t.source, t.ref] })]);

/**
 * The in-app land mint (migration 0024; docs/game-rules.md §2): one row per reservation. One live
 * mint per land and one open mint per account are unique indexes, not checks in code.
 */
export const landMints = pgTable('land_mints', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  landId: integer('land_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  /** The sale price, lovelace. */
  lovelace: amount('lovelace').notNull(),
  /** `reserved` | `submitted` | `confirmed` | `expired` | `cancelled`. */
  status: text('status').notNull(),
  /** The wallet address that pays and receives the NFT (set when the transaction is built). */
  address: text('address'),
  txHash: text('tx_hash'),
  /** The built, unsigned transaction (CBOR hex) the wallet signs. */
  txCbor: text('tx_cbor'),
  /** The transaction's validity ends after this slot. */
  validToSlot: bigint('valid_to_slot', { mode: 'number' }),
  blockHeight: integer('block_height'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  submittedAt: ts('submitted_at'),
  confirmedAt: ts('confirmed_at'),
  /** When the buyer's wallet was synced after the confirmation (null: the chain job syncs it again). */
  syncedAt: ts('synced_at'),
}, (t) => [
  foreignKey({ name: 'land_mints_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  unique('land_mints_key').on(t.userId, t.idempotencyKey),
  uniqueIndex('land_mints_live_land').on(t.landId).where(sql`status IN ('reserved', 'submitted', 'confirmed')`),
  uniqueIndex('land_mints_open_user').on(t.userId).where(sql`status IN ('reserved', 'submitted')`),
  index('land_mints_user').on(t.userId, t.id),
  index('land_mints_open').on(t.status, t.expiresAt).where(sql`status IN ('reserved', 'submitted')`),
  index('land_mints_unsynced').on(t.id).where(sql`status = 'confirmed' AND synced_at IS NULL`),
  check('land_mints_lovelace_check', sql`${t.lovelace} > 0`),
  check('land_mints_status_check', sql`${t.status} IN ('reserved', 'submitted', 'confirmed', 'expired', 'cancelled')`),
]);

// ---- Chain money (docs/game-rules.md §8; migrations 0005, 0007, 0008, 0021) ----

/**
 * The emulated Cardano chain shared by every process (migration 0007; docs/architecture.md §6): its
 * one state row (locked by writers), its event log ('tx' accepted into the mempool, 'blocks'
 * produced) that each process replays, replica snapshots, its own keys and the demo faucet's grants.
 */
export const emuChainState = pgTable('emu_chain_state', {
  /** Always 1: one chain. */
  id: integer('id').primaryKey(),
  height: integer('height').notNull(),
  /** Bumped by every rollback (replicas rebuild). */
  fork: integer('fork').notNull(),
  /** The last event of the log (0: none). */
  seq: integer('seq').notNull().default(0),
}, (t) => [check('emu_chain_state_id_check', sql`${t.id} = 1`)]);
export const emuChainEvents = pgTable('emu_chain_events', {
  seq: integer('seq').primaryKey(),
  /** `tx` | `blocks`. */
  kind: text('kind').notNull(),
  txHash: text('tx_hash'),
  cbor: text('cbor'),
  blocks: integer('blocks'),
  /** The first produced block's hash (it holds the mempool). */
  blockHash: text('block_hash'),
  heightAfter: integer('height_after'),
}, (t) => [
  check('emu_chain_events_kind_check', sql`${t.kind} IN ('tx', 'blocks')`),
  check('emu_chain_events_blocks_check', sql`${t.blocks} > 0`),
  check('emu_chain_events_check', sql`(${t.kind} = 'tx' AND ${t.txHash} IS NOT NULL AND ${t.cbor} IS NOT NULL) OR (${t.kind} = 'blocks' AND ${t.blocks} IS NOT NULL AND ${t.heightAfter} IS NOT NULL)`),
]);
/** A replica's whole state (JSON) after event `seq` of fork `fork`. */
export const emuChainSnapshots = pgTable('emu_chain_snapshots', {
  fork: integer('fork').notNull(),
  seq: integer('seq').notNull(),
  data: text('data').notNull(),
}, (t) => [primaryKey({ name: 'emu_chain_snapshots_pkey', columns: [t.fork, t.seq] })]);
export const emuChainKeys = pgTable('emu_chain_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
});
/** Demo mode: a Cardano address's first sign-in asks for funding once; `tx_hash` is null while waiting for the job. */
export const emuFaucetGrants = pgTable('emu_faucet_grants', {
  address: text('address').primaryKey(),
  txHash: text('tx_hash'),
  createdAt: ts('created_at').notNull(),
});

/** How far the chain watcher read (block height), per cursor name. */
export const chainCursor = pgTable('chain_cursor', {
  name: text('name').primaryKey(),
  height: integer('height').notNull(),
});

/**
 * One row per (transaction output, token) paying the treasury (EXO/HEXO deposits) or the sale
 * address (ADA for an EXO order), credited exactly once: `status` becomes `credited` in the
 * transaction that writes the ledger entry (reason `deposit` / `exo_order`, reference `tx#index`).
 */
export const chainPayments = pgTable('chain_payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  txHash: text('tx_hash').notNull(),
  outputIndex: integer('output_index').notNull(),
  /** `exo` | `hexo` | `ada`. */
  token: text('token').notNull(),
  /** Base units of `token`. */
  amount: amount('amount').notNull(),
  senders: text('senders').array().notNull(),
  /** The stake credential (hex) of each sender, '' for none. */
  senderStakes: text('sender_stakes').array().notNull(),
  messageAccount: integer('message_account'),
  messageOrder: bigint('message_order', { mode: 'number' }),
  blockHeight: integer('block_height').notNull(),
  blockHash: text('block_hash').notNull(),
  /** `pending` | `credited` | `claimable` | `rolled_back` | `unmatched`. */
  status: text('status').notNull(),
  userId: integer('user_id'),
  seenAt: ts('seen_at').notNull(),
  creditedAt: ts('credited_at'),
}, (t) => [
  unique('chain_payments_output').on(t.txHash, t.outputIndex, t.token),
  foreignKey({ name: 'chain_payments_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  index('chain_payments_open').on(t.status, t.blockHeight).where(sql`status IN ('pending', 'claimable')`),
  index('chain_payments_user').on(t.userId, t.id),
  index('chain_payments_message_account').on(t.messageAccount).where(sql`status = 'claimable'`),
  index('chain_payments_tx').on(t.txHash),
  check('chain_payments_token_check', sql`${t.token} IN ('exo', 'hexo', 'ada')`),
  check('chain_payments_amount_check', sql`${t.amount} > 0`),
  check('chain_payments_status_check', sql`${t.status} IN ('pending', 'credited', 'claimable', 'rolled_back', 'unmatched')`),
]);

/** Stake credentials an account proved (CIP-30 signData with the reward address; migration 0008): one account per credential. */
export const cardanoStakeProofs = pgTable('cardano_stake_proofs', {
  stakeCredential: text('stake_credential').primaryKey(),
  userId: integer('user_id').notNull(),
  rewardAddress: text('reward_address').notNull(),
  provedAt: ts('proved_at').notNull(),
}, (t) => [
  foreignKey({ name: 'cardano_stake_proofs_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  index('cardano_stake_proofs_user').on(t.userId),
]);

/**
 * Withdrawals to the Master Wallet: `(user_id, idempotency_key)` unique, one pending per account
 * (PENDING_TRANSACTION, a partial unique index); a stored payout is re-sent with backoff
 * (`submit_attempts`, `next_try_at`, `last_error`) until a definite verdict (`doubt_height`).
 */
export const chainWithdrawals = pgTable('chain_withdrawals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  /** `exo` | `hexo`. */
  token: text('token').notNull(),
  amount: amount('amount').notNull(),
  address: text('address').notNull(),
  /** `requested` | `submitted` | `confirmed` | `failed` | `expired`. */
  status: text('status').notNull(),
  txHash: text('tx_hash'),
  txCbor: text('tx_cbor'),
  ttlSlot: bigint('ttl_slot', { mode: 'number' }),
  reason: text('reason'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  submitAttempts: integer('submit_attempts').notNull().default(0),
  nextTryAt: ts('next_try_at'),
  lastError: text('last_error'),
  doubtHeight: integer('doubt_height'),
}, (t) => [
  unique('chain_withdrawals_key').on(t.userId, t.idempotencyKey),
  foreignKey({ name: 'chain_withdrawals_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  uniqueIndex('chain_withdrawals_one_pending').on(t.userId).where(sql`status IN ('requested', 'submitted')`),
  index('chain_withdrawals_tx').on(t.txHash).where(sql`tx_hash IS NOT NULL`),
  index('chain_withdrawals_open').on(t.status).where(sql`status IN ('requested', 'submitted')`),
  check('chain_withdrawals_token_check', sql`${t.token} IN ('exo', 'hexo')`),
  check('chain_withdrawals_amount_check', sql`${t.amount} > 0`),
  check('chain_withdrawals_status_check', sql`${t.status} IN ('requested', 'submitted', 'confirmed', 'failed', 'expired')`),
]);

/** Token sale rounds (operator CLI `sale-round add`): a name names one round. */
export const saleRounds = pgTable('sale_rounds', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** Lovelace per whole EXO. */
  priceLovelace: amount('price_lovelace').notNull(),
  /** EXO base units the round sells at most. */
  cap: amount('cap').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  /** The operator's SOL price (lamports per whole EXO; migration 0021); null = priced from the prices. */
  priceLamports: amount('price_lamports'),
}, (t) => [
  uniqueIndex('sale_rounds_name').on(t.name),
  check('sale_rounds_price_lovelace_check', sql`${t.priceLovelace} > 0`),
  check('sale_rounds_cap_check', sql`${t.cap} > 0`),
  check('sale_rounds_price_lamports_check', sql`${t.priceLamports} > 0`),
]);

/**
 * EXO orders, paid on one chain (`pay_chain`): ADA orders carry `lovelace`; SOL orders (migration
 * 0021; docs/game-rules.md §9) `lamports`, a unique Solana Pay reference key and the sale address.
 */
export const exoOrders = pgTable('exo_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  /** `round` | `pack`. */
  source: text('source').notNull(),
  roundId: integer('round_id'),
  pack: text('pack'),
  /** EXO base units bought. */
  exo: amount('exo').notNull(),
  lovelace: amount('lovelace'),
  /** `awaiting_payment` | `paid` | `expired`. */
  status: text('status').notNull(),
  txHash: text('tx_hash'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  paidAt: ts('paid_at'),
  /** `cardano` | `solana`. */
  payChain: text('pay_chain').notNull().default('cardano'),
  lamports: amount('lamports'),
  /** The Solana Pay reference key (base58). */
  solanaReference: text('solana_reference'),
  solanaRecipient: text('solana_recipient'),
}, (t) => [
  unique('exo_orders_key').on(t.userId, t.idempotencyKey),
  foreignKey({ name: 'exo_orders_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  foreignKey({ name: 'exo_orders_round_id_fkey', columns: [t.roundId], foreignColumns: [saleRounds.id] }),
  index('exo_orders_round').on(t.roundId, t.status),
  index('exo_orders_user').on(t.userId, t.id),
  uniqueIndex('exo_orders_solana_reference').on(t.solanaReference).where(sql`solana_reference IS NOT NULL`),
  index('exo_orders_tx').on(t.txHash).where(sql`tx_hash IS NOT NULL`),
  check('exo_orders_source_check', sql`${t.source} IN ('round', 'pack')`),
  check('exo_orders_exo_check', sql`${t.exo} > 0`),
  check('exo_orders_lovelace_check', sql`${t.lovelace} > 0`),
  check('exo_orders_status_check', sql`${t.status} IN ('awaiting_payment', 'paid', 'expired')`),
  check('exo_orders_pay_chain_check', sql`${t.payChain} IN ('cardano', 'solana')`),
  check('exo_orders_lamports_check', sql`${t.lamports} > 0`),
  check('exo_orders_price_of_chain', sql`CASE WHEN ${t.payChain} = 'cardano'
    THEN ${t.lovelace} IS NOT NULL AND ${t.lamports} IS NULL AND ${t.solanaReference} IS NULL
    ELSE ${t.lamports} IS NOT NULL AND ${t.lovelace} IS NULL AND ${t.solanaReference} IS NOT NULL AND ${t.solanaRecipient} IS NOT NULL END`),
]);

/**
 * Finalized Solana transactions the Solana watcher judged (migration 0021; docs/game-rules.md §9),
 * once per signature: `paid` credited its order's EXO; every other verdict is unmatched (operator).
 */
export const solanaPayments = pgTable('solana_payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  signature: text('signature').notNull(),
  slot: bigint('slot', { mode: 'number' }).notNull(),
  blockTime: ts('block_time'),
  orderId: bigint('order_id', { mode: 'number' }),
  userId: integer('user_id'),
  /** Source of the lamports (else the fee payer), base58. */
  payer: text('payer').notNull(),
  feePayer: text('fee_payer').notNull(),
  /** Lamports moved to the sale address by the transfers carrying the order's reference. */
  lamports: amount('lamports').notNull(),
  /** `paid` | `under` | `over` | `twice` | `after_expiry` | `unlinked_payer` | `wrong_recipient` | `wrong_memo` | `no_order` | `several_orders` | `failed`. */
  verdict: text('verdict').notNull(),
  seenAt: ts('seen_at').notNull(),
}, (t) => [
  unique('solana_payments_signature').on(t.signature),
  foreignKey({ name: 'solana_payments_order_id_fkey', columns: [t.orderId], foreignColumns: [exoOrders.id] }),
  foreignKey({ name: 'solana_payments_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  index('solana_payments_unmatched').on(t.id).where(sql`verdict <> 'paid'`),
  index('solana_payments_order').on(t.orderId),
  check('solana_payments_lamports_check', sql`${t.lamports} >= 0`),
  check('solana_payments_verdict_check', sql`${t.verdict} IN ('paid', 'under', 'over', 'twice', 'after_expiry', 'unlinked_payer', 'wrong_recipient', 'wrong_memo', 'no_order', 'several_orders', 'failed')`),
]);

/** How far the Solana watcher read an address's finalized signatures (migration 0021). */
export const solanaCursor = pgTable('solana_cursor', {
  address: text('address').primaryKey(),
  signature: text('signature').notNull(),
  slot: bigint('slot', { mode: 'number' }).notNull(),
});

/**
 * Claimed quests (migration 0026; docs/game-rules.md §14): one per account and quest id
 * (`<period>-<start>-<slot>`), so a reward is paid once; `(user_id, idempotency_key)` is unique so a
 * retried claim answers the first claim.
 */
export const questClaims = pgTable('quest_claims', {
  userId: integer('user_id').notNull(),
  questId: text('quest_id').notNull(),
  questKey: text('quest_key').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  /** The rewards paid (`QuestReward[]`), as the claim answered them. */
  rewards: jsonb('rewards').notNull(),
  claimedAt: ts('claimed_at').notNull(),
}, (t) => [
  primaryKey({ name: 'quest_claims_pk', columns: [t.userId, t.questId] }),
  foreignKey({ name: 'quest_claims_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  uniqueIndex('quest_claims_key').on(t.userId, t.idempotencyKey), index('quest_claims_claimed').on(t.claimedAt),
]);

/** Achievements whose inbox notice was sent: once per account and achievement (migration 0026; docs/game-rules.md §14). */
export const achievementNotices = pgTable('achievement_notices', {
  userId: integer('user_id').notNull(),
  key: text('key').notNull(),
  noticedAt: ts('noticed_at').notNull(),
}, (t) => [
  primaryKey({ name: 'achievement_notices_pk', columns: [t.userId, t.key] }),
  foreignKey({ name: 'achievement_notices_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
]);

/**
 * Players whose facts of a "first …" achievement changed since the achievements job last looked
 * (migration 0028: written by triggers on `mine_upgrades`, `vote_events` (added), `quest_claims`,
 * `ledger_entries` (deposits); docs/game-rules.md §14.6, apps/server/src/jobs/achievements.ts).
 */
export const achievementChecks = pgTable('achievement_checks', {
  userId: integer('user_id').primaryKey(),
  /** Changes since the row was written (each writer's upsert locks the row until it commits). */
  changes: integer('changes').notNull().default(1),
});

/** Each player's latest run of all-Excellent days, kept by the achievements job day by day (migration 0028). */
export const excellentStreaks = pgTable('excellent_streaks', {
  userId: integer('user_id').primaryKey(),
  /** The run's last day (UTC date). */
  lastDay: text('last_day').notNull(),
  /** Consecutive all-Excellent days ending on `last_day`. */
  run: integer('run').notNull(),
});

/** Where the achievements job is in the settled days (one row, migration 0028). */
export const achievementCursor = pgTable('achievement_cursor', {
  id: boolean('id').primaryKey().default(true),
  /** The last settled day done for every player (null: none yet). */
  lastDay: text('last_day'),
  /** The next day is under way from this player id. */
  nextUser: integer('next_user').notNull().default(0),
}, (t) => [check('achievement_cursor_id_check', sql`${t.id}`)]);

/**
 * Live server processes and their release (migration 0036; docs/architecture.md §8 "Rolling
 * upgrades", apps/server/src/ops/processes.ts): written at start, `last_seen` renewed by a heartbeat,
 * deleted on a graceful stop; rows not renewed within a minute are expired by any process.
 */
export const serverProcesses = pgTable('server_processes', {
  /** `host:pid:random`, the process's job lease holder name. */
  instanceId: text('instance_id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  /** The release: `<apps/server version>+<git sha>` (sha absent when the build had no git). */
  release: text('release').notNull(),
  /** The release's compatibility level (apps/server/src/release.ts `COMPAT_LEVEL`). */
  level: integer('level').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  lastSeen: ts('last_seen').notNull().defaultNow(),
}, (t) => [index('server_processes_last_seen').on(t.lastSeen)]);

// ---- The operator console (migrations 0033–0035; docs/http-contract.md §4, docs/game-rules.md §15) ----

/** Operators: a wallet address (as it signs in) with a role (`viewer` < `support` < `admin`). */
export const operators = pgTable('operators', {
  chain: text('chain').notNull(),
  address: text('address').notNull(),
  role: text('role').notNull(),
  /** An operator's `chain:address`, or `cli`. */
  addedBy: text('added_by').notNull(),
  addedAt: ts('added_at').notNull(),
}, (t) => [
  primaryKey({ name: 'operators_pk', columns: [t.chain, t.address] }),
  check('operators_role_check', sql`${t.role} IN ('viewer', 'support', 'admin')`),
]);

/** The audit log: one row per console write, in its transaction; a trigger refuses UPDATE, DELETE and TRUNCATE. */
export const operatorActions = pgTable('operator_actions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operatorChain: text('operator_chain').notNull(),
  operatorAddress: text('operator_address').notNull(),
  role: text('role').notNull(),
  at: ts('at').notNull(),
  action: text('action').notNull(),
  target: text('target').notNull(),
  targetUserId: integer('target_user_id'),
  reason: text('reason').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
}, (t) => [
  index('operator_actions_target_user').on(t.targetUserId, t.id).where(sql`target_user_id IS NOT NULL`),
  index('operator_actions_action').on(t.action, t.id),
]);

/** Money moves above the two-person limit, waiting for (or decided by) a second admin. */
export const operatorApprovals = pgTable('operator_approvals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** `adjustment` | `payment_credit`. */
  kind: text('kind').notNull(),
  userId: integer('user_id').notNull(),
  token: text('token').notNull(),
  /** Signed base units: negative for a debit. */
  amount: amount('amount').notNull(),
  /** `cardano:<id>` / `solana:<id>` of a payment credit. */
  payment: text('payment'),
  reason: text('reason').notNull(),
  status: text('status').notNull().default('pending'),
  requestedChain: text('requested_chain').notNull(),
  requestedAddress: text('requested_address').notNull(),
  requestedAt: ts('requested_at').notNull(),
  requestActionId: bigint('request_action_id', { mode: 'number' }).notNull(),
  decidedChain: text('decided_chain'),
  decidedAddress: text('decided_address'),
  decidedAt: ts('decided_at'),
  decisionActionId: bigint('decision_action_id', { mode: 'number' }),
}, (t) => [
  foreignKey({ name: 'operator_approvals_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  foreignKey({ name: 'operator_approvals_request_action_id_fkey', columns: [t.requestActionId], foreignColumns: [operatorActions.id] }),
  foreignKey({ name: 'operator_approvals_decision_action_id_fkey', columns: [t.decisionActionId], foreignColumns: [operatorActions.id] }),
  index('operator_approvals_status').on(t.status, t.id),
  index('operator_approvals_user').on(t.userId, t.id),
  uniqueIndex('operator_approvals_payment_pending').on(t.payment).where(sql`status = 'pending' AND payment IS NOT NULL`),
  check('operator_approvals_kind_check', sql`${t.kind} IN ('adjustment', 'payment_credit')`),
  check('operator_approvals_status_check', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
  check('operator_approvals_amount_check', sql`${t.amount} <> 0`),
]);

/** Every sign-in (migration 0034): when, which wallet, which wallet app, which browser. */
export const signIns = pgTable('sign_ins', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  walletId: integer('wallet_id').notNull(),
  chain: text('chain').notNull(),
  address: text('address').notNull(),
  /** The wallet app the client named (`eternl`, `phantom`…), or null. */
  wallet: text('wallet'),
  /** `signature` | `tx`. */
  method: text('method').notNull(),
  userAgent: text('user_agent'),
  at: ts('at').notNull(),
}, (t) => [index('sign_ins_user').on(t.userId, t.at), index('sign_ins_at').on(t.at)]);

/** The last run of each background job, by whichever process ran it (migration 0035; the console's operations page). */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: ts('last_run_at').notNull(),
  durationMs: integer('duration_ms').notNull(),
  ok: boolean('ok').notNull(),
  holder: text('holder'),
  runs: bigint('runs', { mode: 'number' }).notNull().default(1),
  failures: bigint('failures', { mode: 'number' }).notNull().default(0),
});

/** Unmatched payments an operator resolved, once per payment (migration 0035). */
export const paymentResolutions = pgTable('payment_resolutions', {
  /** `cardano:<chain_payments.id>` | `solana:<solana_payments.id>`. */
  payment: text('payment').primaryKey(),
  /** `credit` | `refunded`. */
  kind: text('kind').notNull(),
  userId: integer('user_id'),
  token: text('token'),
  amount: amount('amount'),
  refundTx: text('refund_tx'),
  operatorChain: text('operator_chain').notNull(),
  operatorAddress: text('operator_address').notNull(),
  at: ts('at').notNull(),
  actionId: bigint('action_id', { mode: 'number' }).notNull(),
}, (t) => [
  foreignKey({ name: 'payment_resolutions_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  foreignKey({ name: 'payment_resolutions_action_id_fkey', columns: [t.actionId], foreignColumns: [operatorActions.id] }),
  check('payment_resolutions_kind_check', sql`${t.kind} IN ('credit', 'refunded')`),
  check('payment_resolutions_shape', sql`CASE WHEN ${t.kind} = 'credit'
    THEN ${t.userId} IS NOT NULL AND ${t.token} IS NOT NULL AND ${t.amount} > 0 AND ${t.refundTx} IS NULL
    ELSE ${t.refundTx} IS NOT NULL AND ${t.userId} IS NULL AND ${t.token} IS NULL AND ${t.amount} IS NULL END`),
]);

/** The Market's placement sequence: time priority, drawn under the book's lock (migration 0037; docs/game-rules.md §16). */
export const marketOrderSeq = pgSequence('market_order_seq');

/**
 * The Market's limit orders (migration 0037; docs/game-rules.md §16): a buy's `escrow` is the tokens it
 * still holds (base units of `payToken`), a sell holds `remaining` units of `good` (items, or whole FOOD).
 */
export const marketOrders = pgTable('market_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  walletGroup: text('wallet_group').notNull(),
  /** `buy` | `sell`. */
  side: text('side').notNull(),
  /** An item kind key or `food`. */
  good: text('good').notNull(),
  /** `exo` | `hexo`. */
  payToken: text('pay_token').notNull(),
  quantity: integer('quantity').notNull(),
  remaining: integer('remaining').notNull(),
  price: amount('price').notNull(),
  feeBps: integer('fee_bps').notNull(),
  escrow: amount('escrow').notNull(),
  /** `open` | `filled` | `cancelled` | `expired`. */
  status: text('status').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  placedAt: ts('placed_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  closedAt: ts('closed_at'),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  response: jsonb('response'),
}, (t) => [
  foreignKey({ name: 'market_orders_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  check('market_orders_side_check', sql`${t.side} IN ('buy', 'sell')`),
  check('market_orders_pay_token_check', sql`${t.payToken} IN ('exo', 'hexo')`),
  check('market_orders_status_check', sql`${t.status} IN ('open', 'filled', 'cancelled', 'expired')`),
  check('market_orders_amounts_check', sql`${t.quantity} > 0 AND ${t.remaining} >= 0 AND ${t.remaining} <= ${t.quantity} AND ${t.price} > 0 AND ${t.escrow} >= 0
    AND (${t.status} = 'open') = (${t.remaining} > 0 AND ${t.closedAt} IS NULL)`),
  uniqueIndex('market_orders_user_key').on(t.userId, t.idempotencyKey),
  index('market_orders_open_book').on(t.good, t.payToken, t.seq).where(sql`status = 'open'`),
  index('market_orders_user_placed').on(t.userId, t.placedAt),
]);

/** The Market's trades (migration 0037): `price` per unit and `fee` (paid by the buyer, burned) in base units of `payToken`. */
export const marketTrades = pgTable('market_trades', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  good: text('good').notNull(),
  payToken: text('pay_token').notNull(),
  makerOrderId: bigint('maker_order_id', { mode: 'number' }).notNull(),
  takerOrderId: bigint('taker_order_id', { mode: 'number' }).notNull(),
  buyOrderId: bigint('buy_order_id', { mode: 'number' }).notNull(),
  sellOrderId: bigint('sell_order_id', { mode: 'number' }).notNull(),
  buyerId: integer('buyer_id').notNull(),
  sellerId: integer('seller_id').notNull(),
  quantity: integer('quantity').notNull(),
  price: amount('price').notNull(),
  fee: amount('fee').notNull(),
  at: ts('at').notNull(),
}, (t) => [
  foreignKey({ name: 'market_trades_maker_order_id_fkey', columns: [t.makerOrderId], foreignColumns: [marketOrders.id] }),
  foreignKey({ name: 'market_trades_taker_order_id_fkey', columns: [t.takerOrderId], foreignColumns: [marketOrders.id] }),
  foreignKey({ name: 'market_trades_buy_order_id_fkey', columns: [t.buyOrderId], foreignColumns: [marketOrders.id] }),
  foreignKey({ name: 'market_trades_sell_order_id_fkey', columns: [t.sellOrderId], foreignColumns: [marketOrders.id] }),
  foreignKey({ name: 'market_trades_buyer_id_fkey', columns: [t.buyerId], foreignColumns: [users.id] }),
  foreignKey({ name: 'market_trades_seller_id_fkey', columns: [t.sellerId], foreignColumns: [users.id] }),
  check('market_trades_amounts_check', sql`${t.quantity} > 0 AND ${t.price} > 0 AND ${t.fee} >= 0`),
  index('market_trades_book_at').on(t.good, t.payToken, t.at),
  index('market_trades_buyer').on(t.buyerId, t.at),
  index('market_trades_seller').on(t.sellerId, t.at),
]);

/** The economy dashboard's summarised days (migration 0039; modules/console/economy-days.ts): one row per closed UTC day summarised. */
export const economyDays = pgTable('economy_days', {
  day: text('day').primaryKey(),
  summarisedAt: ts('summarised_at').notNull(),
});

/** A summarised day's ledger flows per chain (`none`: an account without a wallet), asset and raw reason; base units. */
export const economyDayFlows = pgTable('economy_day_flows', {
  day: text('day').notNull(),
  chain: text('chain').notNull(),
  asset: text('asset').notNull(),
  reason: text('reason').notNull(),
  created: amount('created').notNull(),
  burned: amount('burned').notNull(),
  entries: integer('entries').notNull(),
}, (t) => [primaryKey({ name: 'economy_day_flows_pk', columns: [t.day, t.chain, t.asset, t.reason] })]);

/** A summarised day's other figures per chain: `metric` and `key` as in migration 0039. */
export const economyDayCounts = pgTable('economy_day_counts', {
  day: text('day').notNull(),
  chain: text('chain').notNull(),
  metric: text('metric').notNull(),
  key: text('key').notNull(),
  value: amount('value').notNull(),
}, (t) => [primaryKey({ name: 'economy_day_counts_pk', columns: [t.day, t.chain, t.metric, t.key] })]);

/** The players active on a summarised day, with their chain. */
export const economyDayActive = pgTable('economy_day_active', {
  day: text('day').notNull(),
  userId: integer('user_id').notNull(),
  chain: text('chain').notNull(),
}, (t) => [primaryKey({ name: 'economy_day_active_pk', columns: [t.day, t.userId] })]);

/** The server's VAPID key pair (migration 0040; RFC 8292), made at the first start unless VAPID_* settings give one. */
export const pushVapidKeys = pgTable('push_vapid_keys', {
  id: smallint('id').primaryKey().default(1),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [check('push_vapid_keys_one', sql`${t.id} = 1`)]);

/** A device's Web Push subscription for one account (migration 0040; docs/product.md §10 "Push notifications"): quiet hours in minutes after midnight of `time_zone`. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  topics: text('topics').array().notNull(),
  quietStart: smallint('quiet_start'),
  quietEnd: smallint('quiet_end'),
  timeZone: text('time_zone').notNull().default('UTC'),
  language: text('language').notNull().default('en'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  foreignKey({ name: 'push_subscriptions_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
  unique('push_subscriptions_endpoint_key').on(t.endpoint),
  check('push_subscriptions_quiet_check', sql`(${t.quietStart} IS NULL) = (${t.quietEnd} IS NULL) AND (${t.quietStart} IS NULL OR (${t.quietStart} BETWEEN 0 AND 1439 AND ${t.quietEnd} BETWEEN 0 AND 1439))`),
  check('push_subscriptions_language_check', sql`${t.language} IN ('en', 'es')`),
  check('push_subscriptions_endpoint_length', sql`length(${t.endpoint}) <= 1024`),
  index('push_subscriptions_user').on(t.userId),
]);

/** One push delivery per inbox notification and device (migration 0040), written by the `notifications_push` trigger, sent by the push job. */
export const pushDeliveries = pgTable('push_deliveries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
  subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
  state: text('state').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextTry: ts('next_try').notNull().defaultNow(),
  lastStatus: integer('last_status'),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
}, (t) => [
  foreignKey({ name: 'push_deliveries_subscription_id_fkey', columns: [t.subscriptionId], foreignColumns: [pushSubscriptions.id] }).onDelete('cascade'),
  check('push_deliveries_state_check', sql`${t.state} IN ('pending', 'sending', 'sent', 'failed')`),
  unique('push_deliveries_once').on(t.notificationId, t.subscriptionId),
  // (next_try, id): the push job's claim order (migration 0041)
  index('push_deliveries_due').on(t.nextTry, t.id).where(sql`${t.state} IN ('pending', 'sending')`),
  index('push_deliveries_subscription').on(t.subscriptionId),
]);

/** Each player's last summarised active day and chain then (migration 0039): DAU/WAU/MAU without 30 days of rows. */
export const economyLastActive = pgTable('economy_last_active', {
  userId: integer('user_id').primaryKey(),
  chain: text('chain').notNull(),
  day: text('day').notNull(),
});

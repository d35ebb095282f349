/**
 * fast-check generator of small settlement worlds (docs/game-rules.md §1–§5) and the days to settle,
 * for the model's property tests and the server's differential test (which loads each world into
 * PGlite and Postgres and runs the SQL tick over the days, so worlds stay small).
 *
 * Every world keeps the constraints the database imposes: unique land ids, hex names, collection
 * ids and keys, upgrade ids; (landId, mine, slot) unique; an NFT in at most one worker of either
 * kind; slots within the mine's level (1..10 gold, 1..5 fren; slot 10 only for Epic NFTs); at most one
 * in-progress upgrade per (land, mine); an NFT held by at most one player, a land NFT by at most two
 * (another address each: the smaller id owns the land); users 1..N each with
 * all four balances; item keys from ITEM_KINDS; NFT workers' collections exist; snapshot ids ascend
 * with their instants. Amounts stay ≤ 10^15 base units.
 *
 * Edges are planted in a good share of the worlds (docs/architecture.md §8; the coverage table of the server's
 * differential test counts them): gold mines filled to exactly 40/60/80 % (`CROWDS`), managed mines
 * with the manager paid or unpaid, a land NFT held twice, a player whose HEXO exactly covers its gold
 * salaries, collections at exactly 250,000 votes, a re-rating snapshot inside the first day, and (in
 * `staking-arbitrary.ts`) more than 10 collections on a chain with ties at the top-10 border.
 */
import fc from 'fast-check';
import { LAND_POLICY_ID, landAssetName, utf8ToHex } from '../../src/assets.ts';
import { addDays, dayStart, gameDay } from '../../src/days.ts';
import { royaltyDay } from '../../src/settlement/settle-day.ts';
import { LAND_SIZES } from '../../src/lands/lands.ts';
import { hexName } from '../../src/valley.ts';
import { MINE_RULES, type MineKind } from '../../src/mines/kinds.ts';
import { MANAGER_SLOT, WORKER_QUALIFY_VOTES, type WorkerRarity } from '../../src/mines/goldmine.ts';
import { settleDay } from '../../src/settlement/settle-day.ts';
import { TOKENS } from '../../src/tokens/tokens.ts';
import { ITEM_KINDS } from '../../src/vendor/catalogue.ts';
import type { DayResult, World, WorldHolding, WorldLand, WorldUpgrade, WorldWorker } from '../../src/settlement/world.ts';
import { crowdedArb, stakingRawArb, withCrowdedChain, withStaking } from './staking-arbitrary.ts';

/** Policy id (56 hex characters, as on Cardano) of generated collection `n`. */
export const policyId = (n: number): string => `c0ffee${n.toString(16).padStart(50, '0')}`;
/** A policy id with no Staking-Hub collection: gold NFT workers of it never qualify. */
export const UNLISTED_POLICY_ID = 'deadbeef'.padEnd(56, '0');

/** The first day a generated world settles (a Monday). */
export const FIRST_DAY = '2026-01-05';

const H = 3_600_000;
const D = 24 * H;
/** Votes around every league edge (docs/game-rules.md §5) and the 250,000 worker threshold (§3). */
export const VOTE_EDGES = [0n, 100_000n, 249_999n, 250_000n, 499_999n, 500_000n, 749_999n, 750_000n, 999_999n, 1_000_000n, 1_000_001n, 3_000_000n] as const;
/** Snapshot instants relative to the first day's 00:00: before the days, at a day's edges, inside them. */
const SNAPSHOT_OFFSETS = [-14 * D, -D, -1, 0, 1, 12 * H, D, D + 6 * H, 2 * D, 3 * D - 1, 3 * D] as const;
/** Assignment instants relative to the first day's 00:00: long before, just before, at, inside the days. */
const ASSIGN_OFFSETS = [-30 * D, -D, -1, 0, 5 * H, D - 1, D, D + H, 2 * D + 1] as const;
/** Upgrade end instants relative to the first day's 00:00: overdue, inside a day, at its end, later. */
const UPGRADE_END_OFFSETS = [-D, 0, 6 * H, D, D + 1, 2 * D, 3 * D, 10 * D] as const;
/** Balances in base units: none, around a few salaries (5–20 tokens), plenty. */
const AMOUNTS = [0n, 4_999_999n, 5_000_000n, 10_000_000n, 14_999_999n, 15_000_000n, 20_000_000n, 30_000_000n, 45_000_000n, 100_000_000n] as const;
const MAX_AMOUNT = 10n ** 15n;

const amountArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...AMOUNTS) },
  { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 1_000_000_000n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: MAX_AMOUNT }) },
);

/** A mine level choice: 0 = no mine, 99 = the size's cap, else the level (clamped to the cap). */
const levelChoice = fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.constant(99) }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 10 }) });

const landArb = fc.record({
  // XL lands twice as often: only they reach gold level 10 and its manager slot.
  size: fc.constantFrom(...LAND_SIZES, 'SUPERLARGE' as const),
  gold: levelChoice,
  fren: levelChoice,
  /** 0 = not held by any player, else the holder is ((holder − 1) mod N) + 1. */
  holder: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 7, arbitrary: fc.integer({ min: 1, max: 4 }) }),
  /** Ready notices already sent: none, for the next gold level, for the current one. */
  notice: fc.constantFrom('none', 'none', 'next', 'current'),
  /** Per mine: no upgrade, one in progress (end offset index), or an old successful one. */
  goldUpgrade: fc.oneof(fc.constant(-1), fc.constant(-2), fc.integer({ min: 0, max: UPGRADE_END_OFFSETS.length - 1 })),
  frenUpgrade: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: UPGRADE_END_OFFSETS.length - 1 })),
  /** Who started the upgrade: 0 = the land's holder, else another player. */
  upgrader: fc.integer({ min: 0, max: 3 }),
});

const workerArb = fc.record({
  land: fc.nat(),
  mine: fc.constantFrom<MineKind>('goldmine', 'goldmine', 'frenmine'),
  slot: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 10 }) }, { weight: 2, arbitrary: fc.constant(MANAGER_SLOT) }),
  /** 0 = the land's holder (or user 1), else another player. */
  user: fc.oneof({ weight: 7, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }) }),
  /** Mostly NFT workers (default workers fill the planted crowds and managed mines). */
  isDefault: fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 2, arbitrary: fc.constant(false) }),
  /** A collection index; −1 = a collection key with no Staking-Hub row (gold: never qualifies). */
  collection: fc.oneof({ weight: 6, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.constant(-1) }),
  rarity: fc.constantFrom<WorkerRarity>('common', 'uncommon', 'rare', 'epic'),
  /** The NFT: held by the worker's user, not held, or held by another player. */
  held: fc.oneof({ weight: 8, arbitrary: fc.constant('self' as const) }, { weight: 1, arbitrary: fc.constantFrom('none' as const, 'other' as const) }),
  assigned: fc.integer({ min: 0, max: ASSIGN_OFFSETS.length - 1 }),
});

const snapshotArb = fc.record({
  at: fc.integer({ min: 0, max: SNAPSHOT_OFFSETS.length - 1 }),
  /** Votes per collection index; null = no entry for that collection. */
  votes: fc.array(fc.option(fc.constantFrom(...VOTE_EDGES), { nil: null, freq: 4 }), { minLength: 4, maxLength: 4 }),
});

const itemKeys = ITEM_KINDS.map((k) => k.key);

const DAY_MS = 86_400_000;
/** Sale instants relative to the first day's start: before it, at each day edge, inside days. */
const SALE_OFFSETS = [-1, 0, 1, DAY_MS / 2, DAY_MS - 1, DAY_MS, DAY_MS + 7, 2 * DAY_MS - 1, 2 * DAY_MS, 5 * DAY_MS / 2, 3 * DAY_MS] as const;

/**
 * (open slots, workers) of a gold mine filled to a bound of the effectivity rating (docs/game-rules.md §3):
 * exactly 40, 60 and 80 % of a level-5 or level-10 mine (fewer when some are unpaid or leave).
 */
export const CROWDS = [[5, 2], [10, 4], [5, 3], [10, 6], [5, 4], [10, 8]] as const;

/**
 * Edge structures planted in a share of the worlds (docs/architecture.md §8), so that the differential test reaches
 * each documented boundary often (the coverage table in `apps/server/test/tick/settlement-model.test.ts`).
 */
const edgesArb = fc.record({
  /** A land whose gold mine is filled with default workers to a bound of the effectivity rating; `funded`: HEXO for all. */
  crowd: fc.option(fc.record({ land: fc.nat(), fill: fc.constantFrom(...CROWDS), funded: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }) }), { nil: null, freq: 5 }),
  /** Collection 0's votes at every snapshot given: exactly the workers' 250,000 threshold, or one under. */
  /**
   * A snapshot giving every collection these votes, in the middle of the first day (re-rates gold NFT
   * workers) or exactly at its 00:00 (re-rates nothing: the window is (start, end]).
   */
  rerate: fc.option(fc.record({ votes: fc.constantFrom(500_000n, 750_000n, 1_000_000n, 1_000_001n), atStart: fc.constantFrom(true, true, false) }), { nil: null, freq: 3 }),
  qualifyEdge: fc.option(fc.constantFrom(WORKER_QUALIFY_VOTES, WORKER_QUALIFY_VOTES - 1n), { nil: null, freq: 2 }),
  /** A land NFT held by a second account too (the smaller id owns it): `other` picks the second account. */
  shared: fc.option(fc.record({ land: fc.nat(), other: fc.integer({ min: 1, max: 3 }) }), { nil: null, freq: 3 }),
});

const rawArb = fc.record({
  edges: edgesArb,
  players: fc.integer({ min: 1, max: 4 }),
  landIdBase: fc.integer({ min: 1, max: 4990 }),
  lands: fc.array(landArb, { minLength: 1, maxLength: 6 }),
  collections: fc.integer({ min: 1, max: 4 }),
  /** Usually a snapshot two weeks before the days (so gold NFT workers can qualify), then up to 3 more. */
  baseSnapshot: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  snapshots: fc.array(snapshotArb, { maxLength: 3 }),
  /** The base snapshot's votes per collection index: mostly qualifying. */
  baseVotes: fc.array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...VOTE_EDGES.filter((v) => v >= 250_000n)) }, { weight: 1, arbitrary: fc.constantFrom(...VOTE_EDGES.filter((v) => v < 250_000n)) }), { minLength: 4, maxLength: 4 }),
  workers: fc.array(workerArb, { minLength: 2, maxLength: 12 }),
  balances: fc.array(fc.array(amountArb, { minLength: 4, maxLength: 4 }), { minLength: 4, maxLength: 4 }),
  items: fc.array(fc.record({ user: fc.integer({ min: 1, max: 4 }), key: fc.constantFrom(...itemKeys), amount: fc.integer({ min: 0, max: 3 }) }), { maxLength: 8 }),
  /** Toolkits of the next gold tier handed to land holders (so ready notices happen). */
  nextToolkits: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  extraHoldings: fc.array(fc.record({ user: fc.integer({ min: 1, max: 4 }), collection: fc.nat(), asset: fc.integer({ min: 0, max: 20 }) }), { maxLength: 3 }),
  days: fc.integer({ min: 1, max: 3 }),
  /** Vendor sales around every day edge, amounts from 1 base unit (royalty rounds to 0) to large. */
  sales: fc.array(fc.record({
    user: fc.integer({ min: 1, max: 4 }), token: fc.constantFrom('exo' as const, 'hexo' as const),
    amount: fc.oneof(fc.constantFrom(1n, 19n, 20n, 21n, 999_999n, 5_000_000_000n), fc.bigInt({ min: 1n, max: 10n ** 15n })),
    at: fc.constantFrom(...SALE_OFFSETS),
    /** Committed after the tick had settled its own day: counts in the next one (`royaltyDay`). */
    late: fc.boolean(),
  }), { maxLength: 6 }),
});

/** A world without Staking-Hub numbers (`withStaking` adds them). */
export const EMPTY_STAKING: World['staking'] = { collections: [], heldSince: [], lastLogin: [], tools: [] };

type Raw = typeof rawArb extends fc.Arbitrary<infer T> ? T : never;

/** Builds a world that keeps the database's constraints from raw choices (clamping, dropping duplicates). */
function build(raw: Raw): { world: World; days: string[] } {
  const t0 = dayStart(FIRST_DAY);
  const n = raw.players;
  const userOf = (x: number) => ((x - 1) % n) + 1;
  const other = (u: number, k: number) => ((u - 1 + Math.max(1, k)) % n) + 1;

  const collections = Array.from({ length: raw.collections }, (_, i) => ({ id: 101 + i, collectionKey: policyId(i + 1) }));
  // −1: a collection key with no Staking-Hub row (gold NFT workers of it never qualify).
  const collectionKeyAt = (i: number) => (i < 0 ? UNLISTED_POLICY_ID : collections[i % collections.length]!.collectionKey);

  const holdings: WorldHolding[] = [];
  const held = new Set<string>();
  const hold = (userId: number, collectionKey: string, assetKey: string) => {
    const k = `${collectionKey}/${assetKey}`;
    if (held.has(k)) return;
    held.add(k);
    holdings.push({ userId, collectionKey, assetKey });
  };

  const lands: World['lands'] = [];
  const holderOf = new Map<number, number | null>();
  const upgrades: WorldUpgrade[] = [];
  const readyNotices: World['readyNotices'] = [];
  const items = new Map<string, { userId: number; itemKey: string; amount: number }>();
  // The crowded land: an XL land at the crowd's level, held by a player, no gold upgrade in progress.
  const crowd = raw.edges.crowd;
  const crowdAt = crowd === null ? -1 : raw.lands.length > 1 ? 1 + (crowd.land % (raw.lands.length - 1)) : 0;
  const rawLands = raw.lands.map((l, i) => (i === crowdAt ? { ...l, size: 'SUPERLARGE' as const, gold: crowd!.fill[0], holder: l.holder || 1, goldUpgrade: -1 } : l));
  rawLands.forEach((l, i) => {
    const id = raw.landIdBase + i;
    const level = (kind: MineKind, choice: number) => {
      const cap = MINE_RULES[kind].capFor(l.size);
      return choice === 0 ? null : Math.min(choice, cap);
    };
    const land = {
      id, hexName: hexName((id % 100) - 50, Math.floor(id / 100) - 25), // unique per id, Valley-shaped
      size: l.size, collectionKey: LAND_POLICY_ID, assetKey: landAssetName(id),
      goldmineLevel: level('goldmine', l.gold), frenmineLevel: level('frenmine', l.fren),
    };
    lands.push(land);
    const holder = l.holder === 0 ? null : userOf(l.holder);
    holderOf.set(id, holder);
    if (holder !== null) hold(holder, land.collectionKey, land.assetKey);
    const upgrader = holder === null ? userOf(l.upgrader + 1) : l.upgrader === 0 ? holder : other(holder, l.upgrader);
    for (const [kind, choice] of [['goldmine', l.goldUpgrade], ['frenmine', l.frenUpgrade]] as const) {
      const lv = kind === 'goldmine' ? land.goldmineLevel : land.frenmineLevel;
      if (lv === null || choice === -1) continue;
      if (choice === -2) {
        // An old finished upgrade (to the current level) beside whatever is in progress.
        if (lv > 1) upgrades.push({ id: 0, landId: id, mine: kind, userId: upgrader, targetLevel: lv, itemKey: MINE_RULES[kind].upgradeItem(lv), endsAt: t0 - 20 * D, status: 'success' });
        continue;
      }
      if (lv >= MINE_RULES[kind].maxLevel) continue;
      upgrades.push({
        id: 0, landId: id, mine: kind, userId: upgrader, targetLevel: lv + 1, itemKey: MINE_RULES[kind].upgradeItem(lv + 1),
        endsAt: t0 + UPGRADE_END_OFFSETS[choice]!, status: 'in_progress',
      });
    }
    const gl = land.goldmineLevel;
    if (gl !== null && gl < 10) {
      if (l.notice === 'next') readyNotices.push({ landId: id, mine: 'goldmine', level: gl + 1 });
      if (l.notice === 'current') readyNotices.push({ landId: id, mine: 'goldmine', level: gl });
      if (holder !== null && raw.nextToolkits[i]) items.set(`${holder}:toolkit_${gl + 1}`, { userId: holder, itemKey: `toolkit_${gl + 1}`, amount: 1 });
    }
  });
  upgrades.forEach((u, i) => { u.id = 1 + i; });

  const workers: WorldWorker[] = [];
  const used = new Set<string>();
  const funded = new Set<number>();
  if (crowd !== null) {
    const land = lands[crowdAt]!;
    const userId = holderOf.get(land.id)!;
    for (let slot = 1; slot <= crowd.fill[0]; slot++) used.add(`${land.id}:goldmine:${slot}`);
    for (let slot = 1; slot <= crowd.fill[1]; slot++) {
      workers.push({ landId: land.id, mine: 'goldmine', slot, userId, kind: 'default', collectionKey: null, assetKey: null, rarity: 'default', assignedAt: t0 - 30 * D });
    }
    if (crowd.funded) funded.add(userId);
  }
  raw.workers.forEach((w, i) => {
    if (lands.length === 0) return;
    const land = lands[w.land % lands.length]!;
    const level = w.mine === 'goldmine' ? land.goldmineLevel : land.frenmineLevel;
    if (level === null) return;
    const slot = ((w.slot - 1) % level) + 1;
    const key = `${land.id}:${w.mine}:${slot}`;
    if (used.has(key)) return;
    used.add(key);
    const holder = holderOf.get(land.id) ?? null;
    const userId = w.user === 0 ? (holder ?? 1) : userOf(w.user);
    const assignedAt = t0 + ASSIGN_OFFSETS[w.assigned]!;
    const isDefault = w.mine === 'goldmine' && w.isDefault && slot !== MANAGER_SLOT;
    if (isDefault) {
      workers.push({ landId: land.id, mine: w.mine, slot, userId, kind: 'default', collectionKey: null, assetKey: null, rarity: 'default', assignedAt });
      return;
    }
    const collectionKey = w.mine === 'goldmine' ? collectionKeyAt(w.collection) : collectionKeyAt(Math.max(0, w.collection));
    const assetKey = utf8ToHex(`Worker${i}`);
    const rarity: WorkerRarity = w.mine === 'frenmine' ? 'common' : slot === MANAGER_SLOT ? 'epic' : w.rarity;
    workers.push({ landId: land.id, mine: w.mine, slot, userId, kind: 'nft', collectionKey, assetKey, rarity, assignedAt });
    if (w.held === 'self') hold(userId, collectionKey, assetKey);
    else if (w.held === 'other' && n > 1) hold(other(userId, 1), collectionKey, assetKey);
  });
  for (const h of raw.extraHoldings) hold(userOf(h.user), collectionKeyAt(h.collection), utf8ToHex(`Extra${h.asset}`));
  // A land NFT held by a second account as well (another address): the smaller id owns the land.
  const shared = raw.edges.shared;
  if (shared !== null && n > 1) {
    const land = lands[shared.land % lands.length]!;
    const first = holderOf.get(land.id) ?? null;
    const second = first === null ? null : other(first, shared.other);
    if (second !== null && second !== first) holdings.push({ userId: second, collectionKey: land.collectionKey, assetKey: land.assetKey });
  }

  const rerate = raw.edges.rerate;
  const rerateAt = SNAPSHOT_OFFSETS.indexOf(rerate?.atStart ? 0 : 12 * H);
  // A snapshot at the first day's 00:00 is alone in the day (another in (start, end] would re-rate anyway).
  const inFirstDay = (at: number) => SNAPSHOT_OFFSETS[at]! > 0 && SNAPSHOT_OFFSETS[at]! <= D;
  const drawn = raw.snapshots.map((s) => s.at).filter((at) => !(rerate?.atStart && inFirstDay(at)));
  const snapshotTimes = [...new Set([...(raw.baseSnapshot ? [0] : []), ...drawn, ...(rerate === null ? [] : [rerateAt])])].sort((a, b) => a - b);
  const snapshots = snapshotTimes.map((at, i) => {
    const choice = at === rerateAt && rerate !== null ? raw.baseVotes.map(() => rerate.votes) : raw.snapshots.find((s) => s.at === at)?.votes ?? raw.baseVotes;
    const votes = collections.flatMap((c, ci) => (choice[ci] == null ? [] : [{ collectionId: c.id, votes: ci === 0 && raw.edges.qualifyEdge !== null ? raw.edges.qualifyEdge : choice[ci]! }]));
    return { id: 1 + i, takenAt: t0 + SNAPSHOT_OFFSETS[at]!, votes };
  });

  const balances: World['balances'] = [];
  for (let u = 1; u <= n; u++) TOKENS.forEach((token, ti) => balances.push({ userId: u, token, amount: token === 'hexo' && funded.has(u) ? 10n ** 12n : raw.balances[u - 1]![ti]! }));
  for (const it of raw.items) {
    const userId = userOf(it.user);
    const k = `${userId}:${it.key}`;
    if (!items.has(k)) items.set(k, { userId, itemKey: it.key, amount: it.amount });
  }

  return {
    world: {
      lands, holdings, collections, snapshots, workers, upgrades, balances, items: [...items.values()], readyNotices,
      staking: EMPTY_STAKING,
      vendorSales: raw.sales.map((v) => ({ userId: userOf(v.user), token: v.token, amount: v.amount, at: t0 + v.at, royaltyDay: royaltyDay(t0 + v.at, v.late ? gameDay(t0 + v.at) : null) })),
    },
    days: Array.from({ length: raw.days }, (_, i) => addDays(FIRST_DAY, i)),
  };
}

/** A managed gold mine planted after the staking block: `paid` — HEXO for all; else its manager is unpaid (`short` under its salary). */
const managerArb = fc.option(fc.record({ paid: fc.boolean(), short: fc.constantFrom(0n, 4_999_999n) }), { nil: null, freq: 2 });
type ManagerRaw = typeof managerArb extends fc.Arbitrary<infer T> ? T : never;

/** Collection key of the planted managers' collection (Epic at every snapshot and live). */
export const MANAGER_COLLECTION_KEY = 'feed'.padEnd(56, '0');

/**
 * Plants a managed gold mine (managers are rare in random worlds): the smallest land (player 1's
 * first in pay order) becomes an XL land at level 10 held by player 1 alone, with a default worker in
 * slot 1 and an Epic manager of a collection over 1M votes in slot 10. Paid: every player has HEXO
 * for all, and a worker on a second land works beside them. Unpaid (docs/game-rules.md §3.6):
 * player 1 has HEXO for slot 1 only and no staking income that day, so the manager is on the roster
 * but unpaid, while a new player's worker on a second land works (so a wrongly applied bonus would
 * show in the shares).
 */
function withManager({ world, days }: { world: World; days: string[] }, m: ManagerRaw): { world: World; days: string[] } {
  if (m === null) return { world, days };
  const w: World = structuredClone(world);
  const start = dayStart(days[0]!);
  const land = w.lands.reduce((a, l) => (l.id < a.id ? l : a));
  land.size = 'SUPERLARGE';
  land.goldmineLevel = 10;
  const mgrAsset = utf8ToHex('Manager');
  const isLand = (l: WorldLand) => (h: { collectionKey: string; assetKey: string }) => h.collectionKey === l.collectionKey && h.assetKey === l.assetKey;
  w.holdings = w.holdings.filter((h) => !isLand(land)(h));
  w.holdings.push({ userId: 1, collectionKey: land.collectionKey, assetKey: land.assetKey }, { userId: 1, collectionKey: MANAGER_COLLECTION_KEY, assetKey: mgrAsset });
  w.upgrades = w.upgrades.filter((u) => !(u.landId === land.id && u.status === 'in_progress'));
  w.collections.push({ id: 999, collectionKey: MANAGER_COLLECTION_KEY });
  w.staking = { ...w.staking, collections: [...w.staking.collections, { id: 999, chain: 'cardano', name: 'Managers', holders: 10, supply: 100, votes: 3_000_000n }] };
  if (w.snapshots.length === 0) w.snapshots.push({ id: 1, takenAt: start - 7 * D, votes: [] });
  w.snapshots = w.snapshots.map((snap) => ({ ...snap, votes: [...snap.votes, { collectionId: 999, votes: 2_000_000n }] }));
  w.workers = w.workers.filter((x) => !(x.landId === land.id && x.mine === 'goldmine'));
  w.workers.push(
    { landId: land.id, mine: 'goldmine', slot: MANAGER_SLOT, userId: 1, kind: 'nft', collectionKey: MANAGER_COLLECTION_KEY, assetKey: mgrAsset, rarity: 'epic', assignedAt: start - D },
    { landId: land.id, mine: 'goldmine', slot: 1, userId: 1, kind: 'default', collectionKey: null, assetKey: null, rarity: 'default', assignedAt: start - D },
  );
  const players = Math.max(...w.balances.map((b) => b.userId));
  // The second land: an existing one, or a new one when the world has a single land.
  let other = w.lands.find((l) => l.id !== land.id);
  if (!other) {
    const id = land.id + 1;
    other = { id, hexName: hexName((id % 100) - 50, Math.floor(id / 100) - 25), size: 'SMALL', collectionKey: LAND_POLICY_ID, assetKey: landAssetName(id), goldmineLevel: 1, frenmineLevel: null };
    w.lands.push(other);
  }
  other.goldmineLevel = Math.max(other.goldmineLevel ?? 1, 1);
  const o = other;
  if (m.paid) {
    const owner = w.holdings.filter(isLand(o)).map((h) => h.userId).sort((a, b) => a - b)[0];
    if (owner === undefined) w.holdings.push({ userId: 1, collectionKey: o.collectionKey, assetKey: o.assetKey });
    if (!w.workers.some((x) => x.landId === o.id && x.mine === 'goldmine' && x.slot === 1)) {
      w.workers.push({ landId: o.id, mine: 'goldmine', slot: 1, userId: owner ?? 1, kind: 'default', collectionKey: null, assetKey: null, rarity: 'default', assignedAt: start - D });
    }
    w.balances = w.balances.map((b) => (b.token === 'hexo' ? { ...b, amount: 10n ** 12n } : b));
    return { world: w, days };
  }
  const rich = players + 1;
  for (const token of TOKENS) w.balances.push({ userId: rich, token, amount: 10n ** 12n });
  w.holdings = w.holdings.filter((h) => !isLand(o)(h));
  w.holdings.push({ userId: rich, collectionKey: o.collectionKey, assetKey: o.assetKey });
  w.workers = w.workers.filter((x) => !(x.landId === o.id && x.mine === 'goldmine' && x.slot === 1));
  w.workers.push({ landId: o.id, mine: 'goldmine', slot: 1, userId: rich, kind: 'default', collectionKey: null, assetKey: null, rarity: 'default', assignedAt: start - D });
  w.balances = w.balances.map((b) => (b.userId === 1 && b.token === 'hexo' ? { ...b, amount: MINE_RULES.goldmine.salary.default + m.short } : b));
  w.staking = { ...w.staking, lastLogin: w.staking.lastLogin.filter((l) => l.userId !== 1) };
  return { world: w, days };
}

/** A player (index) whose HEXO covers exactly its first day's gold salaries (`all`) or all but the last. */
const exactArb = fc.option(fc.record({ pick: fc.nat(), all: fc.boolean() }), { nil: null, freq: 3 });

/**
 * Sets a player's HEXO so that, with the first day's staking income, it covers exactly that day's gold
 * salaries (`all`), or all but its last roster worker's in pay order — either way the last paid
 * worker's running sum equals the budget (docs/game-rules.md §3.7); found by settling the day once with
 * HEXO for all. Unchanged when the player pays no gold salary (or, for all but the last, one).
 */
function withExactBudget({ world, days }: { world: World; days: string[] }, exact: { pick: number; all: boolean } | null): { world: World; days: string[] } {
  if (exact === null) return { world, days };
  const users = [...new Set(world.balances.map((b) => b.userId))].sort((a, b) => a - b);
  const u = users[exact.pick % users.length]!;
  const rich = { ...world, balances: world.balances.map((b) => (b.userId === u && b.token === 'hexo' ? { ...b, amount: 10n ** 15n } : b)) };
  const r = settleDay(rich, days[0]!);
  const start = dayStart(days[0]!);
  const roster = r.world.workers.filter((w) => w.userId === u && w.mine === 'goldmine' && w.assignedAt < start).sort((a, b) => a.landId - b.landId || a.slot - b.slot);
  const salaries = roster.map((w) => MINE_RULES.goldmine.salary[w.rarity]);
  const cover = exact.all ? salaries : salaries.slice(0, -1);
  const salary = cover.reduce((a, s) => a + s, 0n);
  const staked = r.staking.filter((s) => s.userId === u && s.token === 'hexo').reduce((a, s) => a + s.amount, 0n);
  if (salary <= 0n || salary < staked) return { world, days };
  return { world: { ...world, balances: world.balances.map((b) => (b.userId === u && b.token === 'hexo' ? { ...b, amount: salary - staked } : b)) }, days };
}

/** Options of {@link worldArbitrary}. */
export interface WorldArbitraryOptions {
  /** Most days to settle (1–3, default 3). */
  maxDays?: number;
}

/**
 * Small worlds and 1–3 consecutive days from {@link FIRST_DAY}: ≤ 5 players, ≤ 6 lands of every size,
 * both mines at levels from none to the caps, ≤ 24 workers of every rarity (default workers, Epic
 * managers in slot 10, frens), NFTs held or not or by another player, collections around every
 * league edge with snapshots before and during the days, upgrades due and not due, balances from
 * zero to plenty, items including the next tier's toolkit.
 */
export function worldArbitrary(opts: WorldArbitraryOptions = {}): fc.Arbitrary<{ world: World; days: string[] }> {
  const maxDays = Math.min(3, Math.max(1, opts.maxDays ?? 3));
  return fc.tuple(rawArb, stakingRawArb, managerArb, exactArb, crowdedArb).map(([raw, st, m, exact, crowded]) =>
    withCrowdedChain(withExactBudget(withManager(withStaking(build({ ...raw, days: Math.min(raw.days, maxDays) }), st), m), exact), crowded, st));
}

const keyOf = (x: unknown): string => JSON.stringify(x, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
const sorted = <T>(xs: readonly T[]): T[] => xs.map((x) => [keyOf(x), x] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, x]) => x);

/**
 * A settled day with every array in one canonical order (by each element's JSON, bigints as
 * `"<n>n"`), so results from the model and from the SQL tick compare with `toEqual` whatever
 * order rows came in. Snapshot vote lists are sorted too.
 */
export function canonicalDayResult(r: DayResult): DayResult {
  const w = r.world;
  return {
    world: {
      lands: sorted(w.lands), holdings: sorted(w.holdings), collections: sorted(w.collections),
      snapshots: sorted(w.snapshots.map((s) => ({ ...s, votes: sorted(s.votes) }))), workers: sorted(w.workers),
      upgrades: sorted(w.upgrades), balances: sorted(w.balances), items: sorted(w.items), readyNotices: sorted(w.readyNotices),
      vendorSales: sorted(w.vendorSales),
      staking: w.staking,
    },
    ledger: sorted(r.ledger), notifications: sorted(r.notifications), reports: sorted(r.reports), totals: r.totals,
    staking: sorted(r.staking),
  };
}

/**
 * The hand-made edge worlds of the daily tick (docs/game-rules.md §3–§6): the fixtures of `settlement.test.ts` and `staking.test.ts`, which assert
 * the model's result on each, and the catalogue {@link EDGE_WORLDS} of the same worlds (and a few
 * more), which the server's differential test (`apps/server/test/tick/settlement-model.test.ts`) replays
 * against the SQL tick, requiring the same result. Every world keeps the database's constraints.
 */
import { LAND_POLICY_ID, landAssetName, MINING_TOOL_POLICY_ID, miningToolAssetName } from '../../src/assets.ts';
import { dayStart } from '../../src/days.ts';
import { GOLD_RUSH_DAILY_POOL_EXO } from '../../src/mines/goldmine.ts';
import { MINING_TOOL_KINDS } from '../../src/vendor/catalogue.ts';
import { TOKENS, toBaseUnits, type Token } from '../../src/tokens/tokens.ts';
import type { World, WorldLand, WorldWorker } from '../../src/settlement/world.ts';

export const DAY = '2026-01-05';
export const NEXT = '2026-01-06';
export const T0 = dayStart(DAY);
export const H = 3_600_000;
export const END = T0 + 24 * H;
export const BEFORE = T0 - 24 * H;
export const hexo = (n: number) => toBaseUnits(BigInt(n), 'hexo');
export const POOL = GOLD_RUSH_DAILY_POOL_EXO;

export const land = (id: number, over: Partial<WorldLand> = {}): WorldLand => ({
  id, hexName: `hex-${id}`, size: 'SUPERLARGE', collectionKey: LAND_POLICY_ID, assetKey: landAssetName(id),
  goldmineLevel: 10, frenmineLevel: 5, ...over,
});
export const holdLand = (userId: number, id: number) => ({ userId, collectionKey: LAND_POLICY_ID, assetKey: landAssetName(id) });
export const COLL = 'c0ffee01';
export const gold = (landId: number, slot: number, userId: number, over: Partial<WorldWorker> = {}): WorldWorker => ({
  landId, mine: 'goldmine', slot, userId, kind: 'nft', collectionKey: COLL, assetKey: `g${landId}-${slot}`, rarity: 'common', assignedAt: BEFORE, ...over,
});
export const fren = (landId: number, slot: number, userId: number, over: Partial<WorldWorker> = {}): WorldWorker =>
  gold(landId, slot, userId, { mine: 'frenmine', assetKey: `f${landId}-${slot}`, ...over });
export const defaultWorker = (landId: number, slot: number, userId: number, over: Partial<WorldWorker> = {}): WorldWorker =>
  gold(landId, slot, userId, { kind: 'default', collectionKey: null, assetKey: null, rarity: 'default', ...over });
export const nftOf = (w: WorldWorker) => ({ userId: w.userId, collectionKey: w.collectionKey!, assetKey: w.assetKey! });
export const balancesOf = (userId: number, amounts: Partial<Record<Token, bigint>>) => TOKENS.map((token) => ({ userId, token, amount: amounts[token] ?? 0n }));
export const PLENTY = { hexo: hexo(1_000_000), food: toBaseUnits(1_000_000n, 'food') };

/**
 * A world where every worker's user holds its land and NFT, collection `COLL` has `votes` at a
 * snapshot taken the day before, and users 1–3 have plenty unless `balances` says otherwise.
 */
export function world(parts: { lands: WorldLand[]; workers?: WorldWorker[]; votes?: bigint } & Partial<World>): World {
  const workers = parts.workers ?? [];
  const owners = new Map<number, number>();
  for (const w of workers) if (!owners.has(w.landId)) owners.set(w.landId, w.userId);
  return {
    holdings: [
      ...[...owners].map(([id, u]) => holdLand(u, id)),
      ...workers.filter((w) => w.kind === 'nft').map(nftOf),
    ],
    collections: [{ id: 1, collectionKey: COLL }],
    snapshots: [{ id: 1, takenAt: BEFORE, votes: [{ collectionId: 1, votes: parts.votes ?? 300_000n }] }],
    upgrades: [],
    balances: [1, 2, 3].flatMap((u) => balancesOf(u, PLENTY)),
    items: [],
    readyNotices: [],
    vendorSales: [],
    staking: { collections: [], heldSince: [], lastLogin: [], tools: [] },
    ...parts,
    workers,
  };
}

/** A named edge world and the days to settle it, in order. */
export interface EdgeWorld {
  name: string;
  world: World;
  days: string[];
}

const food = (n: number) => toBaseUnits(BigInt(n), 'food');
const DAY_MS = 24 * H;

/** Step 1: upgrades that end by the day's end. */
const upgradeWorlds = (): EdgeWorld[] => {
  const up = { id: 7, landId: 1, mine: 'goldmine' as const, userId: 1, targetLevel: 5, itemKey: 'toolkit_5', status: 'in_progress' as const };
  return [
    { name: 'an upgrade ending exactly at the day’s end succeeds', days: [DAY], world: world({ lands: [land(1, { goldmineLevel: 4 })], holdings: [holdLand(1, 1)], upgrades: [{ ...up, endsAt: END }] }) },
    { name: 'an upgrade fails when the land left the player: toolkit refunded', days: [DAY], world: world({ lands: [land(1, { goldmineLevel: 4 })], holdings: [holdLand(2, 1)], upgrades: [{ ...up, endsAt: T0 + H }], items: [{ userId: 1, itemKey: 'toolkit_5', amount: 2 }] }) },
    {
      name: 'fren upgrades: success, and a refund creating the item row', days: [DAY], world: world({
        lands: [land(1, { frenmineLevel: 2 }), land(2, { frenmineLevel: 1 })], holdings: [holdLand(1, 1)],
        upgrades: [
          { id: 1, landId: 1, mine: 'frenmine', userId: 1, targetLevel: 3, itemKey: 'chicken_tendies', endsAt: T0, status: 'in_progress' },
          { id: 2, landId: 2, mine: 'frenmine', userId: 1, targetLevel: 2, itemKey: 'chicken_tendies', endsAt: T0, status: 'in_progress' },
        ],
      }),
    },
    { name: 'an upgrade ending 1 ms after the day’s end waits for the next day', days: [DAY, NEXT], world: world({ lands: [land(1, { goldmineLevel: 4 })], holdings: [holdLand(1, 1)], upgrades: [{ ...up, endsAt: END + 1 }] }) },
  ];
};

/** Step 2: workers leave; re-rating on a snapshot day. */
const leaveWorlds = (): EdgeWorld[] => {
  const ws = [gold(1, 1, 1), defaultWorker(1, 2, 1), fren(1, 1, 1)];
  const snaps = (votes: bigint) => [
    { id: 1, takenAt: BEFORE, votes: [{ collectionId: 1, votes: 2_000_000n }] },
    { id: 2, takenAt: END, votes: [{ collectionId: 1, votes }] },
    { id: 3, takenAt: END + 1, votes: [{ collectionId: 1, votes: 2_000_000n }] },
  ];
  const a = gold(1, 1, 1);
  const b = fren(1, 1, 1);
  const c = gold(1, 2, 1);
  const noEntry = world({ lands: [land(1)], workers: [gold(1, 1, 1), gold(1, 2, 1, { collectionKey: 'deadbeef' })] });
  const rated = (votes: bigint, takenAt: number): EdgeWorld => ({
    name: `re-rating by a snapshot of ${votes} votes at ${takenAt - T0} ms from the day’s start`, days: [DAY],
    world: world({ lands: [land(1)], workers: [gold(1, 1, 1), defaultWorker(1, 2, 1), fren(1, 1, 1)], snapshots: [{ id: 1, takenAt, votes: [{ collectionId: 1, votes }] }] }),
  });
  return [
    { name: 'land_left, both kinds and default workers', days: [DAY], world: world({ lands: [land(1)], workers: ws, holdings: [holdLand(2, 1), ...ws.filter((x) => x.kind === 'nft').map(nftOf)] }) },
    { name: 'land_left comes before nft_left', days: [DAY], world: world({ lands: [land(1)], workers: [gold(1, 1, 1)], holdings: [holdLand(2, 1)] }) },
    { name: 'nft_left before the collection', days: [DAY], world: world({ lands: [land(1)], workers: [a, b, c], votes: 100_000n, holdings: [holdLand(1, 1), { ...nftOf(b), userId: 2 }] }) },
    { name: 'collection at 249,999 votes at the snapshot taken at the day’s end: gold NFT leaves', days: [DAY], world: world({ lands: [land(1)], workers: ws, snapshots: snaps(249_999n) }) },
    { name: 'collection at exactly 250,000 votes: stays', days: [DAY], world: world({ lands: [land(1)], workers: ws, snapshots: snaps(250_000n) }) },
    { name: 'a collection without an entry at the latest snapshot', days: [DAY], world: noEntry },
    { name: 'no snapshot at all', days: [DAY], world: { ...noEntry, snapshots: [] } },
    { name: 'a worker who left neither works nor is paid', days: [DAY], world: world({ lands: [land(1)], workers: [gold(1, 1, 1), gold(1, 2, 1)], holdings: [holdLand(1, 1), nftOf(gold(1, 2, 1))] }) },
    rated(250_000n, T0 + H), rated(499_999n, T0 + H), rated(500_000n, T0 + H), rated(749_999n, T0 + H), rated(750_000n, T0 + H),
    rated(1_000_000n, END), rated(1_000_001n, END), rated(1_000_001n, T0), rated(1_000_001n, BEFORE),
    {
      name: 'the new rarity counts the same day', days: [DAY], world: world({
        lands: [land(1), land(2)], workers: [gold(1, 1, 1), gold(2, 1, 2, { collectionKey: 'c2' })],
        collections: [{ id: 1, collectionKey: COLL }, { id: 2, collectionKey: 'c2' }],
        snapshots: [{ id: 1, takenAt: T0 + H, votes: [{ collectionId: 1, votes: 2_000_000n }, { collectionId: 2, votes: 300_000n }] }],
      }),
    },
  ];
};

/** Step 3: the mines pay. */
const payWorlds = (): EdgeWorld[] => {
  const rating = (worked: number): EdgeWorld => ({
    name: `effectivity: ${worked} of 5 open slots worked`, days: [DAY], world: world({
      lands: [land(1, { size: 'SMALL', goldmineLevel: null }), land(2, { size: 'MEDIUM', goldmineLevel: 5 })],
      workers: [defaultWorker(1, 1, 1), ...[1, 2, 3, 4, 5].slice(0, worked).map((slot) => defaultWorker(2, slot, 1))],
    }),
  });
  const eighty = (open: number, worked: number): EdgeWorld => ({
    name: `effectivity: ${worked} of ${open} open slots worked beside another mine`, days: [DAY], world: world({
      lands: [land(1, { goldmineLevel: open }), land(2, { size: 'SMALL', goldmineLevel: 1 })],
      workers: [...Array.from({ length: worked }, (_, i) => defaultWorker(1, i + 1, 1)), defaultWorker(2, 1, 2)],
    }),
  });
  const reportUser = [gold(1, 1, 2), gold(1, 2, 1)];
  return [
    { name: 'only workers assigned before the day starts (T0 − 1 in, T0 out) are on the roster', days: [DAY, NEXT], world: world({ lands: [land(1)], workers: [gold(1, 1, 1, { assignedAt: T0 - 1 }), gold(1, 2, 1, { assignedAt: T0 })] }) },
    { name: 'a short player pays in (land, slot) order; once one is unpaid every later one is too', days: [DAY], world: world({ lands: [land(1), land(2)], workers: [gold(2, 1, 1, { rarity: 'epic' }), defaultWorker(1, 2, 1), gold(1, 1, 1)], balances: balancesOf(1, { hexo: hexo(25) }) }) },
    { name: 'a salary exactly equal to the balance is paid', days: [DAY], world: world({ lands: [land(1)], workers: [gold(1, 1, 1)], balances: balancesOf(1, { hexo: hexo(10) }) }) },
    { name: 'a working manager adds +10% to its land’s other workers', days: [DAY], world: world({ lands: [land(1), land(2)], workers: [gold(1, 1, 1), gold(1, 10, 1, { rarity: 'epic' }), gold(2, 1, 2)] }) },
    { name: 'no bonus from a manager not on the roster', days: [DAY], world: world({ lands: [land(1), land(2)], workers: [gold(1, 1, 1), gold(1, 10, 1, { rarity: 'epic', assignedAt: T0 + H }), gold(2, 1, 2)] }) },
    { name: 'no bonus from an unpaid manager', days: [DAY], world: world({ lands: [land(1), land(2)], workers: [gold(1, 1, 1), gold(1, 10, 1, { rarity: 'epic' }), gold(2, 1, 2)], balances: [...balancesOf(1, { hexo: hexo(10) }), ...balancesOf(2, PLENTY)] }) },
    { name: 'the manager bonus is per land, not per player', days: [DAY], world: world({ lands: [land(1), land(2)], workers: [gold(1, 10, 1, { rarity: 'epic' }), gold(2, 1, 1)], holdings: [holdLand(1, 1), holdLand(1, 2), nftOf(gold(1, 10, 1)), nftOf(gold(2, 1, 1))] }) },
    {
      name: 'shares round down by weight over the whole world', days: [DAY], world: world({
        lands: [land(1, { size: 'MEDIUM', goldmineLevel: 3 }), land(2, { size: 'SMALL', goldmineLevel: 4 })],
        workers: [gold(1, 1, 1, { rarity: 'uncommon' }), gold(1, 2, 1, { rarity: 'rare' }), defaultWorker(2, 1, 2), gold(2, 2, 2, { rarity: 'epic' }), gold(2, 3, 2)],
      }),
    },
    ...[0, 1, 2, 3, 4, 5].map(rating),
    eighty(10, 8), eighty(10, 6), eighty(10, 4), eighty(5, 4),
    { name: 'effectivity of a short player: 2 of 3 paid on 5 open slots', days: [DAY], world: world({ lands: [land(2, { size: 'MEDIUM', goldmineLevel: 5 })], workers: [1, 2, 3].map((slot) => defaultWorker(2, slot, 1)), balances: balancesOf(1, { hexo: hexo(40) }) }) },
    { name: 'a report row’s user is the smallest id of its roster; no mine: 0 open slots', days: [DAY], world: world({ lands: [land(1, { goldmineLevel: null })], workers: reportUser, holdings: [holdLand(2, 1), ...reportUser.map(nftOf)] }) },
    { name: 'nobody worked', days: [DAY], world: world({ lands: [land(1)], workers: [gold(1, 1, 1)], balances: balancesOf(1, {}) }) },
    { name: 'frens: FOOD first, HEXO for the rest, split across one fren', days: [DAY], world: world({ lands: [land(1), land(2)], workers: [fren(1, 1, 1), fren(1, 2, 1), fren(2, 1, 1)], balances: balancesOf(1, { food: food(20), hexo: hexo(100) }) }) },
    { name: 'the fren pool shared equally, rounding down', days: [DAY], world: world({ lands: [land(1), land(2)], workers: [fren(1, 1, 1), fren(1, 2, 1), fren(2, 1, 2)] }) },
    { name: 'gold salaries are charged before frens fall back on HEXO', days: [DAY], world: world({ lands: [land(1)], workers: [gold(1, 1, 1), fren(1, 1, 1), fren(1, 2, 1), fren(1, 3, 1)], balances: balancesOf(1, { food: food(20), hexo: hexo(30) }) }) },
    { name: 'gold and fren pay one player: counted once', days: [DAY], world: world({ lands: [land(1)], workers: [gold(1, 1, 1), fren(1, 1, 1)] }) },
  ];
};

/** Steps 4–5: low-balance warnings and ready-to-upgrade notices. */
const noticeWorlds = (): EdgeWorld[] => {
  const ws = [gold(1, 1, 1), fren(1, 1, 1)];
  const base = (over: Partial<World> = {}) => world({
    lands: [land(1, { size: 'MEDIUM', goldmineLevel: 3 })], holdings: [holdLand(1, 1)],
    items: [{ userId: 1, itemKey: 'toolkit_4', amount: 1 }], ...over,
  });
  const upgrading = { id: 1, landId: 1, mine: 'goldmine' as const, userId: 1, targetLevel: 4, itemKey: 'toolkit_4', endsAt: END + 1, status: 'in_progress' as const };
  const done = { id: 1, landId: 1, mine: 'goldmine' as const, userId: 1, targetLevel: 4, itemKey: 'toolkit_4', endsAt: T0 + H, status: 'in_progress' as const };
  const named = (name: string, w: World, days = [DAY]): EdgeWorld => ({ name, world: w, days });
  return [
    named('low balance counts the frens’ HEXO need', world({ lands: [land(1)], workers: ws, balances: balancesOf(1, { hexo: hexo(60) }) })),
    named('balances covering exactly 3 days: no warning', world({ lands: [land(1)], workers: ws, balances: balancesOf(1, { hexo: hexo(100) }) })),
    named('balances covering 2 days and a bit: a warning', world({ lands: [land(1)], workers: ws, balances: balancesOf(1, { hexo: hexo(99) }) })),
    named('the need is the whole roster’s, unpaid included', world({ lands: [land(1)], workers: [gold(1, 1, 1), defaultWorker(1, 2, 1), gold(1, 3, 1, { assignedAt: T0 + H })], balances: balancesOf(1, { hexo: hexo(25) }) })),
    named('ready to upgrade, once per level', base(), [DAY, NEXT]),
    named('not ready with 0 of the toolkit', base({ items: [{ userId: 1, itemKey: 'toolkit_4', amount: 0 }] })),
    named('not ready when another player holds the toolkit', base({ items: [{ userId: 2, itemKey: 'toolkit_4', amount: 1 }] })),
    named('not ready above the size cap', base({ lands: [land(1, { size: 'SMALL', goldmineLevel: 4 })], items: [{ userId: 1, itemKey: 'toolkit_5', amount: 1 }] })),
    named('not ready at level 10', base({ lands: [land(1, { goldmineLevel: 10 })] })),
    named('not ready without a gold mine', base({ lands: [land(1, { goldmineLevel: null })] })),
    named('not ready without an owner', base({ holdings: [] })),
    named('not ready while upgrading', base({ upgrades: [upgrading] })),
    named('a fren upgrade in progress does not block', base({ upgrades: [{ ...upgrading, mine: 'frenmine', itemKey: 'chicken_tendies' }] })),
    named('a notice already sent for that level', base({ readyNotices: [{ landId: 1, mine: 'goldmine', level: 4 }] })),
    named('a notice for another level does not block', base({ readyNotices: [{ landId: 1, mine: 'goldmine', level: 3 }] })),
    named('ready after the day’s finished upgrade', base({ items: [{ userId: 1, itemKey: 'toolkit_5', amount: 1 }], upgrades: [done] })),
    named('a failed upgrade’s refund', base({ items: [], holdings: [holdLand(2, 1)], upgrades: [done] })),
    named('the refunded toolkit makes its starter ready elsewhere', base({
      lands: [land(1, { size: 'MEDIUM', goldmineLevel: 3 }), land(2, { size: 'MEDIUM', goldmineLevel: 3 })],
      items: [], holdings: [holdLand(2, 1), holdLand(1, 2)], upgrades: [done],
    })),
  ];
};

/** Land NFTs held by two accounts and the shop royalty's remainder (docs/game-rules.md §2.4, "Shop royalty"). */
const ownerWorlds = (): EdgeWorld[] => {
  const sale = (userId: number, token: 'exo' | 'hexo', amount: bigint, at = T0 + H) => ({ userId, token, amount, at });
  return [
    {
      name: 'a land held by accounts 2 and 1: account 1 owns it (workers, upgrade, royalty, ready notice)', days: [DAY], world: world({
        lands: [land(1, { goldmineLevel: 4 }), land(2, { size: 'SMALL', goldmineLevel: 1 })],
        workers: [gold(1, 1, 2), defaultWorker(1, 2, 1), gold(2, 1, 3)],
        holdings: [holdLand(2, 1), holdLand(1, 1), holdLand(3, 2), nftOf(gold(1, 1, 2)), nftOf(gold(2, 1, 3))],
        upgrades: [{ id: 1, landId: 1, mine: 'frenmine', userId: 2, targetLevel: 5, itemKey: 'chicken_tendies', endsAt: T0 + H, status: 'in_progress' }],
        items: [{ userId: 1, itemKey: 'toolkit_5', amount: 1 }, { userId: 2, itemKey: 'toolkit_5', amount: 1 }],
        vendorSales: [sale(3, 'hexo', 1_000_003n), sale(2, 'exo', 59n)],
      }),
    },
    {
      name: 'royalty remainder to the most lands, ties to the smaller id', days: [DAY], world: world({
        lands: [land(1), land(2), land(3), land(4)],
        holdings: [holdLand(3, 1), holdLand(3, 2), holdLand(1, 3), holdLand(2, 4)],
        vendorSales: [sale(1, 'hexo', 1_099n), sale(2, 'exo', 79n), sale(1, 'exo', 19n, T0 - 1), sale(1, 'exo', 1_000n, END)],
      }),
    },
  ];
};

/** The staking fixture's day: 2026-01-15 00:00 UTC, its end, is a snapshot instant. */
export const STAKING_DAY = '2026-01-14';
const STAKING_END = dayStart('2026-01-15');

/**
 * The staking fixture: collection c1 (Platinum at the last snapshot, Epic live), NFTs a and b held by
 * player 1 (b for less than 24 h), c by player 2, who last signed in exactly 30 days before the day's end.
 */
export function stakingWorld(over: Partial<World['staking']> = {}): World {
  const end = STAKING_END;
  return {
    lands: [], workers: [], upgrades: [], items: [], readyNotices: [], vendorSales: [],
    holdings: [{ userId: 1, collectionKey: 'c1', assetKey: 'a' }, { userId: 1, collectionKey: 'c1', assetKey: 'b' }, { userId: 2, collectionKey: 'c1', assetKey: 'c' }],
    collections: [{ id: 1, collectionKey: 'c1' }],
    snapshots: [{ id: 1, takenAt: end - 14 * DAY_MS, votes: [{ collectionId: 1, votes: 600_000n }] }],
    balances: [],
    staking: {
      collections: [{ id: 1, chain: 'cardano', name: 'One', holders: 500, supply: 1000, votes: 1_200_000n }],
      heldSince: [{ userId: 1, collectionKey: 'c1', assetKey: 'b', at: end - DAY_MS + 1 }],
      lastLogin: [{ userId: 1, at: end - 29 * DAY_MS }, { userId: 2, at: end - 30 * DAY_MS }],
      tools: [],
      ...over,
    },
  };
}

/** Staking worlds: the model test's, the top-10 rule with a tie at the border, the 24-hour and 30-day edges. */
const stakingWorlds = (): EdgeWorld[] => {
  const day = STAKING_DAY;
  const end = STAKING_END;
  const base = stakingWorld;
  const glove = MINING_TOOL_KINDS.find((k) => k.key === 'alchemist_glove')!;
  const tools = base({
    collections: [{ id: 1, chain: 'solana', name: 'One', holders: 500, supply: 1000, votes: 0n }],
    tools: [{ collectionKey: MINING_TOOL_POLICY_ID, assetKey: miningToolAssetName(1), kindKey: glove.key, name: glove.name, dailyHexo: glove.dailyHexo }],
  });
  tools.holdings.push({ userId: 1, collectionKey: MINING_TOOL_POLICY_ID, assetKey: miningToolAssetName(1) });
  // 12 Cardano collections: votes 5 × 300k, then 100 (ids 6–9), 50, 50 (ids 10, 11: a tie at ranks 10 and 11), 0; two Solana ones.
  const votes = [300_000n, 300_000n, 300_000n, 300_000n, 300_000n, 100n, 100n, 100n, 100n, 50n, 50n, 0n];
  const many: World = {
    ...base(),
    holdings: [
      ...votes.map((_, i) => ({ userId: 1 + (i % 2), collectionKey: `k${i + 1}`, assetKey: 'n' })),
      { userId: 1, collectionKey: 'k13', assetKey: 'n' }, { userId: 2, collectionKey: 'k14', assetKey: 'n' },
      { userId: 2, collectionKey: LAND_POLICY_ID, assetKey: landAssetName(1) }, { userId: 1, collectionKey: LAND_POLICY_ID, assetKey: landAssetName(1) },
    ],
    lands: [land(1, { goldmineLevel: null, frenmineLevel: null })],
    collections: Array.from({ length: 14 }, (_, i) => ({ id: i + 1, collectionKey: `k${i + 1}` })),
    snapshots: [],
    staking: {
      collections: [
        ...votes.map((v, i) => ({ id: i + 1, chain: 'cardano' as const, name: `K${i + 1}`, holders: 100 + i, supply: 999, votes: v })),
        { id: 13, chain: 'solana', name: 'K13', holders: 3, supply: 7, votes: 0n }, { id: 14, chain: 'solana', name: 'K14', holders: 0, supply: 7, votes: 750_000n },
      ],
      heldSince: [],
      lastLogin: [{ userId: 1, at: end - 1 }, { userId: 2, at: end - 30 * DAY_MS + 1 }],
      tools: [],
    },
  };
  const edges: World = {
    ...base(),
    holdings: [{ userId: 1, collectionKey: 'c1', assetKey: 'a' }, { userId: 1, collectionKey: 'c1', assetKey: 'b' }, { userId: 2, collectionKey: 'c1', assetKey: 'c' }, { userId: 3, collectionKey: 'c1', assetKey: 'd' }],
    staking: {
      collections: [{ id: 1, chain: 'cardano', name: 'One', holders: 333, supply: 1000, votes: 1_000_000n }],
      heldSince: [{ userId: 1, collectionKey: 'c1', assetKey: 'a', at: end - DAY_MS }, { userId: 1, collectionKey: 'c1', assetKey: 'b', at: end - DAY_MS + 1 }],
      lastLogin: [{ userId: 1, at: end - 29 * DAY_MS }, { userId: 2, at: end - 30 * DAY_MS }, { userId: 3, at: end - 30 * DAY_MS + 1 }],
      tools: [],
    },
  };
  return [
    { name: 'staking: the snapshot at the day’s end, its league, the 24 h and 30-day rules', days: [day], world: base() },
    { name: 'staking: a mining tool pays HEXO, a Solana collection RUNE', days: [day], world: tools },
    { name: 'staking: the top-10 rule with equal votes at ranks 10 and 11 (the smaller id qualifies), a shared land owner', days: [day, '2026-01-15'], world: many },
    { name: 'staking: held exactly 24 h, signed in exactly 30 days and 30 days − 1 ms before the day’s end, Diamond at 1,000,000', days: [day], world: edges },
  ];
};

/**
 * Every hand-made edge world: the fixtures of `settlement.test.ts` and `staking.test.ts` (which assert
 * the model's results on them) and a few more for edges those tests state in prose — a land held by
 * two accounts, the royalty's remainder, the top-10 rule with a tie, the staking time edges.
 */
export function edgeWorlds(): EdgeWorld[] {
  return [...upgradeWorlds(), ...leaveWorlds(), ...payWorlds(), ...noticeWorlds(), ...ownerWorlds(), ...stakingWorlds()];
}

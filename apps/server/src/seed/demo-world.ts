/**
 * Seeding (docs/game-rules.md §2). Reference data is seeded on every start (idempotent): item kinds, the
 * mining-tool catalogue, the Valley's 5,000 lands and the 500 mining-tool NFTs. In demo mode the
 * demo world is seeded once, deterministically: Staking-Hub collections on both chains, prices,
 * the emulated chain's holdings (unsold lands and tools at the treasury address, a share of the
 * lands sold to collectors outside the Kingdom) and a few demo
 * players who own lands, tools, items and balances.
 */
import { eq, sql } from 'drizzle-orm';
import { base58 } from '@scure/base';
import {
  ITEM_KINDS, MINING_TOOL_KINDS, LAND_POLICY_ID, MINING_TOOL_POLICY_ID, createPrng, generateValley,
  landAssetName, miningToolAssetName, LAND_SIZE_INFO,
  demoSaleRounds, MINING_TOOL_COUNT, SNAPSHOT_PERIOD_MS,
} from '@kingdom/game';
import { exec, type Database, type Orm } from '../db/client.ts';
import {
  appSettings, collections, currencyPrices, itemKinds, miningToolKinds, miningTools,
} from '../db/schema.ts';
import { enterpriseTestnetAddress, prngBytes, TREASURY_ADDRESS } from '@kingdom/emulators';
import { givePlayer } from '../modules/demo/give-player.ts';
import { syncWallet } from '../modules/wallets/sync.ts';
import { snapshotRowsSql } from '../modules/staking/repository.ts';
import type { ChainProviders } from '../chain/index.ts';
import { recordCollections, type Collections } from '../world-import/collections.ts';

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/**
 * Seeds the reference data every deployment needs (idempotent: existing rows are kept): item kinds
 * and the mining-tool catalogue; records the configured collections (the first start) or checks
 * them against the record. Only in demo mode (or without `opts`, for tools and benchmarks) the
 * Valley's 5,000 generated lands and the 500 generated mining tools are seeded, under the
 * configured policies; a real network starts with an empty world until `kingdom world import`.
 * @throws CollectionsChangedError when the configured collections differ from the recorded ones
 */
export async function seedReferenceData(db: Database, opts?: { demo: boolean; collections: Collections }): Promise<void> {
  const landPolicy = opts?.collections.landPolicyId ?? LAND_POLICY_ID;
  const toolPolicy = opts?.collections.miningToolPolicyId ?? MINING_TOOL_POLICY_ID;
  await db.orm.transaction(async (tx) => {
    // Two processes starting at once: the second waits, then sees the first one's record and rows.
    await exec(tx, sql`SELECT pg_advisory_xact_lock(hashtext('kingdom.reference_seed'))`);
    await recordCollections(tx, { landPolicyId: landPolicy, miningToolPolicyId: toolPolicy });
    await tx.insert(itemKinds).values(ITEM_KINDS.map((k) => ({ key: k.key, name: k.name, category: k.category, tier: k.tier, isCraftable: k.isCraftable })))
      .onConflictDoUpdate({ target: itemKinds.key, set: { name: sql`excluded.name`, category: sql`excluded.category`, tier: sql`excluded.tier` } });
    await tx.insert(miningToolKinds).values(MINING_TOOL_KINDS.map((k) => ({ key: k.key, name: k.name, dailyHexo: k.dailyHexo.toString() })))
      .onConflictDoUpdate({ target: miningToolKinds.key, set: { name: sql`excluded.name`, dailyHexo: sql`excluded.daily_hexo` } });
    if (opts && !opts.demo) return;
    const [{ n }] = (await exec<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM lands`)) as [{ n: number }];
    if (n === 0) {
      // One INSERT from one JSON parameter: far faster than row-by-row parameters on PGlite.
      const rows = JSON.stringify(generateValley().map((c) => ({ id: c.id, hex_name: c.hexName, q: c.q, r: c.r, size: c.size, biome: c.biome, asset_key: landAssetName(c.id) })));
      await exec(tx, sql`
        INSERT INTO lands (id, hex_name, name, q, r, size, biome, collection_key, asset_key, goldmine_level, frenmine_level)
        SELECT id, hex_name, 'Land #' || id, q, r, size, biome, ${landPolicy}, asset_key, 1, 1
        FROM jsonb_to_recordset(${rows}::jsonb) AS t(id int, hex_name text, q int, r int, size text, biome text, asset_key text)`);
    }
    const [{ t }] = (await exec<{ t: number }>(tx, sql`SELECT count(*)::int AS t FROM mining_tools`)) as [{ t: number }];
    if (t === 0) {
      const rng = createPrng('kingdom-mining-tools');
      const rows = Array.from({ length: MINING_TOOL_COUNT }, (_, i) => {
        const x = rng.next();
        const kind = x < 0.1 ? 'alchemist_glove' : x < 0.4 ? 'miners_pickaxe' : x < 0.6 ? 'dwarven_hammer' : 'crystal_lantern';
        return { id: i + 1, kindKey: kind, serial: i + 1, collectionKey: toolPolicy, assetKey: miningToolAssetName(i + 1) };
      });
      await tx.insert(miningTools).values(rows);
    }
  });
}

const NAME_A = ['Clay', 'Pixel', 'Lunar', 'Iron', 'Crypto', 'Mystic', 'Golden', 'Shadow', 'Frost', 'Ember', 'Royal', 'Astro', 'Wild', 'Neon', 'Stone', 'Sky', 'Ocean', 'Dragon', 'Forest', 'Silent', 'Happy', 'Cosmic', 'Rusty', 'Velvet', 'Thunder'];
const NAME_B = ['Mates', 'Punks', 'Apes', 'Knights', 'Owls', 'Foxes', 'Goblins', 'Wizards', 'Bears', 'Cats', 'Dwarves', 'Elves', 'Monks', 'Ravens', 'Wolves', 'Pirates', 'Samurai', 'Kongs', 'Yetis', 'Frogs', 'Titans', 'Golems', 'Sprites', 'Lions', 'Beasts'];

/** The demo's Staking-Hub collections: 25 a chain, about a dozen above the 250,000-vote threshold. */
export function demoCollections(): Array<{ slug: string; chain: 'cardano' | 'solana'; collectionKey: string; name: string; supply: number; holders: number; votes: string }> {
  const rng = createPrng('kingdom-collections');
  const out = [];
  for (let i = 0; i < 50; i++) {
    const chain = i % 2 === 0 ? 'cardano' as const : 'solana' as const;
    const name = `${NAME_A[i % NAME_A.length]} ${NAME_B[(i * 7) % NAME_B.length]}`;
    const supply = rng.int(10, 100) * 100;
    const holders = Math.floor(supply * (0.25 + rng.next() * 0.4));
    // The first four of each chain sit in Gold, Platinum, Diamond and Epic, so every rarity exists.
    const league = i < 8 ? [300_000, 600_000, 850_000, 1_200_000][i >> 1]! : null;
    const votes = league !== null ? league + rng.int(0, 40_000) : rng.next() < 0.15 ? rng.int(250_000, 1_400_000) : rng.int(0, 240_000);
    out.push({
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') + (chain === 'solana' ? '-sol' : ''),
      chain,
      collectionKey: chain === 'cardano' ? hex(prngBytes(rng, 28)) : base58.encode(prngBytes(rng, 32)),
      name,
      supply,
      holders,
      votes: votes.toString(),
    });
  }
  return out;
}

/** Demo players: a name, a deterministic address and what they own. */
const DEMO_PLAYERS = [
  { name: 'Duke of the Valley', seed: 'demo-player-1', lands: 8, tools: 3, balances: { exo: 25_000n, hexo: 4_000n, food: 900n, rune: 120n }, items: { land_upgrade01: 2, toolkit_2: 3, toolkit_3: 1 } },
  { name: 'Baroness Frost', seed: 'demo-player-2', lands: 4, tools: 1, balances: { exo: 7_500n, hexo: 1_250n, food: 300n, rune: 40n }, items: { land_upgrade02: 1, toolkit_2: 1 } },
  { name: 'Squire Pebble', seed: 'demo-player-3', lands: 1, tools: 0, balances: { exo: 300n, hexo: 150n, food: 45n, rune: 0n }, items: {} },
] as const;

/**
 * Seeds the demo world once (recorded in `app_settings`), in one transaction, then syncs the demo
 * players' wallets (a provider failure ends the syncs quietly; the start goes on).
 */
export async function seedDemoWorld(db: Database, providers: ChainProviders, now: Date): Promise<void> {
  const done = await db.orm.select().from(appSettings).where(eq(appSettings.key, 'demo_world_seeded'));
  if (done.length > 0) return;
  const playerAddresses: string[] = [];
  await db.orm.transaction(async (tx) => {
    // A concurrent starter may seed too: the lock makes the second one wait, then see the flag.
    await exec(tx, sql`SELECT pg_advisory_xact_lock(hashtext('kingdom.demo_seed'))`);
    const again = await tx.select().from(appSettings).where(eq(appSettings.key, 'demo_world_seeded'));
    if (again.length > 0) return;
    await tx.insert(collections).values(demoCollections()).onConflictDoNothing();
    for (const r of demoSaleRounds(now)) {
      await exec(tx, sql`INSERT INTO sale_rounds (id, name, price_lovelace, cap, starts_at, ends_at)
        VALUES (${r.id}, ${r.name}, ${r.priceLovelace.toString()}, ${r.cap.toString()}, ${r.startsAt}, ${r.endsAt}) ON CONFLICT (id) DO NOTHING`);
    }
    await tx.insert(currencyPrices).values([
      { token: 'exo', ada: '0.01873' },
      { token: 'hexo', ada: '0.00412' },
      // USD prices of ADA and SOL (docs/game-rules.md §9): what prices the demo's SOL orders; 'demo' never goes stale
      { token: 'ada', usd: '0.45000', source: 'demo', seenAt: now },
      { token: 'sol', usd: '140.00000', source: 'demo', seenAt: now },
    ]).onConflictDoNothing();
    await mintCollectionsToTreasury(tx);
    await mintToCollectors(tx);
    // The current Staking-Hub round began at the last 14-day boundary before the seed.
    const roundStart = new Date(Math.floor(now.getTime() / SNAPSHOT_PERIOD_MS) * SNAPSHOT_PERIOD_MS);
    const [snap] = await exec<{ id: number }>(tx, sql`INSERT INTO staking_snapshots (taken_at) VALUES (${roundStart}) RETURNING id`);
    await exec(tx, sql`INSERT INTO snapshot_collections (snapshot_id, collection_id, votes, qualified) ${snapshotRowsSql(snap!.id)}`);
    for (const p of DEMO_PLAYERS) {
      const address = enterpriseTestnetAddress(prngBytes(createPrng(p.seed), 28));
      playerAddresses.push(address);
      await givePlayer(tx, address, p.lands, p.tools, p.balances, p.items, 'demo_seed', p.seed, 'cardano', now);
      await exec(tx, sql`UPDATE users SET name = ${p.name} WHERE id = (SELECT user_id FROM wallets WHERE chain = 'cardano' AND address = ${address})`);
    }
    await tx.insert(appSettings).values({ key: 'demo_world_seeded', value: { at: now.toISOString() } });
  });
  // A provider that does not answer (a real network in demo mode) stops the syncs, never the start:
  // the wallets sync at their next sign-in, and the start check reports the provider (observability/provider-check.ts).
  for (const address of playerAddresses) {
    if (!(await syncWallet(db, providers, 'cardano', address, now).then(() => true, () => false))) break;
  }
}

/** Share of the Valley the demo world has sold to collectors outside the Kingdom (the rest stays unminted). */
export const DEMO_COLLECTOR_SHARE = 0.3;

/**
 * Sells about {@link DEMO_COLLECTOR_SHARE} of the lands (never the seven at the centre) to 150
 * collector addresses that are not Kingdom players, with gold mines levelled 1–cap (mostly low), so
 * the Valley map shows minted, unminted and levelled lands. Deterministic.
 */
async function mintToCollectors(tx: Orm): Promise<void> {
  const rng = createPrng('kingdom-collectors');
  const collectors = Array.from({ length: 150 }, () => enterpriseTestnetAddress(prngBytes(rng, 28)));
  const rows = generateValley().filter((c) => c.id > 7 && rng.next() < DEMO_COLLECTOR_SHARE).map((c) => {
    const cap = LAND_SIZE_INFO[c.size].goldmineCap;
    const level = Math.min(cap, 1 + Math.floor(rng.next() ** 2 * cap));
    return { id: c.id, address: collectors[rng.int(0, collectors.length - 1)]!, level };
  });
  const json = JSON.stringify(rows);
  await exec(tx, sql`
    UPDATE emu_assets e SET address = t.address
    FROM jsonb_to_recordset(${json}::jsonb) AS t(id int, address text, level int), lands l
    WHERE l.id = t.id AND e.address = ${TREASURY_ADDRESS} AND e.collection_key = l.collection_key AND e.asset_key = l.asset_key`);
  await exec(tx, sql`
    UPDATE lands l SET goldmine_level = t.level
    FROM jsonb_to_recordset(${json}::jsonb) AS t(id int, address text, level int) WHERE l.id = t.id`);
}

async function mintCollectionsToTreasury(tx: Orm): Promise<void> {
  await exec(tx, sql`
    INSERT INTO emu_assets (chain, address, collection_key, asset_key, quantity)
    SELECT 'cardano', ${TREASURY_ADDRESS}, collection_key, asset_key, 1 FROM lands
    UNION ALL
    SELECT 'cardano', ${TREASURY_ADDRESS}, collection_key, asset_key, 1 FROM mining_tools
    ON CONFLICT DO NOTHING`);
}


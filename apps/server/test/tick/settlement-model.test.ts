/**
 * The differential test of the daily tick (docs/architecture.md §8):
 * fast-check generates small worlds (players, lands of every size, both mines at various levels,
 * workers of every rarity, upgrades due, balances from zero to plenty, collections around every
 * league edge, snapshots) and a few days; the set-based SQL tick and `packages/game`'s pure
 * `settleDay` must produce exactly the same ledger entries, notifications, report rows, totals and
 * world afterwards. Runs on PGlite (30 generated worlds) and, in the `server-pg` project, on Postgres (100). Before the tick of
 * an even date the tick job's warm-up of the rosters runs at noon (`warmRosters`), as on a server.
 *
 * Edges (docs/architecture.md §8): the hand-made edge worlds of the model's tests (`support/edge-worlds.ts`) are
 * replayed first; the generators plant every documented edge in a good share of worlds, and
 * `support/edge-coverage.ts` counts, per world, which edges a day reached in a way the SQL's result
 * depends on. The table is printed and asserted: each edge in ≥ 10 % of the worlds of the fixed seed.
 *
 * Strength, measured on PGlite (seed 19) with one-token mutations of the SQL, none committed (files in
 * apps/server/src/jobs/settlement/, `repository.ts` = modules/staking/repository.ts). Each
 * row: the mutation; hand-made worlds failing; the generated world that first failed (of 100).
 *   rule-sql.ts effectivitySql 80 % bound `<` → `<=`                 3 fail   world 3
 *   rule-sql.ts effectivitySql 60 % bound `<` → `<=`                 2 fail   world 5
 *   rule-sql.ts effectivitySql 40 % bound `<` → `<=`                 6 fail   world 2
 *   salaries.ts manager +10% without `AND worked` (unpaid manager)    1 fail   world 1
 *   repository.ts snapshotRowsSql top-10 → top-9 (`<=` → `<`)        1 fail   world 2
 *   repository.ts top-10 ties: `ORDER BY votes DESC, id DESC`         1 fail   world 2
 *   land-owners.ts land owner = largest id (`h.user_id DESC`)        2 fail   world 1
 *   staking.ts 30-day sign-in `last_login_at >` → `>=`               3 fail   world 9
 *   staking.ts 24 h holding `held_since <=` → `<`                    1 fail   world 2
 *   salaries.ts pay order, short player `cum <=` → `<`               2 fail   world 1
 *   salaries.ts pay order, all paid `tok >= total` → `>`             1 fail   world 9
 *   workers-leave.ts worker threshold `votes >= 250,000` → `>`       2 fail   world 6
 *   repository.ts leagueSql floors `>=` → `>` (multiplier, rarity)   3 fail   world 2
 *   upgrades.ts upgrade end `ends_at <=` → `<`                       1 fail   world 1
 *   rosters.ts roster `assigned_at <` → `<=`                         1 fail   world 1
 *   workers-leave.ts re-rating window `taken_at > start` → `>=`      1 fail   world 4
 *   rosters.ts warm-up for the next day's start, no start guard      0 fail   world 4
 * Asserted coverage cases (`support/coverage-worlds.ts`), each failing on PGlite and Postgres:
 *   repository.ts snapshotRowsSql `votes >= 250,000` → `>`           the 250,000-votes snapshot
 *   staking.ts `active_players` (tool path) `last_login_at >` → `>=`  the mining tools at 30 days
 *   salaries.ts short path: manager boosts itself (`AND s.slot <> manager` removed)  the short player with a paid manager
 * The generated worlds reach a collection outside its chain's top 10 at exactly 250,000 votes (a
 * crowded chain, `withCrowdedChain`, drawn last so that the earlier draws of seed 19 are unchanged):
 * `votes >= 250,000` → `>` in snapshotRowsSql fails them too, not only its coverage case.
 * A first version of the planted edges let the re-rating-window mutation pass all 100 worlds and
 * needed 43 for the short-player one: hence 'snapshot at day start' and 'salary = budget, some unpaid'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import {
  gameDay,
  settleDay as modelSettleDay, type DayResult, type World, type Token, type MineKind, type WorkerRarity,
} from '@kingdom/game';
import { canonicalDayResult, worldArbitrary } from '../../../../packages/game/test/support/world-arbitrary.ts';
import { edgeWorlds } from '../../../../packages/game/test/support/edge-worlds.ts';
import { coverageWorlds } from '../../../../packages/game/test/support/coverage-worlds.ts';
import { EDGE_CASES, edgesReached, type EdgeCase } from '../../../../packages/game/test/support/edge-coverage.ts';
import { exec, type Orm } from '../../src/db/client.ts';
import { settleDay, warmRosters } from '../../src/jobs/settlement/index.ts';
import { createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';

let k: TestKingdom;
beforeAll(async () => {
  k = await createTestKingdom({ demo: false });
});
afterAll(async () => k?.close());

const WORLD_TABLES = 'settlement_runs, settlement_batches, settle_user, settle_user_eff, settle_seen, settle_credits, mine_day_totals, vendor_purchases, ledger_entries, notifications, mine_daily, game_days, mine_ready_notices, mine_upgrades, mine_workers, mine_rosters, roster_changes, holdings_left, holding_counts, holding_deltas, staking_daily, snapshot_collections, staking_snapshots, collections, holdings, user_items, balances, sessions, wallets, users, lands';
const address = (userId: number) => `addr_test_u${userId}`;
const values = (rows: ReturnType<typeof sql>[]) => sql.join(rows, sql`, `);

/** Replaces the database's world with `w`. */
async function loadWorld(tx: Orm, w: World): Promise<void> {
  await exec(tx, sql.raw(`TRUNCATE ${WORLD_TABLES} RESTART IDENTITY CASCADE`));
  // Every account the world names (the hand-made edge worlds leave some without balance rows).
  const users = [...new Set([...w.balances, ...w.holdings, ...w.workers, ...w.upgrades, ...w.items, ...w.vendorSales, ...w.staking.lastLogin].map((x) => x.userId))];
  await exec(tx, sql`INSERT INTO users (id, name) VALUES ${values(users.map((u) => sql`(${u}, ${`player ${u}`})`))}`);
  await exec(tx, sql`INSERT INTO wallets (user_id, chain, address) VALUES ${values(users.map((u) => sql`(${u}, 'cardano', ${address(u)})`))}`);
  if (w.balances.length) await exec(tx, sql`INSERT INTO balances (user_id, token, amount) VALUES ${values(w.balances.map((b) => sql`(${b.userId}, ${b.token}, ${b.amount.toString()}::numeric)`))}`);
  if (w.items.length) await exec(tx, sql`INSERT INTO user_items (user_id, item_key, amount) VALUES ${values(w.items.map((i) => sql`(${i.userId}, ${i.itemKey}, ${i.amount})`))}`);
  if (w.lands.length) await exec(tx, sql`INSERT INTO lands (id, hex_name, name, q, r, size, biome, collection_key, asset_key, goldmine_level, frenmine_level, has_update) VALUES ${values(w.lands.map((l) =>
    sql`(${l.id}, ${l.hexName}, ${`Land ${l.id}`}, ${l.id}, 0, ${l.size}, 'forest', ${l.collectionKey}, ${l.assetKey}, ${l.goldmineLevel}, ${l.frenmineLevel}, ${l.hasUpdate ?? false})`))}`);
  if (w.holdings.length) await exec(tx, sql`INSERT INTO holdings (chain, collection_key, asset_key, address, user_id) VALUES ${values(w.holdings.map((h) =>
    sql`('cardano', ${h.collectionKey}, ${h.assetKey}, ${address(h.userId)}, ${h.userId})`))}`);
  if (w.collections.length) await exec(tx, sql`INSERT INTO collections (id, slug, chain, collection_key, name, supply, holders) VALUES ${values(w.collections.map((c) =>
    sql`(${c.id}, ${`c${c.id}`}, 'cardano', ${c.collectionKey}, ${`Collection ${c.id}`}, 100, 10)`))}`);
  for (const s of w.snapshots) {
    await exec(tx, sql`INSERT INTO staking_snapshots (id, taken_at) VALUES (${s.id}, ${new Date(s.takenAt)})`);
    if (s.votes.length) await exec(tx, sql`INSERT INTO snapshot_collections (snapshot_id, collection_id, votes, qualified) VALUES ${values(s.votes.map((v) =>
      sql`(${s.id}, ${v.collectionId}, ${v.votes.toString()}::numeric, ${v.qualified ?? true})`))}`);
  }
  if (w.workers.length) await exec(tx, sql`INSERT INTO mine_workers (land_id, mine, slot, user_id, kind, collection_key, asset_key, rarity, assigned_at) VALUES ${values(w.workers.map((x) =>
    sql`(${x.landId}, ${x.mine}, ${x.slot}, ${x.userId}, ${x.kind}, ${x.collectionKey}, ${x.assetKey}, ${x.rarity}, ${new Date(x.assignedAt)})`))}`);
  // The world is written, not reached through wallet syncs (whose deletes and moves log the NFTs that
  // left, migration 0015): every worker's NFT and land is logged, as the migration does, so the tick
  // checks each worker.
  await exec(tx, sql`INSERT INTO holdings_left (collection_key, asset_key)
    SELECT collection_key, asset_key FROM mine_workers WHERE kind = 'nft'
    UNION SELECT l.collection_key, l.asset_key FROM lands l WHERE EXISTS (SELECT 1 FROM mine_workers mw WHERE mw.land_id = l.id)`);
  if (w.upgrades.length) await exec(tx, sql`INSERT INTO mine_upgrades (id, land_id, mine, user_id, target_level, item_key, started_at, ends_at, status) VALUES ${values(w.upgrades.map((u) =>
    sql`(${u.id}, ${u.landId}, ${u.mine}, ${u.userId}, ${u.targetLevel}, ${u.itemKey}, ${new Date(u.endsAt - 3_600_000)}, ${new Date(u.endsAt)}, ${u.status})`))}`);
  if (w.vendorSales.length) await exec(tx, sql`INSERT INTO vendor_purchases (user_id, idempotency_key, request_hash, item, quantity, token, amount, response, royalty_day, created_at) VALUES ${values(w.vendorSales.map((v, i) =>
    sql`(${v.userId}, ${`sale-${i}`}, '', 'toolkit_2', 1, ${v.token}, ${v.amount.toString()}::numeric, '{}'::jsonb, ${v.royaltyDay ?? gameDay(v.at)}, ${new Date(v.at)})`))}`);
  if (w.readyNotices.length) await exec(tx, sql`INSERT INTO mine_ready_notices (land_id, mine, level) VALUES ${values(w.readyNotices.map((n) => sql`(${n.landId}, ${n.mine}, ${n.level})`))}`);
  await loadStaking(tx, w);
}

// ---- Staking Hub (docs/game-rules.md §5): loaded and read by helpers of their own. ----

/** Writes the world's Staking-Hub block: live collection numbers, acquisition times, sign-ins, tools. */
async function loadStaking(tx: Orm, w: World): Promise<void> {
  const st = w.staking;
  await exec(tx, sql`DELETE FROM mining_tools`);
  await exec(tx, sql`UPDATE collections SET holders = 0, supply = 0, votes = 0`);
  for (const c of st.collections) {
    await exec(tx, sql`UPDATE collections SET chain = ${c.chain}, name = ${c.name}, holders = ${c.holders}, supply = ${c.supply}, votes = ${c.votes.toString()}::numeric WHERE id = ${c.id}`);
  }
  await exec(tx, sql`UPDATE holdings SET held_since = '2000-01-01T00:00:00Z'`);
  for (const h of st.heldSince) {
    await exec(tx, sql`UPDATE holdings SET held_since = ${new Date(h.at)} WHERE user_id = ${h.userId} AND collection_key = ${h.collectionKey} AND asset_key = ${h.assetKey}`);
  }
  for (const l of st.lastLogin) await exec(tx, sql`UPDATE users SET last_login_at = ${new Date(l.at)} WHERE id = ${l.userId}`);
  for (const [i, t] of st.tools.entries()) {
    await exec(tx, sql`INSERT INTO mining_tools (id, kind_key, serial, collection_key, asset_key) VALUES (${90_000 + i}, ${t.kindKey}, ${i + 1}, ${t.collectionKey}, ${t.assetKey})`);
  }
}

/** The world as read back, with the snapshots the tick may have taken (qualified: absent when true, like the model). */
async function withSnapshots(orm: Orm, w: World): Promise<World> {
  const snaps = await exec<{ id: number; taken_at: Date | string }>(orm, sql`SELECT id, taken_at FROM staking_snapshots`);
  const votes = await exec<{ snapshot_id: number; collection_id: number; votes: string; qualified: boolean }>(orm, sql`SELECT snapshot_id, collection_id, votes::text AS votes, qualified FROM snapshot_collections`);
  return {
    ...w,
    snapshots: snaps.map((s) => ({
      id: s.id, takenAt: ms(s.taken_at),
      votes: votes.filter((v) => v.snapshot_id === s.id).map((v) => (v.qualified ? { collectionId: v.collection_id, votes: BigInt(v.votes) } : { collectionId: v.collection_id, votes: BigInt(v.votes), qualified: false as const })),
    })),
  };
}

/** The day's staking report rows. */
async function stakingRows(orm: Orm, day: string): Promise<DayResult['staking']> {
  const rows = await exec<{ user_id: number; source: 'nft' | 'toolkit'; ref: string; name: string; token: 'hexo' | 'rune'; nfts: number; amount: string }>(orm, sql`
    SELECT user_id, source, ref, name, token, nfts, amount::text AS amount FROM staking_daily WHERE day = ${day}`);
  return rows.map((r) => ({ day, userId: r.user_id, source: r.source, ref: r.ref, name: r.name, token: r.token, nfts: r.nfts, amount: BigInt(r.amount) }));
}

const ms = (d: Date | string) => new Date(d).getTime();

/** Reads the world back in the model's shape (holdings, collections and snapshots are not written by the tick). */
async function readWorld(orm: Orm, before: World): Promise<World> {
  const lands = await exec<{ id: number; goldmine_level: number | null; frenmine_level: number | null; size: World['lands'][number]['size']; has_update: boolean }>(orm, sql`SELECT id, goldmine_level, frenmine_level, size, has_update FROM lands`);
  const workers = await exec<{ land_id: number; mine: MineKind; slot: number; user_id: number; kind: 'nft' | 'default'; collection_key: string | null; asset_key: string | null; rarity: WorkerRarity; assigned_at: Date }>(orm, sql`SELECT * FROM mine_workers`);
  const upgrades = await exec<{ id: number; land_id: number; mine: MineKind; user_id: number; target_level: number; item_key: string; ends_at: Date; status: 'in_progress' | 'success' | 'failed' }>(orm, sql`SELECT * FROM mine_upgrades`);
  const balances = await exec<{ user_id: number; token: Token; amount: string }>(orm, sql`SELECT user_id, token, amount::text AS amount FROM balances`);
  const items = await exec<{ user_id: number; item_key: string; amount: number }>(orm, sql`SELECT user_id, item_key, amount FROM user_items WHERE amount > 0`);
  const notices = await exec<{ land_id: number; mine: MineKind; level: number }>(orm, sql`SELECT * FROM mine_ready_notices`);
  return {
    lands: before.lands.map((l) => {
      const r = lands.find((x) => x.id === l.id)!;
      return { ...l, size: r.size, goldmineLevel: r.goldmine_level, frenmineLevel: r.frenmine_level, hasUpdate: r.has_update };
    }),
    holdings: before.holdings, collections: before.collections, snapshots: before.snapshots, vendorSales: before.vendorSales,
    workers: workers.map((x) => ({ landId: x.land_id, mine: x.mine, slot: x.slot, userId: x.user_id, kind: x.kind, collectionKey: x.collection_key, assetKey: x.asset_key, rarity: x.rarity, assignedAt: ms(x.assigned_at) })),
    upgrades: upgrades.map((u) => ({ id: u.id, landId: u.land_id, mine: u.mine, userId: u.user_id, targetLevel: u.target_level, itemKey: u.item_key, endsAt: ms(u.ends_at), status: u.status })),
    balances: balances.map((b) => ({ userId: b.user_id, token: b.token, amount: BigInt(b.amount) })),
    items: items.map((i) => ({ userId: i.user_id, itemKey: i.item_key, amount: i.amount })),
    readyNotices: notices.map((n) => ({ landId: n.land_id, mine: n.mine, level: n.level })),
    staking: before.staking,
  };
}

/** Runs the SQL tick for `day` and reads everything it wrote as a {@link DayResult}. */
async function sqlSettle(before: World, day: string): Promise<DayResult> {
  const orm = k.db.orm;
  const [marks] = await exec<{ l: number; n: number }>(orm, sql`SELECT COALESCE(max(id), 0)::int AS l, (SELECT COALESCE(max(id), 0)::int FROM notifications) AS n FROM ledger_entries`);
  // on even dates, as on a server: the tick job's warm-up of the rosters at noon, then the tick
  if (Number(day.slice(-2)) % 2 === 0) await warmRosters(k.db, new Date(Date.parse(`${day}T12:00:00Z`)));
  await settleDay(k.db, day);
  const ledger = await exec<{ user_id: number; asset: string; amount: string; reason: string; reference: string }>(orm, sql`
    SELECT user_id, asset, amount::text AS amount, reason, reference FROM ledger_entries WHERE id > ${marks!.l}`);
  const notes = await exec<{ user_id: number; type: string; data: Record<string, string | number | boolean> | string }>(orm, sql`
    SELECT user_id, type, data FROM notifications WHERE id > ${marks!.n}`);
  const reports = await exec<{ day: string; land_id: number; mine: MineKind; user_id: number; open_slots: number; workers: number; workers_worked: number; exo_mined: string; salary_paid: string; hexo_paid: string; food_paid: string; effectivity: number }>(orm, sql`
    SELECT day, land_id, mine, user_id, open_slots, workers, workers_worked, exo_mined::text AS exo_mined, salary_paid::text AS salary_paid,
      hexo_paid::text AS hexo_paid, food_paid::text AS food_paid, effectivity FROM mine_day_reports WHERE day = ${day}`);
  const [t] = await exec<{ goldmine_exo: string; frenmine_exo: string; goldmine_workers_worked: number; frenmine_workers_worked: number; players_paid: number }>(orm, sql`
    SELECT goldmine_exo::text AS goldmine_exo, frenmine_exo::text AS frenmine_exo, goldmine_workers_worked, frenmine_workers_worked, players_paid FROM game_days WHERE day = ${day}`);
  return {
    world: await withSnapshots(orm, await readWorld(orm, before)),
    staking: await stakingRows(orm, day),
    ledger: ledger.map((e) => ({ userId: e.user_id, asset: e.asset as Token, amount: BigInt(e.amount), reason: e.reason, reference: e.reference })),
    notifications: notes.map((n) => ({ userId: n.user_id, type: n.type, data: typeof n.data === 'string' ? JSON.parse(n.data) : n.data })),
    reports: reports.map((r) => ({
      day: r.day, landId: r.land_id, mine: r.mine, userId: r.user_id, openSlots: r.open_slots, workers: r.workers, workersWorked: r.workers_worked,
      exoMined: BigInt(r.exo_mined), salaryPaid: BigInt(r.salary_paid), hexoPaid: BigInt(r.hexo_paid), foodPaid: BigInt(r.food_paid), effectivity: r.effectivity,
    })),
    totals: { day, goldmineExo: BigInt(t!.goldmine_exo), frenmineExo: BigInt(t!.frenmine_exo), goldmineWorkersWorked: t!.goldmine_workers_worked, frenmineWorkersWorked: t!.frenmine_workers_worked, playersPaid: t!.players_paid },
  };
}

/** Items at zero are rows in the database and absent in the model: compare what is held. */
function comparable(r: DayResult): DayResult {
  // jsonb orders an object's keys its own way: compare notification data with sorted keys.
  const sortedKeys = (d: Record<string, string | number | boolean>) => Object.fromEntries(Object.entries(d).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const c = canonicalDayResult({ ...r, notifications: r.notifications.map((n) => ({ ...n, data: sortedKeys(n.data) })) });
  return { ...c, world: { ...c.world, items: c.world.items.filter((i) => i.amount > 0) } };
}

/**
 * Runs the SQL tick and the model over the world's days and requires the same result each day.
 * @returns the edges reached and the days' results (the model's, equal to the SQL's)
 */
async function agree({ world, days }: { world: World; days: string[] }): Promise<{ reached: Set<EdgeCase>; results: DayResult[] }> {
  await k.db.orm.transaction((tx) => loadWorld(tx, world));
  const reached = new Set<EdgeCase>();
  const results: DayResult[] = [];
  let model = world;
  for (const day of days) {
    const expected = modelSettleDay(model, day);
    const actual = await sqlSettle(model, day);
    expect(comparable(actual)).toEqual(comparable(expected));
    for (const c of edgesReached(model, day, expected)) reached.add(c);
    results.push(expected);
    model = expected.world;
  }
  return { reached, results };
}

/**
 * The generated worlds' seed: fixed, so that the coverage table below is a known, asserted fact of
 * the worlds CI runs (`KINGDOM_FC_SEED=<n>` explores another sample; its table is printed, not asserted).
 */
const DEFAULT_SEED = 19;
const SEED = process.env.KINGDOM_FC_SEED ? Number(process.env.KINGDOM_FC_SEED) : DEFAULT_SEED;
/**
 * Worlds per run: the full 100 on Postgres (the production database, and faster here than PGlite's
 * single-threaded WASM); on PGlite the first 30 of the same seed's worlds (the same SQL: every
 * mutation in the table above fails by world 9, and every edge is still reached in ≥ 10 % of the 30).
 */
const RUNS = TEST_DB === 'postgres' ? 100 : 30;
/** Every edge must be reached in at least this share of the worlds (each is planted in ≥ ~15 % by the generators). */
const MIN_SHARE = 0.1;

describe(`the SQL tick equals the model (${TEST_DB})`, () => {
  it.each(edgeWorlds().map((e) => [e.name, e] as const))('on the hand-made edge world: %s', async (_, e) => {
    await agree(e);
  });

  // Asserted coverage cases (`support/coverage-worlds.ts`): edges the random worlds
  // reach too rarely to guard the SQL; each asserts that its world really reaches its edge.
  it.each(coverageWorlds().map((c) => [c.name, c] as const))('on the coverage case: %s', async (_, c) => {
    const { results } = await agree(c);
    c.check(results);
  });

  it(`on ${RUNS} generated worlds over several days: same entries, notifications, reports, totals and world; every edge reached`, async () => {
    const counts = new Map<EdgeCase, number>();
    let worlds = 0;
    await fc.assert(fc.asyncProperty(worldArbitrary(), async (input) => {
      const { reached } = await agree(input);
      worlds += 1;
      for (const c of reached) counts.set(c, (counts.get(c) ?? 0) + 1);
    }), { numRuns: RUNS, seed: SEED, endOnFailure: true });
    const table = (Object.keys(EDGE_CASES) as EdgeCase[]).map((c) => ({ edge: c, worlds: counts.get(c) ?? 0, share: `${Math.round((100 * (counts.get(c) ?? 0)) / worlds)} %` }));
    console.log(`edge coverage over ${worlds} worlds (seed ${SEED}, ${TEST_DB}):\n${table.map((r) => `  ${r.edge.padEnd(30)} ${String(r.worlds).padStart(4)}  ${r.share}`).join('\n')}`);
    if (SEED === DEFAULT_SEED) {
      expect(table.filter((r) => r.worlds < MIN_SHARE * worlds)).toEqual([]);
    }
  }, 900_000);
});

/**
 * SQL of the Valley map (GAME-RULES.md §2): land cells, gold mine workers per land (`mine_workers`)
 * and land holders (`holdings`), each one small statement.
 *
 * "Minted" (GAME-RULES.md §2): a land is minted once its NFT has left the mint. On the emulated
 * chain the mint is the treasury address that the demo seed puts every land at (the faucet's
 * `--land` mints one by moving it out); so a land is *not minted* exactly while the emulator's
 * treasury holds it. On a real network the Kingdom does not see the mint, so every land counts as
 * minted, with an owner when a Kingdom player's synced wallet holds it.
 */
import { LAND_POLICY_ID, hexName, type Biome, type LandSize, type ValleyMapLand } from '@kingdom/game';
import { statement, type Database } from '../../db/client.ts';
import { TREASURY_ADDRESS } from '../../seed/demo-world.ts';

/** Optional area filter: lands within `radius` hex steps of (q, r). */
export interface Area {
  q: number;
  r: number;
  radius: number;
}

/** Land columns, one array per column in id order (one row: far cheaper than 5,000 rows on PGlite). */
interface CellColumns { id: number[]; q: number[]; r: number[]; size: LandSize[]; biome: Biome[]; goldmine_level: Array<number | null>; minted: boolean[] }

// $1 treasury address; $2..$4 area (all null = every land). The aggregates read the sorted
// subquery in one pass, so the arrays line up and keep id order.
const cellsStmt = statement('valley_cells', `
  SELECT coalesce(array_agg(c.id), '{}') AS id, coalesce(array_agg(c.q), '{}') AS q, coalesce(array_agg(c.r), '{}') AS r,
    coalesce(array_agg(c.size), '{}') AS size, coalesce(array_agg(c.biome), '{}') AS biome,
    coalesce(array_agg(c.goldmine_level), '{}') AS goldmine_level, coalesce(array_agg(c.minted), '{}') AS minted
  FROM (
    SELECT l.id::int AS id, l.q::int AS q, l.r::int AS r, l.size::text AS size, l.biome::text AS biome, l.goldmine_level::int AS goldmine_level,
      NOT EXISTS (SELECT 1 FROM emu_assets e WHERE e.chain = 'cardano' AND e.address = $1 AND e.collection_key = l.collection_key AND e.asset_key = l.asset_key) AS minted
    FROM lands l
    WHERE $2::int IS NULL OR (l.q BETWEEN $2::int - $4::int AND $2::int + $4::int AND l.r BETWEEN $3::int - $4::int AND $3::int + $4::int
      AND abs(l.q - $2::int) + abs(l.r - $3::int) + abs(l.q + l.r - $2::int - $3::int) <= 2 * $4::int)
    ORDER BY l.id
  ) c`);

/** Every land's cell, size, biome, gold mine level and minted flag (or those of an area), as columns in id order. */
export async function landCells(db: Database, area?: Area): Promise<CellColumns> {
  const [row] = await db.query<CellColumns>(cellsStmt, [TREASURY_ADDRESS, area?.q ?? null, area?.r ?? null, area?.radius ?? null]);
  return row!;
}

const workersStmt = statement('valley_goldmine_workers', `
  SELECT land_id::int AS land_id, count(*)::int AS n FROM mine_workers WHERE mine = 'goldmine' GROUP BY land_id`);

/** Gold mine workers per land id (lands without workers are absent). */
export async function goldmineWorkerCounts(db: Database): Promise<Map<number, number>> {
  const rows = await db.query<{ land_id: number; n: number }>(workersStmt, []);
  return new Map(rows.map((r) => [r.land_id, r.n]));
}

// One holder per land: the lowest address.
const holdersStmt = statement('valley_land_holders', `
  SELECT DISTINCT ON (l.id) l.id::int AS land_id, h.address
  FROM holdings h JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key
  WHERE h.collection_key = $1 AND h.quantity > 0 AND ($2::int[] IS NULL OR l.id = ANY($2::int[]))
  ORDER BY l.id, h.address`);

/** Holder address per land id, as synced from Kingdom players' wallets (all lands, or `ids`). */
export async function landHolders(db: Database, ids?: number[]): Promise<Map<number, string>> {
  const rows = await db.query<{ land_id: number; address: string }>(holdersStmt, [LAND_POLICY_ID, ids ?? null]);
  return new Map(rows.map((r) => [r.land_id, r.address]));
}

const userLandsStmt = statement('valley_user_lands', `
  SELECT DISTINCT l.id::int AS id
  FROM holdings h JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key
  WHERE h.user_id = $1 AND h.collection_key = '${LAND_POLICY_ID}' AND h.quantity > 0 ORDER BY 1`);

/** Ids of the lands a user holds through its linked wallets. */
export async function userLandIds(db: Database, userId: number): Promise<number[]> {
  return (await db.query<{ id: number }>(userLandsStmt, [userId])).map((r) => r.id);
}

/** The whole map (or an area) in the codec's form: cells, workers and holders joined by id. */
export async function valleyLands(db: Database, area?: Area): Promise<Array<ValleyMapLand & { hexName: string }>> {
  const c = await landCells(db, area);
  const [workers, holders] = await Promise.all([goldmineWorkerCounts(db), landHolders(db, area ? c.id : undefined)]);
  return c.id.map((id, i) => ({
    id, q: c.q[i]!, r: c.r[i]!, hexName: hexName(c.q[i]!, c.r[i]!), size: c.size[i]!, biome: c.biome[i]!, goldmineLevel: c.goldmine_level[i] ?? null,
    workers: workers.get(id) ?? 0, owner: holders.get(id) ?? null, minted: c.minted[i]! || holders.has(id),
  }));
}

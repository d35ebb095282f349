/**
 * SQL of the Valley map (docs/game-rules.md §2): land cells, gold mine workers per land (`mine_workers`)
 * and land holders (`holdings`), each one small statement.
 *
 * "Minted" (docs/game-rules.md §2): a land is minted once its NFT has left the mint. On the emulated
 * chain the mint is the treasury address that the demo seed puts every land at (the faucet's
 * `--land` mints one by moving it out); so a land is *not minted* exactly while the emulator's
 * treasury holds it. On a real network the Kingdom does not see the mint, so every land counts as
 * minted, with an owner when a Kingdom player's synced wallet holds it.
 */
import { hexName, type Biome, type LandSize, type ValleyMapLand } from '@kingdom/game';
import { sql } from 'drizzle-orm';
import { prepared, runPrepared, type Database } from '../../db/client.ts';
import { TREASURY_ADDRESS } from '@kingdom/emulators';
import { LAND_POLICY_SQL } from '../../world-import/collections.ts';

/** Optional area filter: lands within `radius` hex steps of (q, r). */
export interface Area {
  q: number;
  r: number;
  radius: number;
}

/** Land columns, one array per column in id order (one row: far cheaper than 5,000 rows on PGlite). */
interface CellColumns { id: number[]; q: number[]; r: number[]; size: LandSize[]; biome: Biome[]; goldmine_level: Array<number | null>; minted: boolean[] }

// The area (q, r, radius) all null = every land. The aggregates read the sorted subquery in one
// pass, so the arrays line up and keep id order.
const [treasury, q, r, radius] = ['treasury', 'q', 'r', 'radius'].map((n) => sql.placeholder(n));
const cellsStmt = prepared('valley_cells', sql`
  SELECT coalesce(array_agg(c.id), '{}') AS id, coalesce(array_agg(c.q), '{}') AS q, coalesce(array_agg(c.r), '{}') AS r,
    coalesce(array_agg(c.size), '{}') AS size, coalesce(array_agg(c.biome), '{}') AS biome,
    coalesce(array_agg(c.goldmine_level), '{}') AS goldmine_level, coalesce(array_agg(c.minted), '{}') AS minted
  FROM (
    SELECT l.id::int AS id, l.q::int AS q, l.r::int AS r, l.size::text AS size, l.biome::text AS biome, l.goldmine_level::int AS goldmine_level,
      NOT EXISTS (SELECT 1 FROM emu_assets e WHERE e.chain = 'cardano' AND e.address = ${treasury} AND e.collection_key = l.collection_key AND e.asset_key = l.asset_key) AS minted
    FROM lands l
    WHERE ${q}::int IS NULL OR (l.q BETWEEN ${q}::int - ${radius}::int AND ${q}::int + ${radius}::int AND l.r BETWEEN ${r}::int - ${radius}::int AND ${r}::int + ${radius}::int
      AND abs(l.q - ${q}::int) + abs(l.r - ${r}::int) + abs(l.q + l.r - ${q}::int - ${r}::int) <= 2 * ${radius}::int)
    ORDER BY l.id
  ) c`);

/** Every land's cell, size, biome, gold mine level and minted flag (or those of an area), as columns in id order. */
export async function landCells(db: Database, area?: Area): Promise<CellColumns> {
  const [row] = await runPrepared<CellColumns>(db, cellsStmt, { treasury: TREASURY_ADDRESS, q: area?.q ?? null, r: area?.r ?? null, radius: area?.radius ?? null });
  return row!;
}

const workersStmt = prepared('valley_goldmine_workers', sql`
  SELECT land_id::int AS land_id, count(*)::int AS n FROM mine_workers WHERE mine = 'goldmine' GROUP BY land_id`);

/** Gold mine workers per land id (lands without workers are absent). */
export async function goldmineWorkerCounts(db: Database): Promise<Map<number, number>> {
  const rows = await runPrepared<{ land_id: number; n: number }>(db, workersStmt);
  return new Map(rows.map((r) => [r.land_id, r.n]));
}

// One holder per land: the lowest address.
const holdersStmt = prepared('valley_land_holders', sql`
  SELECT DISTINCT ON (l.id) l.id::int AS land_id, h.address
  FROM holdings h JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key
  WHERE h.collection_key = ${LAND_POLICY_SQL} AND h.quantity > 0 AND (${sql.placeholder('ids')}::int[] IS NULL OR l.id = ANY(${sql.placeholder('ids')}::int[]))
  ORDER BY l.id, h.address`);

/** Holder address per land id, as synced from Kingdom players' wallets (all lands, or `ids`). */
export async function landHolders(db: Database, ids?: number[]): Promise<Map<number, string>> {
  const rows = await runPrepared<{ land_id: number; address: string }>(db, holdersStmt, { ids: ids ?? null });
  return new Map(rows.map((r) => [r.land_id, r.address]));
}

const userLandsStmt = prepared('valley_user_lands', sql`
  SELECT DISTINCT l.id::int AS id
  FROM holdings h JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key
  WHERE h.user_id = ${sql.placeholder('user')} AND h.collection_key = ${LAND_POLICY_SQL} AND h.quantity > 0 ORDER BY 1`);

/** Ids of the lands a user holds through its linked wallets. */
export async function userLandIds(db: Database, userId: number): Promise<number[]> {
  return (await runPrepared<{ id: number }>(db, userLandsStmt, { user: userId })).map((r) => r.id);
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

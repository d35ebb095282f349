/**
 * SQL of lands (spec §3, GAME-RULES §2): the player's lands and the whole collection (paged,
 * searchable), single lands with their owner, and the size change of an expansion. A land's owner
 * is the account whose `holdings` row holds its NFT.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LAND_POLICY_ID, hexName, parseHexName } from '@kingdom/game';
import { exec, statement, type Database, type Orm } from '../../db/client.ts';
import { SESSION_CLOCK, SESSION_WHERE, sessionRows } from '../../auth/session.ts';
import type { SharedCache } from '../../http/shared-cache.ts';
import type { LandRow } from './land.ts';

/** A land with the account that holds it (null when no signed-in player holds it). */
export interface OwnedLandRow extends LandRow {
  owner_user_id: number | null;
}

const LAND_COLUMNS = `l.id, l.hex_name, l.name, l.size, l.biome, l.q, l.r, l.policy_id, l.asset_name,
  l.goldmine_level, l.frenmine_level, l.has_update,
  (SELECT count(*) FROM mine_workers mw WHERE mw.land_id = l.id AND mw.mine = 'goldmine')::int AS workers`;

// The session's user (and the clock check), then its page from the shared cache of land pages or,
// on a miss, one statement: the total rides on each row (a window count before the page is cut);
// a page past the end asks for it apart.
const mySessionStmt = statement('lands_my_session', `
  SELECT s.user_id::int AS user_id, (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM reads_lands_version)::text AS version, ${SESSION_CLOCK}
  FROM sessions s WHERE ${SESSION_WHERE}`);

const MY_LANDS = `FROM holdings h
    JOIN lands l ON l.policy_id = h.collection_key AND l.asset_name = h.asset_key
    WHERE h.user_id = $1 AND h.collection_key = '${LAND_POLICY_ID}'
      AND ($2::text IS NULL OR l.hex_name ILIKE '%' || $2 || '%')`;
const myLandsStmt = statement('lands_my_page', `
  SELECT ${LAND_COLUMNS}, h.address AS owner, count(*) OVER ()::int AS total
  ${MY_LANDS}
  ORDER BY l.id LIMIT $3 OFFSET $4`);

const countMyLandsStmt = statement('lands_my_page_count', `SELECT count(*)::int AS total ${MY_LANDS}`);

const allLandsStmt = statement('lands_all', `
  SELECT ${LAND_COLUMNS},
    (SELECT h.address FROM holdings h WHERE h.collection_key = l.policy_id AND h.asset_key = l.asset_name LIMIT 1) AS owner,
    count(*) OVER ()::int AS total
  FROM lands l
  WHERE ($1::text IS NULL OR l.hex_name ILIKE '%' || $1 || '%')
  ORDER BY l.id LIMIT $2 OFFSET $3`);

const countAllStmt = statement('lands_all_count', `SELECT count(*)::int AS total FROM lands l WHERE ($1::text IS NULL OR l.hex_name ILIKE '%' || $1 || '%')`);

/** One page of a list of lands, with the total. */
export interface LandsPage {
  lands: LandRow[];
  total: number;
}

/**
 * The request's user's lands, one page, with the total. Pages are kept in `pages` (topic `lands`:
 * dropped by every process when lands, holdings or gold mine workers change), keyed by the version
 * that such a change advances before it commits (migration 0010); the session (with that version)
 * is checked by its own statement on every request.
 * @throws ApiError USER_NOT_AUTH
 */
export async function myLandsPage(db: Database, pages: SharedCache<LandsPage>, request: FastifyRequest, term: string | null, limit: number, offset: number): Promise<LandsPage> {
  const [session] = await sessionRows<{ user_id: number; version: string }>(db, mySessionStmt, request);
  const userId = session!.user_id;
  return pages.get(`${session!.version}|${userId}|${limit}|${offset}|${term ?? ''}`, async () => {
    const lands = await db.query<LandRow & { total: number }>(myLandsStmt, [userId, term, limit, offset]);
    const total = lands[0]?.total ?? (offset > 0 ? (await db.query<{ total: number }>(countMyLandsStmt, [userId, term]))[0]!.total : 0);
    return { lands, total };
  });
}

/** One page of the whole collection, with the total. */
export async function allLandsPage(db: Database, term: string | null, limit: number, offset: number): Promise<{ lands: LandRow[]; total: number }> {
  const rows = await db.query<LandRow & { total: number }>(allLandsStmt, [term, limit, offset]);
  const total = rows[0]?.total ?? (await db.query<{ total: number }>(countAllStmt, [term]))[0]!.total;
  return { lands: rows, total };
}

/** Lands with owner (holder address and account) and gold mine worker count, filtered by `where` (alias `l`, `o`). */
export async function selectLands(orm: Orm, where: SQL): Promise<OwnedLandRow[]> {
  return exec<OwnedLandRow>(orm, sql`
    SELECT ${sql.raw(LAND_COLUMNS)}, o.address AS owner, o.user_id AS owner_user_id
    FROM lands l
    LEFT JOIN LATERAL (
      SELECT h.address, h.user_id FROM holdings h
      WHERE h.collection_key = l.policy_id AND h.asset_key = l.asset_name ORDER BY h.user_id LIMIT 1
    ) o ON true
    WHERE ${where} ORDER BY l.id`);
}

/** The lands an account holds. */
export async function userLands(orm: Orm, userId: number): Promise<OwnedLandRow[]> {
  return exec<OwnedLandRow>(orm, sql`
    SELECT ${sql.raw(LAND_COLUMNS)}, h.address AS owner, h.user_id AS owner_user_id
    FROM holdings h JOIN lands l ON l.policy_id = h.collection_key AND l.asset_name = h.asset_key
    WHERE h.user_id = ${userId} AND h.collection_key = ${LAND_POLICY_ID} ORDER BY l.id`);
}

/** The canonical form of a requested hex name (`e03n12` → `E03N12`), or null when it names no cell. */
function canonical(name: string): string | null {
  const cell = parseHexName(name);
  return cell ? hexName(cell.q, cell.r) : null;
}

/** The land `name` (a hex name, any case), with its owner, or undefined. */
export async function landByHexName(orm: Orm, name: string): Promise<OwnedLandRow | undefined> {
  const c = canonical(name);
  return c ? (await selectLands(orm, sql`l.hex_name = ${c}`))[0] : undefined;
}

/** Locks the land `name` for this transaction and returns it with its owner, or undefined. */
export async function lockLand(tx: Orm, name: string): Promise<OwnedLandRow | undefined> {
  const c = canonical(name);
  if (!c) return undefined;
  const [locked] = await exec<{ id: number }>(tx, sql`SELECT id FROM lands WHERE hex_name = ${c} FOR UPDATE`);
  if (!locked) return undefined;
  return (await selectLands(tx, sql`l.id = ${locked.id}`))[0];
}

/** Sets a land's size. */
export async function setLandSize(tx: Orm, landId: number, size: string): Promise<void> {
  await exec(tx, sql`UPDATE lands SET size = ${size} WHERE id = ${landId}`);
}

/**
 * SQL of lands (docs/product.md §3, docs/game-rules.md §2): the player's lands and the whole collection (paged,
 * searchable), single lands with their owner, and the size change of an expansion. A land's owner
 * is the account whose `holdings` row holds its NFT.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hexName, parseHexName } from '@kingdom/game';
import { exec, prepared, runPrepared, type Database, type Orm } from '../../db/client.ts';
import { HELD_LANDS } from '../../world-import/collections.ts';
import { sessionRows, sessionStatement } from '../../auth/session.ts';
import { readsVersionSql, type SharedCache } from '../../http/shared-cache.ts';
import type { LandRow } from './land.ts';

/** A land with the account that holds it (null when no signed-in player holds it). */
export interface OwnedLandRow extends LandRow {
  owner_user_id: number | null;
}

const LAND_COLUMNS = `l.id, l.hex_name, l.name, l.size, l.biome, l.q, l.r, l.collection_key, l.asset_key,
  l.goldmine_level, l.frenmine_level, l.has_update,
  (SELECT count(*) FROM mine_workers mw WHERE mw.land_id = l.id AND mw.mine = 'goldmine')::int AS workers`;

// The session's user (and the clock check), then its page from the shared cache of land pages or,
// on a miss, one statement: the total rides on each row (a window count before the page is cut);
// a page past the end asks for it apart.
const mySessionStmt = sessionStatement('lands_my_session', ({ session, clock }) => sql`
  SELECT s.user_id::int AS user_id, ${readsVersionSql('reads_lands_version')} AS version, ${clock}
  FROM sessions s WHERE ${session}`, { coalesce: {} });

// A search term (`term`, text or null: no filter) matches hex names containing it, case-insensitively.
const TERM = sql`${sql.placeholder('term')}::text`;
const TERM_MATCHES = sql`(${TERM} IS NULL OR l.hex_name ILIKE '%' || ${TERM} || '%')`;
const MY_LANDS = sql`FROM ${HELD_LANDS}
    WHERE h.user_id = ${sql.placeholder('user_id')} AND ${TERM_MATCHES}`;
const PAGE = sql`LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}`;
const myLandsStmt = prepared('lands_my_page', sql`
  SELECT ${sql.raw(LAND_COLUMNS)}, h.address AS owner, count(*) OVER ()::int AS total
  ${MY_LANDS}
  ORDER BY l.id ${PAGE}`);

const countMyLandsStmt = prepared('lands_my_page_count', sql`SELECT count(*)::int AS total ${MY_LANDS}`);

const allLandsStmt = prepared('lands_all', sql`
  SELECT ${sql.raw(LAND_COLUMNS)},
    (SELECT h.address FROM holdings h WHERE h.collection_key = l.collection_key AND h.asset_key = l.asset_key LIMIT 1) AS owner,
    count(*) OVER ()::int AS total
  FROM lands l
  WHERE ${TERM_MATCHES}
  ORDER BY l.id ${PAGE}`);

const countAllStmt = prepared('lands_all_count', sql`SELECT count(*)::int AS total FROM lands l WHERE ${TERM_MATCHES}`);

/** One page of a list of lands, with the total. */
export interface LandsPage {
  lands: LandRow[];
  total: number;
}

/**
 * The request's user's lands, one page with the total, as `render` makes it of them (e.g. the
 * serialized answer). Rendered pages are kept in `pages` (topic `lands`: dropped by every process
 * when lands, holdings or gold mine workers change), keyed by the version that such a change
 * advances before it commits (migration 0010); the session (with that version) is checked by its
 * own statement on every request, the page's statement runs only on a miss.
 * @throws ApiError USER_NOT_AUTH
 */
export async function myLandsPage<T>(db: Database, pages: SharedCache<T>, request: FastifyRequest, term: string | null, limit: number, offset: number, render: (page: LandsPage) => T): Promise<T> {
  const [session] = await sessionRows<{ user_id: number; version: string }>(db, mySessionStmt, request);
  const userId = session!.user_id;
  return pages.get(`${session!.version}|${userId}|${limit}|${offset}|${term ?? ''}`, async () => {
    const lands = await runPrepared<LandRow & { total: number }>(db, myLandsStmt, { user_id: userId, term, limit, offset });
    const total = lands[0]?.total ?? (offset > 0 ? (await runPrepared<{ total: number }>(db, countMyLandsStmt, { user_id: userId, term }))[0]!.total : 0);
    return render({ lands, total });
  });
}

/** One page of the whole collection, with the total. */
export async function allLandsPage(db: Database, term: string | null, limit: number, offset: number): Promise<{ lands: LandRow[]; total: number }> {
  const rows = await runPrepared<LandRow & { total: number }>(db, allLandsStmt, { term, limit, offset });
  const total = rows[0]?.total ?? (await runPrepared<{ total: number }>(db, countAllStmt, { term }))[0]!.total;
  return { lands: rows, total };
}

/** Lands with owner (holder address and account) and gold mine worker count, filtered by `where` (alias `l`, `o`). */
export async function selectLands(orm: Orm, where: SQL): Promise<OwnedLandRow[]> {
  return exec<OwnedLandRow>(orm, sql`
    SELECT ${sql.raw(LAND_COLUMNS)}, o.address AS owner, o.user_id AS owner_user_id
    FROM lands l
    LEFT JOIN LATERAL (
      SELECT h.address, h.user_id FROM holdings h
      WHERE h.collection_key = l.collection_key AND h.asset_key = l.asset_key ORDER BY h.user_id LIMIT 1
    ) o ON true
    WHERE ${where} ORDER BY l.id`);
}

/** The lands an account holds. */
export async function userLands(orm: Orm, userId: number): Promise<OwnedLandRow[]> {
  return exec<OwnedLandRow>(orm, sql`
    SELECT ${sql.raw(LAND_COLUMNS)}, h.address AS owner, h.user_id AS owner_user_id
    FROM ${HELD_LANDS}
    WHERE h.user_id = ${userId} ORDER BY l.id`);
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

/**
 * `lands` (spec §7): with `my=true` the signed-in user's lands (searchable by hex_name, paged),
 * otherwise the whole collection (public, for /collectibles). Pages of {@link PAGE_SIZE}.
 * `lands/:hex_name` (spec §2 `/land/:hex_name?`): one land with its mines, minted flag and the
 * lands around it; `LAND_NOT_AVAILABLE` for a name that is no land.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { PATHS, landsResponse, listQuery, landDetailResponse, hexNameParam } from '@kingdom/api';
import { PAGE_SIZE, LAND_SIZE_INFO, hexName, parseHexName } from '@kingdom/game';
import { toLand, type LandRow } from './land.ts';
import { bearerHash, requireSession, SESSION_WHERE } from '../../auth/session.ts';
import { statement } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { loadMines, selectLands } from '../mines/queries.ts';
import { valleyLands } from '../valley/repository.ts';

const LAND_COLUMNS = `l.id, l.hex_name, l.name, l.size, l.biome, l.q, l.r, l.policy_id, l.asset_name,
  l.goldmine_level, l.frenmine_level, l.has_update, (SELECT count(*) FROM goldmine_workers gw WHERE gw.land_id = l.id)::int AS workers`;

// One round trip: the session row LEFT JOINs its page of lands, so a valid session with no lands
// still answers one row (with null land columns) and an invalid one answers none. The total rides
// on each row (a window count before the page is cut); a page past the end asks for it apart.
const MY_LANDS = `FROM wallets w
    JOIN nft_holdings h ON h.chain = w.chain AND h.address = w.address
    JOIN lands l ON l.policy_id = h.policy_id AND l.asset_name = h.asset_name
    WHERE w.user_id = s.user_id AND ($3::text IS NULL OR l.hex_name ILIKE '%' || $3 || '%')`;
const myLandsStmt = statement('lands_my', `
  SELECT x.* FROM sessions s
  LEFT JOIN LATERAL (
    SELECT ${LAND_COLUMNS}, h.address AS owner, count(*) OVER ()::int AS total
    ${MY_LANDS}
    ORDER BY l.id LIMIT $4 OFFSET $5
  ) x ON true
  WHERE ${SESSION_WHERE}`);

const countMyLandsStmt = statement('lands_my_count', `
  SELECT (SELECT count(*) ${MY_LANDS})::int AS total FROM sessions s WHERE ${SESSION_WHERE}`);

const allLandsStmt = statement('lands_all', `
  SELECT ${LAND_COLUMNS},
    (SELECT h.address FROM nft_holdings h WHERE h.policy_id = l.policy_id AND h.asset_name = l.asset_name LIMIT 1) AS owner,
    count(*) OVER ()::int AS total
  FROM lands l
  WHERE ($1::text IS NULL OR l.hex_name ILIKE '%' || $1 || '%')
  ORDER BY l.id LIMIT $2 OFFSET $3`);

const countAllStmt = statement('lands_all_count', `SELECT count(*)::int AS total FROM lands l WHERE ($1::text IS NULL OR l.hex_name ILIKE '%' || $1 || '%')`);

/** A row of the land list statements: a land (null columns for a session without lands) and the total. */
type ListRow = (LandRow | { [K in keyof LandRow]: null }) & { total: number };

/** `%` and `_` in a search are literal characters, not patterns. */
function searchTerm(search: string | undefined): string | null {
  const s = search?.trim();
  return s ? s.replace(/[\\%_]/g, (c) => `\\${c}`) : null;
}

export const landRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  app.get(PATHS.lands, {
    schema: { tags: ['lands'], summary: 'Lands: the user\'s (my=true, bearer token) or the whole collection', querystring: listQuery, response: { 200: landsResponse } },
  }, async (request) => {
    const { my, page, search } = request.query;
    const term = searchTerm(search);
    const offset = (page - 1) * PAGE_SIZE;
    if (my) {
      const hash = bearerHash(request);
      const rows = await db.query<ListRow>(myLandsStmt, [hash, clock(), term, PAGE_SIZE, offset]);
      if (rows.length === 0) fail('USER_NOT_AUTH');
      const lands = rows.filter((r): r is LandRow & { total: number } => r.id !== null).map(toLand);
      const total = rows[0]!.total ?? (offset > 0 ? (await db.query<{ total: number }>(countMyLandsStmt, [hash, clock(), term]))[0]?.total ?? 0 : 0);
      return { lands, total, page, per_page: PAGE_SIZE };
    }
    const rows = await db.query<ListRow>(allLandsStmt, [term, PAGE_SIZE, offset]);
    const total = rows[0]?.total ?? (await db.query<{ total: number }>(countAllStmt, [term]))[0]!.total;
    return { lands: (rows as Array<LandRow & { total: number }>).map(toLand), total, page, per_page: PAGE_SIZE };
  });

  app.get('/lands/:hex_name', {
    schema: { tags: ['lands'], summary: 'A land with its owner, mines and neighbours (public; `yours` with a bearer token)', params: hexNameParam, response: { 200: landDetailResponse } },
  }, async (request) => {
    const name = parseHexName(request.params.hex_name);
    if (!name) fail('LAND_NOT_AVAILABLE');
    const [row] = await selectLands(db.orm, sql`l.hex_name = ${hexName(name.q, name.r)}`);
    if (!row) fail('LAND_NOT_AVAILABLE');
    const [goldmine] = await loadMines(db.orm, 'goldmine', [row]);
    const [frenmine] = await loadMines(db.orm, 'frenmine', [row]);
    const area = await valleyLands(db, { q: row.q, r: row.r, radius: 2 });
    const self = area.find((l) => l.id === row.id);
    // The page is public: a missing or stale token just means a visitor.
    const session = request.headers.authorization ? await requireSession(db, request, clock()).catch(() => null) : null;
    return {
      land: toLand(row), goldmine: goldmine!, frenmine: frenmine!,
      minted: self?.minted ?? true,
      yours: session !== null && row.owner_user_id === session.userId,
      neighbours: area.filter((l) => l.id !== row.id).map((l) => ({
        hex_name: l.hexName, q: l.q, r: l.r, size_label: LAND_SIZE_INFO[l.size].label, biome: l.biome, minted: l.minted, owned: l.owner !== null,
      })),
    };
  });
};

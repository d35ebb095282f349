/**
 * SQL of mining tools (docs/product.md §7 `mining_tool`): the signed-in user's tools (one statement that checks
 * the session too) and the whole collection, a page at a time. Ownership comes from `holdings`.
 */
import type { FastifyRequest } from 'fastify';
import type { MiningTool } from '@kingdom/api';
import { sessionRows, sessionStatement } from '../../auth/session.ts';
import { sql } from 'drizzle-orm';
import { prepared, runPrepared, type Database } from '../../db/client.ts';
import { TOOL_POLICY_SQL } from '../../world-import/collections.ts';

const TOOL_COLUMNS = sql`t.id, k.key, k.name, t.serial, t.collection_key, t.asset_key, k.daily_hexo::text AS daily_hexo`;
/** The configured Mining Tool policy (docs/operator-guide.md), read in SQL. */
const MINING_TOOL = TOOL_POLICY_SQL;

const myToolsStmt = sessionStatement('mtools_my', ({ session }) => sql`
  SELECT x.*, (
    SELECT count(*) FROM holdings h
    JOIN mining_tools t ON t.collection_key = h.collection_key AND t.asset_key = h.asset_key
    WHERE h.user_id = s.user_id AND h.collection_key = ${MINING_TOOL}
  )::int AS total
  FROM sessions s
  LEFT JOIN LATERAL (
    SELECT ${TOOL_COLUMNS}, h.address AS owner
    FROM holdings h
    JOIN mining_tools t ON t.collection_key = h.collection_key AND t.asset_key = h.asset_key
    JOIN mining_tool_kinds k ON k.key = t.kind_key
    WHERE h.user_id = s.user_id AND h.collection_key = ${MINING_TOOL}
    ORDER BY t.id LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}
  ) x ON true
  WHERE ${session}`);

const allToolsStmt = prepared('mtools_all', sql`
  SELECT ${TOOL_COLUMNS},
    (SELECT h.address FROM holdings h WHERE h.collection_key = t.collection_key AND h.asset_key = t.asset_key LIMIT 1) AS owner,
    (SELECT count(*) FROM mining_tools)::int AS total
  FROM mining_tools t JOIN mining_tool_kinds k ON k.key = t.kind_key
  ORDER BY t.id LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}`);

interface ToolRow {
  id: number | null; key: string; name: string; serial: number; collection_key: string; asset_key: string; daily_hexo: string; owner: string | null; total: number;
}

function toTool(r: ToolRow): MiningTool {
  return { id: r.id!, key: r.key, name: r.name, serial: r.serial, policy_id: r.collection_key, asset_name: r.asset_key, daily_hexo: r.daily_hexo, owner: r.owner };
}

/** One page of mining tools (`daily_hexo` in HEXO base units, text) with the total they are cut from. */
export interface ToolsPage {
  mtools: MiningTool[];
  total: number;
}

/**
 * The request's user's mining tools, `limit` from `offset` (ordered by tool id), with their total,
 * in one round trip that checks the session.
 * @throws ApiError USER_NOT_AUTH when the token is missing, unknown, revoked or expired
 */
export async function myToolsPage(db: Database, request: FastifyRequest, limit: number, offset: number): Promise<ToolsPage> {
  const rows = await sessionRows<ToolRow>(db, myToolsStmt, request, { limit, offset });
  return { mtools: rows.filter((r) => r.id !== null).map(toTool), total: rows[0]!.total };
}

/** The whole collection of mining tools, `limit` from `offset` (ordered by tool id), with its total; `owner` = a holding address or null. */
export async function allToolsPage(db: Database, limit: number, offset: number): Promise<ToolsPage> {
  const rows = await runPrepared<ToolRow>(db, allToolsStmt, { limit, offset });
  return { mtools: rows.map(toTool), total: rows[0]?.total ?? 0 };
}

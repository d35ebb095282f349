/**
 * `mining_tool` (spec §7): with `my=true` the signed-in user's mining tools, otherwise the whole
 * collection (public). Pages of {@link PAGE_SIZE}.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, type MiningTool } from '@kingdom/api';
import { MINING_TOOL_POLICY_ID, PAGE_SIZE } from '@kingdom/game';
import { SESSION_WHERE, sessionRows } from '../../auth/session.ts';
import { statement } from '../../db/client.ts';
import { route } from '../../http/routes.ts';

const TOOL_COLUMNS = `t.id, k.key, k.name, t.serial, t.policy_id, t.asset_name, k.daily_hexo::text AS daily_hexo`;

const myToolsStmt = statement('mtools_my', `
  SELECT x.*, (
    SELECT count(*) FROM holdings h
    JOIN mining_tools t ON t.policy_id = h.collection_key AND t.asset_name = h.asset_key
    WHERE h.user_id = s.user_id AND h.collection_key = '${MINING_TOOL_POLICY_ID}'
  )::int AS total
  FROM sessions s
  LEFT JOIN LATERAL (
    SELECT ${TOOL_COLUMNS}, h.address AS owner
    FROM holdings h
    JOIN mining_tools t ON t.policy_id = h.collection_key AND t.asset_name = h.asset_key
    JOIN mining_tool_kinds k ON k.key = t.kind_key
    WHERE h.user_id = s.user_id AND h.collection_key = '${MINING_TOOL_POLICY_ID}'
    ORDER BY t.id LIMIT $3 OFFSET $4
  ) x ON true
  WHERE ${SESSION_WHERE}`);

const allToolsStmt = statement('mtools_all', `
  SELECT ${TOOL_COLUMNS},
    (SELECT h.address FROM holdings h WHERE h.collection_key = t.policy_id AND h.asset_key = t.asset_name LIMIT 1) AS owner,
    (SELECT count(*) FROM mining_tools)::int AS total
  FROM mining_tools t JOIN mining_tool_kinds k ON k.key = t.kind_key
  ORDER BY t.id LIMIT $1 OFFSET $2`);

interface ToolRow {
  id: number | null; key: string; name: string; serial: number; policy_id: string; asset_name: string; daily_hexo: string; owner: string | null; total: number;
}

function toTool(r: ToolRow): MiningTool {
  return { id: r.id!, key: r.key, name: r.name, serial: r.serial, policy_id: r.policy_id, asset_name: r.asset_name, daily_hexo: r.daily_hexo, owner: r.owner };
}

/** Registers the mining-tool list endpoint. */
export async function miningToolRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.miningTools, async ({ query, request }) => {
    const { my, page } = query;
    const offset = (page - 1) * PAGE_SIZE;
    if (my) {
      const rows = await sessionRows<ToolRow>(db, myToolsStmt, request, [PAGE_SIZE, offset]);
      return { mtools: rows.filter((r) => r.id !== null).map(toTool), total: rows[0]!.total, page, per_page: PAGE_SIZE };
    }
    const rows = await db.query<ToolRow>(allToolsStmt, [PAGE_SIZE, offset]);
    return { mtools: rows.map(toTool), total: rows[0]?.total ?? 0, page, per_page: PAGE_SIZE };
  });
}

/**
 * `mining_tool` (spec §7): with `my=true` the signed-in user's mining tools, otherwise the whole
 * collection (public). Pages of {@link PAGE_SIZE}.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PATHS, miningToolsResponse, listQuery, type MiningTool } from '@kingdom/api';
import { PAGE_SIZE } from '@kingdom/game';
import { bearerHash, SESSION_WHERE } from '../../auth/session.ts';
import { statement } from '../../db/client.ts';
import { fail } from '../../errors.ts';

const TOOL_COLUMNS = `t.id, k.key, k.name, t.serial, t.policy_id, t.asset_name, k.daily_hexo::text AS daily_hexo`;

const myToolsStmt = statement('mtools_my', `
  SELECT x.*, (
    SELECT count(*) FROM wallets w
    JOIN nft_holdings h ON h.chain = w.chain AND h.address = w.address
    JOIN mining_tools t ON t.policy_id = h.policy_id AND t.asset_name = h.asset_name
    WHERE w.user_id = s.user_id
  )::int AS total
  FROM sessions s
  LEFT JOIN LATERAL (
    SELECT ${TOOL_COLUMNS}, h.address AS owner
    FROM wallets w
    JOIN nft_holdings h ON h.chain = w.chain AND h.address = w.address
    JOIN mining_tools t ON t.policy_id = h.policy_id AND t.asset_name = h.asset_name
    JOIN mining_tool_kinds k ON k.key = t.kind_key
    WHERE w.user_id = s.user_id
    ORDER BY t.id LIMIT $3 OFFSET $4
  ) x ON true
  WHERE ${SESSION_WHERE}`);

const allToolsStmt = statement('mtools_all', `
  SELECT ${TOOL_COLUMNS},
    (SELECT h.address FROM nft_holdings h WHERE h.policy_id = t.policy_id AND h.asset_name = t.asset_name LIMIT 1) AS owner,
    (SELECT count(*) FROM mining_tools)::int AS total
  FROM mining_tools t JOIN mining_tool_kinds k ON k.key = t.kind_key
  ORDER BY t.id LIMIT $1 OFFSET $2`);

interface ToolRow {
  id: number | null; key: string; name: string; serial: number; policy_id: string; asset_name: string; daily_hexo: string; owner: string | null; total: number;
}

function toTool(r: ToolRow): MiningTool {
  return { id: r.id!, key: r.key, name: r.name, serial: r.serial, policy_id: r.policy_id, asset_name: r.asset_name, daily_hexo: r.daily_hexo, owner: r.owner };
}

export const miningToolRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  app.get(PATHS.miningTools, {
    schema: { tags: ['mining tools'], summary: 'Mining tools: the user\'s (my=true, bearer token) or the whole collection', querystring: listQuery, response: { 200: miningToolsResponse } },
  }, async (request) => {
    const { my, page } = request.query;
    const offset = (page - 1) * PAGE_SIZE;
    if (my) {
      const rows = await db.query<ToolRow>(myToolsStmt, [bearerHash(request), clock(), PAGE_SIZE, offset]);
      if (rows.length === 0) fail('USER_NOT_AUTH');
      return { mtools: rows.filter((r) => r.id !== null).map(toTool), total: rows[0]!.total, page, per_page: PAGE_SIZE };
    }
    const rows = await db.query<ToolRow>(allToolsStmt, [PAGE_SIZE, offset]);
    return { mtools: rows.map(toTool), total: rows[0]?.total ?? 0, page, per_page: PAGE_SIZE };
  });
};

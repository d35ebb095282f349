/** `inventory/items` and `inventory/count` (spec §7): the user's app-inventory items. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PATHS, itemsResponse, countResponse } from '@kingdom/api';
import { bearerHash, SESSION_WHERE } from '../../auth/session.ts';
import { statement } from '../../db/client.ts';
import { fail } from '../../errors.ts';

// The LEFT JOIN keeps one row for a valid session with no items (key is then null).
const itemsStmt = statement('inventory_items', `
  SELECT k.key, k.name, ui.amount::int AS amount, k.is_craftable
  FROM sessions s
  LEFT JOIN user_items ui ON ui.user_id = s.user_id AND ui.amount > 0
  LEFT JOIN item_kinds k ON k.key = ui.item_key
  WHERE ${SESSION_WHERE}
  ORDER BY k.category, k.tier NULLS LAST, k.key`);

const countStmt = statement('inventory_count', `
  SELECT COALESCE((SELECT sum(amount) FROM user_items ui WHERE ui.user_id = s.user_id), 0)::int AS count
  FROM sessions s WHERE ${SESSION_WHERE}`);

const secured = { tags: ['inventory'], security: [{ bearer: [] }] };

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(PATHS.inventoryItems, { schema: { ...secured, summary: 'Items in the app inventory', response: { 200: itemsResponse } } }, async (request) => {
    const rows = await db.query<{ key: string | null; name: string; amount: number; is_craftable: boolean }>(itemsStmt, [bearerHash(request), clock()]);
    if (rows.length === 0) fail('USER_NOT_AUTH');
    return { items: rows.filter((r) => r.key !== null).map((r) => ({ key: r.key!, name: r.name, amount: r.amount, is_craftable: r.is_craftable })) };
  });

  app.get(PATHS.inventoryCount, { schema: { ...secured, summary: 'Number of items in the app inventory', response: { 200: countResponse } } }, async (request) => {
    const rows = await db.query<{ count: number }>(countStmt, [bearerHash(request), clock()]);
    if (!rows[0]) fail('USER_NOT_AUTH');
    return { count: rows[0].count };
  });
};

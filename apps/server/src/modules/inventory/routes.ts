/** `inventory/items` and `inventory/count` (spec §7): the user's app-inventory items. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { statement } from '../../db/client.ts';
import { SESSION_WHERE, sessionRows } from '../../auth/session.ts';
import { route } from '../../http/routes.ts';

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

/** Registers the inventory endpoints. */
export async function inventoryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.inventoryItems, async ({ request }) => {
    const rows = await sessionRows<{ key: string | null; name: string; amount: number; is_craftable: boolean }>(db, itemsStmt, request);
    return { items: rows.filter((r) => r.key !== null).map((r) => ({ key: r.key!, name: r.name, amount: r.amount, is_craftable: r.is_craftable })) };
  });
  route(app, ENDPOINTS.inventoryCount, async ({ request }) => {
    const [row] = await sessionRows<{ count: number }>(db, countStmt, request);
    return { count: row!.count };
  });
}

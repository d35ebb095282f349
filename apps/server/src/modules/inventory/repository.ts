/** SQL of the app inventory (docs/product.md §7 `inventory/items`, `inventory/count`): one statement each that checks the session too. */
import type { FastifyRequest } from 'fastify';
import type { Item } from '@kingdom/api';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessionRows, sessionStatement } from '../../auth/session.ts';

// The LEFT JOIN keeps one row for a valid session with no items (key is then null).
const itemsStmt = sessionStatement('inventory_items', ({ session }) => sql`
  SELECT k.key, k.name, ui.amount::int AS amount, k.is_craftable
  FROM sessions s
  LEFT JOIN user_items ui ON ui.user_id = s.user_id AND ui.amount > 0
  LEFT JOIN item_kinds k ON k.key = ui.item_key
  WHERE ${session}
  ORDER BY k.category, k.tier NULLS LAST, k.key`);

const countStmt = sessionStatement('inventory_count', ({ session }) => sql`
  SELECT COALESCE((SELECT sum(amount) FROM user_items ui WHERE ui.user_id = s.user_id), 0)::int AS count
  FROM sessions s WHERE ${session}`);

/**
 * The request's user's items with a positive amount, by category, tier and key.
 * @throws ApiError USER_NOT_AUTH when the token is missing, unknown, revoked or expired
 */
export async function inventoryItems(db: Database, request: FastifyRequest): Promise<Item[]> {
  const rows = await sessionRows<{ key: string | null; name: string; amount: number; is_craftable: boolean }>(db, itemsStmt, request);
  return rows.filter((r) => r.key !== null).map((r) => ({ key: r.key!, name: r.name, amount: r.amount, is_craftable: r.is_craftable }));
}

/**
 * How many items (all kinds summed) the request's user has.
 * @throws ApiError USER_NOT_AUTH when the token is missing, unknown, revoked or expired
 */
export async function inventoryCount(db: Database, request: FastifyRequest): Promise<number> {
  const [row] = await sessionRows<{ count: number }>(db, countStmt, request);
  return row!.count;
}

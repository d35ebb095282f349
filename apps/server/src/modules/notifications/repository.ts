/** SQL of the inbox (docs/product.md §3 notification types): unread count, pages newest first, mark read. */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Notification, NotificationType } from '@kingdom/api';
import { exec, type Database, type Orm } from '../../db/client.ts';
import { sessionRows, sessionStatement } from '../../auth/session.ts';

/** Notifications per inbox page. */
export const INBOX_PAGE_SIZE = 20;

// carries the clock fragment: its route reads the shared clock in this one statement (`clock: 'in-query'`)
const countStmt = sessionStatement('notifications_count', ({ session, clock }) => sql`
  SELECT (SELECT count(*) FROM notifications n WHERE n.user_id = s.user_id AND n.read_at IS NULL)::int AS count, ${clock}
  FROM sessions s WHERE ${session}`, { coalesce: {} });

/** Unread notifications of the request's user. @throws ApiError USER_NOT_AUTH */
export async function unreadCount(db: Database, request: FastifyRequest): Promise<number> {
  const [row] = await sessionRows<{ count: number }>(db, countStmt, request);
  return row!.count;
}

/** One inbox page (1-based) with the total and unread counts. */
export async function inboxPage(orm: Orm, userId: number, page: number): Promise<{ notifications: Notification[]; total: number; unread: number }> {
  const rows = await exec<{ id: number; type: Notification['type']; data: Record<string, unknown> | string; read: boolean; created_at: string | Date; total: number; unread: number }>(orm, sql`
    SELECT n.id::int AS id, n.type, n.data, n.read_at IS NOT NULL AS read, n.created_at,
      (SELECT count(*) FROM notifications x WHERE x.user_id = ${userId})::int AS total,
      (SELECT count(*) FROM notifications x WHERE x.user_id = ${userId} AND x.read_at IS NULL)::int AS unread
    FROM notifications n WHERE n.user_id = ${userId}
    ORDER BY n.created_at DESC, n.id DESC LIMIT ${INBOX_PAGE_SIZE} OFFSET ${(page - 1) * INBOX_PAGE_SIZE}`);
  let total = rows[0]?.total;
  let unread = rows[0]?.unread;
  if (total === undefined || unread === undefined) {
    const [c] = await exec<{ total: number; unread: number }>(orm, sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread FROM notifications WHERE user_id = ${userId}`);
    total = c!.total;
    unread = c!.unread;
  }
  return {
    notifications: rows.map((r) => ({ id: r.id, type: r.type, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data, read: r.read, created_at: new Date(r.created_at).toISOString() })),
    total, unread,
  };
}

/** Marks the user's unread notifications read: the given ids, or all. @returns how many changed */
export async function markRead(orm: Orm, userId: number, sel: { ids?: number[]; all?: boolean }, now: Date): Promise<number> {
  const cond = sel.all ? sql`true` : sql`id IN (${sql.join((sel.ids ?? []).map((i) => sql`${i}`), sql`, `)})`;
  const rows = await exec(orm, sql`UPDATE notifications SET read_at = ${now} WHERE user_id = ${userId} AND read_at IS NULL AND ${cond} RETURNING id`);
  return rows.length;
}

/**
 * Writes one notification (docs/product.md §3 types) in the caller's transaction. A type added by a
 * release is written only once every server reads it (`allServersAtLeast`, docs/architecture.md §8).
 */
export async function notify(tx: Orm, userId: number, type: NotificationType, data: Record<string, string | number | boolean>, at: Date): Promise<void> {
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at) VALUES (${userId}, ${type}, ${JSON.stringify(data)}::jsonb, ${at})`);
}


/** Notifications (spec §3): the unread count (spec §7), the inbox (newest first, paged), mark read. */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PATHS, countResponse, notificationsQuery, notificationsResponse, markReadRequest, type Notification } from '@kingdom/api';
import { bearerHash, requireSession, SESSION_WHERE } from '../../auth/session.ts';
import { exec, statement } from '../../db/client.ts';
import { fail } from '../../errors.ts';

const countStmt = statement('notifications_count', `
  SELECT (SELECT count(*) FROM notifications n WHERE n.user_id = s.user_id AND n.read_at IS NULL)::int AS count
  FROM sessions s WHERE ${SESSION_WHERE}`);

/** Inbox page size. */
export const INBOX_PAGE_SIZE = 20;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const secured = { tags: ['notifications'], security: [{ bearer: [] }] };

  app.get(PATHS.notificationsCount, { schema: { ...secured, summary: 'Unread notifications', response: { 200: countResponse } } }, async (request) => {
    const rows = await db.query<{ count: number }>(countStmt, [bearerHash(request), clock()]);
    if (!rows[0]) fail('USER_NOT_AUTH');
    return { count: rows[0].count };
  });

  app.get(PATHS.notifications, { schema: { ...secured, summary: 'The inbox, newest first', querystring: notificationsQuery, response: { 200: notificationsResponse } } }, async (request) => {
    const session = await requireSession(db, request, clock());
    const { page } = request.query;
    const rows = await exec<{ id: number; type: Notification['type']; data: Record<string, unknown>; read: boolean; created_at: string | Date; total: number; unread: number }>(db.orm, sql`
      SELECT n.id::int AS id, n.type, n.data, n.read_at IS NOT NULL AS read, n.created_at,
        (SELECT count(*) FROM notifications x WHERE x.user_id = ${session.userId})::int AS total,
        (SELECT count(*) FROM notifications x WHERE x.user_id = ${session.userId} AND x.read_at IS NULL)::int AS unread
      FROM notifications n WHERE n.user_id = ${session.userId}
      ORDER BY n.created_at DESC, n.id DESC LIMIT ${INBOX_PAGE_SIZE} OFFSET ${(page - 1) * INBOX_PAGE_SIZE}`);
    let total = rows[0]?.total;
    let unread = rows[0]?.unread;
    if (total === undefined) {
      const [c] = await exec<{ total: number; unread: number }>(db.orm, sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread FROM notifications WHERE user_id = ${session.userId}`);
      total = c!.total;
      unread = c!.unread;
    }
    return {
      notifications: rows.map((r) => ({ id: r.id, type: r.type, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data, read: r.read, created_at: new Date(r.created_at).toISOString() })),
      total, unread: unread!, page, per_page: INBOX_PAGE_SIZE,
    };
  });

  app.post(PATHS.notificationsRead, { schema: { ...secured, summary: 'Marks notifications read (ids, or all)', body: markReadRequest, response: { 200: z.object({ updated: z.number().int() }) } } }, async (request) => {
    const now = clock();
    const session = await requireSession(db, request, now);
    const { ids, all } = request.body;
    if (!all && (!ids || ids.length === 0)) fail('VALIDATION_ERROR', { ids: ['give ids or all: true'] });
    const cond = all ? sql`true` : sql`id IN (${sql.join(ids!.map((i) => sql`${i}`), sql`, `)})`;
    const rows = await exec(db.orm, sql`UPDATE notifications SET read_at = ${now} WHERE user_id = ${session.userId} AND read_at IS NULL AND ${cond} RETURNING id`);
    return { updated: rows.length };
  });
};

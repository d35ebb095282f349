/** The inbox: `notifications/count` (docs/product.md §7), pages, mark read. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route, sessionOf } from '../../http/routes.ts';
import { fail } from '../../errors.ts';
import { INBOX_PAGE_SIZE, inboxPage, markRead, unreadCount } from './repository.ts';

/** Registers the notification endpoints. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  // the count needs no game time: the shared clock is checked in its one statement (no second round trip)
  route(app, ENDPOINTS.notificationsCount, async ({ request }) => ({ count: await unreadCount(db, request) }), { clock: 'in-query', compress: false });
  route(app, ENDPOINTS.notifications, async (input) => {
    const page = input.query.page;
    return { ...(await inboxPage(db.orm, sessionOf(input).userId, page)), page, per_page: INBOX_PAGE_SIZE };
  });
  route(app, ENDPOINTS.notificationsRead, async (input) => {
    const { ids, all } = input.body;
    if (!all && (!ids || ids.length === 0)) fail('VALIDATION_ERROR', { ids: ['give ids or all: true'] });
    return { updated: await markRead(db.orm, sessionOf(input).userId, { ids, all }, input.now) };
  });
}

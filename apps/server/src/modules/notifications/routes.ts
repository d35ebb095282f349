/** `notifications/count` (spec §7): the user's unread notifications. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PATHS, countResponse } from '@kingdom/api';
import { bearerHash, SESSION_WHERE } from '../../auth/session.ts';
import { statement } from '../../db/client.ts';
import { fail } from '../../errors.ts';

const countStmt = statement('notifications_count', `
  SELECT (SELECT count(*) FROM notifications n WHERE n.user_id = s.user_id AND n.read_at IS NULL)::int AS count
  FROM sessions s WHERE ${SESSION_WHERE}`);

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  app.get(PATHS.notificationsCount, {
    schema: { tags: ['notifications'], summary: 'Unread notifications', security: [{ bearer: [] }], response: { 200: countResponse } },
  }, async (request) => {
    const rows = await db.query<{ count: number }>(countStmt, [bearerHash(request), clock()]);
    if (!rows[0]) fail('USER_NOT_AUTH');
    return { count: rows[0].count };
  });
};

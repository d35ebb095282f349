/** `dashboard/user` and `user/total_lands` (docs/product.md §7). */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route } from '../../http/routes.ts';
import { SharedCache } from '../../http/shared-cache.ts';
import { jsonBodies, type JsonBody } from '../../http/json-body.ts';
import { requestUser, totalLands } from './repository.ts';

/** Dashboard answers kept at most (all are dropped when full). */
const DASHBOARD_ANSWERS_MAX = 10_000;

/** Registers the user endpoints. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  // the signed-in players' dashboard answers, kept as the bytes sent until a user, wallet or holding changes (in any process)
  const answers = new SharedCache<JsonBody<typeof ENDPOINTS.dashboardUser>>(['users', 'lands'], DASHBOARD_ANSWERS_MAX);
  await answers.start(db);
  app.addHook('onClose', async () => answers.stop());
  const bodies = jsonBodies(ENDPOINTS.dashboardUser);
  route(app, ENDPOINTS.dashboardUser, async ({ request }) => requestUser(db, answers, request, (user) => bodies.of({ user })), { clock: 'in-query', compress: false });
  route(app, ENDPOINTS.totalLands, async ({ request }) => ({ total_lands: await totalLands(db, request) }));
}

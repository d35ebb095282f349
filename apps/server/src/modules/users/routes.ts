/** `dashboard/user` and `user/total_lands` (spec §7). */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route } from '../../http/routes.ts';
import { requestUser, totalLands } from './repository.ts';

/** Registers the user endpoints. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.dashboardUser, async ({ request }) => ({ user: await requestUser(db, request) }), { clock: 'in-query' });
  route(app, ENDPOINTS.totalLands, async ({ request }) => ({ total_lands: await totalLands(db, request) }));
}

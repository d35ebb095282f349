/** `user/balance/:token` (docs/product.md §7): one app balance in base units, in one statement with the session check. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route } from '../../http/routes.ts';
import { requestBalance } from './repository.ts';

/** Registers the balance endpoint. */
export async function balanceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.balance, async ({ request, params }) => ({ balance: await requestBalance(db, request, params.token) }), { clock: 'in-query' });
}

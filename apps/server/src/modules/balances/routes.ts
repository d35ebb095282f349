/**
 * `user/balance/:token` (docs/product.md §7): one app balance in base units, in one statement with the
 * session check; `gems` answers SYSTEM_FEATURE_NOT_AVAILABLE (docs/product.md §3).
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, GEMS } from '@kingdom/api';
import { fail } from '../../errors.ts';
import { route } from '../../http/routes.ts';
import { requestBalance } from './repository.ts';

/** Registers the balance endpoint. */
export async function balanceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.balance, async ({ request, params }) => {
    if (params.token === GEMS) {
      // The spec's store names a GEMS balance, but no rule grants or spends GEMS (docs/product.md §3):
      // the session is checked as for any balance, then the answer says the feature is not there.
      await requestBalance(db, request, params.token);
      fail('SYSTEM_FEATURE_NOT_AVAILABLE');
    }
    return { balance: await requestBalance(db, request, params.token) };
  }, { clock: 'in-query', compress: false });
}

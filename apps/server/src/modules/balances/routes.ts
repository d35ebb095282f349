/** `user/balance/:token` (spec §7): one app balance in base units, in one statement with the session check. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { statement } from '../../db/client.ts';
import { SESSION_CLOCK, SESSION_WHERE, sessionRows } from '../../auth/session.ts';
import { route } from '../../http/routes.ts';

const balanceStmt = statement('user_balance', `
  SELECT COALESCE(b.amount, 0)::text AS balance, ${SESSION_CLOCK}
  FROM sessions s LEFT JOIN balances b ON b.user_id = s.user_id AND b.token = $3
  WHERE ${SESSION_WHERE}`);

/** Registers the balance endpoint. */
export async function balanceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.balance, async ({ request, params }) => {
    const [row] = await sessionRows<{ balance: string }>(db, balanceStmt, request, [params.token]);
    return { balance: row!.balance };
  }, { clock: 'in-query' });
}

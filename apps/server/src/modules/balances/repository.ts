/** SQL of app balances (docs/product.md §7 `user/balance/:token`): one statement that checks the session and reads the clock too. */
import type { FastifyRequest } from 'fastify';
import type { Token } from '@kingdom/game';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessionRows, sessionStatement } from '../../auth/session.ts';

const balanceStmt = sessionStatement('user_balance', ({ session, clock }) => sql`
  SELECT COALESCE(b.amount, 0)::text AS balance, ${clock}
  FROM sessions s LEFT JOIN balances b ON b.user_id = s.user_id AND b.token = ${sql.placeholder('token')}
  WHERE ${session}`, { coalesce: {} });

/**
 * The request's user's balance of `token` in base units (text; 0 when none), in one round trip
 * that checks the session and the shared clock (its route reads the clock in the query).
 * @throws ApiError USER_NOT_AUTH when the token is missing, unknown, revoked or expired
 */
export async function requestBalance(db: Database, request: FastifyRequest, token: Token | 'gems'): Promise<string> {
  const [row] = await sessionRows<{ balance: string }>(db, balanceStmt, request, { token });
  return row!.balance;
}

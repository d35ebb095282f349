/** `user/balance/:token` (spec §7): one app balance in base units. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { balanceResponse, tokenParam } from '@kingdom/api';
import { bearerHash, SESSION_WHERE } from '../../auth/session.ts';
import { statement } from '../../db/client.ts';
import { fail } from '../../errors.ts';

const balanceStmt = statement('user_balance', `
  SELECT COALESCE(b.amount, 0)::text AS balance
  FROM sessions s LEFT JOIN balances b ON b.user_id = s.user_id AND b.token = $3
  WHERE ${SESSION_WHERE}`);

export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  app.get('/user/balance/:token', {
    schema: { tags: ['balances'], summary: 'One app balance (EXO, HEXO, FOOD or RUNE) in base units', security: [{ bearer: [] }], params: tokenParam, response: { 200: balanceResponse } },
  }, async (request) => {
    const rows = await db.query<{ balance: string }>(balanceStmt, [bearerHash(request), clock(), request.params.token]);
    if (!rows[0]) fail('USER_NOT_AUTH');
    return { balance: rows[0].balance };
  });
};

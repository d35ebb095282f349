/** `dashboard/user` and `user/total_lands` (spec §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PATHS, userResponse, totalLandsResponse } from '@kingdom/api';
import { bearerHash, SESSION_WHERE } from '../../auth/session.ts';
import { statement } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { loadUser } from './user.ts';

const totalLandsStmt = statement('user_total_lands', `
  SELECT (
    SELECT count(*) FROM wallets w
    JOIN nft_holdings h ON h.chain = w.chain AND h.address = w.address
    JOIN lands l ON l.policy_id = h.policy_id AND l.asset_name = h.asset_name
    WHERE w.user_id = s.user_id
  )::int AS total_lands
  FROM sessions s WHERE ${SESSION_WHERE}`);

const secured = { tags: ['user'], security: [{ bearer: [] }] };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(PATHS.dashboardUser, { schema: { ...secured, summary: 'The signed-in user', response: { 200: userResponse } } }, async (request) => {
    const user = await loadUser(db, bearerHash(request), clock());
    if (!user) fail('USER_NOT_AUTH');
    return { user };
  });

  app.get(PATHS.totalLands, { schema: { ...secured, summary: 'Number of lands the user holds', response: { 200: totalLandsResponse } } }, async (request) => {
    const rows = await db.query<{ total_lands: number }>(totalLandsStmt, [bearerHash(request), clock()]);
    if (!rows[0]) fail('USER_NOT_AUTH');
    return { total_lands: rows[0].total_lands };
  });
};

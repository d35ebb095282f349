/** Account endpoints (docs/product.md §2 /account/balances, /account/settings): history, CSV, profile. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route, sessionOf } from '../../http/routes.ts';
import { ledgerCsv, ledgerHistory, profile, updateProfile } from './service.ts';

/** Registers the account endpoints. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.accountLedger, async (input) => ledgerHistory(db.orm, sessionOf(input).userId, input.query.token, input.query.reason, input.query.page));
  route(app, ENDPOINTS.accountLedgerCsv, async (input) => {
    const csv = await ledgerCsv(db.orm, sessionOf(input).userId, input.query.token, input.query.reason);
    // A text content type: Fastify sends the string as it is instead of serialising it as JSON.
    input.reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="kingdom-${input.query.token}-history.csv"`);
    return csv;
  });
  route(app, ENDPOINTS.accountProfile, async (input) => profile(db.orm, sessionOf(input).userId));
  route(app, ENDPOINTS.accountProfileUpdate, async (input) => updateProfile(db.orm, sessionOf(input).userId, input.body.user_name, input.body.avatar));
}

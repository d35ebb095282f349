/** `POST wallets/sync`: re-reads the signed-in wallet's holdings from the chain provider. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PATHS, walletSyncResponse } from '@kingdom/api';
import { requireSession } from '../../auth/session.ts';
import { syncWallet } from './sync.ts';
import { fail } from '../../errors.ts';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, providers, clock } = app.deps;
  app.post(PATHS.walletSync, {
    schema: { tags: ['wallets'], summary: 'Re-syncs the signed-in wallet\'s NFTs from the chain', security: [{ bearer: [] }], response: { 200: walletSyncResponse } },
  }, async (request) => {
    const now = clock();
    const session = await requireSession(db, request, now);
    try {
      const r = await syncWallet(db, providers, session.chain, session.address, now);
      return { lands: r.lands, mtools: r.mtools, synced_at: r.syncedAt.toISOString() };
    } catch (err) {
      request.log.warn({ err }, 'wallet sync failed');
      fail('ERROR_WALLET_API');
    }
  });
};

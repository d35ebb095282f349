/** `POST wallets/sync`: re-reads the signed-in wallet's holdings from the chain provider. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route, sessionOf } from '../../http/routes.ts';
import { syncWallet } from './sync.ts';
import { fail } from '../../errors.ts';

/** Registers the wallet endpoints. */
export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { db, providers } = app.deps;
  route(app, ENDPOINTS.walletSync, async (input) => {
    const session = sessionOf(input);
    try {
      const r = await syncWallet(db, providers, session.chain, session.address, input.now);
      return { lands: r.lands, mtools: r.mtools, synced_at: r.syncedAt.toISOString() };
    } catch (err) {
      input.request.log.warn({ err }, 'wallet sync failed');
      fail('ERROR_WALLET_API');
    }
  });
}

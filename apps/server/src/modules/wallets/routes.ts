/** Wallet endpoints: re-sync the signed-in wallet, and the account's wallets (list, link, unlink, master, re-sync). */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route, sessionOf } from '../../http/routes.ts';
import { syncWallet } from './sync.ts';
import { fail } from '../../errors.ts';
import type { CardanoNetwork } from '../../auth/verify.ts';
import { listStakeKeys, listWallets } from './repository.ts';
import { linkStakeKey, linkWallet, resyncWallet, setMasterWallet, unlinkWallet } from './service.ts';

/** Registers the wallet endpoints. */
export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { db, providers, config } = app.deps;
  const network: CardanoNetwork = config.cardanoNetwork === 'mainnet' ? 'mainnet' : 'testnet';
  // `is_current`: the session's active wallet (docs/product.md §4), none after a wallet disconnect;
  // `is_sign_in`: the session's sign-in wallet, the one unlink refuses (NOT_SET_ACTIVE_ADDRESS)
  const answer = async (s: { userId: number; activeWalletId: number | null; walletId: number }) => ({
    wallets: await listWallets(db.orm, s.userId, s.activeWalletId, s.walletId),
    stake_keys: await listStakeKeys(db.orm, s.userId),
  });
  route(app, ENDPOINTS.walletSync, async (input) => {
    const session = sessionOf(input);
    try {
      const r = await syncWallet(db, providers, session.chain, session.address, input.now, config.handles);
      return { lands: r.lands, mtools: r.mtools, synced_at: r.syncedAt.toISOString() };
    } catch (err) {
      input.request.log.warn({ err }, 'wallet sync failed');
      fail('ERROR_WALLET_API');
    }
  });

  route(app, ENDPOINTS.walletsList, async (input) => {
    const s = sessionOf(input);
    return answer(s);
  });
  route(app, ENDPOINTS.walletsLink, async (input) => {
    const s = sessionOf(input);
    await linkWallet(db, providers, network, s, input.body, input.now, config.handles);
    // Deposits from this wallet that waited as claimable are credited now (docs/game-rules.md §8).
    app.deps.chainJobs.run().catch((err: unknown) => input.request.log.error({ err: String(err) }, 'chain money run failed; will retry'));
    return answer(s);
  });
  route(app, ENDPOINTS.walletsLinkStake, async (input) => {
    const s = sessionOf(input);
    await linkStakeKey(db, network, s, input.body, input.now);
    // Claimable deposits from this wallet's other addresses are credited now (docs/game-rules.md §8).
    app.deps.chainJobs.run().catch((err: unknown) => input.request.log.error({ err: String(err) }, 'chain money run failed; will retry'));
    return answer(s);
  });
  route(app, ENDPOINTS.walletsUnlink, async (input) => {
    const s = sessionOf(input);
    await unlinkWallet(db, s, input.body.chain, input.body.address);
    return answer(s);
  });
  route(app, ENDPOINTS.walletsSetMaster, async (input) => {
    const s = sessionOf(input);
    await setMasterWallet(db, s, input.body.address);
    return answer(s);
  });
  route(app, ENDPOINTS.walletsResync, async (input) => {
    const s = sessionOf(input);
    await resyncWallet(db, providers, s, input.body.chain, input.body.address, input.now, config.handles);
    return answer(s);
  });
}

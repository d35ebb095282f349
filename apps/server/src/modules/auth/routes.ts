/**
 * Sign-in routes (docs/game-rules.md §10.1): challenge → wallet signature → bearer token; logout.
 * A signature that fails answers WALLET_SIGNATURE_NOT_VALID, a challenge unknown, used or expired
 * WALLET_MESSAGE_NOT_VALID (never 401 USER_NOT_AUTH, which means an expired session). Challenges run
 * on the wall clock (auth/challenge-store.ts). Rate-limited per client address.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { DEMO_FUNDING_JOB, requestDemoFunding } from '../demo/chain-faucet.ts';
import { createChallenge, nonceOf } from '../../auth/challenge.ts';
import { randomToken, hashToken } from '../../auth/tokens.ts';
import type { CardanoNetwork } from '../../auth/verify.ts';
import { validAddress, validRewardAddress, verifyWalletProof } from '../../auth/proof.ts';
import { route } from '../../http/routes.ts';
import { findOrCreateAccount } from '../users/account-repository.ts';
import { syncWallet } from '../wallets/sync.ts';
import { requestSolanaDemoFunding, SOLANA_DEMO_FUNDING_JOB } from '../../chain/solana/demo-funding.ts';
import { giveDemoHandle } from '../wallets/handle.ts';
import { loadUser } from '../users/repository.ts';
import { fail } from '../../errors.ts';
import { insertSession, revokeRequestSession } from './repository.ts';
import { recordSignIn } from './sign-ins.ts';
import { challengeIsOpen, consumeChallenge, insertChallenge } from '../../auth/challenge-store.ts';
import { buildSignInTx } from './sign-in-tx.ts';
import { activeWalletRoutes } from './active-wallet.ts';

/** Registers the sign-in endpoints. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, providers } = app.deps;
  const network: CardanoNetwork = config.cardanoNetwork === 'mainnet' ? 'mainnet' : 'testnet';

  route(app, ENDPOINTS.authChallenge, async ({ body }) => {
    const { chain, address } = body;
    // A reward address asks for a stake-key link (POST /wallets/stake); login refuses it.
    if (!validAddress(chain, address, network) && !(chain === 'cardano' && validRewardAddress(address, network))) fail('NOT_VALID_REQUEST_ADDRESS');
    // the wall clock, not the game clock: a demo tick must not age a challenge in flight
    const c = createChallenge(config.publicDomain, chain, address, new Date());
    await insertChallenge(db.orm, { nonce: c.nonce, chain, address, message: c.message, issuedAt: c.issuedAt, expiresAt: c.expiresAt });
    return { message: c.message, nonce: c.nonce, expires_at: c.expiresAt.toISOString() };
  });

  route(app, ENDPOINTS.authChallengeTx, async ({ body }) => {
    const { address, message } = body;
    if (!validAddress('cardano', address, network)) fail('NOT_VALID_REQUEST_ADDRESS');
    const nonce = nonceOf(message);
    // only for a challenge this server issued to this address and not yet used
    if (!nonce || !(await challengeIsOpen(db.orm, nonce, 'cardano', address, message))) fail('WALLET_MESSAGE_NOT_VALID');
    return { tx: await buildSignInTx(providers.money, address, message) };
  });

  route(app, ENDPOINTS.authLogin, async ({ body, now, request, reply }) => {
    const { chain, address, message, signature, key, tx } = body;
    const nonce = nonceOf(message);
    if (!validAddress(chain, address, network)) fail('NOT_VALID_REQUEST_ADDRESS');
    if (!nonce) fail('WALLET_MESSAGE_NOT_VALID');
    if (!verifyWalletProof({ chain, address, message, signature, key, tx }, network)) fail('WALLET_SIGNATURE_NOT_VALID');

    const token = randomToken();
    let expiresAt = new Date(0);
    const account = await db.orm.transaction(async (t) => {
      if (!(await consumeChallenge(t, nonce, chain, address, message))) fail('WALLET_MESSAGE_NOT_VALID');
      const acc = await findOrCreateAccount(t, chain, address);
      // the wall clock, not the game clock: a demo tick must not end (or need to extend) a session
      expiresAt = await insertSession(t, { tokenHash: hashToken(token), userId: acc.userId, walletId: acc.walletId, ttlHours: config.sessionTtlHours }, now);
      await recordSignIn(t, { userId: acc.userId, walletId: acc.walletId, chain, address, wallet: body.wallet, method: tx ? 'tx' : 'signature', userAgent: request.headers['user-agent'], at: now });
      return acc;
    });
    try {
      // demo on the emulator: the wallet gets a handle, as a mainnet wallet may hold one
      if (config.demo && chain === 'cardano' && config.cardanoNetwork === 'emulator') await giveDemoHandle(db.orm, config.handles.policyId, address);
      await syncWallet(db, providers, chain, address, now, config.handles);
    } catch (err) {
      request.log.warn({ err, chain }, 'wallet sync failed at sign-in; keeping the last synced holdings');
    }
    if (config.demo && config.chainMoney.demoChainFaucet && chain === 'cardano') {
      // Only a request row here: the demo-funding job pays it once the answer is out (docs/game-rules.md §13.4).
      if (await requestDemoFunding(db.orm, providers.money, address, now)) reply.raw.once('finish', () => app.deps.kickJob(DEMO_FUNDING_JOB));
    }
    if (config.demo && config.chainMoney.demoChainFaucet && chain === 'solana') {
      // the local Solana cluster: SOL to pay with, by the same kind of job
      if (await requestSolanaDemoFunding(db.orm, providers.solanaChain.local, address, now)) reply.raw.once('finish', () => app.deps.kickJob(SOLANA_DEMO_FUNDING_JOB));
    }
    const user = await loadUser(db, hashToken(token), now);
    if (!user) fail('USER_NOT_AUTH');
    request.log.info({ userId: account.userId, created: account.created, chain }, 'signed in');
    return { token, user, expires_at: expiresAt.toISOString() };
  });

  await activeWalletRoutes(app, network);

  route(app, ENDPOINTS.authLogout, async (input) => {
    await revokeRequestSession(db, input.request);
    return { status: 'success' as const };
  });
}

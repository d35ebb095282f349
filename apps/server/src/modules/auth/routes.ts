/**
 * Sign-in routes (DESIGN.md "Sign-in"): challenge → wallet signature → bearer token; logout.
 * Any failed proof answers 401 USER_NOT_AUTH. Rate-limited per client address.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PATHS, challengeRequest, challengeResponse, loginRequest, loginResponse, logoutResponse, type Chain } from '@kingdom/api';
import { authChallenges, sessions, users } from '../../db/schema.ts';
import { createChallenge, nonceOf } from '../../auth/challenge.ts';
import { randomToken, hashToken } from '../../auth/tokens.ts';
import { bearerHash } from '../../auth/session.ts';
import { cardanoPaymentKeyHash, isCardanoAddress, isSolanaAddress, verifyCardanoSignIn, verifySolanaSignIn, type CardanoNetwork } from '../../auth/verify.ts';
import { verifyCardanoSignInTx, verifySolanaSignInTx } from '../../auth/verify-tx.ts';
import { findOrCreateAccount } from '../users/accounts.ts';
import { syncWallet } from '../wallets/sync.ts';
import { loadUser } from '../users/user.ts';
import { fail } from '../../errors.ts';

/**
 * A Cardano address of this deployment's network whose payment credential is a key (nothing can
 * sign for a script), or a Solana ed25519 public key.
 */
function validAddress(chain: Chain, address: string, network: CardanoNetwork): boolean {
  if (chain === 'solana') return isSolanaAddress(address);
  return isCardanoAddress(address, network) && cardanoPaymentKeyHash(address) !== null;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, providers, clock } = app.deps;
  const rateLimit = { max: config.authRateLimitPerMinute, timeWindow: '1 minute' };
  const network: CardanoNetwork = config.cardanoNetwork === 'mainnet' ? 'mainnet' : 'testnet';

  app.post(PATHS.authChallenge, {
    config: { rateLimit },
    schema: { tags: ['auth'], summary: 'Issues a sign-in challenge for chain + address', body: challengeRequest, response: { 200: challengeResponse } },
  }, async (request) => {
    const { chain, address } = request.body;
    if (!validAddress(chain, address, network)) fail('NOT_VALID_REQUEST_ADDRESS');
    const now = clock();
    const c = createChallenge(config.publicDomain, chain, address, now);
    await db.orm.insert(authChallenges).values({ nonce: c.nonce, chain, address, message: c.message, expiresAt: c.expiresAt, createdAt: now });
    // Old challenges are garbage; removing a few per request keeps the table small without a job.
    await db.orm.delete(authChallenges).where(sql`${authChallenges.nonce} IN (SELECT nonce FROM auth_challenges WHERE expires_at < ${new Date(now.getTime() - 3_600_000)} LIMIT 20)`);
    return { message: c.message, nonce: c.nonce, expires_at: c.expiresAt.toISOString() };
  });

  app.post(PATHS.authLogin, {
    config: { rateLimit },
    schema: { tags: ['auth'], summary: 'Signs in with a signed challenge; returns a bearer token', body: loginRequest, response: { 200: loginResponse } },
  }, async (request) => {
    const { chain, address, message, signature, key, tx } = request.body;
    const now = clock();
    const nonce = nonceOf(message);
    if (!nonce || !validAddress(chain, address, network)) fail('USER_NOT_AUTH');
    let ok: boolean;
    if (tx !== undefined) {
      ok = chain === 'cardano' ? verifyCardanoSignInTx({ address, message, tx, network }) : verifySolanaSignInTx({ address, message, tx });
    } else {
      ok = chain === 'cardano'
        ? key !== undefined && verifyCardanoSignIn({ address, message, signature: signature!, key, network })
        : verifySolanaSignIn({ address, message, signature: signature! });
    }
    if (!ok) fail('USER_NOT_AUTH');

    const token = randomToken();
    const expiresAt = new Date(now.getTime() + config.sessionTtlHours * 3_600_000);
    const account = await db.orm.transaction(async (tx) => {
      // Single use: only one request can flip used_at, and only for this chain + address + message.
      const consumed = await tx.update(authChallenges).set({ usedAt: now }).where(and(
        eq(authChallenges.nonce, nonce), eq(authChallenges.chain, chain), eq(authChallenges.address, address),
        eq(authChallenges.message, message), isNull(authChallenges.usedAt), gt(authChallenges.expiresAt, now),
      )).returning({ nonce: authChallenges.nonce });
      if (consumed.length === 0) fail('USER_NOT_AUTH');
      const acc = await findOrCreateAccount(tx, chain, address);
      await tx.insert(sessions).values({ tokenHash: hashToken(token), userId: acc.userId, walletId: acc.walletId, createdAt: now, expiresAt });
      await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, acc.userId));
      return acc;
    });
    try {
      await syncWallet(db, providers, chain, address, now);
    } catch (err) {
      request.log.warn({ err, chain }, 'wallet sync failed at sign-in; keeping the last synced holdings');
    }
    const user = await loadUser(db, hashToken(token), now);
    if (!user) fail('USER_NOT_AUTH');
    request.log.info({ userId: account.userId, created: account.created, chain }, 'signed in');
    return { token, user, expires_at: expiresAt.toISOString() };
  });

  app.get(PATHS.authLogout, {
    schema: { tags: ['auth'], summary: 'Revokes the bearer token', security: [{ bearer: [] }], response: { 200: logoutResponse } },
  }, async (request) => {
    const tokenHash = bearerHash(request);
    const revoked = await db.orm.update(sessions).set({ revokedAt: clock() })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt))).returning({ userId: sessions.userId });
    if (revoked.length === 0) fail('USER_NOT_AUTH');
    return { status: 'success' as const };
  });
};


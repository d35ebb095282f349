/**
 * Session scoping declared on the descriptor (docs/architecture.md §8): every endpoint declared
 * `auth: 'session-in-query'` answers 401 USER_NOT_AUTH without a token, with a revoked one and with an
 * expired one, and 200 with a live one; its registration refuses to answer when the handler did not
 * check the session through a `sessionStatement` (fail closed), and `sessionStatement` refuses a
 * statement that leaves the session condition out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ENDPOINTS, PATHS, endpoint, pathOf, type Endpoint } from '@kingdom/api';
import { sessionStatement } from '../../src/auth/session.ts';
import { hashToken } from '../../src/auth/tokens.ts';
import { exec } from '../../src/db/client.ts';
import { registerAuthHook, route } from '../../src/http/routes.ts';
import { createSolanaTestWallet } from '../support/wallets.ts';
import { createTestKingdom, signInSolana, type TestKingdom } from '../support/kingdom.ts';

let k: TestKingdom;
beforeAll(async () => { k = await createTestKingdom(); });
afterAll(async () => { await k?.close(); });

/** Every session-in-query endpoint with a concrete path (the balance's `:token` filled in). */
const scoped = Object.values(ENDPOINTS as Record<string, Endpoint>).filter((e) => e.auth === 'session-in-query')
  .map((e) => ({ e, path: e.params ? pathOf(e, { token: 'exo' } as never) : e.path }));
const reads = scoped.filter(({ e }) => e.operationId !== 'authLogout');

function expectNotAuth(res: { statusCode: number; json: () => unknown }, what: string) {
  expect(res.statusCode, what).toBe(401);
  expect(res.json(), what).toEqual({ error: 'USER_NOT_AUTH', message: 'Your session has expired!' });
}

describe('session-in-query endpoints', () => {
  it('are the seven hot reads and sign-out', () => {
    expect(scoped.map(({ e }) => e.operationId).sort()).toEqual(
      ['authLogout', 'balance', 'dashboardUser', 'inventoryCount', 'inventoryItems', 'notificationsCount', 'totalLands']);
  });

  it('answer 200 with a live token, 401 without one, with a revoked one and with an expired one', async () => {
    const live = (await signInSolana(k, createSolanaTestWallet())).token;
    const revoked = (await signInSolana(k, createSolanaTestWallet())).token;
    for (const { e, path } of reads) expect((await k.get(path, live)).statusCode, e.operationId).toBe(200);
    for (const { e, path } of scoped) expectNotAuth(await k.get(path), `${e.operationId} without a token`);

    expect((await k.get(PATHS.authLogout, revoked)).statusCode).toBe(200);
    for (const { e, path } of scoped) expectNotAuth(await k.get(path, revoked), `${e.operationId} with a revoked token`);

    // sessions expire on the wall clock: as if it was opened its whole lifetime and a second ago
    await exec(k.db.orm, sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(live)}`);
    for (const { e, path } of scoped) expectNotAuth(await k.get(path, live), `${e.operationId} with an expired token`);
  });

  it('a handler that forgets the session check fails closed (500), never answers 200', async () => {
    const { token } = await signInSolana(k, createSolanaTestWallet());
    const leaky = endpoint({
      operationId: 'leaky', method: 'GET', path: '/leaky', tags: ['test'], auth: 'session-in-query',
      summary: 'forgets its session', response: z.object({ secret: z.string() }), errors: [],
    });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('deps', k.app.deps);
    registerAuthHook(app);
    route(app, leaky, async () => ({ secret: 'everyone sees this' }));
    try {
      const res = await app.inject({ method: 'GET', url: '/leaky', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('everyone sees this');
    } finally {
      await app.close();
    }
  });

  it('sessionStatement refuses a statement without the session condition', () => {
    expect(() => sessionStatement('unscoped', () => sql`SELECT s.user_id FROM sessions s`)).toThrow(/session condition/);
    expect(() => sessionStatement('scoped', ({ session }) => sql`SELECT s.user_id FROM sessions s WHERE ${session}`)).not.toThrow();
  });
});

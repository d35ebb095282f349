/**
 * The console's security (docs/http-contract.md §4): every console descriptor is walked with a
 * player's session, a viewer's and a support operator's, with and without CSRF; a session whose
 * role is below the descriptor's answers 403 OPERATOR_FORBIDDEN, no session 401, an allowed role
 * never 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, ENDPOINTS, fillPath, roleAtLeast, type Endpoint, type OperatorRole } from '@kingdom/api';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer, type Player } from '../support/players.ts';
import { addOperator } from '../../src/modules/console/service.ts';

const CLI = { chain: 'cli', address: 'test', role: 'admin' as const };
const CONSOLE = (Object.values(ENDPOINTS) as Endpoint[]).filter((e) => e.path.startsWith('/console/'));
const PARAMS = { user_id: 1, id: 1 };

/** The request of `e` for a session `token`, with or without the CSRF pair. */
async function send(k: TestKingdom, e: Endpoint, token: string | null, withCsrf: boolean) {
  const params = e.path.includes('/payments/:id') ? { id: 'cardano:1' } : PARAMS;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (withCsrf && e.method !== 'GET') Object.assign(headers, (await k.csrf()).headers);
  return k.app.inject({
    method: e.method, url: API_PREFIX + fillPath(e.path, params), headers,
    ...(e.method === 'GET' ? {} : { payload: { reason: 'the walk' } }),
  });
}

describe('console authorization', () => {
  let k: TestKingdom;
  let player: Player;
  let viewer: Player;
  let support: Player;
  let admin: Player;

  beforeAll(async () => {
    k = await createTestKingdom();
    [player, viewer, support, admin] = [await newPlayer(k, {}), await newPlayer(k, {}), await newPlayer(k, {}), await newPlayer(k, {})];
    for (const [p, role] of [[viewer, 'viewer'], [support, 'support'], [admin, 'admin']] as const) {
      await addOperator(k.db, CLI, { chain: 'cardano', address: p.address, role, reason: 'test operators', now: k.now() });
    }
  }, 300_000);
  afterAll(async () => k?.close());

  it('declares every console endpoint operator-only with a role', () => {
    expect(CONSOLE.length).toBeGreaterThanOrEqual(20);
    for (const e of CONSOLE) {
      expect(e.auth, e.operationId).toBe('operator');
      expect(e.role, e.operationId).toBeDefined();
    }
  });

  it('answers 401 without a session and 403 OPERATOR_FORBIDDEN to a player, with and without CSRF', async () => {
    for (const e of CONSOLE) {
      const none = await send(k, e, null, true);
      expect(none.statusCode, `${e.operationId} without a session`).toBe(401);
      for (const withCsrf of [true, false]) {
        const res = await send(k, e, player.token, withCsrf);
        expect(res.statusCode, `${e.operationId} as a player (csrf ${withCsrf}): ${res.body}`).toBe(403);
        expect(res.json().error).toBe('OPERATOR_FORBIDDEN');
      }
    }
  }, 300_000);

  for (const role of ['viewer', 'support', 'admin'] as const satisfies readonly OperatorRole[]) {
    it(`gives a ${role} exactly the endpoints its role allows`, async () => {
      const who = { viewer, support, admin }[role];
      for (const e of CONSOLE) {
        for (const withCsrf of [true, false]) {
          const res = await send(k, e, who.token, withCsrf);
          if (roleAtLeast(role, e.role!)) {
            expect(res.statusCode, `${e.operationId} as ${role} (csrf ${withCsrf}): ${res.body}`).not.toBe(403);
            expect(res.statusCode, `${e.operationId} as ${role}: ${res.body}`).toBeLessThan(500);
            if (!withCsrf && e.method !== 'GET') expect(res.statusCode, `${e.operationId} as ${role} without CSRF`).toBe(419);
          } else {
            expect(res.statusCode, `${e.operationId} as ${role} (csrf ${withCsrf}): ${res.body}`).toBe(403);
            expect(res.json().error).toBe('OPERATOR_FORBIDDEN');
          }
        }
      }
    }, 300_000);
  }

  it('stops answering a removed operator', async () => {
    const res = await k.post(fillPath(ENDPOINTS.consoleOperatorRemove.path), { chain: 'cardano', address: viewer.address, reason: 'left the team' }, { authorization: `Bearer ${admin.token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await k.get(ENDPOINTS.consoleMe.path, viewer.token)).statusCode).toBe(403);
  });
});

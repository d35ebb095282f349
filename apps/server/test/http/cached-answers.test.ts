/**
 * Cached answers sent as kept bytes (docs/architecture.md §4, http/json-body.ts): the leaderboard page and a
 * player's land page go out as the same JSON the route serializer makes, compressed (br, gzip) by
 * the rules of the compression plugin — once per encoding, not per request — and a value that does
 * not match the endpoint's response schema is refused when the answer is made.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ENDPOINTS, PATHS, STAKING_PATHS, type LandsResponse, type LeaderboardResponse } from '@kingdom/api';
import { API_COMPRESS_THRESHOLD_BYTES, jsonBodies } from '../../src/http/json-body.ts';
import { createTestKingdom, signInCardano, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';

/** The answer's JSON text, decoded from its content-encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body;
}

describe('cached answers: the bytes sent', () => {
  let k: TestKingdom;
  let token: string;
  beforeAll(async () => {
    k = await createTestKingdom();
    const wallet = createCardanoTestWallet();
    expect((await k.post(PATHS.demoFaucet, { address: wallet.address, lands: 5 })).statusCode).toBe(200);
    token = (await signInCardano(k, wallet)).token;
  });
  afterAll(async () => { await k.close(); });

  const cases = () => [
    { name: 'leaderboard page', url: `/api${STAKING_PATHS.stakingLeaderboard}?chain=cardano&page=1`, headers: {} },
    { name: 'my land page', url: '/api/lands?my=true&page=1', headers: { authorization: `Bearer ${token}` } },
  ];

  it('identity, br and gzip carry the same JSON; compressed only above the threshold, by the client\'s preference', async () => {
    for (const c of cases()) {
      const get = (extra: Record<string, string>) => k.app.inject({ method: 'GET', url: c.url, headers: { ...c.headers, ...extra } });
      const plain = await get({});
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.headers['content-type'], c.name).toBe('application/json; charset=utf-8');
      expect(plain.headers['content-encoding'], c.name).toBeUndefined();
      expect(plain.headers['cache-control'], c.name).toBe('no-store');
      expect(plain.rawPayload.length, `${c.name} is large enough to be compressed`).toBeGreaterThanOrEqual(API_COMPRESS_THRESHOLD_BYTES);
      const text = plain.body;
      expect(JSON.parse(text)).toMatchObject({ page: 1 });
      const answers: Array<[string, string | undefined]> = [
        ['br', 'br'], ['gzip', 'gzip'], ['gzip, deflate, br', 'br'], ['br;q=0.5, gzip', 'gzip'], ['x-gzip', 'gzip'], ['*', 'gzip'],
        ['identity', undefined], ['deflate', undefined],
      ];
      for (const [accept, expected] of answers) {
        const res = await get({ 'accept-encoding': accept });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'], `${c.name}, accept-encoding: ${accept}`).toBe(expected);
        expect(res.headers.vary, c.name).toBe('accept-encoding');
        expect(decoded(res), `${c.name}, accept-encoding: ${accept}`).toBe(text);
        if (expected) expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      }
      // the client asked for no compression
      const none = await get({ 'accept-encoding': 'br', 'x-no-compression': '1' });
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.body).toBe(text);
      // the same compressed bytes again (kept, not made again)
      const [a, b] = [await get({ 'accept-encoding': 'br' }), await get({ 'accept-encoding': 'br' })];
      expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    }
  });

  it('the kept bytes are the JSON the route serializer makes of the same page', async () => {
    const board = await k.app.inject({ method: 'GET', url: `/api${STAKING_PATHS.stakingLeaderboard}?chain=cardano&page=1` });
    const parsed = board.json<LeaderboardResponse>();
    expect(parsed.items.length).toBeGreaterThan(0);
    expect(board.body).toBe(jsonBodies(ENDPOINTS.stakingLeaderboard).of(parsed).raw.toString('utf8'));
    const lands = await k.get('/lands?my=true&page=1', token);
    const page = lands.json<LandsResponse>();
    expect(page.total).toBe(5);
    expect(lands.body).toBe(jsonBodies(ENDPOINTS.lands).of(page).raw.toString('utf8'));
    // a search (another key) is its own page
    const one = (await k.get(`/lands?my=true&page=1&search=${page.lands[0]!.hex_name}`, token)).json<LandsResponse>();
    expect(one.lands.map((l) => l.hex_name)).toEqual([page.lands[0]!.hex_name]);
  });

  it('a value that does not match the response schema is refused when the answer is made (500), never sent', async () => {
    const bodies = jsonBodies(ENDPOINTS.lands);
    expect(() => bodies.of({ lands: [], total: 0, page: 1, per_page: 5 })).not.toThrow();
    expect(() => bodies.of({ lands: 'none', total: 0, page: 1, per_page: 5 } as never)).toThrow(/response/i);
    expect(() => jsonBodies(ENDPOINTS.csrfCookie)).toThrow(/answers no body/);
  });
});

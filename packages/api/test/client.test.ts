import { describe, expect, it } from 'vitest';
import { ApiCallError, ENDPOINTS, createClient } from '../src/index.ts';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A fake `fetch` answering from `answer`, recording what was sent. */
function fakeFetch(answer: (req: Sent) => Response): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const f = async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const req = { method: init?.method ?? 'GET', url: String(input), headers, body: typeof init?.body === 'string' ? init.body : undefined };
    sent.push(req);
    return answer(req);
  };
  return { fetch: f as typeof fetch, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('createClient over the descriptors', () => {
  it('sends the descriptor\'s method to its filled path under /api with the query and the bearer token', async () => {
    const f = fakeFetch(() => json(200, { balance: '5' }));
    const api = createClient({ routes: ENDPOINTS, baseUrl: 'http://k.test', fetch: f.fetch, bearer: 'tok' });
    const out: { balance: string } = await api.call('balance', { params: { token: 'hexo' } });
    expect(out).toEqual({ balance: '5' });
    await api.call('lands', { query: { my: 'true', page: 2, search: undefined } });
    expect(f.sent.map((s) => `${s.method} ${s.url}`)).toEqual(['GET http://k.test/api/user/balance/hexo', 'GET http://k.test/api/lands?my=true&page=2']);
    expect(f.sent[0]!.headers.authorization).toBe('Bearer tok');
    expect(f.sent[0]!.body).toBeUndefined();
    // a per-call token wins; null sends none
    await api.call('config', undefined, { bearer: null });
    expect(f.sent[2]!.headers.authorization).toBeUndefined();
  });

  it("'jar': fetches the CSRF cookie before the first non-GET call only, then double-submits cookie and header", async () => {
    const f = fakeFetch((req) =>
      req.url.endsWith('/api/sanctum/csrf-cookie')
        ? new Response(null, { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=abc%3D; Path=/; SameSite=Lax' } })
        : json(200, { ok: true }),
    );
    const api = createClient({ routes: ENDPOINTS, baseUrl: 'http://k.test', fetch: f.fetch });
    await api.call('config');
    expect(f.sent[0]!.headers['x-xsrf-token']).toBeUndefined();
    await api.call('demoTick', { body: { days: 1 } });
    await api.call('landExpand', { params: { hex_name: 'E03N12' } });
    expect(f.sent.map((s) => `${s.method} ${s.url.replace('http://k.test', '')}`)).toEqual([
      'GET /api/config', 'GET /api/sanctum/csrf-cookie', 'POST /api/demo/tick', 'POST /api/lands/E03N12/expand',
    ]);
    for (const post of [f.sent[2]!, f.sent[3]!]) {
      expect(post.headers['x-xsrf-token']).toBe('abc=');
      expect(post.headers.cookie).toBe('XSRF-TOKEN=abc%3D');
      expect(post.headers['content-type']).toBe('application/json');
    }
    expect(f.sent[2]!.body).toBe('{"days":1}');
    expect(f.sent[3]!.body).toBe('{}');
    expect(api.csrfToken()).toBe('abc=');
  });

  it('browser mode: reads the token from the page and sends the extra headers', async () => {
    const f = fakeFetch(() => json(200, { ok: true }));
    const api = createClient({ routes: { vendorPurchase: ENDPOINTS.vendorPurchase }, fetch: f.fetch, csrf: { token: () => 'from-cookie' }, credentials: 'include' });
    await api.call('vendorPurchase', { body: { item: 'toolkit_2', quantity: 1 }, headers: { 'Idempotency-Key': 'k-1' } });
    expect(f.sent).toHaveLength(1);
    expect(f.sent[0]!.url).toBe('/api/vendor/purchase');
    expect(f.sent[0]!.headers['x-xsrf-token']).toBe('from-cookie');
    expect(f.sent[0]!.headers['idempotency-key']).toBe('k-1');
  });

  it('a non-2xx answer: call throws ApiCallError with the spec code, send returns it', async () => {
    const f = fakeFetch(() => json(409, { error: 'VENDOR_WEEKLY_LIMIT', message: 'limit' }));
    const api = createClient({ routes: ENDPOINTS, fetch: f.fetch, csrf: 'none' });
    const e = await api.call('chestWeek', { params: { week: '2026-11-23' } }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiCallError);
    expect((e as ApiCallError).status).toBe(409);
    expect((e as ApiCallError).code).toBe('VENDOR_WEEKLY_LIMIT');
    expect((e as ApiCallError).message).toContain('GET /api/chest/weeks/2026-11-23');
    const res = await api.send('chestWeek', { params: { week: '2026-11-23' } });
    expect([res.status, res.ok, res.body]).toEqual([409, false, { error: 'VENDOR_WEEKLY_LIMIT', message: 'limit' }]);
  });

  it('answers: JSON when it parses, else the text, empty as an empty string', async () => {
    const bodies = ['a,b\n1,2\n', ''];
    const f = fakeFetch(() => new Response(bodies.shift() ?? null, { status: 200 }));
    const api = createClient({ routes: ENDPOINTS, fetch: f.fetch });
    expect(await api.call('accountLedgerCsv', { query: { token: 'hexo' } })).toBe('a,b\n1,2\n');
    expect(await api.call('csrfCookie')).toBe('');
  });

  it('url() names the endpoint with params and query', () => {
    const api = createClient({ routes: ENDPOINTS, baseUrl: 'http://k.test' });
    expect(api.url('stakingLeaderboard', { query: { chain: 'cardano', page: 1 } })).toBe('http://k.test/api/staking/leaderboard?chain=cardano&page=1');
    expect(api.url('land', { params: { hex_name: 'W01S02' } })).toBe('http://k.test/api/lands/W01S02');
  });
});

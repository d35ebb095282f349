/**
 * The HTTP contract as structure (docs/architecture.md §8): every endpoint descriptor of `@kingdom/api` is
 * registered, every registered `/api` route comes from a descriptor, and each appears in
 * `/api/docs/json` with its operationId and its error answers by status (`errorAnswers` of
 * `@kingdom/api`); then every descriptor is fuzzed with hostile input (NUL bytes, broken
 * percent-encoding, huge numbers, wrong types) and must never answer a 5xx — nor, as in every server
 * test (support/kingdom.ts), an error its descriptor does not list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API_PREFIX, ENDPOINTS, ERROR_MESSAGES, IDEMPOTENCY_HEADER, XSRF_COOKIE, XSRF_HEADER, errorAnswers, openInMaintenance, type Endpoint } from '@kingdom/api';
import { createCardanoTestWallet } from '../support/wallets.ts';
import { createTestKingdom, signInCardano, type TestKingdom } from '../support/kingdom.ts';
import { openDuringMaintenance } from '../../src/http/maintenance.ts';

let k: TestKingdom;
let token: string;
beforeAll(async () => {
  k = await createTestKingdom();
  const wallet = createCardanoTestWallet();
  await k.post(ENDPOINTS.demoFaucet.path, { address: wallet.address, lands: 2, workers: 2, hexo: '100', items: { toolkit_2: 1 } });
  token = (await signInCardano(k, wallet)).token;
});
afterAll(async () => k?.close());

const descriptors = Object.values(ENDPOINTS) as Endpoint[];
/**
 * Routes of our own that are not endpoints: the OpenAPI document, the JSON 404 for unknown paths, and
 * the local Solana cluster's JSON-RPC (its contract is Solana's, not ours).
 */
const NOT_ENDPOINTS = new Set(['GET /api/docs/json', 'POST /api/solana/rpc', 'OPTIONS /api/solana/rpc', 'GET /api/*', 'POST /api/*', 'PUT /api/*', 'DELETE /api/*', 'PATCH /api/*', 'OPTIONS /api/*', 'SEARCH /api/*', 'TRACE /api/*', 'PROPFIND /api/*', 'PROPPATCH /api/*', 'MKCOL /api/*', 'COPY /api/*', 'MOVE /api/*', 'LOCK /api/*', 'UNLOCK /api/*', 'REPORT /api/*', 'MKCALENDAR /api/*', 'CONNECT /api/*']);

describe('descriptors and routes are one', () => {
  it('registers every descriptor once, and no /api route without one (besides the docs and the 404)', () => {
    const registered = k.app.apiRoutes.map((r) => ({ key: `${r.method} ${r.url}`, operationId: r.operationId }));
    for (const e of descriptors) {
      expect(registered.filter((r) => r.key === `${e.method} ${API_PREFIX}${e.path}`), e.operationId).toEqual([{ key: `${e.method} ${API_PREFIX}${e.path}`, operationId: e.operationId }]);
    }
    const strays = registered.filter((r) => !r.operationId && !NOT_ENDPOINTS.has(r.key) && !r.key.endsWith(' /api/*'));
    expect(strays).toEqual([]);
    expect(new Set(descriptors.map((e) => e.operationId)).size).toBe(descriptors.length);
  });

  it('publishes each in /api/docs/json with its operationId, and only those', async () => {
    const doc = (await k.get('/docs/json')).json<{ paths: Record<string, Record<string, { operationId?: string }>> }>();
    const published = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), id: op.operationId })));
    const openApiPath = (p: string) => API_PREFIX + p.replace(/:([A-Za-z_]+)/g, '{$1}');
    for (const e of descriptors) expect(published, e.operationId).toContainEqual({ path: openApiPath(e.path), method: e.method, id: e.operationId });
    expect(published.map((p) => p.id).sort()).toEqual(descriptors.map((e) => e.operationId).sort());
  });

  it('publishes the Idempotency-Key header, required, on exactly the endpoints that may answer IDEMPOTENCY_KEY_REUSED', async () => {
    type Param = { in: string; name: string; required?: boolean; schema?: { type?: string; pattern?: string } };
    const doc = (await k.get('/docs/json')).json<{ paths: Record<string, Record<string, { operationId?: string; parameters?: Param[] }>> }>();
    const withKey = Object.values(doc.paths).flatMap((ops) => Object.values(ops))
      .filter((op) => op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase()))
      .map((op) => op.operationId).sort();
    const spending = descriptors.filter((e) => e.errors?.includes('IDEMPOTENCY_KEY_REUSED')).map((e) => e.operationId).sort();
    expect(spending).toEqual(['chainWithdrawalCreate', 'exoOrderCreate', 'marketPlaceOrder', 'mintCreate', 'questClaim', 'vendorPurchase']);
    expect(withKey).toEqual(spending);
    const purchase = doc.paths[API_PREFIX + ENDPOINTS.vendorPurchase.path]!.post!;
    const header = purchase.parameters!.find((p) => p.in === 'header')!;
    expect(header).toMatchObject({ name: 'idempotency-key', required: true, schema: { type: 'string' } });
    expect(new RegExp(header.schema!.pattern!).test(crypto.randomUUID())).toBe(true);
    expect(new RegExp(header.schema!.pattern!).test('not-a-uuid')).toBe(false);
  });

  it('publishes each operation\'s error answers by status: its codes with their messages, and `error` an enum of them', async () => {
    type Response = { description: string; content?: { 'application/json'?: { schema?: { required?: string[]; properties?: { error?: { enum?: string[] } } } } } };
    const doc = (await k.get('/docs/json')).json<{ paths: Record<string, Record<string, { operationId?: string; responses: Record<string, Response> }>> }>();
    const ops = new Map(Object.values(doc.paths).flatMap((o) => Object.values(o)).map((op) => [op.operationId, op]));
    for (const e of descriptors) {
      const op = ops.get(e.operationId);
      if (!op) continue; // (the test above names a descriptor without its operation)
      const published = Object.entries(op.responses).filter(([s]) => Number(s) >= 400)
        .map(([status, r]) => ({ status: Number(status), codes: r.content?.['application/json']?.schema?.properties?.error?.enum }));
      expect(published, e.operationId).toEqual(errorAnswers(e));
      for (const { status, codes } of errorAnswers(e)) {
        expect(op.responses[String(status)]!.content!['application/json']!.schema!.required).toEqual(['error', 'message']);
        for (const c of codes) expect(op.responses[String(status)]!.description).toContain(`\`${c}\`: ${ERROR_MESSAGES[c]}`);
      }
      expect(Object.keys(op.responses).filter((st) => st.startsWith('2')), e.operationId).toHaveLength(1);
    }
    const purchase = ops.get('vendorPurchase')!.responses;
    expect(purchase['401']!.content!['application/json']!.schema!.properties!.error!.enum).toEqual(['USER_NOT_AUTH']);
    expect(purchase['419']!.content!['application/json']!.schema!.properties!.error!.enum).toEqual(['CSRF_TOKEN_MISMATCH']);
    expect(purchase['422']!.content!['application/json']!.schema!.properties!.error!.enum).toEqual(['AMOUNT_TOO_LARGE', 'IDEMPOTENCY_KEY_REUSED', 'VALIDATION_ERROR']);
    expect(Object.keys(ops.get('land')!.responses)).toEqual(['200', '404', '422', '500', '503']);
    // 503 MAINTENANCE is published exactly where the server's maintenance switch answers it
    for (const e of descriptors) expect(openInMaintenance(e.path), e.operationId).toBe(openDuringMaintenance(e.path));
  });

  it('refuses a spending request without the key before its handler: 422 VALIDATION_ERROR naming the header', async () => {
    const res = await k.post(ENDPOINTS.vendorPurchase.path, { item: 'toolkit_2', quantity: 1 }, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', errors: { 'idempotency-key': ['a UUID is required'] } });
  });
});

// Hostile values: NUL bytes, broken percent-encoding, overlong strings, numbers past int32 and
// 2^53, exotic Unicode, wrong types.
const hostileString = fc.oneof(
  fc.constantFrom('', '\u0000', 'a\u0000b', '%', '%E0%A4%A', '%00', '../../etc/passwd', "' OR 1=1 --", '\uD800', '😀'.repeat(50), 'x'.repeat(5000), 'E03N12', '-1', '1e309', 'NaN', 'true'),
  fc.string({ maxLength: 40 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 0.5),
  fc.integer(), fc.double({ noNaN: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.constant('9'.repeat(40)), fc.array(hostileString, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), hostileString, { maxKeys: 3 }));

/** The field names a zod object schema declares (to fuzz known keys, not only random ones). */
function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown>; _zod?: { def?: { shape?: Record<string, unknown>; in?: unknown } } } | undefined);
  const s = shape?.shape ?? shape?._zod?.def?.shape;
  if (s) return Object.keys(s);
  const inner = shape?._zod?.def?.in;
  return inner ? keysOf(inner) : [];
}

function requestArb(e: Endpoint) {
  const fields = (schema: unknown) => fc.dictionary(fc.oneof(fc.constantFrom(...(keysOf(schema).length ? keysOf(schema) : ['x'])), fc.string({ maxLength: 6 })), hostileValue, { maxKeys: 6 });
  const paramNames = [...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  return fc.record({
    params: fc.tuple(...paramNames.map(() => hostileString)).map((vs) => Object.fromEntries(paramNames.map((n, i) => [n, vs[i]!]))),
    query: fields(e.query),
    body: fc.oneof(fields(e.body), hostileValue),
    signedIn: fc.boolean(),
    xsrf: fc.oneof(fc.constant('valid'), hostileString),
  });
}

/** Percent-encodes a path segment, but lets some raw hostile bytes through as clients may send them. */
/** encodeURIComponent, or the bytes of an encoded lone surrogate (invalid UTF-8) where it refuses. */
const enc = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
};
const str = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
const segment = (v: string, raw: boolean) => (raw ? v.replace(/[/?#\s]/g, '_') : enc(v));

describe('the contract fuzz: no input reaches a 5xx', () => {
  it('every descriptor, hostile params, query, body, token and XSRF header', async () => {
    const csrf = await k.csrf();
    const seen: Array<{ op: string; status: number; body: string }> = [];
    for (const e of descriptors) {
      const runs = e.operationId === 'demoTick' ? 8 : 30;
      await fc.assert(fc.asyncProperty(requestArb(e), fc.boolean(), async (r, raw) => {
        const path = e.path.replace(/:([A-Za-z_]+)/g, (_, n: string) => segment(r.params[n] ?? '', raw));
        const qs = Object.entries(r.query).map(([key, v]) => `${enc(key)}=${raw ? str(v).replace(/[&#\s]/g, '_') : enc(str(v))}`).join('&');
        const headers: Record<string, string> = { cookie: `${XSRF_COOKIE}=${csrf.cookie}`, [XSRF_HEADER]: r.xsrf === 'valid' ? csrf.cookie : str(r.xsrf).replace(/[^\t\x20-\x7e]/g, '') };
        if (r.signedIn) headers.authorization = `Bearer ${token}`;
        const res = await k.app.inject({
          method: e.method, url: `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`, headers,
          ...(e.method === 'GET' ? {} : { payload: JSON.stringify(r.body), headers: { ...headers, 'content-type': 'application/json' } }),
        });
        if (res.statusCode >= 500) seen.push({ op: e.operationId, status: res.statusCode, body: res.body.slice(0, 200) });
        expect(res.statusCode, `${e.operationId} ${path} ${qs} ${res.body.slice(0, 300)}`).toBeLessThan(500);
      }), { numRuns: runs });
    }
    expect(seen).toEqual([]);
  }, 300_000);
});

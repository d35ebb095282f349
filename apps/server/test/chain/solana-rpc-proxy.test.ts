/**
 * `POST /api/solana/rpc` on a real cluster (docs/operator-guide.md §7.4 "Solana"): a Kingdom on
 * preprod settings (the Blockfrost-compatible emulator over HTTP) with `SOLANA_RPC_URL` pointing at a
 * fake JSON-RPC server on 127.0.0.1 whose URL carries an API key. The route proxies the web flow's
 * methods to it and nothing else, answers JSON-RPC errors (never a 500) when it fails, hangs or
 * answers garbage, and never lets its URL or key reach an answer; `GET /api/chain/info` publishes
 * the relative `/api/solana/rpc`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSolanaRpc, generateKeyPairSigner, type Address } from '@solana/kit';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { startBlockfrostChain, type TestBlockfrostChain } from '../support/blockfrost-chain.ts';
import { createSolanaRpcProxy, MAX_PROXY_BATCH, MAX_PROXY_IN_FLIGHT, MAX_UPSTREAM_ANSWER_BYTES } from '../../src/chain/solana/rpc-proxy.ts';
import { MAX_RPC_BODY_BYTES, RPC_RATE_LIMIT_PER_MINUTE } from '../../src/modules/solana/routes.ts';

const SECRET = 'supersecretkey123';
const GENESIS = 'FakeGenesis1111111111111111111111111111111';
const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';
/** Above 2^53: must pass through exactly. */
const BIG_LAMPORTS = '12345678901234567891';
const TIMEOUT_MS = 600;

type Mode = 'ok' | 'http500' | 'http429' | 'garbage' | 'hang' | 'shape' | 'echo-url';

/** The fake upstream: what it received, and how it answers next. */
interface Upstream {
  url: string;
  mode: Mode;
  received: Array<{ url: string; headers: IncomingMessage['headers']; body: unknown }>;
  server: Server;
}

function answerOne(u: Upstream, req: { id: unknown; method: string; params?: unknown[] }): string {
  const id = JSON.stringify(req.id);
  switch (req.method) {
    case 'getGenesisHash': return `{"jsonrpc":"2.0","result":"${GENESIS}","id":${id}}`;
    case 'getBalance': return `{"jsonrpc":"2.0","result":{"context":{"apiVersion":"2.3.0","slot":77},"value":${BIG_LAMPORTS}},"id":${id}}`;
    case 'getLatestBlockhash': return `{"jsonrpc":"2.0","result":{"context":{"slot":77},"value":{"blockhash":"${BLOCKHASH}","lastValidBlockHeight":227}},"id":${id}}`;
    case 'sendTransaction':
      // a provider error quoting the URL it was called on (with the key)
      return JSON.stringify({ jsonrpc: '2.0', error: { code: -32002, message: `Transaction simulation failed at ${u.url}`, data: { logs: [`key ${SECRET}`], err: 'X' } }, id: req.id });
    default: return `{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":${id}}`;
  }
}

async function startUpstream(): Promise<Upstream> {
  const u: Upstream = { url: '', mode: 'ok', received: [], server: undefined as unknown as Server };
  u.server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      u.received.push({ url: req.url ?? '', headers: req.headers, body });
      const json = (text: string, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(text);
      switch (u.mode) {
        case 'hang': return; // never answers
        case 'http500': return json(`{"error":"internal at ${u.url}"}`, 500);
        case 'http429': return json('{"jsonrpc":"2.0","error":{"code":429,"message":"Too many requests for a free plan"},"id":0}', 429);
        case 'garbage': return json('<html>Bad gateway</html>');
        case 'shape': return json('{"jsonrpc":"2.0","id":0,"surprise":true}');
        case 'echo-url': return json(JSON.stringify({ jsonrpc: '2.0', result: { note: `served by ${u.url}`, host: new URL(u.url).host }, id: 0 }));
        case 'ok': {
          const out = Array.isArray(body) ? `[${body.map((r) => answerOne(u, r as never)).join(',')}]` : answerOne(u, body as never);
          return json(out);
        }
      }
    });
  });
  await new Promise<void>((resolve) => u.server.listen(0, '127.0.0.1', resolve));
  const { port } = u.server.address() as { port: number };
  u.url = `http://127.0.0.1:${port}/rpc/v1?api-key=${SECRET}`;
  return u;
}

describe('POST /api/solana/rpc on a real cluster: the proxy to SOLANA_RPC_URL', () => {
  let chain: TestBlockfrostChain;
  let upstream: Upstream;
  let k: TestKingdom;
  /** Every answer body the Kingdom gave in this file (checked for the secret at the end). */
  const bodies: string[] = [];

  const rpc = async (payload: unknown, headers: Record<string, string> = {}) => {
    const res = await k.app.inject({ method: 'POST', url: '/api/solana/rpc', headers: { 'content-type': 'application/json', ...headers }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
    bodies.push(res.body);
    return res;
  };

  beforeAll(async () => {
    chain = await startBlockfrostChain();
    upstream = await startUpstream();
    const sale = (await generateKeyPairSigner()).address;
    k = await createTestKingdom({ env: { ...chain.env, SOLANA_RPC_URL: upstream.url, SOLANA_SALE_ADDRESS: sale, SOLANA_RPC_TIMEOUT_MS: String(TIMEOUT_MS) } });
  });
  afterAll(async () => {
    await k?.close();
    upstream?.server.closeAllConnections();
    await new Promise((resolve) => upstream?.server.close(resolve));
    await chain?.close();
  });
  beforeEach(() => {
    upstream.mode = 'ok';
    upstream.received = [];
  });

  it('runs on a real cluster (no local one); chain info publishes the relative /api/solana/rpc, not the upstream', async () => {
    expect(k.providers.solanaChain.local).toBeNull();
    expect(k.providers.solanaChain.rpcUrl).toBe(upstream.url);
    const res = await k.get('/chain/info');
    bodies.push(res.body);
    expect(res.statusCode).toBe(200);
    const info = res.json<{ network: string; solana: Record<string, unknown> }>();
    expect(info.network).toBe('preprod');
    expect(info.solana).toMatchObject({ cluster: 'devnet', rpc_url: '/api/solana/rpc', genesis_hash: GENESIS });
  });

  it('forwards an allowed method and answers it exactly (integers above 2^53 included), without the client\'s headers', async () => {
    const who = (await generateKeyPairSigner()).address;
    const res = await rpc({ jsonrpc: '2.0', id: 'client-7', method: 'getBalance', params: [who, { commitment: 'confirmed' }] }, { cookie: 'kingdom_session=abc', authorization: 'Bearer t0k' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toBe(`{"jsonrpc":"2.0","result":{"context":{"apiVersion":"2.3.0","slot":77},"value":${BIG_LAMPORTS}},"id":"client-7"}`);
    expect(upstream.received).toHaveLength(1);
    const got = upstream.received[0]!;
    expect(got.url).toBe(`/rpc/v1?api-key=${SECRET}`);
    expect(got.body).toEqual({ jsonrpc: '2.0', id: 0, method: 'getBalance', params: [who, { commitment: 'confirmed' }] });
    expect(got.headers.cookie).toBeUndefined();
    expect(got.headers.authorization).toBeUndefined();
  });

  it('serves @solana/kit over HTTP as the browser uses it (createSolanaRpc on the relative path)', async () => {
    const url = await k.app.listen({ port: 0, host: '127.0.0.1' });
    const kit = createSolanaRpc(`${url}/api/solana/rpc`);
    const { value } = await kit.getLatestBlockhash({ commitment: 'confirmed' }).send();
    expect(value).toEqual({ blockhash: BLOCKHASH, lastValidBlockHeight: 227n });
    expect(String(await kit.getGenesisHash().send())).toBe(GENESIS);
    expect((await kit.getBalance((await generateKeyPairSigner()).address as Address).send()).value).toBe(BigInt(BIG_LAMPORTS));
    // requestAirdrop is never proxied: kit sees the JSON-RPC error
    await expect(kit.requestAirdrop((await generateKeyPairSigner()).address, 1_000_000_000n as never).send()).rejects.toThrow();
    expect(upstream.received.map((r) => (r.body as { method: string }).method)).toEqual(['getLatestBlockhash', 'getGenesisHash', 'getBalance']);
  });

  it('refuses methods outside the list with -32601 without asking the upstream (requestAirdrop never)', async () => {
    for (const method of ['requestAirdrop', 'getProgramAccounts', 'getSignaturesForAddress', 'constructor', '__proto__']) {
      const res = await rpc({ jsonrpc: '2.0', id: 3, method, params: [] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } });
    }
    expect(upstream.received).toEqual([]);
  });

  it('answers malformed requests and oversized bodies locally', async () => {
    expect((await rpc('{not json')).json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect((await rpc({ id: 1, method: 'getBalance' })).json()).toMatchObject({ id: 1, error: { code: -32600 } });
    expect((await rpc({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: { a: 1 } })).json()).toMatchObject({ id: 1, error: { code: -32602 } });
    const big = await rpc({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: ['A'.repeat(MAX_RPC_BODY_BYTES)] });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: { code: -32600 } });
    expect(upstream.received).toEqual([]);
  });

  it('forwards a batch as one upstream batch, answers in order with the client\'s ids; refuses a batch over the bound', async () => {
    const who = (await generateKeyPairSigner()).address;
    const res = await rpc([
      { jsonrpc: '2.0', id: 'a', method: 'getGenesisHash' },
      { jsonrpc: '2.0', id: 'b', method: 'requestAirdrop', params: [who, 1] },
      { jsonrpc: '2.0', id: 9, method: 'getBalance', params: [who] },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`[{"jsonrpc":"2.0","result":"${GENESIS}","id":"a"},{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":"b"},`
      + `{"jsonrpc":"2.0","result":{"context":{"apiVersion":"2.3.0","slot":77},"value":${BIG_LAMPORTS}},"id":9}]`);
    expect(upstream.received).toHaveLength(1);
    expect(upstream.received[0]!.body).toEqual([{ jsonrpc: '2.0', id: 0, method: 'getGenesisHash', params: [] }, { jsonrpc: '2.0', id: 2, method: 'getBalance', params: [who] }]);

    const tooMany = await rpc(Array.from({ length: MAX_PROXY_BATCH + 1 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'getGenesisHash' })));
    expect(tooMany.json()).toMatchObject({ id: null, error: { code: -32600 } });
    expect((await rpc([])).json()).toMatchObject({ error: { code: -32600 } });
    expect(upstream.received).toHaveLength(1);
  });

  it('an upstream HTTP 500, 429, garbage or a wrong shape is a JSON-RPC error (HTTP 200), never a 500', async () => {
    const cases: Array<[Mode, number]> = [['http500', -32603], ['http429', 429], ['garbage', -32603], ['shape', -32603]];
    for (const [mode, code] of cases) {
      upstream.mode = mode;
      const res = await rpc({ jsonrpc: '2.0', id: 5, method: 'getLatestBlockhash', params: [] });
      expect(res.statusCode, mode).toBe(200);
      const body = res.json<{ id: number; error: { code: number; message: string } }>();
      expect(body.id, mode).toBe(5);
      expect(body.error.code, mode).toBe(code);
      // and for every member of a batch
      const batch = await rpc([{ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' }, { jsonrpc: '2.0', id: 2, method: 'getBalance', params: ['x'] }]);
      expect(batch.statusCode, mode).toBe(200);
      expect(batch.json<Array<{ id: number; error: { code: number } }>>().map((a) => [a.id, a.error.code]), mode).toEqual([[1, code], [2, code]]);
    }
  });

  it('an upstream that hangs is a JSON-RPC error within SOLANA_RPC_TIMEOUT_MS', async () => {
    upstream.mode = 'hang';
    const started = Date.now();
    const res = await rpc({ jsonrpc: '2.0', id: 'h', method: 'getLatestBlockhash' });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ jsonrpc: '2.0', id: 'h', error: { code: -32603, message: 'Internal error: the Solana RPC timed out' } });
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 1500);
    expect(upstream.received).toHaveLength(1);
  });

  it('an upstream answer quoting its URL or key is redacted', async () => {
    const err = await rpc({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: ['AQ==', { encoding: 'base64' }] });
    expect(err.statusCode).toBe(200);
    expect(err.json()).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32002, message: 'Transaction simulation failed at [redacted]', data: { logs: ['key [redacted]'], err: 'X' } } });
    upstream.mode = 'echo-url';
    const echo = await rpc({ jsonrpc: '2.0', id: 2, method: 'getGenesisHash' });
    expect(echo.json()).toEqual({ jsonrpc: '2.0', id: 2, result: { note: 'served by [redacted]', host: '[redacted]' } });
  });

  it('an unreachable upstream is a JSON-RPC error too', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const dead = `http://127.0.0.1:${(closed.address() as { port: number }).port}/?api-key=${SECRET}`;
    await new Promise((resolve) => closed.close(resolve));
    const proxy = createSolanaRpcProxy({ url: dead, timeoutMs: TIMEOUT_MS });
    const answer = await proxy({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' });
    expect(answer).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error: the Solana RPC cannot be reached' } });
    expect(JSON.stringify(answer)).not.toContain(SECRET);
  });

  it('redacts the key and the path key of any URL form, but not the short words of its query', async () => {
    const url = `https://user:hunter2-password@rpc.example-provider.test/v2/pathkey-0123456789abcdef/?api-key=${SECRET}&commitment=confirmed`;
    const echo = [url, 'hunter2-password', 'pathkey-0123456789abcdef', 'rpc.example-provider.test', encodeURIComponent(SECRET), 'confirmed', 'v2'].join(' | ');
    const fakeFetch = (async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 0, result: { echo } }), { status: 200 })) as unknown as typeof fetch;
    const proxy = createSolanaRpcProxy({ url, timeoutMs: TIMEOUT_MS, fetch: fakeFetch });
    const answer = await proxy({ jsonrpc: '2.0', id: 4, method: 'getSignatureStatuses', params: [[]] });
    expect(answer).toEqual({ jsonrpc: '2.0', id: 4, result: { echo: '[redacted] | [redacted] | [redacted] | [redacted] | [redacted] | confirmed | v2' } });
  });

  it('an upstream answer over the size bound is an error; more than MAX_PROXY_IN_FLIGHT open upstream requests are refused with 429', async () => {
    const huge = `{"jsonrpc":"2.0","id":0,"result":"${'A'.repeat(MAX_UPSTREAM_ANSWER_BYTES)}"}`;
    const big = createSolanaRpcProxy({ url: upstream.url, timeoutMs: TIMEOUT_MS, fetch: (async () => new Response(huge)) as unknown as typeof fetch });
    expect(await big({ jsonrpc: '2.0', id: 1, method: 'getAccountInfo', params: ['x'] }))
      .toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error: the Solana RPC answer is too large' } });

    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const slow = createSolanaRpcProxy({ url: upstream.url, timeoutMs: 5000, fetch: (async () => { await gate; return new Response('{"jsonrpc":"2.0","id":0,"result":"ok"}'); }) as unknown as typeof fetch });
    const open = Array.from({ length: MAX_PROXY_IN_FLIGHT }, (_, i) => slow({ jsonrpc: '2.0', id: i, method: 'getGenesisHash' }));
    expect(await slow({ jsonrpc: '2.0', id: 'over', method: 'getGenesisHash' })).toEqual({ jsonrpc: '2.0', id: 'over', error: { code: 429, message: 'Too many requests' } });
    release();
    expect((await Promise.all(open)).every((a) => (a as { result?: string }).result === 'ok')).toBe(true);
    expect(await slow({ jsonrpc: '2.0', id: 'after', method: 'getGenesisHash' })).toEqual({ jsonrpc: '2.0', id: 'after', result: 'ok' });
  });

  it('is rate-limited per client like the local endpoint: the upstream never sees more than the limit', async () => {
    let refused: { statusCode: number; body: string } | null = null;
    let sent = 0;
    while (!refused && sent < RPC_RATE_LIMIT_PER_MINUTE + 50) {
      const wave = await Promise.all(Array.from({ length: 50 }, () => rpc({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' })));
      sent += wave.length;
      refused = wave.find((r) => r.statusCode === 429) ?? null;
    }
    expect(refused).not.toBeNull();
    expect(JSON.parse(refused!.body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: 429, message: 'Too many requests' } });
    expect(upstream.received.length).toBeLessThanOrEqual(RPC_RATE_LIMIT_PER_MINUTE);
  });

  it('no answer of this file carried the upstream URL, host or key', () => {
    const { host } = new URL(upstream.url);
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain(host);
      expect(body).not.toContain('/rpc/v1');
    }
  });
});

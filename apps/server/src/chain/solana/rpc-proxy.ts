/**
 * The browser's Solana JSON-RPC on a real cluster: `POST /api/solana/rpc` forwards the few methods the
 * web payment and sign-in flows use to the configured RPC (`SOLANA_RPC_URL`, else the cluster's
 * public endpoint), server-side, so the page's CSP stays `connect-src 'self'` and an operator's RPC
 * URL (often carrying a provider API key) never reaches a browser (docs/operator-guide.md §7.4 "Solana").
 *
 * Rules:
 * - Only {@link SOLANA_PROXY_METHODS} are forwarded; any other method (`requestAirdrop` included) is
 *   JSON-RPC -32601 "Method not found" and never reaches the upstream.
 * - A batch holds at most {@link MAX_PROXY_BATCH} requests and goes upstream as one batch.
 * - Only `jsonrpc`, `id` (renumbered), `method` and `params` are sent upstream; no client header.
 * - The upstream gets {@link SolanaRpcProxyOptions.timeoutMs} (body included) and at most
 *   {@link MAX_UPSTREAM_ANSWER_BYTES} of answer; a refusal, an HTTP error, a hang or an answer that is not
 *   JSON-RPC becomes a JSON-RPC error per request (-32603; 429 for an upstream 429) — never a throw.
 * - Integers pass through exactly (`parseJsonWithBigInts`; answers, the local cluster's too, are written with {@link rpcAnswerJson}).
 * - Every string of an answer is scrubbed of the upstream URL and its parts (host, credentials, query
 *   values, long path segments): an upstream message quoting them is redacted.
 */
import { randomUUID } from 'node:crypto';
import { parseJsonWithBigInts } from '@solana/rpc-spec-types';

/** The JSON-RPC methods forwarded upstream (what apps/web's Solana payment and sign-in flows call, and harmless reads around them). */
export const SOLANA_PROXY_METHODS: readonly string[] = [
  'getLatestBlockhash', 'getBalance', 'simulateTransaction', 'sendTransaction', 'getSignatureStatuses',
  'getGenesisHash', 'getFeeForMessage', 'isBlockhashValid', 'getMinimumBalanceForRentExemption', 'getAccountInfo',
];
/** Largest batch (requests per HTTP body) the proxy forwards. */
export const MAX_PROXY_BATCH = 10;
/** Largest upstream answer read (bytes, 1 MiB); more is an upstream failure. */
export const MAX_UPSTREAM_ANSWER_BYTES = 1024 * 1024;
/** Upstream requests one process keeps open at once; more are answered 429 at once. */
export const MAX_PROXY_IN_FLIGHT = 64;
/** JSON-RPC code of an upstream failure (the JSON-RPC 2.0 "Internal error"). */
export const UPSTREAM_FAILED_CODE = -32603;

const REDACTED = '[redacted]';
const ALLOWED = new Set(SOLANA_PROXY_METHODS);

type Id = string | number | null;
type Answer = Record<string, unknown>;

/** Where and how the proxy forwards. */
export interface SolanaRpcProxyOptions {
  /** The upstream JSON-RPC URL (http or https); secret: never echoed. */
  url: string;
  /** ms the upstream gets per HTTP exchange, answer body included. */
  timeoutMs: number;
  /** Test seam; default the global `fetch`. */
  fetch?: typeof fetch;
}

/** Answers a parsed JSON-RPC request or batch (what `POST /api/solana/rpc` got); never throws. */
export type SolanaRpcBackend = (request: unknown) => Promise<unknown>;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function errorAnswer(id: Id, code: number, message: string, data?: unknown): Answer {
  return { jsonrpc: '2.0', error: { code, message, ...(data !== undefined ? { data } : {}) }, id };
}

/** An upstream failure, the same for every request it concerns. */
class UpstreamFailure {
  constructor(readonly code: number, readonly message: string) {}
}

type Checked = { answer: Answer } | { id: Id; method: string; params: unknown[] };

function check(request: unknown): Checked {
  if (!isObject(request)) return { answer: errorAnswer(null, -32600, 'Invalid request') };
  const raw = request.id;
  const id: Id = typeof raw === 'string' || (typeof raw === 'number' && Number.isFinite(raw)) ? raw : null;
  if (request.jsonrpc !== '2.0' || typeof request.method !== 'string') return { answer: errorAnswer(id, -32600, 'Invalid request') };
  const params = request.params === undefined ? [] : request.params;
  if (!Array.isArray(params)) return { answer: errorAnswer(id, -32602, 'Invalid params: expected an array') };
  if (!ALLOWED.has(request.method)) return { answer: errorAnswer(id, -32601, 'Method not found') };
  return { id, method: request.method, params };
}

/**
 * The strings an answer must not carry: the URL, its origin, and its secret-looking parts (host,
 * credentials, path segments of ≥ 8 characters, query values of ≥ 12 — shorter ones, like
 * `commitment=confirmed`, are words answers use).
 */
function secretsOf(url: string): string[] {
  const out = new Set<string>([url]);
  const part = (v: string, min = 8) => { if (v.length >= min) out.add(v); };
  try {
    const u = new URL(url);
    out.add(u.href).add(u.origin);
    part(u.host);
    part(u.hostname);
    part(u.username);
    part(decodeURIComponent(u.username));
    part(u.password);
    part(decodeURIComponent(u.password));
    for (const [, v] of u.searchParams) { part(v, 12); part(encodeURIComponent(v), 12); }
    for (const seg of u.pathname.split('/')) part(seg);
  } catch {
    // not a URL: the whole string only
  }
  // longest first, so a part never splits a longer one
  return [...out].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
}

function scrub(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') {
    let s = value;
    for (const secret of secrets) if (s.includes(secret)) s = s.split(secret).join(REDACTED);
    return s;
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, secrets));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrub(k, secrets) as string, scrub(v, secrets)]));
  return value;
}

/** The body of `res` as text, at most {@link MAX_UPSTREAM_ANSWER_BYTES}. */
async function boundedText(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_UPSTREAM_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new UpstreamFailure(UPSTREAM_FAILED_CODE, 'Internal error: the Solana RPC answer is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One upstream answer checked for shape: the request's answer with the client's id, or null. */
function answerFor(upstream: unknown, id: Id): Answer | null {
  if (!isObject(upstream)) return null;
  if ('result' in upstream && upstream.error === undefined) return { jsonrpc: '2.0', result: upstream.result, id };
  const e = upstream.error;
  if (!isObject(e) || (typeof e.code !== 'number' && typeof e.code !== 'bigint') || typeof e.message !== 'string') return null;
  const code = Number(e.code);
  if (!Number.isSafeInteger(code)) return null;
  return errorAnswer(id, code, e.message.slice(0, 2000), e.data);
}

function upstreamId(a: unknown): number | null {
  if (!isObject(a)) return null;
  const id = a.id;
  return typeof id === 'bigint' ? Number(id) : typeof id === 'number' ? id : null;
}

/**
 * A backend for `POST /api/solana/rpc` on a real cluster: forwards allowed requests to `options.url`
 * (see module doc).
 */
export function createSolanaRpcProxy(options: SolanaRpcProxyOptions): SolanaRpcBackend {
  const fetchFn = options.fetch ?? fetch;
  const secrets = secretsOf(options.url);
  let inFlight = 0;

  /** One HTTP exchange with the upstream: its parsed JSON (integers as bigints). */
  async function exchange(payload: unknown): Promise<unknown> {
    if (inFlight >= MAX_PROXY_IN_FLIGHT) throw new UpstreamFailure(429, 'Too many requests');
    inFlight++;
    try {
      const res = await fetchFn(options.url, {
        method: 'POST', redirect: 'error', signal: AbortSignal.timeout(options.timeoutMs),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
      });
      if (res.status === 429) {
        await res.body?.cancel().catch(() => undefined);
        throw new UpstreamFailure(429, 'Too many requests');
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new UpstreamFailure(UPSTREAM_FAILED_CODE, `Internal error: the Solana RPC answered HTTP ${res.status}`);
      }
      const text = await boundedText(res);
      try {
        return parseJsonWithBigInts(text);
      } catch {
        throw new UpstreamFailure(UPSTREAM_FAILED_CODE, 'Internal error: the Solana RPC answered no JSON');
      }
    } catch (err) {
      if (err instanceof UpstreamFailure) throw err;
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new UpstreamFailure(UPSTREAM_FAILED_CODE, timedOut ? 'Internal error: the Solana RPC timed out' : 'Internal error: the Solana RPC cannot be reached');
    } finally {
      inFlight--;
    }
  }

  const garbage = (id: Id): Answer => errorAnswer(id, UPSTREAM_FAILED_CODE, 'Internal error: the Solana RPC answered no valid JSON-RPC');

  async function single(c: Checked): Promise<Answer> {
    if ('answer' in c) return c.answer;
    try {
      const upstream = await exchange({ jsonrpc: '2.0', id: 0, method: c.method, params: c.params });
      return answerFor(upstream, c.id) ?? garbage(c.id);
    } catch (err) {
      const f = err instanceof UpstreamFailure ? err : new UpstreamFailure(UPSTREAM_FAILED_CODE, 'Internal error');
      return errorAnswer(c.id, f.code, f.message);
    }
  }

  async function batch(checked: Checked[]): Promise<Answer[]> {
    const forward = checked.flatMap((c, i) => ('answer' in c ? [] : [{ i, c }]));
    const out: Answer[] = checked.map((c) => ('answer' in c ? c.answer : garbage(null)));
    if (forward.length === 0) return out;
    let upstream: unknown;
    try {
      upstream = await exchange(forward.map(({ i, c }) => ({ jsonrpc: '2.0', id: i, method: c.method, params: c.params })));
    } catch (err) {
      const f = err instanceof UpstreamFailure ? err : new UpstreamFailure(UPSTREAM_FAILED_CODE, 'Internal error');
      for (const { i, c } of forward) out[i] = errorAnswer(c.id, f.code, f.message);
      return out;
    }
    const byId = new Map<number, unknown>();
    if (Array.isArray(upstream)) for (const a of upstream) { const id = upstreamId(a); if (id !== null && !byId.has(id)) byId.set(id, a); }
    for (const { i, c } of forward) out[i] = answerFor(byId.get(i), c.id) ?? garbage(c.id);
    return out;
  }

  return async (request) => {
    let answer: unknown;
    if (!Array.isArray(request)) answer = await single(check(request));
    else if (request.length === 0) answer = errorAnswer(null, -32600, 'Invalid request');
    else if (request.length > MAX_PROXY_BATCH) answer = errorAnswer(null, -32600, `Invalid request: at most ${MAX_PROXY_BATCH} requests in a batch`);
    else answer = await batch(request.map(check));
    return scrub(answer, secrets);
  };
}

/**
 * A JSON-RPC answer as JSON text, integers above 2^53 exact (bigints written as JSON numbers; a
 * random per-call mark no request can guess stands in for them while stringifying).
 */
export function rpcAnswerJson(answer: unknown): string {
  const mark = `bigint-${randomUUID()}:`;
  let any = false;
  const text = JSON.stringify(answer, (_k, v: unknown) => {
    if (typeof v !== 'bigint') return v;
    any = true;
    return `${mark}${v.toString()}`;
  });
  return any ? text.replaceAll(new RegExp(`"${mark}(-?\\d+)"`, 'g'), '$1') : text;
}

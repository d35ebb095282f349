/**
 * A mocked HTTP layer for tests: replaces the `fetch` of the app's one client, so requests go
 * through the real client (headers, docs/product.md §8 handling) and answers come from a route table. Other
 * `fetch` calls (the public price service) are left alone.
 */
import { API_PREFIX } from '@kingdom/api';
import { transport } from '../api/client.ts';

/** A request as a handler sees it. */
export interface MockRequest {
  method: string;
  /** Path below `/api`, without the query string, e.g. `/config`. */
  path: string;
  params: Record<string, string>;
  body: unknown;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/** An answer: status (default 200) and body; or `'network'` for a request without response. */
export type MockAnswer = { status?: number; body?: unknown } | 'network';
export type MockHandler = MockAnswer | ((req: MockRequest) => MockAnswer);

/** Route table keyed `'GET /config'`. */
export type MockRoutes = Record<string, MockHandler>;

const original = transport.fetch;

/** The request the client sent, as a {@link MockRequest}. */
function toMockRequest(input: RequestInfo | URL, init: RequestInit | undefined): MockRequest {
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    headers[key] = value;
  });
  const body = typeof init?.body === 'string' && init.body ? (JSON.parse(init.body) as unknown) : init?.body;
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    path: url.pathname.slice(API_PREFIX.length),
    params: Object.fromEntries(url.searchParams),
    body: body ?? undefined,
    headers,
  };
}

/** The body of an answer as sent over the wire: strings as they are, anything else as JSON. */
function wireBody(body: unknown): string {
  if (body === undefined || body === null) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** Installs `routes` as the HTTP layer; returns the log of requests made. */
export function mockHttp(routes: MockRoutes): MockRequest[] {
  const log: MockRequest[] = [];
  transport.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = toMockRequest(input, init);
    log.push(req);
    const handler = routes[`${req.method} ${req.path}`];
    const answer: MockAnswer = handler === undefined ? { status: 404, body: { error: 'NOT_FOUND', message: 'Requested resource unavailable' } } : typeof handler === 'function' ? handler(req) : handler;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : wireBody(answer.body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return log;
}

/** Puts the real `fetch` back. */
export function restoreHttp(): void {
  transport.fetch = original;
}

/**
 * A mocked HTTP layer for tests: replaces the axios adapter of the app's one client, so requests go
 * through the real interceptors (headers, spec §8 handling) and answers come from a route table.
 */
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../api/client.ts';

/** A request as a handler sees it. */
export interface MockRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

/** An answer: status (default 200) and body; or `'network'` for a request without response. */
export type MockAnswer = { status?: number; body?: unknown } | 'network';
export type MockHandler = MockAnswer | ((req: MockRequest) => MockAnswer);

/** Route table keyed `'GET /config'`. */
export type MockRoutes = Record<string, MockHandler>;

const original = http.defaults.adapter;

/** Installs `routes` as the HTTP layer; returns the log of requests made. */
export function mockHttp(routes: MockRoutes): MockRequest[] {
  const log: MockRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const path = config.url ?? '';
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) headers[k.toLowerCase()] = String(v);
    const req: MockRequest = {
      method,
      path,
      params: Object.fromEntries(Object.entries((config.params ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)])),
      body: typeof config.data === 'string' && config.data ? JSON.parse(config.data) : config.data,
      headers,
    };
    log.push(req);
    const handler = routes[`${method} ${path}`];
    const answer: MockAnswer = handler === undefined ? { status: 404, body: { error: 'NOT_FOUND', message: 'Requested resource unavailable' } } : typeof handler === 'function' ? handler(req) : handler;
    if (answer === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const status = answer.status ?? 200;
    const response: AxiosResponse = { data: answer.body, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
  http.defaults.adapter = adapter;
  return log;
}

/** Puts the real adapter back. */
export function restoreHttp(): void {
  http.defaults.adapter = original;
}

/**
 * The one HTTP client of the Kingdom API (docs/architecture.md §2.1 "One client"), made from the
 * endpoint descriptors: `client.call('vendorPurchase', { body, headers })` sends the descriptor's
 * method to its path (params filled by {@link fillPath}, under `/api`) and its input and answer are
 * typed by the descriptor's zod schemas (`z.input` of params, query and body; `z.output` of the
 * response). The web app, the `kingdom` CLI, tools/kingdom-client.ts, the e2e suite and the bench all
 * call the API through it.
 *
 * It handles once what every caller used to redo:
 * - the CSRF double submit (docs/game-rules.md §10.1): with `csrf: 'jar'` (Node) it fetches
 *   `GET /api/sanctum/csrf-cookie` before its first non-GET call, keeps the cookies the server sets
 *   and sends them back with the `X-XSRF-TOKEN` header; with `csrf: { token }` (the browser, which
 *   keeps the cookie itself) it sends the header read from the page's cookie;
 * - the bearer token (`Authorization: Bearer …`), from the client or per call;
 * - JSON bodies (a non-GET call always sends one, `{}` when it has none), query strings (values as
 *   text, `undefined`/`null` left out) and answers (JSON when it parses, else the text, `''` empty).
 *
 * At run time it imports no zod and no descriptor: callers hand it a route table (`routes`: the
 * descriptors themselves, `ENDPOINTS`) or a route ({@link sendRoute}: the web app, whose routes are
 * made from the descriptors at build time), so the web's first page stays without the schemas. Answers are not parsed with
 * zod (no per-call cost); the types are the contract's.
 */
import type { ErrorCode } from '@kingdom/game';
import { fillPath, type EndpointInput, type EndpointOutput, type HttpMethod } from './contract.ts';
import type { ENDPOINTS, EndpointName } from './endpoints.ts';
import { API_PREFIX, XSRF_COOKIE, XSRF_HEADER } from './http.ts';

/** What the client needs of a descriptor at run time: its method and path pattern (under `/api`). */
export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
}

/** The method and path of endpoint `N`, with the descriptor's literal types. */
export interface RouteOf<N extends EndpointName> {
  readonly method: (typeof ENDPOINTS)[N]['method'];
  readonly path: (typeof ENDPOINTS)[N]['path'];
}

/** A table of routes by endpoint name (`ENDPOINTS` is one). */
export type RouteTable = { readonly [N in EndpointName]?: Route };

type Descriptor<N extends EndpointName> = (typeof ENDPOINTS)[N];

/** What a call of endpoint `N` takes: its descriptor's params, query and body (those it has), and extra headers. */
export type CallInput<N extends EndpointName> = {
  [K in keyof EndpointInput<Descriptor<N>> as EndpointInput<Descriptor<N>>[K] extends undefined ? never : K]: EndpointInput<Descriptor<N>>[K];
} & {
  /** Extra request headers, e.g. `{ 'Idempotency-Key': uuid }` for the endpoints that require one. */
  headers?: Readonly<Record<string, string>>;
};

/** The 2xx answer of endpoint `N` (its descriptor's response schema's output; `void` for an empty 204). */
export type CallOutput<N extends EndpointName> = EndpointOutput<Descriptor<N>>;

/** Per-call options. */
export interface CallOptions {
  /** Bearer token for this call (overrides the client's `bearer`; `null`: none). */
  bearer?: string | null;
  /** Aborts the call. */
  signal?: AbortSignal;
}

/** An answer, whatever its status: `body` is parsed JSON when it parses, else its text (`''` when empty). */
export type ApiResponse<T = unknown> =
  | { status: number; ok: true; headers: Headers; body: T }
  | { status: number; ok: false; headers: Headers; body: unknown };

/** How the client takes part in the CSRF double submit. */
export type CsrfMode =
  /** Node: keep a cookie jar, fetch the CSRF cookie before the first non-GET call. */
  | 'jar'
  /** The browser keeps the cookie; `token()` reads it (the page's `XSRF-TOKEN` cookie). */
  | { token: () => string | undefined }
  /** No CSRF header (GET-only callers). */
  | 'none';

/** Options of {@link createClient}. */
export interface ClientOptions<R extends RouteTable> {
  /** The routes: `ENDPOINTS` (Node), or a table of their methods and paths (the web app). */
  routes: R;
  /** Origin the `/api` paths are appended to, e.g. `http://127.0.0.1:8080`; `''` (default) for the page's own origin. */
  baseUrl?: string;
  /** The `fetch` to send with (default: the global one); read at each call, so a test may swap it. */
  fetch?: typeof fetch;
  /** The bearer token (or a function reading the current one); calls may override it. */
  bearer?: string | (() => string | null | undefined);
  /** CSRF double submit (default `'jar'`). */
  csrf?: CsrfMode;
  /** `fetch`'s `credentials` (the web app: `'include'`). */
  credentials?: RequestCredentials;
  /** Abort a call after this many milliseconds (default: never). */
  timeoutMs?: number;
}

/** A failed call (status outside 2xx): the status, the server's spec error code and message, the body. */
export class ApiCallError extends Error {
  override name = 'ApiCallError';
  /** The server's error code (docs/product.md §8 catalogue, `packages/api/src/errors.ts`), when the body names one. */
  readonly code: ErrorCode | undefined;
  /** Field errors of a validation answer (422 VALIDATION_ERROR). */
  readonly errors: Record<string, string[]> | undefined;

  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly what: string,
  ) {
    const shape = body !== null && typeof body === 'object' ? (body as { error?: unknown; message?: unknown; errors?: unknown }) : {};
    super(`${what} → HTTP ${status}${typeof shape.error === 'string' ? ` ${shape.error}` : ''}: ${typeof body === 'string' ? body.slice(0, 500) : JSON.stringify(body)?.slice(0, 500)}`);
    this.code = typeof shape.error === 'string' ? (shape.error as ErrorCode) : undefined;
    this.errors = shape.errors !== null && typeof shape.errors === 'object' ? (shape.errors as Record<string, string[]>) : undefined;
  }
}

/** An answer's body: JSON when it parses, else its text (`''` when empty). */
export function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Query parameters as text, `undefined` and `null` left out; `''` when none. */
export function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const pairs = Object.entries(query).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]]));
  const s = new URLSearchParams(pairs).toString();
  return s ? `?${s}` : '';
}

/**
 * How requests are sent: the settings {@link sendRoute} needs ({@link createClient} makes one from
 * its options; the web app's first page builds its own, without the cookie jar and the errors).
 */
export interface Transport {
  /** Origin the `/api` paths are appended to; `''` for the page's own origin. */
  baseUrl: string;
  /** The `fetch` to send with (default: the global one). */
  fetch?: typeof fetch;
  /** The bearer token (or a function reading the current one); calls may override it. */
  bearer?: string | (() => string | null | undefined);
  /** `fetch`'s `credentials` (the web app: `'include'`). */
  credentials?: RequestCredentials;
  /** The CSRF headers for a request of `method` (may first fetch the cookie), and any cookies to send. */
  csrf?: (method: HttpMethod) => Record<string, string> | Promise<Record<string, string>>;
  /** Sees every response before its body is read (a cookie jar keeps the cookies it sets). */
  onResponse?: (res: Response) => void;
}

/**
 * Sends one call of endpoint `name` at `route` (its method and path) with `t`: the core of the one
 * client. Network failures throw what `fetch` throws; any status is returned.
 */
export async function sendRoute<N extends EndpointName>(t: Transport, _name: N, route: RouteOf<N> | Route, input?: CallInput<N>, options: CallOptions = {}): Promise<ApiResponse<CallOutput<N>>> {
  const parts = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; headers?: Readonly<Record<string, string>> } | undefined;
  const url = `${t.baseUrl}${API_PREFIX}${fillPath(route.path, parts?.params)}${queryString(parts?.query)}`;
  const headers: Record<string, string> = { Accept: 'application/json', ...parts?.headers };
  const hasBody = route.method !== 'GET';
  if (hasBody) headers['Content-Type'] = 'application/json';
  const token = options.bearer !== undefined ? options.bearer : typeof t.bearer === 'function' ? t.bearer() : t.bearer;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (t.csrf) Object.assign(headers, await t.csrf(route.method));
  const res = await (t.fetch ?? fetch)(url, {
    method: route.method,
    headers,
    body: hasBody ? JSON.stringify(parts?.body ?? {}) : undefined,
    credentials: t.credentials,
    signal: options.signal,
  });
  t.onResponse?.(res);
  const { status } = res;
  return { status, ok: status >= 200 && status < 300, headers: res.headers, body: parseBody(await res.text()) } as ApiResponse<CallOutput<N>>;
}

/** The typed client {@link createClient} returns. */
export interface KingdomApi<R extends RouteTable> {
  /**
   * Calls endpoint `name` and returns its answer, whatever the status (network failures throw what
   * `fetch` throws).
   */
  send<N extends EndpointName & keyof R>(name: N, input?: CallInput<N>, options?: CallOptions): Promise<ApiResponse<CallOutput<N>>>;
  /**
   * Calls endpoint `name`; returns its 2xx answer's body.
   * @throws ApiCallError for any other status (with the spec error code the server answered)
   */
  call<N extends EndpointName & keyof R>(name: N, input?: CallInput<N>, options?: CallOptions): Promise<CallOutput<N>>;
  /** The URL of endpoint `name` with `params` and `query` (for links, downloads and load generators). */
  url<N extends EndpointName & keyof R>(name: N, input?: Pick<CallInput<N>, Extract<'params' | 'query', keyof CallInput<N>>>): string;
  /** The CSRF token held (`'jar'` mode: fetched on the first non-GET call or by {@link KingdomApi.csrf}). */
  csrfToken(): string | undefined;
  /** Fetches the CSRF cookie now and returns its token. @throws ApiCallError, Error when none was set */
  csrf(): Promise<string>;
}

/**
 * Makes the typed client over `options.routes` (see the module comment).
 *
 * @example
 * const api = createClient({ routes: ENDPOINTS, baseUrl: 'http://127.0.0.1:8080', bearer: token });
 * const { balance } = await api.call('balance', { params: { token: 'hexo' } });
 * await api.call('vendorPurchase', { body: { item: 'toolkit_2', quantity: 1 }, headers: { 'Idempotency-Key': randomUUID() } });
 */
export function createClient<R extends RouteTable>(options: ClientOptions<R>): KingdomApi<R> {
  const { routes, timeoutMs } = options;
  const mode: CsrfMode = options.csrf ?? 'jar';
  const cookies = new Map<string, string>();

  const routeOf = (name: EndpointName): Route => {
    const r = routes[name];
    if (!r) throw new Error(`no route for ${name}`);
    return r;
  };
  const csrfToken = (): string | undefined => {
    if (mode === 'none') return undefined;
    if (mode !== 'jar') return mode.token();
    const raw = cookies.get(XSRF_COOKIE);
    return raw === undefined ? undefined : decodeURIComponent(raw);
  };
  const transport: Transport = {
    baseUrl: options.baseUrl ?? '',
    fetch: (input, init) => (options.fetch ?? fetch)(input, init),
    bearer: options.bearer,
    credentials: options.credentials,
    async csrf(method) {
      const headers: Record<string, string> = {};
      if (mode === 'jar' && method !== 'GET' && !cookies.has(XSRF_COOKIE)) await fetchCsrf();
      const token = mode === 'jar' && method === 'GET' ? undefined : csrfToken();
      if (token) headers[XSRF_HEADER] = token;
      if (cookies.size > 0) headers.Cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      return headers;
    },
    onResponse(res) {
      if (mode !== 'jar') return;
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair?.indexOf('=') ?? -1;
        if (pair && eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
    },
  };
  const withTimeout = (opts: CallOptions): CallOptions => {
    if (timeoutMs === undefined) return opts;
    const timeout = AbortSignal.timeout(timeoutMs);
    return { ...opts, signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout };
  };
  const what = (route: Route, input: unknown) => `${route.method} ${API_PREFIX}${fillPath(route.path, (input as { params?: Record<string, unknown> } | undefined)?.params)}`;

  async function fetchCsrf(): Promise<string> {
    const route = routeOf('csrfCookie');
    const res = await sendRoute(transport, 'csrfCookie', route, undefined, withTimeout({ bearer: null }));
    if (!res.ok) throw new ApiCallError(res.status, res.body, what(route, undefined));
    const token = csrfToken();
    if (!token) throw new Error(`${what(route, undefined)} set no ${XSRF_COOKIE} cookie`);
    return token;
  }

  return {
    send: (name, input, opts = {}) => sendRoute(transport, name, routeOf(name), input, withTimeout(opts)),
    async call(name, input, opts = {}) {
      const route = routeOf(name);
      const res = await sendRoute(transport, name, route, input, withTimeout(opts));
      if (!res.ok) throw new ApiCallError(res.status, res.body, what(route, input));
      return res.body;
    },
    url: (name, input) => {
      const parts = input as { params?: Record<string, unknown>; query?: Record<string, unknown> } | undefined;
      return `${transport.baseUrl}${API_PREFIX}${fillPath(routeOf(name).path, parts?.params)}${queryString(parts?.query)}`;
    },
    csrfToken,
    csrf: fetchCsrf,
  };
}

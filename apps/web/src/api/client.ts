/**
 * The web app's calls (docs/architecture.md §2; docs/product.md §7, §8), through the contract's one
 * client (`sendRoute` of `@kingdom/api`, on the platform's `fetch`). Every call names an endpoint
 * descriptor of `@kingdom/api` (`call`, api/call.ts; the frame's own calls use `callRoute`), so its
 * input and answer are typed by the contract.
 *
 * `/api` prefix, cookies sent, JSON headers, XSRF cookie → header, bearer token from the session
 * store, no timeout. Failures are turned into {@link ApiError} after the generic handling of
 * docs/product.md §8 (failure.ts, loaded with the first failure) has shown its toast. (It replaced axios, which weighed 20 KB gzip on the first page for
 * the few of its features the app used.)
 */
import { XSRF_COOKIE, XSRF_HEADER, fillPath, sendRoute, type ApiResponse, type CallInput as ClientCallInput, type CallOutput, type EndpointName, type RouteOf, type Transport } from '@kingdom/api';
import { useSession } from '../session/session-store.ts';

/** Options of one call. */
export interface RequestOptions {
  /** The endpoint answers without a body (e.g. 204); don't treat it as missing data. */
  allowEmpty?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  /**
   * A 404 is an answer the page shows itself ("no such week"), not a failure to toast: the caller
   * gets an {@link ApiError} `NOT_FOUND` (status 404) and no toast is shown.
   */
  quietNotFound?: boolean;
  /**
   * A 403 is an answer the page shows itself (the console's "Not an operator"), not a failure to
   * toast: the caller gets an {@link ApiError} with the answer's code (status 403) and no toast.
   */
  quietForbidden?: boolean;
}

/** An answer outside 2xx, before the generic handling. */
export class HttpResponseError extends Error {
  readonly status: number;
  /** The answer's body: parsed JSON, else its text ('' when empty). */
  readonly data: unknown;

  constructor(status: number, data: unknown) {
    super(`Request failed with status code ${status}`);
    this.name = 'HttpResponseError';
    this.status = status;
    this.data = data;
  }
}

/** No answer at all (network down, server unreachable), before the generic handling. */
export class HttpNetworkError extends Error {
  constructor(cause: unknown) {
    super('Network Error', { cause });
    this.name = 'HttpNetworkError';
  }
}

/** Marker returned to the caller on status 401 (docs/product.md §8), never toasted by the client. */
export const USER_NOT_AUTH = 'USER_NOT_AUTH';
/** Codes of failures that have no server code. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const NO_DATA = 'NO_DATA';
export const HTTP_ERROR = 'HTTP_ERROR';

/** A failed call after generic handling. `code` is a catalogue code or one of the markers above. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  /** Field errors of a validation answer. */
  readonly errors: Record<string, string[]> | undefined;
  /** True when the client already showed a toast for it. */
  readonly notified: boolean;

  constructor(code: string, message: string, opts: { status?: number; errors?: Record<string, string[]>; notified?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = opts.status;
    this.errors = opts.errors;
    this.notified = opts.notified ?? false;
  }
}

/** True when `e` is the docs/product.md §8 USER_NOT_AUTH marker. */
export function isNotAuth(e: unknown): boolean {
  return e instanceof ApiError && e.code === USER_NOT_AUTH;
}

function isEmptyBody(data: unknown): boolean {
  return data === undefined || data === null || data === '';
}

/** The `fetch` the client sends with; tests swap it for a route table (test/mock-http.ts). */
export const transport: { fetch: typeof fetch } = { fetch: (input, init) => fetch(input, init) };

/** The value of cookie `name`, if set. */
function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split(/;\s*/).find((c) => c.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

/**
 * How the contract's one client (`sendRoute` of `@kingdom/api`) sends for the page: same origin,
 * cookies sent, the bearer token from the session store, the XSRF cookie sent back as header, no
 * timeout.
 */
const PAGE: Transport = {
  baseUrl: '',
  fetch: (input, init) => transport.fetch(input, init),
  bearer: () => useSession.getState().token,
  credentials: 'include',
  // the server checks the token on non-GET requests only (docs/game-rules.md §10.1); reading
  // `document.cookie` is a round trip to the browser's cookie store, ≈ 1 ms of main thread each,
  // for each of the dozen GETs of a start-up
  csrf: (method): Record<string, string> => {
    if (method === 'GET') return {};
    const xsrf = readCookie(XSRF_COOKIE);
    return xsrf ? { [XSRF_HEADER]: xsrf } : {};
  },
};

/**
 * The docs/product.md §8 handling of `error` (its code and catalogue load with the first failure). When even
 * that code cannot be fetched (server gone), the caller still gets an {@link ApiError}, not toasted
 * (react-toastify could not be fetched either).
 */
async function failure(error: Error): Promise<ApiError> {
  try {
    return (await import('./failure.ts')).handleFailure(error);
  } catch {
    return new ApiError(NETWORK_ERROR, error.message);
  }
}

/** What a call of endpoint `N` takes: its descriptor's params, query and body, those it has. */
export type CallInput<N extends EndpointName> = Omit<ClientCallInput<N>, 'headers'>;

/**
 * Calls the endpoint named `name` of `@kingdom/api`'s descriptors at `route` (its method and path,
 * made from the descriptors at build time: `api/routes.ts`), with params/query/body and the answer
 * typed by its zod schemas, through the contract's client. Query values are sent as strings;
 * `undefined` ones are left out. Then the generic handling of docs/product.md §8 for a failure or a
 * 2xx answer without data. Features use `call` (api/call.ts); the frame's own calls pass their route
 * directly, so the whole table stays out of the first page's JavaScript.
 * @returns the answer's body
 */
export async function callRoute<N extends EndpointName>(name: N, route: RouteOf<N>, input?: CallInput<N>, options: RequestOptions = {}): Promise<CallOutput<N>> {
  // a missing path param is the caller's bug: thrown as it is, not handled as a failed request
  fillPath(route.path, (input as { params?: Record<string, unknown> } | undefined)?.params);
  let res: ApiResponse<CallOutput<N>>;
  try {
    res = await sendRoute(PAGE, name, route, options.headers ? ({ ...input, headers: options.headers } as ClientCallInput<N>) : (input as ClientCallInput<N> | undefined));
  } catch (e) {
    throw await failure(new HttpNetworkError(e));
  }
  const { status, body: data } = res;
  if (status === 404 && options.quietNotFound) throw new ApiError('NOT_FOUND', 'NOT_FOUND', { status });
  if (status === 403 && options.quietForbidden) {
    const body = (typeof data === 'object' && data !== null ? data : {}) as { error?: unknown; message?: unknown };
    throw new ApiError(typeof body.error === 'string' ? body.error : 'FORBIDDEN', typeof body.message === 'string' ? body.message : '', { status });
  }
  if (!res.ok) throw await failure(new HttpResponseError(status, data));
  if (!options.allowEmpty && isEmptyBody(data)) {
    throw await import('./failure.ts').then(
      (m) => m.noDataFailure(status),
      () => new ApiError(NO_DATA, NO_DATA, { status }),
    );
  }
  return res.body;
}

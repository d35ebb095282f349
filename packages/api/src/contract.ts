/**
 * Endpoint descriptors: the HTTP contract as data. One descriptor per endpoint states its
 * `operationId`, method, path pattern (relative to `/api`, Fastify/OpenAPI-style `:param`), the zod
 * schemas of params, query, required headers, body and response, the error codes it may answer and how it is
 * authenticated. The server registers its routes from these descriptors (and nothing else), OpenAPI
 * is generated from them, and the web app types its calls with them, so the three cannot drift.
 *
 * We use this small module rather than a contract library: ts-rest 3.52's Fastify adapter requires
 * Fastify 4 and zod 3; this project is on Fastify 5 and zod 4.
 */
import type { z } from 'zod';
import type { ErrorCode } from '@kingdom/game';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * How an endpoint is authenticated:
 * - `public`: anyone;
 * - `session`: a bearer token; one hook resolves the session before the handler runs;
 * - `session-in-query`: a bearer token whose session is checked inside the handler's one SQL
 *   statement (hot reads: one round trip); the hook only requires the header, the server builds such
 *   statements only with its one session helper (which puts the session condition in) and its route
 *   registration refuses to answer unless that statement found the session (fail closed: 401 for a
 *   missing, unknown, revoked or expired token; never public);
 * - `demo`: demo mode only (registered only when `DEMO` is on), no sign-in;
 * - `operator`: the operator console (docs/http-contract.md §4): a bearer token like `session`, whose
 *   signed-in wallet address must be an operator's with at least the descriptor's `role`
 *   ({@link OPERATOR_ROLES}); anyone else answers 403 OPERATOR_FORBIDDEN.
 */
export type EndpointAuth = 'public' | 'session' | 'session-in-query' | 'demo' | 'operator';

/**
 * Operator roles, weakest first; each role may do what the ones before it may (docs/operator-guide.md
 * "The console"): `viewer` reads, `support` acts on players, `admin` moves money and manages operators.
 */
export const OPERATOR_ROLES = ['viewer', 'support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** True when `role` may do what `needed` allows. */
export function roleAtLeast(role: OperatorRole, needed: OperatorRole): boolean {
  return OPERATOR_ROLES.indexOf(role) >= OPERATOR_ROLES.indexOf(needed);
}

export interface Endpoint {
  operationId: string;
  method: HttpMethod;
  /** Path pattern under `/api`, e.g. `/lands/:hex_name`. */
  path: string;
  summary: string;
  tags: readonly string[];
  auth: EndpointAuth;
  /** `operator` endpoints only (required there): the weakest role allowed. */
  role?: OperatorRole;
  params?: z.ZodType;
  query?: z.ZodType;
  /**
   * Request headers the endpoint requires, lower-case names (e.g. `idempotencyHeaders`): validated
   * before the handler (422 VALIDATION_ERROR) and published in OpenAPI as header parameters.
   */
  headers?: z.ZodType;
  body?: z.ZodType;
  /** The 2xx answer; `null` for an empty 204. */
  response: z.ZodType | null;
  /**
   * Catalogue codes the endpoint may answer besides those every endpoint of its kind may
   * (`derivedErrorCodes` of `./error-answers.ts`: UNHANDLED_ERROR, MAINTENANCE, USER_NOT_AUTH when
   * signed in, CSRF_TOKEN_MISMATCH and VALIDATION_ERROR when it takes input, TOO_MANY_REQUESTS when
   * rate limited); none when absent. OpenAPI lists both; the server's tests fail on an answer with a
   * code that is in neither.
   */
  errors?: readonly ErrorCode[];
  /** Requests per minute per client when rate limited; `auth`: the deployment's sign-in limit. */
  rateLimit?: number | 'auth';
}

/** Declares an endpoint (identity; keeps the literal types for inference). */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : Record<string, never>;

/**
 * The one path filler: `pattern` (a descriptor's path, e.g. `/lands/:hex_name`) with each `:param`
 * replaced by `params[param]`, URI-encoded (`encodeURIComponent`; numbers as their decimal text).
 * @throws Error for a missing (undefined or null) param
 */
export function fillPath(pattern: string, params?: Readonly<Record<string, unknown>>): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`missing path param ${name} of ${pattern}`);
    return encodeURIComponent(String(v));
  });
}

/** The path of `e` with its `:params` filled in ({@link fillPath}). @throws Error for a missing param */
export function pathOf<E extends Endpoint>(e: E, params?: ParamsOf<E>): string {
  return fillPath(e.path, params as Readonly<Record<string, unknown>> | undefined);
}

/** Request and response types of an endpoint, for typed clients. */
export type EndpointInput<E extends Endpoint> = {
  params: E['params'] extends z.ZodType ? z.input<E['params']> : undefined;
  query: E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
  body: E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
};
export type EndpointOutput<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;

/**
 * Routes from endpoint descriptors (`@kingdom/api` contract): every API route is registered here
 * from its descriptor — method, path, schemas, OpenAPI `operationId` — and authenticated by the one
 * hook below, which reads the descriptor's `auth`. Handlers get their input parsed and typed, the
 * request's clock reading and, for `session` endpoints, the session. A `session-in-query` endpoint
 * checks its session inside its handler's one statement (built by `sessionStatement`, run by
 * `sessionRows`); its registration refuses to answer a request whose session no such statement
 * checked, so a handler that forgets it fails closed (500, logged) instead of going public.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { roleAtLeast, type Endpoint, type OperatorRole } from '@kingdom/api';
import { bearerHash, requireSession, resolveSession, type SessionUser } from '../auth/session.ts';
import { operatorRoleOf } from '../auth/operators.ts';
import { fail } from '../errors.ts';
import { JsonBody } from './json-body.ts';
import { idempotencyKeyOf, takesIdempotencyKey, withIdempotencyKey } from './idempotency.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The game clock read once for this request (UTC). */
    now: Date;
    /** The session of a `session` or `operator` endpoint (set by the auth hook). */
    session: SessionUser | null;
    /** The operator of an `operator` endpoint (set by the auth hook): its signed-in wallet and role. */
    operator: OperatorSession | null;
    /** SHA-256 of the bearer token of a `session-in-query` endpoint (its SQL checks the session). */
    tokenHash: string | null;
    /** True once `sessionRows` found this request's session live (what a `session-in-query` answer requires). */
    sessionChecked: boolean;
    /**
     * On a route declared `clock: 'in-query'` with a shared clock: the offset (ms) `now` was read
     * with, not refreshed from the database; `sessionRows` compares it with the statement's. Else null.
     */
    clockSeen: number | null;
    /** Refreshes the shared clock and returns the game time (for `sessionRows` when `clockSeen` is stale). */
    clockRefresh: () => Promise<Date>;
  }
  interface FastifyContextConfig {
    endpoint?: Endpoint;
    /** The handler reads the game time only through `sessionRows` statements (see {@link RouteOptions}). */
    clockInQuery?: boolean;
    /** The game time may be read without a round trip while the clock is known current (see {@link RouteOptions}). */
    clockNotified?: boolean;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives. */
export interface HandlerInput<E extends Endpoint> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  now: Date;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The operator behind an `operator` endpoint's request: the session's signed-in wallet and its role. */
export interface OperatorSession {
  chain: 'cardano' | 'solana';
  address: string;
  role: OperatorRole;
  userId: number;
}

/** The operator of an `operator` endpoint's request (the hook guarantees it). */
export function operatorOf(input: { request: FastifyRequest }): OperatorSession {
  const o = input.request.operator;
  if (!o) throw new Error('operatorOf: the endpoint is not declared auth: operator');
  return o;
}

/**
 * Player writes a suspended account may still make (docs/game-rules.md §15): marking its inbox read
 * (the message that told it why is there).
 */
const SUSPENSION_EXEMPT: ReadonlySet<string> = new Set(['notificationsRead']);

/** The session of a `session` endpoint's request (the hook guarantees it). */
export function sessionOf(input: { request: FastifyRequest }): SessionUser {
  const s = input.request.session;
  if (!s) throw new Error('sessionOf: the endpoint is not declared auth: session');
  return s;
}

/**
 * A route's handler: resolves to the answer (checked and serialized by the endpoint's response
 * schema) or to a {@link JsonBody} of the same endpoint (an answer serialized before, e.g. cached).
 */
export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<(E['response'] extends z.ZodType ? z.input<E['response']> : void) | JsonBody<E>>;

/** How a route is registered beyond its descriptor. */
export interface RouteOptions {
  /**
   * `'in-query'`: the handler reads the game time only through `sessionRows`, whose statements select
   * the clock fragment of `sessionStatement`; the request then skips the shared clock's refresh (one round trip fewer in
   * demo mode) and `sessionRows` refreshes and runs again in the rare case the offset moved. The
   * handler's `now` may lag a demo clock advance made by another process: it must not use it.
   *
   * `'notified'`: the request reads the game time without the shared clock's refresh while this
   * process hears the clock's change notifications and none came since it last read it
   * (`GameClock.current`); otherwise it refreshes as usual. A demo clock advance by another process
   * is then seen once its notification arrives (a few ms): for routes whose answer already follows
   * other processes' changes by notification (cached public pages), so no round trip is left on a hit.
   */
  clock?: 'in-query' | 'notified';
  /**
   * `false`: the answer is always shorter than the compression threshold (`API_COMPRESS_THRESHOLD_BYTES`,
   * a small fixed shape such as one balance), so the route carries no compression hook at all.
   */
  compress?: false;
}

/** Registers `e` with `handler` on the API scope `app`. */
export function route<E extends Endpoint>(app: FastifyInstance, e: E, handler: Handler<E>, options: RouteOptions = {}): void {
  const { authRateLimitPerMinute } = app.deps.config;
  const limit = e.rateLimit === 'auth' ? authRateLimitPerMinute : e.rateLimit;
  if (e.auth === 'operator' && !e.role) throw new Error(`${e.operationId}: an operator endpoint must name its weakest role`);
  app.route({
    method: e.method,
    url: e.path,
    // A GET has no body to decompress; a small answer nothing to compress (hooks the hot reads skip).
    ...(e.method === 'GET' ? { decompress: false as const } : {}),
    ...(options.compress === false ? { compress: false as const } : {}),
    config: { endpoint: e, ...(options.clock === 'in-query' ? { clockInQuery: true } : {}), ...(options.clock === 'notified' ? { clockNotified: true } : {}), ...(limit ? { rateLimit: { max: limit, timeWindow: '1 minute' } } : {}) },
    schema: {
      operationId: e.operationId,
      summary: e.summary,
      tags: [...e.tags],
      ...(e.auth === 'session' || e.auth === 'session-in-query' || e.auth === 'operator' ? { security: [{ bearer: [] }] } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.headers ? { headers: e.headers } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.response ? { response: { 200: e.response } } : {}),
    },
    handler: async (request, reply) => {
      const run = () => handler({
        params: request.params as never, query: request.query as never, body: request.body as never,
        now: request.now, request, reply,
      });
      // An endpoint taking an Idempotency-Key answers one request of a key at a time (idempotency.ts).
      const out = takesIdempotencyKey(e) && request.session
        ? await withIdempotencyKey(app.deps.db, request.session.userId, idempotencyKeyOf(request), run)
        : await run();
      // Fail closed: a session-in-query answer goes out only after a session statement found the session.
      if (e.auth === 'session-in-query' && !request.sessionChecked) {
        throw new Error(`${e.operationId}: a session-in-query handler answered without running a sessionStatement through sessionRows`);
      }
      if (e.response === null) return reply.status(204).send();
      if (out instanceof JsonBody) return out.send(request, reply);
      return out;
    },
  });
}

/**
 * The one authentication hook of the API scope: reads the (shared) game clock once (a route declared
 * `clock: 'in-query'` leaves the check of a shared clock to its statement; one declared
 * `clock: 'notified'` skips the read while the clock is known current), then enforces the matched
 * route's descriptor `auth` — `session`: resolves the session (401 USER_NOT_AUTH when missing,
 * unknown, revoked or expired) and, for a write, refuses a suspended account (403 ACCOUNT_SUSPENDED)
 * in one statement that also reads the shared clock's offset (refreshed by a second round trip only
 * when another process moved it); `session-in-query`: requires a bearer token and leaves the session
 * check to the handler's one SQL statement (through `sessionRows`, enforced by {@link route}).
 */
export function registerAuthHook(app: FastifyInstance): void {
  app.decorateRequest('now', null as unknown as Date);
  app.decorateRequest('session', null);
  app.decorateRequest('operator', null);
  app.decorateRequest('tokenHash', null);
  app.decorateRequest('sessionChecked', false);
  app.decorateRequest('clockSeen', null);
  app.decorateRequest('clockRefresh', null as unknown as () => Promise<Date>);
  const { db, clock, refreshClock, clockOffset, clockCurrent } = app.deps;
  const clockRefresh = async (): Promise<Date> => {
    await refreshClock();
    return clock();
  };
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const e = config.endpoint;
    const known = config.clockNotified === true && clockCurrent();
    if (e?.auth === 'session' && clockOffset) {
      // One round trip: the session statement also reads the account's suspension and the shared
      // clock's offset; the clock is refreshed (a second round trip) only when that offset is not
      // the one this process applies (a demo advance by another process).
      const seen = clockOffset();
      const r = await resolveSession(db, request, clock());
      if (!known && r.clockMs !== seen) await refreshClock();
      request.now = clock();
      request.session = r.session;
      // a suspended account reads; its writes are refused (docs/game-rules.md §15)
      if (e.method !== 'GET' && !SUSPENSION_EXEMPT.has(e.operationId) && r.suspended) fail('ACCOUNT_SUSPENDED');
      return;
    }
    if (clockOffset && config.clockInQuery) {
      request.clockSeen = clockOffset();
      request.clockRefresh = clockRefresh;
    } else if (!known) {
      await refreshClock();
    }
    request.now = clock();
    if (!e) return;
    if (e.auth === 'session') {
      const r = await resolveSession(db, request, request.now);
      request.session = r.session;
      // a suspended account reads; its writes are refused (docs/game-rules.md §15)
      if (e.method !== 'GET' && !SUSPENSION_EXEMPT.has(e.operationId) && r.suspended) fail('ACCOUNT_SUSPENDED');
    } else if (e.auth === 'session-in-query') request.tokenHash = bearerHash(request);
    else if (e.auth === 'operator') {
      // the console (docs/http-contract.md §4): the signed-in wallet must be an operator's with the role
      const s = await requireSession(db, request, request.now);
      const role = await operatorRoleOf(db.orm, s.chain, s.address);
      if (!role || !roleAtLeast(role, e.role ?? 'admin')) fail('OPERATOR_FORBIDDEN');
      request.session = s;
      request.operator = { chain: s.chain, address: s.address, role, userId: s.userId };
    }
  });
}

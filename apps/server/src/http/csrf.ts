/**
 * CSRF protection by double submit (docs/game-rules.md §10.1): `GET /api/sanctum/csrf-cookie` sets the
 * `XSRF-TOKEN` cookie (readable by the page); every non-GET request must send the same value back
 * as the `X-XSRF-TOKEN` header, else 419 CSRF_TOKEN_MISMATCH.
 */
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ENDPOINTS, XSRF_COOKIE } from '@kingdom/api';
import { route } from './routes.ts';
import { randomToken } from '../auth/tokens.ts';
import { ApiError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: the route takes no CSRF token (a public, cookie-less endpoint). */
    csrf?: boolean;
  }
}

/** The header's value URI-decoded, or null when it is not valid percent-encoding. */
function decodeHeader(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const plugin: FastifyPluginAsync = async (app) => {
  /** The request's XSRF cookie, parsed from its `Cookie` header only where a route needs it. */
  const xsrfCookie = (request: FastifyRequest): string | undefined => {
    const header = request.headers.cookie;
    return header ? app.parseCookie(header)[XSRF_COOKIE] : undefined;
  };

  /** The double-submit check of one request (an unsafe method: the cookie and the header must match). */
  const checkCsrf = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (SAFE_METHODS.has(request.method)) return done();
    const cookie = xsrfCookie(request);
    const header = request.headers['x-xsrf-token'];
    const sent = typeof header === 'string' ? decodeHeader(header) : null;
    if (!cookie || sent === null || !sameSecret(sent, cookie)) return done(new ApiError('CSRF_TOKEN_MISMATCH'));
    done();
  };

  // Only routes that take an unsafe method carry the check (a route-level hook): the reads, the hot
  // path, run no hook for it.
  app.addHook('onRoute', (r) => {
    if (![r.method].flat().some((m) => !SAFE_METHODS.has(m))) return;
    // A public endpoint for clients that hold no cookie (the local Solana cluster's JSON-RPC: wallets).
    if (r.config?.csrf === false) return;
    r.onRequest = [...[r.onRequest ?? []].flat(), checkCsrf];
  });

  route(app, ENDPOINTS.csrfCookie, async ({ request, reply }) => {
    const existing = xsrfCookie(request);
    const value = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : randomToken();
    reply.header('set-cookie', app.serializeCookie(XSRF_COOKIE, value, { path: '/', sameSite: 'lax', httpOnly: false, secure: request.protocol === 'https' }));
  });
};

/** Registers the CSRF check and the csrf-cookie route on the API scope. */
export const csrfPlugin = fp(plugin, { name: 'kingdom-csrf' });

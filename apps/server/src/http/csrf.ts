/**
 * CSRF protection by double submit (docs/game-rules.md §10.1): `GET /api/sanctum/csrf-cookie` sets the
 * `XSRF-TOKEN` cookie (readable by the page); every non-GET request must send the same value back
 * as the `X-XSRF-TOKEN` header, else 419 CSRF_TOKEN_MISMATCH.
 */
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS, XSRF_COOKIE } from '@kingdom/api';
import { route } from './routes.ts';
import { randomToken } from '../auth/tokens.ts';
import { fail } from '../errors.ts';

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
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // A public endpoint for clients that hold no cookie (the local Solana cluster's JSON-RPC: wallets).
    if (request.routeOptions.config.csrf === false) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers['x-xsrf-token'];
    const sent = typeof header === 'string' ? decodeHeader(header) : null;
    if (!cookie || sent === null || !sameSecret(sent, cookie)) fail('CSRF_TOKEN_MISMATCH');
  });

  route(app, ENDPOINTS.csrfCookie, async ({ request, reply }) => {
    const existing = request.cookies[XSRF_COOKIE];
    const value = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : randomToken();
    reply.setCookie(XSRF_COOKIE, value, { path: '/', sameSite: 'lax', httpOnly: false, secure: request.protocol === 'https' });
  });
};

/** Registers the CSRF check and the csrf-cookie route on the API scope. */
export const csrfPlugin = fp(plugin, { name: 'kingdom-csrf' });

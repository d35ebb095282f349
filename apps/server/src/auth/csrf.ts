/**
 * CSRF protection by double submit (DESIGN.md "Sign-in"): `GET /api/sanctum/csrf-cookie` sets the
 * `XSRF-TOKEN` cookie (readable by the page); every non-GET request must send the same value back
 * as the `X-XSRF-TOKEN` header, else 419 CSRF_TOKEN_MISMATCH.
 */
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { PATHS, XSRF_COOKIE } from '@kingdom/api';
import { randomToken } from './tokens.ts';
import { fail } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const plugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers['x-xsrf-token'];
    if (!cookie || typeof header !== 'string' || !sameSecret(decodeURIComponent(header), cookie)) fail('CSRF_TOKEN_MISMATCH');
  });

  app.get(PATHS.csrfCookie, { schema: { tags: ['auth'], summary: 'Sets the XSRF-TOKEN cookie' } }, async (request, reply) => {
    const existing = request.cookies[XSRF_COOKIE];
    const value = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : randomToken();
    reply.setCookie(XSRF_COOKIE, value, { path: '/', sameSite: 'lax', httpOnly: false, secure: request.protocol === 'https' });
    return reply.status(204).send();
  });
};

/** Registers the CSRF check and the csrf-cookie route on the API scope. */
export const csrfPlugin = fp(plugin, { name: 'kingdom-csrf' });

/**
 * The browser's Solana JSON-RPC endpoint, `POST /api/solana/rpc`, on every deployment; two backends
 * behind one route (`SolanaChain.browserRpc`):
 * - the local cluster (demo/emulator mode): its own handler, the methods of `@kingdom/emulators`' solana/rpc.ts
 *   (docs/operator-guide.md "Local Solana cluster");
 * - a real cluster: a server-side proxy of the few methods the web flows use to `SOLANA_RPC_URL` (or
 *   the public RPC), chain/solana/rpc-proxy.ts — the page's CSP stays `connect-src 'self'` and the
 *   upstream URL (a provider key) never reaches a browser (docs/operator-guide.md §7.4 "Solana").
 * Wallets and the browser's `@solana/kit` (`createSolanaRpc(new URL('/api/solana/rpc', location.origin).href)`)
 * send and read transactions through it. Public like a validator's RPC: no session, no CSRF token
 * (wallets send none), CORS open, the body bounded to {@link MAX_RPC_BODY_BYTES}, rate-limited per
 * client; every failure is a JSON-RPC error, never a 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { rpcAnswerJson } from '../../chain/solana/rpc-proxy.ts';

/** Largest request body (bytes), a validator's (50 KiB). */
export const MAX_RPC_BODY_BYTES = 50 * 1024;
/** Requests per minute per client address. */
export const RPC_RATE_LIMIT_PER_MINUTE = 1200;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '86400',
};

function sendJson(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).headers(CORS).header('content-type', 'application/json; charset=utf-8').send(body);
}

function rpcError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return sendJson(reply, status, JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** Registers `POST /solana/rpc` (and its CORS preflight). */
export async function solanaRpcRoutes(app: FastifyInstance): Promise<void> {
  const backend = app.deps.providers.solanaChain.browserRpc;
  // This plugin's own body parser: the raw text of any content type (wallets differ), parsed below,
  // so a malformed body is a JSON-RPC parse error rather than Fastify's 400.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_RPC_BODY_BYTES }, (_request, body, done) => done(null, body));

  app.route({
    method: 'POST',
    url: '/solana/rpc',
    schema: { hide: true },
    config: { csrf: false, clockNotified: true, rateLimit: { max: RPC_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    errorHandler: (err: FastifyError, request, reply) => {
      const status = err.statusCode ?? 500;
      if (status === 413) return rpcError(reply, 413, -32600, `Invalid request: body over ${MAX_RPC_BODY_BYTES} bytes`);
      if (status === 429) return rpcError(reply, 429, 429, 'Too many requests');
      if (status >= 400 && status < 500) return rpcError(reply, status, -32700, 'Parse error');
      request.log.error({ err }, 'solana rpc failed');
      return rpcError(reply, 500, -32603, 'Internal error');
    },
    handler: async (request, reply) => {
      const text = typeof request.body === 'string' ? request.body : '';
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return rpcError(reply, 200, -32700, 'Parse error');
      }
      return sendJson(reply, 200, rpcAnswerJson(await backend(parsed)));
    },
  });

  app.route({
    method: 'OPTIONS',
    url: '/solana/rpc',
    schema: { hide: true },
    config: { csrf: false, clockNotified: true },
    handler: async (_request, reply) => reply.status(204).headers(CORS).send(),
  });
}

/**
 * Request ids (docs/architecture.md §6): every request gets one, carried on each of its log lines (`reqId`) and
 * echoed in the `x-request-id` response header. An incoming `x-request-id` (set by a proxy or the
 * client) is kept when well-formed — 1 to 64 characters of `A-Z a-z 0-9 . _ : -` — so one id follows
 * a request through the proxy's and this server's logs; anything else is replaced by our own.
 * Our ids are a random per-process prefix and a counter: unique across processes, and cheap.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The request header (and response header) carrying the id. */
export const REQUEST_ID_HEADER = 'x-request-id';

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,64}$/;

/** A `genReqId` for Fastify: the incoming well-formed id, or `<8 hex>-<counter base 36>`. */
export function requestIdGenerator(): (req: IncomingMessage) => string {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return (req) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    if (typeof incoming === 'string' && WELL_FORMED.test(incoming)) return incoming;
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    return `${prefix}-${counter.toString(36)}`;
  };
}

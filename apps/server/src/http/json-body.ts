/**
 * Answers serialized once and sent many times (docs/architecture.md §4): a cached read keeps the bytes of its
 * answer — checked against its endpoint's response schema and serialized exactly as every other
 * route's answer is (`fastify-type-provider-zod`'s serializer: zod encode, then `JSON.stringify`)
 * — and, for answers of at least {@link API_COMPRESS_THRESHOLD_BYTES}, its brotli and gzip forms,
 * each made the first time a client accepts it. A hit then costs no schema check, no
 * `JSON.stringify` and no compression; the bytes are those the route would have sent.
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint } from '@kingdom/api';

/** API answers of at least this many bytes are compressed (br or gzip, as the client accepts). */
export const API_COMPRESS_THRESHOLD_BYTES = 1024;

/** The encodings API answers are compressed with, in the server's order of preference. */
export const API_COMPRESS_ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof API_COMPRESS_ENCODINGS)[number];

/** Brotli at a low quality: answers are compressed on the fly, where speed matters more than the last bytes. */
export const API_BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

const JSON_TYPE = 'application/json; charset=utf-8';
const GZIP_ALIAS = /\*|x-gzip/g;

declare const bodyOf: unique symbol;

/**
 * The serialized 200 answer of endpoint `E` (only {@link JsonBodies.of} makes one, so a route can
 * return only a body of its own endpoint). Immutable once made; its compressed forms are added on
 * first demand.
 */
export class JsonBody<E extends Endpoint = Endpoint> {
  declare readonly [bodyOf]: E;
  /** The answer as sent without compression (UTF-8 JSON). */
  readonly raw: Buffer;
  private br: Buffer | null = null;
  private gzip: Buffer | null = null;

  /** @param json the answer (JSON text) */
  constructor(json: string) {
    this.raw = Buffer.from(json, 'utf8');
  }

  /**
   * Sends this answer (200, `application/json`) in the encoding the request accepts — as
   * `@fastify/compress` would choose it (same negotiation, threshold and encodings; no compression
   * with `x-no-compression`) — compressing it the first time that encoding is asked for.
   */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.header('content-type', JSON_TYPE);
    if (this.raw.length < API_COMPRESS_THRESHOLD_BYTES) return reply.send(this.raw);
    reply.header('vary', 'accept-encoding');
    const encoding = acceptedEncoding(request);
    if (!encoding) return reply.send(this.raw);
    // the compression plugin leaves an answer that already has its content-encoding as it is
    reply.header('content-encoding', encoding);
    return reply.send(this.compressed(encoding));
  }

  /** This answer in `encoding` (made once). */
  compressed(encoding: Encoding): Buffer {
    if (encoding === 'br') return (this.br ??= brotliCompressSync(this.raw, API_BROTLI_OPTIONS));
    return (this.gzip ??= gzipSync(this.raw));
  }
}

/** The encoding of {@link API_COMPRESS_ENCODINGS} the request accepts best, or null (none, identity, or `x-no-compression`). */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header || request.headers['x-no-compression'] !== undefined) return null;
  // as @fastify/compress: `*` (no preference) and `x-gzip` count as gzip
  const choice = negotiate(header.toLowerCase().replace(GZIP_ALIAS, 'gzip'), [...API_COMPRESS_ENCODINGS]);
  return choice === 'br' || choice === 'gzip' ? choice : null;
}

/**
 * Makes {@link JsonBody}s of endpoint `e`: `of(value)` checks `value` against `e.response` and
 * serializes it with the route serializer every API answer goes through.
 * @throws Error when `e` has no response schema (a 204 endpoint has no body to keep)
 */
export function jsonBodies<E extends Endpoint>(e: E): { of(value: E['response'] extends z.ZodType ? z.input<E['response']> : never): JsonBody<E> } {
  if (!e.response) throw new Error(`jsonBodies: endpoint ${e.operationId} answers no body`);
  const serialize = serializerCompiler({ schema: e.response, method: e.method, url: e.path, httpStatus: '200' });
  return {
    /** @throws ResponseSerializationError (a 500) when `value` does not match the endpoint's response schema */
    of: (value) => new JsonBody<E>(serialize(value)),
  };
}

/**
 * The Valley map (docs/game-rules.md §2; docs/product.md §2 `/valley`, §6 visitors may see it):
 * `GET /valley/map` answers every land in one compact, cacheable body (columnar arrays, see
 * `@kingdom/game` `encodeValleyMap`) with a strong ETag over its bytes, so it changes exactly when a
 * land changes hands, is minted, grows or levels up; `If-None-Match` with it answers 304. The body
 * is sent gzip-compressed to clients that accept it. `GET /valley/mine` lists the signed-in
 * player's land ids (the map's "mine" layer; kept apart so the map stays public and shared).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, type ValleyMapResponse } from '@kingdom/api';
import { encodeValleyMap } from '@kingdom/game';
import { route, sessionOf } from '../../http/routes.ts';
import { userLandIds, valleyLands } from './repository.ts';

/** The encoded map, its ETag and its gzip form (kept for the last ETag: compressing is the costly part). */
interface EncodedMap {
  etag: string;
  json: Buffer;
  gzip: Buffer;
}

/** True when an If-None-Match header names `etag` (a list, `*`, or a weak form of it). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** Registers the Valley endpoints. */
export async function valleyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  let last: EncodedMap | null = null;

  route(app, ENDPOINTS.valleyMap, async ({ request, reply }) => {
    const json = Buffer.from(JSON.stringify(encodeValleyMap(await valleyLands(db))));
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    if (last?.etag !== etag) last = { etag, json, gzip: gzipSync(json, { level: 6 }) };
    // Public and shared by everyone: caches may keep it but must revalidate (the ETag makes that cheap).
    reply.header('etag', etag).header('cache-control', 'public, no-cache').header('vary', 'accept-encoding');
    // 304: no body, no content headers (a serialized `null` would announce 4 bytes that never come).
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send() as unknown as ValleyMapResponse;
    // The body is already JSON (checked by the codec's types): sent as bytes, it skips the serializer.
    reply.type('application/json; charset=utf-8');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(last.gzip) as unknown as ValleyMapResponse;
    }
    return reply.send(last.json) as unknown as ValleyMapResponse;
  });

  route(app, ENDPOINTS.valleyMine, async (input) => ({ ids: await userLandIds(db, sessionOf(input).userId) }));
}

/**
 * The `Idempotency-Key` header of requests that spend (docs/architecture.md §8): a UUID, unique per
 * account; the same key answers the first request's answer again. Endpoints that take one declare
 * `headers: idempotencyHeaders` in their descriptor (`@kingdom/api`), which validates it (422
 * VALIDATION_ERROR when missing or not a UUID) and publishes it in OpenAPI.
 */
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@kingdom/api';

/**
 * The request's idempotency key, lower-cased (the descriptor's `idempotencyHeaders` validated it).
 * @throws Error when the endpoint does not declare `headers: idempotencyHeaders` (a programming error)
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (typeof key !== 'string') throw new Error('idempotencyKeyOf: the endpoint does not declare headers: idempotencyHeaders');
  return key.toLowerCase();
}

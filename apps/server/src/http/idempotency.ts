/**
 * The `Idempotency-Key` header of requests that spend (DESIGN.md "Data rules"): a UUID, unique per
 * account; the same key answers the first request's answer again.
 */
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@kingdom/api';
import { fail } from '../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `key` is a UUID (the form an `Idempotency-Key` must have). */
export function isIdempotencyKey(key: unknown): key is string {
  return typeof key === 'string' && UUID.test(key);
}

/**
 * The request's idempotency key, lower-cased.
 * @throws ApiError VALIDATION_ERROR (422) when the header is missing or not a UUID
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (!isIdempotencyKey(key)) fail('VALIDATION_ERROR', { [IDEMPOTENCY_HEADER]: ['a UUID is required'] });
  return key.toLowerCase();
}

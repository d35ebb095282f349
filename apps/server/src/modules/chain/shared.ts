/**
 * Small helpers the chain-money services share: timestamps in answers and the request hash that
 * tells an idempotent replay from a reused key.
 * @module
 */
import { createHash } from 'node:crypto';

/** A stored timestamp as ISO 8601 UTC text (null stays null). */
export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** SHA-256 (hex) of a request's JSON: the same idempotency key must come with the same request. */
export const requestHashOf = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');

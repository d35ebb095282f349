/**
 * The `Idempotency-Key` header of requests that spend (docs/architecture.md §8): a UUID, unique per
 * account; the same key answers the first request's answer again. Endpoints that take one declare
 * `headers: idempotencyHeaders` in their descriptor (`@kingdom/api`), which validates it (422
 * VALIDATION_ERROR when missing or not a UUID) and publishes it in OpenAPI.
 *
 * Keys in flight (Stripe's rule: a retry never gets another verdict): every such route runs its
 * handler under a claim of (account, key) in `idempotency_claims` (migration 0030), taken by the
 * route registration (`route` in `routes.ts`), so no endpoint can forget it. A second request with
 * the key while the first is being answered waits for the claim to go — then runs, and the
 * endpoint's own store answers the first answer again — or, after {@link IN_FLIGHT_WAIT_MS}, answers
 * 409 IDEMPOTENCY_KEY_IN_USE. Waiting holds no database connection (it polls). Claim times come from
 * the database's clock (wall time, never the game clock); a claim older than
 * {@link STALE_CLAIM_MS} (its process died mid-request) is taken over.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_HEADER, idempotencyHeaders, type Endpoint } from '@kingdom/api';
import { exec, type Database } from '../db/client.ts';
import { fail } from '../errors.ts';

/** How long a request waits for another request with its key to answer before 409 IDEMPOTENCY_KEY_IN_USE (ms). */
export const IN_FLIGHT_WAIT_MS = 10_000;
/** A claim this old belongs to a request that will never finish (its process died): it is taken over (ms). */
export const STALE_CLAIM_MS = 120_000;

/**
 * The request's idempotency key, lower-cased (the descriptor's `idempotencyHeaders` validated it).
 * @throws Error when the endpoint does not declare `headers: idempotencyHeaders` (a programming error)
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (typeof key !== 'string') throw new Error('idempotencyKeyOf: the endpoint does not declare headers: idempotencyHeaders');
  return key.toLowerCase();
}

/** True when the endpoint takes an Idempotency-Key (declares `headers: idempotencyHeaders`). */
export function takesIdempotencyKey(e: Endpoint): boolean {
  return e.headers === idempotencyHeaders;
}

/** Claims (account, key) for this request. @returns true when this request holds it now */
async function claim(db: Database, userId: number, key: string, token: string): Promise<boolean> {
  const rows = await exec(db.orm, sql`INSERT INTO idempotency_claims AS c (user_id, key, token, claimed_at)
    VALUES (${userId}, ${key}, ${token}, clock_timestamp())
    ON CONFLICT (user_id, key) DO UPDATE SET token = EXCLUDED.token, claimed_at = EXCLUDED.claimed_at
      WHERE c.claimed_at < clock_timestamp() - (${STALE_CLAIM_MS}::int * interval '1 millisecond')
    RETURNING 1`);
  return rows.length > 0;
}

/** True while another request holds the claim. */
async function claimed(db: Database, userId: number, key: string): Promise<boolean> {
  const rows = await exec(db.orm, sql`SELECT 1 FROM idempotency_claims WHERE user_id = ${userId} AND key = ${key}`);
  return rows.length > 0;
}

/**
 * Runs `answer` as the only request of the account's `key` in flight (see the module comment).
 * @param opts.waitMs how long to wait for another request with the key (default {@link IN_FLIGHT_WAIT_MS})
 * @throws ApiError IDEMPOTENCY_KEY_IN_USE (409) when another request with the key is still being
 *   answered after the wait; whatever `answer` throws (the claim is released either way)
 */
export async function withIdempotencyKey<T>(db: Database, userId: number, key: string, answer: () => Promise<T>, opts: { waitMs?: number } = {}): Promise<T> {
  const token = randomUUID();
  const deadline = Date.now() + (opts.waitMs ?? IN_FLIGHT_WAIT_MS);
  let pause = 10;
  while (!(await claim(db, userId, key, token))) {
    if (Date.now() >= deadline) fail('IDEMPOTENCY_KEY_IN_USE');
    // wait for the first request's answer without holding a connection
    do {
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, 100);
    } while (Date.now() < deadline && (await claimed(db, userId, key)));
  }
  try {
    return await answer();
  } finally {
    await exec(db.orm, sql`DELETE FROM idempotency_claims WHERE user_id = ${userId} AND key = ${key} AND token = ${token}`);
  }
}

/**
 * A `@fastify/rate-limit` store in the database (docs/architecture.md §6): the sign-in and write limits hold across
 * every server process sharing one Postgres (N requests per window in total, not N per process).
 *
 * Fixed window per key (`rate_limit_hits`, migration 0006): the first hit of a key opens a window of
 * `timeWindow` ms on the database's clock; each hit is one upsert round trip that either counts into
 * the open window or, once it has ended, opens a new one. A key is the route (method + URL pattern)
 * and the client address, as the in-memory store keyed them. Rows of windows that ended more than a
 * minute ago are deleted now and then (at most once a minute per process, off the request's path).
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { prepared, runPrepared, type Database } from '../db/client.ts';

const HIT = prepared('rate_limit_hit', sql`INSERT INTO rate_limit_hits AS r (key, hits, window_ends_at)
  VALUES (${sql.placeholder('key')}, 1, now() + ${sql.placeholder('ms')}::int * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE LEAST(r.hits, 2147483646) + 1 END,
    window_ends_at = CASE WHEN r.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE r.window_ends_at END
  RETURNING hits, GREATEST(0, ceil(extract(epoch FROM r.window_ends_at - now()) * 1000))::int AS ttl_ms`);

const CLEAN = prepared('rate_limit_clean', sql`DELETE FROM rate_limit_hits WHERE window_ends_at < now() - interval '1 minute'`);

/**
 * Counts one hit of `key` in its fixed window of `windowMs` (the same table and rule as the route
 * limits: cluster-wide, on the database's clock), for a limit a handler keys itself (e.g. per
 * account: the Market, docs/game-rules.md §16.5). Old windows are cleaned by the route limiter's store.
 * @returns the hits in the current window, this one included, and the ms until it ends
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
  const [row] = await runPrepared<{ hits: number; ttl_ms: number }>(db, HIT, { key, ms: Math.max(1, Math.trunc(windowMs)) });
  return { hits: row!.hits, ttlMs: row!.ttl_ms };
}

/** Minimum ms between two clean-ups by one process. */
export const RATE_LIMIT_CLEAN_EVERY_MS = 60_000;

/**
 * The store class for `@fastify/rate-limit`'s `store` option, bound to `db`.
 * @param onCleanError told when a clean-up fails (the limits still hold; rows stay until the next one)
 */
export function databaseRateLimitStore(db: Database, onCleanError: (err: unknown) => void = () => {}): new (options: FastifyRateLimitOptions) => FastifyRateLimitStore {
  let nextClean = 0;
  const clean = (): void => {
    const now = Date.now();
    if (now < nextClean) return;
    nextClean = now + RATE_LIMIT_CLEAN_EVERY_MS;
    runPrepared(db, CLEAN).catch(onCleanError);
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(_options?: FastifyRateLimitOptions, private readonly prefix = '') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      runPrepared<{ hits: number; ttl_ms: number }>(db, HIT, { key: this.prefix + key, ms: Math.max(1, Math.trunc(timeWindow)) }).then(
        ([row]) => {
          clean();
          callback(null, { current: row!.hits, ttl: row!.ttl_ms });
        },
        (err: Error) => callback(err),
      );
    }

    child(routeOptions: { method?: string | string[]; url?: string; routeInfo?: { method?: string | string[]; url?: string } }): FastifyRateLimitStore {
      const info = routeOptions.routeInfo ?? routeOptions;
      return new DatabaseRateLimitStore(undefined, `${[info.method ?? ''].flat().join(',')} ${info.url ?? ''}|`);
    }
  }
  return DatabaseRateLimitStore;
}

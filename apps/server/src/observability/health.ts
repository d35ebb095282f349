/**
 * Liveness and readiness of one server process (docs/architecture.md §6), for a load balancer or orchestrator.
 *
 * - `GET /api/health/live` → 200 `{status: 'live'}` while the process runs (no database access).
 * - `GET /api/health/ready` → 200 `{status: 'ready', db, migrations}` when this process should get
 *   traffic: the database answers (within 2 s), every migration this build carries is applied, in
 *   demo mode the demo world is seeded, and on a real network the chain provider has answered once
 *   since the start (`Lifecycle.waitingFor`, provider-check.ts); 503 `NOT_READY` otherwise, and from the moment a shutdown
 *   begins (`Lifecycle.draining`), so a balancer stops sending players here before the process goes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, prepared, runPrepared, type Database } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { route } from '../http/routes.ts';

/** Shutdown state of the process; `main.ts` sets `draining` on SIGTERM/SIGINT. */
export class Lifecycle {
  /** True from the start of a graceful shutdown: readiness answers 503. */
  draining = false;
  /**
   * What the process still waits for at start, e.g. `Blockfrost at … does not answer (ECONNREFUSED)`
   * (observability/provider-check.ts): readiness answers 503 while set. Null once it is there.
   */
  waitingFor: string | null = null;
}

/** How long the readiness probe waits for the database before answering 503. */
export const READY_DB_TIMEOUT_MS = 2_000;

/** Number of migrations this build carries (drizzle's journal beside the SQL files). */
export function expectedMigrations(folder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

const READY_CHECK = prepared('health_ready', sql`SELECT
  (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations,
  EXISTS (SELECT 1 FROM app_settings WHERE key = 'demo_world_seeded') AS demo_seeded`);

/** Why the process is not ready, or null when it is. */
export async function notReadyReason(db: Database, opts: { expected: number; demo: boolean; lifecycle: Lifecycle }): Promise<{ reason: string } | { migrations: number }> {
  if (opts.lifecycle.draining) return { reason: 'shutting down' };
  if (opts.lifecycle.waitingFor) return { reason: opts.lifecycle.waitingFor };
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`database did not answer within ${READY_DB_TIMEOUT_MS} ms`)), READY_DB_TIMEOUT_MS);
    });
    const [row] = await Promise.race([runPrepared<{ migrations: number; demo_seeded: boolean }>(db, READY_CHECK), timeout]);
    if (!row || row.migrations < opts.expected) return { reason: `migrations applied ${row?.migrations ?? 0} of ${opts.expected}` };
    if (opts.demo && !row.demo_seeded) return { reason: 'demo world not seeded' };
    return { migrations: row.migrations };
  } catch (err) {
    return { reason: `database unreachable: ${(err as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

/** Registers the two health endpoints on the API scope. */
export async function healthRoutes(api: FastifyInstance): Promise<void> {
  const { db, config } = api.deps;
  const expected = expectedMigrations();
  route(api, ENDPOINTS.healthLive, async () => ({ status: 'live' as const }));
  route(api, ENDPOINTS.healthReady, async ({ request }) => {
    const r = await notReadyReason(db, { expected, demo: config.demo, lifecycle: api.lifecycle });
    if ('reason' in r) {
      if (!api.lifecycle.draining) request.log.warn({ reason: r.reason }, 'not ready');
      throw new ApiError('NOT_READY');
    }
    return { status: 'ready' as const, db: db.kind, migrations: r.migrations };
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shutdown state (readiness turns 503 while draining). */
    lifecycle: Lifecycle;
  }
}

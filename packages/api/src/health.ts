/**
 * Health of one server process (docs/architecture.md §6), for load balancers and orchestrators:
 * `GET /api/health/live` answers while the process runs; `GET /api/health/ready` answers 200 only
 * when this process should get traffic (database reachable, every migration applied, in demo mode the
 * demo world seeded, and not shutting down) and 503 `NOT_READY` otherwise.
 */
import { z } from 'zod';

/** `GET /api/health/live`: the process is up (no database access). */
export const healthLiveResponse = z.object({ status: z.literal('live') });
export type HealthLiveResponse = z.infer<typeof healthLiveResponse>;

/** `GET /api/health/ready`: what was checked, when ready. */
export const healthReadyResponse = z.object({
  status: z.literal('ready'),
  /** The database this process uses. */
  db: z.enum(['pglite', 'postgres']),
  /** Migrations applied in the database (all of those this build carries). */
  migrations: z.number().int(),
});
export type HealthReadyResponse = z.infer<typeof healthReadyResponse>;

/**
 * The game clock: real UTC time plus an offset that demo mode can move forward (the demo's
 * "advance a day" control and `npm run kingdom -- tick`). The offset lives in `app_settings`, so
 * every process and the CLI share it; outside demo mode it stays 0.
 */
import { sql } from 'drizzle-orm';
import { exec, prepared, runPrepared, type Database, type Orm } from './db/client.ts';

/** The `app_settings` key of the shared clock offset (`{"ms": n}`). */
export const CLOCK_OFFSET_KEY = 'clock_offset_ms';

/**
 * The shared offset (ms, as text; NULL when never moved) as a scalar subquery, for hot reads that
 * check the clock inside their own statement instead of reading it first (see `sessionRows`).
 */
export const CLOCK_OFFSET_SQL = `(SELECT value->>'ms' FROM app_settings WHERE key = '${CLOCK_OFFSET_KEY}')`;

const offsetStmt = prepared('clock_offset', sql.raw(`SELECT ${CLOCK_OFFSET_SQL} AS ms`));

export class GameClock {
  private offsetMs = 0;
  constructor(private readonly db: Database) {}

  /** Current game time (UTC). */
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** The offset (ms) `now()` applies: the shared one as last read or moved by this process. */
  offset(): number {
    return this.offsetMs;
  }

  /** Reads the shared offset (call at start and now and then): one prepared statement. */
  async load(): Promise<void> {
    const [row] = await runPrepared<{ ms: string | null }>(this.db, offsetStmt);
    this.offsetMs = Number(row?.ms ?? 0);
  }

  /**
   * Moves the shared offset forward by `ms` (demo only), in `orm` (a transaction of the caller's, so
   * the move commits together with what goes with it), and returns the new time.
   */
  async advance(ms: number, orm: Orm = this.db.orm): Promise<Date> {
    const [row] = await exec<{ ms: string }>(orm, sql`
      INSERT INTO app_settings (key, value) VALUES (${CLOCK_OFFSET_KEY}, jsonb_build_object('ms', ${ms}::bigint))
      ON CONFLICT (key) DO UPDATE SET value = jsonb_build_object('ms', (app_settings.value->>'ms')::bigint + ${ms}::bigint)
      RETURNING (value->>'ms') AS ms`);
    this.offsetMs = Number(row!.ms);
    return this.now();
  }
}

/**
 * The game clock: real UTC time plus an offset that demo mode can move forward (the demo's
 * "advance a day" control and `npm run kingdom -- tick`). The offset lives in `app_settings`, so
 * every process and the CLI share it; outside demo mode it stays 0.
 */
import { sql } from 'drizzle-orm';
import { exec, type Database, type Orm } from './db/client.ts';

export class GameClock {
  private offsetMs = 0;
  constructor(private readonly db: Database) {}

  /** Current game time (UTC). */
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Reads the shared offset (call at start and now and then). */
  async load(): Promise<void> {
    const [row] = await exec<{ ms: string }>(this.db.orm, sql`SELECT (value->>'ms') AS ms FROM app_settings WHERE key = 'clock_offset_ms'`);
    this.offsetMs = row ? Number(row.ms) : 0;
  }

  /**
   * Moves the shared offset forward by `ms` (demo only), in `orm` (a transaction of the caller's, so
   * the move commits together with what goes with it), and returns the new time.
   */
  async advance(ms: number, orm: Orm = this.db.orm): Promise<Date> {
    const [row] = await exec<{ ms: string }>(orm, sql`
      INSERT INTO app_settings (key, value) VALUES ('clock_offset_ms', jsonb_build_object('ms', ${ms}::bigint))
      ON CONFLICT (key) DO UPDATE SET value = jsonb_build_object('ms', (app_settings.value->>'ms')::bigint + ${ms}::bigint)
      RETURNING (value->>'ms') AS ms`);
    this.offsetMs = Number(row!.ms);
    return this.now();
  }
}

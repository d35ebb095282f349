/** SQL of world transparency (docs/game-rules.md §3, §4): the totals each settled day wrote to `game_days`. */
import { sql } from 'drizzle-orm';
import { prepared, runPrepared, type Database } from '../../db/client.ts';

const daysStmt = prepared('world_days', sql`
  SELECT day, settled_at, goldmine_exo::text AS goldmine_exo, frenmine_exo::text AS frenmine_exo,
    goldmine_workers_worked, frenmine_workers_worked, players_paid
  FROM game_days ORDER BY day DESC LIMIT ${sql.placeholder('limit')}`);

/** One settled day's world totals: EXO paid by each mine in base units (text), counts of workers and players. */
export interface SettledDayRow {
  /** Game day (UTC), `YYYY-MM-DD`. */
  day: string;
  settled_at: Date | string;
  goldmine_exo: string;
  frenmine_exo: string;
  goldmine_workers_worked: number;
  frenmine_workers_worked: number;
  players_paid: number;
}

/** The latest `limit` settled days, newest first. */
export async function latestSettledDays(db: Database, limit: number): Promise<SettledDayRow[]> {
  return runPrepared<SettledDayRow>(db, daysStmt, { limit });
}

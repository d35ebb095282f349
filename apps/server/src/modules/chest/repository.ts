/** SQL of the weekly chest (docs/game-rules.md §7): week seeds, opened chests, the owner and lock checks. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CHEST_TABLE_VERSION, chestSeedHash, type ChestLoot } from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';

/** A week's seed row; `table_version` names the loot table published with it (`CHEST_LOOT_TABLES`). */
export interface ChestWeekRow {
  week: string;
  seed: string;
  seed_hash: string;
  table_version: number;
}

/**
 * Creates the seeds of `weeks` that do not exist yet (a fresh secret 32-byte seed each), published
 * with the current loot table's version; a week that exists keeps its own (docs/game-rules.md §7).
 */
export async function ensureWeeks(orm: Orm, weeks: readonly string[]): Promise<void> {
  const rows = weeks.map((w) => {
    const seed = randomBytes(32).toString('hex');
    return sql`(${w}, ${seed}, ${chestSeedHash(seed)}, ${CHEST_TABLE_VERSION}::int)`;
  });
  await exec(orm, sql`INSERT INTO chest_weeks (week, seed, seed_hash, table_version) VALUES ${sql.join(rows, sql`, `)} ON CONFLICT (week) DO NOTHING`);
}

/** A week's seed row, or undefined. */
export async function weekRow(orm: Orm, week: string): Promise<ChestWeekRow | undefined> {
  const [row] = await exec<ChestWeekRow>(orm, sql`SELECT week, seed, seed_hash, table_version FROM chest_weeks WHERE week = ${week}`);
  return row;
}

/** An opened chest. */
export interface ChestOpenRow {
  user_id: number;
  draw: string;
  entry: number;
  loot: ChestLoot;
  opened_at: Date | string;
}

const parseLoot = (r: ChestOpenRow & { loot: ChestLoot | string }): ChestOpenRow => ({ ...r, loot: typeof r.loot === 'string' ? JSON.parse(r.loot) : r.loot });

/** The chests opened in `week` (by `userId` only, when given). */
export async function opensOf(orm: Orm, week: string, userId?: number): Promise<ChestOpenRow[]> {
  const rows = await exec<ChestOpenRow>(orm, sql`SELECT user_id, draw, entry, loot, opened_at FROM chest_opens
    WHERE week = ${week} ${userId === undefined ? sql`` : sql`AND user_id = ${userId}`} ORDER BY user_id`);
  return rows.map(parseLoot);
}

/** Records an opened chest. @returns false when this account already opened this week's */
export async function recordOpen(tx: Orm, userId: number, week: string, draw: string, entry: number, loot: ChestLoot, at: Date): Promise<boolean> {
  const rows = await exec(tx, sql`INSERT INTO chest_opens (user_id, week, draw, entry, loot, opened_at)
    VALUES (${userId}, ${week}, ${draw}, ${entry}, ${JSON.stringify(loot)}::jsonb, ${at}) ON CONFLICT (user_id, week) DO NOTHING RETURNING user_id`);
  return rows.length > 0;
}

/** Whether the account is flagged (CHEST_EXPLOIT) and how many lands it holds. */
export async function chestEligibility(orm: Orm, userId: number): Promise<{ locked: boolean; lands: number }> {
  const [row] = await exec<{ locked: boolean; lands: number }>(orm, sql`SELECT u.chest_locked AS locked,
    (SELECT count(*) FROM holdings h JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key WHERE h.user_id = u.id)::int AS lands
    FROM users u WHERE u.id = ${userId}`);
  return row ?? { locked: false, lands: 0 };
}

/**
 * Step "ready-to-upgrade notices" (staging; docs/game-rules.md §3.10; model: `notifyReadyToUpgrade`):
 * a gold mine's holder is told once per level when the next level's toolkit is held (or refunded
 * today), the land's size allows it and no upgrade is in progress.
 */
import { sql } from 'drizzle-orm';
import { GOLDMINE_MAX_LEVEL } from '@kingdom/game';
import { exec } from '../../db/client.ts';
import type { Staging } from './context.ts';
import type { LandOwners } from './land-owners.ts';
import { capCase, upgradeItemSql } from './rule-sql.ts';

/**
 * Reads `land_owners`, `lands`, `user_items`, `settle_credits` (today's refunds), `mine_upgrades`,
 * `mine_ready_notices`; writes `mine_ready_notices`, `notifications`.
 */
export async function notifyReadyToUpgrade(s: Staging, owners: LandOwners): Promise<void> {
  const { tx, day, end } = s;
  await exec(tx, sql`WITH owners AS (
      SELECT l.id AS land_id, l.hex_name, l.goldmine_level AS level, ${capCase('goldmine')} AS cap, o.user_id
      FROM ${owners.ref} o JOIN lands l ON l.id = o.land_id
      WHERE l.goldmine_level IS NOT NULL AND l.goldmine_level < ${GOLDMINE_MAX_LEVEL}::int
    ), items AS (
      -- what a player holds (or gets back today), as one set: joined by hash, not probed per land
      SELECT user_id, item_key FROM user_items WHERE amount > 0
      UNION
      SELECT user_id, substr(asset, 6) FROM settle_credits WHERE pass = 'salaries' AND asset LIKE 'item:%'
    ), ready AS (
      SELECT o.* FROM owners o
      JOIN items i ON i.user_id = o.user_id AND i.item_key = ${upgradeItemSql('goldmine', sql`o.level + 1`)}
      WHERE o.level + 1 <= o.cap
        AND NOT EXISTS (SELECT 1 FROM mine_upgrades u WHERE u.land_id = o.land_id AND u.mine = 'goldmine' AND u.status = 'in_progress')
    ), fresh AS (
      INSERT INTO mine_ready_notices (land_id, mine, level) SELECT land_id, 'goldmine', level + 1 FROM ready
      ON CONFLICT DO NOTHING RETURNING land_id, level
    )
    INSERT INTO notifications (user_id, type, data, created_at)
    SELECT r.user_id, 'goldmine_ready_to_upgrade', jsonb_build_object('day', ${day}::text, 'hex_name', r.hex_name, 'level', f.level), ${end}
    FROM fresh f JOIN ready r ON r.land_id = f.land_id ORDER BY r.land_id`);
}

/**
 * Step "upgrades finish" (staging; docs/game-rules.md §3.2; model: `finishUpgrades`): the upgrades
 * that end by the day's end complete when the land's holder started them, else fail and their item's
 * refund is staged for the salary batches (`settle_credits`, pass 'salaries').
 */
import { sql } from 'drizzle-orm';
import { exec } from '../../db/client.ts';
import { tempTable, type Staging } from './context.ts';
import type { LandOwners } from './land-owners.ts';

/** The upgrades ending today, each with whether its starter holds the land (`held`). */
const upgradesDue = tempTable<{ id: number; land_id: number; mine: string; user_id: number; target_level: number; item_key: string; hex_name: string; held: boolean }>('upgrades_due');

/**
 * Reads `mine_upgrades`, `lands`, `land_owners`; writes `mine_upgrades` (status), `lands` (levels,
 * `has_update`), `settle_credits` (refunds), `notifications`.
 */
export async function finishUpgrades(s: Staging, owners: LandOwners): Promise<void> {
  const { tx, day, end } = s;
  const due = upgradesDue.ref;
  await exec(tx, sql`CREATE TEMP TABLE ${due} ON COMMIT DROP AS
    SELECT u.id, u.land_id, u.mine, u.user_id, u.target_level, u.item_key, l.hex_name,
      EXISTS (SELECT 1 FROM ${owners.ref} o WHERE o.land_id = u.land_id AND o.user_id = u.user_id) AS held
    FROM mine_upgrades u JOIN lands l ON l.id = u.land_id
    WHERE u.status = 'in_progress' AND u.ends_at <= ${end}`);
  await exec(tx, sql`UPDATE mine_upgrades m SET status = CASE WHEN x.held THEN 'success' ELSE 'failed' END, finished_at = ${end}
    FROM ${due} x WHERE m.id = x.id`);
  await exec(tx, sql`UPDATE lands l SET goldmine_level = x.target_level FROM ${due} x WHERE x.held AND x.mine = 'goldmine' AND l.id = x.land_id`);
  await exec(tx, sql`UPDATE lands l SET frenmine_level = x.target_level FROM ${due} x WHERE x.held AND x.mine = 'frenmine' AND l.id = x.land_id`);
  // finished or failed: the land shows it changed until its owner opens it (docs/product.md §3 has_update)
  await exec(tx, sql`UPDATE lands l SET has_update = true FROM ${due} x WHERE l.id = x.land_id AND NOT l.has_update`);
  await exec(tx, sql`INSERT INTO settle_credits (pass, user_id, asset, amount, reason, reference)
    SELECT 'salaries', user_id, 'item:' || item_key, 1, 'upgrade_refund', id::text FROM ${due} WHERE NOT held`);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id,
      CASE WHEN mine = 'frenmine' THEN 'frenmine_upgrade' WHEN held THEN 'goldmine_upgrade_success' ELSE 'goldmine_upgrade_failed' END,
      jsonb_build_object('day', ${day}::text, 'hex_name', hex_name, 'level', target_level, 'success', held, 'item_key', item_key), ${end}
    FROM ${due} ORDER BY id`);
}

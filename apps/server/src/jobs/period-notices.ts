/**
 * Period notices (docs/product.md §10, "Push notifications"): the inbox notifications `chest_ready`
 * (the weekly chest can be opened again, docs/game-rules.md §7) and `quests_reset` (new daily quests,
 * and weekly ones on a Monday, §14.1). The inbox stays the truth, but these two would write one
 * notice per player and day to every inbox, so they are written only for players with a push
 * subscription of that topic (`chest`, `quests`); the `notifications_push` trigger then writes their
 * deliveries as for any notice.
 *
 * Run by the achievements job (its lease, every `ACHIEVEMENTS_EVERY_MS`, at the game time), so a new
 * period's notices go out within seconds of its start; a player who subscribes later in the period
 * gets that period's notice at once (it is still true: the chest is still unopened, the quests
 * still drawn). Once per player and period: each statement inserts only where no notice of that
 * period exists (`data.week` / `data.day`, looked up through `notifications_user` from the period's
 * start), under a transaction-level advisory lock so two runs at once (a lease handed over
 * mid-run) cannot both insert. Two short set-based statements, one transaction.
 */
import { sql } from 'drizzle-orm';
import { chestWeekOf, chestWeekStart } from '@kingdom/game';
import { exec, type Database } from '../db/client.ts';

/** What one run wrote. */
export interface PeriodNoticesRun {
  /** `chest_ready` notices written. */
  chest: number;
  /** `quests_reset` notices written. */
  quests: number;
}

/**
 * Writes the `chest_ready` notices of the chest week holding `at` (players subscribed to `chest`
 * who hold a Land NFT, are not chest-locked and have not opened this week's chest) and the
 * `quests_reset` notices of the UTC day holding `at` (players subscribed to `quests`), each once
 * per player and period, created at `at`. Safe to run from several processes at once.
 * @param at the game time (the job's clock)
 * @returns how many notices of each type were written
 */
export async function noticePeriods(db: Database, at: Date): Promise<PeriodNoticesRun> {
  const day = at.toISOString().slice(0, 10);
  const dayStart = new Date(`${day}T00:00:00.000Z`);
  const week = chestWeekOf(at.getTime());
  const weekStart = new Date(chestWeekStart(week));
  return db.orm.transaction(async (tx) => {
    await exec(tx, sql`SELECT pg_advisory_xact_lock(hashtext('kingdom.period_notices'))`);
    const [chest] = await exec<{ n: number }>(tx, sql`WITH w AS (INSERT INTO notifications (user_id, type, data, created_at)
      SELECT s.user_id, 'chest_ready', jsonb_build_object('week', ${week}::text), ${at}::timestamptz
      FROM (SELECT DISTINCT user_id FROM push_subscriptions WHERE 'chest' = ANY (topics)) s
      JOIN users u ON u.id = s.user_id AND NOT u.chest_locked
      WHERE EXISTS (SELECT 1 FROM holdings h JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key WHERE h.user_id = s.user_id)
        AND NOT EXISTS (SELECT 1 FROM chest_opens o WHERE o.user_id = s.user_id AND o.week = ${week}::text)
        AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = s.user_id AND n.created_at >= ${weekStart}::timestamptz
          AND n.type = 'chest_ready' AND n.data->>'week' = ${week}::text)
      RETURNING 1) SELECT count(*)::int AS n FROM w`);
    const [quests] = await exec<{ n: number }>(tx, sql`WITH w AS (INSERT INTO notifications (user_id, type, data, created_at)
      SELECT s.user_id, 'quests_reset', jsonb_build_object('day', ${day}::text, 'weekly', ${day === week}::boolean), ${at}::timestamptz
      FROM (SELECT DISTINCT user_id FROM push_subscriptions WHERE 'quests' = ANY (topics)) s
      WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = s.user_id AND n.created_at >= ${dayStart}::timestamptz
          AND n.type = 'quests_reset' AND n.data->>'day' = ${day}::text)
      RETURNING 1) SELECT count(*)::int AS n FROM w`);
    return { chest: chest!.n, quests: quests!.n };
  });
}

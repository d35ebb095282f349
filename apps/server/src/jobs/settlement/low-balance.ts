/**
 * Step "low-balance warnings" (each salary batch, after its salaries; docs/game-rules.md §3.9;
 * model: `warnLowBalances`): counting every daily HEXO need, covered days =
 * min(HEXO ÷ gold salaries, (HEXO + FOOD) ÷ (gold + fren salaries)) — `salaryDaysCovered`.
 */
import { sql } from 'drizzle-orm';
import { LOW_BALANCE_WARNING_DAYS } from '@kingdom/game';
import { execNamed } from '../../db/client.ts';
import { inBatch, type Batch } from './context.ts';

/** Reads `settle_user` (the day's needs), `balances` (after the batch's salaries); writes `notifications`. */
export async function warnLowBalances(b: Batch): Promise<void> {
  await execNamed(b.tx, sql`WITH n AS (
      SELECT user_id, COALESCE(sum(need) FILTER (WHERE mine = 'goldmine'), 0) AS gold_hexo,
        COALESCE(sum(need) FILTER (WHERE mine = 'frenmine'), 0) AS fren_food
      FROM settle_user WHERE ${inBatch(sql`user_id`, b)} GROUP BY user_id
    )
    INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id, 'low_balance_warning', jsonb_build_object('day', ${b.day}::text, 'token', 'hexo', 'days', days::int,
      'daily_salary', (gold_hexo + fren_food)::text), ${b.end}
    FROM (
      SELECT n.user_id, n.gold_hexo, n.fren_food,
        CASE WHEN n.gold_hexo > 0 THEN LEAST(floor(h.amount / n.gold_hexo), floor((h.amount + f.amount) / (n.gold_hexo + n.fren_food)))
          ELSE floor((h.amount + f.amount) / (n.gold_hexo + n.fren_food)) END AS days
      FROM n
      -- the batch's balances read by range and joined (not probed twice per player)
      LEFT JOIN (SELECT user_id, sum(amount) FILTER (WHERE token = 'hexo') AS hexo, sum(amount) FILTER (WHERE token = 'food') AS food
        FROM balances WHERE ${inBatch(sql`user_id`, b)} AND token IN ('hexo', 'food') GROUP BY user_id) bal ON bal.user_id = n.user_id
      CROSS JOIN LATERAL (SELECT COALESCE(bal.hexo, 0) AS amount) h
      CROSS JOIN LATERAL (SELECT COALESCE(bal.food, 0) AS amount) f
      WHERE n.gold_hexo + n.fren_food > 0
    ) x WHERE days < ${LOW_BALANCE_WARNING_DAYS.toString()}::numeric ORDER BY user_id`);
}

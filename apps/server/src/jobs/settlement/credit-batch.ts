/**
 * Step "credits paid" (each credit batch; docs/game-rules.md §3.7, §4.4, §6.3; model: the pool half
 * of `payMines`, then `payShopRoyalty`): each mine kind's pool shares by weight over the world's
 * worked slots, the daily reports and not-enough-balance notices, then the staged shop royalty and
 * its notices. Few statements, no temp table: a batch is one of hundreds a night (the day's totals
 * are summed once, at the end, from the same staged rows).
 */
import { sql } from 'drizzle-orm';
import { MINE_KINDS, MINE_RULES, type MineKind } from '@kingdom/game';
import { execNamed } from '../../db/client.ts';
import { applyLedgerBatch } from '../../modules/ledger/ledger.ts';
import { inBatch, lockBatchBalances, type Batch } from './context.ts';
import { shareByMineSql } from './rule-sql.ts';

/**
 * `eff`: the world's total worked weight per kind (kept on the run by `closeSalaries`).
 * Reads `settle_user`, `settle_user_eff`, `settle_credits` (pass 'credits'); writes `notifications`,
 * `ledger_entries` and `balances` (through the ledger; locked only before that last statement).
 */
export async function payCredits(b: Batch, eff: Record<MineKind, bigint>): Promise<void> {
  const { tx, day, end } = b;
  // Credits only: no balance is read, so none is locked before the last statement.
  const share = shareByMineSql(sql`e.mine`, eff);
  // each player's sums, read by the two statements below (as a subquery: a temp table's catalog rows
  // cost more); the batch's worked slots read by range and grouped, not probed per player
  const batchUsers = sql`(SELECT u.user_id, u.mine, COALESCE(x.exo, 0) AS exo,
      u.hexo, u.food, u.workers - u.worked AS unpaid, u.worked, u.workers, u.lands
    FROM settle_user u
    LEFT JOIN (SELECT e.user_id, e.mine, sum(e.n * ${share}) AS exo FROM settle_user_eff e WHERE ${inBatch(sql`e.user_id`, b)} GROUP BY e.user_id, e.mine) x
      ON x.user_id = u.user_id AND x.mine = u.mine
    WHERE ${inBatch(sql`u.user_id`, b)})`;
  // In the model's order: per kind its reports then its notices, then the royalty's notices.
  const kinds = sql.join(MINE_KINDS.map((kind, i) => sql`(${kind}::text, ${i}::int, ${MINE_RULES[kind].dailyReportType}::text, ${MINE_RULES[kind].salaryToken}::text)`), sql`, `);
  await execNamed(tx, sql`WITH u AS MATERIALIZED ${batchUsers}
    INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id, type, data, ${end} FROM (
      SELECT k.ord, 0 AS sub, u.user_id, k.report AS type, jsonb_build_object('day', ${day}::text, 'exo', u.exo::text, 'salary_paid', (u.hexo + u.food)::text,
        'salary_token', k.token, 'hexo', u.hexo::text, 'food', u.food::text, 'workers', u.workers, 'workers_worked', u.worked, 'lands', u.lands) AS data
      FROM u JOIN (VALUES ${kinds}) k(mine, ord, report, token) ON k.mine = u.mine
      UNION ALL
      SELECT k.ord, 1, u.user_id, 'not_enough_balance', jsonb_build_object('day', ${day}::text, 'mine', u.mine, 'unpaid', u.unpaid)
      FROM u JOIN (VALUES ${kinds}) k(mine, ord, report, token) ON k.mine = u.mine WHERE u.unpaid > 0
      UNION ALL
      SELECT ${MINE_KINDS.length}::int, 0, user_id, 'shop_royalty', jsonb_build_object('day', ${day}::text,
        'exo', (COALESCE(sum(amount) FILTER (WHERE asset = 'exo'), 0))::text, 'hexo', (COALESCE(sum(amount) FILTER (WHERE asset = 'hexo'), 0))::text,
        'lands', max(lands))
      FROM settle_credits WHERE pass = 'credits' AND reason = 'shop_royalty' AND ${inBatch(sql`user_id`, b)} GROUP BY user_id HAVING sum(amount) > 0
    ) x ORDER BY ord, sub, user_id`);
  await lockBatchBalances(b);
  await applyLedgerBatch(tx, sql`SELECT user_id, 'exo' AS asset, exo AS amount, mine || '_reward' AS reason, ${day} AS reference FROM ${batchUsers} u
    UNION ALL SELECT user_id, asset, amount, reason, reference FROM settle_credits WHERE pass = 'credits' AND ${inBatch(sql`user_id`, b)}`, end);
}

/**
 * Step "salaries charged" (each salary batch, the batch's balances locked; docs/game-rules.md §1.6,
 * §3.7, §4.4; model: the salary half of `payMines`, after `settleStaking`'s and `finishUpgrades`'
 * credits): the staged credits that come before salaries (the Staking Hub's rewards, upgrade
 * refunds) and the staged salaries as debits, in one ledger statement. A salary sees the balance as
 * it is when its player's batch runs: a player whose HEXO or FOOD moved since staging is computed
 * again here ({@link computePay}), unless each salary token still covers every salary paid in it,
 * as at staging (then paid as staged).
 */
import { sql, type SQL } from 'drizzle-orm';
import { MINE_KINDS, addDays } from '@kingdom/game';
import { exec, execNamed } from '../../db/client.ts';
import { applyLedgerBatch } from '../../modules/ledger/ledger.ts';
import { inBatch, lockBatchBalances, type Batch } from './context.ts';
import { stillCoveredSql } from './rule-sql.ts';
import { balancesSeen, computePay } from './salaries.ts';
import { stakingEntriesSql } from './staking.ts';

/**
 * Reads `balances` (locked), `settle_seen`, `staking_daily`, `settle_user`, `settle_credits`
 * (pass 'salaries'); for a moved player also `mine_workers`, `lands`, `mine_daily`; writes
 * `ledger_entries` and `balances` (through the ledger), and for a moved player `mine_daily`,
 * `settle_user`, `settle_user_eff` again.
 */
export async function chargeSalaries(b: Batch): Promise<void> {
  const { tx, day, end } = b;
  const mine = inBatch(sql`user_id`, b);
  await lockBatchBalances(b);
  // What the salaries see now: the balance plus the day's staking HEXO credited in this batch, as staged
  // (the batch's rows of each table read by range and joined, not probed three times per player).
  const movedNow = sql`SELECT user_id, hexo, food FROM (SELECT s.user_id, s.hexo AS seen_hexo, s.food AS seen_food,
        COALESCE(bal.hexo, 0) + COALESCE(k.hexo, 0) AS hexo, COALESCE(bal.food, 0) AS food
      FROM settle_seen s
      LEFT JOIN (SELECT user_id, sum(amount) FILTER (WHERE token = 'hexo') AS hexo, sum(amount) FILTER (WHERE token = 'food') AS food
        FROM balances WHERE ${mine} AND token IN ('hexo', 'food') GROUP BY user_id) bal ON bal.user_id = s.user_id
      LEFT JOIN (SELECT user_id, sum(amount) AS hexo FROM staking_daily WHERE ${mine} AND day = ${day} AND token = 'hexo' GROUP BY user_id) k ON k.user_id = s.user_id
      WHERE ${inBatch(sql`s.user_id`, b)}) x
    WHERE (hexo <> seen_hexo OR food <> seen_food) AND NOT ${stillCoveredSql(sql`x`)}`;
  // (a temp table only when someone moved: its catalog rows cost more than the read, hundreds of times a night)
  const moved = (await execNamed<{ user_id: number }>(tx, sql`SELECT user_id FROM (${movedNow}) m`)).map((r) => r.user_id);
  if (moved.length > 0) {
    // the same rows: the batch's balances are locked, and the day's staking rows are staged
    await exec(tx, sql`CREATE TEMP TABLE ${balancesSeen.ref} ON COMMIT DROP AS ${movedNow}`);
    // The ids as an array parameter: the planner sees how few they are and reads their rows by index.
    const movedUser = (col: SQL) => sql`${col} = ANY(${`{${moved.join(',')}}`}::int[])`;
    // Their report spans back to how staging found them: the spans it opened go, the ones it closed reopen.
    await exec(tx, sql`DELETE FROM mine_daily WHERE first_day = ${day} AND ${movedUser(sql`user_id`)}`);
    await exec(tx, sql`UPDATE mine_daily SET last_day = NULL WHERE last_day = ${addDays(day, -1)} AND ${movedUser(sql`user_id`)}`);
    await exec(tx, sql`DELETE FROM settle_user WHERE ${movedUser(sql`user_id`)}`);
    await exec(tx, sql`DELETE FROM settle_user_eff WHERE ${movedUser(sql`user_id`)}`);
    for (const kind of MINE_KINDS) await computePay(tx, kind, day, movedUser, 'workers', balancesSeen);
  }
  // One statement: each (player, token) moves by its net sum, and the salaries were computed to fit.
  await applyLedgerBatch(tx, sql`${stakingEntriesSql(b)}
    UNION ALL SELECT user_id, asset, amount, reason, reference FROM settle_credits WHERE pass = 'salaries' AND ${mine}
    UNION ALL SELECT user_id, 'hexo', -hexo, mine || '_salary', ${day} FROM settle_user WHERE ${mine}
    UNION ALL SELECT user_id, 'food', -food, mine || '_salary', ${day} FROM settle_user WHERE ${mine}`, end);
}

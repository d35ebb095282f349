/**
 * Step "day settled" (the run's last transaction; docs/game-rules.md §1.5 totals; model: `dayTotals`):
 * the day's totals summed from what the batches paid from (the same shares of the same staged
 * slots), `mine_day_totals` (what `mine_day_reports` computes each land's EXO from), the `game_days`
 * row (the day is settled, its reports visible), the staging tables emptied.
 */
import { sql } from 'drizzle-orm';
import { MINE_KINDS, MINE_RULES, addDays, type MineKind } from '@kingdom/game';
import { exec, type Database } from '../../db/client.ts';
import type { SettlingDay } from './context.ts';
import { codeShares, shareByMineSql } from './rule-sql.ts';

/** What settling one day did (`settleDay`'s answer). */
export interface DaySettled {
  day: string;
  goldmineExo: bigint;
  frenmineExo: bigint;
  workersWorked: number;
}

/**
 * Reads and deletes `settlement_runs`; reads `settle_user_eff`, `settle_user`; writes
 * `mine_day_totals`, `game_days`; empties `settle_user`, `settle_user_eff`, `settle_credits`,
 * `settle_seen`; deletes week-old `settlement_batches`.
 * @returns null when another run finished the day first
 */
export async function finishDay(db: Database, d: SettlingDay): Promise<DaySettled | null> {
  const { day, end } = d;
  return db.orm.transaction(async (tx) => {
    const [run] = await exec<{ goldmine_eff: string; frenmine_eff: string }>(tx, sql`
      DELETE FROM settlement_runs WHERE day = ${day} AND phase = 'credits'
      RETURNING goldmine_eff::text AS goldmine_eff, frenmine_eff::text AS frenmine_eff`);
    if (!run) return null;
    // The day's totals from what the batches paid from: the same shares of the same staged slots.
    const eff: Record<MineKind, bigint> = { goldmine: BigInt(run.goldmine_eff), frenmine: BigInt(run.frenmine_eff) };
    const share = shareByMineSql(sql`e.mine`, eff);
    const [paid] = await exec<{ goldmine_exo: string; frenmine_exo: string; players_paid: number }>(tx, sql`
      SELECT COALESCE(sum(exo) FILTER (WHERE mine = 'goldmine'), 0)::text AS goldmine_exo, COALESCE(sum(exo) FILTER (WHERE mine = 'frenmine'), 0)::text AS frenmine_exo,
        (count(DISTINCT user_id) FILTER (WHERE exo > 0))::int AS players_paid
      FROM (SELECT e.user_id, e.mine, e.n * ${share} AS exo FROM settle_user_eff e) x`);
    const [slots] = await exec<{ goldmine_worked: number; frenmine_worked: number }>(tx, sql`
      SELECT COALESCE(sum(worked) FILTER (WHERE mine = 'goldmine'), 0)::int AS goldmine_worked, COALESCE(sum(worked) FILTER (WHERE mine = 'frenmine'), 0)::int AS frenmine_worked
      FROM settle_user`);
    const t = { ...run, ...paid!, ...slots! };
    // what `mine_day_reports` computes each land's EXO from
    await exec(tx, sql`INSERT INTO mine_day_totals (day, mine, pool, eff, shares) VALUES ${sql.join(MINE_KINDS.map((kind) => {
      const total = BigInt(kind === 'goldmine' ? t.goldmine_eff : t.frenmine_eff);
      return sql`(${day}, ${kind}, ${MINE_RULES[kind].dailyPool.toString()}::bigint, ${total.toString()}::bigint, ${`{${codeShares(kind, total).join(',')}}`}::bigint[])`;
    }), sql`, `)}`);
    const worked = t.goldmine_worked + t.frenmine_worked;
    await exec(tx, sql`INSERT INTO game_days (day, settled_at, goldmine_exo, frenmine_exo, workers_worked, goldmine_workers_worked, frenmine_workers_worked, players_paid)
      VALUES (${day}, ${end}, ${t.goldmine_exo}, ${t.frenmine_exo}, ${worked}, ${t.goldmine_worked}, ${t.frenmine_worked}, ${t.players_paid})`);
    await exec(tx, sql`TRUNCATE settle_user, settle_user_eff, settle_credits, settle_seen`);
    await exec(tx, sql`DELETE FROM settlement_batches WHERE day < ${addDays(day, -7)}`);
    return { day, goldmineExo: BigInt(t.goldmine_exo), frenmineExo: BigInt(t.frenmine_exo), workersWorked: worked };
  });
}

/**
 * Step "worked weight" (one transaction between the salary and the credit batches, no balance
 * touched; docs/game-rules.md §3.7; model: the pool half of `payMines`): the world's worked weight
 * per mine kind, final once every salary batch committed, kept on the run so the credit batches
 * can share the pools.
 */
import { sql } from 'drizzle-orm';
import type { MineKind } from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';

/** Reads `settle_user_eff`; writes `settlement_runs` (`goldmine_eff`, `frenmine_eff`). */
export async function closeSalaries(tx: Orm, day: string): Promise<void> {
  const totals = await exec<{ mine: MineKind; eff: string }>(tx, sql`SELECT mine, sum(eff * n)::text AS eff FROM settle_user_eff GROUP BY mine`);
  const eff = (kind: MineKind) => BigInt(totals.find((t) => t.mine === kind)?.eff ?? '0');
  await exec(tx, sql`UPDATE settlement_runs SET goldmine_eff = ${eff('goldmine').toString()}, frenmine_eff = ${eff('frenmine').toString()} WHERE day = ${day}`);
}

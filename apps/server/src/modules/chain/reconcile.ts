/**
 * The operator's view of chain money (issue 11 item 5; `npm run kingdom -- treasury`): the
 * treasury's tokens on chain, pending deposits and withdrawals, and the reconciliation of each
 * on-chain token (`reconcile` in packages/game): Σ app balances + Σ pending withdrawals must equal
 * Σ confirmed deposits − Σ confirmed withdrawals + Σ game-issued tokens.
 */
import { sql } from 'drizzle-orm';
import { reconcile, type ReconciliationSums } from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';
import type { CardanoMoney } from '../../chain/cardano/money.ts';

/** One token's lines of the report (base units). */
export interface TreasuryTokenReport {
  token: 'exo' | 'hexo';
  /** Held by the treasury address on chain now. */
  treasuryHeld: bigint;
  /** Deposits seen but not yet credited (pending or claimable): count and sum. */
  pendingDeposits: { count: number; sum: bigint };
  sums: ReconciliationSums;
  reconciliation: ReturnType<typeof reconcile>;
}

/** Per-token sums of the ledger and the chain tables, read in one snapshot (`orm` may be a transaction). */
export async function reconciliationSums(orm: Orm, token: 'exo' | 'hexo'): Promise<ReconciliationSums> {
  const [row] = await exec<Record<keyof ReconciliationSums, string>>(orm, sql`
    SELECT
      (SELECT COALESCE(sum(amount), 0) FROM balances WHERE token = ${token})::text AS "balances",
      (SELECT COALESCE(sum(amount), 0) FROM chain_withdrawals WHERE token = ${token} AND status IN ('requested', 'submitted'))::text AS "pendingWithdrawals",
      (SELECT COALESCE(sum(amount), 0) FROM ledger_entries WHERE asset = ${token} AND reason = 'deposit')::text AS "confirmedDeposits",
      (SELECT COALESCE(sum(amount), 0) FROM chain_withdrawals WHERE token = ${token} AND status = 'confirmed')::text AS "confirmedWithdrawals",
      (SELECT COALESCE(sum(amount), 0) FROM ledger_entries WHERE asset = ${token}
        AND reason NOT IN ('deposit', 'withdrawal', 'withdrawal_refund'))::text AS "gameIssued"`);
  return {
    balances: BigInt(row!.balances), pendingWithdrawals: BigInt(row!.pendingWithdrawals), confirmedDeposits: BigInt(row!.confirmedDeposits),
    confirmedWithdrawals: BigInt(row!.confirmedWithdrawals), gameIssued: BigInt(row!.gameIssued),
  };
}

/** The treasury report for EXO and HEXO. @throws Error when the ledger (network) cannot be reached */
export async function treasuryReport(orm: Orm, money: CardanoMoney): Promise<TreasuryTokenReport[]> {
  const held = await money.ledger.balance(money.treasury.address);
  const out: TreasuryTokenReport[] = [];
  for (const token of ['exo', 'hexo'] as const) {
    const sums = await orm.transaction(async (tx) => {
      await exec(tx, sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
      return reconciliationSums(tx, token);
    });
    const [pending] = await exec<{ count: number; sum: string }>(orm, sql`
      SELECT count(*)::int AS count, COALESCE(sum(amount), 0)::text AS sum FROM chain_payments WHERE token = ${token} AND status IN ('pending', 'claimable')`);
    out.push({
      token, treasuryHeld: held.assets[money.units[token]] ?? 0n, pendingDeposits: { count: pending!.count, sum: BigInt(pending!.sum) },
      sums, reconciliation: reconcile(sums),
    });
  }
  return out;
}

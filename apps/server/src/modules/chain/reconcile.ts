/**
 * The operator's view of chain money (issue 11 item 5; `npm run kingdom -- treasury`): the
 * treasury's tokens on chain, pending deposits and withdrawals, payouts awaiting a verdict, and the reconciliation of each
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

/** A payout signed and sent but without a verdict yet (issue 17): the operator watches these. */
export interface PayoutAwaitingVerdict {
  withdrawalId: number;
  userId: number;
  token: 'exo' | 'hexo';
  /** Base units. */
  amount: bigint;
  address: string;
  txHash: string;
  /** Tries so far (sends and checks) and the last error, if any. */
  attempts: number;
  lastError: string | null;
  nextTryAt: Date | null;
  /** Height where a definite condition (TTL passed, inputs spent) was first seen; null while none. */
  doubtHeight: number | null;
  since: Date;
}

/** Payouts in `submitted`: sent (or being retried) and waiting for the chain's verdict, oldest first. */
export async function payoutsAwaitingVerdict(orm: Orm): Promise<PayoutAwaitingVerdict[]> {
  const rows = await exec<{ id: number; user_id: number; token: 'exo' | 'hexo'; amount: string; address: string; tx_hash: string; submit_attempts: number;
    last_error: string | null; next_try_at: Date | string | null; doubt_height: number | null; created_at: Date | string }>(orm, sql`
    SELECT id::int AS id, user_id, token, amount::text AS amount, address, tx_hash, submit_attempts, last_error, next_try_at, doubt_height, created_at
    FROM chain_withdrawals WHERE status = 'submitted' ORDER BY id`);
  return rows.map((r) => ({
    withdrawalId: r.id, userId: r.user_id, token: r.token, amount: BigInt(r.amount), address: r.address, txHash: r.tx_hash,
    attempts: r.submit_attempts, lastError: r.last_error, nextTryAt: r.next_try_at === null ? null : new Date(r.next_try_at),
    doubtHeight: r.doubt_height, since: new Date(r.created_at),
  }));
}

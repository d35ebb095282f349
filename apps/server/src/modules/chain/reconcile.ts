/**
 * The operator's view of chain money (docs/game-rules.md §8.7; `npm run kingdom -- treasury`): the
 * treasury's tokens on chain, pending deposits and withdrawals, payouts awaiting a verdict, and the reconciliation of each
 * on-chain token (`reconcile` in packages/game): Σ app balances + Σ pending withdrawals must equal
 * Σ confirmed deposits − Σ confirmed withdrawals + Σ game-issued tokens.
 */
import { reconcile, type ReconciliationSums } from '@kingdom/game';
import type { Orm } from '../../db/client.ts';
import { pendingDepositSums, reconciliationSums, submittedWithdrawalRows } from './repository.ts';
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

/** The treasury report for EXO and HEXO. @throws Error when the ledger (network) cannot be reached */
export async function treasuryReport(orm: Orm, money: CardanoMoney): Promise<TreasuryTokenReport[]> {
  const held = await money.ledger.balance(money.treasury.address);
  const out: TreasuryTokenReport[] = [];
  for (const token of ['exo', 'hexo'] as const) {
    const sums = await reconciliationSums(orm, token);
    out.push({
      token, treasuryHeld: held.assets[money.units[token]] ?? 0n, pendingDeposits: await pendingDepositSums(orm, token),
      sums, reconciliation: reconcile(sums),
    });
  }
  return out;
}

/** A payout signed and sent but without a verdict yet (docs/game-rules.md §8.2): the operator watches these. */
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
  const rows = await submittedWithdrawalRows(orm);
  return rows.map((r) => ({
    withdrawalId: r.id, userId: r.user_id, token: r.token, amount: BigInt(r.amount), address: r.address, txHash: r.tx_hash,
    attempts: r.submit_attempts, lastError: r.last_error, nextTryAt: r.next_try_at === null ? null : new Date(r.next_try_at),
    doubtHeight: r.doubt_height, since: new Date(r.created_at),
  }));
}

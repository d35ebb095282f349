/**
 * The account's deposits (issue 11, spec §2 deposit modal): its own and the claimable ones naming it.
 *
 * Units: base units in answers.
 */
import { sql } from 'drizzle-orm';
import { confirmationsAt } from '@kingdom/game';
import type { Deposit } from '@kingdom/api';
import { exec, type Database } from '../../db/client.ts';
import type { CardanoMoney } from '../../chain/cardano/money.ts';
import { iso } from './shared.ts';

/**
 * The account's payments: its deposits (from its linked wallets, newest first, at most 50) and the
 * deposits naming it from wallets it has not linked (claimable).
 */
export async function accountDeposits(db: Database, money: CardanoMoney, userId: number): Promise<{ confirmations_required: number; deposits: Deposit[]; claimable: Deposit[] }> {
  const tip = await money.ledger.tip();
  const rows = await exec<{ tx_hash: string; output_index: number; token: 'exo' | 'hexo'; amount: string; sender: string | null; status: Deposit['status']; block_height: number; seen_at: Date | string; credited_at: Date | string | null; mine: boolean }>(db.orm, sql`
    SELECT p.tx_hash, p.output_index, p.token, p.amount::text AS amount, p.senders[1] AS sender, p.status, p.block_height, p.seen_at, p.credited_at, true AS mine
    FROM chain_payments p
    WHERE p.token <> 'ada' AND (p.user_id = ${userId} OR (p.status IN ('pending', 'rolled_back') AND (EXISTS (
      SELECT 1 FROM wallets w WHERE w.user_id = ${userId} AND w.chain = 'cardano' AND w.address = ANY(p.senders)) OR EXISTS (
      SELECT 1 FROM cardano_stake_proofs k WHERE k.user_id = ${userId} AND k.stake_credential = ANY(p.sender_stakes)))))
    UNION ALL
    SELECT p.tx_hash, p.output_index, p.token, p.amount::text, p.senders[1], p.status, p.block_height, p.seen_at, p.credited_at, false
    FROM chain_payments p WHERE p.status = 'claimable' AND p.token <> 'ada' AND p.message_account = ${userId}
    ORDER BY seen_at DESC, tx_hash, output_index LIMIT 100`);
  const answer = (r: (typeof rows)[number]): Deposit => ({
    tx_hash: r.tx_hash, output_index: r.output_index, token: r.token, amount: r.amount, sender: r.sender ?? '',
    status: r.status, confirmations: r.status === 'rolled_back' ? 0 : confirmationsAt(tip.height, r.block_height),
    seen_at: iso(r.seen_at)!, credited_at: iso(r.credited_at),
  });
  return {
    confirmations_required: money.confirmations,
    deposits: rows.filter((r) => r.mine).slice(0, 50).map(answer),
    claimable: rows.filter((r) => !r.mine).map(answer),
  };
}

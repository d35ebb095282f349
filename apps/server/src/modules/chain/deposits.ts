/**
 * The account's deposits (docs/game-rules.md §8, docs/product.md §2 deposit modal): its own and the claimable ones naming it.
 *
 * Units: base units in answers.
 */
import { confirmationsAt } from '@kingdom/game';
import type { Deposit } from '@kingdom/api';
import type { Database } from '../../db/client.ts';
import type { CardanoMoney } from '../../chain/cardano/money.ts';
import { iso } from './shared.ts';
import { depositRows, type DepositRow } from './repository.ts';

/**
 * The account's payments: its deposits (from its linked wallets, newest first, at most 50) and the
 * deposits naming it from wallets it has not linked (claimable).
 */
export async function accountDeposits(db: Database, money: CardanoMoney, userId: number): Promise<{ confirmations_required: number; deposits: Deposit[]; claimable: Deposit[] }> {
  const tip = await money.ledger.tip();
  const rows = await depositRows(db.orm, userId);
  const answer = (r: DepositRow): Deposit => ({
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

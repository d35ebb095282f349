/** The status line of a deposit transaction from the watcher's view of it (pure, for the modals and the history). */
import type { Deposit } from './types.ts';

/** What the person sees of one deposit transaction. */
export type DepositView =
  | { state: 'waiting' }
  | { state: 'pending'; confirmations: number; of: number }
  | { state: 'credited' }
  | { state: 'claimable' }
  | { state: 'rolled_back' };

/**
 * The view of transaction `txHash` among `deposits` (all its outputs: credited once every output
 * is, else the least confirmed one). Not yet seen by the watcher → `waiting` (not in a block yet).
 */
export function depositView(deposits: readonly Deposit[], txHash: string, required: number): DepositView {
  const mine = deposits.filter((d) => d.tx_hash === txHash);
  if (mine.length === 0) return { state: 'waiting' };
  if (mine.every((d) => d.status === 'credited')) return { state: 'credited' };
  if (mine.some((d) => d.status === 'claimable')) return { state: 'claimable' };
  if (mine.some((d) => d.status === 'rolled_back')) return { state: 'rolled_back' };
  return { state: 'pending', confirmations: Math.min(...mine.map((d) => d.confirmations)), of: required };
}

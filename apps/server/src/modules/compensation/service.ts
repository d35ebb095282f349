/**
 * Compensation for server downtime (docs/product.md §3 'compensation for server downtime'): an operator credits
 * every active player once per named event, through the ledger (reason `compensation`, reference =
 * the event name), with a 'server_compensation' notification. Idempotent: an event name pays once.
 */
import { ACTIVE_PLAYER_DAYS, DAY_MS, MAX_AMOUNT, type Token } from '@kingdom/game';
import type { Database } from '../../db/client.ts';
import { claimCompensationEvent, compensatedPlayers, payActivePlayers } from './repository.ts';

export interface CompensationResult {
  event: string;
  /** false when the event had been paid already (nothing changed). */
  paid: boolean;
  players: number;
}

/**
 * Credits `amount` base units of `token` to every active player once for `event`.
 * @throws RangeError when the amount is not within 1..MAX_AMOUNT or the event name is empty or over 200 characters
 */
export async function compensate(db: Database, p: { token: Token; amount: bigint; reason: string; event: string; now: Date }): Promise<CompensationResult> {
  if (p.amount <= 0n || p.amount > MAX_AMOUNT) throw new RangeError('the amount must be between 1 base unit and MAX_AMOUNT');
  if (!p.event.trim() || p.event.length > 200 || p.event.includes('\u0000')) throw new RangeError('the event name must be 1–200 characters');
  if (p.reason.length > 500 || p.reason.includes('\u0000')) throw new RangeError('the reason must be at most 500 characters');
  return db.orm.transaction(async (tx) => {
    if (!(await claimCompensationEvent(tx, p))) return { event: p.event, paid: false, players: await compensatedPlayers(tx, p.event) };
    const since = new Date(p.now.getTime() - ACTIVE_PLAYER_DAYS * DAY_MS);
    return { event: p.event, paid: true, players: await payActivePlayers(tx, p, since) };
  });
}

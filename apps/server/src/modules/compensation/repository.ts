/**
 * SQL of downtime compensation (docs/product.md §3 'compensation for server downtime'): the once-per-event
 * claim in `compensation_events` and the credit of every active player through the ledger. Every
 * function runs in the caller's transaction.
 */
import { sql } from 'drizzle-orm';
import type { Token } from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';
import { applyLedgerBatch } from '../ledger/ledger.ts';

/** One compensation event: `amount` base units of `token` per player, paid once under the name `event`. */
export interface CompensationEvent {
  event: string;
  token: Token;
  amount: bigint;
  reason: string;
  now: Date;
}

/**
 * Claims `e.event` (the unique name is the once-only guard; players is 0 until paid).
 * @returns false when the event was claimed before (nothing written)
 */
export async function claimCompensationEvent(tx: Orm, e: CompensationEvent): Promise<boolean> {
  const claimed = await exec(tx, sql`INSERT INTO compensation_events (name, token, amount, reason, players, created_at)
    VALUES (${e.event}, ${e.token}, ${e.amount.toString()}, ${e.reason}, 0, ${e.now}) ON CONFLICT (name) DO NOTHING RETURNING name`);
  return claimed.length > 0;
}

/** How many players an event claimed before paid. */
export async function compensatedPlayers(tx: Orm, event: string): Promise<number> {
  const [row] = await exec<{ players: number }>(tx, sql`SELECT players FROM compensation_events WHERE name = ${event}`);
  return row!.players;
}

/**
 * Pays a claimed event: every user who signed in at or after `since` gets `e.amount` of `e.token`
 * through the ledger (reason `compensation`, reference = the event name) and a
 * 'server_compensation' notification; the event records how many were paid.
 * @returns the number of players paid
 */
export async function payActivePlayers(tx: Orm, e: CompensationEvent, since: Date): Promise<number> {
  await exec(tx, sql`CREATE TEMP TABLE _comp ON COMMIT DROP AS SELECT id AS user_id FROM users WHERE last_login_at >= ${since}`);
  await applyLedgerBatch(tx, sql`SELECT user_id, ${e.token}::text AS asset, ${e.amount.toString()}::numeric AS amount, 'compensation' AS reason, ${e.event}::text AS reference FROM _comp`, e.now);
  await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
    SELECT user_id, 'server_compensation', jsonb_build_object('event', ${e.event}::text, 'reason', ${e.reason}::text, 'token', ${e.token}::text, 'amount', ${e.amount.toString()}::text), ${e.now}
    FROM _comp ORDER BY user_id`);
  const [n] = await exec<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM _comp`);
  await exec(tx, sql`UPDATE compensation_events SET players = ${n!.n} WHERE name = ${e.event}`);
  await exec(tx, sql`DROP TABLE _comp`);
  return n!.n;
}

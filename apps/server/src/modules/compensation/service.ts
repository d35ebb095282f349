/**
 * Compensation for server downtime (spec §3 'compensation for server downtime'): an operator credits
 * every active player once per named event, through the ledger (reason `compensation`, reference =
 * the event name), with a 'server_compensation' notification. Idempotent: an event name pays once.
 */
import { sql } from 'drizzle-orm';
import { MAX_AMOUNT, type Token } from '@kingdom/game';
import { exec, type Database } from '../../db/client.ts';
import { applyLedgerBatch } from '../ledger/ledger.ts';

/** Players who signed in within this many days before the event count as active. */
export const ACTIVE_PLAYER_DAYS = 30;

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
    const claimed = await exec(tx, sql`INSERT INTO compensation_events (name, token, amount, reason, players, created_at)
      VALUES (${p.event}, ${p.token}, ${p.amount.toString()}, ${p.reason}, 0, ${p.now}) ON CONFLICT (name) DO NOTHING RETURNING name`);
    if (claimed.length === 0) {
      const [row] = await exec<{ players: number }>(tx, sql`SELECT players FROM compensation_events WHERE name = ${p.event}`);
      return { event: p.event, paid: false, players: row!.players };
    }
    const since = new Date(p.now.getTime() - ACTIVE_PLAYER_DAYS * 86_400_000);
    await exec(tx, sql`CREATE TEMP TABLE _comp ON COMMIT DROP AS SELECT id AS user_id FROM users WHERE last_login_at >= ${since}`);
    await applyLedgerBatch(tx, sql`SELECT user_id, ${p.token}::text AS asset, ${p.amount.toString()}::numeric AS amount, 'compensation' AS reason, ${p.event}::text AS reference FROM _comp`, p.now);
    await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
      SELECT user_id, 'server_compensation', jsonb_build_object('event', ${p.event}::text, 'reason', ${p.reason}::text, 'token', ${p.token}::text, 'amount', ${p.amount.toString()}::text), ${p.now}
      FROM _comp ORDER BY user_id`);
    const [n] = await exec<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM _comp`);
    await exec(tx, sql`UPDATE compensation_events SET players = ${n!.n} WHERE name = ${p.event}`);
    await exec(tx, sql`DROP TABLE _comp`);
    return { event: p.event, paid: true, players: n!.n };
  });
}

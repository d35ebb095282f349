/** SQL of the vendor (issue 10): purchases keyed by (account, idempotency key). */
import { sql } from 'drizzle-orm';
import type { PurchaseResponse } from '@kingdom/api';
import { gameDay } from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';

/** A stored purchase: the request's hash and the answer it got. */
export interface StoredPurchase {
  id: number;
  request_hash: string;
  response: PurchaseResponse;
}

/**
 * Claims `key` for a new purchase of `userId`, in `tx`. When another transaction holds the same key
 * the insert waits for it; once it committed, this returns null (the caller then reads the winner).
 * @returns the new purchase id, or null when the key is already used
 */
export async function claimKey(tx: Orm, p: { userId: number; key: string; requestHash: string; item: string; quantity: number; token: string; amount: bigint; at: Date }): Promise<number | null> {
  const rows = await exec<{ id: number }>(tx, sql`
    INSERT INTO vendor_purchases (user_id, idempotency_key, request_hash, item, quantity, token, amount, response, royalty_day, created_at)
    VALUES (${p.userId}, ${p.key}, ${p.requestHash}, ${p.item}, ${p.quantity}, ${p.token}, ${p.amount.toString()}, '{}'::jsonb, ${gameDay(p.at)}, ${p.at})
    ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id::int AS id`);
  return rows[0]?.id ?? null;
}

/**
 * Stores the answer of purchase `id` and fixes the day whose shop royalty counts it (GAME-RULES §6,
 * issue 15): its own UTC day, or the first day not yet settled when the tick already closed that
 * one. The royalty gate (a row the tick locks while it reads a day's sales) is taken here, after
 * every balance change of the purchase, so the tick and a purchase never wait on each other in a
 * cycle: a sale is counted in exactly one settled day, never lost.
 */
export async function saveResponse(tx: Orm, id: number, response: PurchaseResponse): Promise<void> {
  await exec(tx, sql`SELECT 1 FROM app_settings WHERE key = ${ROYALTY_GATE} FOR KEY SHARE`);
  await exec(tx, sql`UPDATE vendor_purchases SET response = ${JSON.stringify(response)}::jsonb,
    royalty_day = GREATEST(royalty_day, (SELECT to_char(max(day)::date + 1, 'YYYY-MM-DD') FROM game_days))
    WHERE id = ${id}`);
}

/** `app_settings` key of the row the tick locks while it closes a day's sales (migration 0007). */
export const ROYALTY_GATE = 'royalty_gate';

/** The purchase of `userId` under `key`, or undefined. */
export async function purchaseByKey(orm: Orm, userId: number, key: string): Promise<StoredPurchase | undefined> {
  const [row] = await exec<{ id: number; request_hash: string; response: PurchaseResponse | string }>(orm, sql`
    SELECT id::int AS id, request_hash, response FROM vendor_purchases WHERE user_id = ${userId} AND idempotency_key = ${key}`);
  return row && { id: row.id, request_hash: row.request_hash, response: typeof row.response === 'string' ? JSON.parse(row.response) : row.response };
}

/** A balance read in `tx` (base units). */
export async function balanceOf(tx: Orm, userId: number, token: string): Promise<bigint> {
  const [row] = await exec<{ amount: string }>(tx, sql`SELECT amount::text AS amount FROM balances WHERE user_id = ${userId} AND token = ${token}`);
  return BigInt(row?.amount ?? '0');
}

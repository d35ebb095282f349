/** SQL of the vendor (docs/game-rules.md §6): purchases keyed by (account, idempotency key). */
import { sql } from 'drizzle-orm';
import type { NotificationType, PurchaseResponse } from '@kingdom/api';
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
export async function claimKey(tx: Orm, p: { userId: number; key: string; requestHash: string; item: string; quantity: number; token: string; amount: bigint; royaltyDay: string; at: Date }): Promise<number | null> {
  const rows = await exec<{ id: number }>(tx, sql`
    INSERT INTO vendor_purchases (user_id, idempotency_key, request_hash, item, quantity, token, amount, response, royalty_day, created_at)
    VALUES (${p.userId}, ${p.key}, ${p.requestHash}, ${p.item}, ${p.quantity}, ${p.token}, ${p.amount.toString()}, '{}'::jsonb, ${p.royaltyDay}, ${p.at})
    ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id::int AS id`);
  return rows[0]?.id ?? null;
}

/**
 * Stores the answer of purchase `id` of `userId` with its `balance` field set to the player's balance
 * of `token` as it now stands in `tx` (after the purchase's ledger entries), and writes the player's
 * inbox notice (`type`, `data`, at `at`), in one statement.
 * @returns the stored answer (with the balance)
 */
export async function saveResponse(tx: Orm, id: number, userId: number, token: string, response: Omit<PurchaseResponse, 'balance'>,
  notice: { type: NotificationType; data: Record<string, string | number | boolean>; at: Date }): Promise<PurchaseResponse> {
  const [row] = await exec<{ response: PurchaseResponse | string }>(tx, sql`
    WITH notice AS (
      INSERT INTO notifications (user_id, type, data, created_at) VALUES (${userId}, ${notice.type}, ${JSON.stringify(notice.data)}::jsonb, ${notice.at})
    )
    UPDATE vendor_purchases SET response = ${JSON.stringify(response)}::jsonb
      || jsonb_build_object('balance', COALESCE((SELECT amount::text FROM balances WHERE user_id = ${userId} AND token = ${token}), '0'))
    WHERE id = ${id} RETURNING response`);
  return typeof row!.response === 'string' ? JSON.parse(row!.response) as PurchaseResponse : row!.response;
}

/**
 * The latest day whose sales the tick has closed (`YYYY-MM-DD`), or null, read under a share lock
 * held to the end of `tx`: the tick's {@link closeDaySales} waits for this transaction, so a sale
 * that read a day as open is committed before the tick reads that day's sales (docs/game-rules.md §6,
 * `royaltyDay`). Call it first in a purchase's transaction, before any balance is touched.
 */
export async function royaltyGate(tx: Orm): Promise<string | null> {
  const [row] = await exec<{ closed: string | null }>(tx, sql`SELECT value->>'closed' AS closed FROM app_settings WHERE key = ${ROYALTY_GATE} FOR SHARE`);
  return row?.closed ?? null;
}

/**
 * Closes the sales of `day` (its own short transaction, before the day's settlement): waits for
 * purchases that read the day as open; later ones count in the next day. Idempotent.
 */
export async function closeDaySales(orm: Orm, day: string): Promise<void> {
  await exec(orm, sql`UPDATE app_settings SET value = jsonb_build_object('closed', ${day}::text)
    WHERE key = ${ROYALTY_GATE} AND (value->>'closed' IS NULL OR value->>'closed' < ${day})`);
}

/**
 * {@link royaltyGate} and then the player's balance rows locked in token order (as the ledger's
 * `lockBalances` takes them), to the end of `tx`, in one statement: the first statement of a
 * purchase's transaction, so the gate is held before any balance is touched and the later ledger
 * entries need no lock of their own.
 * @returns the latest day the tick closed (`YYYY-MM-DD`), or null
 */
export async function royaltyGateAndBalances(tx: Orm, userId: number): Promise<string | null> {
  const [row] = await exec<{ closed: string | null }>(tx, sql`
    SELECT (SELECT value->>'closed' FROM app_settings WHERE key = ${ROYALTY_GATE} FOR SHARE) AS closed,
      (SELECT count(*) FROM (SELECT 1 FROM balances WHERE user_id = ${userId} ORDER BY token FOR UPDATE) b)::int AS locked`);
  return row?.closed ?? null;
}

/** `app_settings` key of the royalty gate: `{closed: day}` (migration 0007). */
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

/**
 * Adds `quantity` units of weekly-limited `item` to what `userId` bought in chest `week`, in `tx`,
 * unless that would pass `limit` (docs/game-rules.md §6): one conditional upsert, so concurrent
 * purchases of one account serialise on the row and never pass the limit together.
 * @returns false when over the limit (nothing written)
 */
export async function countWeekly(tx: Orm, userId: number, item: string, week: string, quantity: number, limit: number): Promise<boolean> {
  if (quantity > limit) return false;
  const rows = await exec(tx, sql`
    INSERT INTO vendor_weekly_counts (user_id, item, week, quantity) VALUES (${userId}, ${item}, ${week}, ${quantity})
    ON CONFLICT (user_id, item, week) DO UPDATE SET quantity = vendor_weekly_counts.quantity + EXCLUDED.quantity
      WHERE vendor_weekly_counts.quantity + EXCLUDED.quantity <= ${limit}::int
    RETURNING quantity`);
  return rows.length > 0;
}

/** Units of each weekly-limited item `userId` bought in chest `week`. */
export async function weeklyCounts(orm: Orm, userId: number, week: string): Promise<Record<string, number>> {
  const rows = await exec<{ item: string; quantity: number }>(orm, sql`SELECT item, quantity FROM vendor_weekly_counts WHERE user_id = ${userId} AND week = ${week}`);
  return Object.fromEntries(rows.map((r) => [r.item, r.quantity]));
}

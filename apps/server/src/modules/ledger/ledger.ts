/**
 * The ledger: the only way balances and item counts change (DESIGN.md "Data rules"). Each change is
 * a `ledger_entries` row written in the caller's transaction; `(reason, reference, user, asset)` is
 * unique, so applying the same entry twice changes nothing the second time.
 */
import { sql } from 'drizzle-orm';
import type { Token } from '@kingdom/game';
import type { ErrorCode } from '@kingdom/api';
import { exec, hasSqlState, SQLSTATE, type Orm } from '../../db/client.ts';
import { ApiError } from '../../errors.ts';

/** A change of one balance: `amount` in base units, positive = credit, negative = debit. */
export interface TokenEntry {
  userId: number;
  token: Token;
  amount: bigint;
  /** Why, e.g. `faucet`, `demo_seed`, `vendor_purchase`. */
  reason: string;
  /** What, unique per reason and user: an order id, a day, an idempotency key. */
  reference: string;
}

/**
 * Applies a token ledger entry inside `tx`: writes the entry, then moves the balance.
 * @returns false when this (reason, reference, user, token) was already applied (nothing changes)
 * @throws ApiError(`insufficientCode`, default `VENDOR_NOT_ENOUGH_BALANCE`) when a debit would take
 *   the balance below zero; the caller's transaction must then roll back (it is aborted)
 */
export async function applyTokenEntry(tx: Orm, e: TokenEntry, insufficientCode: ErrorCode = 'VENDOR_NOT_ENOUGH_BALANCE'): Promise<boolean> {
  if (!(await recordEntry(tx, e.userId, e.token, e.amount.toString(), e.reason, e.reference))) return false;
  // A debit is an UPDATE: an INSERT … ON CONFLICT would check the proposed negative row first.
  await move(insufficientCode, () => e.amount < 0n
    ? exec(tx, sql`UPDATE balances SET amount = amount + ${e.amount.toString()}
        WHERE user_id = ${e.userId} AND token = ${e.token} RETURNING amount`)
    : exec(tx, sql`
        INSERT INTO balances (user_id, token, amount) VALUES (${e.userId}, ${e.token}, ${e.amount.toString()})
        ON CONFLICT (user_id, token) DO UPDATE SET amount = balances.amount + EXCLUDED.amount RETURNING amount`));
  return true;
}

/** A change of an item count (whole items), recorded in the ledger as asset `item:<key>`. */
export interface ItemEntry {
  userId: number;
  itemKey: string;
  amount: number;
  reason: string;
  reference: string;
}

/**
 * Applies an item ledger entry inside `tx`.
 * @returns false when already applied
 * @throws ApiError(`ITEM_NOT_EXIST_ON_BALANCE` unless told otherwise) when the count would go negative
 */
export async function applyItemEntry(tx: Orm, e: ItemEntry, insufficientCode: ErrorCode = 'ITEM_NOT_EXIST_ON_BALANCE'): Promise<boolean> {
  if (!(await recordEntry(tx, e.userId, `item:${e.itemKey}`, String(e.amount), e.reason, e.reference))) return false;
  await move(insufficientCode, () => e.amount < 0
    ? exec(tx, sql`UPDATE user_items SET amount = amount + ${e.amount}
        WHERE user_id = ${e.userId} AND item_key = ${e.itemKey} RETURNING amount`)
    : exec(tx, sql`
        INSERT INTO user_items (user_id, item_key, amount) VALUES (${e.userId}, ${e.itemKey}, ${e.amount})
        ON CONFLICT (user_id, item_key) DO UPDATE SET amount = user_items.amount + EXCLUDED.amount RETURNING amount`));
  return true;
}

/** Writes the ledger entry; false when this (reason, reference, user, asset) was already written. */
async function recordEntry(tx: Orm, userId: number, asset: string, amount: string, reason: string, reference: string): Promise<boolean> {
  const inserted = await exec(tx, sql`
    INSERT INTO ledger_entries (user_id, asset, amount, reason, reference)
    VALUES (${userId}, ${asset}, ${amount}, ${reason}, ${reference})
    ON CONFLICT (reason, reference, user_id, asset) DO NOTHING
    RETURNING id`);
  return inserted.length > 0;
}

/** Runs the balance or count change; no row moved, or one that would go below zero → `code`. */
async function move(code: ErrorCode, change: () => Promise<unknown[]>): Promise<void> {
  try {
    if ((await change()).length === 0) throw new ApiError(code);
  } catch (err) {
    if (hasSqlState(err, SQLSTATE.checkViolation)) throw new ApiError(code);
    throw err;
  }
}

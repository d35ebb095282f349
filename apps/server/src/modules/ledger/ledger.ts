/**
 * The ledger: the only writer of balances and item counts (docs/architecture.md §8; a test scans the
 * code for writes elsewhere). Each change is a `ledger_entries` row written in the caller's
 * transaction; `(reason, reference, user, asset)` is unique, so applying the same entry twice
 * changes nothing the second time. Single entries for player actions, {@link applyLedgerBatch} for
 * the daily tick's set-based credits and debits. No balance exceeds `MAX_AMOUNT` through a single
 * entry (AMOUNT_TOO_LARGE), so the tick's bounded credits can never overflow the column.
 */
import { sql, type SQL } from 'drizzle-orm';
import { EXO_PER_VOTE_POINT, MAX_AMOUNT, TOKENS, type Token } from '@kingdom/game';
import type { ErrorCode } from '@kingdom/api';
import { exec, execNamed, hasSqlState, SQLSTATE, type Orm } from '../../db/client.ts';
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
  /**
   * When, on the game clock: the request's game time (`input.now`), the settled day's end, the
   * chain event's time. Required, so no entry falls back to the database's wall clock, which in demo
   * mode is not the game's.
   */
  at: Date;
}

/**
 * Applies a token ledger entry inside `tx`: writes the entry, then moves the balance.
 * `opts.locked`: the caller already holds the player's balance rows (e.g. the Vendor's
 * `royaltyGateAndBalances`), so they are not locked again.
 * @returns false when this (reason, reference, user, token) was already applied (nothing changes)
 * @throws ApiError(`insufficientCode`, default `VENDOR_NOT_ENOUGH_BALANCE`) when a debit would take
 *   the balance below zero; the caller's transaction must then roll back (it is aborted)
 */
export async function applyTokenEntry(tx: Orm, e: TokenEntry, insufficientCode: ErrorCode = 'VENDOR_NOT_ENOUGH_BALANCE', opts: { locked?: boolean } = {}): Promise<boolean> {
  if (e.amount > MAX_AMOUNT || e.amount < -MAX_AMOUNT) throw new ApiError('AMOUNT_TOO_LARGE');
  if (!opts.locked) await lockBalances(tx, e.userId);
  if (!(await recordEntry(tx, e.userId, e.token, e.amount.toString(), e.reason, e.reference, e.at))) return false;
  // A debit is an UPDATE: an INSERT … ON CONFLICT would check the proposed negative row first.
  const rows = await move(insufficientCode, () => e.amount < 0n
    ? exec(tx, sql`UPDATE balances SET amount = amount + ${e.amount.toString()}
        WHERE user_id = ${e.userId} AND token = ${e.token} RETURNING amount::text AS amount`)
    : exec(tx, sql`
        INSERT INTO balances (user_id, token, amount) VALUES (${e.userId}, ${e.token}, ${e.amount.toString()})
        ON CONFLICT (user_id, token) DO UPDATE SET amount = balances.amount + EXCLUDED.amount RETURNING amount::text AS amount`));
  if (BigInt((rows[0] as { amount: string }).amount) > MAX_AMOUNT) throw new ApiError('AMOUNT_TOO_LARGE');
  return true;
}

/**
 * Locks all of a player's balance rows in token order, to the end of `tx` (again: a no-op). Every
 * writer takes balance rows in (user, token) order — a player's writes here, the tick's batches
 * by ranges of users — so a write that moves two balances (a purchase: HEXO out, FOOD in) never
 * deadlocks with the tick.
 */
export async function lockBalances(tx: Orm, userId: number): Promise<void> {
  await exec(tx, sql`SELECT 1 FROM balances WHERE user_id = ${userId} ORDER BY token FOR UPDATE`);
}

/** A credit (amount > 0, base units or whole items) of a token or of `item:<key>`, for {@link applyLedgerCredits}. */
export interface LedgerCredit {
  userId: number;
  /** A token, or `item:<key>`. */
  asset: string;
  amount: bigint;
  reason: string;
  reference: string;
}

/**
 * Applies credits in one statement inside `tx` (a Market match's settlement: goods bought, proceeds,
 * refunds): writes each entry — one already written (same reason, reference, user, asset) is skipped,
 * as {@link applyTokenEntry} skips it — then moves each (user, asset)'s balance or item count by the sum
 * of the entries written, upserting in (user, asset) order. Lock the rows first (in (user, token)
 * order, as {@link lockBalances} does) when the transaction also debits.
 * @param at the entries' time (the request's game time)
 * @returns how many entries were written (the rest were already applied)
 * @throws Error on an amount ≤ 0 (a caller's bug); ApiError AMOUNT_TOO_LARGE when an amount or a
 *   resulting balance exceeds `MAX_AMOUNT` (the caller's transaction must then roll back)
 */
export async function applyLedgerCredits(tx: Orm, credits: readonly LedgerCredit[], at: Date): Promise<number> {
  if (credits.length === 0) return 0;
  for (const c of credits) {
    if (c.amount <= 0n) throw new Error(`ledger credits: amount ${c.amount} of ${c.reason} ${c.reference} is not a credit`);
    if (c.amount > MAX_AMOUNT) throw new ApiError('AMOUNT_TOO_LARGE');
  }
  const values = sql.join(credits.map((c) => sql`(${c.userId}::int, ${c.asset}::text, ${c.amount.toString()}::numeric, ${c.reason}::text, ${c.reference}::text)`), sql`, `);
  const [r] = await exec<{ applied: number; top: string | null }>(tx, sql`WITH e (user_id, asset, amount, reason, reference) AS (VALUES ${values}
    ), logged AS (
      INSERT INTO ledger_entries (user_id, asset, amount, reason, reference, created_at)
      SELECT user_id, asset, amount, reason, reference, ${at} FROM e ORDER BY user_id, asset
      ON CONFLICT (reason, reference, user_id, asset) DO NOTHING RETURNING user_id, asset, amount
    ), s AS MATERIALIZED (
      SELECT user_id, asset, sum(amount) AS amount, asset LIKE 'item:%' AS item FROM logged GROUP BY user_id, asset
    ), token_credits AS (
      INSERT INTO balances (user_id, token, amount) SELECT user_id, asset, amount FROM s WHERE NOT item ORDER BY user_id, asset
      ON CONFLICT (user_id, token) DO UPDATE SET amount = balances.amount + EXCLUDED.amount RETURNING amount
    ), item_credits AS (
      INSERT INTO user_items (user_id, item_key, amount) SELECT user_id, substr(asset, 6), amount::int FROM s WHERE item ORDER BY user_id, asset
      ON CONFLICT (user_id, item_key) DO UPDATE SET amount = user_items.amount + EXCLUDED.amount RETURNING 1
    )
    SELECT (SELECT count(*) FROM logged)::int AS applied, (SELECT max(amount) FROM token_credits)::text AS top,
      (SELECT count(*) FROM item_credits)::int AS items`);
  if (r!.top !== null && BigInt(r!.top) > MAX_AMOUNT) throw new ApiError('AMOUNT_TOO_LARGE');
  return r!.applied;
}

/** A debit (amount > 0 taken) of a token or of `item:<key>`, for {@link applyLedgerMoves}. */
export interface LedgerDebit extends LedgerCredit {
  /** The error when the balance or item count holds less than `amount`. */
  insufficientCode: ErrorCode;
}

/**
 * Applies one debit and any credits in ONE statement inside `tx`, together with the caller's own
 * writes (`also`: CTEs `name AS (…)`, comma-joined, placed first in the statement's WITH; a Market
 * match's order, trades and notices). First the balance rows of `lockUsers` are locked in (user,
 * token) order and then, given `itemKey`, their `user_items` rows of that item in user order — the
 * order of {@link lockBalances}, the tick and single entries — and only then is anything moved.
 * Every entry is written (one already written — same reason, reference, user, asset — is skipped, as
 * {@link applyTokenEntry} skips it); each (user, asset)'s balance moves by the sum of its entries
 * written, but the debited one only if it held the whole debit before the credits (as a debit
 * applied first, then the credits), else nothing applies. The statement is named by its text
 * (`db.execNamed`: prepared once per connection for each shape).
 * @param at the entries' time (the request's game time)
 * @throws Error on an amount ≤ 0 (a caller's bug); ApiError `debit.insufficientCode` when the debited
 *   balance or item count holds less than the debit; ApiError AMOUNT_TOO_LARGE when an amount or a
 *   resulting balance exceeds `MAX_AMOUNT` (the caller's transaction must then roll back)
 */
export async function applyLedgerMoves(tx: Orm, moves: { lockUsers: readonly number[]; itemKey?: string | undefined; debit?: LedgerDebit | undefined; credits: readonly LedgerCredit[] },
  at: Date, also?: SQL): Promise<void> {
  const { debit, credits } = moves;
  for (const c of debit ? [debit, ...credits] : credits) {
    if (c.amount <= 0n) throw new Error(`ledger moves: amount ${c.amount} of ${c.reason} ${c.reference} is not positive`);
    if (c.amount > MAX_AMOUNT) throw new ApiError('AMOUNT_TOO_LARGE');
  }
  const ids = [...new Set([...moves.lockUsers, ...(debit ? [debit.userId] : []), ...credits.map((c) => c.userId)])].sort((a, b) => a - b);
  const entries = [...(debit ? [{ ...debit, amount: -debit.amount }] : []), ...credits];
  if (entries.length === 0 && !also) return;
  const prefix = also ? sql`${also}, ` : sql``;
  if (entries.length === 0) {
    await exec(tx, sql`WITH ${prefix}nothing AS (SELECT 1) SELECT 1`);
    return;
  }
  const list = sql.join(ids.map((id) => sql`${id}::int`), sql`, `);
  const itemLock = moves.itemKey === undefined ? sql`0`
    : sql`(SELECT count(*) FROM (SELECT 1 FROM user_items WHERE user_id IN (${list}) AND item_key = ${moves.itemKey} ORDER BY user_id FOR UPDATE) i)`;
  const values = sql.join(entries.map((c) => sql`(${c.userId}::int, ${c.asset}::text, ${c.amount.toString()}::numeric, ${c.reason}::text, ${c.reference}::text)`), sql`, `);
  let r: { debits: number; debited: number; top: string | null } | undefined;
  try {
    [r] = await execNamed<{ debits: number; debited: number; top: string | null }>(tx, sql`WITH ${prefix}lk AS MATERIALIZED (
        SELECT (SELECT count(*) FROM (SELECT 1 FROM balances WHERE user_id IN (${list}) ORDER BY user_id, token FOR UPDATE) b) + ${itemLock} AS n
      ), e (user_id, asset, amount, reason, reference) AS (VALUES ${values}
      ), logged AS (
        INSERT INTO ledger_entries (user_id, asset, amount, reason, reference, created_at)
        SELECT user_id, asset, amount, reason, reference, ${at} FROM e WHERE (SELECT n FROM lk) >= 0 ORDER BY user_id, asset
        ON CONFLICT (reason, reference, user_id, asset) DO NOTHING RETURNING user_id, asset, amount
      ), s AS MATERIALIZED (
        SELECT user_id, asset, sum(amount) AS amount, COALESCE(-sum(amount) FILTER (WHERE amount < 0), 0) AS need, asset LIKE 'item:%' AS item
        FROM logged GROUP BY user_id, asset
      ), token_debits AS (
        UPDATE balances b SET amount = b.amount + s.amount FROM s
        WHERE s.need > 0 AND NOT s.item AND b.user_id = s.user_id AND b.token = s.asset AND b.amount >= s.need RETURNING b.amount
      ), item_debits AS (
        UPDATE user_items u SET amount = u.amount + s.amount::int FROM s
        WHERE s.need > 0 AND s.item AND u.user_id = s.user_id AND u.item_key = substr(s.asset, 6) AND u.amount >= s.need RETURNING 1
      ), token_credits AS (
        INSERT INTO balances (user_id, token, amount) SELECT user_id, asset, amount FROM s WHERE s.need = 0 AND NOT item ORDER BY user_id, asset
        ON CONFLICT (user_id, token) DO UPDATE SET amount = balances.amount + EXCLUDED.amount RETURNING amount
      ), item_credits AS (
        INSERT INTO user_items (user_id, item_key, amount) SELECT user_id, substr(asset, 6), amount::int FROM s WHERE s.need = 0 AND item ORDER BY user_id, asset
        ON CONFLICT (user_id, item_key) DO UPDATE SET amount = user_items.amount + EXCLUDED.amount RETURNING 1
      )
      SELECT (SELECT count(*) FROM s WHERE need > 0)::int AS debits,
        ((SELECT count(*) FROM token_debits) + (SELECT count(*) FROM item_debits))::int AS debited,
        GREATEST((SELECT max(amount) FROM token_credits), (SELECT max(amount) FROM token_debits))::text AS top,
        (SELECT count(*) FROM item_credits)::int AS items`);
  } catch (err) {
    if (debit && hasSqlState(err, SQLSTATE.checkViolation)) throw new ApiError(debit.insufficientCode);
    throw err;
  }
  if (r!.debited !== r!.debits) throw new ApiError(debit?.insufficientCode ?? 'VENDOR_NOT_ENOUGH_BALANCE');
  if (r!.top !== null && BigInt(r!.top) > MAX_AMOUNT) throw new ApiError('AMOUNT_TOO_LARGE');
}

/** A change of an item count (whole items), recorded in the ledger as asset `item:<key>`. */
export interface ItemEntry {
  userId: number;
  itemKey: string;
  amount: number;
  reason: string;
  reference: string;
  /** When, on the game clock (see {@link TokenEntry.at}). */
  at: Date;
}

/**
 * Applies an item ledger entry inside `tx`.
 * @returns false when already applied
 * @throws ApiError(`ITEM_NOT_EXIST_ON_BALANCE` unless told otherwise) when the count would go negative
 */
export async function applyItemEntry(tx: Orm, e: ItemEntry, insufficientCode: ErrorCode = 'ITEM_NOT_EXIST_ON_BALANCE'): Promise<boolean> {
  if (!(await recordEntry(tx, e.userId, `item:${e.itemKey}`, String(e.amount), e.reason, e.reference, e.at))) return false;
  await move(insufficientCode, () => e.amount < 0
    ? exec(tx, sql`UPDATE user_items SET amount = amount + ${e.amount}
        WHERE user_id = ${e.userId} AND item_key = ${e.itemKey} RETURNING amount`)
    : exec(tx, sql`
        INSERT INTO user_items (user_id, item_key, amount) VALUES (${e.userId}, ${e.itemKey}, ${e.amount})
        ON CONFLICT (user_id, item_key) DO UPDATE SET amount = user_items.amount + EXCLUDED.amount RETURNING amount`));
  return true;
}

/** Writes the ledger entry; false when this (reason, reference, user, asset) was already written. */
async function recordEntry(tx: Orm, userId: number, asset: string, amount: string, reason: string, reference: string, at: Date): Promise<boolean> {
  const inserted = await exec(tx, sql`
    INSERT INTO ledger_entries (user_id, asset, amount, reason, reference, created_at)
    VALUES (${userId}, ${asset}, ${amount}, ${reason}, ${reference}, ${at})
    ON CONFLICT (reason, reference, user_id, asset) DO NOTHING
    RETURNING id`);
  return inserted.length > 0;
}

/** Runs the balance or count change; no row moved, or one that would go below zero → `code`. */
async function move(code: ErrorCode, change: () => Promise<unknown[]>): Promise<unknown[]> {
  try {
    const rows = await change();
    if (rows.length === 0) throw new ApiError(code);
    return rows;
  } catch (err) {
    if (hasSqlState(err, SQLSTATE.checkViolation)) throw new ApiError(code);
    throw err;
  }
}

/** Opens a new account's four balances at zero (no entry: nothing changed). */
export async function openBalances(tx: Orm, userId: number): Promise<void> {
  const rows = sql.join(TOKENS.map((t) => sql`(${userId}::int, ${t}, 0)`), sql`, `);
  await exec(tx, sql`INSERT INTO balances (user_id, token, amount) VALUES ${rows} ON CONFLICT DO NOTHING`);
}

/**
 * Applies a set of ledger entries in bulk, inside `tx` (the daily tick's credits and debits), as one
 * statement. `entries` is a SELECT with columns `user_id, asset, amount, reason, reference` (asset:
 * a token or `item:<key>`); every entry is written, then each (user, asset)'s sum moves its balance
 * or item count. A debit larger than the balance violates the non-negative CHECK and aborts the
 * transaction: callers debit only what they checked is there.
 * @param at the entries' time (the settled day's end for the tick)
 * @throws Error when a debit finds no balance or item row to debit (a caller's bug; nothing applies)
 */
export async function applyLedgerBatch(tx: Orm, entries: SQL, at: Date): Promise<void> {
  // A debit is an UPDATE (an INSERT … ON CONFLICT would check a proposed negative row first); a
  // credit an upsert. The sums of one (user, asset) are either, never both.
  const [r] = await exec<{ debits: number; debited: number }>(tx, sql`WITH e AS MATERIALIZED (
      SELECT user_id::int AS user_id, asset::text AS asset, amount::numeric AS amount, reason::text AS reason, reference::text AS reference
      FROM (${entries}) x WHERE amount <> 0
    ), logged AS (
      INSERT INTO ledger_entries (user_id, asset, amount, reason, reference, created_at)
      SELECT user_id, asset, amount, reason, reference, ${at} FROM e ORDER BY user_id, asset
    ), s AS MATERIALIZED (
      SELECT user_id, asset, sum(amount) AS amount, asset LIKE 'item:%' AS item FROM e GROUP BY user_id, asset HAVING sum(amount) <> 0
    ), token_debits AS (
      UPDATE balances b SET amount = b.amount + s.amount FROM s
      WHERE s.amount < 0 AND NOT s.item AND b.user_id = s.user_id AND b.token = s.asset RETURNING 1
    ), token_credits AS (
      INSERT INTO balances (user_id, token, amount) SELECT user_id, asset, amount FROM s WHERE amount > 0 AND NOT item
      ON CONFLICT (user_id, token) DO UPDATE SET amount = balances.amount + EXCLUDED.amount
    ), item_debits AS (
      UPDATE user_items u SET amount = u.amount + s.amount::int FROM s
      WHERE s.amount < 0 AND s.item AND u.user_id = s.user_id AND u.item_key = substr(s.asset, 6) RETURNING 1
    ), item_credits AS (
      INSERT INTO user_items (user_id, item_key, amount) SELECT user_id, substr(asset, 6), amount::int FROM s WHERE amount > 0 AND item
      ON CONFLICT (user_id, item_key) DO UPDATE SET amount = user_items.amount + EXCLUDED.amount
    )
    SELECT (SELECT count(*) FROM s WHERE amount < 0)::int AS debits,
      ((SELECT count(*) FROM token_debits) + (SELECT count(*) FROM item_debits))::int AS debited`);
  if (r!.debits !== r!.debited) throw new Error(`ledger batch: ${r!.debits - r!.debited} debit(s) found no balance to debit`);
}

/** Item counts (> 0) of a user's app inventory, read in the caller's transaction. */
export async function itemCounts(tx: Orm, userId: number): Promise<Record<string, number>> {
  const rows = await exec<{ item_key: string; amount: number }>(tx, sql`SELECT item_key, amount FROM user_items WHERE user_id = ${userId} AND amount > 0`);
  return Object.fromEntries(rows.map((r) => [r.item_key, r.amount]));
}

/**
 * Locks (`points` > 0) or unlocks (`points` < 0) whole vote points (docs/game-rules.md §5): EXO leaves or
 * returns to the app balance and the player's `vote_books.locked` moves by the same count, as two
 * ledger entries (asset `exo` in base units, asset `votes` in points) under one reason/reference.
 * Unlocking takes only free points: one conditional UPDATE (`locked - allocated ≥ n`), so it can
 * never race an allocation below zero (the table's CHECKs back this up). `at`: the request's game time.
 * @throws ApiError VENDOR_NOT_ENOUGH_BALANCE (lock: not that much EXO), VOTES_NOT_VALID_VALUE
 *   (unlock: more than the free points); the caller's transaction must then roll back
 */
export async function applyVotePoints(tx: Orm, userId: number, points: bigint, reference: string, at: Date): Promise<void> {
  const reason = points > 0n ? 'votes_lock' : 'votes_unlock';
  if (points > 0n) {
    await applyTokenEntry(tx, { userId, token: 'exo', amount: -points * EXO_PER_VOTE_POINT, reason, reference, at });
    await exec(tx, sql`INSERT INTO vote_books (user_id, locked) VALUES (${userId}, ${points.toString()}::numeric)
      ON CONFLICT (user_id) DO UPDATE SET locked = vote_books.locked + EXCLUDED.locked`);
  } else {
    const n = (-points).toString();
    const rows = await exec(tx, sql`UPDATE vote_books SET locked = locked - ${n}::numeric
      WHERE user_id = ${userId} AND locked - allocated >= ${n}::numeric RETURNING user_id`);
    if (rows.length === 0) throw new ApiError('VOTES_NOT_VALID_VALUE');
    await applyTokenEntry(tx, { userId, token: 'exo', amount: -points * EXO_PER_VOTE_POINT, reason, reference, at });
  }
  await recordEntry(tx, userId, 'votes', points.toString(), reason, reference, at);
}

/**
 * SQL of chain money (docs/game-rules.md §8, docs/product.md §2 deposit and withdrawal modals, `/tokensale`): the
 * account's deposits, the sale rounds and their sold EXO, EXO orders, withdrawals, and the sums
 * the treasury report reconciles. The services beside it (`deposits.ts`, `orders.ts`,
 * `withdrawals.ts`, `rounds.ts`, `payments.ts`, `reconcile.ts`) hold the rules and call these.
 *
 * Units: base units (EXO, HEXO) and lovelace, as numeric text; timestamps as stored (UTC).
 */
import { sql } from 'drizzle-orm';
import type { ReconciliationSums } from '@kingdom/game';
import type { ChainToken, Deposit, ExoOrder, Withdrawal } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';

/** A deposit row of an account's list (`mine`: from its own wallets; else claimable, naming it). */
export interface DepositRow { tx_hash: string; output_index: number; token: 'exo' | 'hexo'; amount: string; sender: string | null; status: Deposit['status']; block_height: number; seen_at: Date | string; credited_at: Date | string | null; mine: boolean }

/**
 * The account's token payments, newest first (at most 100): from its linked wallets or proved stake
 * keys (`mine`), and the claimable ones whose message names it.
 */
export async function depositRows(orm: Orm, userId: number): Promise<DepositRow[]> {
  return exec<DepositRow>(orm, sql`
    SELECT p.tx_hash, p.output_index, p.token, p.amount::text AS amount, p.senders[1] AS sender, p.status, p.block_height, p.seen_at, p.credited_at, true AS mine
    FROM chain_payments p
    WHERE p.token <> 'ada' AND (p.user_id = ${userId} OR (p.status IN ('pending', 'rolled_back') AND (EXISTS (
      SELECT 1 FROM wallets w WHERE w.user_id = ${userId} AND w.chain = 'cardano' AND w.address = ANY(p.senders)) OR EXISTS (
      SELECT 1 FROM cardano_stake_proofs k WHERE k.user_id = ${userId} AND k.stake_credential = ANY(p.sender_stakes)))))
    UNION ALL
    SELECT p.tx_hash, p.output_index, p.token, p.amount::text, p.senders[1], p.status, p.block_height, p.seen_at, p.credited_at, false
    FROM chain_payments p WHERE p.status = 'claimable' AND p.token <> 'ada' AND p.message_account = ${userId}
    ORDER BY seen_at DESC, tx_hash, output_index LIMIT 100`);
}

/** A sale round row as stored (`sold`: EXO sold or reserved, base units). */
export interface RoundRow {
  id: number;
  name: string;
  price_lovelace: string;
  /** Lamports per whole EXO set by the operator; null = priced from the prices (docs/game-rules.md §9). */
  price_lamports: string | null;
  cap: string;
  starts_at: Date | string;
  ends_at: Date | string;
  sold: string;
}

/** EXO sold or reserved in round `r`: paid orders and orders still awaiting payment before they expire. */
const soldSql = (now: Date) => sql`COALESCE((SELECT sum(o.exo) FROM exo_orders o WHERE o.round_id = r.id
  AND (o.status = 'paid' OR (o.status = 'awaiting_payment' AND o.expires_at > ${now}))), 0)::text`;

/** Every sale round with its EXO sold or reserved at `now`, in id order. */
export async function roundRows(orm: Orm, now: Date): Promise<RoundRow[]> {
  return exec<RoundRow>(orm, sql`
    SELECT r.id, r.name, r.price_lovelace::text AS price_lovelace, r.price_lamports::text AS price_lamports, r.cap::text AS cap, r.starts_at, r.ends_at, ${soldSql(now)} AS sold
    FROM sale_rounds r ORDER BY r.id`);
}

/**
 * Locks round `id` (orders of one round are checked against its cap one at a time) and reads it with
 * its EXO sold or reserved at `now` — read after the lock, so it counts every order committed before.
 * @returns null when there is no such round
 */
export async function lockRound(tx: Orm, id: number, now: Date): Promise<RoundRow | null> {
  const [round] = await exec<RoundRow>(tx, sql`
    SELECT r.id, r.name, r.price_lovelace::text AS price_lovelace, r.price_lamports::text AS price_lamports, r.cap::text AS cap, r.starts_at, r.ends_at, '0' AS sold
    FROM sale_rounds r WHERE r.id = ${id} FOR UPDATE`);
  if (!round) return null;
  const [sold] = await exec<{ sold: string }>(tx, sql`SELECT ${soldSql(now)} AS sold FROM sale_rounds r WHERE r.id = ${id}`);
  return { ...round, sold: sold!.sold };
}

/** The EXO price in ADA (decimal text) from `currency_prices`, or null when none is set. */
export async function exoPriceAda(tx: Orm): Promise<string | null> {
  const [price] = await exec<{ ada: string }>(tx, sql`SELECT ada::text AS ada FROM currency_prices WHERE token = 'exo'`);
  return price?.ada ?? null;
}

/**
 * An EXO order row as read for its answer (`paid_height`: block of its latest ADA payment seen, null
 * if none). ADA orders carry `lovelace`; SOL orders `lamports`, their Solana Pay reference key and
 * the Solana sale address they pay (docs/game-rules.md §9).
 */
export interface OrderRow {
  id: number;
  source: 'round' | 'pack';
  round_id: number | null;
  pack: string | null;
  exo: string;
  pay_chain: 'cardano' | 'solana';
  lovelace: string | null;
  lamports: string | null;
  solana_reference: string | null;
  solana_recipient: string | null;
  status: ExoOrder['status'];
  tx_hash: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  paid_height: number | null;
}

/** The account's EXO orders, newest first (at most 50), or only order `id`. */
export async function orderRows(orm: Orm, userId: number, id?: number): Promise<OrderRow[]> {
  return exec<OrderRow>(orm, sql`
    SELECT o.id::int AS id, o.source, o.round_id, o.pack, o.exo::text AS exo, o.pay_chain, o.lovelace::text AS lovelace, o.lamports::text AS lamports,
      o.solana_reference, o.solana_recipient, o.status, o.tx_hash, o.created_at, o.expires_at,
      (SELECT max(p.block_height) FROM chain_payments p WHERE p.token = 'ada' AND p.message_order = o.id
        AND p.status IN ('pending', 'credited', 'claimable')) AS paid_height
    FROM exo_orders o WHERE o.user_id = ${userId} ${id === undefined ? sql`` : sql`AND o.id = ${id}`} ORDER BY o.id DESC LIMIT 50`);
}

/** The account's order of an idempotency key (lower-cased), with the hash of its request, or null. */
export async function orderByKey(orm: Orm, userId: number, key: string): Promise<{ id: number; request_hash: string } | null> {
  const [prior] = await exec<{ id: number; request_hash: string }>(orm, sql`
    SELECT id::int AS id, request_hash FROM exo_orders WHERE user_id = ${userId} AND idempotency_key = ${key.toLowerCase()}`);
  return prior ?? null;
}

/** An order the account may pay: its chain, price in lovelace (null for SOL orders), status and expiry; null when not the account's. */
export async function payableOrder(orm: Orm, userId: number, id: number): Promise<{ pay_chain: 'cardano' | 'solana'; lovelace: string | null; status: string; expires_at: Date | string } | null> {
  const [order] = await exec<{ pay_chain: 'cardano' | 'solana'; lovelace: string | null; status: string; expires_at: Date | string }>(orm, sql`
    SELECT pay_chain, lovelace::text AS lovelace, status, expires_at FROM exo_orders WHERE id = ${id} AND user_id = ${userId}`);
  return order ?? null;
}

/**
 * Inserts an order awaiting payment (EXO in base units; price in lovelace, or for a SOL order
 * lamports with its reference key and recipient) under its idempotency key.
 * @returns its id, or null when the key was taken meanwhile (a concurrent request)
 */
export async function insertOrder(tx: Orm, o: {
  userId: number; key: string; hash: string; source: 'round' | 'pack'; roundId: number | null; pack: string | null; exo: bigint; now: Date; expiresAt: Date;
} & ({ lovelace: bigint } | { lamports: bigint; reference: string; recipient: string })): Promise<number | null> {
  const sol = 'lamports' in o ? o : null;
  const [row] = await exec<{ id: number }>(tx, sql`
    INSERT INTO exo_orders (user_id, idempotency_key, request_hash, source, round_id, pack, exo, pay_chain, lovelace, lamports, solana_reference, solana_recipient, status, created_at, expires_at)
    VALUES (${o.userId}, ${o.key.toLowerCase()}, ${o.hash}, ${o.source}, ${o.roundId}, ${o.pack}, ${o.exo.toString()}, ${sol ? 'solana' : 'cardano'},
      ${sol ? null : (o as { lovelace: bigint }).lovelace.toString()}, ${sol ? sol.lamports.toString() : null}, ${sol?.reference ?? null}, ${sol?.recipient ?? null},
      'awaiting_payment', ${o.now}, ${o.expiresAt})
    ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id::int AS id`);
  return row?.id ?? null;
}

/** Marks orders whose payment did not come by `now` expired (frees their part of a round's cap). @returns how many */
export async function expireOrders(orm: Orm, now: Date): Promise<number> {
  const rows = await exec(orm, sql`UPDATE exo_orders SET status = 'expired' WHERE status = 'awaiting_payment' AND expires_at <= ${now} RETURNING id`);
  return rows.length;
}

/** A withdrawal row of an account's list. */
export interface WithdrawalRow { id: number; token: ChainToken; amount: string; address: string; status: Withdrawal['status']; tx_hash: string | null; created_at: Date | string; reason: string | null }

/** The account's withdrawals, newest first (at most 50), or only withdrawal `id`. */
export async function withdrawalRows(orm: Orm, userId: number, id?: number): Promise<WithdrawalRow[]> {
  return exec<WithdrawalRow>(orm, sql`
    SELECT id::int AS id, token, amount::text AS amount, address, status, tx_hash, created_at, reason FROM chain_withdrawals
    WHERE user_id = ${userId} ${id === undefined ? sql`` : sql`AND id = ${id}`} ORDER BY id DESC LIMIT 50`);
}

/** The account's withdrawal of an idempotency key (lower-cased), with the hash of its request, or null. */
export async function withdrawalByKey(orm: Orm, userId: number, key: string): Promise<{ id: number; request_hash: string } | null> {
  const [prior] = await exec<{ id: number; request_hash: string }>(orm, sql`
    SELECT id::int AS id, request_hash FROM chain_withdrawals WHERE user_id = ${userId} AND idempotency_key = ${key.toLowerCase()}`);
  return prior ?? null;
}

/** The account's Master Wallet, or null when it has none. */
export async function masterWallet(orm: Orm, userId: number): Promise<{ id: number; chain: string; address: string } | null> {
  const [master] = await exec<{ id: number; chain: string; address: string }>(orm, sql`
    SELECT id, chain, address FROM wallets WHERE user_id = ${userId} AND is_master`);
  return master ?? null;
}

/** Base units of `token` promised to payouts not yet confirmed (requested or submitted withdrawals). */
export async function promisedPayouts(orm: Orm, token: ChainToken): Promise<bigint> {
  const [promised] = await exec<{ sum: string | null }>(orm, sql`
    SELECT sum(amount)::text AS sum FROM chain_withdrawals WHERE token = ${token} AND status IN ('requested', 'submitted')`);
  return BigInt(promised?.sum ?? '0');
}

/** The account's app balance of `token`, base units (0 without a row). */
export async function tokenBalance(orm: Orm, userId: number, token: ChainToken): Promise<bigint> {
  const [row] = await exec<{ amount: string }>(orm, sql`SELECT amount::text AS amount FROM balances WHERE user_id = ${userId} AND token = ${token}`);
  return BigInt(row?.amount ?? '0');
}

/** Whether the account has a withdrawal requested or submitted (one at a time). */
export async function hasPendingWithdrawal(tx: Orm, userId: number): Promise<boolean> {
  const [pending] = await exec(tx, sql`SELECT 1 FROM chain_withdrawals WHERE user_id = ${userId} AND status IN ('requested', 'submitted')`);
  return pending !== undefined;
}

/**
 * Inserts a requested withdrawal (base units) under its idempotency key.
 * @returns its id, or null when the key was taken meanwhile
 * @throws the unique violation of the one-pending-per-account index (a concurrent request)
 */
export async function insertWithdrawal(tx: Orm, w: { userId: number; key: string; hash: string; token: ChainToken; amount: bigint; address: string; now: Date }): Promise<number | null> {
  const [row] = await exec<{ id: number }>(tx, sql`
    INSERT INTO chain_withdrawals (user_id, idempotency_key, request_hash, token, amount, address, status, created_at, updated_at)
    VALUES (${w.userId}, ${w.key.toLowerCase()}, ${w.hash}, ${w.token}, ${w.amount.toString()}, ${w.address}, 'requested', ${w.now}, ${w.now})
    ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id::int AS id`);
  return row?.id ?? null;
}

/**
 * Per-token sums of the ledger and the chain tables (`reconcile` in packages/game), read in one
 * REPEATABLE READ snapshot so they agree with each other.
 */
export async function reconciliationSums(orm: Orm, token: 'exo' | 'hexo'): Promise<ReconciliationSums> {
  const row = await orm.transaction(async (tx) => {
    await exec(tx, sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
    const [r] = await exec<Record<keyof ReconciliationSums, string>>(tx, sql`
      SELECT
        (SELECT COALESCE(sum(amount), 0) FROM balances WHERE token = ${token})::text AS "balances",
        (SELECT COALESCE(sum(amount), 0) FROM chain_withdrawals WHERE token = ${token} AND status IN ('requested', 'submitted'))::text AS "pendingWithdrawals",
        (SELECT COALESCE(sum(amount), 0) FROM ledger_entries WHERE asset = ${token} AND reason = 'deposit')::text AS "confirmedDeposits",
        (SELECT COALESCE(sum(amount), 0) FROM chain_withdrawals WHERE token = ${token} AND status = 'confirmed')::text AS "confirmedWithdrawals",
        (SELECT COALESCE(sum(amount), 0) FROM ledger_entries WHERE asset = ${token}
          AND reason NOT IN ('deposit', 'withdrawal', 'withdrawal_refund'))::text AS "gameIssued"`);
    return r!;
  });
  return {
    balances: BigInt(row.balances), pendingWithdrawals: BigInt(row.pendingWithdrawals), confirmedDeposits: BigInt(row.confirmedDeposits),
    confirmedWithdrawals: BigInt(row.confirmedWithdrawals), gameIssued: BigInt(row.gameIssued),
  };
}

/** Deposits of `token` seen but not yet credited (pending or claimable): count and sum (base units). */
export async function pendingDepositSums(orm: Orm, token: 'exo' | 'hexo'): Promise<{ count: number; sum: bigint }> {
  const [pending] = await exec<{ count: number; sum: string }>(orm, sql`
    SELECT count(*)::int AS count, COALESCE(sum(amount), 0)::text AS sum FROM chain_payments WHERE token = ${token} AND status IN ('pending', 'claimable')`);
  return { count: pending!.count, sum: BigInt(pending!.sum) };
}

/** A withdrawal in `submitted` as stored. */
export interface SubmittedWithdrawalRow { id: number; user_id: number; token: 'exo' | 'hexo'; amount: string; address: string; tx_hash: string; submit_attempts: number; last_error: string | null; next_try_at: Date | string | null; doubt_height: number | null; created_at: Date | string }

/** Withdrawals in `submitted` (sent, awaiting the chain's verdict), oldest first. */
export async function submittedWithdrawalRows(orm: Orm): Promise<SubmittedWithdrawalRow[]> {
  return exec<SubmittedWithdrawalRow>(orm, sql`
    SELECT id::int AS id, user_id, token, amount::text AS amount, address, tx_hash, submit_attempts, last_error, next_try_at, doubt_height, created_at
    FROM chain_withdrawals WHERE status = 'submitted' ORDER BY id`);
}

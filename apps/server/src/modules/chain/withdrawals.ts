/**
 * Withdrawals to the Master Wallet (issue 11, GAME-RULES §8, spec §2 withdrawal modal): requests
 * and the account's withdrawals.
 *
 * Units: whole tokens in requests, base units in the database and answers.
 */
import { sql } from 'drizzle-orm';
import { confirmationsAt, isAmountInRange, toBaseUnits } from '@kingdom/game';
import type { ChainToken, Withdrawal } from '@kingdom/api';
import { exec, hasSqlState, SQLSTATE, type Database } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import type { CardanoMoney } from '../../chain/cardano/money.ts';
import { applyTokenEntry } from '../ledger/ledger.ts';
import type { SessionUser } from '../../auth/session.ts';
import { iso, requestHashOf } from './shared.ts';

/** The account's withdrawals, newest first (at most 50). */
export async function accountWithdrawals(db: Database, money: CardanoMoney, userId: number, id?: number): Promise<Withdrawal[]> {
  const tip = await money.ledger.tip();
  const rows = await exec<{ id: number; token: ChainToken; amount: string; address: string; status: Withdrawal['status']; tx_hash: string | null; created_at: Date | string; reason: string | null }>(db.orm, sql`
    SELECT id::int AS id, token, amount::text AS amount, address, status, tx_hash, created_at, reason FROM chain_withdrawals
    WHERE user_id = ${userId} ${id === undefined ? sql`` : sql`AND id = ${id}`} ORDER BY id DESC LIMIT 50`);
  const out: Withdrawal[] = [];
  for (const r of rows) {
    let confirmations = 0;
    if (r.tx_hash && (r.status === 'submitted' || r.status === 'confirmed')) {
      const ref = await money.ledger.txBlock(r.tx_hash);
      confirmations = ref ? confirmationsAt(tip.height, ref.height) : 0;
    }
    out.push({ ...r, confirmations, created_at: iso(r.created_at)! });
  }
  return out;
}

/**
 * Requests a withdrawal of `amount` whole tokens to the Master Wallet (GAME-RULES §8). The amount
 * leaves the balance now (ledger entry `withdrawal`, reference `withdrawal:<id>`); the treasury
 * signer pays it out, and it returns (`withdrawal_refund`) if the payout fails or expires. The same
 * idempotency key answers the first request again.
 * @throws ApiError CANT_GET_MASTER_WALLET, ACTIVE_ADDRESS_NOT_MASTER_ADDRESS (signed in with
 *   another wallet), WITHDRAW_CAN_ONLY_MASTER (`address` is not the Master Wallet),
 *   ERROR_WALLET_WRONG_NETWORK (a Solana Master Wallet), PENDING_TRANSACTION,
 *   USER_WITHDRAW_HEXO_NO_BALANCE, TREASURY_INSUFFICIENT, AMOUNT_TOO_LARGE, IDEMPOTENCY_KEY_REUSED
 */
export async function requestWithdrawal(
  db: Database, money: CardanoMoney, session: SessionUser, key: string,
  req: { token: ChainToken; amount: string; address?: string | undefined }, now: Date, log: { warn(obj: object, msg: string): void },
): Promise<Withdrawal> {
  const hash = requestHashOf([req.token, req.amount, req.address ?? null]);
  const replay = async () => {
    const [prior] = await exec<{ id: number; request_hash: string }>(db.orm, sql`
      SELECT id::int AS id, request_hash FROM chain_withdrawals WHERE user_id = ${session.userId} AND idempotency_key = ${key.toLowerCase()}`);
    if (!prior) return null;
    if (prior.request_hash !== hash) fail('IDEMPOTENCY_KEY_REUSED');
    return (await accountWithdrawals(db, money, session.userId, prior.id))[0] ?? null;
  };
  const first = await replay();
  if (first) return first;

  const amount = toBaseUnits(req.amount, req.token);
  if (amount <= 0n) fail('VALIDATION_ERROR', { amount: [`Enter the ${req.token.toUpperCase()} amount you want to withdraw`] });
  if (!isAmountInRange(amount)) fail('AMOUNT_TOO_LARGE');
  const [master] = await exec<{ id: number; chain: string; address: string }>(db.orm, sql`
    SELECT id, chain, address FROM wallets WHERE user_id = ${session.userId} AND is_master`);
  if (!master) fail('CANT_GET_MASTER_WALLET');
  if (req.address !== undefined && req.address !== master.address) fail('WITHDRAW_CAN_ONLY_MASTER');
  if (session.walletId !== master.id) fail('ACTIVE_ADDRESS_NOT_MASTER_ADDRESS');
  if (master.chain !== 'cardano') fail('ERROR_WALLET_WRONG_NETWORK');

  // Never promise more than the treasury holds beside the payouts already promised.
  const held = (await money.ledger.balance(money.treasury.address)).assets[money.units[req.token]] ?? 0n;
  const [promised] = await exec<{ sum: string | null }>(db.orm, sql`
    SELECT sum(amount)::text AS sum FROM chain_withdrawals WHERE token = ${req.token} AND status IN ('requested', 'submitted')`);
  if (held - BigInt(promised?.sum ?? '0') < amount) {
    log.warn({ token: req.token, held: held.toString(), promised: promised?.sum ?? '0', asked: amount.toString() }, 'treasury cannot cover a withdrawal: top it up');
    fail('TREASURY_INSUFFICIENT');
  }

  let id: number | null = null;
  try {
    id = await db.orm.transaction(async (tx) => {
      const [pending] = await exec(tx, sql`SELECT 1 FROM chain_withdrawals WHERE user_id = ${session.userId} AND status IN ('requested', 'submitted')`);
      if (pending) fail('PENDING_TRANSACTION');
      const [row] = await exec<{ id: number }>(tx, sql`
        INSERT INTO chain_withdrawals (user_id, idempotency_key, request_hash, token, amount, address, status, created_at, updated_at)
        VALUES (${session.userId}, ${key.toLowerCase()}, ${hash}, ${req.token}, ${amount.toString()}, ${master.address}, 'requested', ${now}, ${now})
        ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id::int AS id`);
      if (!row) return null;
      await applyTokenEntry(tx, { userId: session.userId, token: req.token, amount: -amount, reason: 'withdrawal', reference: `withdrawal:${row.id}`, at: now }, 'USER_WITHDRAW_HEXO_NO_BALANCE');
      return row.id;
    });
  } catch (err) {
    // The partial unique index: a concurrent request of this account got there first.
    if (hasSqlState(err, SQLSTATE.uniqueViolation)) fail('PENDING_TRANSACTION');
    throw err;
  }
  if (id === null) return (await replay()) ?? fail('CANT_RUN_THIS_OPERATION');
  return (await accountWithdrawals(db, money, session.userId, id))[0]!;
}

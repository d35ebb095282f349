/**
 * Withdrawals to the Master Wallet (docs/game-rules.md §8, docs/product.md §2 withdrawal modal): requests
 * and the account's withdrawals.
 *
 * Units: whole tokens in requests, base units in the database and answers.
 */
import { confirmationsAt, isAmountInRange, toBaseUnits } from '@kingdom/game';
import type { ChainToken, Withdrawal } from '@kingdom/api';
import { hasSqlState, SQLSTATE, type Database } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import type { CardanoMoney } from '../../chain/cardano/money.ts';
import { applyTokenEntry } from '../ledger/ledger.ts';
import type { SessionUser } from '../../auth/session.ts';
import { iso, requestHashOf } from './shared.ts';
import { hasPendingWithdrawal, insertWithdrawal, masterWallet, promisedPayouts, tokenBalance, withdrawalByKey, withdrawalRows } from './repository.ts';

/** The account's withdrawals, newest first (at most 50). */
export async function accountWithdrawals(db: Database, money: CardanoMoney, userId: number, id?: number): Promise<Withdrawal[]> {
  const tip = await money.ledger.tip();
  const rows = await withdrawalRows(db.orm, userId, id);
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
 * Requests a withdrawal of `amount` whole tokens to the Master Wallet (docs/game-rules.md §8). The amount
 * leaves the balance now (ledger entry `withdrawal`, reference `withdrawal:<id>`); the treasury
 * signer pays it out, and it returns (`withdrawal_refund`) if the payout fails or expires. The same
 * idempotency key answers the first request again.
 * @throws ApiError CANT_GET_MASTER_WALLET, NOT_SET_ACTIVE_ADDRESS (the session's wallet was
 *   disconnected), ACTIVE_ADDRESS_NOT_MASTER_ADDRESS (the session's active wallet is another), WITHDRAW_CAN_ONLY_MASTER (`address` is not the Master Wallet),
 *   ERROR_WALLET_WRONG_NETWORK (a Solana Master Wallet), PENDING_TRANSACTION,
 *   USER_WITHDRAW_HEXO_NO_BALANCE, TREASURY_INSUFFICIENT, AMOUNT_TOO_LARGE, IDEMPOTENCY_KEY_REUSED
 */
export async function requestWithdrawal(
  db: Database, money: CardanoMoney, session: SessionUser, key: string,
  req: { token: ChainToken; amount: string; address?: string | undefined }, now: Date, log: { warn(obj: object, msg: string): void },
): Promise<Withdrawal> {
  const hash = requestHashOf([req.token, req.amount, req.address ?? null]);
  const replay = async () => {
    const prior = await withdrawalByKey(db.orm, session.userId, key);
    if (!prior) return null;
    if (prior.request_hash !== hash) fail('IDEMPOTENCY_KEY_REUSED');
    return (await accountWithdrawals(db, money, session.userId, prior.id))[0] ?? null;
  };
  const first = await replay();
  if (first) return first;

  const amount = toBaseUnits(req.amount, req.token);
  if (amount <= 0n) fail('VALIDATION_ERROR', { amount: [`Enter the ${req.token.toUpperCase()} amount you want to withdraw`] });
  if (!isAmountInRange(amount)) fail('AMOUNT_TOO_LARGE');
  const master = await masterWallet(db.orm, session.userId);
  if (!master) fail('CANT_GET_MASTER_WALLET');
  if (req.address !== undefined && req.address !== master.address) fail('WITHDRAW_CAN_ONLY_MASTER');
  // the session's active wallet, a server fact (POST /auth/wallet; docs/product.md §4): none after a disconnect
  if (session.activeWalletId === null) fail('NOT_SET_ACTIVE_ADDRESS');
  if (session.activeWalletId !== master.id) fail('ACTIVE_ADDRESS_NOT_MASTER_ADDRESS');
  if (master.chain !== 'cardano') fail('ERROR_WALLET_WRONG_NETWORK');

  // The player's own checks come before the treasury's (whose level a player must not learn from an
  // amount they do not have): a pending withdrawal, then the balance, re-checked in the transaction below.
  if (await hasPendingWithdrawal(db.orm, session.userId)) fail('PENDING_TRANSACTION');
  if ((await tokenBalance(db.orm, session.userId, req.token)) < amount) fail('USER_WITHDRAW_HEXO_NO_BALANCE');

  // Never promise more than the treasury holds beside the payouts already promised.
  const held = (await money.ledger.balance(money.treasury.address)).assets[money.units[req.token]] ?? 0n;
  const promised = await promisedPayouts(db.orm, req.token);
  if (held - promised < amount) {
    log.warn({ token: req.token, held: held.toString(), promised: promised.toString(), asked: amount.toString() }, 'treasury cannot cover a withdrawal: top it up');
    fail('TREASURY_INSUFFICIENT');
  }

  let id: number | null = null;
  try {
    id = await db.orm.transaction(async (tx) => {
      if (await hasPendingWithdrawal(tx, session.userId)) fail('PENDING_TRANSACTION');
      const rowId = await insertWithdrawal(tx, { userId: session.userId, key, hash, token: req.token, amount, address: master.address, now });
      if (rowId === null) return null;
      await applyTokenEntry(tx, { userId: session.userId, token: req.token, amount: -amount, reason: 'withdrawal', reference: `withdrawal:${rowId}`, at: now }, 'USER_WITHDRAW_HEXO_NO_BALANCE');
      return rowId;
    });
  } catch (err) {
    // The partial unique index: a concurrent request of this account got there first.
    if (hasSqlState(err, SQLSTATE.uniqueViolation)) fail('PENDING_TRANSACTION');
    throw err;
  }
  if (id === null) return (await replay()) ?? fail('CANT_RUN_THIS_OPERATION');
  return (await accountWithdrawals(db, money, session.userId, id))[0]!;
}

/**
 * Chain money (issue 11, GAME-RULES §8, spec §2 deposit/withdrawal modals and `/tokensale`):
 * building deposit and order payments for the player's wallet to sign, submitting them, withdrawal
 * requests to the Master Wallet, EXO orders (sale rounds and vendor EXO packs), and the answers of
 * the account's deposits, withdrawals and orders.
 *
 * Units: whole tokens in requests, base units in the database and answers, lovelace for ADA.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  GameError, ORDER_TTL_MINUTES, checkRoundOrder, confirmationsAt, depositMessage, lovelacePerExo, orderLovelace, orderMessage,
  roundStatus, toBaseUnits, vendorEntry, isAmountInRange, type SaleRound,
} from '@kingdom/game';
import type { ChainToken, Deposit, ExoOrder, OrderRequest, SaleRoundAnswer, Withdrawal } from '@kingdom/api';
import { exec, hasSqlState, SQLSTATE, type Database, type Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { isOnNetwork, type CardanoMoney } from '../../chain/cardano/money.ts';
import { applyTokenEntry } from '../ledger/ledger.ts';
import type { SessionUser } from '../../auth/session.ts';

/**
 * Maps Lucid's coin-selection failures to the spec's wallet codes (spec §8): the wallet holds the
 * amount (checked before) but not enough beside it for the fee and minimum ADA → not enough
 * balance; anything else means its UTxOs cannot make the transaction → not enough UTxO.
 */
function walletBuildError(err: unknown): never {
  const text = String((err as { message?: unknown })?.message ?? err);
  if (/insufficient|not enough|InputsExhausted|UTxO Balance|balance/i.test(text)) fail('ERROR_WALLET_NOT_ENOUGH_BALANCE');
  fail('ERROR_WALLET_NOT_ENOUGH_UTXO');
}

/**
 * Builds the unsigned payment a player's wallet signs (CIP-30 `signTx`): a deposit of `amount`
 * whole EXO/HEXO to the treasury, or an order's lovelace to the sale address, from `address`'s
 * UTxOs, with a CIP-20 message naming the account or the order.
 * @throws ApiError ERROR_WALLET_WRONG_NETWORK (address of another network), USER_WALLET_NOT_BELONG
 *   (an order paid from a wallet not linked to the account), NOT_FOUND (no such order of the
 *   account), SALE_ROUND_CLOSED (order already paid or expired), AMOUNT_TOO_LARGE,
 *   ERROR_WALLET_NOT_ENOUGH_UTXO (no UTxO at the address, or its UTxOs cannot make the
 *   transaction), ERROR_WALLET_NOT_ENOUGH_BALANCE (the address holds less than the payment, or too
 *   little ADA beside it for the fee)
 */
export async function buildPayment(
  db: Database, money: CardanoMoney, session: SessionUser,
  req: { kind: 'deposit'; token: ChainToken; amount: string; address: string } | { kind: 'order'; order_id: number; address: string },
  now: Date,
): Promise<{ tx: string; tx_hash: string; fee: string }> {
  if (!isOnNetwork(money, req.address)) fail('ERROR_WALLET_WRONG_NETWORK');
  let pay: { to: string; assets: Record<string, bigint>; message: string[] };
  if (req.kind === 'deposit') {
    const amount = toBaseUnits(req.amount, req.token);
    if (amount <= 0n) fail('VALIDATION_ERROR', { amount: ['Enter the amount you want to deposit'] });
    if (!isAmountInRange(amount)) fail('AMOUNT_TOO_LARGE');
    pay = { to: money.treasury.address, assets: { [money.units[req.token]]: amount }, message: depositMessage(session.userId) };
  } else {
    const [order] = await exec<{ lovelace: string; status: string; expires_at: Date | string }>(db.orm, sql`
      SELECT lovelace::text AS lovelace, status, expires_at FROM exo_orders WHERE id = ${req.order_id} AND user_id = ${session.userId}`);
    if (!order) fail('NOT_FOUND');
    if (order.status !== 'awaiting_payment' || new Date(order.expires_at) <= now) fail('SALE_ROUND_CLOSED');
    pay = { to: money.saleAddress, assets: { lovelace: BigInt(order.lovelace) }, message: orderMessage(req.order_id) };
  }
  const utxos = await money.ledger.lucidProvider().getUtxos(req.address).catch(() => []);
  if (!utxos.length) fail('ERROR_WALLET_NOT_ENOUGH_UTXO');
  // Spec §8: more than the wallet holds is "not enough balance" (no UTxO at all is the UTXO code).
  for (const [unit, wanted] of Object.entries(pay.assets)) {
    const held = utxos.reduce((sum, u) => sum + (u.assets[unit] ?? 0n), 0n);
    if (held < wanted) fail('ERROR_WALLET_NOT_ENOUGH_BALANCE');
  }
  const lucid = await money.lucid();
  lucid.selectWallet.fromAddress(req.address, utxos);
  try {
    const tx = await lucid.newTx().pay.ToAddress(pay.to, pay.assets).attachMetadata(674, { msg: pay.message }).complete();
    return { tx: tx.toCBOR(), tx_hash: tx.toHash(), fee: tx.toTransaction().body().fee().toString() };
  } catch (err) {
    walletBuildError(err);
  }
}

/**
 * Adds the wallet's witness set to a built transaction and submits it through the ledger.
 * @throws ApiError TX_SUBMIT_FAILED (malformed, wrongly signed, or refused by the network)
 */
export async function submitPayment(money: CardanoMoney, txCbor: string, witnessSet: string): Promise<{ tx_hash: string }> {
  let signed: string;
  try {
    const lucid = await money.lucid();
    // Lucid assembles only with a wallet selected; it adds no witness of its own here.
    lucid.selectWallet.fromAddress(money.treasury.address, []);
    signed = (await lucid.fromTx(txCbor).assemble([witnessSet]).complete()).toCBOR();
  } catch {
    fail('TX_SUBMIT_FAILED');
  }
  try {
    return { tx_hash: await money.ledger.lucidProvider().submitTx(signed) };
  } catch {
    fail('TX_SUBMIT_FAILED');
  }
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The account's payments: its deposits (from its linked wallets, newest first, at most 50) and the
 * deposits naming it from wallets it has not linked (claimable).
 */
export async function accountDeposits(db: Database, money: CardanoMoney, userId: number): Promise<{ confirmations_required: number; deposits: Deposit[]; claimable: Deposit[] }> {
  const tip = await money.ledger.tip();
  const rows = await exec<{ tx_hash: string; output_index: number; token: 'exo' | 'hexo'; amount: string; sender: string | null; status: Deposit['status']; block_height: number; seen_at: Date | string; credited_at: Date | string | null; mine: boolean }>(db.orm, sql`
    SELECT p.tx_hash, p.output_index, p.token, p.amount::text AS amount, p.senders[1] AS sender, p.status, p.block_height, p.seen_at, p.credited_at, true AS mine
    FROM chain_payments p
    WHERE p.token <> 'ada' AND (p.user_id = ${userId} OR (p.status IN ('pending', 'rolled_back') AND (EXISTS (
      SELECT 1 FROM wallets w WHERE w.user_id = ${userId} AND w.chain = 'cardano' AND w.address = ANY(p.senders)) OR EXISTS (
      SELECT 1 FROM cardano_stake_proofs k WHERE k.user_id = ${userId} AND k.stake_credential = ANY(p.sender_stakes)))))
    UNION ALL
    SELECT p.tx_hash, p.output_index, p.token, p.amount::text, p.senders[1], p.status, p.block_height, p.seen_at, p.credited_at, false
    FROM chain_payments p WHERE p.status = 'claimable' AND p.token <> 'ada' AND p.message_account = ${userId}
    ORDER BY seen_at DESC, tx_hash, output_index LIMIT 100`);
  const answer = (r: (typeof rows)[number]): Deposit => ({
    tx_hash: r.tx_hash, output_index: r.output_index, token: r.token, amount: r.amount, sender: r.sender ?? '',
    status: r.status, confirmations: r.status === 'rolled_back' ? 0 : confirmationsAt(tip.height, r.block_height),
    seen_at: iso(r.seen_at)!, credited_at: iso(r.credited_at),
  });
  return {
    confirmations_required: money.confirmations,
    deposits: rows.filter((r) => r.mine).slice(0, 50).map(answer),
    claimable: rows.filter((r) => !r.mine).map(answer),
  };
}

const requestHashOf = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');

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

/** A sale round row as stored. */
interface RoundRow {
  id: number;
  name: string;
  price_lovelace: string;
  cap: string;
  starts_at: Date | string;
  ends_at: Date | string;
  sold: string;
}

const toRound = (r: RoundRow): SaleRound => ({
  id: r.id, name: r.name, priceLovelace: BigInt(r.price_lovelace), cap: BigInt(r.cap), startsAt: new Date(r.starts_at), endsAt: new Date(r.ends_at),
});

/** EXO sold or reserved in a round: paid orders and orders still awaiting payment before they expire. */
const soldSql = (now: Date) => sql`COALESCE((SELECT sum(o.exo) FROM exo_orders o WHERE o.round_id = r.id
  AND (o.status = 'paid' OR (o.status = 'awaiting_payment' AND o.expires_at > ${now}))), 0)::text`;

/** The sale rounds with their sold EXO and status at `now`. */
export async function saleRounds(db: Database, now: Date): Promise<SaleRoundAnswer[]> {
  const rows = await exec<RoundRow>(db.orm, sql`
    SELECT r.id, r.name, r.price_lovelace::text AS price_lovelace, r.cap::text AS cap, r.starts_at, r.ends_at, ${soldSql(now)} AS sold
    FROM sale_rounds r ORDER BY r.id`);
  return rows.map((r) => ({
    id: r.id, name: r.name, price_lovelace: r.price_lovelace, cap: r.cap, sold: r.sold,
    starts_at: iso(r.starts_at)!, ends_at: iso(r.ends_at)!, status: roundStatus(toRound(r), BigInt(r.sold), now),
  }));
}

interface OrderRow {
  id: number;
  source: 'round' | 'pack';
  round_id: number | null;
  pack: string | null;
  exo: string;
  lovelace: string;
  status: ExoOrder['status'];
  tx_hash: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  /** Height of the block of the order's latest payment the watcher saw (null: none yet). */
  paid_height: number | null;
}

const orderAnswer = ({ paid_height, ...r }: OrderRow, saleAddress: string, tipHeight: number, now: Date): ExoOrder => ({
  ...r, sale_address: saleAddress, created_at: iso(r.created_at)!, expires_at: iso(r.expires_at)!,
  confirmations: paid_height === null ? 0 : confirmationsAt(tipHeight, paid_height),
  status: r.status === 'awaiting_payment' && new Date(r.expires_at) <= now ? 'expired' : r.status,
});

/** The account's EXO orders, newest first (at most 50). */
export async function accountOrders(db: Database, money: CardanoMoney, userId: number, now: Date, id?: number): Promise<ExoOrder[]> {
  const tip = await money.ledger.tip();
  const rows = await exec<OrderRow>(db.orm, sql`
    SELECT o.id::int AS id, o.source, o.round_id, o.pack, o.exo::text AS exo, o.lovelace::text AS lovelace, o.status, o.tx_hash, o.created_at, o.expires_at,
      (SELECT max(p.block_height) FROM chain_payments p WHERE p.token = 'ada' AND p.message_order = o.id
        AND p.status IN ('pending', 'credited', 'claimable')) AS paid_height
    FROM exo_orders o WHERE o.user_id = ${userId} ${id === undefined ? sql`` : sql`AND o.id = ${id}`} ORDER BY o.id DESC LIMIT 50`);
  return rows.map((r) => orderAnswer(r, money.saleAddress, tip.height, now));
}

/**
 * Orders EXO paid in ADA: `amount` whole EXO from an open sale round at its price, or a vendor
 * EXO pack at the current EXO price (`currency_prices`). The order waits
 * {@link ORDER_TTL_MINUTES} for its payment; its EXO is credited when the payment confirms.
 * @throws GameError SALE_ROUND_CLOSED, SALE_SOLD_OUT; ApiError NOT_FOUND (no such round or pack),
 *   SYSTEM_FEATURE_NOT_AVAILABLE (no EXO price), AMOUNT_TOO_LARGE, IDEMPOTENCY_KEY_REUSED
 */
export async function createOrder(db: Database, money: CardanoMoney, userId: number, key: string, req: OrderRequest, now: Date): Promise<ExoOrder> {
  const hash = requestHashOf(req);
  const replay = async () => {
    const [prior] = await exec<{ id: number; request_hash: string }>(db.orm, sql`
      SELECT id::int AS id, request_hash FROM exo_orders WHERE user_id = ${userId} AND idempotency_key = ${key.toLowerCase()}`);
    if (!prior) return null;
    if (prior.request_hash !== hash) fail('IDEMPOTENCY_KEY_REUSED');
    return (await accountOrders(db, money, userId, now, prior.id))[0] ?? null;
  };
  const first = await replay();
  if (first) return first;
  const expiresAt = new Date(now.getTime() + ORDER_TTL_MINUTES * 60_000);
  const id = await db.orm.transaction(async (tx) => {
    let values: { source: 'round' | 'pack'; roundId: number | null; pack: string | null; exo: bigint; lovelace: bigint };
    if ('round_id' in req) {
      // Lock the round: orders of one round are checked against its cap one at a time.
      const [round] = await exec<RoundRow>(tx, sql`
        SELECT r.id, r.name, r.price_lovelace::text AS price_lovelace, r.cap::text AS cap, r.starts_at, r.ends_at, '0' AS sold
        FROM sale_rounds r WHERE r.id = ${req.round_id} FOR UPDATE`);
      if (!round) fail('NOT_FOUND');
      const [sold] = await exec<{ sold: string }>(tx, sql`SELECT ${soldSql(now)} AS sold FROM sale_rounds r WHERE r.id = ${req.round_id}`);
      const exo = toBaseUnits(req.amount, 'exo');
      if (exo <= 0n) fail('VALIDATION_ERROR', { amount: ['Enter the EXO amount you want to buy'] });
      if (!isAmountInRange(exo)) fail('AMOUNT_TOO_LARGE');
      checkRoundOrder(toRound(round), BigInt(sold!.sold), exo, now);
      values = { source: 'round', roundId: round.id, pack: null, exo, lovelace: orderLovelace(exo, BigInt(round.price_lovelace)) };
    } else {
      const entry = vendorEntry(req.pack);
      if (!entry || entry.group !== 'exo_packs') fail('NOT_FOUND');
      const [price] = await exec<{ ada: string }>(tx, sql`SELECT ada::text AS ada FROM currency_prices WHERE token = 'exo'`);
      const perExo = price ? lovelacePerExo(price.ada) : null;
      if (!perExo) fail('SYSTEM_FEATURE_NOT_AVAILABLE');
      const exo = entry.gives.tokens.exo ?? 0n;
      values = { source: 'pack', roundId: null, pack: entry.key, exo, lovelace: orderLovelace(exo, perExo) };
    }
    const [row] = await exec<{ id: number }>(tx, sql`
      INSERT INTO exo_orders (user_id, idempotency_key, request_hash, source, round_id, pack, exo, lovelace, status, created_at, expires_at)
      VALUES (${userId}, ${key.toLowerCase()}, ${hash}, ${values.source}, ${values.roundId}, ${values.pack}, ${values.exo.toString()}, ${values.lovelace.toString()},
        'awaiting_payment', ${now}, ${expiresAt})
      ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id::int AS id`);
    return row?.id ?? null;
  }).catch((err: unknown) => {
    if (err instanceof GameError) fail(err.code);
    throw err;
  });
  if (id === null) return (await replay()) ?? fail('CANT_RUN_THIS_OPERATION');
  return (await accountOrders(db, money, userId, now, id))[0]!;
}

/** Marks orders whose payment did not come in time expired (frees their part of a round's cap). */
export async function expireOrders(orm: Orm, now: Date): Promise<number> {
  const rows = await exec(orm, sql`UPDATE exo_orders SET status = 'expired' WHERE status = 'awaiting_payment' AND expires_at <= ${now} RETURNING id`);
  return rows.length;
}

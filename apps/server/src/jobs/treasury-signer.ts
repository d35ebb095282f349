/**
 * The treasury signer (docs/game-rules.md §8.6; docs/game-rules.md §8): pays requested
 * withdrawals to the Master Wallet from the treasury key, one transaction per withdrawal. The
 * signed transaction is stored (status `submitted`) BEFORE it is sent, so every later step sends
 * the same transaction and the payout can never be made twice.
 *
 * Once stored, only a **definite verdict** returns the amount to the player (ledger entry
 * `withdrawal_refund`), and only after it held `confirmations` blocks deep (a rollback could still
 * bring the payout back before that):
 * - `expired`: the chain tip is past the transaction's TTL (validity interval) and the
 *   transaction is not on chain — it can never be included;
 * - `failed`: one of its inputs was spent by another transaction on chain (the producing
 *   transaction is on chain, the output is gone, ours is not on chain) — it can never be valid.
 *
 * Everything else — a network error, a timeout, a 5xx, a 429, an answer that does not parse, a
 * refusal of the submit (which may mean "already accepted") — keeps it `submitted`: the attempt,
 * its error and the next try time (exponential backoff, {@link payoutRetryDelayMs}) are stored in
 * the row, so every process and a restarted one follow the same schedule. A payout whose
 * transaction reaches the chain is `confirmed` at the required depth.
 *
 * A withdrawal the treasury cannot cover is refused before anything is signed (returned at once,
 * logged for the operator).
 */
import { sql } from 'drizzle-orm';
import { CML } from '@lucid-evolution/lucid';
import { PAYOUT_TTL_BLOCKS, confirmationsAt } from '@kingdom/game';
import { exec, type Database, type Orm } from '../db/client.ts';
import { applyTokenEntry } from '../modules/ledger/ledger.ts';
import { notify } from '../modules/notifications/repository.ts';
import type { CardanoMoney } from '../chain/cardano/money.ts';
import type { ChainTip } from '@kingdom/chain-providers';

/** Where the signer reports what an operator must know. */
export interface SignerLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  /** Facts worth a line (the chain watcher's start point); optional. */
  info?(obj: object, msg: string): void;
}

/** First wait before a failed submit or check is tried again, ms. */
export const PAYOUT_RETRY_BASE_MS = 15_000;
/** Longest wait between tries, ms. */
export const PAYOUT_RETRY_MAX_MS = 2 * 60_000;
/** Slots per block (Cardano: one block per 20 one-second slots on average; the emulator exactly). */
const SLOTS_PER_BLOCK = 20;

/**
 * Wait before try number `attempts + 1` after `attempts` tries: 15 s, 30 s, 1 min, 2 min, then 2 min
 * (ms): well inside a payout's TTL (30 blocks ≈ 10 min), so a transaction the network never took is
 * sent again several times before it can expire.
 */
export function payoutRetryDelayMs(attempts: number): number {
  return Math.min(PAYOUT_RETRY_MAX_MS, PAYOUT_RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

interface WithdrawalRow {
  id: number;
  user_id: number;
  token: 'exo' | 'hexo';
  amount: string;
  address: string;
  status: 'requested' | 'submitted';
  tx_hash: string | null;
  tx_cbor: string | null;
  ttl_slot: string | null;
  submit_attempts: number;
  next_try_at: Date | string | null;
  doubt_height: number | null;
}

const COLUMNS = sql`id::int AS id, user_id, token, amount::text AS amount, address, status, tx_hash, tx_cbor, ttl_slot::text AS ttl_slot,
  submit_attempts, next_try_at, doubt_height`;

const errorText = (err: unknown) => String((err as { message?: unknown })?.message ?? err).slice(0, 500);

/** Ends a withdrawal as failed or expired and returns its amount, once. */
async function returnWithdrawal(orm: Orm, w: WithdrawalRow, status: 'failed' | 'expired', reason: string, now: Date): Promise<boolean> {
  return orm.transaction(async (tx) => {
    const [row] = await exec(tx, sql`UPDATE chain_withdrawals SET status = ${status}, reason = ${reason}, updated_at = ${now}
      WHERE id = ${w.id} AND status IN ('requested', 'submitted') RETURNING id`);
    if (!row) return false;
    await applyTokenEntry(tx, { userId: w.user_id, token: w.token, amount: BigInt(w.amount), reason: 'withdrawal_refund', reference: `withdrawal:${w.id}`, at: now });
    await notify(tx, w.user_id, 'balance_withdrawal', { withdrawal_id: w.id, token: w.token, amount: w.amount, status, reason }, now);
    return true;
  });
}

/** Records one try of a stored payout (sent or checked) and when to try next. */
async function recordTry(orm: Orm, w: WithdrawalRow, now: Date, error: string | null): Promise<void> {
  const attempts = w.submit_attempts + 1;
  await exec(orm, sql`UPDATE chain_withdrawals SET submit_attempts = ${attempts}, last_error = ${error},
    next_try_at = ${new Date(now.getTime() + payoutRetryDelayMs(attempts))}, updated_at = ${now}
    WHERE id = ${w.id} AND status = 'submitted'`);
  w.submit_attempts = attempts;
}

/** Builds, signs and stores the payout of one requested withdrawal; false when it must wait. */
async function buildPayout(db: Database, money: CardanoMoney, w: WithdrawalRow, now: Date, log: SignerLog): Promise<boolean> {
  const unit = money.units[w.token];
  const amount = BigInt(w.amount);
  let signed: { cbor: string; hash: string };
  let ttlSlot: number;
  try {
    const held = (await money.ledger.balance(money.treasury.address)).assets[unit] ?? 0n;
    if (held < amount) {
      log.error({ withdrawal: w.id, token: w.token, held: held.toString(), amount: w.amount }, 'treasury cannot cover a payout: returned to the player; top the treasury up');
      await returnWithdrawal(db.orm, w, 'failed', 'The treasury could not cover this payout.', now);
      return true;
    }
    const tip = await money.ledger.tip();
    ttlSlot = tip.slot + PAYOUT_TTL_BLOCKS * SLOTS_PER_BLOCK;
    const lucid = await money.lucid();
    lucid.selectWallet.fromPrivateKey(money.treasury.privateKey);
    const tx = await lucid.newTx()
      .pay.ToAddress(w.address, { [unit]: amount })
      .attachMetadata(674, { msg: ['Kingdom withdrawal', `withdrawal:${w.id}`] })
      .validTo(money.slotToUnixMs(ttlSlot))
      .complete();
    const done = await tx.sign.withWallet().complete();
    signed = { cbor: done.toCBOR(), hash: done.toHash() };
  } catch (err) {
    // The network is unreachable, or the treasury's UTxOs are all in the current block's mempool:
    // nothing was signed, so nothing can be paid twice; the next run builds it.
    log.warn({ withdrawal: w.id, err: errorText(err) }, 'payout not built yet; will retry');
    return false;
  }
  const [stored] = await exec(db.orm, sql`UPDATE chain_withdrawals SET status = 'submitted', tx_hash = ${signed.hash}, tx_cbor = ${signed.cbor},
    ttl_slot = ${ttlSlot}, updated_at = ${now} WHERE id = ${w.id} AND status = 'requested' RETURNING id`);
  if (!stored) return true; // another run took it
  await sendPayout(db, money, { ...w, status: 'submitted', tx_hash: signed.hash, tx_cbor: signed.cbor, ttl_slot: String(ttlSlot) }, now, log);
  return true;
}

/**
 * Sends (or re-sends) a stored payout. Whatever the answer, the payout stays `submitted`: a refusal
 * may mean it was accepted already, a timeout may hide an acceptance; only a verdict on chain ends it.
 */
async function sendPayout(db: Database, money: CardanoMoney, w: WithdrawalRow, now: Date, log: SignerLog): Promise<void> {
  try {
    await money.ledger.lucidProvider().submitTx(w.tx_cbor!);
    await recordTry(db.orm, w, now, null);
  } catch (err) {
    const text = errorText(err);
    await recordTry(db.orm, w, now, text);
    if (!/already|mempool|duplicate/i.test(text)) log.warn({ withdrawal: w.id, attempts: w.submit_attempts, err: text }, 'payout not confirmed sent; kept, will retry');
  }
}

/** The inputs (transaction hash, index) a stored payout spends. */
function payoutInputs(cbor: string): Array<{ txHash: string; outputIndex: number }> {
  const tx = CML.Transaction.from_cbor_hex(cbor);
  try {
    const ins = tx.body().inputs();
    const out: Array<{ txHash: string; outputIndex: number }> = [];
    for (let i = 0; i < ins.len(); i++) {
      const input = ins.get(i);
      out.push({ txHash: input.transaction_id().to_hex(), outputIndex: Number(input.index()) });
    }
    return out;
  } finally {
    tx.free();
  }
}

/**
 * True when another transaction on chain spent one of the payout's inputs: the input's output is
 * no longer unspent while the transaction that made it is on chain (a provider that answers an
 * error with an empty list is caught by the second question, which throws on errors).
 * @throws Error when the network cannot be reached
 */
async function inputsSpentElsewhere(money: CardanoMoney, cbor: string): Promise<boolean> {
  const inputs = payoutInputs(cbor);
  const unspent = await money.ledger.lucidProvider().getUtxosByOutRef(inputs);
  const left = new Set(unspent.map((u) => `${u.txHash}#${u.outputIndex}`));
  for (const i of inputs) {
    if (left.has(`${i.txHash}#${i.outputIndex}`)) continue;
    // (the in-process emulator answers without a network; its genesis outputs have no transaction)
    if (money.emulator || (await money.ledger.txBlock(i.txHash))) return true;
  }
  return false;
}

/** What to do with one stored payout at this tip. */
async function followPayout(db: Database, money: CardanoMoney, w: WithdrawalRow, tip: ChainTip, now: Date, log: SignerLog): Promise<'confirmed' | 'returned' | 'waiting'> {
  const ref = await money.ledger.txBlock(w.tx_hash!);
  if (ref) {
    if (w.doubt_height !== null) await exec(db.orm, sql`UPDATE chain_withdrawals SET doubt_height = NULL WHERE id = ${w.id}`);
    if (confirmationsAt(tip.height, ref.height) < money.confirmations) return 'waiting';
    await db.orm.transaction(async (tx) => {
      const [row] = await exec(tx, sql`UPDATE chain_withdrawals SET status = 'confirmed', updated_at = ${now} WHERE id = ${w.id} AND status = 'submitted' RETURNING id`);
      if (row) await notify(tx, w.user_id, 'balance_withdrawal', { withdrawal_id: w.id, token: w.token, amount: w.amount, status: 'confirmed', tx_hash: w.tx_hash! }, now);
    });
    return 'confirmed';
  }
  const due = w.next_try_at === null || new Date(w.next_try_at) <= now;
  const expired = tip.slot > Number(w.ttl_slot);
  const conflicted = !expired && due && (await inputsSpentElsewhere(money, w.tx_cbor!));
  if (expired || conflicted) {
    // A definite condition: it must hold `confirmations` blocks deep before the amount returns.
    if (w.doubt_height === null) {
      await exec(db.orm, sql`UPDATE chain_withdrawals SET doubt_height = ${tip.height} WHERE id = ${w.id} AND status = 'submitted'`);
      w.doubt_height = tip.height;
    }
    if (confirmationsAt(tip.height, w.doubt_height) >= money.confirmations) {
      const returned = expired
        ? await returnWithdrawal(db.orm, w, 'expired', 'The payout did not reach the chain in time.', now)
        : await returnWithdrawal(db.orm, w, 'failed', 'The payout can no longer be valid: its inputs were spent by another transaction.', now);
      return returned ? 'returned' : 'waiting';
    }
    return 'waiting';
  }
  if (w.doubt_height !== null) await exec(db.orm, sql`UPDATE chain_withdrawals SET doubt_height = NULL WHERE id = ${w.id}`);
  if (due && !(await money.emulator?.inMempool(w.tx_hash!))) await sendPayout(db, money, w, now, log);
  return 'waiting';
}

/**
 * One signer run: builds the payouts of requested withdrawals (oldest first), then follows the
 * submitted ones. Safe to run concurrently with itself (every state change is conditional). A
 * network failure while following one payout is recorded on it (backoff) and the others go on.
 * @returns counts of payouts submitted, confirmed and returned in this run
 * @throws Error when the chain tip cannot be read (nothing changed for submitted payouts)
 */
export async function runTreasurySigner(db: Database, money: CardanoMoney, now: Date, log: SignerLog): Promise<{ submitted: number; confirmed: number; returned: number }> {
  let submitted = 0;
  let confirmed = 0;
  let returned = 0;
  const requested = await exec<WithdrawalRow>(db.orm, sql`SELECT ${COLUMNS} FROM chain_withdrawals WHERE status = 'requested' ORDER BY id LIMIT 50`);
  for (const w of requested) {
    if (!(await buildPayout(db, money, w, now, log))) break;
    submitted++;
  }
  const tip = await money.ledger.tip();
  const open = await exec<WithdrawalRow>(db.orm, sql`SELECT ${COLUMNS} FROM chain_withdrawals WHERE status = 'submitted' ORDER BY id`);
  for (const w of open) {
    try {
      const outcome = await followPayout(db, money, w, tip, now, log);
      if (outcome === 'confirmed') confirmed++;
      else if (outcome === 'returned') returned++;
    } catch (err) {
      await recordTry(db.orm, w, now, errorText(err));
      log.warn({ withdrawal: w.id, attempts: w.submit_attempts, err: errorText(err) }, 'payout could not be checked; kept, will retry');
    }
  }
  return { submitted, confirmed, returned };
}

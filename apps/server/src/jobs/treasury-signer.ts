/**
 * The treasury signer (issue 11 item 2, GAME-RULES §8): pays requested withdrawals to the Master
 * Wallet from the treasury key, one transaction per withdrawal (the withdrawal id is the payout's
 * request id: its signed transaction is stored before it is submitted, so a retry re-submits the
 * same transaction and never pays twice), then follows each payout: confirmed at the required
 * depth; expired (past its TTL and not in the chain) or refused by the network → the amount returns
 * to the player's balance (ledger entry `withdrawal_refund`). A payout the treasury cannot cover is
 * refused and returned, and logged for the operator.
 */
import { sql } from 'drizzle-orm';
import { PAYOUT_TTL_BLOCKS, confirmationsAt } from '@kingdom/game';
import { exec, type Database, type Orm } from '../db/client.ts';
import { applyTokenEntry } from '../modules/ledger/ledger.ts';
import { notify } from '../modules/notifications/repository.ts';
import type { CardanoMoney } from '../chain/cardano/money.ts';

/** Where the signer reports what an operator must know. */
export interface SignerLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
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
}

/** Ends a withdrawal as failed or expired and returns its amount, once. */
async function returnWithdrawal(orm: Orm, w: WithdrawalRow, status: 'failed' | 'expired', reason: string, now: Date): Promise<void> {
  await orm.transaction(async (tx) => {
    const [row] = await exec(tx, sql`UPDATE chain_withdrawals SET status = ${status}, reason = ${reason}, updated_at = ${now}
      WHERE id = ${w.id} AND status IN ('requested', 'submitted') RETURNING id`);
    if (!row) return;
    await applyTokenEntry(tx, { userId: w.user_id, token: w.token, amount: BigInt(w.amount), reason: 'withdrawal_refund', reference: `withdrawal:${w.id}`, at: now });
    await notify(tx, w.user_id, 'balance_withdrawal', { withdrawal_id: w.id, token: w.token, amount: w.amount, status, reason }, now);
  });
}

/** Builds, signs and stores the payout of one requested withdrawal; false when it must wait. */
async function buildPayout(db: Database, money: CardanoMoney, w: WithdrawalRow, now: Date, log: SignerLog): Promise<boolean> {
  const unit = money.units[w.token];
  const amount = BigInt(w.amount);
  const held = (await money.ledger.balance(money.treasury.address)).assets[unit] ?? 0n;
  if (held < amount) {
    log.error({ withdrawal: w.id, token: w.token, held: held.toString(), amount: w.amount }, 'treasury cannot cover a payout: returned to the player; top the treasury up');
    await returnWithdrawal(db.orm, w, 'failed', 'The treasury could not cover this payout.', now);
    return true;
  }
  const tip = await money.ledger.tip();
  const ttlSlot = tip.slot + PAYOUT_TTL_BLOCKS * 20;
  let signed: { cbor: string; hash: string };
  try {
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
    // Usually the treasury's UTxOs are all in the current block's mempool: wait for the next block.
    log.warn({ withdrawal: w.id, err: String(err) }, 'payout not built yet; will retry');
    return false;
  }
  const [stored] = await exec(db.orm, sql`UPDATE chain_withdrawals SET status = 'submitted', tx_hash = ${signed.hash}, tx_cbor = ${signed.cbor},
    ttl_slot = ${ttlSlot}, updated_at = ${now} WHERE id = ${w.id} AND status = 'requested' RETURNING id`);
  if (!stored) return true; // another run took it
  await submitPayout(db, money, { ...w, status: 'submitted', tx_hash: signed.hash, tx_cbor: signed.cbor, ttl_slot: String(ttlSlot) }, now, log);
  return true;
}

/** Submits (or re-submits) a stored payout; a refusal returns the withdrawal. */
async function submitPayout(db: Database, money: CardanoMoney, w: WithdrawalRow, now: Date, log: SignerLog): Promise<void> {
  try {
    await money.ledger.lucidProvider().submitTx(w.tx_cbor!);
  } catch (err) {
    const text = String((err as { message?: unknown })?.message ?? err);
    if (/already|mempool|duplicate/i.test(text)) return; // the same transaction is on its way
    log.warn({ withdrawal: w.id, err: text }, 'payout refused by the network: returned to the player');
    await returnWithdrawal(db.orm, w, 'failed', 'The network refused the payout.', now);
  }
}

/**
 * One signer run: builds the payouts of requested withdrawals (oldest first), then follows the
 * submitted ones. Safe to run concurrently with itself (every state change is conditional).
 * @returns counts of payouts submitted, confirmed and returned in this run
 */
export async function runTreasurySigner(db: Database, money: CardanoMoney, now: Date, log: SignerLog): Promise<{ submitted: number; confirmed: number; returned: number }> {
  let submitted = 0;
  let confirmed = 0;
  let returned = 0;
  const requested = await exec<WithdrawalRow>(db.orm, sql`
    SELECT id::int AS id, user_id, token, amount::text AS amount, address, status, tx_hash, tx_cbor, ttl_slot::text AS ttl_slot
    FROM chain_withdrawals WHERE status = 'requested' ORDER BY id LIMIT 50`);
  for (const w of requested) {
    if (!(await buildPayout(db, money, w, now, log))) break;
    submitted++;
  }
  const tip = await money.ledger.tip();
  const open = await exec<WithdrawalRow>(db.orm, sql`
    SELECT id::int AS id, user_id, token, amount::text AS amount, address, status, tx_hash, tx_cbor, ttl_slot::text AS ttl_slot
    FROM chain_withdrawals WHERE status = 'submitted' ORDER BY id`);
  for (const w of open) {
    const ref = await money.ledger.txBlock(w.tx_hash!);
    if (ref) {
      if (confirmationsAt(tip.height, ref.height) < money.confirmations) continue;
      await db.orm.transaction(async (tx) => {
        const [row] = await exec(tx, sql`UPDATE chain_withdrawals SET status = 'confirmed', updated_at = ${now} WHERE id = ${w.id} AND status = 'submitted' RETURNING id`);
        if (row) await notify(tx, w.user_id, 'balance_withdrawal', { withdrawal_id: w.id, token: w.token, amount: w.amount, status: 'confirmed', tx_hash: w.tx_hash! }, now);
      });
      confirmed++;
    } else if (tip.slot > Number(w.ttl_slot)) {
      await returnWithdrawal(db.orm, w, 'expired', 'The payout did not reach the chain in time.', now);
      returned++;
    } else if (!(await money.emulator?.inMempool(w.tx_hash!))) {
      await submitPayout(db, money, w, now, log);
    }
  }
  return { submitted, confirmed, returned };
}

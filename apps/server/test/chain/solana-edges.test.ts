/**
 * The edges of the Solana watcher's judgement (docs/game-rules.md §9.3), on the local cluster and
 * both databases: each case lands a real transaction (built with `@solana/web3.js`, sent over the
 * cluster's JSON-RPC or straight to the cluster) that carries an order's reference, and checks what
 * the Kingdom did with it — the verdict recorded, the EXO balance, the order's status:
 * - a transfer with the order's reference, memo and exact lamports in a transaction that FAILS on
 *   chain (sent with `skipPreflight`: it lands with its error and pays its fee) credits nothing;
 * - one transaction paying two orders (two transfers, two references) pays neither
 *   (`several_orders`); one order paid by two transfers that both carry its reference is paid once
 *   (the lamports of every transfer carrying the reference count);
 * - a memo naming another order, or the order's memo with a character more, is `wrong_memo`;
 * - a payment whose block time is exactly the order's expiry instant is paid, one a millisecond
 *   after the expiry is not (`after_expiry`: expiry is judged "block time > expires_at");
 * - a payment seen at `confirmed` and rolled back before `finalized` credits nothing, and the order
 *   can still be paid.
 *
 * Proven (one-line mutations, each made alone, failing this file on PGlite and Postgres):
 *   solana-watcher.ts paymentFacts `failed: answer.meta?.err != null` → `failed: false`      the failed transaction
 *   solana-pay.ts judge `if (p.failed) return …'failed'` removed                            the failed transaction
 *   solana-pay.ts referencedKeys: only the first transfer's keys (`p.transfers[0]?.keys ?? []`) two orders / split payment
 *   solana-watcher.ts paymentFacts `keys: accounts.slice(2)` → `keys: transfers.length ? [] : accounts.slice(2)` two orders / split payment
 *   solana-pay.ts judge `p.memos.includes(memo)` → `p.memos.some((m) => m.startsWith(memo))`  wrong memo
 *   solana-pay.ts judge expiry `>` → `>=`                                                   the exact instant
 *   solana-watcher.ts `commitment: 'finalized'` → `'confirmed'` (signatures and transactions) rolled back at confirmed
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import nacl from 'tweetnacl';
import { base58 } from '@scure/base';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, type ExoOrder } from '@kingdom/api';
import { SOLANA_PAY_MEMO_PROGRAM, solanaPayMemo } from '@kingdom/game';
import { exec } from '../../src/db/client.ts';
import { runSolanaWatcher } from '../../src/jobs/solana-watcher.ts';
import { createTestKingdom, signInSolana, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import type { SolanaTestWallet } from '../support/wallets.ts';

const P = (e: { path: string }) => e.path;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SOL = 1_000_000_000;

let k: TestKingdom;
let conn: Connection;

beforeAll(async () => {
  k = await createTestKingdom({ env: { SOLANA_FINALITY_SLOTS: '3' } });
  const address = await k.app.listen({ host: '127.0.0.1', port: 0 });
  conn = new Connection(`${address}/api/solana/rpc`, 'confirmed');
  await k.providers.solanaChain.local!.airdrop(k.providers.solanaChain.saleAddress, 1_000_000n);
  await slots(1);
});
afterAll(async () => { await k?.close(); });

interface Player { kp: Keypair; token: string; userId: number }

function walletOf(kp: Keypair): SolanaTestWallet {
  const signBytes = (bytes: Uint8Array) => base58.encode(nacl.sign.detached(bytes, kp.secretKey));
  return { address: kp.publicKey.toBase58(), signMessage: (m) => signBytes(new TextEncoder().encode(m)), signBytes };
}

/** A new account signed in with a new Solana wallet (linked) holding 10 SOL. */
async function player(): Promise<Player> {
  const kp = Keypair.generate();
  const { token, user } = await signInSolana(k, walletOf(kp));
  await k.providers.solanaChain.local!.airdrop(kp.publicKey.toBase58(), BigInt(10 * SOL));
  return { kp, token, userId: user.user_id };
}

const local = () => k.providers.solanaChain.local!;
async function slots(n: number) { await local().produceSlots(n); }
/** Slots until everything sent is finalized, then the watcher job. */
async function finalize() {
  await slots(k.providers.solanaChain.finalitySlots + 1);
  return k.app.deps.solanaWatcher.run();
}

async function solOrder(p: Player): Promise<ExoOrder> {
  const res = await k.post(P(ENDPOINTS.exoOrderCreate), { pack: 'exo_1k', pay_chain: 'solana' }, { ...bearer(p.token), 'idempotency-key': randomUUID() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ order: ExoOrder }>().order;
}
const orderOf = async (p: Player, id: number) => (await k.get(P(ENDPOINTS.exoOrders), p.token)).json<{ orders: ExoOrder[] }>().orders.find((o) => o.id === id)!;
const exoBalance = async (p: Player) => BigInt((await k.get('/user/balance/exo', p.token)).json<{ balance: string }>().balance);
const verdictOf = async (signature: string) => (await exec<{ verdict: string; order_id: number | null }>(k.db.orm, sql`
  SELECT verdict, order_id::int AS order_id FROM solana_payments WHERE signature = ${signature}`))[0];
const creditsOf = async (userId: number) => (await exec<{ n: number }>(k.db.orm, sql`
  SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = ${userId} AND reason = 'exo_order'`))[0]!.n;

/** A System transfer of `lamports` to `to`, carrying `refs` as read-only keys (Solana Pay references). */
function transfer(from: Keypair, to: string, lamports: number | bigint, refs: readonly string[] = []): TransactionInstruction {
  const ix = SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: new PublicKey(to), lamports: BigInt(lamports) });
  for (const r of refs) ix.keys.push({ pubkey: new PublicKey(r), isSigner: false, isWritable: false });
  return ix;
}
const memo = (text: string) => new TransactionInstruction({ programId: new PublicKey(SOLANA_PAY_MEMO_PROGRAM), keys: [], data: Buffer.from(text, 'utf8') });
/** The exact Solana Pay payment of `o`: memo, then the transfer carrying its reference. */
const exact = (from: Keypair, o: ExoOrder) => [memo(o.solana_pay!.memo), transfer(from, o.solana_pay!.recipient, BigInt(o.solana_pay!.lamports), [o.solana_pay!.reference])];

/** Signs `ixs` (fee payer `from`) on the current blockhash and sends them over HTTP. */
async function send(from: Keypair, ixs: TransactionInstruction[], opts: { skipPreflight?: boolean } = {}): Promise<string> {
  const { blockhash } = await conn.getLatestBlockhash('confirmed');
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(...ixs);
  tx.sign(from);
  return conn.sendRawTransaction(tx.serialize(), { skipPreflight: opts.skipPreflight ?? false });
}

describe(`the Solana watcher at its edges (${TEST_DB})`, () => {
  it('a transaction carrying the exact payment that fails on chain credits nothing; the order stays payable', async () => {
    const p = await player();
    const o = await solOrder(p);
    const before = await exoBalance(p);
    const saleBefore = await conn.getBalance(new PublicKey(o.solana_pay!.recipient), 'processed');
    // the order's memo and exact transfer, then a transfer of more than the payer holds: the whole
    // transaction fails (nothing moves but the fee); with skipPreflight it still lands with its error
    const failing = await send(p.kp, [...exact(p.kp, o), transfer(p.kp, Keypair.generate().publicKey.toBase58(), 1_000n * BigInt(SOL))], { skipPreflight: true });
    await slots(1);
    const [status] = (await conn.getSignatureStatuses([failing])).value;
    expect(status?.err, 'the transaction landed, failed').toEqual({ InstructionError: [2, { Custom: 1 }] });
    expect(await conn.getBalance(new PublicKey(o.solana_pay!.recipient), 'processed')).toBe(saleBefore);
    await finalize();
    expect(await verdictOf(failing)).toEqual({ verdict: 'failed', order_id: null });
    expect(await exoBalance(p)).toBe(before);
    expect(await creditsOf(p.userId)).toBe(0);
    expect(await orderOf(p, o.id)).toMatchObject({ status: 'awaiting_payment', tx_hash: null });
    // the same payment, succeeding, pays the order once
    const paid = await send(p.kp, exact(p.kp, o));
    await finalize();
    expect(await verdictOf(paid)).toEqual({ verdict: 'paid', order_id: o.id });
    expect(await exoBalance(p)).toBe(before + BigInt(o.exo));
    expect(await orderOf(p, o.id)).toMatchObject({ status: 'paid', tx_hash: paid });
  });

  it('one transaction paying two orders (two transfers, two references) pays neither: several_orders', async () => {
    const p = await player();
    const a = await solOrder(p);
    const b = await solOrder(p);
    expect(a.solana_pay!.reference).not.toBe(b.solana_pay!.reference);
    const before = await exoBalance(p);
    const both = await send(p.kp, [...exact(p.kp, a), ...exact(p.kp, b)]);
    await finalize();
    expect(await verdictOf(both)).toEqual({ verdict: 'several_orders', order_id: null });
    expect(await exoBalance(p)).toBe(before);
    expect(await creditsOf(p.userId)).toBe(0);
    expect([(await orderOf(p, a.id)).status, (await orderOf(p, b.id)).status]).toEqual(['awaiting_payment', 'awaiting_payment']);
    // two orders of two accounts in one transaction, each from its own linked wallet: the same
    const q = await player();
    const c = await solOrder(q);
    const d = await solOrder(p);
    const { blockhash } = await conn.getLatestBlockhash('confirmed');
    const tx = new Transaction({ feePayer: q.kp.publicKey, recentBlockhash: blockhash }).add(...exact(q.kp, c), ...exact(p.kp, d));
    tx.sign(q.kp, p.kp);
    const shared = await conn.sendRawTransaction(tx.serialize());
    await finalize();
    expect(await verdictOf(shared)).toEqual({ verdict: 'several_orders', order_id: null });
    expect([await creditsOf(p.userId), await creditsOf(q.userId)]).toEqual([0, 0]);
  });

  it('one order paid by two transfers in one transaction, both carrying its reference: paid once (their lamports add up)', async () => {
    const p = await player();
    const o = await solOrder(p);
    const before = await exoBalance(p);
    const sp = o.solana_pay!;
    const lamports = BigInt(sp.lamports);
    const first = lamports / 3n;
    const split = await send(p.kp, [memo(sp.memo), transfer(p.kp, sp.recipient, first, [sp.reference]), transfer(p.kp, sp.recipient, lamports - first, [sp.reference])]);
    await finalize();
    expect(await verdictOf(split)).toEqual({ verdict: 'paid', order_id: o.id });
    expect(await exoBalance(p)).toBe(before + BigInt(o.exo));
    expect(await creditsOf(p.userId)).toBe(1);
  });

  it('a wrong memo (another order’s memo; the order’s memo with a character more) is unmatched: wrong_memo', async () => {
    const p = await player();
    const o = await solOrder(p);
    const other = await solOrder(p);
    const before = await exoBalance(p);
    const sp = o.solana_pay!;
    const withOthers = await send(p.kp, [memo(other.solana_pay!.memo), transfer(p.kp, sp.recipient, BigInt(sp.lamports), [sp.reference])]);
    await slots(1);
    const longer = await send(p.kp, [memo(`${sp.memo}0`), transfer(p.kp, sp.recipient, BigInt(sp.lamports), [sp.reference])]);
    await finalize();
    expect(await verdictOf(withOthers)).toEqual({ verdict: 'wrong_memo', order_id: o.id });
    expect(await verdictOf(longer)).toEqual({ verdict: 'wrong_memo', order_id: o.id });
    expect(`${sp.memo}0`).toBe(solanaPayMemo(o.id * 10)); // (a memo of yet another order id)
    expect(await exoBalance(p)).toBe(before);
    expect((await orderOf(p, o.id)).status).toBe('awaiting_payment');
    expect((await orderOf(p, other.id)).status).toBe('awaiting_payment');
  });

  it('a payment at exactly the order’s expiry instant is paid; one millisecond after the expiry is after_expiry', async () => {
    const p = await player();
    const atExpiry = await solOrder(p);
    const late = await solOrder(p);
    const before = await exoBalance(p);
    // block times are whole seconds: both payments land in a block at B; one order expires at B, the other at B − 1 ms
    const B = Math.ceil((k.now().getTime() + 60_000) / 1000) * 1000;
    await exec(k.db.orm, sql`UPDATE exo_orders SET expires_at = ${new Date(B)} WHERE id = ${atExpiry.id}`);
    await exec(k.db.orm, sql`UPDATE exo_orders SET expires_at = ${new Date(B - 1)} WHERE id = ${late.id}`);
    const wire = async (o: ExoOrder) => {
      const { blockhash } = await conn.getLatestBlockhash('confirmed');
      const tx = new Transaction({ feePayer: p.kp.publicKey, recentBlockhash: blockhash }).add(...exact(p.kp, o));
      tx.sign(p.kp);
      return tx.serialize();
    };
    const onTime = await local().send(await wire(atExpiry), { blockTimeMs: B });
    const tooLate = await local().send(await wire(late), { blockTimeMs: B });
    await slots(k.providers.solanaChain.finalitySlots + 1);
    // the watcher moves block times by the game clock's offset (game clock − Date.now()): pin it to 0
    const now = k.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now.getTime());
    try {
      await runSolanaWatcher(k.db, k.providers.solanaChain, now);
    } finally {
      clock.mockRestore();
    }
    const [times] = await exec<{ on_time: Date | string; too_late: Date | string }>(k.db.orm, sql`SELECT
      (SELECT block_time FROM solana_payments WHERE signature = ${onTime}) AS on_time, (SELECT block_time FROM solana_payments WHERE signature = ${tooLate}) AS too_late`);
    expect([new Date(times!.on_time).getTime(), new Date(times!.too_late).getTime()], 'both judged at block time B').toEqual([B, B]);
    expect(await verdictOf(onTime)).toEqual({ verdict: 'paid', order_id: atExpiry.id });
    expect(await verdictOf(tooLate)).toEqual({ verdict: 'after_expiry', order_id: late.id });
    expect(await exoBalance(p)).toBe(before + BigInt(atExpiry.exo));
    expect((await orderOf(p, late.id)).status).not.toBe('paid');
  });

  it('a payment seen at confirmed and rolled back before finalized credits nothing, however often the watcher runs; the order is paid later', async () => {
    const p = await player();
    const o = await solOrder(p);
    const before = await exoBalance(p);
    await finalize(); // the payer's airdrop is final: only the payment's slots roll back
    const sig = await send(p.kp, exact(p.kp, o));
    await k.app.deps.solanaWatcher.run();
    await slots(1);
    // seen by a client at confirmed (one slot on top), not finalized
    const [status] = (await conn.getSignatureStatuses([sig])).value;
    expect(status).toMatchObject({ confirmationStatus: 'confirmed', err: null });
    await k.app.deps.solanaWatcher.run();
    await slots(1);
    await k.app.deps.solanaWatcher.run();
    expect(await exoBalance(p), 'nothing before finalized').toBe(before);
    await local().rollback(2); // the payment's slot leaves the chain before it is finalized
    expect((await conn.getSignatureStatuses([sig])).value[0]).toBeNull();
    await finalize();
    await finalize();
    expect(await exoBalance(p)).toBe(before);
    expect(await creditsOf(p.userId)).toBe(0);
    expect(await verdictOf(sig)).toBeUndefined();
    expect(await orderOf(p, o.id)).toMatchObject({ status: 'awaiting_payment', tx_hash: null });
    const again = await send(p.kp, exact(p.kp, o));
    await finalize();
    expect(await verdictOf(again)).toEqual({ verdict: 'paid', order_id: o.id });
    expect(await exoBalance(p)).toBe(before + BigInt(o.exo));
  });
});

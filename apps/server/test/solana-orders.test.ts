/**
 * EXO orders paid in SOL (docs/game-rules.md §9) on the local Solana cluster: the order's lamports
 * and Solana Pay transfer request, and the Solana watcher crediting exactly once, only at
 * `finalized`, only to a linked payer — every other payment recorded as unmatched. Payments are
 * built and signed with `@solana/web3.js` (not the server's `@solana/kit`) and sent over HTTP to the
 * cluster's JSON-RPC endpoint; one client is `@solana/pay` itself, paying from the order's URL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import nacl from 'tweetnacl';
import { base58 } from '@scure/base';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, type ExoOrder } from '@kingdom/api';
import { lamportsFromPrices, lamportsFromRound, lovelacePerExo, SOLANA_PAY_MEMO_PROGRAM, vendorEntry } from '@kingdom/game';
import { exec } from '../src/db/client.ts';
import { printTreasuryReport } from '../src/cli/treasury.ts';
import { createTestKingdom, signInCardano, signInSolana, type TestKingdom } from './support/kingdom.ts';
import { createCardanoTestWallet, type SolanaTestWallet } from './support/wallets.ts';

const P = (e: { path: string }) => e.path;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SOL = 1_000_000_000;

let k: TestKingdom;
let conn: Connection;

beforeAll(async () => {
  k = await createTestKingdom({ env: { SOLANA_FINALITY_SLOTS: '3' } });
  const address = await k.app.listen({ host: '127.0.0.1', port: 0 });
  conn = new Connection(`${address}/api/solana/rpc`, 'confirmed');
  // the sale address exists (a Solana Pay client checks the recipient account)
  await k.providers.solanaChain.local!.airdrop(k.providers.solanaChain.saleAddress, 1_000_000n);
  await slots(1);
});
afterAll(async () => { await k.close(); });

interface Player { kp: Keypair; token: string; userId: number }

/** A keypair as the sign-in helper's wallet (ed25519 over the UTF-8 message). */
function walletOf(kp: Keypair): SolanaTestWallet {
  const signBytes = (bytes: Uint8Array) => base58.encode(nacl.sign.detached(bytes, kp.secretKey));
  return { address: kp.publicKey.toBase58(), signMessage: (m) => signBytes(new TextEncoder().encode(m)), signBytes };
}

/** A new account signed in with a new Solana wallet holding 10 SOL. */
async function player(): Promise<Player> {
  const kp = Keypair.generate();
  const { token, user } = await signInSolana(k, walletOf(kp));
  await k.providers.solanaChain.local!.airdrop(kp.publicKey.toBase58(), BigInt(10 * SOL));
  return { kp, token, userId: user.user_id };
}

async function slots(n: number) { await k.providers.solanaChain.local!.produceSlots(n); }
/** Slots until everything sent is finalized, then the watcher. */
async function finalize() {
  await slots(k.providers.solanaChain.finalitySlots + 1);
  return k.app.deps.solanaWatcher.run();
}

const order = (p: { token: string }, body: Record<string, unknown>, key = randomUUID()) =>
  k.post(P(ENDPOINTS.exoOrderCreate), body, { ...bearer(p.token), 'idempotency-key': key });
async function solOrder(p: Player, body: Record<string, unknown> = { pack: 'exo_1k' }): Promise<ExoOrder> {
  const res = await order(p, { ...body, pay_chain: 'solana' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ order: ExoOrder }>().order;
}
const orders = async (p: Player) => (await k.get(P(ENDPOINTS.exoOrders), p.token)).json<{ orders: ExoOrder[] }>().orders;
const exoBalance = async (p: Player) => BigInt((await k.get('/user/balance/exo', p.token)).json<{ balance: string }>().balance);
const paymentsOf = (signature: string) => exec<{ verdict: string; order_id: number | null; user_id: number | null; lamports: string }>(k.db.orm, sql`
  SELECT verdict, order_id::int AS order_id, user_id, lamports::text AS lamports FROM solana_payments WHERE signature = ${signature}`);

/** A transfer built with web3.js: optional memo, then a System transfer carrying `reference` as a read-only key. */
async function pay(from: Keypair, o: ExoOrder, opts: { lamports?: number; memo?: string | null; reference?: string; to?: string; feePayer?: Keypair } = {}): Promise<string> {
  const sp = o.solana_pay!;
  const transfer = SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: new PublicKey(opts.to ?? sp.recipient), lamports: opts.lamports ?? Number(sp.lamports) });
  transfer.keys.push({ pubkey: new PublicKey(opts.reference ?? sp.reference), isSigner: false, isWritable: false });
  const memo = opts.memo === undefined ? sp.memo : opts.memo;
  const { blockhash } = await conn.getLatestBlockhash('confirmed');
  const fee = opts.feePayer ?? from;
  const tx = new Transaction({ feePayer: fee.publicKey, recentBlockhash: blockhash });
  if (memo !== null) tx.add(new TransactionInstruction({ programId: new PublicKey(SOLANA_PAY_MEMO_PROGRAM), keys: [], data: Buffer.from(memo, 'utf8') }));
  tx.add(transfer);
  tx.sign(...(fee === from ? [from] : [fee, from]));
  return conn.sendRawTransaction(tx.serialize());
}

describe('a SOL order', () => {
  it('fixes lamports from the prices (rounded up) and answers its Solana Pay transfer request', async () => {
    const p = await player();
    const key = randomUUID();
    const res = await order(p, { pack: 'exo_1k', pay_chain: 'solana' }, key);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json<{ order: ExoOrder }>().order;
    const entry = vendorEntry('exo_1k')!;
    const price = async (t: string) => (await exec<{ v: string }>(k.db.orm, sql`SELECT COALESCE(ada, usd)::text AS v FROM currency_prices WHERE token = ${t}`))[0]!.v;
    const expected = lamportsFromPrices(entry.gives.tokens.exo!, lovelacePerExo(await price('exo'))!, { value: await price('ada'), source: 'demo', seenAt: null },
      { value: await price('sol'), source: 'demo', seenAt: null }, new Date(), 60_000);
    expect(o).toMatchObject({ pay_chain: 'solana', lovelace: null, lamports: expected.toString(), status: 'awaiting_payment', sale_address: k.providers.solanaChain.saleAddress });
    const sp = o.solana_pay!;
    expect(sp).toMatchObject({ recipient: k.providers.solanaChain.saleAddress, lamports: expected.toString(), memo: `kingdom:order:${o.id}`, label: 'Kingdom' });
    expect(new PublicKey(sp.reference).toBytes()).toHaveLength(32);
    // a Solana Pay parser reads back what we meant
    const parsed = parseURL(sp.url) as TransferRequestURL;
    expect(parsed.recipient.toBase58()).toBe(sp.recipient);
    expect(parsed.amount!.times(SOL).toFixed()).toBe(expected.toString());
    expect(parsed.reference!.map((r) => r.toBase58())).toEqual([sp.reference]);
    expect({ label: parsed.label, message: parsed.message, memo: parsed.memo }).toEqual({ label: sp.label, message: sp.message, memo: sp.memo });
    // the same key again: the same order; another body under it: refused
    expect((await order(p, { pack: 'exo_1k', pay_chain: 'solana' }, key)).json<{ order: ExoOrder }>().order).toEqual(o);
    expect((await order(p, { pack: 'exo_1k' }, key)).json().error).toBe('IDEMPOTENCY_KEY_REUSED');
    // two orders never share a reference
    expect((await solOrder(p)).solana_pay!.reference).not.toBe(sp.reference);
  });

  it("a round's operator SOL price wins; without it the round's ADA price is converted", async () => {
    const p = await player();
    const rounds = (await k.get(P(ENDPOINTS.saleRounds))).json<{ rounds: Array<{ id: number; status: string; price_lovelace: string; price_lamports: string | null }>; solana_sale_address: string }>();
    expect(rounds.solana_sale_address).toBe(k.providers.solanaChain.saleAddress);
    const open = rounds.rounds.find((r) => r.status === 'open')!;
    expect(open.price_lamports).toBeNull();
    const converted = await solOrder(p, { round_id: open.id, amount: '10' });
    expect(converted.lamports).toBe(lamportsFromPrices(10_000_000n, BigInt(open.price_lovelace), { value: '0.45', source: 'demo', seenAt: null }, { value: '140', source: 'demo', seenAt: null }, new Date(), 1).toString());
    await exec(k.db.orm, sql`UPDATE sale_rounds SET price_lamports = 150001 WHERE id = ${open.id}`);
    try {
      const after = (await k.get(P(ENDPOINTS.saleRounds))).json<{ rounds: Array<{ id: number; price_lamports: string | null }> }>().rounds.find((r) => r.id === open.id)!;
      expect(after.price_lamports).toBe('150001');
      expect((await solOrder(p, { round_id: open.id, amount: '10' })).lamports).toBe(lamportsFromRound(10_000_000n, 150_001n).toString());
    } finally {
      await exec(k.db.orm, sql`UPDATE sale_rounds SET price_lamports = NULL WHERE id = ${open.id}`);
    }
  });

  it('refuses: no linked Solana wallet, a stale provider price, no SOL price; an ADA build for it', async () => {
    const cardano = await signInCardano(k, createCardanoTestWallet());
    const refused = await order({ token: cardano.token }, { pack: 'exo_1k', pay_chain: 'solana' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('SOLANA_WALLET_REQUIRED');
    const p = await player();
    await exec(k.db.orm, sql`UPDATE currency_prices SET source = 'coingecko', seen_at = now() - interval '1 day' WHERE token = 'sol'`);
    try {
      expect((await order(p, { pack: 'exo_1k', pay_chain: 'solana' })).json().error).toBe('PRICE_STALE');
      await exec(k.db.orm, sql`UPDATE currency_prices SET usd = NULL WHERE token = 'sol'`);
      expect((await order(p, { pack: 'exo_1k', pay_chain: 'solana' })).json().error).toBe('SYSTEM_FEATURE_NOT_AVAILABLE');
    } finally {
      await exec(k.db.orm, sql`UPDATE currency_prices SET usd = 140, source = 'demo', seen_at = now() WHERE token = 'sol'`);
    }
    const o = await solOrder(p);
    const built = await k.post(P(ENDPOINTS.chainBuildTx), { kind: 'order', order_id: o.id, address: createCardanoTestWallet().address }, bearer(p.token));
    expect(built.json().error).toBe('ERROR_WALLET_WRONG_NETWORK');
  });
});

describe('the Solana watcher', () => {
  it('exact: seen at confirmed, credited once at finalized; never again', async () => {
    const p = await player();
    const o = await solOrder(p);
    const before = await exoBalance(p);
    const sig = await pay(p.kp, o);
    await slots(1); // confirmed, not finalized
    expect(await k.app.deps.solanaWatcher.run()).toMatchObject({ judged: 0, paid: 0 });
    expect((await orders(p)).find((x) => x.id === o.id)).toMatchObject({ status: 'awaiting_payment', tx_hash: null });
    const run = await finalize();
    expect(run).toMatchObject({ paid: 1 });
    expect((await orders(p)).find((x) => x.id === o.id)).toMatchObject({ status: 'paid', tx_hash: sig });
    expect(await exoBalance(p)).toBe(before + BigInt(o.exo));
    expect(await paymentsOf(sig)).toEqual([{ verdict: 'paid', order_id: o.id, user_id: p.userId, lamports: o.lamports }]);
    // again, and more slots: nothing more
    await finalize();
    await k.app.deps.solanaWatcher.run();
    expect(await exoBalance(p)).toBe(before + BigInt(o.exo));
    const [credits] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM ledger_entries WHERE reason = 'exo_order' AND reference = ${sig}`);
    expect(credits!.n).toBe(1);
    const [notes] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${p.userId} AND type = 'balance_topup' AND data->>'tx_hash' = ${sig}`);
    expect(notes!.n).toBe(1);
  });

  it('one lamport short → under, one over → over: unmatched, not credited; the exact one then pays', async () => {
    const p = await player();
    const o = await solOrder(p);
    const before = await exoBalance(p);
    const short = await pay(p.kp, o, { lamports: Number(o.lamports) - 1 });
    await slots(1);
    const over = await pay(p.kp, o, { lamports: Number(o.lamports) + 1 });
    await finalize();
    expect((await paymentsOf(short))[0]).toMatchObject({ verdict: 'under', order_id: o.id, lamports: String(BigInt(o.lamports!) - 1n) });
    expect((await paymentsOf(over))[0]).toMatchObject({ verdict: 'over', order_id: o.id });
    expect(await exoBalance(p)).toBe(before);
    expect((await orders(p)).find((x) => x.id === o.id)!.status).toBe('awaiting_payment');
    const exact = await pay(p.kp, o);
    await finalize();
    expect((await paymentsOf(exact))[0]!.verdict).toBe('paid');
    expect(await exoBalance(p)).toBe(before + BigInt(o.exo));
  });

  it('twice: the second exact payment is unmatched, the EXO credited once', async () => {
    const p = await player();
    const o = await solOrder(p);
    const before = await exoBalance(p);
    const first = await pay(p.kp, o);
    await slots(1); // a new blockhash: the second transfer is another transaction
    const second = await pay(p.kp, o);
    await finalize();
    expect((await paymentsOf(first))[0]!.verdict).toBe('paid');
    expect((await paymentsOf(second))[0]!.verdict).toBe('twice');
    const third = await pay(p.kp, o);
    await finalize();
    expect((await paymentsOf(third))[0]!.verdict).toBe('twice');
    expect(await exoBalance(p)).toBe(before + BigInt(o.exo));
  });

  it('after expiry: unmatched, the order stays expired', async () => {
    const p = await player();
    const o = await solOrder(p);
    k.advance(31 * 60_000);
    const before = await exoBalance(p);
    const sig = await pay(p.kp, o);
    await finalize();
    expect((await paymentsOf(sig))[0]!.verdict).toBe('after_expiry');
    expect((await orders(p)).find((x) => x.id === o.id)!.status).toBe('expired');
    expect(await exoBalance(p)).toBe(before);
  });

  it("an unlinked payer, and another account's reference paid from one's own wallet: unmatched", async () => {
    const a = await player();
    const b = await player();
    const o = await solOrder(a);
    const [aBefore, bBefore] = [await exoBalance(a), await exoBalance(b)];
    const stranger = Keypair.generate();
    await k.providers.solanaChain.local!.airdrop(stranger.publicKey.toBase58(), BigInt(SOL));
    const bySranger = await pay(stranger, o);
    await slots(1);
    const byB = await pay(b.kp, o);
    await finalize();
    expect((await paymentsOf(bySranger))[0]).toMatchObject({ verdict: 'unlinked_payer', order_id: o.id });
    expect((await paymentsOf(byB))[0]).toMatchObject({ verdict: 'unlinked_payer', order_id: o.id });
    expect([await exoBalance(a), await exoBalance(b)]).toEqual([aBefore, bBefore]);
    // a sponsor paying the fee does not matter: the lamports' source is the linked wallet
    const sponsored = await pay(a.kp, o, { feePayer: stranger });
    await finalize();
    expect((await paymentsOf(sponsored))[0]!.verdict).toBe('paid');
    expect(await exoBalance(a)).toBe(aBefore + BigInt(o.exo));
  });

  it('wrong memo, no reference: unmatched', async () => {
    const p = await player();
    const o = await solOrder(p);
    const noMemo = await pay(p.kp, o, { memo: null });
    await slots(1);
    const noRef = await pay(p.kp, o, { reference: Keypair.generate().publicKey.toBase58() });
    await finalize();
    expect((await paymentsOf(noMemo))[0]!.verdict).toBe('wrong_memo');
    expect((await paymentsOf(noRef))[0]).toMatchObject({ verdict: 'no_order', order_id: null });
  });

  it('a transaction rolled back before finalized credits nothing', async () => {
    const p = await player();
    const o = await solOrder(p);
    const before = await exoBalance(p);
    const sig = await pay(p.kp, o);
    await slots(1);
    expect((await k.app.deps.solanaWatcher.run())!.judged).toBe(0);
    await k.providers.solanaChain.local!.rollback(2); // the payment's slot leaves the chain
    await finalize();
    expect(await paymentsOf(sig)).toEqual([]);
    expect(await exoBalance(p)).toBe(before);
    expect((await orders(p)).find((x) => x.id === o.id)!.status).toBe('awaiting_payment');
  });

  it('a client that is not ours (@solana/pay parseURL + createTransfer over HTTP) gets its order credited once', async () => {
    const p = await player();
    const o = await solOrder(p);
    const before = await exoBalance(p);
    const { recipient, amount, reference, memo } = parseURL(o.solana_pay!.url) as TransferRequestURL;
    const tx = await createTransfer(conn, p.kp.publicKey, { recipient, amount: amount!, reference, memo }, { commitment: 'confirmed' });
    tx.sign(p.kp);
    const sig = await conn.sendRawTransaction(tx.serialize());
    await finalize();
    await finalize();
    expect((await paymentsOf(sig))[0]!.verdict).toBe('paid');
    expect(await exoBalance(p)).toBe(before + BigInt(o.exo));
    expect((await orders(p)).find((x) => x.id === o.id)).toMatchObject({ status: 'paid', tx_hash: sig });
  });

  it('the treasury report lists the unmatched SOL payments', async () => {
    const lines: string[] = [];
    await printTreasuryReport(k.db.orm, k.providers.money, (l) => lines.push(l), k.providers.solanaChain);
    const text = lines.join('\n');
    expect(text).toMatch(/Unmatched SOL payments/);
    expect(text).toMatch(/under/);
    expect(text).toMatch(/unlinked_payer/);
  });
});

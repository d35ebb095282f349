/**
 * EXO orders paid in SOL (docs/game-rules.md §9) on the local Solana cluster: the order's lamports
 * and Solana Pay transfer request, and the Solana watcher crediting exactly once, only at
 * `finalized`, only to a linked payer — every other payment recorded as unmatched. Payments are
 * built and signed with `@solana/web3.js` (not the server's `@solana/kit`) and sent over HTTP to the
 * cluster's JSON-RPC endpoint; one client is `@solana/pay` itself, paying from the order's URL.
 */
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import nacl from 'tweetnacl';
import { base58 } from '@scure/base';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, PATHS, XSRF_COOKIE, XSRF_HEADER, type ExoOrder } from '@kingdom/api';
import { lamportsFromPrices, lamportsFromRound, lovelacePerExo, SOLANA_PAY_MEMO_PROGRAM, vendorEntry } from '@kingdom/game';
import { exec, openDatabase } from '../../src/db/client.ts';
import { createChainProviders } from '../../src/chain/index.ts';
import { runSolanaWatcher } from '../../src/jobs/solana-watcher.ts';
import { printTreasuryReport } from '../../src/cli/treasury.ts';
import { insertOrder } from '../../src/modules/chain/repository.ts';
import { newSolanaReference } from '../../src/modules/chain/solana-orders.ts';
import { saleRoundCommand } from '../../src/cli/sale-round.ts';
import { createTestKingdom, signInCardano, signInSolana, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { startKingdomServer } from '../../../../tools/kingdom-server.ts';
import { createCardanoTestWallet, type SolanaTestWallet } from '../support/wallets.ts';

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


/** Runs the watcher in a process of its own (`support/solana-watch-child.ts`) and kills it (SIGKILL) once it has committed 3 chunks, before it is done. */
async function killWatcherAfterThreeChunks(env: Record<string, string | undefined>): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('apps', 'server', 'test', 'support', 'solana-watch-child.ts')], {
    cwd: path.resolve(import.meta.dirname, '../../../..'), env, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => { out += b.toString(); });
  child.stderr.on('data', (b: Buffer) => { out += b.toString(); });
  const deadline = Date.now() + 120_000;
  while (!/chunk 3\n/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the watcher process did not get going:\n${out}`);
    await sleep(20);
  }
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  expect(out).not.toMatch(/done/);
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

  it("kingdom sale-round add --price-sol stores the round's SOL price as lamports per EXO (idempotent, checked)", async () => {
    const lines: string[] = [];
    const run = (args: string[]) => saleRoundCommand(k.db, args, k.now(), (l) => lines.push(l));
    const start = new Date(k.now().getTime() - 60_000).toISOString();
    const end = new Date(k.now().getTime() + 86_400_000).toISOString();
    const args = ['add', '--name', 'SOL round', '--price-ada', '0.02', '--price-sol', '0.00015', '--cap', '1000', '--starts', start, '--ends', end];
    await run(args);
    expect(lines.at(-1)).toMatch(/0\.00015 SOL per EXO/);
    await run(args);
    expect(lines.at(-1)).toMatch(/nothing changed/);
    await expect(run(args.map((x) => (x === '0.00015' ? '0.0002' : x)))).rejects.toThrow(/already exists with other values/);
    await expect(run(args.map((x) => (x === '0.00015' ? '0.0000000001' : x)))).rejects.toThrow(/--price-sol must be a positive number/);
    const round = (await k.get(P(ENDPOINTS.saleRounds))).json<{ rounds: Array<{ id: number; name: string; price_lamports: string | null }> }>().rounds.find((r) => r.name === 'SOL round')!;
    expect(round.price_lamports).toBe('150000');
    const p = await player();
    expect((await solOrder(p, { round_id: round.id, amount: '3' })).lamports).toBe('450000');
    await run(['list']);
    expect(lines.some((l) => /SOL round .*0\.00015 SOL\/EXO/.test(l))).toBe(true);
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

  it('the demo slots control (POST /demo/solana/slots) runs the watcher after the slots', async () => {
    const p = await player();
    const o = await solOrder(p);
    const sig = await pay(p.kp, o);
    const res = await k.post(P(ENDPOINTS.demoSolanaSlots), { count: k.providers.solanaChain.finalitySlots + 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orders(p)).find((x) => x.id === o.id)).toMatchObject({ status: 'paid', tx_hash: sig });
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

/** The environment of a child process on this test's database (Postgres), without the test runner's. */
function childEnv(extra: Record<string, string>): Record<string, string> {
  const base: Record<string, string> = {};
  for (const [key, v] of Object.entries(process.env)) if (v !== undefined) base[key] = v;
  for (const key of ['DATABASE_URL', 'TEST_DATABASE_URL', 'DATA_DIR', 'NODE_OPTIONS', 'VITEST', 'VITEST_MODE', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'KINGDOM_TEST_DB', 'NODE_ENV']) delete base[key];
  return { ...base, DATABASE_URL: k.config.databaseUrl!, SOLANA_FINALITY_SLOTS: '3', LOG_LEVEL: 'silent', ...extra };
}

// PGlite allows one process per data folder: several processes on one database is the Postgres case.
describe.skipIf(TEST_DB !== 'postgres')('several processes on one database (Postgres)', () => {
  it('kill -9 of a process in the middle of a watcher run: every order credited exactly once', async () => {
    const N = 120;
    const p = await player();
    await k.providers.solanaChain.local!.airdrop(p.kp.publicKey.toBase58(), BigInt(30 * SOL));
    // the orders written directly (the orders endpoint is rate-limited), as the endpoint writes them
    const template = await solOrder(p);
    for (let i = 1; i < N; i++) {
      await insertOrder(k.db.orm, { userId: p.userId, key: randomUUID(), hash: 'x', source: 'pack', roundId: null, pack: 'exo_1k', exo: BigInt(template.exo),
        lamports: BigInt(template.lamports!), reference: newSolanaReference(), recipient: template.sale_address, now: k.now(), expiresAt: new Date(template.expires_at) });
    }
    const list = (await exec<{ id: number }>(k.db.orm, sql`SELECT id::int AS id FROM exo_orders WHERE user_id = ${p.userId} ORDER BY id`))
      .map((r) => ({ ...template, id: r.id }));
    const refs = new Map((await exec<{ id: number; solana_reference: string }>(k.db.orm, sql`SELECT id::int AS id, solana_reference FROM exo_orders WHERE user_id = ${p.userId}`)).map((r) => [r.id, r.solana_reference]));
    for (const o of list) o.solana_pay = { ...template.solana_pay!, reference: refs.get(o.id)!, memo: `kingdom:order:${o.id}` };
    const before = await exoBalance(p);
    const { blockhash } = await conn.getLatestBlockhash('confirmed');
    const sigs: string[] = [];
    for (const o of list) {
      const sp = o.solana_pay!;
      const transfer = SystemProgram.transfer({ fromPubkey: p.kp.publicKey, toPubkey: new PublicKey(sp.recipient), lamports: Number(sp.lamports) });
      transfer.keys.push({ pubkey: new PublicKey(sp.reference), isSigner: false, isWritable: false });
      const tx = new Transaction({ feePayer: p.kp.publicKey, recentBlockhash: blockhash })
        .add(new TransactionInstruction({ programId: new PublicKey(SOLANA_PAY_MEMO_PROGRAM), keys: [], data: Buffer.from(sp.memo, 'utf8') }), transfer);
      tx.sign(p.kp);
      sigs.push(await k.providers.solanaChain.local!.send(tx.serialize()));
    }
    await slots(k.providers.solanaChain.finalitySlots + 1);
    await killWatcherAfterThreeChunks(childEnv({ WATCH_NOW: k.now().toISOString(), WATCH_CHUNK: '10' }));
    const [mid] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM solana_payments WHERE signature IN (SELECT jsonb_array_elements_text(${JSON.stringify(sigs)}::jsonb))`);
    expect(mid!.n).toBeGreaterThanOrEqual(20); // 3 chunks of 10 committed (the first may hold older transfers to the sale address)
    expect(mid!.n).toBeLessThan(N);
    // the next run (here) finishes the job
    await k.app.deps.solanaWatcher.run();
    await k.app.deps.solanaWatcher.run();
    const [after] = await exec<{ paid: number; rows: number; credits: number }>(k.db.orm, sql`SELECT
      (SELECT count(*)::int FROM solana_payments WHERE verdict = 'paid' AND signature IN (SELECT jsonb_array_elements_text(${JSON.stringify(sigs)}::jsonb))) AS paid,
      (SELECT count(*)::int FROM solana_payments WHERE signature IN (SELECT jsonb_array_elements_text(${JSON.stringify(sigs)}::jsonb))) AS rows,
      (SELECT count(*)::int FROM ledger_entries WHERE reason = 'exo_order' AND reference IN (SELECT jsonb_array_elements_text(${JSON.stringify(sigs)}::jsonb))) AS credits`);
    expect(after).toEqual({ paid: N, rows: N, credits: N });
    expect(await exoBalance(p)).toBe(before + BigInt(N) * BigInt(list[0]!.exo));
    expect((await orders(p)).filter((o) => list.some((x) => x.id === o.id) && o.status === 'paid')).toHaveLength(Math.min(N, 50));
  }, 180_000);

  it("two server processes, one chain: paid through the other process's RPC endpoint, credited once", async () => {
    process.env.KINGDOM_SERVER_TSX = '1';
    const other = await startKingdomServer({ databaseUrl: k.config.databaseUrl!, env: childEnv({ SOLANA_SLOT_MS: '0', EMULATOR_BLOCK_MS: '0' }) });
    try {
      // the other process's clock is the wall clock: sign in and order there
      const kp = Keypair.generate();
      const wallet = walletOf(kp);
      const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${other.url}/api${url}`, {
        method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(await xsrfOf(other.url)), ...headers },
      });
      const { message } = await (await post(PATHS.authChallenge, { chain: 'solana', address: wallet.address })).json() as { message: string };
      const login = await post(PATHS.authLogin, { chain: 'solana', address: wallet.address, message, signature: wallet.signMessage(message) });
      expect(login.status).toBe(200);
      const p = { kp, token: ((await login.json()) as { token: string }).token };
      await k.providers.solanaChain.local!.airdrop(kp.publicKey.toBase58(), BigInt(SOL));
      const res = await fetch(`${other.url}/api${P(ENDPOINTS.exoOrderCreate)}`, {
        method: 'POST', body: JSON.stringify({ pack: 'exo_1k', pay_chain: 'solana' }),
        headers: { 'content-type': 'application/json', ...bearer(p.token), 'idempotency-key': randomUUID(), ...(await xsrfOf(other.url)) },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const o = (await res.json() as { order: ExoOrder }).order;
      const balanceThere = async () => BigInt(((await (await fetch(`${other.url}/api/user/balance/exo`, { headers: bearer(p.token) })).json()) as { balance: string }).balance);
      const before = await balanceThere();
      const otherConn = new Connection(`${other.url}/api/solana/rpc`, 'confirmed');
      const sp = o.solana_pay!;
      const transfer = SystemProgram.transfer({ fromPubkey: p.kp.publicKey, toPubkey: new PublicKey(sp.recipient), lamports: Number(sp.lamports) });
      transfer.keys.push({ pubkey: new PublicKey(sp.reference), isSigner: false, isWritable: false });
      const tx = new Transaction({ feePayer: p.kp.publicKey, recentBlockhash: (await otherConn.getLatestBlockhash('confirmed')).blockhash })
        .add(new TransactionInstruction({ programId: new PublicKey(SOLANA_PAY_MEMO_PROGRAM), keys: [], data: Buffer.from(sp.memo, 'utf8') }), transfer);
      tx.sign(p.kp);
      const sig = await otherConn.sendRawTransaction(tx.serialize());
      // slots produced here, on this process's replica of the same chain
      await slots(k.providers.solanaChain.finalitySlots + 1);
      expect((await conn.getSignatureStatus(sig)).value?.confirmationStatus).toBe('finalized');
      // the process holding the watcher's lease credits it (the other one's scheduler, or this one)
      const deadline = Date.now() + 30_000;
      let paid: ExoOrder | undefined;
      while (Date.now() < deadline) {
        await k.app.deps.solanaWatcher.run();
        const theirs = await fetch(`${other.url}/api${P(ENDPOINTS.exoOrders)}`, { headers: bearer(p.token) });
        paid = ((await theirs.json()) as { orders: ExoOrder[] }).orders.find((x) => x.id === o.id && x.status === 'paid');
        if (paid) break;
        await sleep(250);
      }
      expect(paid).toMatchObject({ status: 'paid', tx_hash: sig });
      expect(await balanceThere()).toBe(before + BigInt(o.exo));
      await sleep(2_500); // another watcher run on the other process changes nothing
      expect(await balanceThere()).toBe(before + BigInt(o.exo));
      expect(await paymentsOf(sig)).toHaveLength(1);
    } finally {
      await other.stop();
    }
  }, 300_000);
});

/** An XSRF cookie + header pair from a running server. */
async function xsrfOf(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api${PATHS.csrfCookie}`);
  const value = res.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${XSRF_COOKIE}=`))!.slice(XSRF_COOKIE.length + 1);
  return { cookie: `${XSRF_COOKIE}=${value}`, [XSRF_HEADER]: decodeURIComponent(value) };
}

// The same crash on PGlite: one process at a time on a data folder on disk, so the test's own
// kingdom closes before the watcher process opens it, and opens it again after the kill.
describe.skipIf(TEST_DB !== 'pglite')('a watcher process killed mid-run (PGlite on disk)', () => {
  it('kill -9 in the middle of a run, then a run in another process: every order credited exactly once', async () => {
    const N = 60;
    const dir = mkdtempSync(path.join(tmpdir(), 'kingdom-solana-'));
    const dataDir = path.join(dir, 'data');
    try {
      const kk = await createTestKingdom({ demo: false, env: { DATA_DIR: dataDir, SOLANA_FINALITY_SLOTS: '3' } });
      const payer = Keypair.generate();
      const sale = kk.providers.solanaChain.saleAddress;
      const [user] = await exec<{ id: number }>(kk.db.orm, sql`INSERT INTO users (name) VALUES ('sol crash') RETURNING id`);
      await exec(kk.db.orm, sql`INSERT INTO wallets (user_id, chain, address) VALUES (${user!.id}, 'solana', ${payer.publicKey.toBase58()})`);
      const local = kk.providers.solanaChain.local!;
      await local.airdrop(sale, 1_000_000n);
      await local.airdrop(payer.publicKey.toBase58(), BigInt(10 * SOL));
      await local.produceSlots(1);
      const { value: latest } = await kk.providers.solanaChain.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
      const wires: Uint8Array[] = [];
      for (let i = 0; i < N; i++) {
        const reference = newSolanaReference();
        const id = await insertOrder(kk.db.orm, { userId: user!.id, key: randomUUID(), hash: 'x', source: 'pack', roundId: null, pack: 'exo_1k', exo: 1_000_000_000n,
          lamports: BigInt(1_000_000 + i), reference, recipient: sale, now: kk.now(), expiresAt: new Date(kk.now().getTime() + 1_800_000) });
        const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(sale), lamports: 1_000_000 + i });
        transfer.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
        const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: latest.blockhash })
          .add(new TransactionInstruction({ programId: new PublicKey(SOLANA_PAY_MEMO_PROGRAM), keys: [], data: Buffer.from(`kingdom:order:${id}`, 'utf8') }), transfer);
        tx.sign(payer);
        wires.push(tx.serialize());
      }
      expect((await local.sendMany(wires)).every((s) => typeof s === 'string')).toBe(true);
      await local.produceSlots(4);
      const now = kk.now();
      const config = kk.config;
      await kk.close();

      const base: Record<string, string> = {};
      for (const [key, v] of Object.entries(process.env)) if (v !== undefined) base[key] = v;
      for (const key of ['DATABASE_URL', 'TEST_DATABASE_URL', 'NODE_OPTIONS', 'VITEST', 'VITEST_MODE', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'KINGDOM_TEST_DB', 'NODE_ENV']) delete base[key];
      await killWatcherAfterThreeChunks({ ...base, DATA_DIR: dataDir, DEMO: 'false', SOLANA_FINALITY_SLOTS: '3', LOG_LEVEL: 'silent', WATCH_NOW: now.toISOString(), WATCH_CHUNK: '5' });

      const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: undefined });
      try {
        const count = async () => (await exec<{ rows: number; paid: number; credits: number; exo: string }>(db.orm, sql`SELECT
          (SELECT count(*)::int FROM solana_payments WHERE order_id IS NOT NULL) AS rows,
          (SELECT count(*)::int FROM exo_orders WHERE status = 'paid') AS paid,
          (SELECT count(*)::int FROM ledger_entries WHERE reason = 'exo_order') AS credits,
          (SELECT COALESCE(sum(amount), 0)::text FROM balances WHERE token = 'exo') AS exo`))[0]!;
        const mid = await count();
        expect(mid.rows).toBeGreaterThanOrEqual(10);
        expect(mid.rows).toBeLessThan(N);
        expect(mid.credits).toBe(mid.paid);
        const providers = await createChainProviders(config, db);
        await runSolanaWatcher(db, providers.solanaChain, now);
        await runSolanaWatcher(db, providers.solanaChain, now);
        expect(await count()).toEqual({ rows: N, paid: N, credits: N, exo: (BigInt(N) * 1_000_000_000n).toString() });
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

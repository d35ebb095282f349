/**
 * Payouts are never doubled and never lost (docs/game-rules.md §8.6): the treasury signer against a
 * faulty network — a ledger wrapper that takes a payout and then times out, answers 500 / 429 /
 * garbage without taking it, or is down for 10 minutes (on the injected clock). Only a definite
 * verdict (TTL passed, or inputs spent by another transaction, held `confirmations` blocks deep)
 * returns the amount; the watcher resumes from its cursor after the outage. PGlite and Postgres.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Provider } from '@lucid-evolution/lucid';
import { ENDPOINTS, STAKING_PATHS, type Withdrawal } from '@kingdom/api';
import { exec } from '../../src/db/client.ts';
import type { CardanoLedger } from '@kingdom/chain-providers';
import { payoutRetryDelayMs } from '../../src/jobs/treasury-signer.ts';
import { treasuryReport } from '../../src/modules/chain/reconcile.ts';
import { createTestKingdom, signInCardano, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { payDemoFunding } from '../../src/modules/demo/chain-faucet.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';

/** How the faulty network answers a submit. */
type SubmitFault = 'none' | 'acceptThenTimeout' | 'status500' | 'status429' | 'garbage';

const SUBMIT_ERRORS: Record<Exclude<SubmitFault, 'none' | 'acceptThenTimeout'>, () => Error> = {
  status500: () => new Error('{"status_code":500,"error":"Internal Server Error","message":"An unexpected response was received from the backend."}'),
  status429: () => new Error('{"status_code":429,"error":"Project Over Limit","message":"Usage is over limit."}'),
  garbage: () => new SyntaxError('Unexpected token < in JSON at position 0'),
};

/**
 * A {@link CardanoLedger} in front of the emulator that fails on demand: `submitFault` for payout
 * submits, `downUntil` for every call (connection refused) while the injected clock is before it.
 * Counts submits that reached the chain.
 */
class FaultyLedger implements CardanoLedger {
  readonly network: string;
  readonly networkId: 0 | 1;
  submitFault: SubmitFault = 'none';
  downUntil: Date | null = null;
  accepted = 0;
  refusedCalls = 0;

  constructor(private readonly inner: CardanoLedger, private readonly clock: () => Date) {
    this.network = inner.network;
    this.networkId = inner.networkId;
  }

  private check(): void {
    if (this.downUntil && this.clock() < this.downUntil) {
      this.refusedCalls++;
      throw new Error('connect ECONNREFUSED 127.0.0.1:443');
    }
  }

  async tip() { this.check(); return this.inner.tip(); }
  async transactionsTo(addresses: readonly string[], from: number, to: number) { this.check(); return this.inner.transactionsTo(addresses, from, to); }
  async txBlock(hash: string) { this.check(); return this.inner.txBlock(hash); }
  async balance(address: string) { this.check(); return this.inner.balance(address); }
  lucidProvider(): Provider {
    const provider = this.inner.lucidProvider();
    const wrapped = Object.create(provider) as Provider;
    wrapped.submitTx = async (cbor: string) => {
      this.check();
      if (this.submitFault === 'acceptThenTimeout') {
        await provider.submitTx(cbor);
        this.accepted++;
        throw new Error('The operation was aborted due to timeout');
      }
      if (this.submitFault !== 'none') throw SUBMIT_ERRORS[this.submitFault]();
      const hash = await provider.submitTx(cbor);
      this.accepted++;
      return hash;
    };
    wrapped.getUtxosByOutRef = async (refs) => { this.check(); return provider.getUtxosByOutRef(refs); };
    return wrapped;
  }
}

describe(`treasury signer under a faulty network (${TEST_DB})`, () => {
  let k: TestKingdom;
  let faulty: FaultyLedger;
  beforeAll(async () => {
    k = await createTestKingdom({ env: { DEMO_CHAIN_FAUCET: 'true' } });
    const money = k.app.deps.providers.money;
    faulty = new FaultyLedger(money.ledger, () => k.now());
    money.ledger = faulty;
  });
  afterAll(async () => { await k.close(); });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const money = () => k.app.deps.providers.money;
  const emulator = () => money().emulator!;

  /** A player with `hexo` game HEXO whose Master Wallet is its sign-in wallet. */
  async function player(hexo: string) {
    const wallet = createCardanoTestWallet();
    const { token, user } = await signInCardano(k, wallet);
    expect((await k.post(STAKING_PATHS.walletsSetMaster, { address: wallet.address }, bearer(token))).statusCode).toBe(200);
    expect((await k.post('/demo/faucet', { address: wallet.address, hexo })).statusCode).toBe(200);
    await payDemoFunding(k.db, money()); // the demo-funding job its sign-in asked for
    const onChain = async () => (await emulator().balance(wallet.address)).assets[money().units.hexo] ?? 0n;
    const app = async () => BigInt((await k.get('/user/balance/hexo', token)).json<{ balance: string }>().balance);
    return { wallet, token, userId: user.user_id, onChain, app };
  }

  async function withdraw(token: string, amount: string): Promise<number> {
    const res = await k.post(ENDPOINTS.chainWithdrawalCreate.path, { token: 'hexo', amount }, { ...bearer(token), 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ withdrawal: Withdrawal }>().withdrawal.id;
  }

  const row = async (id: number) => (await exec<{ status: string; submit_attempts: number; next_try_at: Date | string | null; last_error: string | null; tx_hash: string | null }>(k.db.orm, sql`
    SELECT status, submit_attempts, next_try_at, last_error, tx_hash FROM chain_withdrawals WHERE id = ${id}`))[0]!;
  /** Blocks on the emulator, then one jobs run (which may fail while the network is down). */
  async function blocks(n: number): Promise<void> {
    await emulator().produceBlocks(n);
    await k.app.deps.chainJobs.run().catch(() => undefined);
  }
  async function reconciles(): Promise<void> {
    for (const r of await treasuryReport(k.db.orm, money())) expect(r.reconciliation, r.token).toMatchObject({ holds: true });
  }

  it('a payout the network took and then timed out on is paid once and never returned', async () => {
    const p = await player('100');
    const chainBefore = await p.onChain();
    faulty.submitFault = 'acceptThenTimeout';
    const acceptedBefore = faulty.accepted;
    const id = await withdraw(p.token, '40');
    await k.app.deps.chainJobs.run();
    const after = await row(id);
    expect(after).toMatchObject({ status: 'submitted', submit_attempts: 1 });
    expect(after.last_error).toMatch(/timeout/);
    expect(faulty.accepted).toBe(acceptedBefore + 1);
    // later tries keep failing the same way; the payout lands and confirms; the balance is never refunded
    for (let i = 0; i < 4; i++) {
      k.advance(payoutRetryDelayMs(i + 1));
      await blocks(5);
    }
    faulty.submitFault = 'none';
    await blocks(20);
    expect((await row(id)).status).toBe('confirmed');
    expect(await p.onChain()).toBe(chainBefore + 40_000_000n);
    expect(await p.app()).toBe(60_000_000n);
    await reconciles();
  });

  for (const fault of ['status500', 'status429', 'garbage'] as const) {
    it(`a payout answered ${fault} stays submitted with backoff in the database, and is sent again once the network answers`, async () => {
      const p = await player('100');
      const chainBefore = await p.onChain();
      faulty.submitFault = fault;
      const id = await withdraw(p.token, '25');
      await k.app.deps.chainJobs.run();
      const first = await row(id);
      expect(first).toMatchObject({ status: 'submitted', submit_attempts: 1 });
      expect(new Date(first.next_try_at!).getTime()).toBe(k.now().getTime() + payoutRetryDelayMs(1));
      // before the next try time nothing is sent; after it, another try (backoff grows)
      await blocks(1);
      expect((await row(id)).submit_attempts).toBe(1);
      k.advance(payoutRetryDelayMs(1));
      await blocks(1);
      const second = await row(id);
      expect(second.submit_attempts).toBe(2);
      expect(new Date(second.next_try_at!).getTime()).toBe(k.now().getTime() + payoutRetryDelayMs(2));
      expect(await p.app()).toBe(75_000_000n); // not returned
      faulty.submitFault = 'none';
      k.advance(payoutRetryDelayMs(2));
      await blocks(1);
      await blocks(16);
      expect((await row(id)).status).toBe('confirmed');
      expect(await p.onChain()).toBe(chainBefore + 25_000_000n);
      expect(await p.app()).toBe(75_000_000n);
      await reconciles();
    });
  }

  it('a payout the network never takes is returned once its TTL passed `confirmations` blocks deep, and never paid', async () => {
    const p = await player('100');
    const chainBefore = await p.onChain();
    faulty.submitFault = 'status500';
    const id = await withdraw(p.token, '30');
    await k.app.deps.chainJobs.run();
    // 30 blocks of TTL: still submitted (a late acceptance could still land)
    await blocks(30);
    expect((await row(id)).status).toBe('submitted');
    expect(await p.app()).toBe(70_000_000n);
    await blocks(5);
    expect((await row(id)).status).toBe('submitted'); // TTL passed, but not yet deep
    await blocks(15);
    expect((await row(id)).status).toBe('expired');
    expect(await p.app()).toBe(100_000_000n);
    await blocks(5);
    expect(await p.app()).toBe(100_000_000n);
    expect(await p.onChain()).toBe(chainBefore);
    expect(await money().ledger.txBlock((await row(id)).tx_hash!)).toBeNull();
    faulty.submitFault = 'none';
    await reconciles();
  });

  it('a payout whose inputs another transaction spent is returned (failed) once that is deep', async () => {
    const p = await player('100');
    faulty.submitFault = 'status500';
    const id = await withdraw(p.token, '10');
    await k.app.deps.chainJobs.run();
    faulty.submitFault = 'none';
    // the treasury key spends the payout's inputs in another transaction (an operator's sweep)
    const { tx_hash } = await row(id);
    const [w] = await exec<{ tx_cbor: string }>(k.db.orm, sql`SELECT tx_cbor FROM chain_withdrawals WHERE id = ${id}`);
    const { CML } = await import('@lucid-evolution/lucid');
    const body = CML.Transaction.from_cbor_hex(w!.tx_cbor).body();
    const inputs = body.inputs();
    const refs = Array.from({ length: inputs.len() }, (_, i) => ({ txHash: inputs.get(i).transaction_id().to_hex(), outputIndex: Number(inputs.get(i).index()) }));
    const lucid = await money().lucid();
    lucid.selectWallet.fromPrivateKey(money().treasury.privateKey);
    const utxos = await emulator().lucidProvider().getUtxosByOutRef(refs);
    const sweep = await (await lucid.newTx().collectFrom(utxos).pay.ToAddress(money().treasury.address, { lovelace: 5_000_000n }).complete()).sign.withWallet().complete();
    await emulator().submit(sweep.toCBOR());
    await blocks(1);
    k.advance(payoutRetryDelayMs(1));
    await blocks(1);
    expect((await row(id)).status).toBe('submitted'); // seen, not yet deep
    k.advance(payoutRetryDelayMs(2));
    await blocks(15);
    const done = await row(id);
    expect(done.status).toBe('failed');
    expect(await money().ledger.txBlock(tx_hash!)).toBeNull();
    expect(await p.app()).toBe(100_000_000n);
    await reconciles();
  });

  it('a network down for 10 minutes: nothing paid twice, nothing lost, the watcher resumes from its cursor', async () => {
    const p = await player('100');
    const chainBefore = await p.onChain();
    // a deposit on chain just before the outage
    const built = await k.post(ENDPOINTS.chainBuildTx.path, { kind: 'deposit', token: 'exo', amount: '7', address: p.wallet.address }, bearer(p.token));
    expect(built.statusCode, built.body).toBe(200);
    const { tx } = built.json<{ tx: string }>();
    expect((await k.post(ENDPOINTS.chainSubmitTx.path, { tx, witness_set: p.wallet.signTx(tx) }, bearer(p.token))).statusCode).toBe(200);
    const exoBefore = BigInt((await k.get('/user/balance/exo', p.token)).json<{ balance: string }>().balance);
    const id = await withdraw(p.token, '50');
    await k.app.deps.chainJobs.run(); // the payout is signed, stored and sent
    expect((await row(id)).status).toBe('submitted');
    const [cursorBefore] = await exec<{ height: number }>(k.db.orm, sql`SELECT height FROM chain_cursor WHERE name = 'cardano'`);

    faulty.downUntil = new Date(k.now().getTime() + 10 * 60_000);
    const refusedBefore = faulty.refusedCalls;
    for (let minute = 0; minute < 10; minute++) {
      await blocks(3);
      k.advance(60_000);
    }
    expect(faulty.refusedCalls).toBeGreaterThan(refusedBefore);
    const [cursorDuring] = await exec<{ height: number }>(k.db.orm, sql`SELECT height FROM chain_cursor WHERE name = 'cardano'`);
    expect(cursorDuring!.height).toBe(cursorBefore!.height);
    expect((await row(id)).status).toBe('submitted');
    expect(await p.app()).toBe(50_000_000n);

    // back: the watcher scans from where it stopped, credits the deposit once; the payout confirms once
    await blocks(1);
    const tip = await emulator().tip();
    const [cursorAfter] = await exec<{ height: number }>(k.db.orm, sql`SELECT height FROM chain_cursor WHERE name = 'cardano'`);
    expect(cursorAfter!.height).toBe(tip.height);
    expect((await row(id)).status).toBe('confirmed');
    expect(BigInt((await k.get('/user/balance/exo', p.token)).json<{ balance: string }>().balance)).toBe(exoBefore + 7_000_000n);
    await blocks(3);
    expect(BigInt((await k.get('/user/balance/exo', p.token)).json<{ balance: string }>().balance)).toBe(exoBefore + 7_000_000n);
    expect(await p.onChain()).toBe(chainBefore + 50_000_000n);
    expect(await p.app()).toBe(50_000_000n);
    await reconciles();
  });
});

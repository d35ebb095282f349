/**
 * Chain money on the production provider path (docs/operator-guide.md §7.2): a Kingdom configured for a real
 * network (`CARDANO_NETWORK=preprod`, `BLOCKFROST_URL`) talks over real HTTP on 127.0.0.1 to the
 * Blockfrost-compatible emulator, so `BlockfrostCardanoLedger` (the chain watcher, balances,
 * payout verdicts) and Lucid Evolution's own `Blockfrost` provider (building and submitting) run as
 * they would against Blockfrost. The same flows as chain-money.test.ts on the in-process emulator:
 * a deposit credited once at 15 confirmations (and un-pended by a rollback), a withdrawal paid by the treasury signer and
 * confirmed, an EXO order paid — with wallets that sign with EMURGO's serialization lib.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, STAKING_PATHS, type Deposit, type Withdrawal } from '@kingdom/api';
import { BlockfrostCardanoLedger } from '../../src/chain/cardano/blockfrost-ledger.ts';
import { createTestKingdom, signInCardano, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet, type CardanoTestWallet } from '../support/wallets.ts';
import { startBlockfrostChain, type TestBlockfrostChain } from '../support/blockfrost-chain.ts';

const P = (e: { path: string }) => e.path;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Funded { wallet: CardanoTestWallet; token: string; userId: number }

/** A Kingdom on preprod settings whose Blockfrost is the emulator server. */
async function kingdomOn(chain: TestBlockfrostChain): Promise<TestKingdom> {
  return createTestKingdom({ env: { ...chain.env, DEMO_CHAIN_FAUCET: 'false' } });
}

/** Signs in a new wallet, funds it through `/emulator/fund`, makes it the Master Wallet. */
async function signedInFunded(k: TestKingdom, chain: TestBlockfrostChain): Promise<Funded> {
  const wallet = createCardanoTestWallet();
  const { token, user } = await signInCardano(k, wallet);
  await chain.fund(wallet.address);
  const master = await k.post(STAKING_PATHS.walletsSetMaster, { address: wallet.address }, bearer(token));
  expect(master.statusCode, master.body).toBe(200);
  return { wallet, token, userId: user.user_id };
}

/** Blocks on the shared chain, then the chain jobs (watcher, signer) of the Kingdom. */
async function blocks(k: TestKingdom, chain: TestBlockfrostChain, count: number) {
  await chain.blocks(count);
  await k.app.deps.chainJobs.run();
}

const balance = async (k: TestKingdom, token: string, t: 'exo' | 'hexo') => BigInt((await k.get(`/user/balance/${t}`, token)).json<{ balance: string }>().balance);
const deposits = async (k: TestKingdom, token: string) => (await k.get(P(ENDPOINTS.chainDeposits), token)).json<{ deposits: Deposit[]; claimable: Deposit[] }>();

describe('a Kingdom on preprod settings over the Blockfrost-compatible emulator', () => {
  let chain: TestBlockfrostChain;
  let k: TestKingdom;
  beforeAll(async () => {
    chain = await startBlockfrostChain({ treasuryUtxos: 4, treasuryExo: 1_000_000_000n, treasuryHexo: 1_000_000_000n });
    k = await kingdomOn(chain);
  });
  afterAll(async () => {
    await k?.close();
    await chain?.close();
  });

  it('uses the Blockfrost ledger on the emulator server (not an in-process emulator)', () => {
    const money = k.app.deps.providers.money;
    expect(money.emulator).toBeNull();
    expect(money.ledger).toBeInstanceOf(BlockfrostCardanoLedger);
    expect(money.treasury.address).toBe(chain.money.treasury.address);
  });

  it('credits a HEXO deposit built, signed and submitted over HTTP once after 15 confirmations, not at 14, and never again', async () => {
    const p = await signedInFunded(k, chain);
    const before = await balance(k, p.token, 'hexo');
    const built = await k.post(P(ENDPOINTS.chainBuildTx), { kind: 'deposit', token: 'hexo', amount: '100', address: p.wallet.address }, bearer(p.token));
    expect(built.statusCode, built.body).toBe(200);
    const { tx, tx_hash } = built.json<{ tx: string; tx_hash: string }>();
    chain.server.resetRequests();
    const sent = await k.post(P(ENDPOINTS.chainSubmitTx), { tx, witness_set: p.wallet.signTx(tx) }, bearer(p.token));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().tx_hash).toBe(tx_hash);
    // it went through Blockfrost's submit endpoint, as CBOR
    expect(chain.server.requests().byRoute['POST /api/v0/tx/submit']).toBe(1);
    await blocks(k, chain, 14);
    let mine = await deposits(k, p.token);
    expect(mine.deposits).toHaveLength(1);
    expect(mine.deposits[0]).toMatchObject({ tx_hash, token: 'hexo', amount: '100000000', status: 'pending', confirmations: 14 });
    expect(await balance(k, p.token, 'hexo')).toBe(before);
    await blocks(k, chain, 1);
    mine = await deposits(k, p.token);
    expect(mine.deposits[0]).toMatchObject({ status: 'credited', confirmations: 15 });
    expect(await balance(k, p.token, 'hexo')).toBe(before + 100_000_000n);
    await k.app.deps.chainJobs.run();
    await blocks(k, chain, 3);
    expect(await balance(k, p.token, 'hexo')).toBe(before + 100_000_000n);
    // the wallet holds 100 HEXO less on chain (read through Blockfrost's /addresses/{address})
    const held = (await k.get(`/chain/wallet/${p.wallet.address}`)).json<{ hexo: string }>();
    expect(BigInt(held.hexo)).toBe(4n * 2_500_000_000n - 100_000_000n);
  });

  it('un-pends a deposit whose block is rolled back (Blockfrost answers 404 for it), and credits it once when it comes back', async () => {
    const p = await signedInFunded(k, chain);
    const before = await balance(k, p.token, 'exo');
    const built = (await k.post(P(ENDPOINTS.chainBuildTx), { kind: 'deposit', token: 'exo', amount: '9', address: p.wallet.address }, bearer(p.token))).json<{ tx: string; tx_hash: string }>();
    const witness = p.wallet.signTx(built.tx);
    expect((await k.post(P(ENDPOINTS.chainSubmitTx), { tx: built.tx, witness_set: witness }, bearer(p.token))).statusCode).toBe(200);
    await blocks(k, chain, 3);
    expect((await deposits(k, p.token)).deposits[0]).toMatchObject({ tx_hash: built.tx_hash, status: 'pending', confirmations: 3 });
    const rolled = await fetch(chain.origin + '/emulator/rollback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ depth: 3 }) });
    expect(rolled.status).toBe(200);
    await k.app.deps.chainJobs.run();
    expect((await deposits(k, p.token)).deposits[0]).toMatchObject({ status: 'rolled_back', confirmations: 0 });
    await blocks(k, chain, 20);
    expect(await balance(k, p.token, 'exo')).toBe(before);
    // the same signed transaction again (its inputs are unspent again): pending, then credited once
    expect((await k.post(P(ENDPOINTS.chainSubmitTx), { tx: built.tx, witness_set: witness }, bearer(p.token))).statusCode).toBe(200);
    await blocks(k, chain, 15);
    expect(await balance(k, p.token, 'exo')).toBe(before + 9_000_000n);
    expect((await deposits(k, p.token)).deposits[0]).toMatchObject({ status: 'credited' });
    await blocks(k, chain, 2);
    expect(await balance(k, p.token, 'exo')).toBe(before + 9_000_000n);
  });

  it('pays a withdrawal from the treasury key the emulator funded, and confirms it at depth', async () => {
    const p = await signedInFunded(k, chain);
    expect((await k.post('/demo/faucet', { address: p.wallet.address, hexo: '500' })).statusCode).toBe(200);
    const onChain = async () => BigInt((await k.get(`/chain/wallet/${p.wallet.address}`)).json<{ hexo: string }>().hexo);
    const chainBefore = await onChain();
    const appBefore = await balance(k, p.token, 'hexo');
    const res = await k.post(P(ENDPOINTS.chainWithdrawalCreate), { token: 'hexo', amount: '120' }, { ...bearer(p.token), 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json<{ withdrawal: Withdrawal }>().withdrawal;
    expect(await balance(k, p.token, 'hexo')).toBe(appBefore - 120_000_000n);
    await k.app.deps.chainJobs.run(); // the signer builds with Lucid's Blockfrost provider and submits
    let list = (await k.get(P(ENDPOINTS.chainWithdrawals), p.token)).json<{ withdrawals: Withdrawal[] }>().withdrawals;
    expect(list[0]).toMatchObject({ id: w.id, status: 'submitted' });
    await blocks(k, chain, 16);
    list = (await k.get(P(ENDPOINTS.chainWithdrawals), p.token)).json<{ withdrawals: Withdrawal[] }>().withdrawals;
    expect(list[0]).toMatchObject({ id: w.id, status: 'confirmed' });
    expect(list[0]!.confirmations).toBeGreaterThanOrEqual(15);
    expect(await onChain()).toBe(chainBefore + 120_000_000n);
    expect(await balance(k, p.token, 'hexo')).toBe(appBefore - 120_000_000n);
  });

  it('credits the EXO of a token-sale order paid in ADA', async () => {
    const rounds = (await k.get(P(ENDPOINTS.saleRounds))).json<{ rounds: Array<{ id: number; status: string; price_lovelace: string }> }>().rounds;
    const open = rounds.find((r) => r.status === 'open')!;
    const p = await signedInFunded(k, chain);
    const res = await k.post(P(ENDPOINTS.exoOrderCreate), { round_id: open.id, amount: '1500' }, { ...bearer(p.token), 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json<{ order: { id: number; lovelace: string } }>().order;
    const before = await balance(k, p.token, 'exo');
    const built = await k.post(P(ENDPOINTS.chainBuildTx), { kind: 'order', order_id: o.id, address: p.wallet.address }, bearer(p.token));
    expect(built.statusCode, built.body).toBe(200);
    const { tx } = built.json<{ tx: string }>();
    expect((await k.post(P(ENDPOINTS.chainSubmitTx), { tx, witness_set: p.wallet.signTx(tx) }, bearer(p.token))).statusCode).toBe(200);
    await blocks(k, chain, 5);
    expect(await balance(k, p.token, 'exo')).toBe(before);
    await blocks(k, chain, 10);
    expect(await balance(k, p.token, 'exo')).toBe(before + 1_500_000_000n);
    const orders = (await k.get(P(ENDPOINTS.exoOrders), p.token)).json<{ orders: Array<{ id: number; status: string }> }>().orders;
    expect(orders[0]).toMatchObject({ id: o.id, status: 'paid' });
    // the sale address received the ADA on chain
    const sale = await k.app.deps.providers.money.ledger.balance(chain.money.saleAddress);
    expect(sale.lovelace).toBeGreaterThanOrEqual(BigInt(o.lovelace));
  });
});

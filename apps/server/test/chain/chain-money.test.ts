/**
 * Chain money on the emulator (docs/game-rules.md §8): deposits credited exactly once at the required depth,
 * claimable deposits, rollbacks, withdrawals to the Master Wallet and EXO orders — through the
 * HTTP API, with wallets that sign transactions with EMURGO's serialization lib (independent of the
 * server's Lucid/CML).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, STAKING_PATHS, type Deposit, type WalletsResponse, type Withdrawal } from '@kingdom/api';
import { depositMessage } from '@kingdom/game';
import { sql } from 'drizzle-orm';
import { exec } from '../../src/db/client.ts';
import { paymentRows } from '../../src/jobs/chain-watcher.ts';
import { payoutsAwaitingVerdict, treasuryReport } from '../../src/modules/chain/reconcile.ts';
import { printTreasuryReport } from '../../src/cli/treasury.ts';
import { createTestKingdom, signInCardano, challengeFor, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet, type CardanoTestWallet } from '../support/wallets.ts';
import { fundDemoWallet, payDemoFunding } from '../../src/modules/demo/chain-faucet.ts';

const P = (e: { path: string }) => e.path;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Funded { wallet: CardanoTestWallet; token: string; userId: number }

/** A new account signed in with a new wallet (funded on the emulator by the job its sign-in asked), made its Master Wallet. */
async function signedInFunded(k: TestKingdom): Promise<Funded> {
  const wallet = createCardanoTestWallet();
  const { token, user } = await signInCardano(k, wallet);
  await payDemoFunding(k.db, k.providers.money); // pays every waiting sign-in (concurrent helpers' too)
  const [grant] = await exec<{ tx_hash: string | null }>(k.db.orm, sql`SELECT tx_hash FROM emu_faucet_grants WHERE address = ${wallet.address}`);
  expect(grant?.tx_hash).toBeTruthy();
  const master = await k.post(STAKING_PATHS.walletsSetMaster, { address: wallet.address }, bearer(token));
  expect(master.statusCode, master.body).toBe(200);
  return { wallet, token, userId: user.user_id };
}

async function blocks(k: TestKingdom, count: number) {
  const res = await k.post(P(ENDPOINTS.demoBlocks), { count });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ height: number }>();
}

async function deposit(k: TestKingdom, p: Funded, token: 'exo' | 'hexo', amount: string): Promise<string> {
  const built = await k.post(P(ENDPOINTS.chainBuildTx), { kind: 'deposit', token, amount, address: p.wallet.address }, bearer(p.token));
  expect(built.statusCode, built.body).toBe(200);
  const { tx, tx_hash } = built.json<{ tx: string; tx_hash: string }>();
  const sent = await k.post(P(ENDPOINTS.chainSubmitTx), { tx, witness_set: p.wallet.signTx(tx) }, bearer(p.token));
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json().tx_hash).toBe(tx_hash);
  return tx_hash;
}

const balance = async (k: TestKingdom, token: string, t: 'exo' | 'hexo') => BigInt((await k.get(`/user/balance/${t}`, token)).json<{ balance: string }>().balance);
const deposits = async (k: TestKingdom, token: string) => (await k.get(P(ENDPOINTS.chainDeposits), token)).json<{ deposits: Deposit[]; claimable: Deposit[] }>();

/** A Lucid on the test kingdom's emulator, for transactions the app does not build (two outputs, foreign metadata). */
const lucidOf = (k: TestKingdom) => k.app.deps.providers.money.lucid();

describe('deposits', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom({ env: { DEMO_CHAIN_FAUCET: 'true' } }); });
  afterAll(async () => { await k.close(); });

  it('credits a HEXO deposit once after 15 confirmations, not at 14, and never again', async () => {
    const p = await signedInFunded(k);
    const before = await balance(k, p.token, 'hexo');
    const hash = await deposit(k, p, 'hexo', '100');
    await blocks(k, 14);
    let mine = await deposits(k, p.token);
    expect(mine.deposits).toHaveLength(1);
    expect(mine.deposits[0]).toMatchObject({ tx_hash: hash, token: 'hexo', amount: '100000000', status: 'pending', confirmations: 14 });
    expect(await balance(k, p.token, 'hexo')).toBe(before);
    await blocks(k, 1);
    mine = await deposits(k, p.token);
    expect(mine.deposits[0]).toMatchObject({ status: 'credited', confirmations: 15 });
    expect(await balance(k, p.token, 'hexo')).toBe(before + 100_000_000n);
    // the watcher again over the same blocks, and more blocks: nothing more
    await k.app.deps.chainJobs.run();
    await blocks(k, 3);
    expect(await balance(k, p.token, 'hexo')).toBe(before + 100_000_000n);
    const inbox = (await k.get('/notifications?page=1', p.token)).json<{ notifications: Array<{ type: string; data: Record<string, unknown> }> }>();
    expect(inbox.notifications.filter((n) => n.type === 'balance_topup')).toHaveLength(1);
    expect(inbox.notifications.find((n) => n.type === 'balance_topup')!.data).toMatchObject({ token: 'hexo', amount: '100000000', tx_hash: hash });
    // the wallet holds 100 HEXO less on chain
    const heldRes = await k.get(`/chain/wallet/${p.wallet.address}`);
    expect(heldRes.statusCode, heldRes.body).toBe(200);
    const held = heldRes.json<{ hexo: string }>();
    expect(BigInt(held.hexo)).toBe(4n * 2_500_000_000n - 100_000_000n);
  });

  it('a deposit of one token more than the wallet holds answers ERROR_WALLET_NOT_ENOUGH_BALANCE; an empty wallet ERROR_WALLET_NOT_ENOUGH_UTXO (docs/product.md §8)', async () => {
    const p = await signedInFunded(k);
    await blocks(k, 1);
    const held = BigInt((await k.get(`/chain/wallet/${p.wallet.address}`)).json<{ hexo: string }>().hexo);
    expect(held).toBeGreaterThan(0n);
    const build = (amount: string, address = p.wallet.address) => k.post(P(ENDPOINTS.chainBuildTx), { kind: 'deposit', token: 'hexo', amount, address }, bearer(p.token));
    // deposits are whole tokens; the faucet gave whole tokens
    expect(held % 1_000_000n).toBe(0n);
    const over = await build(String(held / 1_000_000n + 1n));
    expect(over.json().error).toBe('ERROR_WALLET_NOT_ENOUGH_BALANCE');
    expect(over.statusCode).toBeLessThan(500);
    expect((await build(String(held / 1_000_000n))).statusCode).toBe(200);
    expect((await build('1', createCardanoTestWallet().address)).json().error).toBe('ERROR_WALLET_NOT_ENOUGH_UTXO');
  });

  it('credits two outputs of one transaction twice', async () => {
    const p = await signedInFunded(k);
    const before = await balance(k, p.token, 'exo');
    const money = k.app.deps.providers.money;
    const lucid = await lucidOf(k);
    lucid.selectWallet.fromAddress(p.wallet.address, await money.ledger.lucidProvider().getUtxos(p.wallet.address));
    const tx = await lucid.newTx()
      .pay.ToAddress(money.treasury.address, { [money.units.exo]: 7_000_000n })
      .pay.ToAddress(money.treasury.address, { [money.units.exo]: 5_000_000n })
      .attachMetadata(674, { msg: depositMessage(p.userId) }).complete();
    const sent = await k.post(P(ENDPOINTS.chainSubmitTx), { tx: tx.toCBOR(), witness_set: p.wallet.signTx(tx.toCBOR()) }, bearer(p.token));
    expect(sent.statusCode, sent.body).toBe(200);
    await blocks(k, 15);
    expect(await balance(k, p.token, 'exo')).toBe(before + 12_000_000n);
    expect((await deposits(k, p.token)).deposits.map((d) => [d.output_index, d.status]).sort()).toEqual([[0, 'credited'], [1, 'credited']]);
  });

  it('keeps a deposit from an unlinked wallet claimable and credits it once when the account links that wallet', async () => {
    const p = await signedInFunded(k);
    const stranger = createCardanoTestWallet();
    await fundDemoWallet(k.db, k.app.deps.chainJobs, stranger.address, k.now());
    const money = k.app.deps.providers.money;
    const lucid = await lucidOf(k);
    lucid.selectWallet.fromAddress(stranger.address, await money.ledger.lucidProvider().getUtxos(stranger.address));
    const tx = await lucid.newTx().pay.ToAddress(money.treasury.address, { [money.units.hexo]: 42_000_000n })
      .attachMetadata(674, { msg: depositMessage(p.userId) }).complete();
    expect((await k.post(P(ENDPOINTS.chainSubmitTx), { tx: tx.toCBOR(), witness_set: stranger.signTx(tx.toCBOR()) }, bearer(p.token))).statusCode).toBe(200);
    const before = await balance(k, p.token, 'hexo');
    await blocks(k, 20);
    let mine = await deposits(k, p.token);
    expect(mine.deposits).toHaveLength(0);
    expect(mine.claimable).toHaveLength(1);
    expect(mine.claimable[0]).toMatchObject({ status: 'claimable', sender: stranger.address, amount: '42000000' });
    expect(await balance(k, p.token, 'hexo')).toBe(before);
    // the metadata names p, but that is no proof: only linking the sender credits it
    const message = await challengeFor(k, 'cardano', stranger.address);
    const linked = await k.post(STAKING_PATHS.walletsLink, { chain: 'cardano', address: stranger.address, message, ...stranger.signData(message) }, bearer(p.token));
    expect(linked.statusCode, linked.body).toBe(200);
    await k.app.deps.chainJobs.run();
    await blocks(k, 2);
    expect(await balance(k, p.token, 'hexo')).toBe(before + 42_000_000n);
    mine = await deposits(k, p.token);
    expect(mine.claimable).toHaveLength(0);
    expect(mine.deposits[0]).toMatchObject({ status: 'credited', sender: stranger.address });
  });

  it('refuses the stake-credential attack: a deposit from another address of the victim\'s HD wallet is credited only to whoever proves the stake key', async () => {
    const money = k.app.deps.providers.money;
    const victim = createCardanoTestWallet();
    // The attacker builds a base address from its own payment key and the victim's stake credential, and signs in first.
    const attacker = createCardanoTestWallet({ foreignStakeKeyHash: victim.stakeKeyHash });
    const a = await signInCardano(k, attacker);
    const v = await signInCardano(k, victim);
    // The victim deposits from another address of its HD wallet (same stake key, never linked).
    const sibling = createCardanoTestWallet({ stakeFrom: victim });
    expect(sibling.stakeKeyHash).toBe(victim.stakeKeyHash);
    await fundDemoWallet(k.db, k.app.deps.chainJobs, sibling.address, k.now());
    const lucid = await lucidOf(k);
    lucid.selectWallet.fromAddress(sibling.address, await money.ledger.lucidProvider().getUtxos(sibling.address));
    const tx = (await lucid.newTx().pay.ToAddress(money.treasury.address, { [money.units.hexo]: 37_000_000n })
      .attachMetadata(674, { msg: depositMessage(a.user.user_id) }).complete()).toCBOR();
    expect((await k.post(P(ENDPOINTS.chainSubmitTx), { tx, witness_set: sibling.signTx(tx) }, bearer(v.token))).statusCode).toBe(200);
    const attackerBefore = await balance(k, a.token, 'hexo');
    const victimBefore = await balance(k, v.token, 'hexo');
    await blocks(k, 20);
    expect(await balance(k, a.token, 'hexo')).toBe(attackerBefore);
    expect(await balance(k, v.token, 'hexo')).toBe(victimBefore);
    expect((await deposits(k, a.token)).deposits).toHaveLength(0);
    expect((await deposits(k, a.token)).claimable[0]).toMatchObject({ status: 'claimable', sender: sibling.address, amount: '37000000' });

    // The attacker cannot prove the stake key: it does not hold it (its own stake key signs, or its payment key).
    const forged = await challengeFor(k, 'cardano', victim.rewardAddress);
    const byAttacker = await k.post(STAKING_PATHS.walletsLinkStake, { address: victim.rewardAddress, message: forged, ...attacker.signStakeData(forged) }, bearer(a.token));
    expect(byAttacker.json().error).toBe('WALLET_SIGNATURE_NOT_VALID');
    const byPayment = await k.post(STAKING_PATHS.walletsLinkStake, { address: victim.rewardAddress, message: forged, ...attacker.signData(forged) }, bearer(a.token));
    expect(byPayment.json().error).toBe('WALLET_SIGNATURE_NOT_VALID');
    // A payment address is not a reward address.
    const wrong = await k.post(STAKING_PATHS.walletsLinkStake, { address: victim.address, message: forged, ...victim.signStakeData(forged) }, bearer(v.token));
    expect(wrong.json().error).toBe('NOT_VALID_REQUEST_ADDRESS');

    // The victim proves its stake key: the deposit is credited to the victim, once.
    const message = await challengeFor(k, 'cardano', victim.rewardAddress);
    expect(message).toContain('link the stake key');
    const proved = await k.post(STAKING_PATHS.walletsLinkStake, { address: victim.rewardAddress, message, ...victim.signStakeData(message) }, bearer(v.token));
    expect(proved.statusCode, proved.body).toBe(200);
    expect(proved.json<WalletsResponse>().stake_keys).toEqual([expect.objectContaining({ reward_address: victim.rewardAddress })]);
    // the same challenge twice: single use
    const replay = await k.post(STAKING_PATHS.walletsLinkStake, { address: victim.rewardAddress, message, ...victim.signStakeData(message) }, bearer(v.token));
    expect(replay.json().error).toBe('WALLET_MESSAGE_NOT_VALID');
    await k.app.deps.chainJobs.run();
    await blocks(k, 1);
    expect(await balance(k, v.token, 'hexo')).toBe(victimBefore + 37_000_000n);
    expect(await balance(k, a.token, 'hexo')).toBe(attackerBefore);
    expect((await deposits(k, v.token)).deposits[0]).toMatchObject({ status: 'credited', sender: sibling.address });

    // Another account cannot take the proved stake key over, even with a valid signature.
    const third = await signInCardano(k, createCardanoTestWallet());
    const again = await challengeFor(k, 'cardano', victim.rewardAddress);
    const takeover = await k.post(STAKING_PATHS.walletsLinkStake, { address: victim.rewardAddress, message: again, ...victim.signStakeData(again) }, bearer(third.token));
    expect(takeover.json().error).toBe('ERROR_WALLET_ALREADY_LINKED');
    // A sign-in with a reward address is refused (it only links).
    const login = await k.post(P(ENDPOINTS.authLogin), { chain: 'cardano', address: victim.rewardAddress, message: again, ...victim.signStakeData(again) });
    expect([login.statusCode, login.json().error]).toEqual([400, 'NOT_VALID_REQUEST_ADDRESS']);
  });

  it('un-pends a deposit whose block is rolled back at depth 3, and credits it if it comes back', async () => {
    const p = await signedInFunded(k);
    const before = await balance(k, p.token, 'exo');
    const money = k.app.deps.providers.money;
    const built = (await k.post(P(ENDPOINTS.chainBuildTx), { kind: 'deposit', token: 'exo', amount: '9', address: p.wallet.address }, bearer(p.token))).json<{ tx: string }>();
    const lucid = await lucidOf(k);
    lucid.selectWallet.fromAddress(p.wallet.address, []);
    const signed = await lucid.fromTx(built.tx).assemble([p.wallet.signTx(built.tx)]).complete();
    await money.ledger.lucidProvider().submitTx(signed.toCBOR());
    await blocks(k, 3);
    expect((await deposits(k, p.token)).deposits[0]).toMatchObject({ status: 'pending', confirmations: 3 });
    await money.emulator!.rollback(3);
    await k.app.deps.chainJobs.run();
    expect((await deposits(k, p.token)).deposits[0]).toMatchObject({ status: 'rolled_back', confirmations: 0 });
    await blocks(k, 20);
    expect(await balance(k, p.token, 'exo')).toBe(before);
    // the same signed transaction re-submitted (its inputs are unspent again) goes pending, then credits once
    await money.ledger.lucidProvider().submitTx(signed.toCBOR());
    await blocks(k, 15);
    expect(await balance(k, p.token, 'exo')).toBe(before + 9_000_000n);
    expect((await deposits(k, p.token)).deposits[0]).toMatchObject({ status: 'credited' });
  });
});

describe('withdrawals', () => {
  let k: TestKingdom;
  beforeAll(async () => {
    k = await createTestKingdom({ env: { DEMO_CHAIN_FAUCET: 'true' }, genesis: { treasuryUtxos: 4, treasuryExo: 1_000_000_000n, treasuryHexo: 1_000_000_000n } });
  });
  afterAll(async () => { await k.close(); });

  const withdraw = (p: Funded, body: Record<string, unknown>, key = randomUUID()) =>
    k.post(P(ENDPOINTS.chainWithdrawalCreate), body, { ...bearer(p.token), 'idempotency-key': key });

  async function withHexo(amount: string): Promise<Funded> {
    const p = await signedInFunded(k);
    expect((await k.post('/demo/faucet', { address: p.wallet.address, hexo: amount })).statusCode).toBe(200);
    return p;
  }

  it('pays the Master Wallet exactly, once per idempotency key, and confirms at depth', async () => {
    const p = await withHexo('500');
    const onChain = async () => BigInt((await k.get(`/chain/wallet/${p.wallet.address}`)).json<{ hexo: string }>().hexo);
    const chainBefore = await onChain();
    const appBefore = await balance(k, p.token, 'hexo');
    const key = randomUUID();
    const res = await withdraw(p, { token: 'hexo', amount: '120' }, key);
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json<{ withdrawal: Withdrawal }>().withdrawal;
    expect(w).toMatchObject({ token: 'hexo', amount: '120000000', address: p.wallet.address });
    expect(await balance(k, p.token, 'hexo')).toBe(appBefore - 120_000_000n);
    // the same key again: the same withdrawal, charged once
    const again = await withdraw(p, { token: 'hexo', amount: '120' }, key);
    expect(again.json<{ withdrawal: Withdrawal }>().withdrawal.id).toBe(w.id);
    expect((await withdraw(p, { token: 'hexo', amount: '121' }, key)).json().error).toBe('IDEMPOTENCY_KEY_REUSED');
    // one pending at a time
    expect((await withdraw(p, { token: 'hexo', amount: '1' })).json().error).toBe('PENDING_TRANSACTION');
    await k.app.deps.chainJobs.run();
    await blocks(k, 16);
    const list = (await k.get(P(ENDPOINTS.chainWithdrawals), p.token)).json<{ withdrawals: Withdrawal[] }>().withdrawals;
    expect(list[0]).toMatchObject({ id: w.id, status: 'confirmed' });
    expect(list[0]!.confirmations).toBeGreaterThanOrEqual(15);
    expect(await onChain()).toBe(chainBefore + 120_000_000n);
    expect(await balance(k, p.token, 'hexo')).toBe(appBefore - 120_000_000n);
  });

  it('the treasury report counts only real deposits (a payout\'s change is not one) and lists payouts awaiting a verdict (docs/game-rules.md §8.2)', async () => {
    const money = k.app.deps.providers.money;
    const p = await withHexo('90');
    const pendingBefore = (await treasuryReport(k.db.orm, money)).map((r) => r.pendingDeposits);
    const w = (await withdraw(p, { token: 'hexo', amount: '40' })).json<{ withdrawal: Withdrawal }>().withdrawal;
    await k.app.deps.chainJobs.run();
    const awaiting = await payoutsAwaitingVerdict(k.db.orm);
    expect(awaiting).toEqual([expect.objectContaining({ withdrawalId: w.id, token: 'hexo', amount: 40_000_000n, address: p.wallet.address })]);
    const lines: string[] = [];
    expect(await printTreasuryReport(k.db.orm, money, (l) => lines.push(l))).toBe(true);
    expect(lines.join('\n')).toContain(`Payouts awaiting a verdict (sent, not yet confirmed, expired or failed): 1\n  withdrawal ${w.id}: 40 HEXO to ${p.wallet.address}, tx ${awaiting[0]!.txHash}`);
    await blocks(k, 16);
    expect(await payoutsAwaitingVerdict(k.db.orm)).toEqual([]);
    // the payout (treasury → player, change back to the treasury) was never recorded as a deposit
    const [rows] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM chain_payments WHERE tx_hash = ${awaiting[0]!.txHash}`);
    expect(rows!.n).toBe(0);
    expect((await treasuryReport(k.db.orm, money)).map((r) => r.pendingDeposits)).toEqual(pendingBefore);
    // a row an older watcher recorded for a payout's change is dropped by the next run (never credited)
    await exec(k.db.orm, sql`INSERT INTO chain_payments (tx_hash, output_index, token, amount, senders, sender_stakes, block_height, block_hash, status, seen_at)
      VALUES (${'c'.repeat(64)}, 1, 'hexo', 5, ARRAY[${money.treasury.address}], ARRAY[''], 1, 'b', 'claimable', ${k.now()})`);
    await k.app.deps.chainJobs.run();
    expect((await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM chain_payments WHERE tx_hash = ${'c'.repeat(64)}`))[0]!.n).toBe(0);
    // the rule itself: transactions the treasury sends yield no payment rows
    const treasury = money.treasury.address;
    const tx = { hash: 'a'.repeat(64), block: { height: 1, hash: 'b'.repeat(64) }, message: null, outputs: [{ index: 1, address: treasury, lovelace: 2_000_000n, assets: { [money.units.hexo]: 5n } }] };
    const opts = { treasuryAddress: treasury, saleAddress: money.saleAddress, units: money.units };
    expect(paymentRows([{ ...tx, senders: [treasury] }], opts)).toEqual([]);
    expect(paymentRows([{ ...tx, senders: [p.wallet.address, treasury] }], opts)).toEqual([]);
    expect(paymentRows([{ ...tx, senders: [p.wallet.address] }], opts)).toHaveLength(1);
  });

  it('refuses without balance, for another address, from a non-master active wallet, and beyond the treasury', async () => {
    const fresh = createCardanoTestWallet();
    const { token: noMaster } = await signInCardano(k, fresh);
    const none = await k.post(P(ENDPOINTS.chainWithdrawalCreate), { token: 'hexo', amount: '1' }, { ...bearer(noMaster), 'idempotency-key': randomUUID() });
    expect(none.json().error).toBe('CANT_GET_MASTER_WALLET');
    const p = await withHexo('50');
    expect((await withdraw(p, { token: 'hexo', amount: '51' })).json().error).toBe('USER_WITHDRAW_HEXO_NO_BALANCE');
    expect(await balance(k, p.token, 'hexo')).toBe(50_000_000n);
    expect((await withdraw(p, { token: 'hexo', amount: '1', address: createCardanoTestWallet().address })).json().error).toBe('WITHDRAW_CAN_ONLY_MASTER');
    // the player's own checks come first: 1 HEXO asking 10^8 learns nothing of the treasury (issue 36 item 11)
    const poor = await withHexo('1');
    expect((await withdraw(poor, { token: 'hexo', amount: '100000000' })).json().error).toBe('USER_WITHDRAW_HEXO_NO_BALANCE');
    expect((await withdraw(p, { token: 'exo', amount: '5000' })).json().error).toBe('USER_WITHDRAW_HEXO_NO_BALANCE');
    // with the balance, beyond what the treasury holds (4 × 1,000 EXO)
    expect((await k.post('/demo/faucet', { address: p.wallet.address, exo: '5000' })).statusCode).toBe(200);
    expect((await withdraw(p, { token: 'exo', amount: '5000' })).json().error).toBe('TREASURY_INSUFFICIENT');
    expect((await withdraw(p, { token: 'hexo', amount: '' })).statusCode).toBe(422);
    // a second Cardano wallet of the account signs in: it is active but not the master
    const second = createCardanoTestWallet();
    const message = await challengeFor(k, 'cardano', second.address);
    expect((await k.post(STAKING_PATHS.walletsLink, { chain: 'cardano', address: second.address, message, ...second.signData(message) }, bearer(p.token))).statusCode).toBe(200);
    const { token: secondToken } = await signInCardano(k, second);
    const res = await k.post(P(ENDPOINTS.chainWithdrawalCreate), { token: 'hexo', amount: '1' }, { ...bearer(secondToken), 'idempotency-key': randomUUID() });
    expect(res.json().error).toBe('ACTIVE_ADDRESS_NOT_MASTER_ADDRESS');
    expect(await balance(k, p.token, 'hexo')).toBe(50_000_000n);
  });

  it('keeps a payout the network refuses as submitted, and returns the amount only once its TTL passed deep enough (docs/game-rules.md §8.2)', async () => {
    const p = await withHexo('30');
    const ledger = k.app.deps.providers.money.ledger;
    const provider = ledger.lucidProvider();
    const original = ledger.lucidProvider.bind(ledger);
    // every submit of the payout is refused (the build succeeds: same provider for reads)
    ledger.lucidProvider = () => Object.assign(Object.create(provider), { submitTx: async () => { throw new Error('refused: BadInputsUTxO'); } });
    try {
      const res = await withdraw(p, { token: 'hexo', amount: '30' });
      expect(res.statusCode, res.body).toBe(200);
      await k.app.deps.chainJobs.run();
      // a refusal is no verdict (it may mean "already accepted"): nothing returns yet
      let list = (await k.get(P(ENDPOINTS.chainWithdrawals), p.token)).json<{ withdrawals: Withdrawal[] }>().withdrawals;
      expect(list[0]).toMatchObject({ status: 'submitted' });
      expect(await balance(k, p.token, 'hexo')).toBe(0n);
      expect((await withdraw(p, { token: 'hexo', amount: '1' })).json().error).toBe('PENDING_TRANSACTION');
      await blocks(k, 40);
      list = (await k.get(P(ENDPOINTS.chainWithdrawals), p.token)).json<{ withdrawals: Withdrawal[] }>().withdrawals;
      expect(list[0]).toMatchObject({ status: 'submitted' });
      await blocks(k, 15);
    } finally {
      ledger.lucidProvider = original;
    }
    const list = (await k.get(P(ENDPOINTS.chainWithdrawals), p.token)).json<{ withdrawals: Withdrawal[] }>().withdrawals;
    expect(list[0]).toMatchObject({ status: 'expired' });
    expect(await balance(k, p.token, 'hexo')).toBe(30_000_000n);
    // a new one may be requested now
    expect((await withdraw(p, { token: 'hexo', amount: '10' })).statusCode).toBe(200);
  });

  it('50 concurrent withdrawal requests of one player leave one pending and one debit', async () => {
    const p = await withHexo('100');
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(p, { token: 'hexo', amount: '10' })));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect([...new Set(answers.filter((r) => r.statusCode !== 200).map((r) => r.json().error))]).toEqual(['PENDING_TRANSACTION']);
    expect(await balance(k, p.token, 'hexo')).toBe(90_000_000n);
  });
});

describe('EXO orders: token sale rounds and vendor packs', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom({ env: { DEMO_CHAIN_FAUCET: 'true' } }); });
  afterAll(async () => { await k.close(); });

  const order = (p: Funded, body: Record<string, unknown>) => k.post(P(ENDPOINTS.exoOrderCreate), body, { ...bearer(p.token), 'idempotency-key': randomUUID() });

  async function pay(p: Funded, orderId: number) {
    const built = await k.post(P(ENDPOINTS.chainBuildTx), { kind: 'order', order_id: orderId, address: p.wallet.address }, bearer(p.token));
    expect(built.statusCode, built.body).toBe(200);
    const { tx } = built.json<{ tx: string }>();
    expect((await k.post(P(ENDPOINTS.chainSubmitTx), { tx, witness_set: p.wallet.signTx(tx) }, bearer(p.token))).statusCode).toBe(200);
  }

  it('lists 7 demo rounds; buys from the open round at its price; refuses closed and sold-out rounds', async () => {
    const rounds = (await k.get(P(ENDPOINTS.saleRounds))).json<{ rounds: Array<{ id: number; status: string; price_lovelace: string; cap: string; sold: string }> }>().rounds;
    expect(rounds).toHaveLength(7);
    const open = rounds.find((r) => r.status === 'open')!;
    const closed = rounds.find((r) => r.status === 'closed')!;
    const upcoming = rounds.find((r) => r.status === 'upcoming')!;
    const p = await signedInFunded(k);
    expect((await order(p, { round_id: closed.id, amount: '10' })).json().error).toBe('SALE_ROUND_CLOSED');
    expect((await order(p, { round_id: upcoming.id, amount: '10' })).json().error).toBe('SALE_ROUND_CLOSED');
    expect((await order(p, { round_id: open.id, amount: open.cap })).json().error).toBe('SALE_SOLD_OUT');
    const res = await order(p, { round_id: open.id, amount: '1500' });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json<{ order: { id: number; lovelace: string; exo: string; status: string } }>().order;
    expect(o).toMatchObject({ exo: '1500000000', status: 'awaiting_payment', lovelace: (1500n * BigInt(open.price_lovelace)).toString() });
    const before = await balance(k, p.token, 'exo');
    await pay(p, o.id);
    await blocks(k, 5);
    const waiting = (await k.get(P(ENDPOINTS.exoOrders), p.token)).json<{ orders: Array<{ id: number; status: string; confirmations: number }> }>().orders;
    expect(waiting[0]).toMatchObject({ id: o.id, status: 'awaiting_payment', confirmations: 5 });
    expect(await balance(k, p.token, 'exo')).toBe(before);
    await blocks(k, 10);
    expect(await balance(k, p.token, 'exo')).toBe(before + 1_500_000_000n);
    const orders = (await k.get(P(ENDPOINTS.exoOrders), p.token)).json<{ orders: Array<{ id: number; status: string }> }>().orders;
    expect(orders[0]).toMatchObject({ id: o.id, status: 'paid' });
    const after = (await k.get(P(ENDPOINTS.saleRounds))).json<{ rounds: Array<{ id: number; sold: string }> }>().rounds.find((r) => r.id === open.id)!;
    expect(BigInt(after.sold) - BigInt(open.sold)).toBe(1_500_000_000n);
  });

  it('fills a small round and then refuses it as sold out', async () => {
    const rounds = (await k.get(P(ENDPOINTS.saleRounds))).json<{ rounds: Array<{ id: number; status: string; cap: string; name: string }> }>().rounds;
    const small = rounds.find((r) => r.name === 'Public 2')!;
    const p = await signedInFunded(k);
    expect((await order(p, { round_id: small.id, amount: String(BigInt(small.cap) / 1_000_000n) })).statusCode).toBe(200);
    expect((await order(p, { round_id: small.id, amount: '1' })).json().error).toBe('SALE_SOLD_OUT');
    const now = (await k.get(P(ENDPOINTS.saleRounds))).json<{ rounds: Array<{ id: number; status: string }> }>().rounds.find((r) => r.id === small.id)!;
    expect(now.status).toBe('sold_out');
  });

  it('20 concurrent orders on a round with room for 10 sell exactly its cap (the round row is locked)', async () => {
    const now = k.now();
    await exec(k.db.orm, sql`INSERT INTO sale_rounds (id, name, price_lovelace, cap, starts_at, ends_at)
      VALUES (99, 'Race', 50000, 1000000000, ${new Date(now.getTime() - 3_600_000)}, ${new Date(now.getTime() + 3_600_000)})`);
    const players = await Promise.all(Array.from({ length: 4 }, () => signedInFunded(k)));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => order(players[i % 4]!, { round_id: 99, amount: '100' })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect([...new Set(answers.filter((r) => r.statusCode !== 200).map((r) => r.json().error))]).toEqual(['SALE_SOLD_OUT']);
    const race = (await k.get(P(ENDPOINTS.saleRounds))).json<{ rounds: Array<{ id: number; sold: string; status: string }> }>().rounds.find((r) => r.id === 99)!;
    expect(race).toMatchObject({ sold: '1000000000', status: 'sold_out' });
  });

  it('buys a vendor EXO pack at the current EXO price', async () => {
    const p = await signedInFunded(k);
    const res = await order(p, { pack: 'exo_1k' });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json<{ order: { id: number; lovelace: string; exo: string } }>().order;
    // demo EXO price 0.01873 ADA: 1,000 EXO = 18.73 ADA
    expect(o).toMatchObject({ exo: '1000000000', lovelace: '18730000' });
    const before = await balance(k, p.token, 'exo');
    await pay(p, o.id);
    await blocks(k, 15);
    expect(await balance(k, p.token, 'exo')).toBe(before + 1_000_000_000n);
    expect((await order(p, { pack: 'permit_1' })).json().error).toBe('NOT_FOUND');
  });
});



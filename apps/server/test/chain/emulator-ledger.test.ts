/**
 * The emulated ledger is as strict as a Cardano node on what chain money relies on (docs/game-rules.md §8.2 item
 * 2): value conservation, the minimum fee, the validity interval, no double spend — each refused
 * with TX_SUBMIT_FAILED (422) through the API — and transactions chained in one block (the second
 * spends the first's change), each deposit credited once to its sender.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CML, type UTxO } from '@lucid-evolution/lucid';
import { ENDPOINTS, STAKING_PATHS } from '@kingdom/api';
import { depositMessage } from '@kingdom/game';
import { payDemoFunding } from '../../src/modules/demo/chain-faucet.ts';
import { createTestKingdom, signInCardano, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet, type CardanoTestWallet } from '../support/wallets.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('a test ledger as strict as Cardano', () => {
  let k: TestKingdom;
  let wallet: CardanoTestWallet;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    k = await createTestKingdom({ env: { DEMO_CHAIN_FAUCET: 'true' } });
    wallet = createCardanoTestWallet();
    ({ token, user: { user_id: userId } } = await signInCardano(k, wallet));
    await payDemoFunding(k.db, k.providers.money);
  });
  afterAll(async () => { await k.close(); });

  const money = () => k.providers.money;
  const utxos = () => money().ledger.lucidProvider().getUtxos(wallet.address);
  const submit = (tx: string) => k.post(ENDPOINTS.chainSubmitTx.path, { tx, witness_set: wallet.signTx(tx) }, bearer(token));
  const blocks = (count: number) => k.post(ENDPOINTS.demoBlocks.path, { count });
  const hexoBalance = async () => BigInt((await k.get('/user/balance/hexo', token)).json<{ balance: string }>().balance);

  /** A deposit of `hexo` base units built by Lucid from `from` (UTxOs the builder believes in). */
  async function buildDeposit(hexo: bigint, from: UTxO[], opts: { validTo?: number } = {}) {
    const lucid = await money().lucid();
    lucid.selectWallet.fromAddress(wallet.address, from);
    let b = lucid.newTx().pay.ToAddress(money().treasury.address, { [money().units.hexo]: hexo }).attachMetadata(674, { msg: depositMessage(userId) });
    if (opts.validTo !== undefined) b = b.validTo(opts.validTo);
    return b.complete();
  }

  it('refuses a transaction whose outputs hold more than its inputs (no mint), and credits nothing', async () => {
    const real = await utxos();
    const u = real[0]!;
    // the wallet claims its UTxO holds 1,000,000 HEXO more than it does: Lucid balances against the lie
    const lie: UTxO = { ...u, assets: { ...u.assets, [money().units.hexo]: (u.assets[money().units.hexo] ?? 0n) + 1_000_000_000_000n } };
    const tx = await buildDeposit(1_000_000_000n, [lie]);
    const before = await hexoBalance();
    const res = await submit(tx.toCBOR());
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toBe('TX_SUBMIT_FAILED');
    await blocks(15);
    expect(await hexoBalance()).toBe(before);
  });

  it('refuses a balanced transaction whose fee is below the minimum', async () => {
    const built = (await buildDeposit(1_000_000n, await utxos())).toCBOR();
    const tx = CML.Transaction.from_cbor_hex(built);
    const body = tx.body();
    const fee = body.fee();
    const outs = body.outputs();
    const list = CML.TransactionOutputList.new();
    // 100,000 lovelace moves from the fee to the change (the last output): still balanced
    for (let i = 0; i < outs.len(); i++) {
      const o = outs.get(i);
      list.add(i === outs.len() - 1 ? CML.TransactionOutput.new(o.address(), CML.Value.new(o.amount().coin() + 100_000n, o.amount().multi_asset())) : o);
    }
    const cheap = CML.TransactionBody.new(body.inputs(), list, fee - 100_000n);
    const ttl = body.ttl();
    if (ttl !== undefined) cheap.set_ttl(ttl);
    const aux = body.auxiliary_data_hash();
    if (aux) cheap.set_auxiliary_data_hash(aux);
    const unsigned = CML.Transaction.new(cheap, CML.TransactionWitnessSet.new(), true, tx.auxiliary_data()).to_cbor_hex();
    const res = await submit(unsigned);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toBe('TX_SUBMIT_FAILED');
    // the same transaction with its real fee goes through
    expect((await submit(built)).statusCode).toBe(200);
    await blocks(1);
  });

  it('refuses a transaction past its validity interval and a double spend', async () => {
    const tip = await money().ledger.tip();
    const expired = await buildDeposit(1_000_000n, await utxos(), { validTo: money().slotToUnixMs(tip.slot - 40) });
    const late = await submit(expired.toCBOR());
    expect(late.statusCode, late.body).toBe(422);
    const from = await utxos();
    const a = await buildDeposit(2_000_000n, from);
    const b = await buildDeposit(3_000_000n, from); // the same inputs
    expect((await submit(a.toCBOR())).statusCode).toBe(200);
    const twice = await submit(b.toCBOR());
    expect(twice.statusCode, twice.body).toBe(422);
    await blocks(1);
    expect((await submit(b.toCBOR())).statusCode).toBe(422); // and still once a block holds the first
  });

  it('credits two deposits chained in one block (the second spends the first\'s change) once each', async () => {
    await blocks(15); // the earlier tests' deposits are credited first
    const before = await hexoBalance();
    const first = await buildDeposit(11_000_000n, await utxos());
    const sent1 = await submit(first.toCBOR());
    expect(sent1.statusCode, sent1.body).toBe(200);
    const hash1 = sent1.json<{ tx_hash: string }>().tx_hash;
    // the change of the first, still in the mempool, as a wallet that chains pending change sees it
    const body = CML.Transaction.from_cbor_hex(first.toCBOR()).body();
    const change: UTxO[] = [];
    for (let i = 0; i < body.outputs().len(); i++) {
      const o = body.outputs().get(i);
      if (o.address().to_bech32() !== wallet.address) continue;
      change.push({ txHash: hash1, outputIndex: i, address: wallet.address, assets: changeAssets(o) });
    }
    expect(change.length).toBeGreaterThan(0);
    const second = await buildDeposit(13_000_000n, change);
    const sent2 = await submit(second.toCBOR());
    expect(sent2.statusCode, sent2.body).toBe(200);
    await blocks(15);
    expect(await money().ledger.txBlock(hash1)).toEqual(await money().ledger.txBlock(sent2.json<{ tx_hash: string }>().tx_hash));
    expect(await hexoBalance()).toBe(before + 24_000_000n);
    await blocks(3);
    expect(await hexoBalance()).toBe(before + 24_000_000n);
    expect((await k.post(STAKING_PATHS.walletsSetMaster, { address: wallet.address }, bearer(token))).statusCode).toBe(200);
  });
});

/** A CML output's value as Lucid assets. */
function changeAssets(o: InstanceType<typeof CML.TransactionOutput>): Record<string, bigint> {
  const assets: Record<string, bigint> = { lovelace: o.amount().coin() };
  const ma = o.amount().multi_asset();
  const policies = ma.keys();
  for (let p = 0; p < policies.len(); p++) {
    const policy = policies.get(p);
    const names = ma.get_assets(policy)!;
    for (let n = 0; n < names.keys().len(); n++) assets[policy.to_hex() + names.keys().get(n).to_hex()] = names.get(names.keys().get(n))!;
  }
  return assets;
}

/**
 * The Blockfrost-compatible emulator server (docs/operator-guide.md §7.2) over real HTTP on 127.0.0.1: its
 * answers parse with the very zod schemas `BlockfrostCardanoLedger` checks Blockfrost with; status
 * codes and error bodies are Blockfrost's (403 without `project_id`, 404 unknown, 400 bad input or a
 * refused submit); paging (`count`, `page`, `order`, `from`, `to`) slices like Blockfrost's; and
 * both clients — our ledger and Lucid Evolution's `Blockfrost` provider — read and submit through it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Blockfrost, Lucid, type LucidEvolution } from '@lucid-evolution/lucid';
import { BLOCKFROST_ANSWER_SCHEMAS as S, BlockfrostCardanoLedger } from '../../src/chain/cardano/blockfrost-ledger.ts';
import { createCardanoTestWallet, type CardanoTestWallet } from '../support/wallets.ts';
import { startBlockfrostChain, type TestBlockfrostChain } from '../support/blockfrost-chain.ts';

let chain: TestBlockfrostChain;
let wallet: CardanoTestWallet;
let lucid: LucidEvolution;
/** Three funding transactions of `wallet`, in chain order, and the deposit it sent with a CIP-20 message. */
const funding: string[] = [];
let deposit: string;
let depositHeight: number;

const get = (p: string, headers: Record<string, string> = { project_id: 'test' }) => fetch(chain.url + p, { headers });
const json = async (p: string) => {
  const res = await get(p);
  expect(res.status, p).toBe(200);
  return res.json() as Promise<unknown>;
};

beforeAll(async () => {
  chain = await startBlockfrostChain({ treasuryUtxos: 5 });
  wallet = createCardanoTestWallet();
  for (let i = 0; i < 3; i++) funding.push(await chain.fund(wallet.address));
  lucid = await Lucid(new Blockfrost(chain.url, chain.projectId), 'Preprod');
  // the wallet pays the treasury with a CIP-20 message, built and submitted through Lucid's Blockfrost provider
  lucid.selectWallet.fromAddress(wallet.address, await lucid.config().provider!.getUtxos(wallet.address));
  const tx = await lucid.newTx().pay.ToAddress(chain.money.treasury.address, { [chain.money.units.hexo]: 7_000_000n })
    .attachMetadata(674, { msg: ['kingdom deposit', 'account 42'] }).complete();
  const signed = await tx.assemble([wallet.signTx(tx.toCBOR())]).complete();
  deposit = await signed.submit();
  depositHeight = (await chain.blocks(2)).height - 1;
});
afterAll(async () => { await chain?.close(); });

describe('access and errors', () => {
  it('answers 403 without a project_id (or with an empty one), with Blockfrost\'s error body', async () => {
    for (const headers of [{}, { project_id: '' }] as Array<Record<string, string>>) {
      const res = await get('/blocks/latest', headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ status_code: 403, error: 'Forbidden' });
    }
  });

  it('answers 404 for an unknown transaction, address or route', async () => {
    const unseen = createCardanoTestWallet().address;
    for (const p of [`/txs/${'ab'.repeat(32)}`, `/txs/${'ab'.repeat(32)}/utxos`, `/addresses/${unseen}`, `/addresses/${unseen}/utxos`, `/addresses/${unseen}/transactions`, '/nonsense']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.json()).toEqual({ status_code: 404, error: 'Not Found', message: 'The requested component has not been found.' });
    }
  });

  it('answers 400 for malformed input and out-of-range paging', async () => {
    for (const p of ['/txs/XYZ', `/addresses/not-an-address`, `/addresses/addr_test1${'q'.repeat(400)}`, `/addresses/${wallet.address}/utxos?count=101`, `/addresses/${wallet.address}/utxos?page=0`,
      `/addresses/${wallet.address}/transactions?order=sideways`, `/addresses/${wallet.address}/transactions?from=abc`, `/addresses/${wallet.address}/utxos?extra=1`]) {
      const res = await get(p);
      expect(res.status, p).toBe(400);
      expect(await res.json()).toMatchObject({ status_code: 400, error: 'Bad Request' });
    }
  });

  it('refuses a bad or double-spending transaction with 400 and Blockfrost\'s body; Lucid\'s provider throws its message', async () => {
    const garbage = await fetch(chain.url + '/tx/submit', { method: 'POST', headers: { project_id: 'test', 'content-type': 'application/cbor' }, body: Buffer.from('00ff', 'hex') });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ status_code: 400, error: 'Bad Request', message: expect.any(String) });
    const wrongType = await fetch(chain.url + '/tx/submit', { method: 'POST', headers: { project_id: 'test', 'content-type': 'application/json' }, body: '"00"' });
    expect(wrongType.status).toBe(415);
    // the deposit again: its inputs are spent
    const cbor = (await json(`/txs/${deposit}/cbor`)) as { cbor: string };
    await expect(lucid.config().provider!.submitTx(cbor.cbor)).rejects.toThrow(/TxSubmitFail|spent|input/i);
  });

  it('bounds the admin endpoints\' inputs', async () => {
    const post = (p: string, body: unknown) => fetch(chain.origin + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/emulator/blocks', { count: 0 })).status).toBe(400);
    expect((await post('/emulator/blocks', { count: 1, extra: true })).status).toBe(400);
    expect((await post('/emulator/rollback', { depth: -1 })).status).toBe(400);
    expect((await post('/emulator/fund', { address: 'addr1qx' })).status).toBe(400);
  });
});

describe('answer shapes (the ledger\'s own zod schemas)', () => {
  it('/blocks/latest', async () => {
    const b = S.latestBlock.parse(await json('/blocks/latest'));
    expect(b.height).toBeGreaterThanOrEqual(depositHeight + 1);
    expect(b.slot).toBe(b.height * 20);
  });

  it('/addresses/{address}: the wallet\'s confirmed holdings, lovelace first', async () => {
    const a = S.addressContent.parse(await json(`/addresses/${wallet.address}`));
    expect(a.amount[0]!.unit).toBe('lovelace');
    expect(a.amount.find((x) => x.unit === chain.money.units.hexo)!.quantity).toBe(String(3n * 10_000_000_000n - 7_000_000n));
  });

  it('/addresses/{address}/transactions pages in chain order, both ways, and filters by from/to', async () => {
    const all = S.addressTxs.parse(await json(`/addresses/${wallet.address}/transactions`));
    expect(all.map((t) => t.tx_hash)).toEqual([...funding, deposit]);
    const p1 = S.addressTxs.parse(await json(`/addresses/${wallet.address}/transactions?count=3&page=1`));
    const p2 = S.addressTxs.parse(await json(`/addresses/${wallet.address}/transactions?count=3&page=2`));
    expect([...p1, ...p2]).toEqual(all);
    const desc = S.addressTxs.parse(await json(`/addresses/${wallet.address}/transactions?order=desc&count=2`));
    expect(desc.map((t) => t.tx_hash)).toEqual([deposit, funding[2]]);
    const at = all[1]!.block_height;
    const ranged = S.addressTxs.parse(await json(`/addresses/${wallet.address}/transactions?from=${at}&to=${depositHeight}`));
    expect(ranged.map((t) => t.tx_hash)).toEqual([funding[1], funding[2], deposit]);
    const fromIndex = S.addressTxs.parse(await json(`/addresses/${wallet.address}/transactions?from=${at}:1&to=${depositHeight}`));
    expect(fromIndex.map((t) => t.tx_hash)).toEqual([funding[2], deposit]);
  });

  it('/txs/{hash}, /utxos (spent outputs name their spender) and /metadata', async () => {
    const tx = S.txContent.parse(await json(`/txs/${deposit}`));
    expect(tx).toMatchObject({ hash: deposit, block_height: depositHeight, index: 0, valid_contract: true });
    const utxos = S.txUtxos.parse(await json(`/txs/${deposit}/utxos`));
    expect(new Set(utxos.inputs.map((i) => i.address))).toEqual(new Set([wallet.address]));
    expect(utxos.outputs[0]).toMatchObject({ address: chain.money.treasury.address, output_index: 0 });
    const funded = (await json(`/txs/${funding[0]}/utxos`)) as { outputs: Array<{ consumed_by_tx: string | null }> };
    expect(funded.outputs.some((o) => o.consumed_by_tx === deposit)).toBe(true);
    const md = S.txMetadata.parse(await json(`/txs/${deposit}/metadata`));
    expect(md).toEqual([{ label: '674', json_metadata: { msg: ['kingdom deposit', 'account 42'] } }]);
  });

  it('/addresses/{address}/utxos pages (count, page, order) over the treasury\'s outputs', async () => {
    const all = (await json(`/addresses/${chain.money.treasury.address}/utxos`)) as Array<{ tx_hash: string; output_index: number }>;
    expect(all).toHaveLength(6); // five genesis outputs and the deposit
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...((await json(`/addresses/${chain.money.treasury.address}/utxos?count=2&page=${page}`)) as typeof all));
    expect(pages).toEqual(all);
    expect(await json(`/addresses/${chain.money.treasury.address}/utxos?count=2&page=4`)).toEqual([]);
    const desc = (await json(`/addresses/${chain.money.treasury.address}/utxos?order=desc`)) as typeof all;
    expect(desc).toEqual([...all].reverse());
    const hexo = (await json(`/addresses/${chain.money.treasury.address}/utxos/${chain.money.units.hexo}`)) as typeof all;
    expect(hexo).toHaveLength(6);
  });
});

describe('the clients over it', () => {
  it('BlockfrostCardanoLedger: tip, transactionsTo with senders and message, txBlock, balance', async () => {
    const ledger = new BlockfrostCardanoLedger('preprod', chain.projectId, { baseUrl: chain.url });
    const tip = await ledger.tip();
    const txs = await ledger.transactionsTo([chain.money.treasury.address], 0, tip.height);
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({ hash: deposit, block: { height: depositHeight }, senders: [wallet.address], message: ['kingdom deposit', 'account 42'] });
    expect(txs[0]!.outputs[0]).toMatchObject({ address: chain.money.treasury.address, assets: { [chain.money.units.hexo]: 7_000_000n } });
    expect(await ledger.txBlock(deposit)).toEqual(txs[0]!.block);
    expect(await ledger.txBlock('cd'.repeat(32))).toBeNull();
    const held = await ledger.balance(chain.money.treasury.address);
    expect(held.assets[chain.money.units.hexo]).toBe(5n * 1_000_000n * 1_000_000n + 7_000_000n);
  });

  it('Lucid\'s Blockfrost provider: protocol parameters, UTxOs by out ref, datum and delegation', async () => {
    const provider = lucid.config().provider!;
    const ours = await chain.money.ledger.lucidProvider().getProtocolParameters();
    const theirs = await provider.getProtocolParameters();
    expect(theirs).toMatchObject({ minFeeA: ours.minFeeA, minFeeB: ours.minFeeB, maxTxSize: ours.maxTxSize, coinsPerUtxoByte: ours.coinsPerUtxoByte, keyDeposit: ours.keyDeposit });
    const [utxo] = await provider.getUtxosByOutRef([{ txHash: deposit, outputIndex: 0 }]);
    expect(utxo).toMatchObject({ txHash: deposit, outputIndex: 0, address: chain.money.treasury.address });
    expect(await provider.getUtxosByOutRef([{ txHash: funding[0]!, outputIndex: 0 }])).toEqual([]); // spent by the deposit
    await expect(provider.getDatum('ef'.repeat(32))).rejects.toThrow();
    expect(await provider.getDelegation('stake_test1uqfu74w3wh4gfzu8m6e7j987h4lq9r3t7ef5gaw497uu85qsqfy27')).toEqual({ poolId: null, rewards: 0n });
  });

  it('a rollback takes the deposit out of the chain for every client; the request counter counts calls per route', async () => {
    const ledger = new BlockfrostCardanoLedger('preprod', chain.projectId, { baseUrl: chain.url });
    chain.server.resetRequests();
    const tip = await ledger.tip();
    const res = await fetch(chain.origin + '/emulator/rollback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ depth: tip.height - depositHeight + 1 }) });
    expect(res.status).toBe(200);
    expect(await ledger.txBlock(deposit)).toBeNull();
    expect((await get(`/txs/${deposit}`)).status).toBe(404);
    expect(await ledger.transactionsTo([chain.money.treasury.address], 0, depositHeight + 5)).toEqual([]);
    const counted = (await (await fetch(chain.origin + '/emulator/requests')).json()) as { total: number; by_route: Record<string, number> };
    expect(counted.by_route).toMatchObject({ 'GET /api/v0/blocks/latest': 1, 'GET /api/v0/txs/:hash': 2 });
    expect(counted.total).toBe(Object.values(counted.by_route).reduce((a, b) => a + b, 0));
  });
});

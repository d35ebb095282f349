/**
 * The local Solana cluster (chain/solana): through `@solana/kit` against its JSON-RPC handler, in
 * process and over HTTP; one chain for two app instances on one database; a process restarted
 * mid-run; commitments, forks, limits and garbage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountRole, appendTransactionMessageInstructions, createSolanaRpc, createSolanaRpcFromTransport, createTransactionMessage,
  generateKeyPairSigner, getBase58Decoder, getBase64EncodedWireTransaction, getSignatureFromTransaction, getTransactionEncoder, lamports, pipe,
  setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash, signTransactionMessageWithSigners,
  type Address, type Blockhash, type KeyPairSigner, type Rpc, type SolanaRpcApi,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { getAddMemoInstruction } from '@solana-program/memo';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { createChainProviders } from '../../src/chain/index.ts';
import { openDatabase } from '../../src/db/client.ts';
import { DEMO_SOL_LAMPORTS, SOLANA_MAX_TX_BYTES } from '@kingdom/game';
import { LocalSolanaCluster, MEMO_PROGRAM_ADDRESS } from '@kingdom/emulators';
import { buildApp } from '../../src/app.ts';
import { sql } from 'drizzle-orm';

const sqlCount = sql`SELECT count(*) AS n FROM sol_chain_snapshots`;
const rowsOf = (r: unknown): Array<Record<string, unknown>> => (Array.isArray(r) ? r : (r as { rows: Array<Record<string, unknown>> }).rows);

const SOL = 1_000_000_000n;

let k: TestKingdom;
let cluster: LocalSolanaCluster;
let rpc: Rpc<SolanaRpcApi>;

beforeAll(async () => {
  // DEMO_CHAIN_FAUCET on: a Solana sign-in asks for demo SOL (the test below); nothing else signs in here
  k = await createTestKingdom({ demo: true, env: { DEMO_CHAIN_FAUCET: 'true' } });
  // the emulator itself under test: the concrete cluster behind the server's LocalSolana interface
  cluster = k.providers.solanaChain.local as LocalSolanaCluster;
  rpc = createSolanaRpcFromTransport(cluster.transport);
});
afterAll(async () => { await k.close(); });

/** A signed transfer of `amount` lamports from `payer` with a memo and a read-only reference key. */
async function transfer(r: Rpc<SolanaRpcApi>, payer: KeyPairSigner, to: Address, amount: bigint, opts: { memo?: string; reference?: Address; version?: 'legacy' | 0; blockhash?: { blockhash: Blockhash; lastValidBlockHeight: bigint } } = {}) {
  const latest = opts.blockhash ?? (await r.getLatestBlockhash({ commitment: 'confirmed' }).send()).value;
  const ix = getTransferSolInstruction({ source: payer, destination: to, amount: lamports(amount) });
  const withRef = opts.reference ? { ...ix, accounts: [...ix.accounts, { address: opts.reference, role: AccountRole.READONLY }] } : ix;
  const message = pipe(
    createTransactionMessage({ version: opts.version ?? 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions(opts.memo !== undefined ? [withRef, getAddMemoInstruction({ memo: opts.memo }, { programAddress: MEMO_PROGRAM_ADDRESS })] : [withRef], m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return { signed, wire: getBase64EncodedWireTransaction(signed), signature: getSignatureFromTransaction(signed) };
}

async function funded(amount = 10n * SOL): Promise<KeyPairSigner> {
  const w = await generateKeyPairSigner();
  await rpc.requestAirdrop(w.address, lamports(amount)).send();
  return w;
}

describe('local Solana cluster through @solana/kit (in-process transport)', () => {
  it('airdrops, then a transfer with a memo and a reference key is found by the reference and read back', async () => {
    const payer = await funded();
    expect((await rpc.getBalance(payer.address, { commitment: 'processed' }).send()).value).toBe(10n * SOL);
    const to = (await generateKeyPairSigner()).address;
    const reference = (await generateKeyPairSigner()).address;
    const t = await transfer(rpc, payer, to, 2n * SOL, { memo: 'order 42', reference });
    const sig = await rpc.sendTransaction(t.wire, { encoding: 'base64' }).send();
    expect(sig).toBe(t.signature);
    expect((await rpc.getBalance(to, { commitment: 'processed' }).send()).value).toBe(2n * SOL);
    expect((await rpc.getBalance(payer.address, { commitment: 'processed' }).send()).value).toBe(8n * SOL - 5000n);

    // processed only: not in the confirmed history yet
    expect(await rpc.getSignaturesForAddress(reference, { commitment: 'confirmed' }).send()).toEqual([]);
    let [status] = (await rpc.getSignatureStatuses([sig]).send()).value;
    expect(status?.confirmationStatus).toBe('processed');
    expect(status?.confirmations).toBe(0n);

    await cluster.produceSlots(1);
    [status] = (await rpc.getSignatureStatuses([sig]).send()).value;
    expect(status?.confirmationStatus).toBe('confirmed');
    const found = await rpc.getSignaturesForAddress(reference, { commitment: 'confirmed' }).send();
    expect(found.map((s) => s.signature)).toEqual([sig]);
    expect(found[0]!.memo).toBe('[8] order 42');
    expect(found[0]!.confirmationStatus).toBe('confirmed');
    expect(await rpc.getTransaction(sig, { commitment: 'finalized', maxSupportedTransactionVersion: 0, encoding: 'json' }).send()).toBeNull();

    await cluster.produceSlots(1);
    [status] = (await rpc.getSignatureStatuses([sig]).send()).value;
    expect(status?.confirmationStatus).toBe('finalized');
    expect(status?.confirmations).toBeNull();
    const tx = await rpc.getTransaction(sig, { commitment: 'finalized', maxSupportedTransactionVersion: 0, encoding: 'json' }).send();
    expect(tx).not.toBeNull();
    expect(tx!.version).toBe(0);
    expect(tx!.meta!.err).toBeNull();
    expect(tx!.meta!.fee).toBe(5000n);
    const keys = tx!.transaction.message.accountKeys;
    expect(keys).toContain(reference);
    const iTo = keys.indexOf(to);
    const iPayer = keys.indexOf(payer.address);
    expect(tx!.meta!.postBalances[iTo]! - tx!.meta!.preBalances[iTo]!).toBe(2n * SOL);
    expect(tx!.meta!.preBalances[iPayer]! - tx!.meta!.postBalances[iPayer]!).toBe(2n * SOL + 5000n);
    expect(tx!.meta!.logMessages).toContain('Program log: order 42');
    expect(tx!.meta!.loadedAddresses).toEqual({ writable: [], readonly: [] });
    expect(tx!.slot).toBe(status!.slot);
    // a v0 transaction without maxSupportedTransactionVersion: the RPC's -32015
    await expect(rpc.getTransaction(sig, { commitment: 'confirmed', encoding: 'json' }).send()).rejects.toMatchObject({ context: { __code: -32015 } });
  });

  it('getTransaction answers base64 (the wire bytes) and jsonParsed (the transfer and the memo parsed)', async () => {
    const payer = await funded();
    const to = (await generateKeyPairSigner()).address;
    const t = await transfer(rpc, payer, to, 3n * SOL, { memo: 'kingdom:order:7' });
    await rpc.sendTransaction(t.wire, { encoding: 'base64' }).send();
    await cluster.produceSlots(1);
    const b64 = await rpc.getTransaction(t.signature, { commitment: 'confirmed', encoding: 'base64', maxSupportedTransactionVersion: 0 }).send();
    expect(b64!.transaction).toEqual([t.wire, 'base64']);
    const parsed = await rpc.getTransaction(t.signature, { commitment: 'confirmed', encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }).send();
    const ixs = parsed!.transaction.message.instructions as unknown as Array<{ program?: string; parsed?: unknown }>;
    expect(ixs[0]).toMatchObject({ program: 'system', parsed: { type: 'transfer', info: { source: payer.address, destination: to, lamports: 3n * SOL } } });
    expect(ixs[1]).toMatchObject({ program: 'spl-memo', parsed: 'kingdom:order:7' });
    expect(parsed!.transaction.message.accountKeys[0]).toMatchObject({ pubkey: payer.address, signer: true, writable: true, source: 'transaction' });
  });

  it('accepts legacy transactions (getTransaction answers them without the version field)', async () => {
    const payer = await funded();
    const to = (await generateKeyPairSigner()).address;
    const t = await transfer(rpc, payer, to, SOL, { version: 'legacy', memo: 'legacy' });
    await rpc.sendTransaction(t.wire, { encoding: 'base64' }).send();
    await cluster.produceSlots(1);
    const tx = await rpc.getTransaction(t.signature, { commitment: 'confirmed', encoding: 'json' }).send();
    expect(tx?.meta?.err).toBeNull();
    expect(tx && 'version' in tx).toBe(false);
    const tx2 = await rpc.getTransaction(t.signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0, encoding: 'json' }).send();
    expect(tx2?.version).toBe('legacy');
  });

  it('answers a batch in order: reads before a write see the chain before it, reads after see it', async () => {
    const w = (await generateKeyPairSigner()).address;
    const balance = { jsonrpc: '2.0', method: 'getBalance', params: [w, { commitment: 'processed' }] };
    const answers = await cluster.handle([
      { ...balance, id: 1 }, { ...balance, id: 2 }, { jsonrpc: '2.0', id: 3, method: 'requestAirdrop', params: [w, 5_000_000_000] },
      { ...balance, id: 4 }, { jsonrpc: '2.0', id: 5, method: 'nope' }, { ...balance, id: 6, params: ['bad'] },
    ]) as Array<{ id: number; result?: { value: bigint }; error?: { code: number } }>;
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(answers[0]!.result!.value).toBe(0n);
    expect(answers[1]!.result!.value).toBe(0n);
    expect(typeof answers[2]!.result).toBe('string');
    expect(answers[3]!.result!.value).toBe(5_000_000_000n);
    expect(answers[4]!.error!.code).toBe(-32601);
    expect(answers[5]!.error!.code).toBe(-32602);
  });

  it('a batch of sendTransaction goes in one write, each answered as if alone', async () => {
    const payer = await funded(100n * SOL);
    const to = (await generateKeyPairSigner()).address;
    const good = await Promise.all(Array.from({ length: 20 }, (_, i) => transfer(rpc, payer, to, SOL + BigInt(i))));
    const overdraft = await transfer(rpc, payer, to, 1000n * SOL);
    const send = (wire: string, id: number, extra: object = {}) => ({ jsonrpc: '2.0', id, method: 'sendTransaction', params: [wire, { encoding: 'base64', ...extra }] });
    const answers = await cluster.handle([
      ...good.slice(0, 10).map((g, i) => send(g.wire, i)), send(good[0]!.wire, 10), send('AAAA', 11), send(overdraft.wire, 12),
      send(overdraft.wire, 13, { skipPreflight: true }), ...good.slice(10).map((g, i) => send(g.wire, 14 + i)),
    ]) as Array<{ id: number; result?: string; error?: { code: number; data?: { err: unknown } } }>;
    expect(answers.map((a) => a.id)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(answers.slice(0, 10).map((a) => a.result)).toEqual(good.slice(0, 10).map((g) => g.signature));
    expect(answers[10]!.error).toMatchObject({ code: -32002, data: { err: 'AlreadyProcessed' } });
    expect(answers[11]!.error!.code).toBe(-32602);
    expect(answers[12]!.error).toMatchObject({ code: -32002, data: { err: { InstructionError: [0, { Custom: 1 }] } } });
    expect(answers[13]!.result).toBe(overdraft.signature);
    expect(answers.slice(14).map((a) => a.result)).toEqual(good.slice(10).map((g) => g.signature));
    expect((await rpc.getBalance(to).send()).value).toBe(20n * SOL + 190n);
    const [failed] = (await rpc.getSignatureStatuses([overdraft.signature]).send()).value;
    expect(failed?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    // another replica replays the batch the same
    const other = await LocalSolanaCluster.open(k.db.orm, { finalitySlots: k.config.solana.finalitySlots });
    expect((await createSolanaRpcFromTransport(other.transport).getBalance(to).send()).value).toBe(20n * SOL + 190n);
  });

  it('takes base58 as the default encoding', async () => {
    const payer = await funded();
    const t = await transfer(rpc, payer, (await generateKeyPairSigner()).address, SOL);
    const b58 = getBase58Decoder().decode(getTransactionEncoder().encode(t.signed));
    const res = await cluster.handle({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [b58] }) as { result: string };
    expect(res.result).toBe(t.signature);
  });

  it('two equal transfers built on different slots both land (each slot has its blockhash)', async () => {
    const payer = await funded();
    const to = (await generateKeyPairSigner()).address;
    const a = await transfer(rpc, payer, to, SOL);
    await rpc.sendTransaction(a.wire, { encoding: 'base64' }).send();
    await cluster.produceSlots(1);
    const b = await transfer(rpc, payer, to, SOL);
    expect(b.signature).not.toBe(a.signature);
    await rpc.sendTransaction(b.wire, { encoding: 'base64' }).send();
    expect((await rpc.getBalance(to, { commitment: 'processed' }).send()).value).toBe(2n * SOL);
    // the same transaction twice: "already processed"
    await expect(rpc.sendTransaction(b.wire, { encoding: 'base64' }).send()).rejects.toMatchObject({ context: { __code: -32002 } });
  });

  it('a rollback drops an unfinalized transaction; finalized slots stay', async () => {
    const payer = await funded();
    await cluster.produceSlots(2);
    const to = (await generateKeyPairSigner()).address;
    const t = await transfer(rpc, payer, to, SOL);
    await rpc.sendTransaction(t.wire, { encoding: 'base64' }).send();
    await cluster.produceSlots(1);
    expect((await rpc.getSignatureStatuses([t.signature]).send()).value[0]?.confirmationStatus).toBe('confirmed');
    const before = await cluster.tip();
    const tip = await cluster.rollback(1);
    expect(tip.slot).toBe(before.slot - 1);
    expect((await rpc.getSignatureStatuses([t.signature]).send()).value[0]).toBeNull();
    expect((await rpc.getBalance(to, { commitment: 'processed' }).send()).value).toBe(0n);
    // the payer's airdrop (finalized) stays
    expect((await rpc.getBalance(payer.address, { commitment: 'processed' }).send()).value).toBe(10n * SOL);
    await expect(cluster.rollback(2)).rejects.toThrow(/finalized/);
    // the chain goes on: the same transfer may be sent again (its blockhash is still recent)
    await rpc.sendTransaction(t.wire, { encoding: 'base64' }).send();
    expect((await rpc.getBalance(to, { commitment: 'processed' }).send()).value).toBe(SOL);
  });

  it('refuses a transaction over 1232 bytes, an expired blockhash, and an unfunded payer', async () => {
    const payer = await funded();
    const big = await transfer(rpc, payer, (await generateKeyPairSigner()).address, SOL, { memo: 'x'.repeat(1100) });
    expect(getTransactionEncoder().encode(big.signed).length).toBeGreaterThan(SOLANA_MAX_TX_BYTES);
    await expect(rpc.sendTransaction(big.wire, { encoding: 'base64' }).send()).rejects.toMatchObject({ context: { __code: -32602 } });
    await expect(rpc.simulateTransaction(big.wire, { encoding: 'base64' }).send()).rejects.toMatchObject({ context: { __code: -32602 } });

    const old = (await rpc.getLatestBlockhash({ commitment: 'processed' }).send()).value;
    await cluster.produceSlots(151);
    expect((await rpc.isBlockhashValid(old.blockhash).send()).value).toBe(false);
    const stale = await transfer(rpc, payer, (await generateKeyPairSigner()).address, SOL, { blockhash: old });
    const refused = await cluster.handle({ jsonrpc: '2.0', id: 7, method: 'sendTransaction', params: [stale.wire, { encoding: 'base64' }] }) as { error: { code: number; message: string; data: { err: unknown } } };
    expect(refused.error.code).toBe(-32002);
    expect(refused.error.message).toBe('Transaction simulation failed: Blockhash not found');
    expect(refused.error.data.err).toBe('BlockhashNotFound');
    const sim = await rpc.simulateTransaction(stale.wire, { encoding: 'base64' }).send();
    expect(sim.value.err).toBe('BlockhashNotFound');
    const replaced = await rpc.simulateTransaction(stale.wire, { encoding: 'base64', replaceRecentBlockhash: true }).send();
    expect(replaced.value.err).toBeNull();
    expect(replaced.value.replacementBlockhash?.blockhash).toBe((await rpc.getLatestBlockhash({ commitment: 'processed' }).send()).value.blockhash);

    // the accounts a simulation would leave: the payer less amount and fee, the recipient more
    const to = (await generateKeyPairSigner()).address;
    const fresh = await transfer(rpc, payer, to, 2n * SOL);
    const before = (await rpc.getBalance(payer.address, { commitment: 'processed' }).send()).value;
    const after = await rpc.simulateTransaction(fresh.wire, { encoding: 'base64', accounts: { addresses: [payer.address, to], encoding: 'base64' } }).send();
    expect(after.value.accounts?.map((a) => a?.lamports)).toEqual([before - 2n * SOL - 5000n, 2n * SOL]);
    expect((await rpc.getBalance(to, { commitment: 'processed' }).send()).value).toBe(0n);

    const broke = await generateKeyPairSigner();
    const poor = await transfer(rpc, broke, payer.address, 1n);
    const sim2 = await rpc.simulateTransaction(poor.wire, { encoding: 'base64' }).send();
    expect(sim2.value.err).toBe('AccountNotFound');
  });

  it('a transfer of more than the balance fails in preflight; with skipPreflight it lands with its error and pays the fee', async () => {
    const payer = await funded(SOL);
    const t = await transfer(rpc, payer, (await generateKeyPairSigner()).address, 5n * SOL);
    await expect(rpc.sendTransaction(t.wire, { encoding: 'base64' }).send()).rejects.toMatchObject({ context: { __code: -32002 } });
    expect((await rpc.getBalance(payer.address, { commitment: 'processed' }).send()).value).toBe(SOL);
    await rpc.sendTransaction(t.wire, { encoding: 'base64', skipPreflight: true }).send();
    const [status] = (await rpc.getSignatureStatuses([t.signature]).send()).value;
    expect(status?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    expect((await rpc.getBalance(payer.address, { commitment: 'processed' }).send()).value).toBe(SOL - 5000n);
  });

  it('answers the chain\'s facts: genesis hash, slot, block height, rent, fee, version, health, epoch', async () => {
    expect(await rpc.getGenesisHash().send()).toBe(cluster.genesisHash);
    expect(await k.providers.solanaChain.genesisHash()).toBe(cluster.genesisHash);
    const tip = await cluster.tip();
    expect(await rpc.getSlot({ commitment: 'processed' }).send()).toBe(BigInt(tip.slot));
    expect(await rpc.getBlockHeight({ commitment: 'finalized' }).send()).toBe(BigInt(tip.finalizedSlot));
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n);
    expect(await rpc.getHealth().send()).toBe('ok');
    expect((await rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await rpc.getEpochInfo().send()).slotsInEpoch).toBe(432_000n);
    const info = await rpc.getAccountInfo(k.providers.solanaChain.saleAddress, { encoding: 'base64' }).send();
    expect(info.value?.lamports).toBe(890_880n);
    expect(info.value?.owner).toBe('11111111111111111111111111111111');
  });
});

describe('JSON-RPC over HTTP (POST /api/solana/rpc)', () => {
  it('answers garbage with JSON-RPC errors, never a 500', async () => {
    const post = (payload: string, contentType = 'application/json') => k.app.inject({ method: 'POST', url: '/api/solana/rpc', payload, headers: { 'content-type': contentType } });
    const cases: Array<[string, number]> = [
      ['{', -32700], ['', -32700], ['null', -32600], ['[]', -32600], ['"x"', -32600], ['{"jsonrpc":"2.0"}', -32600],
      ['{"jsonrpc":"2.0","id":1,"method":"nope"}', -32601], ['{"jsonrpc":"2.0","id":1,"method":"getBalance","params":{}}', -32602],
      ['{"jsonrpc":"2.0","id":1,"method":"getBalance","params":["x"]}', -32602], ['{"jsonrpc":"2.0","id":1,"method":"getBalance","params":[1]}', -32602],
      ['{"jsonrpc":"2.0","id":1,"method":"sendTransaction","params":["AAAA",{"encoding":"base64"}]}', -32602],
      ['{"jsonrpc":"2.0","id":1,"method":"sendTransaction","params":["!!!"]}', -32602],
      ['{"jsonrpc":"2.0","id":1,"method":"getTransaction","params":["1"]}', -32602],
      ['{"jsonrpc":"2.0","id":1,"method":"getSignaturesForAddress","params":["11111111111111111111111111111111",{"limit":0}]}', -32602],
      ['{"jsonrpc":"2.0","id":1,"method":"getLatestBlockhash","params":[{"commitment":"nope"}]}', -32602],
      ['{"jsonrpc":"2.0","id":1,"method":"toString"}', -32601], ['{"jsonrpc":"2.0","id":1,"method":"__proto__"}', -32601],
      ['{"jsonrpc":"2.0","id":1,"method":"requestAirdrop","params":["11111111111111111111111111111111",1e30]}', -32602],
      ['{"jsonrpc":"2.0","id":1,"method":"getMinimumBalanceForRentExemption","params":[-1]}', -32602],
    ];
    for (const [payload, code] of cases) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(res.json<{ error: { code: number } }>().error.code, payload).toBe(code);
    }
    // random bytes
    for (let i = 0; i < 30; i++) {
      const junk = Buffer.from(Array.from({ length: 1 + (i * 37) % 300 }, (_, j) => (i * 131 + j * 17) % 256)).toString('latin1');
      const res = await post(junk);
      expect(res.statusCode).toBeLessThan(500);
    }
    // any content type (wallets differ), no CSRF token, open CORS
    const plain = await post('{"jsonrpc":"2.0","id":9,"method":"getHealth"}', 'text/plain');
    expect(plain.json()).toEqual({ jsonrpc: '2.0', id: 9, result: 'ok' });
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    const none = await k.app.inject({ method: 'POST', url: '/api/solana/rpc', payload: '' });
    expect(none.statusCode).toBeLessThan(500);
    const huge = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth', params: ['x'.repeat(100_000)] }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ error: { code: number } }>().error.code).toBe(-32600);
  });

  it('every method, fed garbage params, answers a result or a JSON-RPC error of its own (never -32603)', async () => {
    const { SOLANA_RPC_METHODS } = await import('@kingdom/emulators');
    const sig = (await rpc.requestAirdrop((await generateKeyPairSigner()).address, lamports(SOL)).send());
    const junk: unknown[] = [
      null, true, 0, -1, 1.5, 2 ** 60, 'x', '', '11111111111111111111111111111111', sig, 'A'.repeat(2000), [], {}, [[]], { encoding: 'base64' },
      { commitment: 'processed', encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }, { limit: 'x' }, { before: 5 }, { dataSlice: { offset: -1, length: 2 } },
      { dataSlice: { offset: 0, length: 1e12 } }, { minContextSlot: 1e9 }, { encoding: 'binary' }, { accounts: { addresses: ['x'] } }, { accounts: { addresses: 'x' } },
      { sigVerify: true, replaceRecentBlockhash: true }, { encoding: 'base58' }, Object.create(null),
    ];
    for (const method of SOLANA_RPC_METHODS) {
      for (const a of junk) {
        for (const params of [[a], [a, a], ['11111111111111111111111111111111', a], [sig, a], [[sig], a], [a, 1000]]) {
          const res = await cluster.handle({ jsonrpc: '2.0', id: 1, method, params }) as { result?: unknown; error?: { code: number; message: string } };
          expect('result' in res || typeof res.error?.code === 'number', `${method} ${JSON.stringify(params)}`).toBe(true);
          expect(res.error?.code, `${method} ${JSON.stringify(params)}: ${res.error?.message}`).not.toBe(-32603);
        }
      }
    }
  }, 120_000);

  it('serves @solana/kit over HTTP (listening server): a batch, airdrop, transfer, history', async () => {
    const url = await k.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const http = createSolanaRpc(`${url}/api/solana/rpc`);
      const payer = await generateKeyPairSigner();
      await http.requestAirdrop(payer.address, lamports(3n * SOL)).send();
      const reference = (await generateKeyPairSigner()).address;
      const t = await transfer(http, payer, (await generateKeyPairSigner()).address, SOL, { memo: 'http', reference });
      expect(await http.sendTransaction(t.wire, { encoding: 'base64' }).send()).toBe(t.signature);
      await cluster.produceSlots(2);
      const found = await http.getSignaturesForAddress(reference, { commitment: 'finalized' }).send();
      expect(found.map((f) => f.signature)).toEqual([t.signature]);
      const res = await fetch(`${url}/api/solana/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getHealth' }, { jsonrpc: '2.0', id: 'b', method: 'getGenesisHash' }, { jsonrpc: '2.0', id: 3, method: 'nope' },
      ]) });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([
        { jsonrpc: '2.0', id: 1, result: 'ok' }, { jsonrpc: '2.0', id: 'b', result: cluster.genesisHash },
        { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } },
      ]);
      // the real path (SOLANA_RPC_URL) is the same client code: here pointed at this endpoint
      const { createSolanaChain } = await import('../../src/chain/solana/index.ts');
      const { loadConfig } = await import('../../src/config.ts');
      const real = await createSolanaChain(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', SOLANA_RPC_URL: `${url}/api/solana/rpc`, SOLANA_SALE_ADDRESS: reference }), k.db);
      expect(real.local).toBeNull();
      expect(real.saleAddress).toBe(reference);
      expect(real.rpcUrl).toBe(`${url}/api/solana/rpc`);
      expect(await real.genesisHash()).toBe(cluster.genesisHash);
      expect((await real.rpc.getBalance(payer.address).send()).value).toBe(2n * SOL - 5000n);
    } finally {
      // the app (and its listening socket) closes in afterAll
    }
  });
});

describe('demo controls, chain info and the faucet', () => {
  it('POST /api/demo/solana/slots produces slots; GET /api/chain/info publishes the cluster', async () => {
    const before = await cluster.tip();
    const res = await k.post('/demo/solana/slots', { count: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ slot: before.slot + 3, confirmed_slot: before.slot + 2, finalized_slot: before.slot + 1 });
    const info = (await k.get('/chain/info')).json<{ solana: Record<string, unknown> }>();
    expect(info.solana).toEqual({
      cluster: 'devnet', genesis_hash: cluster.genesisHash, rpc_url: '/api/solana/rpc',
      sale_address: k.providers.solanaChain.saleAddress, explorer_tx_url: null,
    });
    expect(cluster.genesisHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect((await k.providers.solanaChain.local!.keypair('sale')).address).toBe(k.providers.solanaChain.saleAddress);
  });

  it('the demo faucet airdrops SOL to a Solana address, and refuses it for a Cardano one', async () => {
    const w = await generateKeyPairSigner();
    const res = await k.post('/demo/faucet', { address: w.address, sol: '2.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ sol: { lamports: string } }>().sol.lamports).toBe('2500000000');
    expect((await rpc.getBalance(w.address, { commitment: 'processed' }).send()).value).toBe(2_500_000_000n);
    const { createCardanoTestWallet } = await import('../support/wallets.ts');
    const cardano = await k.post('/demo/faucet', { address: createCardanoTestWallet().address, sol: '1' });
    expect(cardano.json<{ error: string }>().error).toBe('SYSTEM_FEATURE_NOT_AVAILABLE');
  });

  it('a Solana wallet\'s first sign-in in demo mode is funded once by the job', async () => {
    const { createSolanaTestWallet } = await import('../support/wallets.ts');
    const { signInSolana } = await import('../support/kingdom.ts');
    const { paySolanaDemoFunding } = await import('../../src/chain/solana/demo-funding.ts');
    const wallet = createSolanaTestWallet();
    await signInSolana(k, wallet);
    await signInSolana(k, wallet);
    const paid = await paySolanaDemoFunding(k.db.orm, cluster);
    expect([...paid.keys()]).toEqual([wallet.address]);
    expect((await paySolanaDemoFunding(k.db.orm, cluster)).size).toBe(0);
    expect((await rpc.getBalance(wallet.address as Address, { commitment: 'processed' }).send()).value).toBe(DEMO_SOL_LAMPORTS);
  });
});

describe('real clusters', () => {
  it('publish the cluster\'s public RPC, its well-known genesis hash and explorer, and need SOLANA_SALE_ADDRESS', async () => {
    const { createSolanaChain } = await import('../../src/chain/solana/index.ts');
    const { loadConfig } = await import('../../src/config.ts');
    const sale = (await generateKeyPairSigner()).address;
    const env = { LOG_LEVEL: 'silent', DATA_DIR: 'memory://', CARDANO_NETWORK: 'preprod', LAND_POLICY_ID: 'a'.repeat(56), MINING_TOOL_POLICY_ID: 'b'.repeat(56) };
    const devnet = await createSolanaChain(loadConfig({ ...env, SOLANA_SALE_ADDRESS: sale }), k.db);
    expect(devnet).toMatchObject({ cluster: 'devnet', rpcUrl: 'https://api.devnet.solana.com', saleAddress: sale, local: null, explorerTxUrl: 'https://explorer.solana.com/tx/{signature}?cluster=devnet' });
    expect(await devnet.genesisHash()).toBe('EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG');
    const mainnet = await createSolanaChain(loadConfig({ ...env, SOLANA_CLUSTER: 'mainnet-beta', SOLANA_SALE_ADDRESS: sale }), k.db);
    expect(await mainnet.genesisHash()).toBe('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d');
    await expect(createSolanaChain(loadConfig(env), k.db)).rejects.toThrow(/SOLANA_SALE_ADDRESS/);
  });

  it('an emulator without demo mode answers no requestAirdrop (free SOL would pay for EXO)', async () => {
    const { createSolanaChain } = await import('../../src/chain/solana/index.ts');
    const { loadConfig } = await import('../../src/config.ts');
    const chain = await createSolanaChain(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', DEMO: 'false' }), k.db);
    const w = (await generateKeyPairSigner()).address;
    expect(await chain.local!.handle({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [w, 1_000_000_000] })).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
    expect(typeof await chain.local!.airdrop(w, 1_000_000_000n)).toBe('string');
  });
});

describe('jobs', () => {
  it('the slot job produces a slot per run (SOLANA_SLOT_MS); none with 0; demo funding only with the faucet on', async () => {
    const { localSolanaJobs, SOLANA_SLOTS_JOB } = await import('../../src/chain/solana/jobs.ts');
    const { loadConfig } = await import('../../src/config.ts');
    const env = { LOG_LEVEL: 'silent', DATA_DIR: 'memory://', DEMO: 'true' };
    const jobs = localSolanaJobs(loadConfig({ ...env, SOLANA_SLOT_MS: '400', DEMO_CHAIN_FAUCET: 'false' }), k.db, cluster);
    expect(jobs.map((j) => [j.name, j.everyMs])).toEqual([[SOLANA_SLOTS_JOB, 400]]);
    const before = await cluster.tip();
    await jobs[0]!.run();
    expect((await cluster.tip()).slot).toBe(before.slot + 1);
    expect(localSolanaJobs(loadConfig({ ...env, SOLANA_SLOT_MS: '0', DEMO_CHAIN_FAUCET: 'true' }), k.db, cluster).map((j) => j.name)).toEqual(['solana-demo-funding']);
    expect(localSolanaJobs(loadConfig(env), k.db, null)).toEqual([]);
    expect(() => loadConfig({ ...env, SOLANA_SALE_ADDRESS: 'not-base58-0OIl' })).toThrow(/SOLANA_SALE_ADDRESS/);
    expect(() => loadConfig({ ...env, SOLANA_FINALITY_SLOTS: '0' })).toThrow(/SOLANA_FINALITY_SLOTS/);
  });
});

describe('one chain for every process', () => {
  it('two app instances on one database see one chain: a transfer sent through one is read through the other', async () => {
    const db2 = k.config.databaseUrl ? await openDatabase({ databaseUrl: k.config.databaseUrl, dataDir: k.config.dataDir, poolSize: 3 }) : k.db;
    const providers2 = await createChainProviders(k.config, db2);
    const app2 = await buildApp({ config: k.config, db: db2, providers: providers2, clock: () => k.now() });
    try {
      expect(providers2.solanaChain.local).not.toBe(cluster);
      expect(providers2.solanaChain.saleAddress).toBe(k.providers.solanaChain.saleAddress);
      expect(await providers2.solanaChain.genesisHash()).toBe(cluster.genesisHash);
      const rpc2 = createSolanaRpcFromTransport(providers2.solanaChain.local!.transport);
      const payer = await funded();
      const reference = (await generateKeyPairSigner()).address;
      const to = (await generateKeyPairSigner()).address;
      // built on one process's blockhash, sent through the other's HTTP endpoint
      const t = await transfer(rpc, payer, to, SOL, { reference, memo: 'two' });
      const sent = await app2.inject({ method: 'POST', url: '/api/solana/rpc', headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [t.wire, { encoding: 'base64' }] }) });
      expect(sent.json()).toEqual({ jsonrpc: '2.0', id: 1, result: t.signature });
      // slots produced by the first, read by both
      await cluster.produceSlots(2);
      const [s1, s2] = await Promise.all([
        rpc.getSignaturesForAddress(reference, { commitment: 'finalized' }).send(),
        rpc2.getSignaturesForAddress(reference, { commitment: 'finalized' }).send(),
      ]);
      expect(s1.map((s) => s.signature)).toEqual([t.signature]);
      expect(s2).toEqual(s1);
      expect((await rpc2.getBalance(to).send()).value).toBe(SOL);
      // concurrent writes through both never fork the chain
      const payers = await Promise.all([funded(), funded(), funded(), funded()]);
      const sends = await Promise.all(payers.map(async (p, i) => {
        const tt = await transfer(i % 2 ? rpc : rpc2, p, to, SOL);
        return (i % 2 ? rpc2 : rpc).sendTransaction(tt.wire, { encoding: 'base64' }).send();
      }));
      const [st1, st2] = await Promise.all([rpc.getSignatureStatuses(sends).send(), rpc2.getSignatureStatuses(sends).send()]);
      expect(st1.value.every((s) => s !== null)).toBe(true);
      expect(st2.value).toEqual(st1.value);
      expect((await rpc2.getBalance(to).send()).value).toBe(5n * SOL);
      expect((await rpc.getBalance(to).send()).value).toBe(5n * SOL);
    } finally {
      await app2.close();
      if (db2 !== k.db) await db2.close();
    }
  });

  it('a process restarted mid-run (from a snapshot plus the events after it) sees the same chain', async () => {
    const reference = (await generateKeyPairSigner()).address;
    const payer = await funded(1000n * SOL);
    const sigs: string[] = [];
    // past a snapshot (every 100 events at least)
    for (let i = 0; i < 105; i++) {
      const t = await transfer(rpc, payer, (await generateKeyPairSigner()).address, 1_000_000n, { reference });
      sigs.push(await rpc.sendTransaction(t.wire, { encoding: 'base64' }).send());
      if (i % 10 === 9) await cluster.produceSlots(1);
    }
    await cluster.produceSlots(2);
    const snapshots = await k.db.orm.execute(sqlCount);
    expect(Number(rowsOf(snapshots)[0]!.n)).toBeGreaterThan(0);
    const restarted = await LocalSolanaCluster.open(k.db.orm, { finalitySlots: k.config.solana.finalitySlots });
    const rpc3 = createSolanaRpcFromTransport(restarted.transport);
    expect(await restarted.tip()).toEqual(await cluster.tip());
    const history = await rpc3.getSignaturesForAddress(reference, { commitment: 'finalized' }).send();
    expect(history.map((h) => h.signature)).toEqual([...sigs].reverse());
    expect(await rpc3.getSignaturesForAddress(reference, { commitment: 'finalized', limit: 5, before: sigs[50] as never }).send())
      .toEqual(history.slice(sigs.length - 50, sigs.length - 45));
    expect((await rpc3.getBalance(payer.address).send()).value).toBe((await rpc.getBalance(payer.address).send()).value);
    // and it writes to the same chain: the first process reads what the restarted one sent
    const t = await transfer(rpc3, payer, (await generateKeyPairSigner()).address, SOL, { reference });
    await rpc3.sendTransaction(t.wire, { encoding: 'base64' }).send();
    expect((await rpc.getSignatureStatuses([t.signature]).send()).value[0]?.confirmationStatus).toBe('processed');
  });
});

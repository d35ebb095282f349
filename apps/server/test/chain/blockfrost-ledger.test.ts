/**
 * BlockfrostCardanoLedger against recorded Blockfrost API v0 answers (`fixtures/blockfrost/`): a
 * fake `fetch` serves them by URL and records every call.
 *
 * The recorded chain (preprod, tip 1215): the treasury's listing has deposit A (block 1200, Alice,
 * 100 HEXO, CIP-20 'account:42') and 99 sweeps that only spend from the treasury on page 1, then C
 * (1207 #2, 1 EXO, no metadata) and B (1207 #5, Bob with Alice's UTxO: 2^53+1 EXO and 5 HEXO to the
 * treasury, a collateral and a reference input, a collateral return) on page 2; the sale address
 * lists D (1203, order 7) and B again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BlockfrostCardanoLedger } from '../../src/chain/cardano/blockfrost-ledger.ts';
import { BlockfrostCardanoProvider } from '../../src/chain/network.ts';

const DIR = new URL('../fixtures/blockfrost/', import.meta.url);
const BASE = 'https://cardano-preprod.blockfrost.io/api/v0';
const PROJECT = 'preprodTestProject0123456789abcdef';

const TREASURY = 'addr_test1qz044fll5ft00dgky47pkh29hdyzm29wxynndzxnrswcmpt95q0mwu3mjn0d8k4szf77w8jvup9v9u9ea45c9rhpvvrsuw0zgm';
const SALE = 'addr_test1qqlfh8p7psdgwqyrm0l2t9x8jrkw93mfk03nh62tvmu5ydfcux95z2an3alf5pew3qvrzlm225hf053j87c6xklsje3spjs9w3';
const ALICE = 'addr_test1qrptkne9hy74kx39reuw4r8vc9ftdymkf7z22u2sf0qsk3p9v5844dlr25ldsf7fp4vyuwlq34qv9vy7e22dzprevpesl3nq4y';
const BOB = 'addr_test1qqsn7wvwt9gmz4ux2ywqyegavgalsdlrk0z68vdwvtkgelv3d2yj28jh93yfd5ec967d8vu9es797vp3j5y6qte3t3xqpmf4x6';
const NEVER_SEEN = 'addr_test1qzk8sprhteuhu85czp5jxeplscmze5skqhftt9gk73nd9kug24fl5qj6qzhtle5kd3y6djnpkvams4neg3wme9mq4qwq6a2nv2';
const POLICY = '891e2738205b45496dc839bef0bd069100ff62546df51d36b421eb2a';
const EXO = `${POLICY}45584f`;
const HEXO = `${POLICY}4845584f`;
const A = '2b9f4d83793cc1494bc86ed3dcbe07e93d8c677f35dee8b3c47c1c88bbc552df';
const B = '4926afdcf631a6cbd3601d7f471f2b3127b5fe803d6b13bce5a52177e9c80700';
const C = '74dea45d754d7ca63845d88abfa54f557a35196bb2b8027d5532c1d4c5dac557';
const D = 'cd3670758ff0a9d772fb09d819b157ae3936a0f18ca5ba1d7ac596e5dbbe63fa';
const UNKNOWN_TX = 'ad564830af02d31cdcb64c4206d5feea6e89b42e2890f52393a00f458b6e3486';

const fixture = (name: string): string => readFileSync(new URL(name, DIR), 'utf8');
const listing = (addr: string, page: number) => `/addresses/${addr}/transactions?from=1200&to=1215&order=asc&count=100&page=${page}`;

/** A recorded answer: a fixture file (`*.json`) or, for malformed answers, the body itself. */
interface Recorded { status: number; file: string; headers?: Record<string, string> }
interface Call { url: string; projectId: string | null }

/** The recorded answers by path (after the host); the 99 sweeps share one recorded `utxos` answer. */
function recordedRoutes(): Map<string, Recorded> {
  const routes = new Map<string, Recorded>([
    ['/blocks/latest', { status: 200, file: 'blocks-latest.json' }],
    [listing(TREASURY, 1), { status: 200, file: 'treasury-transactions-page1.json' }],
    [listing(TREASURY, 2), { status: 200, file: 'treasury-transactions-page2.json' }],
    [listing(SALE, 1), { status: 200, file: 'sale-transactions-page1.json' }],
    [listing(NEVER_SEEN, 1), { status: 404, file: 'error-404.json' }],
    [`/addresses/${TREASURY}`, { status: 200, file: 'address-treasury.json' }],
    [`/addresses/${NEVER_SEEN}`, { status: 404, file: 'error-404.json' }],
    [`/txs/${UNKNOWN_TX}`, { status: 404, file: 'error-404.json' }],
  ]);
  for (const tx of [A, B, C, D]) {
    routes.set(`/txs/${tx}`, { status: 200, file: `tx-${tx}.json` });
    routes.set(`/txs/${tx}/utxos`, { status: 200, file: `tx-${tx}-utxos.json` });
    routes.set(`/txs/${tx}/metadata`, { status: 200, file: `tx-${tx}-metadata.json` });
  }
  const page1 = JSON.parse(fixture('treasury-transactions-page1.json')) as Array<{ tx_hash: string }>;
  for (const { tx_hash } of page1.slice(1)) routes.set(`/txs/${tx_hash}/utxos`, { status: 200, file: 'sweep-utxos.json' });
  return routes;
}

/** A `fetch` answering from `routes` (an unknown URL fails the test) that records the calls. */
function recordedFetch(routes: Map<string, Recorded>, calls: Call[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, projectId: new Headers(init?.headers).get('project_id') });
    expect(url.startsWith(BASE), url).toBe(true);
    const answer = routes.get(url.slice(BASE.length));
    if (!answer) throw new Error(`unexpected request ${url}`);
    return new Response(answer.file.endsWith('.json') ? fixture(answer.file) : answer.file, { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers } });
  }) as typeof fetch;
}

/** A ledger whose `fetch` answers from `routes` (an unknown URL fails the test) and records the calls. */
function recordedLedger(routes = recordedRoutes(), sleep?: (ms: number) => Promise<void>) {
  const calls: Call[] = [];
  const fetchFn = recordedFetch(routes, calls);
  const ledger = new BlockfrostCardanoLedger('preprod', PROJECT, { fetchFn, sleep: sleep ?? (async () => undefined) });
  const paths = () => calls.map((c) => c.url.slice(BASE.length));
  return { ledger, calls, paths };
}

describe('BlockfrostCardanoLedger (recorded answers)', () => {
  it('reads the tip from /blocks/latest and sends the project_id header', async () => {
    const { ledger, calls } = recordedLedger();
    expect(await ledger.tip()).toEqual({ height: 1215, hash: '16dba5038abcdc906d024fdc420c918f226d2106fd8e2136bad6af5e490717e2', slot: 110000300 });
    expect(calls).toEqual([{ url: `${BASE}/blocks/latest`, projectId: PROJECT }]);
    expect(ledger.networkId).toBe(0);
  });

  it('lists the transactions paying the treasury across two pages, in chain order, with exact amounts', async () => {
    const { ledger, calls, paths } = recordedLedger();
    const txs = await ledger.transactionsTo([TREASURY], 1200, 1215);
    expect(txs.map((t) => t.hash)).toEqual([A, C, B]);

    const [a, c, b] = txs;
    expect(a).toEqual({
      hash: A,
      block: { height: 1200, hash: '9b43af609e92783ed2d50e58723f53c4234469cbcb36316ac032a83b36b06474' },
      senders: [ALICE],
      outputs: [
        { index: 0, address: TREASURY, lovelace: 1_344_798n, assets: { [HEXO]: 100_000_000n } },
        { index: 1, address: ALICE, lovelace: 47_478_602n, assets: { [HEXO]: 150_000_000n } },
      ],
      message: ['Kingdom deposit', 'account:42'],
    });
    // senders from the spent inputs only (not collateral or reference inputs, never metadata), deduped in order
    expect(b!.senders).toEqual([BOB, ALICE]);
    expect(b!.message).toEqual(['Kingdom deposit', 'account:43']);
    // a quantity above 2^53 stays exact; the collateral return (index 4) is not an output
    expect(b!.outputs.map((o) => o.index)).toEqual([0, 1, 2, 3]);
    expect(b!.outputs[0]!.assets[EXO]).toBe(2n ** 53n + 1n);
    expect(b!.outputs[1]).toEqual({ index: 1, address: TREASURY, lovelace: 1_200_000n, assets: { [HEXO]: 5_000_000n } });
    expect(c!.message).toBeNull();
    expect(c!.block.height).toBe(1207);
    expect(c!.outputs[0]).toEqual({ index: 0, address: TREASURY, lovelace: 1_150_000n, assets: { [EXO]: 1n } });

    // two listing pages; the sweeps' utxos are read but neither their block nor their metadata
    expect(paths().filter((p) => p.includes('/transactions?'))).toEqual([listing(TREASURY, 1), listing(TREASURY, 2)]);
    expect(paths().filter((p) => p.endsWith('/utxos'))).toHaveLength(102);
    expect(paths().filter((p) => p.endsWith('/metadata')).sort()).toEqual([A, B, C].map((h) => `/txs/${h}/metadata`).sort());
    expect(calls.length).toBe(2 + 102 + 3 * 2);
    expect(calls.every((call) => call.projectId === PROJECT)).toBe(true);
  });

  it('merges several addresses once each, sorted by height then position; an address never seen has none', async () => {
    const { ledger, paths } = recordedLedger();
    const txs = await ledger.transactionsTo([TREASURY, SALE, NEVER_SEEN], 1200, 1215);
    expect(txs.map((t) => t.hash)).toEqual([A, D, C, B]);
    expect(txs[1]!.message).toEqual(['Kingdom EXO order', 'order:7']);
    expect(txs[1]!.outputs[0]).toEqual({ index: 0, address: SALE, lovelace: 12_000_000n, assets: {} });
    expect(paths().filter((p) => p === `/txs/${B}/utxos`)).toHaveLength(1);
  });

  it('finds the block of a transaction, and null for one Blockfrost does not know', async () => {
    const { ledger } = recordedLedger();
    expect(await ledger.txBlock(B)).toEqual({ height: 1207, hash: 'ad564830af02d31cdcb64c4206d5feea6e89b42e2890f52393a00f458b6e3486' });
    expect(await ledger.txBlock(UNKNOWN_TX)).toBeNull();
    await expect(ledger.txBlock('not-a-hash')).rejects.toThrow(/64 lowercase hex/);
  });

  it('reads balances exactly; an address never seen on chain holds nothing', async () => {
    const { ledger } = recordedLedger();
    expect(await ledger.balance(TREASURY)).toEqual({ lovelace: 1_234_567_890n, assets: { [EXO]: 18_446_744_073_709_551_617n, [HEXO]: 105_000_000n } });
    expect(await ledger.balance(NEVER_SEEN)).toEqual({ lovelace: 0n, assets: {} });
  });

  it('throws an Error naming the status on a 500', async () => {
    const routes = recordedRoutes();
    routes.set('/blocks/latest', { status: 500, file: 'error-500.json' });
    routes.set(`/txs/${C}/utxos`, { status: 500, file: 'error-500.json' });
    const { ledger } = recordedLedger(routes);
    await expect(ledger.tip()).rejects.toThrow(/Blockfrost answered 500 for \/blocks\/latest/);
    await expect(ledger.transactionsTo([TREASURY], 1200, 1215)).rejects.toThrow(/500/);
  });

  it('retries a 429 after its Retry-After and a 500 after the backoff, up to 3 attempts (SERVER_RETRY), then gives up with the status', async () => {
    const routes = recordedRoutes();
    routes.set('/blocks/latest', { status: 429, file: 'error-429.json', headers: { 'retry-after': '2' } });
    const waits: number[] = [];
    const { ledger, calls } = recordedLedger(routes, async (ms) => void waits.push(ms));
    await expect(ledger.tip()).rejects.toThrow(/answered 429 for \/blocks\/latest \(3 attempts\)/);
    expect(waits).toEqual([2000, 2000]);
    expect(calls).toHaveLength(3);
    routes.set('/blocks/latest', { status: 503, file: 'error-500.json' });
    waits.length = 0;
    await expect(ledger.tip()).rejects.toThrow(/answered 503/);
    expect(waits).toEqual([500, 1000]);
  });

  it('refuses answers of the wrong shape instead of trusting them', async () => {
    const routes = recordedRoutes();
    routes.set('/blocks/latest', { status: 200, file: 'sale-transactions-page1.json' });
    routes.set(`/addresses/${TREASURY}`, { status: 200, file: 'error-404.json' });
    const { ledger } = recordedLedger(routes);
    await expect(ledger.tip()).rejects.toThrow(/unexpected shape/);
    await expect(ledger.balance(TREASURY)).rejects.toThrow(/unexpected shape at amount/);
  });

  it('builds the Lucid Evolution provider on the same host and project; mainnet is network 1', () => {
    const { ledger } = recordedLedger();
    expect(ledger.lucidProvider()).toMatchObject({ url: BASE, projectId: PROJECT });
    expect(new BlockfrostCardanoLedger('mainnet', PROJECT).networkId).toBe(1);
    expect(() => new BlockfrostCardanoLedger('emulator', PROJECT)).toThrow(/no Blockfrost host/);
  });
});

describe('BlockfrostCardanoProvider (wallet sync, same client and recorded answers)', () => {
  const provider = (routes: Map<string, Recorded>, calls: Call[] = []) => new BlockfrostCardanoProvider('preprod', PROJECT, { fetchFn: recordedFetch(routes, calls), sleep: async () => undefined });

  it('lists the native tokens an address holds (lovelace skipped), exactly; nothing for an address never seen', async () => {
    const calls: Call[] = [];
    const p = provider(recordedRoutes(), calls);
    expect(await p.listAssets(TREASURY)).toEqual([
      { collectionKey: POLICY, assetKey: '45584f', quantity: 18_446_744_073_709_551_617n },
      { collectionKey: POLICY, assetKey: '4845584f', quantity: 105_000_000n },
    ]);
    expect(await p.listAssets(NEVER_SEEN)).toEqual([]);
    expect(calls.map((c) => c.projectId)).toEqual([PROJECT, PROJECT]);
  });

  it('answers a malformed answer with an Error naming the path and field, not a crash or a wrong holding', async () => {
    const routes = recordedRoutes();
    const malformed: Array<[string, RegExp]> = [
      ['{"amount":[{"unit":"lovelace","quantity":12}]}', /Blockfrost answer for \/addresses\/addr_test1\w+ has an unexpected shape at amount\.0\.quantity/],
      ['{"amount":[{"unit":"not-a-unit","quantity":"1"}]}', /unexpected shape at amount\.0\.unit/],
      ['{"amount":[{"unit":"lovelace","quantity":"-5"}]}', /unexpected shape at amount\.0\.quantity/],
      ['{"address":"x"}', /unexpected shape at amount/],
      ['[]', /unexpected shape at \(root\)/],
      ['<html>502 Bad Gateway</html>', /Blockfrost answer for \/addresses\/addr_test1\w+ is not JSON/],
    ];
    for (const [body, error] of malformed) {
      routes.set(`/addresses/${TREASURY}`, { status: 200, file: body });
      await expect(provider(routes).listAssets(TREASURY), body).rejects.toThrow(error);
    }
    routes.set(`/addresses/${TREASURY}`, { status: 500, file: '{"status_code":500}' });
    await expect(provider(routes).listAssets(TREASURY)).rejects.toThrow(/Blockfrost answered 500 for \/addresses\//);
  });

  it('refuses a network without a Blockfrost host', () => {
    expect(() => new BlockfrostCardanoProvider('emulator', PROJECT)).toThrow(/no Blockfrost host/);
  });
});

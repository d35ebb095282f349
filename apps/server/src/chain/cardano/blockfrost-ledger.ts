/**
 * {@link CardanoLedger} on a real Cardano network (preprod, preview, mainnet) through Blockfrost's
 * API v0 (issue 11, "Providers"). Every answer is checked with zod and bounded before use: the
 * network is not trusted.
 *
 * Calls: `tip` 1; `transactionsTo` one listing per address and page of 100, then per transaction
 * `/txs/{hash}/utxos`, and for the ones paying a watched address `/txs/{hash}` and
 * `/txs/{hash}/metadata` (never one call per output); `txBlock` 1; `balance` 1.
 */
import { Blockfrost, type Provider } from '@lucid-evolution/lucid';
import { z } from 'zod';
import type { BlockRef, CardanoLedger, ChainTip, WatchedOutput, WatchedTx } from './ledger.ts';

/** Blockfrost API v0 base URL per network. */
export const BLOCKFROST_LEDGER_HOSTS: Readonly<Record<string, string>> = {
  mainnet: 'https://cardano-mainnet.blockfrost.io/api/v0',
  preprod: 'https://cardano-preprod.blockfrost.io/api/v0',
  preview: 'https://cardano-preview.blockfrost.io/api/v0',
};

/** Blockfrost's page size (its maximum). */
const PAGE = 100;
/** Largest answer body read, in characters (a full `/txs/{hash}/utxos` is far below). */
const MAX_BODY_CHARS = 4_000_000;
/** Longest `Retry-After` honoured on a 429 before the one retry, in seconds. */
const MAX_RETRY_AFTER_S = 10;

const hash64 = z.string().regex(/^[0-9a-f]{64}$/);
const height = z.number().int().min(0).max(2 ** 40);
const address = z.string().min(1).max(1000);
/** `lovelace`, or `policyId` (56 hex) + asset name (0–32 bytes as hex). */
const unit = z.string().regex(/^(?:lovelace|[0-9a-f]{56}(?:[0-9a-f]{2}){0,32})$/);
/** A non-negative integer as a decimal string; 40 digits bound the bigint (u64 quantities need 20). */
const quantity = z.string().regex(/^\d{1,40}$/);
const amounts = z.array(z.object({ unit, quantity })).max(10_000);

const latestBlock = z.object({ height, hash: hash64, slot: height });
const addressTxs = z.array(z.object({ tx_hash: hash64, tx_index: z.number().int().min(0).max(1_000_000), block_height: height })).max(PAGE);
const txContent = z.object({ hash: hash64, block: hash64, block_height: height, index: z.number().int().min(0).max(1_000_000), valid_contract: z.boolean().optional() });
const txUtxos = z.object({
  hash: hash64,
  inputs: z.array(z.object({ address, collateral: z.boolean().optional(), reference: z.boolean().optional() })).max(10_000),
  outputs: z.array(z.object({ address, amount: amounts, output_index: z.number().int().min(0).max(1_000_000), collateral: z.boolean().optional() })).max(10_000),
});
const txMetadata = z.array(z.object({ label: z.string().max(40), json_metadata: z.unknown() })).max(10_000);
const addressContent = z.object({ amount: amounts });
/**
 * The answer schemas this ledger checks Blockfrost's answers with (exported so the
 * Blockfrost-compatible emulator's answers can be tested against the very same shapes).
 */
export const BLOCKFROST_ANSWER_SCHEMAS = { latestBlock, addressTxs, txContent, txUtxos, txMetadata, addressContent } as const;

/** CIP-20: label 674, `msg` an array of strings of at most 64 bytes each. */
const cip20 = z.object({ msg: z.array(z.string().max(64).refine((s) => !s.includes('\u0000'))).min(1).max(1000) });

type Fetch = typeof fetch;

/** Options of {@link BlockfrostCardanoLedger}. */
export interface BlockfrostLedgerOptions {
  /** API v0 base URL instead of the network's public host (`BLOCKFROST_URL`; no trailing slash). */
  baseUrl?: string | undefined;
  /** Platform `fetch` by default (tests inject recorded answers). */
  fetchFn?: Fetch;
  /** Transactions fetched at once in `transactionsTo`. Default 4 (Blockfrost allows 10 requests/s, bursts of 500). */
  concurrency?: number;
  /** Pages of 100 read per address and call before giving up with an Error. Default 100 (10,000 transactions). */
  maxPages?: number;
  /** Waits before the retry after a 429; default `setTimeout`. */
  sleep?: (ms: number) => Promise<void>;
}

/** An answer that is not 2xx (404 is handled by the callers that expect it). */
class BlockfrostStatusError extends Error {
  constructor(readonly status: number, path: string) {
    super(`Blockfrost answered ${status} for ${path.split('?')[0]}`);
  }
}

/**
 * Cardano through Blockfrost (`project_id` header). Amounts are bigint base units, units
 * `policyId + assetNameHex`.
 * @throws Error at construction for a network without a Blockfrost host or an empty project id;
 *   from every method, an Error naming the HTTP status for a non-2xx answer (other than the 404s
 *   documented per method) or naming the field for an answer of the wrong shape.
 */
export class BlockfrostCardanoLedger implements CardanoLedger {
  readonly networkId: 0 | 1;
  private readonly base: string;
  private readonly fetchFn: Fetch;
  private readonly concurrency: number;
  private readonly maxPages: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(readonly network: string, private readonly projectId: string, options: BlockfrostLedgerOptions = {}) {
    const base = options.baseUrl ?? BLOCKFROST_LEDGER_HOSTS[network];
    if (!base) throw new Error(`no Blockfrost host for network ${network}`);
    if (!projectId) throw new Error('BLOCKFROST_PROJECT_ID is empty');
    this.base = base;
    this.networkId = network === 'mainnet' ? 1 : 0;
    this.fetchFn = options.fetchFn ?? fetch;
    this.concurrency = Math.max(1, Math.min(10, options.concurrency ?? 4));
    this.maxPages = Math.max(1, options.maxPages ?? 100);
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** `GET /blocks/latest`. */
  async tip(): Promise<ChainTip> {
    const b = await this.get('/blocks/latest', latestBlock);
    if (b === null) throw new Error('Blockfrost answered 404 for /blocks/latest');
    return { height: b.height, hash: b.hash, slot: b.slot };
  }

  /**
   * Transactions with an output paying one of `addresses` in blocks `fromHeight..toHeight`, in
   * chain order. Senders are the addresses of the spent inputs (collateral and reference inputs
   * excluded); outputs are the transaction's regular outputs (collateral returns excluded); a
   * transaction whose scripts failed (`valid_contract: false`) moved none of them and is left out.
   * A transaction that disappears while it is read (rolled back) is left out.
   * @throws Error when an address has more than `maxPages` pages of transactions in the range
   */
  async transactionsTo(addresses: readonly string[], fromHeight: number, toHeight: number): Promise<WatchedTx[]> {
    if (!Number.isSafeInteger(fromHeight) || !Number.isSafeInteger(toHeight) || fromHeight < 0) throw new Error(`bad block range ${fromHeight}..${toHeight}`);
    if (fromHeight > toHeight || addresses.length === 0) return [];
    const watched = new Set(addresses);
    const hashes = new Set<string>();
    for (const addr of watched) for (const h of await this.addressTxs(addr, fromHeight, toHeight)) hashes.add(h);
    const txs = await mapLimit([...hashes], this.concurrency, (h) => this.watchedTx(h, watched, fromHeight, toHeight));
    return txs
      .filter((t): t is WatchedTx & { position: number } => t !== null)
      .sort((a, b) => a.block.height - b.block.height || a.position - b.position)
      .map(({ position: _position, ...tx }) => tx);
  }

  /** `GET /txs/{hash}`; null when Blockfrost does not know the transaction (404). */
  async txBlock(hash: string): Promise<BlockRef | null> {
    if (!hash64.safeParse(hash).success) throw new Error('transaction hash must be 64 lowercase hex digits');
    const tx = await this.get(`/txs/${hash}`, txContent);
    return tx && { height: tx.block_height, hash: tx.block };
  }

  /** `GET /addresses/{address}`; an address never seen on chain (404) holds nothing. */
  async balance(addr: string): Promise<{ lovelace: bigint; assets: Record<string, bigint> }> {
    const body = await this.get(`/addresses/${encodeURIComponent(addr)}`, addressContent);
    return sumAmounts(body?.amount ?? []);
  }

  /** Lucid Evolution's Blockfrost provider on the same host and project. */
  lucidProvider(): Provider {
    return new Blockfrost(this.base, this.projectId);
  }

  /** Hashes of the transactions touching `addr` in the range (Blockfrost lists inputs and outputs). */
  private async addressTxs(addr: string, fromHeight: number, toHeight: number): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; page <= this.maxPages; page++) {
      const path = `/addresses/${encodeURIComponent(addr)}/transactions?from=${fromHeight}&to=${toHeight}&order=asc&count=${PAGE}&page=${page}`;
      const rows = await this.get(path, addressTxs);
      if (rows === null) return out; // never seen on chain: no transactions
      for (const r of rows) out.push(r.tx_hash);
      if (rows.length < PAGE) return out;
    }
    throw new Error(`more than ${this.maxPages * PAGE} transactions of one address in blocks ${fromHeight}..${toHeight}: scan a shorter range`);
  }

  /** One transaction if it pays a watched address inside the range; null otherwise. */
  private async watchedTx(hash: string, watched: ReadonlySet<string>, fromHeight: number, toHeight: number): Promise<(WatchedTx & { position: number }) | null> {
    const utxos = await this.get(`/txs/${hash}/utxos`, txUtxos);
    if (utxos === null) return null;
    const outputs = utxos.outputs.filter((o) => o.collateral !== true);
    if (!outputs.some((o) => watched.has(o.address))) return null; // only spends from the address
    const [tx, metadata] = await Promise.all([this.get(`/txs/${hash}`, txContent), this.get(`/txs/${hash}/metadata`, txMetadata)]);
    if (tx === null || metadata === null) return null;
    if (tx.valid_contract === false || tx.block_height < fromHeight || tx.block_height > toHeight) return null;
    const senders = [...new Set(utxos.inputs.filter((i) => i.collateral !== true && i.reference !== true).map((i) => i.address))];
    return {
      hash,
      block: { height: tx.block_height, hash: tx.block },
      position: tx.index,
      senders,
      outputs: outputs.map((o): WatchedOutput => ({ index: o.output_index, address: o.address, ...sumAmounts(o.amount) })),
      message: cip20Message(metadata),
    };
  }

  /**
   * GETs `path`, checks the body against `schema`; null on 404. One retry on 429 after
   * `Retry-After` (at most {@link MAX_RETRY_AFTER_S} s).
   */
  private async get<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    let res = await this.fetchFn(`${this.base}${path}`, { headers: { project_id: this.projectId, accept: 'application/json' } });
    if (res.status === 429) {
      const after = Number(res.headers.get('retry-after'));
      await this.sleep(1000 * (Number.isFinite(after) && after > 0 ? Math.min(after, MAX_RETRY_AFTER_S) : 1));
      res = await this.fetchFn(`${this.base}${path}`, { headers: { project_id: this.projectId, accept: 'application/json' } });
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new BlockfrostStatusError(res.status, path);
    const text = await res.text();
    if (text.length > MAX_BODY_CHARS) throw new Error(`Blockfrost answer for ${path.split('?')[0]} is too large`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`Blockfrost answer for ${path.split('?')[0]} is not JSON`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Blockfrost answer for ${path.split('?')[0]} has an unexpected shape at ${issue ? issue.path.join('.') || '(root)' : '?'}`);
    }
    return parsed.data;
  }
}

/** Lovelace and native tokens of Blockfrost `amount` rows (a unit listed twice is summed). */
function sumAmounts(rows: ReadonlyArray<{ unit: string; quantity: string }>): { lovelace: bigint; assets: Record<string, bigint> } {
  let lovelace = 0n;
  const assets: Record<string, bigint> = {};
  for (const { unit: u, quantity: q } of rows) {
    if (u === 'lovelace') lovelace += BigInt(q);
    else assets[u] = (assets[u] ?? 0n) + BigInt(q);
  }
  return { lovelace, assets };
}

/** The CIP-20 message (label 674, `msg` as an array of strings), or null when absent or malformed. */
function cip20Message(rows: ReadonlyArray<{ label: string; json_metadata: unknown }>): string[] | null {
  const row = rows.find((r) => r.label === '674');
  const parsed = row ? cip20.safeParse(row.json_metadata) : null;
  return parsed?.success ? parsed.data.msg : null;
}

/** `fn` over `items` with at most `limit` running at once; results in the order of `items`. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

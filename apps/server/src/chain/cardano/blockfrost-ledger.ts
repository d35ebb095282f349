/**
 * {@link CardanoLedger} on a real Cardano network (preprod, preview, mainnet) through Blockfrost's
 * API v0 (docs/game-rules.md §8, "Providers"), read through the server's one {@link BlockfrostClient} (every
 * answer bounded and checked with zod before use: the network is not trusted).
 *
 * Calls: `tip` 1; `transactionsTo` one listing per address and page of 100, then per transaction
 * `/txs/{hash}/utxos`, and for the ones paying a watched address `/txs/{hash}` and
 * `/txs/{hash}/metadata` (never one call per output); `nextTransactionHeight` one per address;
 * `txBlock` 1; `balance` 1. Each goes through the client, so through the plan's shared budget.
 */
import type { Provider } from '@lucid-evolution/lucid';
import { z } from 'zod';
import { BLOCKFROST_ANSWER_SCHEMAS, BLOCKFROST_PAGE as PAGE, BlockfrostClient, blockfrostTxHash, sumAmounts, type BlockfrostClientOptions } from './blockfrost-client.ts';
import type { BlockRef, CardanoLedger, ChainTip, WatchedOutput, WatchedTx } from '@kingdom/chain-providers';

export { BLOCKFROST_ANSWER_SCHEMAS } from './blockfrost-client.ts';

const { latestBlock, addressTxs, txContent, txUtxos, txMetadata } = BLOCKFROST_ANSWER_SCHEMAS;

/** CIP-20: label 674, `msg` an array of strings of at most 64 bytes each. */
const cip20 = z.object({ msg: z.array(z.string().max(64).refine((s) => !s.includes('\u0000'))).min(1).max(1000) });

/** Options of {@link BlockfrostCardanoLedger}: the client's, plus how it reads. */
export interface BlockfrostLedgerOptions extends BlockfrostClientOptions {
  /** Transactions fetched at once in `transactionsTo`. Default 4 (Blockfrost allows 10 requests/s, bursts of 500). */
  concurrency?: number;
  /** Pages of 100 read per address and call before giving up with an Error. Default 100 (10,000 transactions). */
  maxPages?: number;
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
  private readonly client: BlockfrostClient;
  private readonly concurrency: number;
  private readonly maxPages: number;

  constructor(readonly network: string, projectId: string, options: BlockfrostLedgerOptions = {}) {
    this.client = new BlockfrostClient(network, projectId, options);
    this.networkId = network === 'mainnet' ? 1 : 0;
    this.concurrency = Math.max(1, Math.min(10, options.concurrency ?? 4));
    this.maxPages = Math.max(1, options.maxPages ?? 100);
  }

  /** `GET /blocks/latest`. */
  async tip(): Promise<ChainTip> {
    const b = await this.client.get('/blocks/latest', latestBlock);
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

  /**
   * The lowest block at or above `fromHeight` holding a transaction that touches one of `addresses`
   * (`/addresses/{address}/transactions?from=…&order=asc&count=1`, one call each); null when none has any.
   * The watcher uses it to jump over blocks without the addresses' transactions.
   */
  async nextTransactionHeight(addresses: readonly string[], fromHeight: number): Promise<number | null> {
    if (!Number.isSafeInteger(fromHeight) || fromHeight < 0) throw new Error(`bad block height ${fromHeight}`);
    let next: number | null = null;
    for (const addr of new Set(addresses)) {
      const rows = await this.client.get(`/addresses/${encodeURIComponent(addr)}/transactions?from=${fromHeight}&order=asc&count=1`, addressTxs);
      const h = rows?.[0]?.block_height;
      if (h !== undefined && h >= fromHeight && (next === null || h < next)) next = h;
    }
    return next;
  }

  /** `GET /txs/{hash}`; null when Blockfrost does not know the transaction (404). */
  async txBlock(hash: string): Promise<BlockRef | null> {
    if (!blockfrostTxHash.safeParse(hash).success) throw new Error('transaction hash must be 64 lowercase hex digits');
    const tx = await this.client.get(`/txs/${hash}`, txContent);
    return tx && { height: tx.block_height, hash: tx.block };
  }

  /** `GET /addresses/{address}`; an address never seen on chain (404) holds nothing. */
  async balance(addr: string): Promise<{ lovelace: bigint; assets: Record<string, bigint> }> {
    return this.client.addressAmounts(addr);
  }

  /** A Lucid Evolution provider over the same client (`blockfrost-lucid.ts`: budget and retries included). */
  lucidProvider(): Provider {
    return this.client.lucidProvider();
  }

  /** Hashes of the transactions touching `addr` in the range (Blockfrost lists inputs and outputs). */
  private async addressTxs(addr: string, fromHeight: number, toHeight: number): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; page <= this.maxPages; page++) {
      const path = `/addresses/${encodeURIComponent(addr)}/transactions?from=${fromHeight}&to=${toHeight}&order=asc&count=${PAGE}&page=${page}`;
      const rows = await this.client.get(path, addressTxs);
      if (rows === null) return out; // never seen on chain: no transactions
      for (const r of rows) out.push(r.tx_hash);
      if (rows.length < PAGE) return out;
    }
    throw new Error(`more than ${this.maxPages * PAGE} transactions of one address in blocks ${fromHeight}..${toHeight}: scan a shorter range`);
  }

  /** One transaction if it pays a watched address inside the range; null otherwise. */
  private async watchedTx(hash: string, watched: ReadonlySet<string>, fromHeight: number, toHeight: number): Promise<(WatchedTx & { position: number }) | null> {
    const utxos = await this.client.get(`/txs/${hash}/utxos`, txUtxos);
    if (utxos === null) return null;
    const outputs = utxos.outputs.filter((o) => o.collateral !== true);
    if (!outputs.some((o) => watched.has(o.address))) return null; // only spends from the address
    const [tx, metadata] = await Promise.all([this.client.get(`/txs/${hash}`, txContent), this.client.get(`/txs/${hash}/metadata`, txMetadata)]);
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

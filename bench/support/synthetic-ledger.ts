/**
 * A generated Cardano chain in memory for the chain-watcher benchmark (docs/game-rules.md §8, "Performance"):
 * `blocks` blocks holding `outputs` deposit outputs to the treasury, EXO or HEXO, from the wallets
 * of `users` accounts (linked in the database by the bench) and a share from unknown senders, each
 * transaction with the app's CIP-20 deposit message naming an account (the sender's, or for an
 * unknown sender a random account's), and a change output back to its sender.
 *
 * Deterministic (seeded PRNG): the same sizes give the same chain, and {@link SyntheticChain.expected}
 * says what an exactly-once watcher must credit.
 */
import { createHash } from 'node:crypto';
import type { Provider } from '@lucid-evolution/lucid';
import { depositMessage } from '@kingdom/game';
import type { BlockRef, CardanoLedger, ChainTip, WatchedOutput, WatchedTx } from '@kingdom/chain-providers';

/** Sizes and shape of the generated chain. */
export interface SyntheticChainOptions {
  blocks: number;
  /** Deposit outputs paying the treasury (change outputs not counted). */
  outputs: number;
  /** Accounts with one linked wallet each; account ids are 1..users. */
  users: number;
  /** Share of transactions from a wallet no account has linked (claimable), 0..1. Default 0.05. */
  unknownShare?: number;
  /** Share of transactions with two treasury outputs, 0..1. Default 0.2. */
  twoOutputShare?: number;
  /** Empty blocks after the last deposit block, so every deposit is deep enough. */
  tailBlocks: number;
  treasuryAddress: string;
  units: { exo: string; hexo: string };
  seed?: number;
}

/** What an exactly-once watcher must do with the chain. */
export interface SyntheticExpectation {
  /** Treasury outputs from linked senders: each must give exactly one ledger entry. */
  creditedOutputs: number;
  /** Treasury outputs from unknown senders: none may be credited. */
  claimableOutputs: number;
  transactions: number;
  /** Base units credited per account id and token. */
  perUser: Map<number, { exo: bigint; hexo: bigint }>;
  totals: { exo: bigint; hexo: bigint };
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** A bech32-looking testnet base address (98 data characters) derived from `seed`; no valid checksum. */
export function syntheticAddress(seed: string): string {
  const hex = sha256(`a ${seed}`) + sha256(`b ${seed}`);
  let body = '';
  for (let i = 0; i < 98; i++) body += BECH32[parseInt(hex.slice(i % 128, (i % 128) + 1), 16) * 2 + (i & 1)];
  return `addr_test1q${body}`;
}

/** The wallet address linked to account `userId` in the bench database. */
export const userAddress = (userId: number): string => syntheticAddress(`user ${userId}`);

/** mulberry32: a small seeded PRNG in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generated chain as a {@link CardanoLedger} (network `emulator`, id 0), with its expectation. */
export class SyntheticChain implements CardanoLedger {
  readonly network = 'emulator';
  readonly networkId = 0 as const;
  readonly expected: SyntheticExpectation;
  readonly tipHeight: number;
  /** Transactions by block height (index 0 unused). */
  private readonly byHeight: WatchedTx[][];
  private readonly blockOf = new Map<string, BlockRef>();
  /** Calls made by the watcher, for the report. */
  readonly calls = { tip: 0, transactionsTo: 0, txBlock: 0, balance: 0 };

  constructor(private readonly opts: SyntheticChainOptions) {
    const rand = prng(opts.seed ?? 11);
    const unknownShare = opts.unknownShare ?? 0.05;
    const twoShare = opts.twoOutputShare ?? 0.2;
    this.tipHeight = opts.blocks + opts.tailBlocks;
    this.byHeight = Array.from({ length: opts.blocks + 1 }, () => []);
    const perUser = new Map<number, { exo: bigint; hexo: bigint }>();
    const totals = { exo: 0n, hexo: 0n };
    let credited = 0;
    let claimable = 0;
    let transactions = 0;
    let made = 0;
    for (let height = 1; height <= opts.blocks; height++) {
      // spread the outputs evenly: block h ends with floor(h * outputs / blocks) outputs made
      const until = Math.floor((height * opts.outputs) / opts.blocks);
      const block = { height, hash: sha256(`block ${height}`) };
      while (made < until) {
        const n = until - made >= 2 && rand() < twoShare ? 2 : 1;
        const userId = 1 + Math.floor(rand() * opts.users);
        const unknown = rand() < unknownShare;
        const sender = unknown ? syntheticAddress(`stranger ${transactions}`) : userAddress(userId);
        const outputs: WatchedOutput[] = [];
        for (let i = 0; i < n; i++) {
          const token = rand() < 0.5 ? 'exo' : 'hexo';
          const amount = BigInt(1 + Math.floor(rand() * 10_000)) * 1_000_000n;
          outputs.push({ index: i, address: opts.treasuryAddress, lovelace: 1_200_000n, assets: { [opts.units[token]]: amount } });
          if (unknown) claimable++;
          else {
            credited++;
            const sums = perUser.get(userId) ?? { exo: 0n, hexo: 0n };
            sums[token] += amount;
            perUser.set(userId, sums);
            totals[token] += amount;
          }
        }
        outputs.push({ index: n, address: sender, lovelace: 5_000_000n + BigInt(transactions), assets: {} });
        const tx: WatchedTx = { hash: sha256(`tx ${transactions}`), block, senders: [sender], outputs, message: depositMessage(userId) };
        this.byHeight[height]!.push(tx);
        this.blockOf.set(tx.hash, block);
        made += n;
        transactions++;
      }
    }
    this.expected = { creditedOutputs: credited, claimableOutputs: claimable, transactions, perUser, totals };
  }

  async tip(): Promise<ChainTip> {
    this.calls.tip++;
    return { height: this.tipHeight, hash: sha256(`block ${this.tipHeight}`), slot: this.tipHeight * 20 };
  }

  async transactionsTo(addresses: readonly string[], fromHeight: number, toHeight: number): Promise<WatchedTx[]> {
    this.calls.transactionsTo++;
    const watched = new Set(addresses);
    const out: WatchedTx[] = [];
    const last = Math.min(toHeight, this.opts.blocks);
    for (let h = Math.max(1, fromHeight); h <= last; h++) {
      for (const tx of this.byHeight[h]!) if (tx.outputs.some((o) => watched.has(o.address))) out.push(tx);
    }
    return out;
  }

  async txBlock(hash: string): Promise<BlockRef | null> {
    this.calls.txBlock++;
    return this.blockOf.get(hash) ?? null;
  }

  async balance(address: string): Promise<{ lovelace: bigint; assets: Record<string, bigint> }> {
    this.calls.balance++;
    let lovelace = 0n;
    const assets: Record<string, bigint> = {};
    for (const txs of this.byHeight) {
      for (const tx of txs) {
        for (const o of tx.outputs) {
          if (o.address !== address) continue;
          lovelace += o.lovelace;
          for (const [u, q] of Object.entries(o.assets)) assets[u] = (assets[u] ?? 0n) + q;
        }
      }
    }
    return { lovelace, assets };
  }

  lucidProvider(): Provider {
    throw new Error('the synthetic chain builds no transactions');
  }
}

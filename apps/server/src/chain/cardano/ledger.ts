/**
 * The money side of Cardano as the server sees it (docs/game-rules.md §8): the chain tip, the
 * transactions paying the treasury or the sale address (for the chain watcher), where a
 * transaction sits in the chain now (confirmations, rollbacks), balances of an address, and a
 * Lucid Evolution provider to build and submit transactions.
 *
 * Two implementations: the in-process emulator (`emulator-ledger.ts`, Lucid Evolution's
 * `Emulator` with a persisted block log; demo and tests) and Blockfrost (`blockfrost-ledger.ts`;
 * preprod, preview, mainnet).
 *
 * Units: lovelace and native-token quantities are bigint base units; heights are block numbers;
 * slots are the network's slots. Units of native tokens are `policyId + assetNameHex`.
 */
import type { Provider } from '@lucid-evolution/lucid';

/** A block reference. */
export interface BlockRef {
  height: number;
  hash: string;
}

/** The chain tip. */
export interface ChainTip extends BlockRef {
  slot: number;
}

/** One output of a watched transaction. */
export interface WatchedOutput {
  /** Output index within the transaction. */
  index: number;
  /** bech32 address the output pays. */
  address: string;
  lovelace: bigint;
  /** Native tokens: unit (`policyId + assetNameHex`) → quantity. */
  assets: Record<string, bigint>;
}

/** A transaction paying one of the watched addresses, with where it sits in the chain. */
export interface WatchedTx {
  hash: string;
  block: BlockRef;
  /**
   * bech32 addresses of the transaction's inputs (the UTxOs it spends), in input order, without
   * duplicates. The sender of a deposit is taken from here, never from metadata.
   */
  senders: string[];
  outputs: WatchedOutput[];
  /**
   * CIP-20 message (metadata label 674, `msg`: array of strings), or null when absent/malformed.
   * Used only to find whose deposit or which order a payment is for, never to credit.
   */
  message: string[] | null;
}

/** What the server needs of a Cardano network for chain money. */
export interface CardanoLedger {
  /** `emulator`, `preprod`, `preview` or `mainnet`. */
  readonly network: string;
  /** 0 for testnets and the emulator, 1 for mainnet (CIP-30 `getNetworkId`). */
  readonly networkId: 0 | 1;
  /**
   * The tip.
   * @throws Error when the network cannot be reached (the watcher retries on its next run)
   */
  tip(): Promise<ChainTip>;
  /**
   * Transactions with at least one output paying one of `addresses`, in blocks
   * `fromHeight..toHeight` (inclusive), in chain order (height, then position in the block).
   * @throws Error when the network cannot be reached
   */
  transactionsTo(addresses: readonly string[], fromHeight: number, toHeight: number): Promise<WatchedTx[]>;
  /**
   * Optional (a provider whose calls cost: Blockfrost): the lowest block at or above `fromHeight`
   * holding a transaction that touches one of `addresses` (inputs or outputs), or null when there is
   * none up to the tip. The watcher jumps over blocks without the addresses' transactions with it.
   * @throws Error when the network cannot be reached
   */
  nextTransactionHeight?(addresses: readonly string[], fromHeight: number): Promise<number | null>;
  /**
   * Where the transaction `hash` is in the chain now; null when it is not (never seen, still in
   * the mempool, or rolled back).
   * @throws Error when the network cannot be reached
   */
  txBlock(hash: string): Promise<BlockRef | null>;
  /**
   * Lovelace and native tokens held at `address` now (confirmed UTxOs).
   * @throws Error when the network cannot be reached
   */
  balance(address: string): Promise<{ lovelace: bigint; assets: Record<string, bigint> }>;
  /** The Lucid Evolution provider that builds (UTxOs, protocol parameters) and submits on this network. */
  lucidProvider(): Provider;
}

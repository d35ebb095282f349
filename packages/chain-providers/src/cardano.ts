/**
 * The money side of Cardano as the server sees it (docs/game-rules.md §8): the chain tip, the
 * transactions paying the treasury or the sale address (for the chain watcher), where a
 * transaction sits in the chain now (confirmations, rollbacks), balances of an address, and a
 * Lucid Evolution provider to build and submit transactions.
 *
 * Two implementations: the emulator (`@kingdom/emulators`, `cardano/emulator-ledger.ts`: Lucid
 * Evolution's `Emulator` with a persisted block log; demo and tests) and Blockfrost (the server's
 * `chain/cardano/blockfrost-ledger.ts`; preprod, preview, mainnet).
 *
 * Units: lovelace and native-token quantities are bigint base units; heights are block numbers;
 * slots are the network's slots. Units of native tokens are `policyId + assetNameHex`.
 */
import type { Assets, LucidEvolution, Provider } from '@lucid-evolution/lucid';

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

/** A genesis UTxO of the emulated chain: who holds what when the chain starts. */
export interface GenesisOutput {
  address: string;
  assets: Assets;
}

/** The emulated chain as a whole, as the Blockfrost-compatible emulator indexes it. */
export interface EmulatorChainView {
  fork: number;
  tip: ChainTip;
  genesis: readonly GenesisOutput[];
  blocks: ReadonlyArray<{ height: number; hash: string; txs: ReadonlyArray<{ hash: string; cbor: string; senders: readonly string[] }> }>;
  mempool: string[];
}

/**
 * The emulated Cardano (demo and tests): a {@link CardanoLedger} with the controls a real network
 * lacks. Implemented by `@kingdom/emulators`' `EmulatorCardanoLedger`.
 */
export interface CardanoEmulator extends CardanoLedger {
  /**
   * Submits a signed transaction (CBOR hex); it goes into the next produced block.
   * @returns its hash
   * @throws Error (`EmulatorRefusal`) when the emulator refuses it; Error when the database fails
   */
  submit(cbor: string): Promise<string>;
  /** Produces `n` blocks (the mempool goes into the first). */
  produceBlocks(n: number): Promise<ChainTip>;
  /** Rolls the chain back `depth` blocks (their transactions leave the chain; the mempool is emptied). */
  rollback(depth: number): Promise<ChainTip>;
  /** True when the transaction `hash` waits in the mempool. */
  inMempool(hash: string): Promise<boolean>;
  /** The whole chain (genesis, blocks, mempool) at the replica's tip. */
  chainView(): Promise<EmulatorChainView>;
}

/** Something that paces calls to a provider (the server's `chain/rate-budget.ts`). */
export interface RateBudget {
  /** Waits until one more call fits the budget. @throws Error when the budget cannot be read (database down) */
  take(): Promise<void>;
}

/** A key and its enterprise address. */
export interface KeyPair {
  /** bech32 `ed25519_sk…`. */
  privateKey: string;
  address: string;
}

/** Everything the chain-money code needs; one per process (the server's `chain/cardano/money.ts` opens it). */
export interface CardanoMoney {
  ledger: CardanoLedger;
  /** The emulator, when `CARDANO_NETWORK=emulator`. */
  emulator: CardanoEmulator | null;
  treasury: KeyPair;
  saleAddress: string;
  /** Native token units (`policyId + assetNameHex`). */
  units: { exo: string; hexo: string };
  confirmations: number;
  /** Where the chain watcher of a database that has never watched starts (`CHAIN_START_BLOCK`): `tip` or a block height. */
  watchStart: number | 'tip';
  /**
   * The Blockfrost plan's request budget shared through the database (chain/rate-budget.ts): every
   * Blockfrost client of this process takes from it. Null on the emulator.
   */
  providerBudget: RateBudget | null;
  /** Explorer URL of a transaction with `{hash}`; null on the emulator. */
  explorerTxUrl: string | null;
  /** The emulator's faucet (demo wallets' ADA, EXO and HEXO); null on real networks. */
  faucet: KeyPair | null;
  /** A Lucid Evolution instance on this network (a fresh one per use: the emulator may be rebuilt). */
  lucid(): Promise<LucidEvolution>;
  /** POSIX time (ms) of a slot on this network (for validity intervals). */
  slotToUnixMs(slot: number): number;
}

/**
 * The in-process Cardano ledger of the demo and the tests (issue 11 item 4): Lucid Evolution's
 * `Emulator` (UTxOs, signatures and validity checked on submit) plus what a chain watcher needs and
 * the emulator lacks: a log of blocks with their transactions, block hashes, and rollbacks.
 *
 * The log is kept in `emu_chain_txs` / `emu_chain_state`, so a restarted server (and the CLI) rebuilds
 * the same chain by replaying it from genesis. Blocks are produced on demand (`produceBlocks`, the
 * server's timer, `npm run kingdom -- blocks N`). One block = 20 slots of 1 s (Lucid's emulator).
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CML, Emulator, type Assets, type Provider, type UTxO } from '@lucid-evolution/lucid';
import { exec, type Orm } from '../../db/client.ts';
import type { BlockRef, CardanoLedger, ChainTip, WatchedOutput, WatchedTx } from './ledger.ts';

/** Emulator time at slot 0 (ms, UTC). Fixed so every emulator in a process maps slots to time alike. */
export const EMULATOR_GENESIS_MS = Date.UTC(2026, 0, 1);

/** A genesis UTxO: who holds what when the chain starts. */
export interface GenesisOutput {
  address: string;
  assets: Assets;
}

interface LoggedTx {
  hash: string;
  cbor: string;
  watched: Omit<WatchedTx, 'block'>;
}

interface LoggedBlock {
  height: number;
  hash: string;
  txs: LoggedTx[];
}

/** Lucid's emulator with two fixes for a long-running, many-transactions-per-block use. */
class KingdomEmulator extends Emulator {
  constructor(genesis: GenesisOutput[]) {
    super(genesis.map((g) => ({ address: g.address, assets: g.assets, seedPhrase: '', privateKey: '' })));
    this.time = EMULATOR_GENESIS_MS;
  }

  /** Unspent only: Lucid's emulator also lists outputs spent in the current (unproduced) block. */
  override getUtxos(addressOrCredential: Parameters<Emulator['getUtxos']>[0]): Promise<UTxO[]> {
    return super.getUtxos(addressOrCredential).then((utxos) =>
      utxos.filter((u) => this.ledger[u.txHash + u.outputIndex]?.spent !== true));
  }
}

/** Reads the transaction's outputs and CIP-20 message with CML (no hand-written CBOR). */
export function readTransaction(cbor: string): { hash: string; inputs: Array<{ txHash: string; index: number }>; outputs: WatchedOutput[]; message: string[] | null } {
  const tx = CML.Transaction.from_cbor_hex(cbor);
  try {
    const body = tx.body();
    const hash = CML.hash_transaction(body).to_hex();
    const inputs: Array<{ txHash: string; index: number }> = [];
    const ins = body.inputs();
    for (let i = 0; i < ins.len(); i++) {
      const input = ins.get(i);
      inputs.push({ txHash: input.transaction_id().to_hex(), index: Number(input.index()) });
    }
    const outputs: WatchedOutput[] = [];
    const outs = body.outputs();
    for (let i = 0; i < outs.len(); i++) {
      const out = outs.get(i);
      const assets: Record<string, bigint> = {};
      const multiAsset = out.amount().multi_asset();
      const policies = multiAsset.keys();
      for (let p = 0; p < policies.len(); p++) {
        const policy = policies.get(p);
        const byName = multiAsset.get_assets(policy);
        if (!byName) continue;
        const names = byName.keys();
        for (let n = 0; n < names.len(); n++) {
          const name = names.get(n);
          assets[policy.to_hex() + name.to_hex()] = byName.get(name) ?? 0n;
        }
      }
      outputs.push({ index: i, address: out.address().to_bech32(), lovelace: out.amount().coin(), assets });
    }
    let message: string[] | null = null;
    const metadatum = tx.auxiliary_data()?.metadata()?.get(674n);
    if (metadatum) {
      try {
        const json = JSON.parse(CML.decode_metadatum_to_json_str(metadatum, CML.MetadataJsonSchema.NoConversions)) as { msg?: unknown };
        if (Array.isArray(json.msg) && json.msg.every((m) => typeof m === 'string')) message = json.msg as string[];
      } catch {
        message = null; // not a CIP-20 message
      }
    }
    return { hash, inputs, outputs, message };
  } finally {
    tx.free();
  }
}

/**
 * Emulated Cardano with a block log. `open` replays the persisted log; every method of
 * {@link CardanoLedger} reads memory only.
 */
export class EmulatorCardanoLedger implements CardanoLedger {
  readonly network = 'emulator';
  readonly networkId = 0 as const;
  private emulator: KingdomEmulator;
  private blocks: LoggedBlock[] = [];
  private mempool: LoggedTx[] = [];
  private txIndex = new Map<string, BlockRef>();
  private height = 0;
  private fork = 0;
  /** Serialises submit / produce / rollback (they touch the emulator and the log). */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly orm: Orm, private readonly genesis: GenesisOutput[]) {
    this.emulator = new KingdomEmulator(genesis);
  }

  /**
   * Opens the emulated chain kept in the database (replaying its log onto `genesis`), or a new one.
   * @throws Error when the stored log does not replay (genesis changed: a different treasury key)
   */
  static async open(orm: Orm, genesis: GenesisOutput[]): Promise<EmulatorCardanoLedger> {
    const ledger = new EmulatorCardanoLedger(orm, genesis);
    await ledger.replay();
    return ledger;
  }

  private async replay(): Promise<void> {
    const [state] = await exec<{ height: number; fork: number }>(this.orm, sql`SELECT height, fork FROM emu_chain_state WHERE id = 1`);
    const rows = await exec<{ height: number; block_hash: string; tx_hash: string; cbor: string }>(this.orm, sql`
      SELECT height, block_hash, tx_hash, cbor FROM emu_chain_txs ORDER BY height, position`);
    this.emulator = new KingdomEmulator(this.genesis);
    this.blocks = [];
    this.mempool = [];
    this.txIndex.clear();
    this.height = 0;
    this.fork = state?.fork ?? 0;
    for (const row of rows) {
      if (row.height > this.height + 1) this.advance(row.height - 1 - this.height);
      if (row.height === this.height) throw new Error('emulator log out of order');
      await this.accept(row.cbor);
      const last = this.mempool[this.mempool.length - 1];
      if (last?.hash !== row.tx_hash) throw new Error(`emulator log does not replay at ${row.tx_hash}`);
      this.pendingBlockHash = row.block_hash;
    }
    if (this.mempool.length) this.advance(1);
    const tip = state?.height ?? this.height;
    if (tip > this.height) this.advance(tip - this.height);
  }

  /** Hash the next produced block takes (replay keeps the stored ones). */
  private pendingBlockHash: string | null = null;

  /** Moves the emulator `n` blocks on; the mempool goes into the first. In memory only. */
  private advance(n: number): void {
    if (n <= 0) return;
    const height = this.height + 1;
    if (this.mempool.length) {
      const hash = this.pendingBlockHash ?? randomBytes(32).toString('hex');
      const block: LoggedBlock = { height, hash, txs: this.mempool };
      this.blocks.push(block);
      for (const tx of block.txs) this.txIndex.set(tx.hash, { height, hash });
      this.mempool = [];
    }
    this.pendingBlockHash = null;
    this.emulator.awaitBlock(n);
    this.height += n;
  }

  /** Validates and adds `cbor` to the mempool (Lucid's checks: UTxOs, witnesses, validity). */
  private async accept(cbor: string): Promise<string> {
    const read = readTransaction(cbor);
    const senders: string[] = [];
    for (const input of read.inputs) {
      const address = this.emulator.ledger[input.txHash + input.index]?.utxo.address;
      if (address && !senders.includes(address)) senders.push(address);
    }
    const hash = await this.emulator.submitTx(cbor);
    this.mempool.push({ hash, cbor, watched: { hash, senders, outputs: read.outputs, message: read.message } });
    return hash;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Submits a signed transaction; it goes into the next produced block.
   * @throws Error (Lucid's TxSubmitError) when the emulator refuses it
   */
  submit(cbor: string): Promise<string> {
    return this.serial(() => this.accept(cbor));
  }

  /** Produces `n` blocks (the mempool goes into the first) and persists the log. */
  produceBlocks(n: number): Promise<ChainTip> {
    return this.serial(async () => {
      const pending = this.mempool;
      const height = this.height + 1;
      this.advance(n);
      const block = pending.length ? this.blocks[this.blocks.length - 1]! : null;
      await this.orm.transaction(async (tx) => {
        if (block) {
          let position = 0;
          for (const t of block.txs) {
            await exec(tx, sql`INSERT INTO emu_chain_txs (tx_hash, height, position, block_hash, cbor)
              VALUES (${t.hash}, ${height}, ${position++}, ${block.hash}, ${t.cbor})`);
          }
        }
        await exec(tx, sql`INSERT INTO emu_chain_state (id, height, fork) VALUES (1, ${this.height}, ${this.fork})
          ON CONFLICT (id) DO UPDATE SET height = EXCLUDED.height, fork = EXCLUDED.fork`);
      });
      return this.tipNow();
    });
  }

  /**
   * Rolls the chain back `depth` blocks (tests and the demo): their transactions leave the chain
   * (they are not put back in the mempool), the mempool is emptied, and blocks produced after it
   * get new hashes.
   */
  rollback(depth: number): Promise<ChainTip> {
    return this.serial(async () => {
      const to = Math.max(0, this.height - depth);
      await this.orm.transaction(async (tx) => {
        await exec(tx, sql`DELETE FROM emu_chain_txs WHERE height > ${to}`);
        await exec(tx, sql`INSERT INTO emu_chain_state (id, height, fork) VALUES (1, ${to}, ${this.fork + 1})
          ON CONFLICT (id) DO UPDATE SET height = EXCLUDED.height, fork = EXCLUDED.fork`);
      });
      await this.replay();
      return this.tipNow();
    });
  }

  private emptyBlockHash(height: number): string {
    return createHash('sha256').update(`kingdom-emulator:${this.fork}:${height}`).digest('hex');
  }

  private tipNow(): ChainTip {
    const last = this.blocks[this.blocks.length - 1];
    const hash = last && last.height === this.height ? last.hash : this.emptyBlockHash(this.height);
    return { height: this.height, hash, slot: this.emulator.slot };
  }

  async tip(): Promise<ChainTip> {
    return this.tipNow();
  }

  async transactionsTo(addresses: readonly string[], fromHeight: number, toHeight: number): Promise<WatchedTx[]> {
    const wanted = new Set(addresses);
    const out: WatchedTx[] = [];
    for (const block of this.blocks) {
      if (block.height < fromHeight || block.height > toHeight) continue;
      for (const tx of block.txs) {
        if (tx.watched.outputs.some((o) => wanted.has(o.address))) out.push({ ...tx.watched, block: { height: block.height, hash: block.hash } });
      }
    }
    return out;
  }

  async txBlock(hash: string): Promise<BlockRef | null> {
    return this.txIndex.get(hash) ?? null;
  }

  /** True while `hash` waits in the mempool for the next block. */
  inMempool(hash: string): boolean {
    return this.mempool.some((t) => t.hash === hash);
  }

  async balance(address: string): Promise<{ lovelace: bigint; assets: Record<string, bigint> }> {
    const utxos = await this.emulator.getUtxos(address);
    let lovelace = 0n;
    const assets: Record<string, bigint> = {};
    for (const u of utxos) {
      for (const [unit, q] of Object.entries(u.assets)) {
        if (unit === 'lovelace') lovelace += q;
        else assets[unit] = (assets[unit] ?? 0n) + q;
      }
    }
    return { lovelace, assets };
  }

  /**
   * The emulator as a Lucid provider; its `submitTx` goes through {@link submit} so the block log
   * sees every transaction.
   */
  lucidProvider(): Provider {
    const emulator = this.emulator;
    const provider = Object.create(emulator) as Emulator;
    provider.submitTx = (cbor: string) => this.submit(cbor);
    return provider;
  }

  /** The underlying Lucid emulator (for `Lucid(…)`, which needs the instance to map slots to time). */
  lucidEmulator(): Emulator {
    return this.emulator;
  }
}

/**
 * The emulated Cardano of the demo and the tests (docs/architecture.md §5.4; docs/architecture.md §6 "one chain"): Lucid
 * Evolution's `Emulator` (UTxOs, signatures and validity checked on submit) plus what a chain watcher
 * needs and the emulator lacks: blocks with their transactions, block hashes, and rollbacks.
 *
 * One chain for every server process (the shared core: `../replicated-log.ts`): the chain is a log of events in Postgres
 * (`emu_chain_events`: a transaction accepted into the mempool, or `n` blocks produced) and each
 * process keeps a replica (an `Emulator` rebuilt by replaying the log). Every read first applies the
 * events it has not seen (one small query when nothing changed); every write (submit, produce,
 * rollback) locks `emu_chain_state`'s row, catches its replica up, validates, appends and commits, so
 * two processes can never fork the chain, and any of them may be killed and restarted at any time.
 * Every {@link SNAPSHOT_EVERY_EVENTS} events a replica's state is saved (`emu_chain_snapshots`), so
 * a (re)starting process restores it and replays only the events after it.
 * One block = 20 slots of 1 s (Lucid's emulator).
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CML, Emulator, type ProtocolParameters, type Provider, type UTxO } from '@lucid-evolution/lucid';
import { exec, type Orm } from '../db.ts';
import { fromJson, ReplicatedLog, toJson } from '../replicated-log.ts';
import type { BlockRef, CardanoEmulator, ChainTip, EmulatorChainView, GenesisOutput, WatchedOutput, WatchedTx } from '@kingdom/chain-providers';

/** Emulator time at slot 0 (ms, UTC). Fixed so every emulator in a process maps slots to time alike. */
export const EMULATOR_GENESIS_MS = Date.UTC(2026, 0, 1);


interface LoggedTx {
  hash: string;
  /** The signed transaction (the Blockfrost-compatible API answers it). */
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
      const assets = multiAssetRecord(out.amount().multi_asset());
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


/** Adds `assets` (unit → quantity, `lovelace` included) into `into`, times `sign`. */
function addAssets(into: Map<string, bigint>, assets: Record<string, bigint>, sign: 1n | -1n = 1n): void {
  for (const [unit, q] of Object.entries(assets)) into.set(unit, (into.get(unit) ?? 0n) + sign * q);
}

/** A CML multi-asset as unit (`policyId + assetNameHex`) → quantity (base units). */
export function multiAssetRecord(ma: InstanceType<typeof CML.MultiAsset>): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  const policies = ma.keys();
  for (let p = 0; p < policies.len(); p++) {
    const policy = policies.get(p);
    const byName = ma.get_assets(policy);
    if (!byName) continue;
    const names = byName.keys();
    for (let n = 0; n < names.len(); n++) out[policy.to_hex() + names.get(n).to_hex()] = byName.get(names.get(n)) ?? 0n;
  }
  return out;
}

/**
 * The ledger rules a Cardano node applies that Lucid's emulator does not (docs/architecture.md §5.4):
 * value is conserved — Σ inputs + minted + withdrawals + deposit refunds = Σ outputs + burnt + fee +
 * deposits, per unit — and the fee covers the protocol's minimum for the transaction's size
 * (`minFeeA × size + minFeeB`; Plutus scripts are refused), and the validity interval holds at `slot`
 * (Lucid skips a bound of 0). Signatures and double spends are checked by Lucid's `Emulator.submitTx`.
 * @param spent the UTxOs the inputs resolve to, in input order
 * @param slot the current slot
 * @throws Error naming the broken rule
 */
export function checkLedgerRules(cbor: string, spent: readonly UTxO[], params: ProtocolParameters, slot: number): void {
  const tx = CML.Transaction.from_cbor_hex(cbor);
  try {
    const body = tx.body();
    // Lucid's check skips a TTL or start of 0 (falsy): a node does not.
    const ttl = body.ttl();
    if (ttl !== undefined && BigInt(slot) > ttl) throw new Error(`validity interval ended at slot ${ttl} (now ${slot})`);
    const start = body.validity_interval_start();
    if (start !== undefined && BigInt(slot) < start) throw new Error(`validity interval starts at slot ${start} (now ${slot})`);
    const balance = new Map<string, bigint>();
    for (const u of spent) addAssets(balance, u.assets);
    const mint = body.mint();
    if (mint) {
      addAssets(balance, multiAssetRecord(mint.as_positive_multiasset()));
      addAssets(balance, multiAssetRecord(mint.as_negative_multiasset()), -1n);
    }
    const implicit = CML.get_implicit_input(body, params.poolDeposit, params.keyDeposit);
    addAssets(balance, { lovelace: implicit.coin() });
    const outs = body.outputs();
    for (let i = 0; i < outs.len(); i++) {
      const amount = outs.get(i).amount();
      addAssets(balance, { lovelace: amount.coin(), ...multiAssetRecord(amount.multi_asset()) }, -1n);
    }
    const fee = body.fee();
    addAssets(balance, { lovelace: fee + CML.get_deposit(body, params.poolDeposit, params.keyDeposit) }, -1n);
    for (const [unit, q] of balance) {
      if (q !== 0n) throw new Error(`value not conserved: ${unit} ${q > 0n ? 'consumed' : 'produced'} ${q > 0n ? q : -q} more than ${q > 0n ? 'produced' : 'consumed'}`);
    }
    const linear = CML.LinearFee.new(BigInt(params.minFeeA), BigInt(params.minFeeB), BigInt(Math.ceil(params.minFeeRefScriptCostPerByte)));
    const min = CML.min_no_script_fee(tx, linear);
    if (fee < min) throw new Error(`fee too small: ${fee} lovelace < minimum ${min}`);
    const redeemers = tx.witness_set().redeemers();
    if (redeemers) throw new Error('Plutus scripts are not supported by the emulator');
  } finally {
    tx.free();
  }
}

/** Events between two snapshots of the replica state (a restart replays at most this many). */
export const SNAPSHOT_EVERY_EVENTS = 100;

/** A replica's whole state after event `seq` of fork `fork` (`emu_chain_snapshots`). */
interface Snapshot {
  v: 1;
  seq: number;
  fork: number;
  height: number;
  lastKind: 'tx' | 'blocks' | null;
  emulator: Pick<Emulator, 'ledger' | 'mempool' | 'chain' | 'blockHeight' | 'slot' | 'time' | 'datumTable'>;
  blocks: LoggedBlock[];
  mempool: LoggedTx[];
}

/** A row of `emu_chain_events`. */
interface EventRow {
  seq: number;
  kind: 'tx' | 'blocks';
  tx_hash: string | null;
  cbor: string | null;
  blocks: number | null;
  block_hash: string | null;
  height_after: number | null;
}

/** `emu_chain_state`'s one row: the last event, the fork (bumped by a rollback) and the height. */
interface StateRow {
  seq: number;
  fork: number;
  height: number;
}

/** Thrown by a submit the emulator refuses (never leaves the replica changed). */
export class EmulatorRefusal extends Error {
  constructor(readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'EmulatorRefusal';
  }
}

/**
 * One process's replica of the shared emulated chain (see module doc). Methods of
 * {@link CardanoLedger} catch up with the log first, then read memory.
 */
export class EmulatorCardanoLedger extends ReplicatedLog<StateRow, EventRow> implements CardanoEmulator {
  readonly network = 'emulator';
  readonly networkId = 0 as const;
  private emulator: KingdomEmulator;
  private blocks: LoggedBlock[] = [];
  private mempool: LoggedTx[] = [];
  private txIndex = new Map<string, BlockRef>();
  private height = 0;
  /** Hash the next produced block takes when it carries the mempool. */
  private pendingBlockHash: string | null = null;

  private constructor(orm: Orm, private readonly genesis: GenesisOutput[]) {
    super(orm, 'emu_chain');
    this.emulator = new KingdomEmulator(genesis);
  }

  /**
   * Opens the shared chain: replays its log onto `genesis`.
   * @throws Error when the stored log does not replay (genesis changed: a different treasury key)
   */
  static async open(orm: Orm, genesis: GenesisOutput[]): Promise<EmulatorCardanoLedger> {
    const ledger = new EmulatorCardanoLedger(orm, genesis);
    await ledger.serial(() => ledger.catchUp(ledger.orm));
    return ledger;
  }

  protected readState(orm: Orm, lock: boolean): Promise<StateRow> {
    if (lock) {
      return exec<StateRow>(orm, sql`SELECT seq, fork, height FROM emu_chain_state WHERE id = 1 FOR UPDATE`).then(([state]) => {
        if (!state) throw new Error('emu_chain_state has no row (migration 0007 not applied)');
        return state;
      });
    }
    return exec<StateRow>(orm, sql`SELECT seq, fork, height FROM emu_chain_state WHERE id = 1`).then(([state]) => state ?? { seq: 0, fork: 0, height: 0 });
  }

  protected readEvents(orm: Orm, fromSeq: number): Promise<EventRow[]> {
    return exec<EventRow>(orm, sql`SELECT seq, kind, tx_hash, cbor, blocks, block_hash, height_after
      FROM emu_chain_events WHERE seq >= ${fromSeq} ORDER BY seq`);
  }

  protected resetChain(): void {
    this.emulator = new KingdomEmulator(this.genesis);
    this.blocks = [];
    this.mempool = [];
    this.txIndex.clear();
    this.height = 0;
    this.pendingBlockHash = null;
  }

  protected atTip(state: StateRow): boolean {
    return state.height === this.height;
  }

  protected extendLast(row: EventRow): void {
    if (row.kind === 'blocks' && row.height_after! > this.height) this.advance(row.height_after! - this.height);
  }

  protected async apply(row: EventRow): Promise<void> {
    if (row.kind === 'tx') {
      const hash = await this.accept(row.cbor!);
      if (hash !== row.tx_hash) throw new Error(`emulator log does not replay at ${row.tx_hash}`);
    } else {
      this.pendingBlockHash = row.block_hash;
      this.advance(row.blocks!);
    }
  }

  protected replayError(err: unknown): Error {
    if (err instanceof EmulatorRefusal) return new Error(`emulator log does not replay: ${err.message}`);
    return err instanceof Error ? err : new Error(String(err));
  }

  protected isRefusal(err: unknown): boolean {
    return err instanceof EmulatorRefusal;
  }

  protected snapshotInterval(): number {
    return SNAPSHOT_EVERY_EVENTS;
  }

  protected snapshotData(): string {
    const e = this.emulator;
    const snap: Snapshot = {
      v: 1, seq: this.appliedSeq, fork: this.fork, height: this.height, lastKind: this.lastKind,
      emulator: { ledger: e.ledger, mempool: e.mempool, chain: e.chain, blockHeight: e.blockHeight, slot: e.slot, time: e.time, datumTable: e.datumTable },
      blocks: this.blocks, mempool: this.mempool,
    };
    return toJson(snap);
  }

  /** Puts the replica in the state of a snapshot (then only later events are applied). */
  protected restore(data: string): void {
    const snap = fromJson<Snapshot>(data);
    Object.assign(this.emulator, snap.emulator);
    this.blocks = snap.blocks;
    this.txIndex.clear();
    for (const b of this.blocks) for (const t of b.txs) this.txIndex.set(t.hash, { height: b.height, hash: b.hash });
    this.mempool = snap.mempool;
    this.height = snap.height;
    this.appliedSeq = snap.seq;
    this.snapshotSeq = snap.seq;
    this.lastKind = snap.lastKind;
  }

  /** Moves the replica `n` blocks on; the mempool goes into the first. In memory only. */
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

  /**
   * Validates `cbor` and adds it to the replica's mempool (Lucid's checks: UTxOs, witnesses,
   * validity). @throws EmulatorRefusal when refused (the replica is unchanged)
   */
  private async accept(cbor: string): Promise<string> {
    let read: ReturnType<typeof readTransaction>;
    try {
      read = readTransaction(cbor);
    } catch (err) {
      throw new EmulatorRefusal(err);
    }
    const senders: string[] = [];
    const spent: UTxO[] = [];
    for (const input of read.inputs) {
      // An input may be an output of a transaction still in the mempool (wallets chain change).
      const ref = input.txHash + input.index;
      const utxo = (this.emulator.ledger[ref] ?? this.emulator.mempool[ref])?.utxo;
      if (!utxo) throw new EmulatorRefusal(new Error(`input ${input.txHash}#${input.index} does not exist`));
      spent.push(utxo);
      if (!senders.includes(utxo.address)) senders.push(utxo.address);
    }
    let hash: string;
    try {
      checkLedgerRules(cbor, spent, this.emulator.protocolParameters, this.emulator.slot);
      hash = await this.emulator.submitTx(cbor);
    } catch (err) {
      throw new EmulatorRefusal(err);
    }
    this.mempool.push({ hash, cbor, watched: { hash, senders, outputs: read.outputs, message: read.message } });
    return hash;
  }

  /**
   * Submits a signed transaction to the shared chain; it goes into the next produced block.
   * @throws EmulatorRefusal when the emulator refuses it; Error when the database fails
   */
  submit(cbor: string): Promise<string> {
    return this.write(async (tx, state) => {
      const hash = await this.accept(cbor);
      const seq = state.seq + 1;
      await exec(tx, sql`INSERT INTO emu_chain_events (seq, kind, tx_hash, cbor) VALUES (${seq}, 'tx', ${hash}, ${cbor})`);
      await exec(tx, sql`UPDATE emu_chain_state SET seq = ${seq} WHERE id = 1`);
      this.appliedSeq = seq;
      this.lastKind = 'tx';
      return hash;
    });
  }

  /** Produces `n` blocks on the shared chain (the mempool goes into the first). */
  produceBlocks(n: number): Promise<ChainTip> {
    return this.write(async (tx, state) => {
      const carries = this.mempool.length > 0;
      this.pendingBlockHash = carries ? randomBytes(32).toString('hex') : null;
      const blockHash = this.pendingBlockHash;
      this.advance(n);
      if (!carries && this.lastKind === 'blocks') {
        // Empty blocks extend the last event: the log grows with transactions, not with time.
        await exec(tx, sql`UPDATE emu_chain_events SET blocks = blocks + ${n}, height_after = ${this.height} WHERE seq = ${state.seq}`);
      } else {
        const seq = state.seq + 1;
        await exec(tx, sql`INSERT INTO emu_chain_events (seq, kind, blocks, block_hash, height_after) VALUES (${seq}, 'blocks', ${n}, ${blockHash}, ${this.height})`);
        this.appliedSeq = seq;
        this.lastKind = 'blocks';
      }
      await exec(tx, sql`UPDATE emu_chain_state SET seq = ${this.appliedSeq}, height = ${this.height} WHERE id = 1`);
      await this.snapshotIfDue(tx);
      return this.tipNow();
    });
  }

  /**
   * Rolls the chain back `depth` blocks (tests and the demo): their transactions leave the chain
   * (they are not put back in the mempool), the mempool is emptied, blocks produced after get new
   * hashes, and every replica rebuilds.
   */
  rollback(depth: number): Promise<ChainTip> {
    return this.write(async (tx, state) => {
      const to = Math.max(0, state.height - depth);
      const events = await exec<EventRow>(tx, sql`SELECT seq, kind, tx_hash, cbor, blocks, block_hash, height_after FROM emu_chain_events ORDER BY seq`);
      let keep = 0;
      let prevHeight = 0;
      for (const e of events) {
        if (e.kind !== 'blocks') continue;
        if (e.height_after! <= to) {
          keep = e.seq;
          prevHeight = e.height_after!;
          continue;
        }
        if (prevHeight < to) {
          // The event's first block stays (with the transactions before it); later blocks go.
          await exec(tx, sql`UPDATE emu_chain_events SET blocks = ${to - prevHeight}, height_after = ${to} WHERE seq = ${e.seq}`);
          keep = e.seq;
        }
        break;
      }
      await exec(tx, sql`DELETE FROM emu_chain_events WHERE seq > ${keep}`);
      await exec(tx, sql`DELETE FROM emu_chain_snapshots`);
      await exec(tx, sql`UPDATE emu_chain_state SET seq = ${keep}, height = ${to}, fork = fork + 1 WHERE id = 1`);
      this.dirty = true;
      await this.catchUp(tx);
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

  tip(): Promise<ChainTip> {
    return this.read(() => this.tipNow());
  }

  transactionsTo(addresses: readonly string[], fromHeight: number, toHeight: number): Promise<WatchedTx[]> {
    return this.read(() => {
      const wanted = new Set(addresses);
      const out: WatchedTx[] = [];
      for (const block of this.blocks) {
        if (block.height < fromHeight || block.height > toHeight) continue;
        for (const tx of block.txs) {
          if (tx.watched.outputs.some((o) => wanted.has(o.address))) out.push({ ...tx.watched, block: { height: block.height, hash: block.hash } });
        }
      }
      return out;
    });
  }

  txBlock(hash: string): Promise<BlockRef | null> {
    return this.read(() => this.txIndex.get(hash) ?? null);
  }

  /** True while `hash` waits in the shared mempool for the next block. */
  inMempool(hash: string): Promise<boolean> {
    return this.read(() => this.mempool.some((t) => t.hash === hash));
  }

  balance(address: string): Promise<{ lovelace: bigint; assets: Record<string, bigint> }> {
    return this.read(async () => {
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
    });
  }

  /**
   * The shared chain as a Lucid provider: every query catches up first and reads the replica;
   * `submitTx` goes through {@link submit}.
   */
  lucidProvider(): Provider {
    const on = <A extends unknown[], R>(f: (e: Emulator, ...args: A) => Promise<R>) => (...args: A) => this.read(() => f(this.emulator, ...args));
    return {
      getProtocolParameters: on((e) => e.getProtocolParameters()),
      getUtxos: on((e, a: Parameters<Emulator['getUtxos']>[0]) => e.getUtxos(a)),
      getUtxosWithUnit: on((e, a: Parameters<Emulator['getUtxosWithUnit']>[0], unit: string) => e.getUtxosWithUnit(a, unit)),
      getUtxoByUnit: on((e, unit: string) => e.getUtxoByUnit(unit)),
      getUtxosByOutRef: on((e, refs: Parameters<Emulator['getUtxosByOutRef']>[0]) => e.getUtxosByOutRef(refs)),
      getDelegation: on((e, reward: string) => e.getDelegation(reward)),
      getDatum: on((e, hash: string) => e.getDatum(hash)),
      awaitTx: async () => true,
      evaluateTx: on((e, cbor: string, extra?: UTxO[]) => e.evaluateTx(cbor, extra)),
      submitTx: (cbor: string) => this.submit(cbor),
    };
  }

  /**
   * A read-only view of the whole chain for a Blockfrost-compatible API over this replica (docs/game-rules.md §8.2,
   * `blockfrost-emulator.ts`), after catching up: the fork (bumped by every rollback), the tip, the
   * genesis UTxOs (transaction `00…00`, output index = position), the blocks that carry
   * transactions (empty blocks are not listed; a block's slot is 20 × its height) with each
   * transaction's hash, CBOR and senders in block order, and the hashes waiting in the mempool.
   * The arrays are fresh; the objects in them are the replica's and must not be changed.
   */
  chainView(): Promise<EmulatorChainView> {
    return this.read(() => ({
      fork: this.fork,
      tip: this.tipNow(),
      genesis: this.genesis,
      blocks: this.blocks.map((b) => ({ height: b.height, hash: b.hash, txs: b.txs.map((t) => ({ hash: t.hash, cbor: t.cbor, senders: t.watched.senders })) })),
      mempool: this.mempool.map((t) => t.hash),
    }));
  }
}

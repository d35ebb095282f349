/**
 * The local Solana cluster of the demo and the tests (docs/architecture.md §5 "Chain money"): litesvm's
 * in-process SVM (signatures, fees, rent, the system and memo programs run as on a validator) plus
 * what a cluster has and litesvm lacks: slots with commitments, recent blockhashes that expire,
 * transaction history by address, and forks.
 *
 * One chain for every server process, as the Cardano emulator (`cardano/emulator-ledger.ts`; the
 * shared core: `../replicated-log.ts`): the
 * chain is a log of events in Postgres (`sol_chain_events`: a transaction accepted into the current
 * slot, or slots produced) and each process keeps a replica (a litesvm rebuilt by replaying the log).
 * Every read first applies the events it has not seen (one small query when nothing changed); every
 * write (send, airdrop, produce, rollback) locks `sol_chain_state`'s row, catches its replica up,
 * validates, appends and commits, so processes never fork the chain and any may be killed at any
 * time. Snapshots (`sol_chain_snapshots`) bound the replay of a (re)starting process.
 *
 * The model (a validator's, simplified; docs/operator-guide.md "Local Solana cluster"):
 * - slot `s` is the current slot; an accepted transaction lands in it (`processed`); it is
 *   `confirmed` once a slot is produced on top (s + 1 ≤ current) and `finalized` once
 *   `finalitySlots` are (s + finalitySlots ≤ current). Block height = slot (no slot is skipped).
 * - the blockhash of slot k is a hash of the genesis hash and k; a transaction's blockhash must be of
 *   one of the last {@link MAX_BLOCKHASH_AGE_SLOTS} slots (else `BlockhashNotFound`), and two equal
 *   transactions built on different slots differ (litesvm's own blockhash is not used).
 * - a transaction that fails in execution lands with its error and pays its fee (as on a
 *   validator); one refused before execution (signature, fee payer, blockhash, duplicate) never lands.
 * - `rollback(n)` drops the last n produced slots and the current slot's transactions (only slots not
 *   finalized: n < finalitySlots): a fork.
 * - reads of accounts (getBalance, getAccountInfo) answer the processed state whatever the commitment.
 */
import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { FailedTransactionMetadata, LiteSVM, SimulatedTransactionInfo, TransactionMetadata } from 'litesvm';
import {
  address, appendTransactionMessageInstructions, createKeyPairSignerFromPrivateKeyBytes, createTransactionMessage,
  getBase58Decoder, getBase58Encoder, getTransactionEncoder, lamports,
  pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash, signTransactionMessageWithSigners,
  type Address, type Blockhash, type EncodedAccount, type KeyPairSigner, type RpcTransport,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { getAddMemoInstruction } from '@solana-program/memo';
import { SOLANA_MAX_TX_BYTES, SOLANA_MEMO_V1_PROGRAM, SOLANA_PAY_MEMO_PROGRAM, SYSTEM_PROGRAM_ADDRESS } from '@kingdom/game';
import type { LocalSolana, SlotTip } from '@kingdom/chain-providers';
import { exec, type Orm } from '../db.ts';
import { ReplicatedLog, toJson } from '../replicated-log.ts';
import { handleSolanaRpc } from './rpc.ts';
import { decodeWireTransaction, MAX_BLOCKHASH_AGE_SLOTS, SolanaRpcError, type DecodedTransaction } from './wire.ts';

/** The memo program Solana Pay uses (v3, "MemoSq4g…"): the one litesvm runs (name it explicitly). */
export const MEMO_PROGRAM_ADDRESS = address(SOLANA_PAY_MEMO_PROGRAM);
/** Lamports the faucet holds at genesis (10^9 SOL): what airdrops pay from. */
const FAUCET_GENESIS_LAMPORTS = 10n ** 18n;
/** Largest single airdrop of the local controls (lamports: 10^6 SOL). */
export const MAX_AIRDROP_LAMPORTS = 10n ** 15n;
/** Events between two snapshots at least; more as the chain grows (a snapshot holds every transaction). */
export const SNAPSHOT_EVERY_EVENTS = 100;
const SYSTEM_PROGRAM = address(SYSTEM_PROGRAM_ADDRESS);


/** A transaction error as the JSON-RPC answers it (`"BlockhashNotFound"`, `{"InstructionError":[0,{"Custom":1}]}`…). */
export type RpcTransactionError = string | Record<string, unknown>;

/** A landed transaction as the replica keeps it (what getTransaction and the history answer). */
export interface LandedTransaction {
  signature: string;
  slot: number;
  /** Seconds since the epoch, UTC: when it was accepted. */
  blockTime: number;
  /** The wire transaction (base64). */
  wire: string;
  version: 'legacy' | 0;
  err: RpcTransactionError | null;
  /** Lamports, decimal. */
  fee: string;
  /** Lamports of each account key (static, then loaded writable, then loaded readonly) before and after. */
  preBalances: string[];
  postBalances: string[];
  logs: string[];
  computeUnits: number;
  /** Every account key: static ones, then the loaded ones. */
  accountKeys: string[];
  loaded: { writable: string[]; readonly: string[] };
  /** Memo instructions' text as the RPC's history shows it (`[len] text; …`), or null. */
  memo: string | null;
}

/** What executing a transaction on the replica gave. */
export interface Execution {
  signature: string;
  /** False when refused before execution (nothing changed; it never lands). */
  landed: boolean;
  err: RpcTransactionError | null;
  logs: string[];
  computeUnits: number;
  record: LandedTransaction | null;
  /** A successful simulation: the accounts it would leave (address → account). */
  postAccounts?: Map<string, EncodedAccount>;
}

interface StateRow {
  seq: number;
  fork: number;
  slot: number;
}

interface EventRow {
  seq: number;
  kind: 'tx' | 'slots';
  slot: number;
  signature: string | null;
  wire: string | null;
  slots: number | null;
  at_ms: number;
}

interface Snapshot {
  v: 1;
  seq: number;
  fork: number;
  slot: number;
  lastKind: EventRow['kind'] | null;
  svm: string;
  txs: LandedTransaction[];
}

const FIELDLESS_TX_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee', 'InvalidAccountForFee',
  'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee', 'InvalidAccountIndex', 'SignatureFailure',
  'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance', 'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion', 'InvalidWritableAccount', 'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData', 'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit', 'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded', 'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const;

const FIELDLESS_INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall', 'InsufficientFunds',
  'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized', 'UninitializedAccount', 'UnbalancedInstruction',
  'ModifiedProgramId', 'ExternalAccountLamportSpend', 'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified',
  'DuplicateAccountIndex', 'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged',
  'AccountNotExecutable', 'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'Custom', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId', 'CallDepth',
  'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded',
  'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable',
  'IncorrectAuthority', 'BorshIoError', 'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar',
  'IllegalOwner', 'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits',
] as const;

/** litesvm's error value as the JSON-RPC's TransactionError JSON. */
export function rpcTransactionError(err: ReturnType<FailedTransactionMetadata['err']>): RpcTransactionError {
  if (typeof err === 'number') return FIELDLESS_TX_ERRORS[err] ?? `TransactionError(${err})`;
  const name = err.constructor.name;
  if (name === 'TransactionErrorInstructionError') {
    const e = err as { index: number; err(): unknown };
    const inner = e.err();
    let value: unknown;
    if (typeof inner === 'number') value = FIELDLESS_INSTRUCTION_ERRORS[inner] ?? `InstructionError(${inner})`;
    else if (inner && typeof inner === 'object' && 'code' in inner) value = { Custom: Number((inner as { code: number }).code) };
    else if (inner && typeof inner === 'object' && 'msg' in inner) value = { BorshIoError: String((inner as { msg: string }).msg) };
    else value = 'GenericError';
    return { InstructionError: [e.index, value] };
  }
  if (name === 'TransactionErrorDuplicateInstruction') return { DuplicateInstruction: (err as { index: number }).index };
  if (name === 'TransactionErrorInsufficientFundsForRent') return { InsufficientFundsForRent: { account_index: (err as { accountIndex: number }).accountIndex } };
  if (name === 'TransactionErrorProgramExecutionTemporarilyRestricted') return { ProgramExecutionTemporarilyRestricted: { account_index: (err as { accountIndex: number }).accountIndex } };
  return String(err);
}

/** The validator's text of a transaction error (the preflight failure's message). */
export function transactionErrorText(err: RpcTransactionError): string {
  const texts: Record<string, string> = {
    BlockhashNotFound: 'Blockhash not found',
    AlreadyProcessed: 'This transaction has already been processed',
    AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
    InsufficientFundsForFee: 'Insufficient funds for fee',
    SignatureFailure: 'Transaction did not pass signature verification',
    UnsupportedVersion: 'Transaction version is unsupported',
    SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
    AddressLookupTableNotFound: 'Transaction loads an address table account that doesn\'t exist',
  };
  if (typeof err === 'string') return texts[err] ?? err;
  const ie = err.InstructionError as [number, unknown] | undefined;
  if (ie) {
    const [index, value] = ie;
    const what = typeof value === 'object' && value && 'Custom' in value ? `custom program error: 0x${Number((value as { Custom: number }).Custom).toString(16)}` : JSON.stringify(value).replace(/"/g, '');
    return `Error processing Instruction ${index}: ${what}`;
  }
  if (err.InsufficientFundsForRent) return `Transaction results in an account (${(err.InsufficientFundsForRent as { account_index: number }).account_index}) with insufficient funds for rent`;
  return JSON.stringify(err);
}

const b58 = getBase58Decoder();
const b58enc = getBase58Encoder();
const txEncoder = getTransactionEncoder();

/**
 * One process's replica of the shared local cluster (see module doc). Every method catches up with
 * the log first; writes hold the state row's lock.
 */
export class LocalSolanaCluster extends ReplicatedLog<StateRow, EventRow> implements LocalSolana {
  private svm!: LiteSVM;
  private txs = new Map<string, LandedTransaction>();
  private byAddress = new Map<string, string[]>();
  private slot = 0;
  private blockhashWindow: { slot: number; bySlot: Map<string, number> } | null = null;
  private readonly signers = new Map<string, Promise<KeyPairSigner>>();

  /** Whether the JSON-RPC answers `requestAirdrop` (see {@link open}). */
  rpcAirdrops = true;

  /** An `@solana/kit` RPC transport over this cluster's JSON-RPC handler (no HTTP): `createSolanaRpcFromTransport(cluster.transport)`. */
  readonly transport: RpcTransport;

  private constructor(
    orm: Orm,
    /** The cluster's genesis hash (base58), kept in Postgres. */
    readonly genesisHash: string,
    /** Slots on top of a transaction's slot before it is finalized. */
    readonly finalitySlots: number,
    private readonly faucet: KeyPairSigner,
    private readonly genesisAccounts: Array<{ address: Address; lamports: bigint }>,
  ) {
    super(orm, 'sol_chain');
    // kit's response transformers turn integers into bigint or number by key path, as over HTTP.
    this.transport = (async ({ payload }: { payload: unknown }) => this.handle(payload)) as RpcTransport;
  }

  /**
   * Opens the shared cluster: creates its state row, genesis hash, faucet and sale keys on first
   * start, then replays the log.
   * @param opts.finalitySlots ≥ 1 (`SOLANA_FINALITY_SLOTS`)
   * @param opts.rpcAirdrops whether the JSON-RPC answers `requestAirdrop` (demo mode: free SOL for
   *   anyone who asks; default true). {@link airdrop} works either way.
   */
  static async open(orm: Orm, opts: { finalitySlots: number; rpcAirdrops?: boolean }): Promise<LocalSolanaCluster> {
    if (!Number.isInteger(opts.finalitySlots) || opts.finalitySlots < 1) throw new Error('finalitySlots must be an integer ≥ 1');
    await exec(orm, sql`INSERT INTO sol_chain_state (id, genesis_hash) VALUES (1, ${b58.decode(randomBytes(32))}) ON CONFLICT (id) DO NOTHING`);
    const [state] = await exec<{ genesis_hash: string }>(orm, sql`SELECT genesis_hash FROM sol_chain_state WHERE id = 1`);
    const faucet = await createKeyPairSignerFromPrivateKeyBytes(await clusterSeed(orm, 'faucet'));
    const sale = await createKeyPairSignerFromPrivateKeyBytes(await clusterSeed(orm, 'sale'));
    const cluster = new LocalSolanaCluster(orm, state!.genesis_hash, opts.finalitySlots, faucet, [
      { address: faucet.address, lamports: FAUCET_GENESIS_LAMPORTS },
      // The sale address exists from genesis (rent-exempt), as a real operator's would.
      { address: sale.address, lamports: 890_880n },
    ]);
    cluster.rpcAirdrops = opts.rpcAirdrops ?? true;
    cluster.signers.set('faucet', Promise.resolve(faucet));
    cluster.signers.set('sale', Promise.resolve(sale));
    await cluster.serial(() => cluster.catchUp(orm));
    return cluster;
  }

  /**
   * A named ed25519 keypair of the cluster (made once, kept in `sol_chain_keys`, the same in every
   * process): `sale` (the sale address), `faucet`, or any name a demo or test wants (a demo wallet).
   */
  keypair(name: string): Promise<KeyPairSigner> {
    let signer = this.signers.get(name);
    if (!signer) {
      signer = clusterSeed(this.orm, name).then((seed) => createKeyPairSignerFromPrivateKeyBytes(seed));
      signer.catch(() => this.signers.delete(name));
      this.signers.set(name, signer);
    }
    return signer;
  }

  /** Answers one JSON-RPC request or batch (already parsed JSON; see `rpc.ts`). Never throws. */
  handle(request: unknown): Promise<unknown> {
    return handleSolanaRpc(this, request);
  }

  private genesisSvm(): LiteSVM {
    const svm = new LiteSVM().withBlockhashCheck(false);
    for (const a of this.genesisAccounts) {
      svm.setAccount({ address: a.address, lamports: lamports(a.lamports), programAddress: SYSTEM_PROGRAM, executable: false, data: new Uint8Array(), space: 0n } as Parameters<LiteSVM['setAccount']>[0]);
    }
    svm.warpToSlot(0n);
    return svm;
  }

  protected readState(orm: Orm, lock: boolean): Promise<StateRow> {
    return readState(orm, lock);
  }

  protected readEvents(orm: Orm, fromSeq: number): Promise<EventRow[]> {
    return exec<EventRow>(orm, sql`SELECT seq, kind, slot::int AS slot, signature, wire, slots,
      (extract(epoch FROM at) * 1000)::float8 AS at_ms FROM sol_chain_events WHERE seq >= ${fromSeq} ORDER BY seq`);
  }

  protected resetChain(): void {
    this.svm = this.genesisSvm();
    this.txs.clear();
    this.byAddress.clear();
    this.slot = 0;
    this.blockhashWindow = null;
  }

  protected atTip(state: StateRow): boolean {
    return state.slot === this.slot;
  }

  protected extendLast(row: EventRow): void {
    const slot = Number(row.slot);
    if (row.kind === 'slots' && slot > this.slot) this.advanceTo(slot);
  }

  protected apply(row: EventRow): void {
    const slot = Number(row.slot);
    if (row.kind === 'tx') {
      if (slot !== this.slot) throw new Error(`transaction ${row.signature} is logged at slot ${slot}, the replica is at ${this.slot}`);
      const run = this.execute(new Uint8Array(Buffer.from(row.wire!, 'base64')), { simulate: false, sigVerify: true, blockTimeMs: Number(row.at_ms) });
      if (!run.landed || run.signature !== row.signature) throw new Error(`transaction ${row.signature} does not replay`);
    } else {
      this.advanceTo(slot);
    }
  }

  protected replayError(err: unknown): Error {
    return new Error(`local Solana cluster log does not replay: ${err instanceof Error ? err.message : String(err)}`);
  }

  protected isRefusal(err: unknown): boolean {
    return err instanceof SolanaRpcError;
  }

  /** At least {@link SNAPSHOT_EVERY_EVENTS}; more as the chain grows (a snapshot holds every transaction). */
  protected snapshotInterval(): number {
    return Math.max(SNAPSHOT_EVERY_EVENTS, Math.floor(this.txs.size / 4));
  }

  protected snapshotData(): string {
    const snap: Snapshot = {
      v: 1, seq: this.appliedSeq, fork: this.fork, slot: this.slot, lastKind: this.lastKind,
      svm: Buffer.from(this.svm.toBytes()).toString('base64'), txs: [...this.txs.values()],
    };
    return gzipSync(toJson(snap), { level: 1 }).toString('base64');
  }

  protected restore(data: string): void {
    const snap = JSON.parse(gunzipSync(Buffer.from(data, 'base64')).toString('utf8')) as Snapshot;
    // The snapshot holds the state; the settings are set again as at genesis.
    this.svm = LiteSVM.fromBytes(new Uint8Array(Buffer.from(snap.svm, 'base64'))).withBlockhashCheck(false).withSigverify(true);
    for (const t of snap.txs) this.index(t);
    this.slot = snap.slot;
    this.appliedSeq = snap.seq;
    this.snapshotSeq = snap.seq;
    this.lastKind = snap.lastKind;
  }

  private index(t: LandedTransaction): void {
    this.txs.set(t.signature, t);
    for (const key of new Set(t.accountKeys)) {
      let list = this.byAddress.get(key);
      if (!list) this.byAddress.set(key, (list = []));
      list.push(t.signature);
    }
  }

  /** Moves the replica's current slot to `slot` (in memory). */
  private advanceTo(slot: number): void {
    if (slot <= this.slot) return;
    this.slot = slot;
    this.svm.warpToSlot(BigInt(slot));
  }

  /** The blockhash of slot `k` (base58 of 32 bytes): the same in every replica. */
  blockhashOf(k: number): string {
    return b58.decode(createHash('sha256').update(`kingdom-solana:${this.genesisHash}:${k}`).digest());
  }

  /** The slot whose blockhash `hash` is, when it is still valid at the current slot; else null. */
  private blockhashSlot(hash: string): number | null {
    if (this.blockhashWindow?.slot !== this.slot) {
      const bySlot = new Map<string, number>();
      for (let k = Math.max(0, this.slot - MAX_BLOCKHASH_AGE_SLOTS); k <= this.slot; k++) bySlot.set(this.blockhashOf(k), k);
      this.blockhashWindow = { slot: this.slot, bySlot };
    }
    return this.blockhashWindow.bySlot.get(hash) ?? null;
  }

  private tipNow(): SlotTip {
    return { slot: this.slot, confirmedSlot: Math.max(0, this.slot - 1), finalizedSlot: Math.max(0, this.slot - this.finalitySlots) };
  }

  private balanceOf(key: string): bigint {
    return BigInt(this.svm.getBalance(address(key)) ?? 0n);
  }

  /** Addresses a v0 transaction loads from lookup tables (read from the tables' accounts). */
  private loadedAddresses(d: DecodedTransaction): { writable: string[]; readonly: string[] } | null {
    const writable: string[] = [];
    const readonly: string[] = [];
    for (const l of d.lookups) {
      const account = this.svm.getAccount(address(l.lookupTableAddress));
      if (!account.exists) return null;
      const data = account.data;
      const at = (i: number): string | null => (56 + 32 * (i + 1) <= data.length ? b58.decode(data.subarray(56 + 32 * i, 56 + 32 * (i + 1))) : null);
      for (const i of l.writableIndexes) { const a = at(i); if (!a) return null; writable.push(a); }
      for (const i of l.readonlyIndexes) { const a = at(i); if (!a) return null; readonly.push(a); }
    }
    return { writable, readonly };
  }

  /**
   * Runs a wire transaction on the replica: simulated (nothing changes) or sent (a landed one
   * changes the replica and is indexed). Blockhash and size are checked here.
   */
  private execute(wire: Uint8Array, opts: { simulate: boolean; sigVerify: boolean; blockTimeMs?: number }): Execution {
    const d = decodeWireTransaction(wire);
    const refused = (err: RpcTransactionError): Execution => ({ signature: d.signature, landed: false, err, logs: [], computeUnits: 0, record: null });
    if (this.blockhashSlot(d.blockhash) === null) return refused('BlockhashNotFound');
    // litesvm's own history is bounded: a landed signature is refused for as long as the chain keeps it.
    if (this.txs.has(d.signature)) return refused('AlreadyProcessed');
    const loaded = this.loadedAddresses(d);
    if (!loaded) return refused('AddressLookupTableNotFound');
    const keys = [...d.staticAccounts, ...loaded.writable, ...loaded.readonly];
    const pre = keys.map((k) => this.balanceOf(k));
    let result: ReturnType<LiteSVM['sendTransaction']> | ReturnType<LiteSVM['simulateTransaction']>;
    try {
      if (opts.simulate) {
        this.svm.withSigverify(opts.sigVerify);
        try { result = this.svm.simulateTransaction(d.tx); } finally { this.svm.withSigverify(true); }
      } else {
        result = this.svm.sendTransaction(d.tx);
      }
    } catch {
      // kit's assertion that every signature is present (litesvm's TS wrapper) or a sanitize panic.
      return refused('SignatureFailure');
    }
    const failed = result instanceof FailedTransactionMetadata ? result : null;
    const meta: TransactionMetadata = failed ? failed.meta() : result instanceof TransactionMetadata ? result : result.meta();
    const err = failed ? rpcTransactionError(failed.err()) : null;
    const logs = meta.logs();
    const computeUnits = Number(meta.computeUnitsConsumed());
    if (opts.simulate) {
      const postAccounts = result instanceof SimulatedTransactionInfo ? new Map(result.postAccounts().map((a) => [String(a.address), a])) : undefined;
      return { signature: d.signature, landed: false, err, logs, computeUnits, record: null, ...(postAccounts ? { postAccounts } : {}) };
    }
    const post = keys.map((k) => this.balanceOf(k));
    const fee = pre.reduce((s, v) => s + v, 0n) - post.reduce((s, v) => s + v, 0n);
    // Refused before execution: no fee was charged, nothing changed.
    if (failed && post[0] === pre[0]) return { signature: d.signature, landed: false, err, logs, computeUnits, record: null };
    const record: LandedTransaction = {
      signature: d.signature, slot: this.slot, blockTime: Math.floor((opts.blockTimeMs ?? Date.now()) / 1000), wire: Buffer.from(wire).toString('base64'),
      version: d.version, err, fee: fee.toString(), preBalances: pre.map(String), postBalances: post.map(String), logs, computeUnits,
      accountKeys: keys, loaded, memo: memoText(d, keys),
    };
    this.index(record);
    return { signature: d.signature, landed: true, err, logs, computeUnits, record };
  }

  /**
   * Sends a wire transaction to the cluster: it lands in the current slot. Without `skipPreflight`
   * it is simulated first and refused (-32002, with the error and logs) when the simulation fails; with
   * it, a transaction failing in execution lands with its error and pays its fee, and one refused
   * before execution is dropped (its signature is answered, it never lands), as a validator does.
   * @returns the signature (base58)
   * @throws SolanaRpcError -32602 (not a transaction, over {@link SOLANA_MAX_TX_BYTES}), -32003 (a bad signature), -32002 (preflight failure)
   */
  async send(wire: Uint8Array, opts: { skipPreflight?: boolean; blockTimeMs?: number } = {}): Promise<string> {
    if (wire.length > SOLANA_MAX_TX_BYTES) {
      throw new SolanaRpcError(-32602, `decoded solana_transaction::versioned::VersionedTransaction too large: ${wire.length} bytes (max: ${SOLANA_MAX_TX_BYTES} bytes)`);
    }
    const d = decodeWireTransaction(wire);
    if (!opts.skipPreflight) {
      // Preflight on the replica as read now, outside the write lock (as a validator's RPC node
      // simulates before forwarding): a change landing in between may still make it fail on chain.
      const sim = await this.read(() => this.execute(wire, { simulate: true, sigVerify: true }));
      if (sim.err === 'SignatureFailure') throw new SolanaRpcError(-32003, 'Transaction signature verification failure');
      if (sim.err) throw preflightError(sim);
    }
    return this.write(async (tx, state) => {
      const blockTimeMs = opts.blockTimeMs ?? Date.now();
      const run = this.execute(wire, { simulate: false, sigVerify: true, blockTimeMs });
      if (!run.landed) {
        if (run.err === 'SignatureFailure' && !opts.skipPreflight) throw new SolanaRpcError(-32003, 'Transaction signature verification failure');
        if (!opts.skipPreflight) throw preflightError(run);
        return d.signature;
      }
      const seq = state.seq + 1;
      await exec(tx, sql`INSERT INTO sol_chain_events (seq, kind, slot, signature, wire, at)
        VALUES (${seq}, 'tx', ${this.slot}, ${run.signature}, ${run.record!.wire}, ${new Date(blockTimeMs).toISOString()})`);
      await exec(tx, sql`UPDATE sol_chain_state SET seq = ${seq} WHERE id = 1`);
      this.appliedSeq = seq;
      this.lastKind = 'tx';
      await this.snapshotIfDue(tx);
      return run.signature;
    });
  }

  /**
   * Sends several wire transactions in one write (one lock, one database transaction): each as
   * {@link send} would, in order, each preflighted on the state the earlier ones left (under the
   * lock). For bulk senders (a JSON-RPC batch of sendTransaction, tests, benchmarks).
   * @returns per transaction its signature, or the SolanaRpcError `send` would have thrown
   */
  async sendMany(wires: readonly Uint8Array[], opts: { skipPreflight?: boolean; blockTimeMs?: number } = {}): Promise<Array<string | SolanaRpcError>> {
    const out: Array<string | SolanaRpcError | null> = wires.map((wire) => {
      if (wire.length > SOLANA_MAX_TX_BYTES) {
        return new SolanaRpcError(-32602, `decoded solana_transaction::versioned::VersionedTransaction too large: ${wire.length} bytes (max: ${SOLANA_MAX_TX_BYTES} bytes)`);
      }
      try {
        decodeWireTransaction(wire);
        return null;
      } catch (err) {
        return err instanceof SolanaRpcError ? err : new SolanaRpcError(-32602, String(err));
      }
    });
    if (out.every((o) => o !== null)) return out as Array<string | SolanaRpcError>;
    return this.write(async (tx, state) => {
      const blockTimeMs = opts.blockTimeMs ?? Date.now();
      const at = new Date(blockTimeMs).toISOString();
      const rows: SQL[] = [];
      let seq = state.seq;
      for (let i = 0; i < wires.length; i++) {
        if (out[i] !== null) continue;
        const wire = wires[i]!;
        if (!opts.skipPreflight) {
          const sim = this.execute(wire, { simulate: true, sigVerify: true });
          if (sim.err === 'SignatureFailure') { out[i] = new SolanaRpcError(-32003, 'Transaction signature verification failure'); continue; }
          if (sim.err) { out[i] = preflightError(sim); continue; }
        }
        const run = this.execute(wire, { simulate: false, sigVerify: true, blockTimeMs });
        if (!run.landed) {
          out[i] = opts.skipPreflight ? run.signature : run.err === 'SignatureFailure' ? new SolanaRpcError(-32003, 'Transaction signature verification failure') : preflightError(run);
          continue;
        }
        seq++;
        rows.push(sql`(${seq}, 'tx', ${this.slot}, ${run.signature}, ${run.record!.wire}, ${at})`);
        out[i] = run.signature;
      }
      if (rows.length) {
        await exec(tx, sql`INSERT INTO sol_chain_events (seq, kind, slot, signature, wire, at) VALUES ${sql.join(rows, sql`, `)}`);
        await exec(tx, sql`UPDATE sol_chain_state SET seq = ${seq} WHERE id = 1`);
        this.appliedSeq = seq;
        this.lastKind = 'tx';
        await this.snapshotIfDue(tx);
      }
      return out as Array<string | SolanaRpcError>;
    });
  }

  /**
   * Simulates a wire transaction on the current state (nothing changes, nothing is logged).
   * `replaceRecentBlockhash` runs it with the current blockhash instead of its own (its signatures
   * are then not checked).
   * @throws SolanaRpcError -32602 (not a transaction, too large)
   */
  async simulate(wire: Uint8Array, opts: { sigVerify?: boolean; replaceRecentBlockhash?: boolean; accounts?: readonly Address[] } = {}): Promise<{
    tip: SlotTip; err: RpcTransactionError | null; logs: string[]; unitsConsumed: number;
    replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | null;
    /** Each of `opts.accounts` as the transaction would leave it (null: no such account), when it succeeds; else as it is. */
    accounts: Array<EncodedAccount | null>;
  }> {
    if (wire.length > SOLANA_MAX_TX_BYTES) {
      throw new SolanaRpcError(-32602, `decoded solana_transaction::versioned::VersionedTransaction too large: ${wire.length} bytes (max: ${SOLANA_MAX_TX_BYTES} bytes)`);
    }
    const d = decodeWireTransaction(wire);
    return this.read(() => {
      let bytes = wire;
      let replacement: { blockhash: string; lastValidBlockHeight: number } | null = null;
      if (opts.replaceRecentBlockhash) {
        const blockhash = this.blockhashOf(this.slot);
        replacement = { blockhash, lastValidBlockHeight: this.slot + MAX_BLOCKHASH_AGE_SLOTS };
        bytes = replaceBlockhash(wire, d, blockhash);
      }
      const run = this.execute(bytes, { simulate: true, sigVerify: opts.replaceRecentBlockhash ? false : (opts.sigVerify ?? false) });
      const accounts = (opts.accounts ?? []).map((a) => {
        const after = run.postAccounts?.get(String(a));
        if (after) return after.lamports === 0n && after.data.length === 0 ? null : after;
        const now = this.svm.getAccount(a);
        return now.exists ? now : null;
      });
      return { tip: this.tipNow(), err: run.err, logs: run.logs, unitsConsumed: run.computeUnits, replacementBlockhash: replacement, accounts };
    });
  }

  /**
   * Sends `lamports` from the cluster's faucet to `to` (a signed transfer with an `airdrop <n>` memo,
   * landing in the current slot like any transaction).
   * @returns the transfer's signature
   * @throws SolanaRpcError -32602 when `to` is not an address or the amount is 0 or above {@link MAX_AIRDROP_LAMPORTS}
   */
  async airdrop(to: string, amount: bigint): Promise<string> {
    let recipient: Address;
    try {
      recipient = address(to);
    } catch {
      throw new SolanaRpcError(-32602, 'Invalid params: Invalid public key');
    }
    if (amount <= 0n || amount > MAX_AIRDROP_LAMPORTS) throw new SolanaRpcError(-32602, `Invalid params: airdrop of ${amount} lamports (1 to ${MAX_AIRDROP_LAMPORTS})`);
    // The slot and a nonce are read under the write lock; the transaction is built outside it, then sent.
    for (let attempt = 0; ; attempt++) {
      const { slot, nonce } = await this.read(() => ({ slot: this.slot, nonce: this.appliedSeq + 1 + attempt }));
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(this.faucet, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: this.blockhashOf(slot) as Blockhash, lastValidBlockHeight: BigInt(slot + MAX_BLOCKHASH_AGE_SLOTS) }, m),
        (m) => appendTransactionMessageInstructions([
          getTransferSolInstruction({ source: this.faucet, destination: recipient, amount }),
          getAddMemoInstruction({ memo: `airdrop ${nonce}.${randomBytes(4).toString('hex')}` }, { programAddress: MEMO_PROGRAM_ADDRESS }),
        ], m),
      );
      const signed = await signTransactionMessageWithSigners(message).catch((err: unknown) => {
        // kit refuses the transfer itself (e.g. to a program address: invoked and writable)
        throw new SolanaRpcError(-32602, `Invalid params: no airdrop to ${recipient}: ${err instanceof Error ? err.message : String(err)}`);
      });
      try {
        return await this.send(new Uint8Array(txEncoder.encode(signed)));
      } catch (err) {
        // The blockhash expired between building and sending (slots produced meanwhile): build again.
        if (attempt < 3 && err instanceof SolanaRpcError && JSON.stringify(err.data ?? '').includes('BlockhashNotFound')) continue;
        throw err;
      }
    }
  }

  /**
   * Produces `n` slots (1 ≤ n ≤ 100,000): the current slot's transactions become confirmed, older ones
   * finalized as `finalitySlots` pile up; blockhashes older than {@link MAX_BLOCKHASH_AGE_SLOTS} expire.
   */
  async produceSlots(n: number): Promise<SlotTip> {
    if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new SolanaRpcError(-32602, 'slots: an integer from 1 to 100000');
    return this.write(async (tx, state) => {
      this.advanceTo(this.slot + n);
      if (this.lastKind === 'slots' && state.seq === this.appliedSeq) {
        // Empty slots extend the last event: the log grows with transactions, not with time.
        await exec(tx, sql`UPDATE sol_chain_events SET slots = slots + ${n}, slot = ${this.slot} WHERE seq = ${state.seq}`);
      } else {
        const seq = state.seq + 1;
        await exec(tx, sql`INSERT INTO sol_chain_events (seq, kind, slot, slots) VALUES (${seq}, 'slots', ${this.slot}, ${n})`);
        this.appliedSeq = seq;
        this.lastKind = 'slots';
      }
      await exec(tx, sql`UPDATE sol_chain_state SET seq = ${this.appliedSeq}, slot = ${this.slot} WHERE id = 1`);
      await this.snapshotIfDue(tx);
      return this.tipNow();
    });
  }

  /**
   * A fork (tests and the demo): drops the last `n` produced slots and every transaction of the
   * slots dropped and of the current one, which leave the chain (they are not resent); every
   * replica rebuilds. Only slots not finalized may go: 0 ≤ n < `finalitySlots`.
   * @throws SolanaRpcError -32602 for another n
   */
  async rollback(n: number): Promise<SlotTip> {
    if (!Number.isInteger(n) || n < 0 || n >= this.finalitySlots) {
      throw new SolanaRpcError(-32602, `rollback: 0 to ${this.finalitySlots - 1} slots (finalized slots stay)`);
    }
    return this.write(async (tx, state) => {
      const to = Math.max(0, Number(state.slot) - n);
      const rows = await exec<{ seq: number; kind: string; slot: number; slots: number | null }>(tx, sql`SELECT seq, kind, slot::int AS slot, slots
        FROM sol_chain_events WHERE slot >= ${to} ORDER BY seq LIMIT 1`);
      let keep = state.seq;
      const first = rows[0];
      if (first) {
        keep = first.seq - 1;
        if (first.kind === 'slots') {
          const start = Number(first.slot) - first.slots!;
          if (Number(first.slot) === to) keep = first.seq;
          else if (start < to) {
            await exec(tx, sql`UPDATE sol_chain_events SET slots = ${to - start}, slot = ${to} WHERE seq = ${first.seq}`);
            keep = first.seq;
          }
        }
      }
      await exec(tx, sql`DELETE FROM sol_chain_events WHERE seq > ${keep}`);
      await exec(tx, sql`DELETE FROM sol_chain_snapshots WHERE seq >= ${keep}`);
      await exec(tx, sql`UPDATE sol_chain_snapshots SET fork = ${state.fork + 1}`);
      await exec(tx, sql`UPDATE sol_chain_state SET seq = ${keep}, slot = ${to}, fork = fork + 1 WHERE id = 1`);
      this.dirty = true;
      await this.catchUp(tx);
      return this.tipNow();
    });
  }

  /** The tip after catching up. */
  tip(): Promise<SlotTip> {
    return this.read(() => this.tipNow());
  }

  /**
   * Reads the replica after catching up (the JSON-RPC handler's access): `work` gets a view valid
   * only during the call.
   */
  view<T>(work: (v: ClusterView) => T): Promise<T> {
    return this.read(() => work(this.viewNow()));
  }

  private viewNow(): ClusterView {
    return {
      tip: this.tipNow(),
      genesisHash: this.genesisHash,
      finalitySlots: this.finalitySlots,
      svm: this.svm,
      transaction: (signature) => this.txs.get(signature) ?? null,
      signaturesFor: (addr) => this.byAddress.get(addr) ?? [],
      blockhashOf: (k) => this.blockhashOf(k),
      blockhashSlot: (hash) => this.blockhashSlot(hash),
      transactionCount: this.txs.size,
    };
  }
}

/** A read-only view of the replica (valid during a {@link LocalSolanaCluster.view} call). */
export interface ClusterView {
  tip: SlotTip;
  genesisHash: string;
  finalitySlots: number;
  svm: LiteSVM;
  transaction(signature: string): LandedTransaction | null;
  /** Signatures of landed transactions naming `address` among their account keys, oldest first. */
  signaturesFor(address: string): readonly string[];
  blockhashOf(slot: number): string;
  blockhashSlot(hash: string): number | null;
  transactionCount: number;
}

/** The preflight failure's JSON-RPC error (-32002) of a simulation or refused send. */
function preflightError(run: Execution): SolanaRpcError {
  return new SolanaRpcError(-32002, `Transaction simulation failed: ${transactionErrorText(run.err!)}`, {
    err: run.err, logs: run.logs, accounts: null, unitsConsumed: run.computeUnits, returnData: null, innerInstructions: null,
  });
}

/** Memo instructions (memo v1 and v3) as the history shows them: `[len] text`, joined by `; `. */
function memoText(d: DecodedTransaction, keys: string[]): string | null {
  const memos: string[] = [];
  for (const ix of d.instructions) {
    const program = keys[ix.programAddressIndex];
    if (program !== MEMO_PROGRAM_ADDRESS && program !== SOLANA_MEMO_V1_PROGRAM) continue;
    const text = Buffer.from(ix.data).toString('utf8');
    memos.push(`[${text.length}] ${text}`);
  }
  return memos.length ? memos.join('; ') : null;
}

/** The wire transaction with its message's blockhash replaced (signatures kept, now invalid). */
function replaceBlockhash(wire: Uint8Array, d: DecodedTransaction, blockhash: string): Uint8Array {
  const old = new Uint8Array(b58enc.encode(d.blockhash));
  const fresh = new Uint8Array(b58enc.encode(blockhash));
  const message = new Uint8Array(d.tx.messageBytes);
  // The blockhash follows the header and the static keys: find it there, not by scanning the message.
  const offset = findBytes(message, old);
  if (offset < 0) return wire;
  message.set(fresh, offset);
  const out = new Uint8Array(wire);
  out.set(message, wire.length - message.length);
  return out;
}

function findBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

async function readState(orm: Orm, lock: boolean): Promise<StateRow> {
  const rows = lock
    ? await exec<StateRow>(orm, sql`SELECT seq, fork, slot::int AS slot FROM sol_chain_state WHERE id = 1 FOR UPDATE`)
    : await exec<StateRow>(orm, sql`SELECT seq, fork, slot::int AS slot FROM sol_chain_state WHERE id = 1`);
  const row = rows[0];
  if (!row) throw new Error('sol_chain_state has no row (LocalSolanaCluster.open makes it)');
  return { seq: Number(row.seq), fork: Number(row.fork), slot: Number(row.slot) };
}

/** A named key's ed25519 seed (32 bytes), made once in `sol_chain_keys`. */
async function clusterSeed(orm: Orm, name: string): Promise<Uint8Array> {
  await exec(orm, sql`INSERT INTO sol_chain_keys (name, seed) VALUES (${name}, ${randomBytes(32).toString('hex')}) ON CONFLICT (name) DO NOTHING`);
  const [row] = await exec<{ seed: string }>(orm, sql`SELECT seed FROM sol_chain_keys WHERE name = ${name}`);
  return new Uint8Array(Buffer.from(row!.seed, 'hex'));
}


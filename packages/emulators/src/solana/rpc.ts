/**
 * The local cluster's Solana JSON-RPC 2.0 handler: the subset wallets and `@solana/kit` use, answered
 * in the shapes and with the error codes of a validator's RPC (docs/operator-guide.md "Local Solana
 * cluster"). It serves `POST /api/solana/rpc` and the in-process transport alike; it never throws:
 * garbage gets a JSON-RPC error (-32700 parse, -32600 request, -32601 method, -32602 params).
 *
 * Methods: getLatestBlockhash, isBlockhashValid, sendTransaction, simulateTransaction,
 * getSignatureStatuses, getSignaturesForAddress, getTransaction, getBalance, getAccountInfo,
 * getMultipleAccounts, getGenesisHash, requestAirdrop, getSlot, getBlockHeight, getEpochInfo,
 * getEpochSchedule, getMinimumBalanceForRentExemption, getFeeForMessage, getVersion, getHealth,
 * getTransactionCount, getRecentPrioritizationFees.
 */
import { address, getBase58Decoder, getBase58Encoder, getCompiledTransactionMessageDecoder, type Address } from '@solana/kit';
import type { SlotTip } from '@kingdom/chain-providers';
import type { ClusterView, LandedTransaction, LocalSolanaCluster } from './local-cluster.ts';
import { LAMPORTS_PER_SIGNATURE, SOLANA_MAX_TX_BYTES, SYSTEM_PROGRAM_ADDRESS } from '@kingdom/game';
import { decodeWireTransaction, MAX_BLOCKHASH_AGE_SLOTS, SolanaRpcError } from './wire.ts';

/** Largest batch (requests per HTTP body). */
export const MAX_RPC_BATCH = 100;
/** Largest airdrop through `requestAirdrop` (lamports: 1,000 SOL); the demo faucet may give more. */
export const MAX_RPC_AIRDROP_LAMPORTS = 1_000_000_000_000n;
const SLOTS_PER_EPOCH = 432_000;
const API_VERSION = '2.3.0';

type Commitment = 'processed' | 'confirmed' | 'finalized';
type Params = unknown[];
type Id = string | number | null;

const b58 = getBase58Decoder();
const b58enc = getBase58Encoder();

function invalid(message: string): SolanaRpcError {
  return new SolanaRpcError(-32602, `Invalid params: ${message}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The config object at `params[i]` (absent → {}). */
function config(params: Params, i: number): Record<string, unknown> {
  const c = params[i];
  if (c === undefined || c === null) return {};
  if (!isObject(c)) throw invalid(`expected a config object at position ${i}`);
  return c;
}

function commitmentOf(c: Record<string, unknown>, fallback: Commitment = 'finalized'): Commitment {
  const v = c.commitment ?? fallback;
  if (v === 'processed' || v === 'recent') return 'processed';
  if (v === 'confirmed' || v === 'single' || v === 'singleGossip') return 'confirmed';
  if (v === 'finalized' || v === 'max' || v === 'root') return 'finalized';
  throw invalid(`unknown commitment \`${String(v)}\``);
}

function slotAt(tip: SlotTip, commitment: Commitment): number {
  return commitment === 'processed' ? tip.slot : commitment === 'confirmed' ? tip.confirmedSlot : tip.finalizedSlot;
}

function integer(v: unknown, what: string, max = BigInt(Number.MAX_SAFE_INTEGER)): bigint {
  if (typeof v === 'bigint' && v >= 0n && v <= max) return v;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && BigInt(v) <= max) return BigInt(v);
  throw invalid(`${what}: expected a non-negative integer`);
}

function pubkey(v: unknown): Address {
  if (typeof v !== 'string') throw invalid('Invalid public key');
  try {
    return address(v);
  } catch {
    throw invalid('Invalid public key');
  }
}

function signatureParam(v: unknown): string {
  if (typeof v !== 'string' || v.length > 90) throw invalid('Invalid signature');
  try {
    if (b58enc.encode(v).length !== 64) throw new Error('length');
  } catch {
    throw invalid('Invalid signature');
  }
  return v;
}

function checkMinContextSlot(c: Record<string, unknown>, contextSlot: number): void {
  if (c.minContextSlot === undefined || c.minContextSlot === null) return;
  if (integer(c.minContextSlot, 'minContextSlot') > BigInt(contextSlot)) {
    throw new SolanaRpcError(-32016, 'Minimum context slot has not been reached', { contextSlot });
  }
}

function context(slot: number): { apiVersion: string; slot: number } {
  return { apiVersion: API_VERSION, slot };
}

/** Wire bytes of an encoded transaction (base58 by default, as the RPC). */
function wireBytes(encoded: unknown, encoding: unknown): Uint8Array {
  if (typeof encoded !== 'string') throw invalid('expected an encoded transaction string');
  const enc = encoding ?? 'base58';
  const max = enc === 'base64' ? 1644 : 1683;
  if (encoded.length > max) {
    throw new SolanaRpcError(-32602, `${String(enc)} encoded solana_transaction::versioned::VersionedTransaction too large: ${encoded.length} bytes (max: encoded/raw ${max}/${SOLANA_MAX_TX_BYTES})`);
  }
  if (enc === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) throw invalid('invalid base64 encoding');
    return new Uint8Array(Buffer.from(encoded, 'base64'));
  }
  if (enc === 'base58') {
    try {
      return new Uint8Array(b58enc.encode(encoded));
    } catch {
      throw invalid('invalid base58 encoding');
    }
  }
  throw invalid(`unsupported encoding: ${String(enc)}. Supported encodings: base58, base64`);
}

/** How far a transaction of `slot` is: `finalitySlots` on top finalize it, one confirms it. */
function confirmationStatus(slot: number, tip: SlotTip, finalitySlots: number): Commitment {
  const onTop = tip.slot - slot;
  return onTop >= finalitySlots ? 'finalized' : onTop >= 1 ? 'confirmed' : 'processed';
}

const RANK: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 };

/** True when a transaction of `slot` has reached `commitment`. */
function reached(slot: number, tip: SlotTip, finalitySlots: number, commitment: Commitment): boolean {
  return RANK[confirmationStatus(slot, tip, finalitySlots)] >= RANK[commitment];
}

/** An account as the RPC answers it (`data` encoded as asked). */
function encodedAccountJson(account: { executable: boolean; lamports: bigint; programAddress: Address; data: { length: number } }, data: Uint8Array, encoding: unknown): unknown {
  let encoded: unknown;
  if (encoding === 'base58' || encoding === 'binary') {
    if (data.length > 128) throw new SolanaRpcError(-32600, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
    encoded = encoding === 'binary' ? b58.decode(data) : [b58.decode(data), 'base58'];
  } else if (encoding === 'base64' || encoding === 'jsonParsed' || encoding === 'base64+zstd') {
    encoded = [Buffer.from(data).toString('base64'), 'base64'];
  } else {
    throw invalid(`unsupported encoding: ${String(encoding)}`);
  }
  return {
    data: encoded, executable: account.executable, lamports: BigInt(account.lamports), owner: String(account.programAddress),
    rentEpoch: 18446744073709551615n, space: BigInt(account.data.length),
  };
}

function accountJson(v: ClusterView, key: Address, c: Record<string, unknown>): unknown {
  const account = v.svm.getAccount(key);
  if (!account.exists) return null;
  let data = new Uint8Array(account.data);
  const slice = c.dataSlice;
  if (isObject(slice)) {
    const offset = Number(integer(slice.offset, 'dataSlice.offset'));
    const length = Number(integer(slice.length, 'dataSlice.length'));
    data = data.subarray(offset, offset + length);
  }
  return encodedAccountJson(account, data, c.encoding ?? 'base58');
}

/** Rendered answers per landed transaction (records never change; a dropped one is collected). */
const rendered = new WeakMap<LandedTransaction, Map<string, Record<string, unknown>>>();

/**
 * A landed transaction as `getTransaction` answers it, rendered once per encoding and version flag
 * (the answer is shared: callers of {@link handleSolanaRpc} must not change answers).
 */
function transactionJson(t: LandedTransaction, encoding: string, withVersion: boolean): Record<string, unknown> {
  let byForm = rendered.get(t);
  if (!byForm) rendered.set(t, (byForm = new Map()));
  const form = `${encoding}:${withVersion}`;
  let answer = byForm.get(form);
  if (!answer) byForm.set(form, (answer = renderTransaction(t, encoding, withVersion)));
  return answer;
}

function renderTransaction(t: LandedTransaction, encoding: string, withVersion: boolean): Record<string, unknown> {
  const wire = new Uint8Array(Buffer.from(t.wire, 'base64'));
  let transaction: unknown;
  if (encoding === 'base64') transaction = [t.wire, 'base64'];
  else if (encoding === 'base58') transaction = [b58.decode(wire), 'base58'];
  else {
    const d = decodeWireTransaction(wire);
    const signatures = Object.values(d.tx.signatures).map((s) => b58.decode(s ?? new Uint8Array(64)));
    const h = d.header;
    const header = { numRequiredSignatures: h.numSignerAccounts, numReadonlySignedAccounts: h.numReadonlySignerAccounts, numReadonlyUnsignedAccounts: h.numReadonlyNonSignerAccounts };
    const parsed = encoding === 'jsonParsed';
    const nStatic = d.staticAccounts.length;
    const writable = (i: number): boolean => {
      if (i >= nStatic) return i < nStatic + t.loaded.writable.length;
      return i < h.numSignerAccounts ? i < h.numSignerAccounts - h.numReadonlySignerAccounts : i < nStatic - h.numReadonlyNonSignerAccounts;
    };
    const accountKeys = parsed
      ? t.accountKeys.map((pubkey, i) => ({ pubkey, writable: writable(i), signer: i < h.numSignerAccounts, source: i < nStatic ? 'transaction' : 'lookupTable' }))
      : d.staticAccounts;
    const instructions = d.instructions.map((ix) => {
      const programId = t.accountKeys[ix.programAddressIndex] ?? '';
      if (!parsed) return { programIdIndex: ix.programAddressIndex, accounts: ix.accountIndices, data: b58.decode(ix.data), stackHeight: null };
      const accounts = ix.accountIndices.map((i) => t.accountKeys[i] ?? '');
      const known = parsedInstruction(programId, accounts, ix.data);
      return known ?? { programId, accounts, data: b58.decode(ix.data), stackHeight: null };
    });
    const message: Record<string, unknown> = { accountKeys, header, recentBlockhash: d.blockhash, instructions };
    if (parsed) delete message.header;
    if (d.version === 0) {
      message.addressTableLookups = d.lookups.map((l) => ({ accountKey: l.lookupTableAddress, writableIndexes: l.writableIndexes, readonlyIndexes: l.readonlyIndexes }));
    }
    transaction = { signatures, message };
  }
  return {
    slot: t.slot, blockTime: t.blockTime, ...(withVersion ? { version: t.version } : {}), transaction,
    meta: {
      err: t.err, status: t.err === null ? { Ok: null } : { Err: t.err }, fee: BigInt(t.fee),
      preBalances: t.preBalances.map(BigInt), postBalances: t.postBalances.map(BigInt),
      innerInstructions: [], logMessages: t.logs, preTokenBalances: [], postTokenBalances: [], rewards: [],
      loadedAddresses: { writable: t.loaded.writable, readonly: t.loaded.readonly }, computeUnitsConsumed: t.computeUnits,
    },
  };
}

/** The jsonParsed form of a system transfer or a memo (the instructions payments use); else null. */
function parsedInstruction(programId: string, accounts: string[], data: Uint8Array): Record<string, unknown> | null {
  if (programId === SYSTEM_PROGRAM_ADDRESS && data.length === 12 && Buffer.from(data).readUInt32LE(0) === 2 && accounts.length >= 2) {
    return { program: 'system', programId, parsed: { type: 'transfer', info: { source: accounts[0], destination: accounts[1], lamports: Buffer.from(data).readBigUInt64LE(4) } }, stackHeight: null };
  }
  if (programId === 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' || programId === 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo') {
    return { program: 'spl-memo', programId, parsed: Buffer.from(data).toString('utf8'), stackHeight: null };
  }
  return null;
}

/** A method that only reads the replica: run inside one catch-up (a batch's reads share one). */
type Read = (v: ClusterView, params: Params) => unknown;
/** A method that writes (or runs its own reads). */
type Write = (cluster: LocalSolanaCluster, params: Params) => Promise<unknown>;

/** Reads of the replica's state as a view shows it (a fresh catch-up per request or per batch). */
const READS: Record<string, Read> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': API_VERSION, 'feature-set': 0 }),
  getGenesisHash: (v) => v.genesisHash,
  getRecentPrioritizationFees: () => [],
  getEpochSchedule: () => ({ slotsPerEpoch: SLOTS_PER_EPOCH, leaderScheduleSlotOffset: SLOTS_PER_EPOCH, warmup: false, firstNormalEpoch: 0, firstNormalSlot: 0 }),

  getSlot: (v, p) => {
    const c = config(p, 0);
    const slot = slotAt(v.tip, commitmentOf(c));
    checkMinContextSlot(c, slot);
    return slot;
  },
  getBlockHeight: (v, p) => READS.getSlot!(v, p),
  getTransactionCount: (v) => v.transactionCount,
  getEpochInfo: (v, p) => {
    const slot = slotAt(v.tip, commitmentOf(config(p, 0)));
    return { absoluteSlot: slot, blockHeight: slot, epoch: Math.floor(slot / SLOTS_PER_EPOCH), slotIndex: slot % SLOTS_PER_EPOCH, slotsInEpoch: SLOTS_PER_EPOCH, transactionCount: v.transactionCount };
  },

  getLatestBlockhash: (v, p) => {
    const c = config(p, 0);
    const slot = slotAt(v.tip, commitmentOf(c));
    checkMinContextSlot(c, slot);
    return { context: context(slot), value: { blockhash: v.blockhashOf(slot), lastValidBlockHeight: slot + MAX_BLOCKHASH_AGE_SLOTS } };
  },
  isBlockhashValid: (v, p) => {
    if (typeof p[0] !== 'string') throw invalid('expected a blockhash');
    const c = config(p, 1);
    const slot = slotAt(v.tip, commitmentOf(c));
    checkMinContextSlot(c, slot);
    return { context: context(slot), value: v.blockhashSlot(p[0]) !== null };
  },

  getMinimumBalanceForRentExemption: (v, p) => v.svm.minimumBalanceForRentExemption(integer(p[0], 'data length', 10_485_760n)),

  getFeeForMessage: (v, p) => {
    if (typeof p[0] !== 'string' || p[0].length > 1644) throw invalid('expected a base64 message');
    let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;
    try {
      message = getCompiledTransactionMessageDecoder().decode(new Uint8Array(Buffer.from(p[0], 'base64')));
    } catch {
      throw invalid('invalid message');
    }
    const slot = slotAt(v.tip, commitmentOf(config(p, 1)));
    const valid = v.blockhashSlot(message.lifetimeToken) !== null;
    return { context: context(slot), value: valid ? BigInt(message.header.numSignerAccounts) * LAMPORTS_PER_SIGNATURE : null };
  },

  getBalance: (v, p) => {
    const key = pubkey(p[0]);
    const c = config(p, 1);
    const slot = slotAt(v.tip, commitmentOf(c));
    checkMinContextSlot(c, slot);
    return { context: context(slot), value: BigInt(v.svm.getBalance(key) ?? 0n) };
  },

  getAccountInfo: (v, p) => {
    const key = pubkey(p[0]);
    const c = config(p, 1);
    const slot = slotAt(v.tip, commitmentOf(c));
    checkMinContextSlot(c, slot);
    return { context: context(slot), value: accountJson(v, key, c) };
  },

  getMultipleAccounts: (v, p) => {
    if (!Array.isArray(p[0]) || p[0].length > 100) throw invalid('expected at most 100 public keys');
    const keys = p[0].map(pubkey);
    const c = config(p, 1);
    const slot = slotAt(v.tip, commitmentOf(c));
    checkMinContextSlot(c, slot);
    return { context: context(slot), value: keys.map((k) => accountJson(v, k, c)) };
  },

  getSignatureStatuses: (v, p) => {
    if (!Array.isArray(p[0])) throw invalid('expected an array of signatures');
    if (p[0].length > 256) throw invalid('Too many inputs provided; max 256');
    const signatures = p[0].map(signatureParam);
    config(p, 1);
    return {
      context: context(v.tip.slot),
      value: signatures.map((s) => {
        const t = v.transaction(s);
        if (!t) return null;
        const status = confirmationStatus(t.slot, v.tip, v.finalitySlots);
        return {
          slot: t.slot, confirmations: status === 'finalized' ? null : v.tip.slot - t.slot,
          err: t.err, status: t.err === null ? { Ok: null } : { Err: t.err }, confirmationStatus: status,
        };
      }),
    };
  },

  getSignaturesForAddress: (v, p) => {
    const key = pubkey(p[0]);
    const c = config(p, 1);
    const commitment = commitmentOf(c);
    if (commitment === 'processed') throw invalid('Method does not support commitment below `confirmed`');
    const limit = c.limit === undefined || c.limit === null ? 1000 : Number(integer(c.limit, 'limit'));
    if (limit < 1 || limit > 1000) throw invalid('Invalid limit; max 1000');
    const before = c.before === undefined || c.before === null ? null : signatureParam(c.before);
    const until = c.until === undefined || c.until === null ? null : signatureParam(c.until);
    checkMinContextSlot(c, slotAt(v.tip, commitment));
    const list = v.signaturesFor(key);
    let i = list.length - 1;
    if (before !== null) {
      const at = list.lastIndexOf(before);
      i = at < 0 ? -1 : at - 1;
    }
    const out: unknown[] = [];
    for (; i >= 0 && out.length < limit; i--) {
      const s = list[i]!;
      if (s === until) break;
      const t = v.transaction(s)!;
      if (!reached(t.slot, v.tip, v.finalitySlots, commitment)) continue;
      out.push({ signature: s, slot: t.slot, err: t.err, memo: t.memo, blockTime: t.blockTime, confirmationStatus: confirmationStatus(t.slot, v.tip, v.finalitySlots) });
    }
    return out;
  },

  getTransaction: (v, p) => {
    const signature = signatureParam(p[0]);
    const c: Record<string, unknown> = typeof p[1] === 'string' ? { encoding: p[1] } : config(p, 1);
    const commitment = commitmentOf(c);
    if (commitment === 'processed') throw invalid('Method does not support commitment below `confirmed`');
    const encoding = c.encoding ?? 'json';
    if (encoding !== 'json' && encoding !== 'jsonParsed' && encoding !== 'base64' && encoding !== 'base58') throw invalid(`unsupported encoding: ${String(encoding)}`);
    const max = c.maxSupportedTransactionVersion;
    if (max !== undefined && max !== null && max !== 0 && max !== 0n) throw invalid(`unsupported maxSupportedTransactionVersion ${String(max)}`);
    const withVersion = max !== undefined && max !== null;
    const t = v.transaction(signature);
    if (!t || !reached(t.slot, v.tip, v.finalitySlots, commitment)) return null;
    if (t.version === 0 && !withVersion) {
      throw new SolanaRpcError(-32015, 'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0');
    }
    return transactionJson(t, encoding, withVersion);
  },
};

/** Methods that write to the cluster, or simulate on it. */
const WRITES: Record<string, Write> = {
  requestAirdrop: async (cluster, p) => {
    // outside demo mode free SOL would pay for real EXO orders
    if (!cluster.rpcAirdrops) throw new SolanaRpcError(-32601, 'Method not found');
    const to = pubkey(p[0]);
    const amount = integer(p[1], 'lamports');
    if (amount === 0n || amount > MAX_RPC_AIRDROP_LAMPORTS) throw invalid(`airdrop of 1 to ${MAX_RPC_AIRDROP_LAMPORTS} lamports`);
    return cluster.airdrop(to, amount);
  },

  sendTransaction: async (cluster, p) => {
    const c = config(p, 1);
    const wire = wireBytes(p[0], c.encoding);
    const tip = await cluster.tip();
    checkMinContextSlot(c, tip.slot);
    return cluster.send(wire, { skipPreflight: c.skipPreflight === true });
  },

  simulateTransaction: async (cluster, p) => {
    const c = config(p, 1);
    const wire = wireBytes(p[0], c.encoding);
    if (c.sigVerify === true && c.replaceRecentBlockhash === true) throw invalid('sigVerify may not be used with replaceRecentBlockhash');
    let keys: Address[] | null = null;
    let accConfig: Record<string, unknown> = {};
    if (c.accounts !== undefined && c.accounts !== null) {
      if (!isObject(c.accounts) || !Array.isArray(c.accounts.addresses)) throw invalid('accounts: expected { addresses: [...] }');
      if (c.accounts.addresses.length > 100) throw invalid('at most 100 accounts');
      keys = c.accounts.addresses.map(pubkey);
      accConfig = { encoding: c.accounts.encoding ?? 'base64' };
      if (accConfig.encoding !== 'base64' && accConfig.encoding !== 'base64+zstd' && accConfig.encoding !== 'jsonParsed') throw invalid('accounts: base64 or jsonParsed encoding');
    }
    const sim = await cluster.simulate(wire, { sigVerify: c.sigVerify === true, replaceRecentBlockhash: c.replaceRecentBlockhash === true, ...(keys ? { accounts: keys } : {}) });
    const slot = slotAt(sim.tip, commitmentOf(c));
    checkMinContextSlot(c, slot);
    const accounts = keys ? sim.accounts.map((a) => (a ? encodedAccountJson(a, new Uint8Array(a.data), 'base64') : null)) : null;
    return {
      context: context(slot),
      value: {
        err: sim.err, logs: sim.logs, accounts, unitsConsumed: sim.unitsConsumed, returnData: null, innerInstructions: null,
        ...(sim.replacementBlockhash ? { replacementBlockhash: sim.replacementBlockhash } : {}),
      },
    };
  },
};

/** The JSON-RPC methods this endpoint answers. */
export const SOLANA_RPC_METHODS: readonly string[] = [...Object.keys(READS), ...Object.keys(WRITES)];

function errorAnswer(id: Id, code: number, message: string, data?: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', error: { code, message, ...(data !== undefined ? { data } : {}) }, id };
}

function failure(id: Id, err: unknown): Record<string, unknown> {
  if (err instanceof SolanaRpcError) return errorAnswer(id, err.code, err.message, err.data);
  return errorAnswer(id, -32603, 'Internal error');
}

function own<T>(table: Record<string, T>, name: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
}

/** A request checked for shape: an answer already (malformed), or what to run. */
type Checked = { answer: Record<string, unknown> } | { id: Id; params: Params; read: Read } | { id: Id; params: Params; write: Write; method: string };

function check(request: unknown): Checked {
  if (!isObject(request)) return { answer: errorAnswer(null, -32600, 'Invalid request') };
  const rawId = request.id;
  const id: Id = typeof rawId === 'string' || (typeof rawId === 'number' && Number.isFinite(rawId)) ? rawId
    : typeof rawId === 'bigint' ? Number(rawId) : null;
  if (request.jsonrpc !== '2.0' || typeof request.method !== 'string') return { answer: errorAnswer(id, -32600, 'Invalid request') };
  const params = request.params === undefined ? [] : request.params;
  if (!Array.isArray(params)) return { answer: errorAnswer(id, -32602, 'Invalid params: expected an array') };
  const read = own(READS, request.method);
  if (read) return { id, params, read };
  const write = own(WRITES, request.method);
  if (write) return { id, params, write, method: request.method };
  return { answer: errorAnswer(id, -32601, 'Method not found') };
}

function answerRead(v: ClusterView, id: Id, params: Params, read: Read): Record<string, unknown> {
  try {
    return { jsonrpc: '2.0', result: read(v, params), id };
  } catch (err) {
    return failure(id, err);
  }
}

async function run(cluster: LocalSolanaCluster, c: Checked): Promise<Record<string, unknown>> {
  if ('answer' in c) return c.answer;
  try {
    if ('read' in c) return await cluster.view((v) => answerRead(v, c.id, c.params, c.read));
    return { jsonrpc: '2.0', result: await c.write(cluster, c.params), id: c.id };
  } catch (err) {
    return failure(c.id, err);
  }
}

/** Consecutive `sendTransaction` requests of a batch through {@link LocalSolanaCluster.sendMany}, runs of one `skipPreflight` each. */
async function sendAll(cluster: LocalSolanaCluster, sends: Array<Extract<Checked, { write: Write }>>): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown> | null> = sends.map(() => null);
  const ok: Array<{ i: number; wire: Uint8Array; skip: boolean }> = [];
  const tip = await cluster.tip();
  sends.forEach((s, i) => {
    try {
      const c = config(s.params, 1);
      const wire = wireBytes(s.params[0], c.encoding);
      checkMinContextSlot(c, tip.slot);
      ok.push({ i, wire, skip: c.skipPreflight === true });
    } catch (err) {
      out[i] = failure(s.id, err);
    }
  });
  for (let a = 0; a < ok.length;) {
    let b = a;
    while (b < ok.length && ok[b]!.skip === ok[a]!.skip) b++;
    const run = ok.slice(a, b);
    try {
      const results = await cluster.sendMany(run.map((r) => r.wire), { skipPreflight: run[0]!.skip });
      run.forEach((r, k) => {
        const res = results[k]!;
        out[r.i] = typeof res === 'string' ? { jsonrpc: '2.0', result: res, id: sends[r.i]!.id } : failure(sends[r.i]!.id, res);
      });
    } catch (err) {
      for (const r of run) out[r.i] = failure(sends[r.i]!.id, err);
    }
    a = b;
  }
  return out as Array<Record<string, unknown>>;
}

/**
 * Answers a parsed JSON-RPC request, or a batch (an array of at most {@link MAX_RPC_BATCH}, answered
 * in order; consecutive reads share one catch-up with the log). Never throws; an unexpected failure
 * is -32603 "Internal error" (details are not sent). Parts of an answer may be shared with later
 * answers: read them, do not change them.
 */
export async function handleSolanaRpc(cluster: LocalSolanaCluster, request: unknown): Promise<unknown> {
  if (!Array.isArray(request)) return run(cluster, check(request));
  if (request.length === 0) return errorAnswer(null, -32600, 'Invalid request');
  if (request.length > MAX_RPC_BATCH) return errorAnswer(null, -32600, `Invalid request: at most ${MAX_RPC_BATCH} requests in a batch`);
  const checked = request.map(check);
  const out: Array<Record<string, unknown>> = [];
  for (let i = 0; i < checked.length;) {
    const c = checked[i]!;
    if ('write' in c && c.method === 'sendTransaction') {
      // consecutive sends: one write for all (each answered as alone)
      let j = i;
      while (j < checked.length && 'write' in checked[j]! && (checked[j] as { method: string }).method === 'sendTransaction') j++;
      out.push(...await sendAll(cluster, checked.slice(i, j) as Array<Extract<Checked, { write: Write }>>));
      i = j;
      continue;
    }
    if (!('read' in c)) {
      out.push(await run(cluster, c));
      i++;
      continue;
    }
    let j = i;
    while (j < checked.length && 'read' in checked[j]!) j++;
    const group = checked.slice(i, j) as Array<Extract<Checked, { read: Read }>>;
    try {
      out.push(...await cluster.view((v) => group.map((g) => answerRead(v, g.id, g.params, g.read))));
    } catch (err) {
      for (const g of group) out.push(failure(g.id, err));
    }
    i = j;
  }
  return out;
}

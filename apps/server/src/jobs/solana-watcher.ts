/**
 * The Solana watcher (docs/game-rules.md §9): finds the SOL payments of EXO orders and credits each
 * order's EXO exactly once, only to proven payers, only at `finalized`.
 *
 * How it finds payments: a Solana Pay transfer always names the sale address (its recipient), so
 * the watcher reads the sale address's finalized signatures newer than its cursor
 * (`getSignaturesForAddress(sale, {commitment: 'finalized', until})`, one call per 1,000) and
 * fetches each new transaction once (`getTransaction(sig, {commitment: 'finalized',
 * maxSupportedTransactionVersion: 0})`, sent as JSON-RPC batches of {@link TX_BATCH}: one HTTP
 * round trip, each request still one call of the provider's budget; a provider refusing batches
 * gets single calls). The order is the one whose reference key (Solana Pay) a
 * System transfer of the transaction carries. This costs about one RPC call per payment whatever
 * the number of open orders, where polling each open order's reference would cost one call per
 * open order and run (docs/architecture.md §5 "Chain money"). Late payments, double payments and payments
 * to expired orders are seen the same way, for as long as the chain keeps them.
 *
 * Exactly once: every judged signature is recorded once in `solana_payments` (unique), in the same
 * transaction as its order's update, its ledger credit (reason `exo_order`, reference = the
 * signature) and its notification, and the cursor moves in that transaction too; concurrent runs
 * are serialised by a transaction-level advisory lock. A crash anywhere (kill -9) loses the
 * transaction and the next run judges the same signatures again. Nothing is read before
 * `finalized`, so a transaction rolled back before it credits nothing.
 *
 * The verdicts are `judgeSolanaPayments` (packages/game). The payment's time is its block time
 * (UTC) moved by the game clock's offset (demo mode; 0 otherwise), else when the watcher saw it.
 */
import { sql } from 'drizzle-orm';
import {
  createDefaultRpcTransport, getBase58Encoder, getUtf8Decoder, signature as toSignature,
  type Address, type RpcTransport, type Signature,
} from '@solana/kit';
import { getTransferSolInstructionDataDecoder, identifySystemInstruction, SystemInstruction } from '@solana-program/system';
import { judgeSolanaPayments, SOLANA_PAY_MEMO_PROGRAM, SYSTEM_PROGRAM_ADDRESS, type SolanaOrderFacts, type SolanaPaymentFacts } from '@kingdom/game';
import { exec, type Database } from '../db/client.ts';
import { applyLedgerBatch } from '../modules/ledger/ledger.ts';
import type { SolanaChain } from '../chain/solana/index.ts';
import type { JobLeases, JobSpec } from '../db/leases.ts';

/** What one run did. */
export interface SolanaWatchRun {
  /** New finalized signatures judged. */
  judged: number;
  /** Orders paid (EXO credited). */
  paid: number;
  /** Payments recorded as unmatched (never credited). */
  unmatched: number;
  /** JSON-RPC calls made. */
  rpcCalls: number;
}

/** Tuning of a run (defaults for production; the benchmark raises nothing). */
export interface SolanaWatchOptions {
  /** Signatures judged per database transaction (default 500). */
  chunk?: number;
  /** `getTransaction` batches in flight at once (default 2). */
  concurrency?: number;
  /** Called after each chunk's transaction committed (chunk number from 1; tests use it to kill a run mid-way). */
  afterChunk?: (n: number) => void | Promise<void>;
}

const PAGE = 1000;
/** `getTransaction` requests per JSON-RPC batch. */
export const TX_BATCH = 100;
const b58 = getBase58Encoder();
const utf8 = getUtf8Decoder();
const transferData = getTransferSolInstructionDataDecoder();

/** A `getTransaction` answer in the `json` encoding (the parts read here). */
interface TxAnswer {
  slot: bigint | number;
  blockTime: bigint | number | null;
  transaction: { message: { accountKeys: readonly string[]; instructions: ReadonlyArray<{ programIdIndex: number; accounts: readonly number[]; data: string }> } };
  meta: { err: unknown; loadedAddresses?: { writable: readonly string[]; readonly: readonly string[] } } | null;
}

/**
 * What a payment is made of, read from a finalized transaction in the RPC's `json` encoding (account
 * keys already base58, so nothing is re-encoded here): its fee payer, its top-level System
 * transfers (source, destination, lamports and the further account keys — the Solana Pay
 * references), the text of its Memo-program instructions, failure and block time. Instruction data
 * decoded with `@solana/kit`'s base58 codec and `@solana-program/system`'s instruction codec.
 */
export function paymentFacts(signature: string, answer: TxAnswer, clockOffsetMs: number): SolanaPaymentFacts & { slot: number } {
  const message = answer.transaction.message;
  const keys: string[] = [...message.accountKeys, ...(answer.meta?.loadedAddresses?.writable ?? []), ...(answer.meta?.loadedAddresses?.readonly ?? [])];
  const transfers: SolanaPaymentFacts['transfers'][number][] = [];
  const memos: string[] = [];
  for (const ix of message.instructions) {
    const program = keys[ix.programIdIndex];
    if (program !== SYSTEM_PROGRAM_ADDRESS && program !== SOLANA_PAY_MEMO_PROGRAM) continue;
    const data = b58.encode(ix.data);
    const accounts = ix.accounts.map((i) => keys[i] ?? '');
    if (program === SOLANA_PAY_MEMO_PROGRAM) {
      memos.push(utf8.decode(data));
    } else if (data.length === 12 && accounts.length >= 2) {
      let kind: SystemInstruction | null = null;
      try { kind = identifySystemInstruction(data); } catch { kind = null; }
      if (kind === SystemInstruction.TransferSol) {
        transfers.push({ source: accounts[0]!, destination: accounts[1]!, lamports: transferData.decode(data).amount, keys: accounts.slice(2) });
      }
    }
  }
  const blockTime = answer.blockTime === null ? null : new Date(Number(answer.blockTime) * 1000 + clockOffsetMs);
  return { signature, slot: Number(answer.slot), failed: answer.meta?.err != null, blockTime, feePayer: keys[0] ?? '', transfers, memos };
}

const TX_CONFIG = { commitment: 'finalized', encoding: 'json', maxSupportedTransactionVersion: 0 } as const;
const httpTransports = new Map<string, RpcTransport>();

/**
 * The finalized transactions of `signatures` (null: not found at `finalized`), as one JSON-RPC
 * batch through the chain's transport; single `@solana/kit` calls when the endpoint answers the
 * batch with anything but an array (a provider without batches).
 * @throws Error when a request fails (the run stops; the next one starts at the cursor)
 */
async function transactions(chain: SolanaChain, signatures: readonly string[], run: SolanaWatchRun): Promise<Array<TxAnswer | null>> {
  let transport = chain.local?.transport;
  if (!transport) {
    transport = httpTransports.get(chain.rpcUrl);
    if (!transport) httpTransports.set(chain.rpcUrl, (transport = createDefaultRpcTransport({ url: chain.rpcUrl as `https://${string}` })));
  }
  run.rpcCalls += signatures.length;
  const payload = signatures.map((s, id) => ({ jsonrpc: '2.0', id, method: 'getTransaction', params: [s, TX_CONFIG] }));
  const answer = await transport<unknown>({ payload }).catch(() => null);
  if (Array.isArray(answer)) {
    const byId = new Map((answer as Array<{ id: number; result?: TxAnswer | null; error?: { message?: string } }>).map((a) => [a.id, a]));
    return signatures.map((s, id) => {
      const a = byId.get(id);
      if (!a || a.error) throw new Error(`getTransaction ${s}: ${a?.error?.message ?? 'no answer'}`);
      return a.result ?? null;
    });
  }
  const out: Array<TxAnswer | null> = [];
  for (const s of signatures) out.push((await chain.rpc.getTransaction(toSignature(s), TX_CONFIG).send()) as unknown as TxAnswer | null);
  return out;
}

/** Runs `work` over `items` with at most `n` in flight, results in order. */
async function mapLimited<T, R>(items: readonly T[], n: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  }));
  return out;
}

interface OrderRow { id: number; user_id: number; exo: string; lamports: string; solana_reference: string; solana_recipient: string; status: SolanaOrderFacts['status']; expires_at: Date | string }

/**
 * One run: reads the sale address's new finalized signatures, judges them oldest first in chunks,
 * and writes each chunk (payments, paid orders, credits, notifications, cursor) in one transaction.
 * @param now the game clock (entries, notifications, expiry judged against it)
 * @throws Error when the RPC cannot be reached (nothing is lost: the next run starts at the cursor)
 */
export async function runSolanaWatcher(db: Database, chain: SolanaChain, now: Date, opts: SolanaWatchOptions = {}): Promise<SolanaWatchRun> {
  const sale = chain.saleAddress;
  const run: SolanaWatchRun = { judged: 0, paid: 0, unmatched: 0, rpcCalls: 0 };
  const clockOffsetMs = now.getTime() - Date.now();
  const [cursor] = await exec<{ signature: string }>(db.orm, sql`SELECT signature FROM solana_cursor WHERE address = ${sale}`);
  // Without a cursor (first run): read back no further than the first SOL order (nothing older can pay one).
  const [first] = cursor ? [] : await exec<{ created_at: Date | string | null }>(db.orm, sql`
    SELECT min(created_at) AS created_at FROM exo_orders WHERE pay_chain = 'solana'`);
  const oldest = first?.created_at ? new Date(first.created_at).getTime() - clockOffsetMs - 600_000 : null;
  const fresh: Array<{ signature: string; slot: number }> = [];
  let before: Signature | undefined;
  for (;;) {
    run.rpcCalls++;
    const page = await chain.rpc.getSignaturesForAddress(sale, {
      commitment: 'finalized', limit: PAGE, ...(cursor ? { until: toSignature(cursor.signature) } : {}), ...(before ? { before } : {}),
    }).send();
    let stop = page.length < PAGE;
    for (const s of page) {
      if (!cursor && (oldest === null || (s.blockTime !== null && Number(s.blockTime) * 1000 < oldest))) { stop = true; break; }
      fresh.push({ signature: s.signature, slot: Number(s.slot) });
    }
    if (!cursor && oldest === null && page[0]) {
      // no SOL order yet: start after the newest signature
      await exec(db.orm, sql`INSERT INTO solana_cursor (address, signature, slot) VALUES (${sale}, ${page[0].signature}, ${Number(page[0].slot)}) ON CONFLICT (address) DO NOTHING`);
    }
    if (stop || page.length === 0) break;
    before = page[page.length - 1]!.signature;
  }
  fresh.reverse(); // oldest first: chain order decides which of two payments pays an order
  const chunk = opts.chunk ?? 500;
  // Read the next chunk's transactions while the current one is written (writes stay in chain order).
  const prepare = async (i: number) => {
    const part = fresh.slice(i, i + chunk);
    const known = new Set((await exec<{ signature: string }>(db.orm, sql`
      SELECT signature FROM solana_payments WHERE signature IN (SELECT jsonb_array_elements_text(${JSON.stringify(part.map((p) => p.signature))}::jsonb))`)).map((r) => r.signature));
    const todo = part.filter((p) => !known.has(p.signature));
    const batches: Array<typeof todo> = [];
    for (let b = 0; b < todo.length; b += TX_BATCH) batches.push(todo.slice(b, b + TX_BATCH));
    const answers = (await mapLimited(batches, opts.concurrency ?? 2, (batch) => transactions(chain, batch.map((p) => p.signature), run))).flat();
    // a signature listed at `finalized` whose transaction the node cannot give yet (a lagging node behind
    // a load balancer): stop here, the next run starts again at the cursor
    const missing = todo.findIndex((_p, j) => !answers[j]);
    if (missing >= 0) throw new Error(`getTransaction ${todo[missing]!.signature}: not found at finalized yet`);
    return { part, facts: todo.map((p, j) => paymentFacts(p.signature, answers[j]!, clockOffsetMs)) };
  };
  let next = fresh.length ? prepare(0) : null;
  for (let i = 0; next; i += chunk) {
    const { part, facts } = await next;
    next = i + chunk < fresh.length ? prepare(i + chunk) : null;
    next?.catch(() => undefined); // a failure surfaces when awaited
    const written = await writeChunk(db, sale, facts, part[part.length - 1]!, now);
    run.judged += written.judged;
    run.paid += written.paid;
    run.unmatched += written.judged - written.paid;
    await opts.afterChunk?.(i / chunk + 1);
  }
  return run;
}

/** Judges and writes one chunk in one transaction (see the module doc). */
async function writeChunk(db: Database, sale: Address, facts: Array<SolanaPaymentFacts & { slot: number }>, last: { signature: string; slot: number }, now: Date): Promise<{ judged: number; paid: number }> {
  return db.orm.transaction(async (tx) => {
    // one writer at a time (a lease handed over mid-run): the second sees the first one's rows
    await exec(tx, sql`SELECT pg_advisory_xact_lock(hashtext('kingdom.solana_watcher'))`);
    const known = new Set((await exec<{ signature: string }>(tx, sql`
      SELECT signature FROM solana_payments WHERE signature IN (SELECT jsonb_array_elements_text(${JSON.stringify(facts.map((f) => f.signature))}::jsonb))`)).map((r) => r.signature));
    const todo = facts.filter((f) => !known.has(f.signature));
    const refs = [...new Set(todo.flatMap((f) => f.transfers.flatMap((t) => t.keys)))];
    const orders = refs.length === 0 ? [] : await exec<OrderRow>(tx, sql`
      SELECT id::int AS id, user_id, exo::text AS exo, lamports::text AS lamports, solana_reference, solana_recipient, status, expires_at
      FROM exo_orders WHERE pay_chain = 'solana' AND solana_reference IN (SELECT jsonb_array_elements_text(${JSON.stringify(refs)}::jsonb))
      ORDER BY id FOR UPDATE`);
    const byRef = new Map(orders.map((o) => [o.solana_reference, {
      id: o.id, userId: o.user_id, lamports: BigInt(o.lamports), reference: o.solana_reference, recipient: o.solana_recipient, status: o.status, expiresAt: new Date(o.expires_at),
    } satisfies SolanaOrderFacts]));
    const sources = [...new Set(todo.flatMap((f) => f.transfers.map((t) => t.source)))];
    const linked = new Set((sources.length === 0 ? [] : await exec<{ user_id: number; address: string }>(tx, sql`
      SELECT user_id, address FROM wallets WHERE chain = 'solana' AND address IN (SELECT jsonb_array_elements_text(${JSON.stringify(sources)}::jsonb))`))
      .map((w) => `${w.user_id}:${w.address}`));
    const verdicts = judgeSolanaPayments(todo, (ref) => byRef.get(ref), (userId, a) => linked.has(`${userId}:${a}`), sale, now);
    const exoOf = new Map(orders.map((o) => [o.id, o.exo]));
    const rows = verdicts.map((v, i) => ({
      signature: v.signature, slot: todo[i]!.slot, block_time: todo[i]!.blockTime?.toISOString() ?? null, order_id: v.orderId, user_id: v.userId,
      payer: v.payer, fee_payer: todo[i]!.feePayer, lamports: v.lamports.toString(), verdict: v.verdict, exo: v.orderId === null ? null : exoOf.get(v.orderId) ?? null,
    }));
    if (rows.length) {
      await exec(tx, sql`CREATE TEMP TABLE _sol ON COMMIT DROP AS
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(signature text, slot bigint, block_time timestamptz, order_id bigint,
          user_id int, payer text, fee_payer text, lamports numeric, verdict text, exo numeric)`);
      await exec(tx, sql`INSERT INTO solana_payments (signature, slot, block_time, order_id, user_id, payer, fee_payer, lamports, verdict, seen_at)
        SELECT signature, slot, block_time, order_id, user_id, payer, fee_payer, lamports, verdict, ${now} FROM _sol`);
      await exec(tx, sql`UPDATE exo_orders o SET status = 'paid', paid_at = ${now}, tx_hash = s.signature
        FROM _sol s WHERE s.verdict = 'paid' AND o.id = s.order_id`);
      await applyLedgerBatch(tx, sql`SELECT user_id, 'exo' AS asset, exo AS amount, 'exo_order' AS reason, signature AS reference FROM _sol WHERE verdict = 'paid'`, now);
      await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
        SELECT user_id, 'balance_topup', jsonb_build_object('token', 'exo', 'amount', exo::text, 'tx_hash', signature, 'source', 'exo_order', 'chain', 'solana'), ${now}
        FROM _sol WHERE verdict = 'paid' ORDER BY slot, signature`);
      await exec(tx, sql`DROP TABLE _sol`);
    }
    await exec(tx, sql`INSERT INTO solana_cursor (address, signature, slot) VALUES (${sale}, ${last.signature}, ${last.slot})
      ON CONFLICT (address) DO UPDATE SET signature = EXCLUDED.signature, slot = EXCLUDED.slot`);
    return { judged: rows.length, paid: rows.filter((r) => r.verdict === 'paid').length };
  });
}

/**
 * How often the watcher runs (ms): every 2 s on the local cluster (demo slots are short), every 5 s
 * on a real cluster (finality takes ~13 s; one `getSignaturesForAddress` a run when nothing is new).
 */
export function solanaWatchEveryMs(chain: SolanaChain): number {
  return chain.local ? 2_000 : 5_000;
}

/** Lease name of the watcher of `cluster` (one watcher per cluster, cluster-wide). */
export const solanaJobName = (cluster: string) => `solana:${cluster}`;

/**
 * The Solana watcher as a job: a run happens only in the process holding its lease
 * ({@link solanaJobName}); runs in one process are queued.
 */
export class SolanaWatcherJob {
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: Database, readonly chain: SolanaChain, private readonly clock: () => Date, private readonly leases: JobLeases) {}

  /** @returns what the run did, or null when another process holds the lease (it runs the watcher) */
  run(opts: SolanaWatchOptions = {}): Promise<SolanaWatchRun | null> {
    const work = async (): Promise<SolanaWatchRun | null> => {
      if (!(await this.leases.acquire(solanaJobName(this.chain.cluster)))) return null;
      return runSolanaWatcher(this.db, this.chain, this.clock(), opts);
    };
    const next = this.running.then(work, work);
    this.running = next.catch(() => undefined);
    return next;
  }

  /** The scheduled job: a run every `everyMs`. */
  job(everyMs: number): JobSpec {
    return { name: solanaJobName(this.chain.cluster), everyMs, run: () => this.run() };
  }

  /** Waits for a run in progress. */
  async stop(): Promise<void> {
    await this.running.catch(() => undefined);
  }
}

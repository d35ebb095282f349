/**
 * Solana watcher benchmark (docs/game-rules.md §9): the watcher (`runSolanaWatcher`,
 * `apps/server/src/jobs/solana-watcher.ts`) over 10,000 paid SOL orders on the local Solana cluster
 * (litesvm behind the JSON-RPC handler, through `@solana/kit`'s in-process transport), on a fresh
 * Postgres database with 1,000 accounts, each with a linked Solana wallet and 10 orders. Goal:
 * ≥ 1,000 payments/s, each credited once.
 *
 * Reports `solana_payments_per_s` (the watcher alone: the accounts, orders and the 10,000 signed
 * Solana Pay transfers are made before the clock starts) and `solana_rpc_calls_per_payment` (every
 * JSON-RPC call of the timed run, counted at the transport: what a real RPC provider would bill),
 * and checks: every order paid, one `exo_order` ledger entry per payment, the balances equal to the
 * orders' EXO, and a second run (cursor reset) judging and crediting nothing.
 *
 *   tsx bench/solana-payments.ts --url postgres://… [--payments 10000] [--users 1000]
 *
 * `BENCH_ONLY=solana npm run bench` runs it alone (keys `solana_*` of the report's `chain` entry);
 * sizes: `BENCH_SOLANA_PAYMENTS`, `BENCH_SOLANA_USERS`.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createSolanaRpcFromTransport, getBase58Decoder, type RpcTransport } from '@solana/kit';
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { SOLANA_PAY_MEMO_PROGRAM, solanaPayMemo, TOKENS } from '@kingdom/game';
import { exec, openDatabase } from '../apps/server/src/db/client.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createSolanaChain } from '../apps/server/src/chain/solana/index.ts';
import { runSolanaWatcher } from '../apps/server/src/jobs/solana-watcher.ts';
import { withFreshDatabase } from './support/fresh-database.ts';

/** Sizes of one run. */
export interface SolanaBenchSizes { payments: number; users: number }

/** The `solana_*` keys of the report's `chain` entry. */
export interface SolanaBenchEntry {
  solana_payments_per_s: number;
  solana_rpc_calls_per_payment: number;
  solana_seconds: number;
  /** Time spent inside the cluster's JSON-RPC transport (answering), summed over calls (batches overlap: at most 2 in flight). */
  solana_rpc_seconds: number;
  solana_payments: number;
  solana_users: number;
  /** JSON-RPC calls of the timed run by method. */
  solana_rpc_calls: Record<string, number>;
  solana_credited_exactly_once: boolean;
  solana_second_run_judged: number;
  solana_setup_seconds: number;
  solana_problems: string[];
  solana_goal_payments_per_s: number;
  solana_at: string;
}

export const GOAL_SOLANA_PAYMENTS_PER_S = 1_000;
const EXO_PER_ORDER = 1_000_000_000n; // 1,000 EXO
const round = (x: number, digits = 2): number => Math.round(x * 10 ** digits) / 10 ** digits;
const seconds = (from: bigint): number => Number(process.hrtime.bigint() - from) / 1e9;

/** One run on a fresh database at `databaseUrl`. */
export async function benchSolanaPayments(databaseUrl: string, sizes: SolanaBenchSizes, log: (line: string) => void = () => undefined): Promise<SolanaBenchEntry> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', DEMO: 'false', SOLANA_FINALITY_SLOTS: '2' });
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    let t = process.hrtime.bigint();
    const chain = await createSolanaChain(config, db);
    const local = chain.local!;
    const users = Array.from({ length: sizes.users }, () => Keypair.generate());
    await exec(db.orm, sql`INSERT INTO users (id, name) SELECT g, 'solana bench ' || g FROM generate_series(1, ${sizes.users}::int) g`);
    await exec(db.orm, sql`SELECT setval(pg_get_serial_sequence('users', 'id'), ${sizes.users}::int)`);
    await exec(db.orm, sql`INSERT INTO wallets (user_id, chain, address, is_master)
      SELECT ord::int, 'solana', address, true FROM json_array_elements_text(${JSON.stringify(users.map((u) => u.publicKey.toBase58()))}::json) WITH ORDINALITY AS w(address, ord)`);
    await exec(db.orm, sql`INSERT INTO balances (user_id, token, amount)
      SELECT g, t, 0 FROM generate_series(1, ${sizes.users}::int) g, json_array_elements_text(${JSON.stringify(TOKENS)}::json) t`);
    const now = new Date();
    const b58 = getBase58Decoder();
    const orders = Array.from({ length: sizes.payments }, (_, i) => ({
      user: (i % sizes.users) + 1, lamports: 1_000_000 + i, reference: b58.decode(randomBytes(32)),
    }));
    const ids = await exec<{ id: number }>(db.orm, sql`
      INSERT INTO exo_orders (user_id, idempotency_key, request_hash, source, pack, exo, pay_chain, lamports, solana_reference, solana_recipient, status, created_at, expires_at)
      SELECT o.user_id, 'bench-' || o.ord, 'bench', 'pack', 'exo_1k', ${EXO_PER_ORDER.toString()}::numeric, 'solana', o.lamports, o.reference, ${chain.saleAddress},
        'awaiting_payment', ${now}, ${new Date(now.getTime() + 3_600_000)}
      FROM jsonb_to_recordset(${JSON.stringify(orders.map((o, i) => ({ ord: i, user_id: o.user, lamports: o.lamports, reference: o.reference })))}::jsonb)
        AS o(ord int, user_id int, lamports bigint, reference text)
      ORDER BY o.ord RETURNING id::int AS id`);
    await exec(db.orm, sql`ANALYZE`);
    // the sale address exists; every payer gets SOL
    await local.airdrop(chain.saleAddress, 1_000_000n);
    for (const u of users) await local.airdrop(u.publicKey.toBase58(), 1_000_000_000n);
    await local.produceSlots(1);
    const { value: latest } = await chain.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    log(`solana: ${sizes.users} accounts, ${sizes.payments} orders; sending ${sizes.payments} transfers`);
    let wires: Uint8Array[] = [];
    const flush = async () => {
      const sent = await local.sendMany(wires, { skipPreflight: true });
      const failed = sent.find((s) => typeof s !== 'string');
      if (failed) throw failed;
      wires = [];
    };
    for (let i = 0; i < orders.length; i++) {
      const o = orders[i]!;
      const payer = users[o.user - 1]!;
      const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(chain.saleAddress), lamports: o.lamports });
      transfer.keys.push({ pubkey: new PublicKey(o.reference), isSigner: false, isWritable: false });
      const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: latest.blockhash })
        .add(new TransactionInstruction({ programId: new PublicKey(SOLANA_PAY_MEMO_PROGRAM), keys: [], data: Buffer.from(solanaPayMemo(ids[i]!.id), 'utf8') }), transfer);
      tx.sign(payer);
      wires.push(tx.serialize());
      if (wires.length === 500) await flush();
      if ((i + 1) % 2_000 === 0) log(`solana: ${i + 1} transfers sent`);
    }
    if (wires.length) await flush();
    await local.produceSlots(chain.finalitySlots + 1);
    const setupSeconds = seconds(t);

    // every JSON-RPC call of the watcher counted at the transport
    const calls: Record<string, number> = {};
    // (a JSON-RPC batch counts each request: providers bill them one by one)
    let rpcNs = 0n;
    const counting = (async (req: Parameters<RpcTransport>[0]) => {
      for (const r of Array.isArray(req.payload) ? req.payload : [req.payload]) {
        const method = (r as { method?: string }).method ?? '?';
        calls[method] = (calls[method] ?? 0) + 1;
      }
      const from = process.hrtime.bigint();
      try {
        return await local.transport(req);
      } finally {
        rpcNs += process.hrtime.bigint() - from;
      }
    }) as RpcTransport;
    const watched = { ...chain, rpc: createSolanaRpcFromTransport(counting), local: Object.create(local, { transport: { value: counting } }) as typeof local };
    const [before] = await exec<{ id: number }>(db.orm, sql`SELECT COALESCE(max(id), 0)::int AS id FROM ledger_entries`);
    log('solana: watching');
    t = process.hrtime.bigint();
    const run = await runSolanaWatcher(db, watched, new Date());
    const watchSeconds = seconds(t);
    const rpcSeconds = Number(rpcNs) / 1e9;
    const timedCalls = { ...calls };
    const problems: string[] = [];
    const [check] = await exec<{ paid_orders: number; entries: number; distinct_refs: number; exo: string; paid_rows: number }>(db.orm, sql`SELECT
      (SELECT count(*)::int FROM exo_orders WHERE status = 'paid') AS paid_orders,
      (SELECT count(*)::int FROM ledger_entries WHERE id > ${before!.id} AND reason = 'exo_order') AS entries,
      (SELECT count(DISTINCT reference)::int FROM ledger_entries WHERE id > ${before!.id} AND reason = 'exo_order') AS distinct_refs,
      (SELECT COALESCE(sum(amount), 0)::text FROM balances WHERE token = 'exo') AS exo,
      (SELECT count(*)::int FROM solana_payments WHERE verdict = 'paid') AS paid_rows`);
    const c = check!;
    if (c.paid_orders !== sizes.payments) problems.push(`${c.paid_orders} orders paid of ${sizes.payments}`);
    if (c.entries !== sizes.payments || c.distinct_refs !== sizes.payments) problems.push(`${c.entries} exo_order ledger entries (${c.distinct_refs} signatures) for ${sizes.payments} payments`);
    if (BigInt(c.exo) !== BigInt(sizes.payments) * EXO_PER_ORDER) problems.push(`balances hold ${c.exo} EXO base units; the orders were ${BigInt(sizes.payments) * EXO_PER_ORDER}`);
    if (run.paid !== sizes.payments) problems.push(`the watcher reported ${run.paid} paid (${run.unmatched} unmatched)`);
    // again from scratch (cursor gone): every signature is known, nothing is judged or credited twice
    await exec(db.orm, sql`DELETE FROM solana_cursor`);
    const again = await runSolanaWatcher(db, chain, new Date());
    const [after] = await exec<{ entries: number }>(db.orm, sql`SELECT count(*)::int AS entries FROM ledger_entries WHERE id > ${before!.id} AND reason = 'exo_order'`);
    if (again.judged !== 0 || after!.entries !== c.entries) problems.push(`a second run judged ${again.judged} (${after!.entries - c.entries} new entries)`);
    const totalCalls = Object.values(timedCalls).reduce((s, n) => s + n, 0);
    const entry: SolanaBenchEntry = {
      solana_payments_per_s: Math.round(sizes.payments / watchSeconds),
      solana_rpc_calls_per_payment: round(totalCalls / sizes.payments, 4),
      solana_seconds: round(watchSeconds),
      solana_rpc_seconds: round(rpcSeconds),
      solana_payments: sizes.payments,
      solana_users: sizes.users,
      solana_rpc_calls: timedCalls,
      solana_credited_exactly_once: problems.length === 0,
      solana_second_run_judged: again.judged,
      solana_setup_seconds: round(setupSeconds),
      solana_problems: problems,
      solana_goal_payments_per_s: GOAL_SOLANA_PAYMENTS_PER_S,
      solana_at: new Date().toISOString(),
    };
    log(`solana: ${entry.solana_seconds} s (${entry.solana_rpc_seconds} s in the RPC), ${entry.solana_payments_per_s} payments/s, ${entry.solana_rpc_calls_per_payment} RPC calls/payment, exactly once: ${entry.solana_credited_exactly_once}`);
    return entry;
  } finally {
    await db.close();
  }
}

/** The bench on a fresh database on the Postgres server of `pgUrl` (dropped after). */
export async function runSolanaPaymentsBench(pgUrl: string, sizes: SolanaBenchSizes, log: (line: string) => void): Promise<SolanaBenchEntry> {
  return withFreshDatabase(pgUrl, 'kingdom_solana', (url) => benchSolanaPayments(url, sizes, log));
}

/** Sizes from the environment (`BENCH_SOLANA_*`), else the issue's. */
export function solanaSizesFromEnv(env: NodeJS.ProcessEnv = process.env): SolanaBenchSizes {
  const int = (v: string | undefined, fallback: number): number => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fallback);
  return { payments: int(env.BENCH_SOLANA_PAYMENTS, 10_000), users: int(env.BENCH_SOLANA_USERS, 1_000) };
}

/** The table lines of the entry. */
export function solanaLines(e: SolanaBenchEntry): string[] {
  const ok = e.solana_payments_per_s >= GOAL_SOLANA_PAYMENTS_PER_S && e.solana_credited_exactly_once;
  return [
    `solana watcher: ${e.solana_payments} SOL payments on the local cluster = ${e.solana_seconds} s, ${e.solana_payments_per_s} payments/s   goal ≥ ${GOAL_SOLANA_PAYMENTS_PER_S}  ${ok ? 'ok  ' : 'MISS'}`,
    `  RPC calls per payment: ${e.solana_rpc_calls_per_payment} (${Object.entries(e.solana_rpc_calls).map(([m, n]) => `${m} ${n}`).join(', ')}); credited exactly once: ${e.solana_credited_exactly_once ? 'yes' : 'NO'} (a second run judged ${e.solana_second_run_judged})`,
    ...e.solana_problems.map((p) => `  problem: ${p}`),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, payments: { type: 'string' }, users: { type: 'string' } } });
  if (!values.url) throw new Error('usage: tsx bench/solana-payments.ts --url postgres://… [--payments N] [--users N]');
  const sizes = solanaSizesFromEnv({ BENCH_SOLANA_PAYMENTS: values.payments, BENCH_SOLANA_USERS: values.users });
  const entry = await runSolanaPaymentsBench(values.url, sizes, (l) => process.stdout.write(`${l}\n`));
  process.stdout.write(`${solanaLines(entry).join('\n')}\n`);
}

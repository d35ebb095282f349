/**
 * Chain-watcher benchmark (docs/game-rules.md §8, "Performance"): the watcher (`runChainWatcher`,
 * `apps/server/src/jobs/chain-watcher.ts`) over a generated chain of 10,000 blocks with 100,000
 * deposit outputs to the treasury (bench/support/synthetic-ledger.ts), on a fresh Postgres
 * database seeded with the 2,000 accounts whose wallets send them. Goal: ≥ 5,000 outputs/s.
 *
 * Reports seconds and outputs/s of the watcher alone (the chain is generated and the accounts
 * seeded before the clock starts), and checks every output was credited exactly once: one new
 * `ledger_entries` row per output from a linked sender, none for unknown senders, the credited sums
 * per account and token equal to the chain's, and a second run over the same chain crediting nothing.
 *
 *   tsx bench/chain-watcher.ts --url postgres://… [--blocks 10000] [--outputs 100000] [--users 2000]
 *
 * `npm run bench` runs it as part of the whole bench; `BENCH_ONLY=chain npm run bench` alone. Sizes:
 * `BENCH_CHAIN_BLOCKS`, `BENCH_CHAIN_OUTPUTS`, `BENCH_CHAIN_USERS`; `BENCH_CHAIN_MAX_BLOCKS` sets the
 * watcher's `maxBlocks` per run (default: the watcher's own).
 */
import { withFreshDatabase } from './support/fresh-database.ts';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { TOKENS } from '@kingdom/game';
import { exec, openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { runChainWatcher, type ChainWatchOptions } from '../apps/server/src/jobs/chain-watcher.ts';
import { SyntheticChain, syntheticAddress, userAddress } from './support/synthetic-ledger.ts';

/** Sizes of one bench run. */
export interface ChainBenchSizes { blocks: number; outputs: number; users: number; maxBlocks?: number | undefined }

/** The `chain` entry of `bench/results/latest.json`. */
export interface ChainBenchEntry {
  watcher_outputs_per_s: number;
  seconds: number;
  blocks: number;
  outputs: number;
  transactions: number;
  users: number;
  credited_outputs: number;
  claimable_outputs: number;
  ledger_entries: number;
  credited_exactly_once: boolean;
  second_run_credited: number;
  watcher_runs: number;
  generate_seconds: number;
  seed_seconds: number;
  /** The watcher's `maxBlocks` (null: its default). */
  max_blocks_per_call: number | null;
  /** Ledger calls of the timed run. */
  ledger_calls: Record<string, number>;
  problems: string[];
  goal_outputs_per_s: number;
  at: string;
}

export const GOAL_OUTPUTS_PER_S = 5_000;
const CONFIRMATIONS = 15;
const POLICY = 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235';
const UNITS = { exo: `${POLICY}45584f`, hexo: `${POLICY}4845584f` };
const TREASURY = syntheticAddress('treasury');
const SALE = syntheticAddress('sale');

const round = (x: number, digits = 2): number => Math.round(x * 10 ** digits) / 10 ** digits;
const seconds = (from: bigint): number => Number(process.hrtime.bigint() - from) / 1e9;

/** Accounts 1..users, each with its one linked Cardano wallet and zero balances. */
async function seedAccounts(db: Database, users: number): Promise<void> {
  const wallets = JSON.stringify(Array.from({ length: users }, (_, i) => userAddress(i + 1)));
  await exec(db.orm, sql`INSERT INTO users (id, name) SELECT g, 'chain bench ' || g FROM generate_series(1, ${users}::int) g`);
  await exec(db.orm, sql`SELECT setval(pg_get_serial_sequence('users', 'id'), ${users}::int)`);
  await exec(db.orm, sql`INSERT INTO wallets (user_id, chain, address, is_master)
    SELECT ord::int, 'cardano', address, true FROM json_array_elements_text(${wallets}::json) WITH ORDINALITY AS w(address, ord)`);
  await exec(db.orm, sql`INSERT INTO balances (user_id, token, amount)
    SELECT g, t, 0 FROM generate_series(1, ${users}::int) g, json_array_elements_text(${JSON.stringify(TOKENS)}::json) t`);
  await exec(db.orm, sql`ANALYZE`);
}

/**
 * Runs the watcher until it has scanned to the tip (or `maxRuns` runs), on `db` already seeded.
 * Returns the summed runs and their count.
 */
async function watchToTip(db: Database, chain: SyntheticChain, maxBlocks: number | undefined): Promise<{ credited: number; claimable: number; runs: number }> {
  const opts: ChainWatchOptions = { treasuryAddress: TREASURY, saleAddress: SALE, units: UNITS, confirmations: CONFIRMATIONS, now: new Date(), ...(maxBlocks ? { maxBlocks } : {}) };
  let credited = 0;
  let claimable = 0;
  for (let runs = 1; runs <= chain.tipHeight + 1; runs++) {
    const r = await runChainWatcher(db, chain, opts);
    credited += r.credited;
    claimable += r.claimable;
    if (r.scannedTo >= chain.tipHeight) return { credited, claimable, runs };
  }
  throw new Error(`the watcher did not reach the tip (${chain.tipHeight}) in ${chain.tipHeight + 1} runs`);
}

/** What the database shows was credited after `sinceId`, compared with the chain's expectation. */
async function checkCredits(db: Database, chain: SyntheticChain, sinceId: number): Promise<{ entries: number; problems: string[] }> {
  const problems: string[] = [];
  const rows = await exec<{ user_id: number; asset: string; n: number; total: string }>(db.orm, sql`
    SELECT user_id, asset, count(*)::int AS n, sum(amount)::text AS total FROM ledger_entries
    WHERE id > ${sinceId} AND asset IN ('exo', 'hexo') GROUP BY user_id, asset`);
  const entries = rows.reduce((n, r) => n + r.n, 0);
  const { expected } = chain;
  if (entries !== expected.creditedOutputs) problems.push(`${entries} EXO/HEXO ledger entries for ${expected.creditedOutputs} outputs from linked senders`);
  const seen = new Set<string>();
  for (const r of rows) {
    const want = expected.perUser.get(r.user_id)?.[r.asset as 'exo' | 'hexo'] ?? 0n;
    seen.add(`${r.user_id}/${r.asset}`);
    if (BigInt(r.total) !== want && problems.length < 10) problems.push(`account ${r.user_id} ${r.asset}: credited ${r.total}, chain paid ${want}`);
  }
  for (const [userId, sums] of expected.perUser) {
    for (const token of ['exo', 'hexo'] as const) {
      if (sums[token] > 0n && !seen.has(`${userId}/${token}`) && problems.length < 10) problems.push(`account ${userId} ${token}: nothing credited, chain paid ${sums[token]}`);
    }
  }
  const [bal] = await exec<{ exo: string; hexo: string }>(db.orm, sql`
    SELECT COALESCE(sum(amount) FILTER (WHERE token = 'exo'), 0)::text AS exo, COALESCE(sum(amount) FILTER (WHERE token = 'hexo'), 0)::text AS hexo FROM balances`);
  if (BigInt(bal!.exo) !== expected.totals.exo || BigInt(bal!.hexo) !== expected.totals.hexo) {
    problems.push(`balances hold ${bal!.exo} EXO / ${bal!.hexo} HEXO base units; the chain paid ${expected.totals.exo} / ${expected.totals.hexo}`);
  }
  return { entries, problems };
}

/** One bench run on a database at `databaseUrl` (fresh: migrated here, accounts seeded here). */
export async function benchChainWatcher(databaseUrl: string, sizes: ChainBenchSizes, log: (line: string) => void = () => undefined): Promise<ChainBenchEntry> {
  let t = process.hrtime.bigint();
  const chain = new SyntheticChain({ blocks: sizes.blocks, outputs: sizes.outputs, users: sizes.users, tailBlocks: CONFIRMATIONS + 1, treasuryAddress: TREASURY, units: UNITS });
  const generateSeconds = seconds(t);
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    t = process.hrtime.bigint();
    await seedAccounts(db, sizes.users);
    const seedSeconds = seconds(t);
    const [before] = await exec<{ id: number }>(db.orm, sql`SELECT COALESCE(max(id), 0)::int AS id FROM ledger_entries`);
    log(`chain: ${chain.expected.transactions} transactions, ${sizes.outputs} outputs in ${sizes.blocks} blocks (generated in ${round(generateSeconds)} s); watching`);
    t = process.hrtime.bigint();
    const first = await watchToTip(db, chain, sizes.maxBlocks);
    const watchSeconds = seconds(t);
    const calls = { ...chain.calls };
    const { entries, problems } = await checkCredits(db, chain, before!.id);
    // the same chain again from its first block (the watcher's cursor set back): nothing more may be credited
    await exec(db.orm, sql`UPDATE chain_cursor SET height = 0`);
    const again = await watchToTip(db, chain, sizes.maxBlocks);
    const after = await checkCredits(db, chain, before!.id);
    if (again.credited !== 0 || after.entries !== entries) problems.push(`a second run credited ${again.credited} outputs (${after.entries - entries} new ledger entries)`);
    if (first.credited !== chain.expected.creditedOutputs) problems.push(`the watcher reported ${first.credited} credited outputs for ${chain.expected.creditedOutputs}`);
    if (first.claimable !== chain.expected.claimableOutputs) problems.push(`the watcher reported ${first.claimable} claimable outputs for ${chain.expected.claimableOutputs}`);
    const entry: ChainBenchEntry = {
      watcher_outputs_per_s: Math.round(sizes.outputs / watchSeconds),
      seconds: round(watchSeconds),
      blocks: sizes.blocks,
      outputs: sizes.outputs,
      transactions: chain.expected.transactions,
      users: sizes.users,
      credited_outputs: chain.expected.creditedOutputs,
      claimable_outputs: chain.expected.claimableOutputs,
      ledger_entries: entries,
      credited_exactly_once: problems.length === 0,
      second_run_credited: again.credited,
      watcher_runs: first.runs,
      generate_seconds: round(generateSeconds),
      seed_seconds: round(seedSeconds),
      max_blocks_per_call: sizes.maxBlocks ?? null,
      ledger_calls: calls,
      problems,
      goal_outputs_per_s: GOAL_OUTPUTS_PER_S,
      at: new Date().toISOString(),
    };
    log(`chain: ${entry.seconds} s, ${entry.watcher_outputs_per_s} outputs/s, exactly once: ${entry.credited_exactly_once}`);
    return entry;
  } finally {
    await db.close();
  }
}

/**
 * The bench on a fresh database created on the Postgres server of `pgUrl` (dropped after), so the
 * other benches' data does not mix in.
 */
export async function runChainWatcherBench(pgUrl: string, sizes: ChainBenchSizes, log: (line: string) => void): Promise<ChainBenchEntry> {
  return withFreshDatabase(pgUrl, 'kingdom_chain', (url) => benchChainWatcher(url, sizes, log));
}

/** Sizes from the environment (`BENCH_CHAIN_*`), else the issue's. */
export function chainSizesFromEnv(env: NodeJS.ProcessEnv = process.env): ChainBenchSizes {
  const int = (v: string | undefined, fallback: number): number => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fallback);
  return {
    blocks: int(env.BENCH_CHAIN_BLOCKS, 10_000),
    outputs: int(env.BENCH_CHAIN_OUTPUTS, 100_000),
    users: int(env.BENCH_CHAIN_USERS, 2_000),
    maxBlocks: env.BENCH_CHAIN_MAX_BLOCKS ? int(env.BENCH_CHAIN_MAX_BLOCKS, 1_000) : undefined,
  };
}

/** The table line of the entry. */
export function chainLines(e: ChainBenchEntry): string[] {
  const ok = e.watcher_outputs_per_s >= GOAL_OUTPUTS_PER_S && e.credited_exactly_once;
  return [
    `chain watcher: ${e.outputs} outputs in ${e.blocks} blocks on Postgres = ${e.seconds} s, ${e.watcher_outputs_per_s} outputs/s   goal ≥ ${GOAL_OUTPUTS_PER_S}  ${ok ? 'ok  ' : 'MISS'}`,
    `  credited exactly once: ${e.credited_exactly_once ? 'yes' : 'NO'} (${e.ledger_entries} ledger entries for ${e.credited_outputs} outputs from linked senders, ${e.claimable_outputs} claimable; a second run credited ${e.second_run_credited})`,
    ...e.problems.map((p) => `  problem: ${p}`),
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, blocks: { type: 'string' }, outputs: { type: 'string' }, users: { type: 'string' }, 'max-blocks': { type: 'string' } } });
  if (!values.url) throw new Error('--url postgres://… is required');
  const env = chainSizesFromEnv();
  const sizes = chainSizesFromEnv({ BENCH_CHAIN_BLOCKS: values.blocks ?? String(env.blocks), BENCH_CHAIN_OUTPUTS: values.outputs ?? String(env.outputs), BENCH_CHAIN_USERS: values.users ?? String(env.users), BENCH_CHAIN_MAX_BLOCKS: values['max-blocks'] ?? (env.maxBlocks ? String(env.maxBlocks) : undefined) });
  const entry = await runChainWatcherBench(values.url, sizes, (line) => void process.stderr.write(`[bench] ${line}\n`));
  console.log(JSON.stringify(entry));
  process.stdout.write(`${chainLines(entry).join('\n')}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();

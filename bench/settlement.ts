/**
 * Settlement benchmark (issue "Gold Rush", Performance; docs/architecture.md §4): one full daily tick of a generated
 * world — `lands` lands with 5 working gold mine workers each, one player per 10 lands — alone,
 * beside two floors (an UPDATE of one column over the same land rows; the day's essential work
 * alone, {@link essentialFloor}), on Postgres or PGlite; the
 * next day's tick alone; then, on Postgres, the third day's tick while players write throughout.
 *
 *   tsx bench/settlement.ts --db postgres --url postgres://… [--lands 1000000]
 *   tsx bench/settlement.ts --db pglite [--lands 1000000]
 *
 * Each day, as on a server, the tick job's warm-up of the rosters runs before the tick (during the
 * day; timed apart: `warmup_seconds`, `steady_warmup_seconds`).
 * Prints one JSON line ({@link SettlementRun}): `seconds` is the first day's tick alone (the first
 * tick the world has: every report span is new), `steady_seconds` the second day's alone (as every
 * later day), `seconds_with_writes` the third day's with the players' writes
 * (bench/support/settlement-writers.ts: `BENCH_WRITE_RATE` writes/s, default 200, on 20 connections,
 * from another process), with their latencies beside those of the same writes with no tick. The world is generated and settled inside the database; none of it enters JS.
 */
import { withFreshDatabase } from './support/fresh-database.ts';
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn, spawnSync } from 'node:child_process';
import type { WriteSample, WriteStats } from './support/settlement-writers.ts';
import { quantile } from '../tools/player-load.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, exec, type Database } from '../apps/server/src/db/client.ts';
import { SETTLE_PARALLEL_WORKERS, settleDay, warmRosters, type SettleOptions, type SettlementStep } from '../apps/server/src/jobs/settlement/index.ts';
import { wholeWorldSettings } from '../apps/server/src/jobs/settlement/context.ts';

const DAY = '2026-02-01';
const DAY2 = '2026-02-02';
const DAY3 = '2026-02-03';
const WORKERS_PER_LAND = 5;

/** Generates the world with set-based SQL (generate_series): nothing is built in JavaScript. */
export async function generateWorld(db: Database, lands: number): Promise<{ players: number; workers: number }> {
  const players = Math.max(1, Math.floor(lands / 10));
  const q = (s: ReturnType<typeof sql>) => exec(db.orm, s);
  await q(sql`INSERT INTO users (id, name) SELECT g, 'player ' || g FROM generate_series(1, ${players}::int) g`);
  await q(sql`INSERT INTO wallets (id, user_id, chain, address) SELECT g, g, 'cardano', 'addr_bench_' || g FROM generate_series(1, ${players}::int) g`);
  await q(sql`INSERT INTO balances (user_id, token, amount)
    SELECT g, t, 1000000000000 FROM generate_series(1, ${players}::int) g, unnest(ARRAY['exo', 'hexo', 'food', 'rune']) t`);
  await q(sql`INSERT INTO lands (id, hex_name, name, q, r, size, biome, collection_key, asset_key, goldmine_level, frenmine_level)
    SELECT g, 'B' || g, 'Land #' || g, 0, 0, 'LARGE', 'forest', 'benchland', to_hex(g), ${WORKERS_PER_LAND}::int, 1
    FROM generate_series(1, ${lands}::int) g`);
  await q(sql`INSERT INTO collections (id, slug, chain, collection_key, name, supply, holders, votes)
    VALUES (1, 'bench-workers', 'cardano', 'benchworker', 'Bench Workers', ${lands * WORKERS_PER_LAND}::int, ${players}::int, 600000)`);
  await q(sql`INSERT INTO staking_snapshots (id, taken_at) VALUES (1, '2026-01-01T00:00:00Z')`);
  await q(sql`INSERT INTO snapshot_collections (snapshot_id, collection_id, votes, qualified) VALUES (1, 1, 600000, true)`);
  await q(sql`INSERT INTO holdings (chain, collection_key, asset_key, address, user_id, held_since)
    SELECT 'cardano', 'benchland', to_hex(g), 'addr_bench_' || ((g - 1) % ${players}::int + 1), (g - 1) % ${players}::int + 1, '2026-01-01T00:00:00Z'
    FROM generate_series(1, ${lands}::int) g`);
  // The worker NFTs are staked too (held since January, in a qualified collection): the staking part pays each.
  await q(sql`INSERT INTO holdings (chain, collection_key, asset_key, address, user_id, held_since)
    SELECT 'cardano', 'benchworker', g || '_' || s, 'addr_bench_' || ((g - 1) % ${players}::int + 1), (g - 1) % ${players}::int + 1, '2026-01-01T00:00:00Z'
    FROM generate_series(1, ${lands}::int) g, generate_series(1, ${WORKERS_PER_LAND}::int) s`);
  await q(sql`UPDATE users SET last_login_at = '2026-01-31T00:00:00Z'`);
  await q(sql`INSERT INTO mine_workers (land_id, mine, slot, user_id, kind, collection_key, asset_key, rarity, assigned_at)
    SELECT g, 'goldmine', s, (g - 1) % ${players}::int + 1, 'nft', 'benchworker', g || '_' || s, 'uncommon', '2026-01-01T00:00:00Z'
    FROM generate_series(1, ${lands}::int) g, generate_series(1, ${WORKERS_PER_LAND}::int) s`);
  await q(sql`ANALYZE`);
  return { players, workers: lands * WORKERS_PER_LAND };
}

/**
 * The second, truer floor (issue 41 item 5): the essential work of a day alone, in one transaction
 * with the tick's settings — every worker row read once, grouped by mine (land and kind) and its
 * owner; one report row per mine; one ledger entry and one balance update per paid player. It writes
 * into copies of `mine_daily`, `ledger_entries` and `balances` (same columns and indexes, made and
 * dropped outside the timing), so the world the tick settles is untouched. @returns its seconds
 */
export async function essentialFloor(db: Database, day: string): Promise<number> {
  const q = (s: ReturnType<typeof sql>) => exec(db.orm, s);
  await q(sql`CREATE TABLE floor_reports (LIKE mine_daily INCLUDING ALL)`);
  await q(sql`CREATE TABLE floor_ledger (LIKE ledger_entries INCLUDING ALL)`);
  await q(sql`CREATE TABLE floor_balances (LIKE balances INCLUDING ALL)`);
  await q(sql`INSERT INTO floor_balances SELECT * FROM balances`);
  await q(sql`VACUUM ANALYZE floor_balances`);
  if (db.kind === 'postgres') await q(sql`CHECKPOINT`);
  const at = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  try {
    const [, seconds] = await timed(() => db.orm.transaction(async (tx) => {
      await wholeWorldSettings(tx, db.kind, SETTLE_PARALLEL_WORKERS);
      await exec(tx, sql`WITH m AS MATERIALIZED (
          SELECT land_id, mine, min(user_id) AS user_id, count(*)::int AS workers FROM mine_workers GROUP BY land_id, mine
        ), reports AS (
          INSERT INTO floor_reports (first_day, land_id, mine, user_id, open_slots, workers, workers_worked, salary_paid, salary_token, effectivity)
          SELECT ${day}, land_id, mine, user_id, workers, workers, workers, workers, 'hexo', 100 FROM m ORDER BY land_id
        ), p AS MATERIALIZED (
          SELECT user_id, sum(workers) AS amount FROM m GROUP BY user_id
        ), logged AS (
          INSERT INTO floor_ledger (user_id, asset, amount, reason, reference, created_at)
          SELECT user_id, 'exo', amount, 'goldmine_reward', ${day}, ${at} FROM p ORDER BY user_id
        )
        UPDATE floor_balances b SET amount = b.amount + p.amount FROM p WHERE b.user_id = p.user_id AND b.token = 'exo'`);
    }));
    return seconds;
  } finally {
    await q(sql`DROP TABLE floor_reports, floor_ledger, floor_balances`);
  }
}

/**
 * A day's trade: one worker NFT in {@link SOLD_PER_LANDS} lands leaves its holder's wallet (slot
 * `slot` of every such land), so the tick has leaving workers to find. @returns how many were sold
 */
export async function sellWorkerNfts(db: Database, lands: number, slot: number): Promise<number> {
  const sold = await exec(db.orm, sql`DELETE FROM holdings WHERE collection_key = 'benchworker'
    AND asset_key IN (SELECT g || '_' || ${slot}::int FROM generate_series(1, ${lands}::int, ${SOLD_PER_LANDS}::int) g) RETURNING 1`);
  return sold.length;
}
const SOLD_PER_LANDS = 1000;

/** The writing client's connections (the "e.g. 20 connections") and rate (writes/s; `BENCH_WRITE_RATE`). */
const WRITERS = 20;
const WRITE_RATE = Number(process.env.BENCH_WRITE_RATE ?? 200);

/**
 * Players' writes (bench/support/settlement-writers.ts, a process of its own) for as long as `until`
 * is pending: `WRITE_RATE` writes/s on `WRITERS` connections, each a vendor purchase or a vote lock by
 * a player the tick pays; latency from the instant each write was due, lock waits included
 * (`samples`: with every write's due instant and latency).
 */
export async function writeWhile(url: string, players: number, at: Date, until: () => Promise<unknown>, opts: { samples?: boolean } = {}): Promise<WriteStats> {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'support', 'settlement-writers.ts'),
    '--url', url, '--players', String(players), '--at', at.toISOString(), '--rate', String(WRITE_RATE), '--connections', String(WRITERS), ...(opts.samples ? ['--samples'] : [])], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  let ready: () => void = () => {};
  const isReady = new Promise<void>((r) => { ready = r; });
  child.stdout.on('data', (d) => {
    out += String(d);
    if (out.includes('ready\n')) ready();
  });
  const exited = new Promise<number | null>((r) => child.on('exit', r));
  await Promise.race([isReady, exited]);
  await until().catch(() => undefined);
  child.stdin.end('stop\n');
  const code = await exited;
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`the writers exited with ${code}`);
  return JSON.parse(line) as WriteStats;
}

/** Settles `day` (with `opts`' lanes and batch size), timing the whole tick and each of its steps (s), with each step's span (ms since the epoch). */
export async function timedTick(db: Database, day: string, opts: Pick<SettleOptions, 'lanes' | 'batchUsers'> = {}): Promise<{ settled: Awaited<ReturnType<typeof settleDay>>; seconds: number; phases: Record<SettlementStep, number>; spans: Record<SettlementStep, [number, number]> }> {
  const phases: Record<SettlementStep, number> = { staged: 0, salaries: 0, credits: 0 };
  // when each step last reported (ms since the epoch): the steps' spans, for the writes due in each
  const start = Date.now();
  const ended: Partial<Record<SettlementStep, number>> = {};
  let mark = process.hrtime.bigint();
  const [settled, seconds] = await timed(() => settleDay(db, day, {
    ...opts,
    onStep: (step) => {
      const now = process.hrtime.bigint();
      phases[step] += Number(now - mark) / 1e9;
      mark = now;
      ended[step] = Date.now();
    },
  }));
  phases.credits += Number(process.hrtime.bigint() - mark) / 1e9;
  const staged = ended.staged ?? start;
  const salaries = ended.salaries ?? staged;
  return { settled, seconds, phases, spans: { staged: [start, staged], salaries: [staged, salaries], credits: [salaries, Date.now()] } };
}

/** The writes' latency (ms) per step of the tick they were due in: where players waited. */
export function byStep(samples: WriteSample[], spans: Record<SettlementStep, [number, number]>): Record<SettlementStep, { writes: number; p50_ms: number; p99_ms: number; max_ms: number }> {
  const out = {} as Record<SettlementStep, { writes: number; p50_ms: number; p99_ms: number; max_ms: number }>;
  for (const step of ['staged', 'salaries', 'credits'] as const) {
    const [from, to] = spans[step];
    const ms = samples.filter(([due]) => due >= from && due < to).map(([, l]) => l);
    const q = (f: number) => round(quantile(ms, f));
    out[step] = { writes: ms.length, p50_ms: q(0.5), p99_ms: q(0.99), max_ms: q(1) };
  }
  return out;
}

/** The tick job's warm-up of the rosters at noon of `day` (UTC), as a server runs it during the day. */
export async function warmDay(db: Database, day: string): Promise<void> {
  const warmed = await warmRosters(db, new Date(Date.parse(`${day}T12:00:00Z`)));
  if (warmed !== day) throw new Error(`the rosters' warm-up prepared ${warmed} on ${day}`);
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = process.hrtime.bigint();
  const r = await fn();
  return [r, Number(process.hrtime.bigint() - t) / 1e9];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { db: { type: 'string' }, url: { type: 'string' }, lands: { type: 'string' } } });
  const lands = Number(values.lands ?? 1_000_000);
  // `BENCH_SETTLE_BATCH_USERS`: players per salary/credit batch instead of the tick's default (to compare sizes).
  const tickOpts = process.env.BENCH_SETTLE_BATCH_USERS ? { batchUsers: Number(process.env.BENCH_SETTLE_BATCH_USERS) } : {};
  const dir = values.db === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'kingdom-bench-pglite-')) : null;
  const db = await openDatabase(values.db === 'pglite' ? { dataDir: dir! } : { databaseUrl: values.url!, dataDir: '' });
  try {
    const [world, generateSeconds] = await timed(() => generateWorld(db, lands));
    // The generated world on disk before anything is timed: otherwise the floor and the first tick
    // run while the checkpointer and the kernel write back its ~4 GB.
    if (values.url) await exec(db.orm, sql`CHECKPOINT`);
    const [, floorSeconds] = await timed(() => exec(db.orm, sql`UPDATE lands SET has_update = NOT has_update`));
    const essentialSeconds = await essentialFloor(db, DAY);
    // Day 1, the first tick the world ever has, alone (the goal's figure), in seconds per step:
    // staging (staking, upgrades, leaving workers, salaries, report rows, royalty), the salary
    // batches, the credit batches (and the last transaction, counted with the credits). Every land's
    // report span is new on this day.
    // During the day, the tick job warms the rosters up (jobs/settlement/rosters.ts `warmRosters`): on the
    // world's first day that sums every roster, then the tick at 00:00 finds them kept. Timed apart.
    const [, warmSeconds] = await timed(() => warmDay(db, DAY));
    const alone = await timedTick(db, DAY, tickOpts);
    const [staked] = await exec<{ n: number; players: number }>(db.orm, sql`SELECT COALESCE(sum(nfts), 0)::int AS n, count(DISTINCT user_id)::int AS players FROM staking_daily WHERE day = ${DAY} AND source = 'nft'`);
    if (!alone.settled || alone.settled.workersWorked !== world.workers) throw new Error(`settlement paid ${alone.settled?.workersWorked} of ${world.workers} workers`);
    // Day 2 alone: a day like every later one (the world was settled the day before), with a day's
    // share of worker NFTs sold (their workers leave).
    const churn = await sellWorkerNfts(db, lands, 1);
    const [, steadyWarmSeconds] = await timed(() => warmDay(db, DAY2));
    const steady = await timedTick(db, DAY2, tickOpts);
    // Day 3 with players writing throughout (Postgres only: PGlite has one connection, so every
    // write would queue behind the tick's statements); its floor: the same writes for 10 s, no tick.
    const during = new Date(Date.parse(`${DAY3}T00:00:00Z`) + 86_400_000 + 60_000);
    const idleWrites = values.url ? await writeWhile(values.url, world.players, during, () => new Promise((r) => setTimeout(r, 10_000))) : null;
    await sellWorkerNfts(db, lands, 2);
    await warmDay(db, DAY3);
    let withWrites: Awaited<ReturnType<typeof timedTick>> | null = null;
    let tickWrites: WriteStats | null = null;
    if (values.url) {
      let tick: ReturnType<typeof timedTick> | null = null;
      const { samples, ...stats } = await writeWhile(values.url, world.players, during, () => (tick = timedTick(db, DAY3, tickOpts)), { samples: true });
      withWrites = await tick!;
      tickWrites = { ...stats, by_step: byStep(samples ?? [], withWrites.spans) };
    }
    console.log(JSON.stringify({
      db: values.db, lands, workers: world.workers, players: world.players,
      generate_seconds: round(generateSeconds), floor_seconds: round(floorSeconds), essential_floor_seconds: round(essentialSeconds), warmup_seconds: round(warmSeconds), steady_warmup_seconds: round(steadyWarmSeconds), seconds: round(alone.seconds),
      stage_seconds: round(alone.phases.staged), salaries_seconds: round(alone.phases.salaries), credits_seconds: round(alone.phases.credits), staked_nfts: staked!.n, staking_players: staked!.players,
      nfts_sold_per_day: churn, steady_seconds: round(steady.seconds), steady_stage_seconds: round(steady.phases.staged), steady_salaries_seconds: round(steady.phases.salaries), steady_credits_seconds: round(steady.phases.credits),
      seconds_with_writes: withWrites ? round(withWrites.seconds) : null,
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
      writes_during_tick: tickWrites, writes_idle: idleWrites,
    }));
  } finally {
    await db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

const round = (x: number) => Math.round(x * 100) / 100;

/** One run's figures as printed by this script. */
export interface SettlementRun { db: string; lands: number; workers: number; players: number; generate_seconds: number; floor_seconds: number; essential_floor_seconds: number; warmup_seconds: number; steady_warmup_seconds: number; seconds: number; stage_seconds: number; salaries_seconds: number; credits_seconds: number; staked_nfts: number; staking_players: number; nfts_sold_per_day: number; steady_seconds: number; steady_stage_seconds: number; steady_salaries_seconds: number; steady_credits_seconds: number; seconds_with_writes: number | null; peak_rss_mb: number; writes_during_tick: WriteStats | null; writes_idle: WriteStats | null }

function runChild(args: string[]): SettlementRun {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'settlement.ts'), ...args], { encoding: 'utf8', maxBuffer: 1 << 24, timeout: 40 * 60_000 });
  const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
  if (r.status !== 0 || !line) throw new Error(`settlement bench (${args.join(' ')}) failed: ${r.stderr.slice(-2000)}`);
  return JSON.parse(line) as SettlementRun;
}

/**
 * The `settlement` entry of `bench/results/latest.json`: each database in its own child process
 * (so `peak_rss_mb` is that process's own), on a fresh database of the given Postgres server.
 * PGlite runs in the Node process and single-threaded, so its world size is set apart
 * (`pgliteLands`, default 100,000 in `run.ts`): the figure is reported with its own size.
 */
export async function runSettlementBench(pgUrl: string, lands: number, pgliteLands: number, log: (line: string) => void): Promise<Record<string, unknown>> {
  return withFreshDatabase(pgUrl, 'kingdom_settlement', async (url) => {
    log(`settlement: ${lands} lands on Postgres`);
    const p = runChild(['--db', 'postgres', '--url', url, '--lands', String(lands)]);
    log(`settlement: postgres ${p.seconds} s, steady ${p.steady_seconds} s (floor ${p.floor_seconds} s: ${round(p.seconds / p.floor_seconds)}×, steady ${round(p.steady_seconds / p.floor_seconds)}×; essential floor ${p.essential_floor_seconds} s: ${round(p.seconds / p.essential_floor_seconds)}×, steady ${round(p.steady_seconds / p.essential_floor_seconds)}×); now PGlite with ${pgliteLands} lands`);
    let lite: SettlementRun | { error: string };
    try {
      lite = runChild(['--db', 'pglite', '--lands', String(pgliteLands)]);
    } catch (error) {
      lite = { error: error instanceof Error ? error.message.slice(0, 500) : String(error) };
    }
    return {
      lands, workers: p.workers, players: p.players,
      seconds_postgres: p.seconds, floor_seconds_postgres: p.floor_seconds, ratio_postgres: round(p.seconds / p.floor_seconds),
      warmup_seconds_postgres: p.warmup_seconds, steady_warmup_seconds_postgres: p.steady_warmup_seconds,
      steady_seconds_postgres: p.steady_seconds, steady_ratio_postgres: round(p.steady_seconds / p.floor_seconds),
      essential_floor_seconds_postgres: p.essential_floor_seconds, essential_ratio_postgres: round(p.seconds / p.essential_floor_seconds),
      steady_essential_ratio_postgres: round(p.steady_seconds / p.essential_floor_seconds),
      stage_seconds_postgres: p.stage_seconds, salaries_seconds_postgres: p.salaries_seconds, credits_seconds_postgres: p.credits_seconds, staked_nfts_postgres: p.staked_nfts, staking_players_postgres: p.staking_players,
      write_p99_ms_during_tick: p.writes_during_tick?.p99_ms ?? null, write_p99_ms_by_step: p.writes_during_tick?.by_step ?? null, write_p99_ms_idle: p.writes_idle?.p99_ms ?? null, write_rate: p.writes_during_tick?.rate ?? null, seconds_with_writes_postgres: p.seconds_with_writes,
      seconds_pglite: 'error' in lite ? null : lite.seconds, lands_pglite: pgliteLands, peak_rss_mb: p.peak_rss_mb,
      pglite: lite, postgres: p, goals: { ratio_postgres: 2, steady_ratio_postgres: 1.5, seconds_postgres: 30, peak_rss_mb: 512, write_p99_ms_during_tick: 100 },
    };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();

/**
 * `npm run bench`: API throughput and latency on PostgreSQL and on PGlite beside a bare Fastify
 * route (all in one run), and the gzip size of the JS the `/login` page loads before any click.
 * Writes `bench/results/latest.json` (merging: keys written by other benches are kept) and prints
 * a table with the goals of docs/architecture.md §1.
 *
 * Environment: `BENCH_DATABASE_URL` (a PostgreSQL to use; else a throwaway cluster is started from
 * Debian's postgresql and stopped after), `BENCH_DURATION` (seconds per route, default 10),
 * `BENCH_CONNECTIONS` (default 100).
 *
 * `BENCH_ONLY=web npm run bench` (or `npx tsx bench/run.ts --only web`: npm takes `--only` for its
 * own option): only the `/login` JavaScript size, against a server on PGlite; replaces the report's
 * `web` entry and keeps every other. Build the web app first (`npm run build -w @kingdom/web`):
 * like the full run, it builds only when `apps/web/dist` is missing.
 *
 * `BENCH_ONLY=startup npm run bench` (or `--only startup`): only the web app's start-up
 * (bench/web-startup.ts: warm and cold reload → balances shown, Lighthouse of `/login` and
 * `/dashboard/overview`), against a server on PGlite; replaces only those keys of the `web` entry.
 * `BENCH_ONLY=chain npm run bench` (or `--only chain`): only the chain watcher (bench/chain-watcher.ts:
 * 100,000 deposit outputs in 10,000 blocks on Postgres, sizes from `BENCH_CHAIN_*`); replaces the
 * report's `chain` entry and keeps every other.
 * The `chain` entry also holds the provider-calls bench (bench/provider-calls.ts: the Blockfrost path
 * over the Blockfrost-compatible emulator, `chain.provider_calls_per_watcher_run` over 10,000 blocks);
 * `BENCH_ONLY=provider npm run bench` (or `--only provider`) runs only that and replaces only its keys.
 * `BENCH_ONLY=solana npm run bench` (or `--only solana`): only the Solana watcher over 10,000 paid SOL
 * orders on the local cluster (bench/solana-payments.ts: `chain.solana_payments_per_s`,
 * `chain.solana_rpc_calls_per_payment`); replaces only those keys of the `chain` entry.
 * `BENCH_ONLY=valley npm run bench` (or `--only valley`): only the Valley map (bench/valley.ts:
 * first paint, p95 frame time at 5,000 and 50,000 lands, the map endpoint's gzip size and
 * requests/s); replaces the report's `valley` entry and keeps every other.
 * `BENCH_ONLY=ops npm run bench` (or `--only ops`): only start → ready of the compiled server
 * (bench/ops.ts: `ops.ready_ms` on the PGlite demo world, fresh and existing, and on Postgres);
 * `BENCH_ONLY=load` (or `--only load`): only the mixed load of two servers with a kill -9
 * (bench/ops-load.ts: `ops.load.rps`, `.p99_ms`, `.errors`, `.cpu_ms_per_request`);
 * replaces those keys of the report's `ops` entry and keeps every other.
 * `BENCH_ONLY=ramp` (or `--only ramp`): only the ramp of two servers, 300 → 600 → 900 players (bench/ramp.ts:
 * `ops.ramp`: per level req/s, p99, CPU per request, requests per CPU-second; over the Unix socket, and
 * 600 players over TCP); `BENCH_ONLY=profile`: only where that load's CPU goes (bench/profile-load.ts:
 * `ops.profile`, per route and per phase). Both keep the other `ops` keys.
 * `BENCH_ONLY=api` (or `--only api`): only the API load (bare route, Postgres, the database floor,
 * PGlite); replaces the report's `api` entry and keeps every other.
 * `BENCH_ONLY=settlement` (or `--only settlement`): only the daily tick (bench/settlement.ts: 1M lands
 * on Postgres: the first day alone, the next alone, the third with the players' writes during it, `settlement.write_p99_ms_during_tick`; and PGlite).
 * `BENCH_ONLY=quests` (or `--only quests`): only the quests (bench/quests.ts: `quests.progress_seconds_postgres`, every
 * player's progress after the 1M-land tick beside that tick's seconds; the achievements job; the hall of fame at 100
 * connections, also written as `api.postgres.hall_of_fame`); replaces the report's `quests` entry (`BENCH_QUESTS_LANDS`
 * sets its world's size).
 *
 * `BENCH_ONLY=console` (or `--only console`): only the operator console (bench/console.ts: search p99 at
 * 100,000 players `console.search_p99_ms`, the 90-day economy dashboard uncached `console.dashboard_seconds`
 * and cached `console.dashboard_cached_ms`; `BENCH_CONSOLE_PLAYERS` sets the world's size); replaces the
 * report's `console` entry.
 * `BENCH_ONLY=market` (or `--only market`): only the Market's matching (bench/market.ts: `market.orders_per_s`
 * and `market.match_p99_ms` with 1,000 traders on 20 books, beside `market.floor_inserts_per_s`; `BENCH_MARKET_*`
 * set the sizes); replaces the report's `market` entry.
 * `BENCH_ONLY=push` (or `--only push`): only Web Push delivery (bench/push.ts: `push.deliveries_per_s`, the day reports of
 * 100,000 subscribed players to a local push-service stand-in, and the tick's notification INSERT with and without them;
 * `BENCH_PUSH_PLAYERS` sets the number); replaces the report's `push` entry.
 *
 * `BENCH_ONLY=signin` (or `--only signin`): only sign-in alone (bench/signin.ts: server and Postgres CPU ms per
 * challenge, login and holdings sync, Solana and Cardano, at 1 and 10 at a time, with and without the demo chain
 * faucet; `BENCH_SIGNIN_COUNT` sign-ins per run, default 200); replaces the report's `ops.signin` entry.
 *
 * This file is the command: which parts run, in which order, and what each replaces in the report.
 * The parts: bench/api.ts (API load), bench/login-js.ts (`/login` JS), bench/parts.ts (start-up,
 * Valley, chain, ops), bench/settlement.ts; bench/report.ts writes `latest.json` and the table.
 */
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { startKingdomServer } from '../tools/kingdom-server.ts';
import { apiEntry, apiLines, benchBare, benchKingdom } from './api.ts';
import { WEB_DIST, log, positiveInt, round, withBenchPostgres } from './common.ts';
import { measureHtml, measureRuntime, webEntry, webLines, type RuntimeJs } from './login-js.ts';
import { benchStartup, loadEntry, measureChain, measureLoad, measureProviderCalls, measureReady, measureSolanaPayments, measureValley, opsEntry } from './parts.ts';
import { printTable, readExisting, writeReport } from './report.ts';
import { runSettlementBench } from './settlement.ts';
import { questsLines, runQuestsBench, withHallOfFame } from './quests.ts';
import { chainLines } from './chain-watcher.ts';
import { providerLines, type ProviderCallsEntry } from './provider-calls.ts';
import { solanaLines, type SolanaBenchEntry } from './solana-payments.ts';
import { valleyLines, type ValleyEntry } from './valley.ts';
import { opsLines } from './ops.ts';
import { loadLines } from './ops-load.ts';
import { rampLines, runRampEntry } from './ramp.ts';
import { profileLines, runProfileBench } from './profile-load.ts';
import { startupLines } from './web-startup.ts';
import { consoleLines, measureConsole } from './console.ts';
import { marketLines, measureMarket } from './market.ts';
import { measurePush, pushLines } from './push.ts';
import { measureSignin, signinLines } from './signin.ts';

const SETTLEMENT_LANDS = positiveInt(process.env.BENCH_SETTLEMENT_LANDS, 1_000_000);
const SETTLEMENT_PGLITE_LANDS = positiveInt(process.env.BENCH_SETTLEMENT_PGLITE_LANDS, 100_000);
/** The quests bench's world (bench/quests.ts): the tick's 1,000,000 lands unless `BENCH_QUESTS_LANDS`. */
const QUESTS_LANDS = positiveInt(process.env.BENCH_QUESTS_LANDS, SETTLEMENT_LANDS);

/**
 * The whole bench, in this order: the API on Postgres, the database floor, the API on PGlite (with
 * the `/login` JS measured on its server before the load), start-up, settlement, Valley, chain, ops;
 * then the merged report and the table.
 */
async function main(): Promise<void> {
  const web = measureHtml();
  await withBenchPostgres(async (pgUrl, postgresVersion, socketUrl) => {
    const bare = await benchBare();
    const postgres = await benchKingdom('postgres', pgUrl);
    const dbFloor = await benchBare(pgUrl);
    // the JS a real browser loads on /login (incl. lazy route chunks), measured before the load test
    let measured: RuntimeJs = null;
    const pglite = await benchKingdom('pglite', undefined, async (serverUrl) => {
      measured = await measureRuntime(serverUrl, web);
    });
    const startup = await benchStartup();
    const settlement = await runSettlementBench(pgUrl, SETTLEMENT_LANDS, SETTLEMENT_PGLITE_LANDS, log);
    const quests = await runQuestsBench(pgUrl, QUESTS_LANDS, log);
    const valley = await measureValley();
    const chain = await measureChain(pgUrl);
    const ready = await measureReady(pgUrl);
    const load = await measureLoad(pgUrl);
    const ramp = await runRampEntry(pgUrl, socketUrl, log).catch((e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }));
    const profile = await runProfileBench(socketUrl ?? pgUrl, log).catch((e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }));
    const consoleEntry = await measureConsole(pgUrl, log);
    const market = await measureMarket(pgUrl, log);
    const push = await measurePush(pgUrl, log, positiveInt(process.env.BENCH_PUSH_PLAYERS, 100_000));
    const api = withHallOfFame(apiEntry(bare, postgres, pglite, dbFloor), quests);
    const report = {
      ...readExisting(),
      api,
      settlement,
      quests,
      web: { ...webEntry(web, measured), ...(startup ?? {}) },
      valley,
      chain,
      ops: { ...opsEntry(ready), ...loadEntry(load), ramp, profile },
      console: consoleEntry,
      market,
      push,
      machine: {
        cpus: cpus().length,
        cpu_model: cpus()[0]?.model ?? 'unknown',
        mem_gb: round(totalmem() / 1024 ** 3),
        os: `${type()} ${release()}`,
        node: process.version,
        postgres: postgresVersion,
        autocannon: '8.0.0',
      },
      at: new Date().toISOString(),
    };
    writeReport(report);
    printTable(report);
    if (startup) process.stdout.write(`${startupLines(startup).join('\n')}\n`);
    if (!('error' in ready)) process.stdout.write(`${opsLines(ready).join('\n')}\n`);
    if (!('error' in load)) process.stdout.write(`${loadLines(load).join('\n')}\n`);
    if (!('error' in consoleEntry)) process.stdout.write(`${consoleLines(consoleEntry).join('\n')}\n`);
    if (!('error' in market)) process.stdout.write(`${marketLines(market).join('\n')}\n`);
    if (!('error' in push)) process.stdout.write(`${pushLines(push).join('\n')}\n`);
  });
}

/** `--only push`: Web Push delivery (bench/push.ts); replaces the report's `push` entry. */
async function mainPushOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const entry = await measurePush(pgUrl, log, positiveInt(process.env.BENCH_PUSH_PLAYERS, 100_000));
    writeReport({ ...readExisting(), push: { ...entry, load_average: loadavg().map((x) => round(x, 2)), at: new Date().toISOString() } });
    if ('error' in entry) throw new Error(entry.error);
    process.stdout.write(`${pushLines(entry).join('\n')}\n`);
  });
}

/** `--only signin`: sign-in alone (bench/signin.ts); replaces the report's `ops.signin` entry, other `ops` keys are kept. */
async function mainSigninOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const entry = await measureSignin(pgUrl, log, positiveInt(process.env.BENCH_SIGNIN_COUNT, 200));
    const existing = readExisting();
    writeReport({ ...existing, ops: { ...(existing.ops as Record<string, unknown> | undefined), signin: { ...entry, load_average: loadavg().map((x) => round(x, 2)) } } });
    process.stdout.write(`${signinLines(entry).join('\n')}\n`);
  });
}

/** `--only market`: the Market's matching (bench/market.ts); replaces the report's `market` entry. */
async function mainMarketOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const entry = await measureMarket(pgUrl, log);
    writeReport({ ...readExisting(), market: { ...entry, load_average: loadavg().map((x) => round(x, 2)), at: new Date().toISOString() } });
    if ('error' in entry) throw new Error(entry.error);
    process.stdout.write(`${marketLines(entry).join('\n')}\n`);
  });
}

/** `--only console`: the operator console's search and dashboard (bench/console.ts); replaces the report's `console` entry. */
async function mainConsoleOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const entry = await measureConsole(pgUrl, log);
    writeReport({ ...readExisting(), console: { ...entry, load_average: loadavg().map((x) => round(x, 2)), at: new Date().toISOString() } });
    if ('error' in entry) throw new Error(entry.error);
    process.stdout.write(`${consoleLines(entry).join('\n')}\n`);
  });
}

/** `--only startup`: the start-up keys of the `web` entry; every other key is kept. */
async function mainStartupOnly(): Promise<void> {
  measureHtml();
  const startup = await benchStartup();
  if (!startup) throw new Error('start-up bench not measured');
  const existing = readExisting();
  const web = (existing.web && typeof existing.web === 'object' ? existing.web : {}) as Record<string, unknown>;
  writeReport({ ...existing, web: { ...web, ...startup, startup_at: new Date().toISOString() } });
  process.stdout.write(`${startupLines(startup).join('\n')}\n`);
}

/** `--only web`: the `/login` JS on a PGlite server; the report's other entries are kept. */
async function mainWebOnly(): Promise<void> {
  const web = measureHtml();
  log('web: starting the Kingdom server (PGlite)');
  const server = await startKingdomServer({ env: { LOG_LEVEL: 'warn', WEB_DIST } });
  let measured: RuntimeJs;
  try {
    measured = await measureRuntime(server.url, web);
  } finally {
    await server.stop();
  }
  const existing = readExisting();
  const kept = (existing.web && typeof existing.web === 'object' ? existing.web : {}) as Record<string, unknown>;
  const startupKeys = Object.fromEntries(Object.entries(kept).filter(([k]) => k.startsWith('reload_') || k === 'lighthouse' || k === 'startup_at'));
  const entry = { ...startupKeys, ...webEntry(web, measured), at: new Date().toISOString() };
  writeReport({ ...existing, web: entry });
  process.stdout.write(`${webLines(entry).join('\n')}\n`);
}

/** `--only valley`: the Valley map bench; the report's other entries are kept. */
async function mainValleyOnly(): Promise<void> {
  const valley = await measureValley();
  writeReport({ ...readExisting(), valley });
  if (typeof valley.error === 'string') throw new Error(valley.error);
  process.stdout.write(`${valleyLines(valley as ValleyEntry).join('\n')}\n`);
}

/**
 * `--only provider`: only the provider-calls bench (on `BENCH_DATABASE_URL` or a throwaway
 * cluster); replaces those keys of the report's `chain` entry and keeps every other.
 */
async function mainProviderOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const measured = await measureProviderCalls(pgUrl);
    const existing = readExisting();
    const { provider_calls_error: _old, ...chain } = (existing.chain ?? {}) as Record<string, unknown>;
    writeReport({ ...existing, chain: { ...chain, ...measured } });
    if ('provider_calls_error' in measured) throw new Error(measured.provider_calls_error);
    process.stdout.write(`${providerLines(measured).join('\n')}\n`);
  });
}

/**
 * `--only solana`: only the Solana watcher bench (bench/solana-payments.ts: 10,000 paid SOL orders on
 * the local cluster); replaces the `solana_*` keys of the report's `chain` entry and keeps every other.
 */
async function mainSolanaOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const measured = await measureSolanaPayments(pgUrl);
    const existing = readExisting();
    const { solana_error: _old, ...chain } = (existing.chain ?? {}) as Record<string, unknown>;
    writeReport({ ...existing, chain: { ...chain, ...measured } });
    if ('solana_error' in measured) throw new Error(measured.solana_error);
    process.stdout.write(`${solanaLines(measured as SolanaBenchEntry).join('\n')}\n`);
  });
}

/** `--only chain`: the chain-watcher bench (on `BENCH_DATABASE_URL` or a throwaway cluster); other entries are kept. */
async function mainChainOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const chain = await measureChain(pgUrl);
    writeReport({ ...readExisting(), chain });
    if ('error' in chain) throw new Error(chain.error);
    process.stdout.write(`${chainLines(chain).join('\n')}\n`);
    if (chain.provider_calls) process.stdout.write(`${providerLines(chain as ProviderCallsEntry).join('\n')}\n`);
    if (chain.solana_payments_per_s !== undefined) process.stdout.write(`${solanaLines(chain as SolanaBenchEntry).join('\n')}\n`);
  });
}

/** `--only settlement`: the daily tick's bench alone (1M lands on Postgres, writes during it, PGlite); replaces the report's `settlement` entry. */
async function mainSettlementOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const settlement = await runSettlementBench(pgUrl, SETTLEMENT_LANDS, SETTLEMENT_PGLITE_LANDS, log);
    writeReport({ ...readExisting(), settlement });
    process.stdout.write(`${JSON.stringify(settlement, null, 2)}\n`);
  });
}

/**
 * `--only quests`: the quests bench alone (bench/quests.ts: every player's progress after the
 * 1M-land tick, the achievements job, the hall of fame under load); replaces the report's `quests` entry.
 */
async function mainQuestsOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const quests = await runQuestsBench(pgUrl, QUESTS_LANDS, log);
    const existing = readExisting();
    writeReport({ ...existing, quests, api: withHallOfFame(existing.api, quests) });
    process.stdout.write(`${questsLines(quests).join('\n')}\n`);
  });
}

/**
 * `--only api`: the API load alone (bare route, Postgres, the database floor, PGlite), as the whole
 * bench runs it; replaces the report's `api` entry and keeps every other.
 */
async function mainApiOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const bare = await benchBare();
    const postgres = await benchKingdom('postgres', pgUrl);
    const dbFloor = await benchBare(pgUrl);
    const pglite = await benchKingdom('pglite', undefined);
    const existing = readExisting();
    const api = withHallOfFame(apiEntry(bare, postgres, pglite, dbFloor), existing.quests);
    writeReport({ ...existing, api, api_at: new Date().toISOString() });
    process.stdout.write(`${apiLines(api).join('\n')}\n`);
  });
}

/** `--only ramp`: the ramp 300 → 600 → 900 players (bench/ramp.ts: `ops.ramp`); other entries are kept. */
async function mainRampOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl, _v, socketUrl) => {
    const ramp = await runRampEntry(pgUrl, socketUrl, log);
    writeReport({ ...readExisting(), ops: { ...((readExisting().ops ?? {}) as Record<string, unknown>), ramp, ramp_at: new Date().toISOString() } });
    process.stdout.write(`${rampLines([...ramp.levels, ...(ramp.tcp_600 ? [ramp.tcp_600] : [])]).join('\n')}\n`);
  });
}

/** `--only profile`: where the mixed load's CPU goes, per route and per phase (bench/profile-load.ts: `ops.profile`); other entries are kept. */
async function mainProfileOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl, _v, socketUrl) => {
    const profile = await runProfileBench(socketUrl ?? pgUrl, log);
    writeReport({ ...readExisting(), ops: { ...((readExisting().ops ?? {}) as Record<string, unknown>), profile, profile_at: new Date().toISOString() } });
    process.stdout.write(`${profileLines(profile).join('\n')}\n`);
  });
}

/** `--only load`: the mixed load of two servers on Postgres (`ops.load`); other entries are kept. */
async function mainLoadOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const load = await measureLoad(pgUrl);
    const existing = (readExisting().ops ?? {}) as Record<string, unknown>;
    const { load: _old, load_error: _err, ...rest } = existing;
    writeReport({ ...readExisting(), ops: { ...rest, ...loadEntry(load) } });
    if ('error' in load) throw new Error(load.error);
    process.stdout.write(`${loadLines(load).join('\n')}\n`);
  });
}

/** `--only ops`: start → ready (PGlite, and Postgres on `BENCH_DATABASE_URL` or a throwaway cluster); other entries are kept. */
async function mainOpsOnly(): Promise<void> {
  await withBenchPostgres(async (pgUrl) => {
    const ready = await measureReady(pgUrl);
    writeReport({ ...readExisting(), ops: opsEntry(ready) });
    if ('error' in ready) throw new Error(ready.error);
    process.stdout.write(`${opsLines(ready).join('\n')}\n`);
  });
}

/**
 * The part `--only <part>` or `BENCH_ONLY` asks for (`api`, `web`, `startup`, `valley`, `chain` or `ops` can run
 * alone), or undefined for the whole bench.
 */
function onlyPart(argv: readonly string[], env: string | undefined): string | undefined {
  const i = argv.indexOf('--only');
  const part = i === -1 ? env || undefined : argv[i + 1];
  if (part !== undefined && !['api', 'web', 'startup', 'valley', 'chain', 'provider', 'solana', 'ops', 'load', 'settlement', 'quests', 'console', 'market', 'push', 'ramp', 'profile', 'signin'].includes(part)) throw new Error(`only '${part}': only 'api', 'web', 'startup', 'valley', 'chain', 'provider', 'solana', 'ops', 'load', 'settlement', 'quests', 'console', 'market', 'push', 'ramp', 'profile' or 'signin' can be run alone`);
  return part;
}

// Ctrl-C / SIGTERM: exit through process.exit so the 'exit' hooks of tools/ stop the child server
// and the throwaway cluster instead of leaving them running
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const only = onlyPart(process.argv.slice(2), process.env.BENCH_ONLY);
(only === 'web' ? mainWebOnly() : only === 'startup' ? mainStartupOnly() : only === 'valley' ? mainValleyOnly() : only === 'chain' ? mainChainOnly() : only === 'provider' ? mainProviderOnly() : only === 'solana' ? mainSolanaOnly() : only === 'ops' ? mainOpsOnly() : only === 'load' ? mainLoadOnly() : only === 'settlement' ? mainSettlementOnly() : only === 'quests' ? mainQuestsOnly() : only === 'api' ? mainApiOnly() : only === 'console' ? mainConsoleOnly() : only === 'market' ? mainMarketOnly() : only === 'push' ? mainPushOnly() : only === 'ramp' ? mainRampOnly() : only === 'profile' ? mainProfileOnly() : only === 'signin' ? mainSigninOnly() : main()).catch((error: unknown) => {
  process.stderr.write(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

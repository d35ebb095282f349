/**
 * Wires a running Kingdom: opens the database (migrations applied), seeds reference data and, in
 * demo mode, the demo world, and builds the app. Used by `main.ts`, the CLI and the benchmarks.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createChainProviders, type ChainProviders } from './chain/index.ts';
import { seedDemoWorld, seedReferenceData } from './seed/demo-world.ts';
import { buildApp } from './app.ts';
import { GameClock } from './clock.ts';
import { ROSTER_WARM_EVERY_MS, settleDueDays, warmRosters } from './jobs/settlement/index.ts';
import { publishChestSeeds } from './modules/chest/service.ts';
import { JobLeases, JobScheduler, type JobSpec } from './db/leases.ts';
import { ProcessRegistry } from './db/processes.ts';
import { solanaWatchEveryMs } from './jobs/solana-watcher.ts';
import { observeJobRun, observePushRun } from './observability/metrics.ts';
import { recordJobRun } from './db/job-runs.ts';
import { startProviderCheck } from './observability/provider-check.ts';
import { DEMO_FUNDING_JOB, payDemoFunding } from './modules/demo/chain-faucet.ts';
import { localSolanaJobs } from './chain/solana/jobs.ts';
import { configuredPriceProviders, PRICE_JOB, priceJobRun } from './jobs/prices.ts';
import { ACHIEVEMENTS_EVERY_MS, ACHIEVEMENTS_JOB, noticeAchievements } from './jobs/achievements.ts';
import { noticePeriods } from './jobs/period-notices.ts';
import { ECONOMY_DAYS_EVERY_MS, ECONOMY_DAYS_JOB, summariseEconomyDays } from './modules/console/economy-days.ts';
import { pushJob } from './jobs/push.ts';
import { sweepExpiredOrders } from './modules/market/service.ts';


export interface Kingdom {
  app: FastifyInstance;
  db: Database;
  providers: ChainProviders;
  clock: GameClock;
  /** This process's job leases. */
  leases: JobLeases;
  /** Settles every day that has ended (the daily tick); safe to run from several processes. */
  tick(): Promise<string[]>;
  close(): Promise<void>;
}

/** Opens the database and seeds it (reference data always; the demo world when `config.demo`). */
export async function openKingdomDatabase(config: Config, now = new Date()): Promise<{ db: Database; providers: ChainProviders }> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const providers = await createChainProviders(config, db);
  await seedReferenceData(db, config);
  if (config.demo) await seedDemoWorld(db, providers, now);
  return { db, providers };
}

/** How often each process asks for the tick's lease and settles any day that has ended (ms). */
export const TICK_EVERY_MS = 15_000;
/** How often the demo-funding job looks for sign-ins waiting for emulator funds (ms). */
export const DEMO_FUNDING_EVERY_MS = 1_000;
/** Lease name of the daily tick (and the chest seeds published with it). */
export const TICK_JOB = 'tick';

/**
 * Everything a server process needs, ready to `listen`. With `schedule`, the background jobs start:
 * the daily tick (settles a day once its 00:00 UTC has passed on the game clock, and publishes chest
 * seeds), chain money (block production on the emulator, watcher, treasury signer), prices
 * (`jobs/prices.ts`), achievement notices (`jobs/achievements.ts`) and demo wallet funding — each once cluster-wide under its job lease (docs/architecture.md §6), whatever the number of processes.
 */
export async function createKingdom(config: Config, opts: { schedule?: boolean } = {}): Promise<Kingdom> {
  const { db, providers } = await openKingdomDatabase(config);
  const clock = new GameClock(db);
  if (config.demo) {
    // hear the offset's changes first, so the read below counts as current (GameClock.current)
    await clock.watch();
    await clock.load();
  }
  const refreshClock = async () => { if (config.demo) await clock.load(); };
  const leases = new JobLeases(db.orm);
  const jobs = new Map<string, JobSpec>();
  let scheduler: JobScheduler | null = null;
  // a serving process's row in the registry of live processes and their release (db/processes.ts)
  const registry = opts.schedule ? new ProcessRegistry(db, leases.holder) : null;
  const app = await buildApp({
    config, db, providers, leases, clock: () => clock.now(), refreshClock, clockOffset: config.demo ? () => clock.offset() : null,
    clockCurrent: () => clock.current(),
    advanceClock: async (ms, tx) => {
      if (!config.demo) throw new Error('the game clock moves only in demo mode');
      return clock.advance(ms, tx);
    },
    kickJob: (name) => {
      const job = jobs.get(name);
      if (scheduler && job) void scheduler.attempt(job);
    },
    jobEveryMs: (name) => jobs.get(name)?.everyMs,
  });
  // A real network's provider is asked until it answers once: readiness waits for it, the process never dies of it.
  const providerCheck = providers.money.emulator ? null : startProviderCheck(providers.money.ledger, 'Blockfrost', app.lifecycle, app.log);
  let running: Promise<string[]> | null = null;
  let warmedAt = 0;
  const tick = () => (running ??= (async () => {
    try {
      await refreshClock();
      const days = (await settleDueDays(db, clock.now(), config.settlement)).map((d) => d.day);
      await publishChestSeeds(db.orm, clock.now());
      return days;
    } finally {
      running = null;
    }
  })());
  if (opts.schedule) {
    await registry?.start();
    // every run also recorded in job_runs, for the console's operations page (whichever process ran it)
    scheduler = new JobScheduler(leases, app.log, (job, seconds, ok) => {
      observeJobRun(job, seconds, ok);
      recordJobRun(db.orm, job, seconds, ok, leases.holder).catch((err: Error) => app.log.warn({ err, job }, 'job run not recorded'));
    });
    const chain = app.deps.chainJobs.job(config.chainMoney.emulatorBlockMs, config.chainMoney.watchMs);
    const specs: JobSpec[] = [
      { name: TICK_JOB, everyMs: TICK_EVERY_MS, run: async () => {
        const days = await tick();
        // Market orders expired in books nobody touches: expired and refunded (docs/game-rules.md §16.6)
        const expired = await sweepExpiredOrders(db, clock.now());
        if (expired > 0) app.log.info({ expired }, 'market orders expired');
        if (days.length) {
          app.log.info({ days }, 'settled');
          app.deps.kickJob(ACHIEVEMENTS_JOB); // a settled day's streaks (docs/game-rules.md §14.6)
          app.deps.kickJob(ECONOMY_DAYS_JOB); // the day after a settled day is closed: its summary
        }
        // (when this process last warmed the rosters up only spaces the warm-ups; any process may do the next)
        if (Date.now() - warmedAt >= ROSTER_WARM_EVERY_MS) {
          const started = Date.now();
          const day = await warmRosters(db, clock.now(), config.settlement);
          warmedAt = Date.now();
          if (day) app.log[warmedAt - started >= 1000 ? 'info' : 'debug']({ day, ms: warmedAt - started }, 'rosters warmed up');
        }
      } },
      { ...chain, run: async () => {
        // (while Blockfrost has not answered since the start, the provider check reports it: no failing runs meanwhile)
        if (providerCheck && app.lifecycle.waitingFor) return;
        await refreshClock();
        await chain.run();
      } },
      // SOL payments of EXO orders (docs/game-rules.md §9): the watcher of this deployment's cluster
      { ...app.deps.solanaWatcher.job(solanaWatchEveryMs(providers.solanaChain)), run: async () => { await refreshClock(); await app.deps.solanaWatcher.run(); } },
      // achievement notices when earned (jobs/achievements.ts); chest-ready and quests-reset notices of push subscribers (jobs/period-notices.ts)
      { name: ACHIEVEMENTS_JOB, everyMs: ACHIEVEMENTS_EVERY_MS, run: async () => {
        await refreshClock();
        const at = clock.now();
        await noticeAchievements(db, at);
        await noticePeriods(db, at);
      } },
      // the economy dashboard's daily summaries of the closed days (modules/console/economy-days.ts)
      { name: ECONOMY_DAYS_JOB, everyMs: ECONOMY_DAYS_EVERY_MS, run: async () => { await refreshClock(); await summariseEconomyDays(db.orm, clock.now()); } },
    ];
    if (config.demo && config.chainMoney.demoChainFaucet && providers.money.emulator) {
      specs.push({ name: DEMO_FUNDING_JOB, everyMs: DEMO_FUNDING_EVERY_MS, run: () => payDemoFunding(db, providers.money) });
    }
    const priceProviders = configuredPriceProviders(config);
    if (config.prices.jobMs > 0 && priceProviders.length > 0) {
      specs.push({ name: PRICE_JOB, everyMs: config.prices.jobMs, run: () => priceJobRun(db, priceProviders, app.log) });
    }
    // Web Push deliveries of new inbox notifications (jobs/push.ts)
    const push = pushJob(config, db, app.log, observePushRun);
    if (push) specs.push(push);
    // the local Solana cluster's slots and demo funding (none on a real cluster)
    specs.push(...localSolanaJobs(config, db, providers.solanaChain.local));
    for (const spec of specs) {
      jobs.set(spec.name, spec);
      scheduler.start(spec);
    }
  }
  return {
    app, db, providers, clock, tick, leases,
    async close() {
      providerCheck?.stop();
      await scheduler?.stop();
      await registry?.stop();
      await app.close();
      await running?.catch(() => undefined);
      clock.stop();
      await db.close();
    },
  };
}

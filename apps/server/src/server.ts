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
import { settleDueDays } from './jobs/settlement.ts';
import { publishChestSeeds } from './modules/chest/service.ts';

export interface Kingdom {
  app: FastifyInstance;
  db: Database;
  providers: ChainProviders;
  clock: GameClock;
  /** Settles every day that has ended (the daily tick); safe to run from several processes. */
  tick(): Promise<string[]>;
  close(): Promise<void>;
}

/** Opens the database and seeds it (reference data always; the demo world when `config.demo`). */
export async function openKingdomDatabase(config: Config, now = new Date()): Promise<{ db: Database; providers: ChainProviders }> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const providers = await createChainProviders(config, db);
  await seedReferenceData(db);
  if (config.demo) await seedDemoWorld(db, providers, now);
  return { db, providers };
}

/**
 * Everything a server process needs, ready to `listen`. With `schedule`, the daily tick runs at
 * start and every minute (it settles a day once its 00:00 UTC has passed on the game clock).
 */
export async function createKingdom(config: Config, opts: { schedule?: boolean } = {}): Promise<Kingdom> {
  const { db, providers } = await openKingdomDatabase(config);
  const clock = new GameClock(db);
  if (config.demo) await clock.load();
  const app = await buildApp({
    config, db, providers, clock: () => clock.now(),
    advanceClock: async (ms, tx) => {
      if (!config.demo) throw new Error('the game clock moves only in demo mode');
      return clock.advance(ms, tx);
    },
  });
  let running: Promise<string[]> | null = null;
  const tick = () => (running ??= (async () => {
    try {
      if (config.demo) await clock.load();
      const days = (await settleDueDays(db, clock.now())).map((d) => d.day);
      await publishChestSeeds(db.orm, clock.now());
      return days;
    } finally {
      running = null;
    }
  })());
  let timer: NodeJS.Timeout | undefined;
  if (opts.schedule) {
    const run = () => tick().then((days) => days.length && app.log.info({ days }, 'settled'), (err) => app.log.error({ err }, 'settlement failed; will retry'));
    void run();
    timer = setInterval(run, 60_000);
    timer.unref();
    app.deps.chainJobs.start(config.chainMoney.emulatorBlockMs, config.chainMoney.watchMs);
  }
  return {
    app, db, providers, clock, tick,
    async close() {
      clearInterval(timer);
      await app.close();
      await running?.catch(() => undefined);
      await db.close();
    },
  };
}

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

export interface Kingdom {
  app: FastifyInstance;
  db: Database;
  providers: ChainProviders;
  close(): Promise<void>;
}

/** Opens the database and seeds it (reference data always; the demo world when `config.demo`). */
export async function openKingdomDatabase(config: Config, now = new Date()): Promise<{ db: Database; providers: ChainProviders }> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const providers = createChainProviders(config, db);
  await seedReferenceData(db);
  if (config.demo) await seedDemoWorld(db, providers, now);
  return { db, providers };
}

/** Everything a server process needs, ready to `listen`. */
export async function createKingdom(config: Config, clock: () => Date = () => new Date()): Promise<Kingdom> {
  const { db, providers } = await openKingdomDatabase(config, clock());
  const app = await buildApp({ config, db, providers, clock });
  return {
    app, db, providers,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

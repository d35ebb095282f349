/**
 * Where a server's start-up goes (docs/architecture.md §6, "ready in ≤ 5 s"): times each step `createKingdom` takes,
 * one by one, on the database the environment names (`DATA_DIR` for PGlite, or `DATABASE_URL`), and
 * prints one JSON line of milliseconds per step. The emulator's replay of its logged blocks is part
 * of `chain_providers` (`@kingdom/emulators`' cardano/emulator-ledger.ts).
 *
 *   DATA_DIR=./data npx tsx bench/profile-startup.ts      # stop the server first (PGlite: one process)
 *
 * Module loading is timed separately (`import_ms`): under tsx it includes transpiling, so the
 * compiled server's is smaller (the `ops.ready_ms` bench measures the compiled server end to end).
 */
export {};
const t0 = performance.now();
const { loadConfig } = await import('../apps/server/src/config.ts');
const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { createChainProviders } = await import('../apps/server/src/chain/index.ts');
const { seedDemoWorld, seedReferenceData } = await import('../apps/server/src/seed/demo-world.ts');
const { GameClock } = await import('../apps/server/src/clock.ts');
const { buildApp } = await import('../apps/server/src/app.ts');
const { settleDueDays } = await import('../apps/server/src/jobs/settlement/index.ts');

const steps: Record<string, number> = { import_ms: Math.round(performance.now() - t0) };
let last = performance.now();
const lap = (name: string): void => {
  const now = performance.now();
  steps[name] = Math.round(now - last);
  last = now;
};

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
lap('open_and_migrate_ms');
const providers = await createChainProviders(config, db);
lap('chain_providers_ms');
await seedReferenceData(db);
lap('seed_reference_ms');
if (config.demo) await seedDemoWorld(db, providers, new Date());
lap('seed_demo_world_ms');
const clock = new GameClock(db);
if (config.demo) await clock.load();
lap('clock_ms');
const app = await buildApp({ config, db, providers, clock: () => clock.now() });
await app.ready();
lap('build_app_ms');
await settleDueDays(db, clock.now());
lap('first_tick_ms');
steps.total_ms = Math.round(performance.now() - t0);
process.stdout.write(`${JSON.stringify({ db: db.kind, ...steps })}\n`);
await app.close();
await db.close();

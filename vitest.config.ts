import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const server = { include: ['apps/server/test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 120_000 };
/**
 * Server test files that open no database of the project's kind (KINGDOM_TEST_DB changes nothing in them):
 * server-pg would run them a second time, identically. launch-start spawns `main.ts` on PGlite
 * (`DATA_DIR=memory://`) whatever the project; the others are pure or talk HTTP to a stub.
 */
const noDatabase = [
  'apps/server/test/auth/verify*.test.ts', 'apps/server/test/auth/ed25519.test.ts', 'apps/server/test/ops/launch-start.test.ts',
  'apps/server/test/chain/blockfrost-ledger.test.ts', 'apps/server/test/chain/chain-config.test.ts',
  'apps/server/test/lands/world-mapping.test.ts', 'apps/server/test/console/operations-next-run.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core CI machine. The files
    // wait on PostgreSQL, PGlite and spawned servers for much of their time, so two workers there take
    // the unit phase from ~29 to ~16 minutes (the README's test section).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'game', include: ['packages/game/**/*.test.ts'] } },
      { test: { name: 'api', include: ['packages/api/**/*.test.ts'] } },
      { test: { name: 'server', ...server, globalSetup: ['tools/vitest-pglite-template.ts'], setupFiles: ['apps/server/test/support/pglite-template.ts'] } },
      { test: { name: 'server-pg', ...server, exclude: [...noDatabase, '**/node_modules/**'], env: { KINGDOM_TEST_DB: 'postgres' }, globalSetup: ['tools/vitest-pg-setup.ts'] } },
      { test: { name: 'tools', include: ['tools/**/*.test.ts'], testTimeout: 120_000 } },
      'apps/web/vitest.config.ts',
    ],
  },
});

import { defineConfig } from 'vitest/config';

const server = { include: ['apps/server/test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'game', include: ['packages/game/**/*.test.ts'] } },
      { test: { name: 'api', include: ['packages/api/**/*.test.ts'] } },
      { test: { name: 'server', ...server } },
      { test: { name: 'server-pg', ...server, exclude: ['apps/server/test/auth/verify*.test.ts', '**/node_modules/**'], env: { KINGDOM_TEST_DB: 'postgres' }, globalSetup: ['tools/vitest-pg-setup.ts'] } },
      { test: { name: 'tools', include: ['tools/**/*.test.ts'], testTimeout: 120_000 } },
      'apps/web/vitest.config.ts',
    ],
  },
});

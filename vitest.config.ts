import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'game', include: ['packages/game/**/*.test.ts'] } },
      { test: { name: 'api', include: ['packages/api/**/*.test.ts'] } },
      { test: { name: 'server', include: ['apps/server/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      'apps/web/vitest.config.ts',
    ],
  },
});

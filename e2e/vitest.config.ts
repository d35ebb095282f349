import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * e2e: headless Chromium (Debian's /usr/bin/chromium through playwright-core) against the built web
 * app and the real server, started once by `global-setup.ts`. Files run one at a time: they share
 * one server, and the machine has 2 cores.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 600_000,
    pool: 'forks',
  },
});

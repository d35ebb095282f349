import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { kingdomRoutes } from './build/kingdom-routes.ts';

export default defineConfig({
  plugins: [react(), kingdomRoutes()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
});

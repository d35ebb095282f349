import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = process.env.KINGDOM_API_URL ?? 'http://127.0.0.1:8080';

/**
 * Our contract packages have no `sideEffects` flag; their modules only declare constants and
 * schemas, so telling the bundler they are pure keeps zod schemas the web app never calls out of
 * the initial chunk.
 */
function pureContracts(): Plugin {
  return {
    name: 'kingdom-pure-contracts',
    transform(code, id) {
      if (/[\\/]packages[\\/](api|game)[\\/]src[\\/]/.test(id)) return { code, map: null, moduleSideEffects: false };
      return undefined;
    },
  };
}

const proxy = { '/api': { target: API_TARGET, changeOrigin: false } };

/**
 * react-router 7 only exports its development build (dev warnings included); production bundles
 * take the production build that ships beside it.
 */
function reactRouterProduction(): { find: RegExp; replacement: string }[] {
  const file = new URL('dist/production/index.mjs', import.meta.resolve('react-router/package.json'));
  return [{ find: /^react-router$/, replacement: decodeURIComponent(file.pathname) }];
}

export default defineConfig(({ command }) => ({
  plugins: [react(), pureContracts()],
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
}));

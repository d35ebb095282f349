import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

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

/**
 * The libraries every page needs before its first render (React, the router, i18n, the query cache,
 * the session store) in one chunk instead of the half-dozen shared chunks the bundler would cut:
 * one file compresses better than six (≈ 2 KB gzip less on /login) and none of it is ever unused.
 */
const framework = {
  name: 'framework',
  test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|zustand|use-sync-external-store)[\\/]/,
};

/**
 * Our own code that the entry loads before the first render (routes, the root layout, the HTTP
 * client, the frame's texts) in one chunk: left alone, the bundler cuts a few small shared chunks
 * out of it, one more request and gzip header each.
 */
const appStart = {
  name: 'app',
  tags: ['$initial' as const],
  test: /[\\/](apps[\\/]web[\\/]src|packages[\\/](api|game)[\\/]src)[\\/]/,
};

/**
 * Chain money (src/chain: the pay flow, the deposit/withdrawal/order modals) in one chunk, loaded
 * with the pages that offer payments: left alone, the bundler cuts it in several small chunks, each
 * another file name in the entry's preload lists, which /login downloads. Only our chain modules:
 * what they import stays where it was. `chain/lazy.tsx` (the pages' lazy doors into it) stays out.
 */
const chainMoney = {
  name: 'chain',
  test: /[\\/]apps[\\/]web[\\/]src[\\/]chain[\\/](?!lazy\.tsx)/,
  includeDependenciesRecursively: false,
};

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
  plugins: [react(), pureContracts(), precompress()],
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // every browser the app supports (ES2022 + module scripts) knows <link rel="modulepreload">
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [framework, chainMoney, appStart] },
        // 7-character hashes (42 bits, plenty to bust caches; the bundler's minimum for this many chunks): every lazy chunk's name sits in the
        // entry's preload table, which /login downloads.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
}));

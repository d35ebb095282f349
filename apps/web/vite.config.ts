import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { kingdomRoutes } from './build/kingdom-routes.ts';
import { serviceWorker } from './build/service-worker.ts';
import { memoizedRouteMatching } from './build/memoized-route-matching.ts';

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
 * react-router's production build, made tree-shakable: it names its components and contexts for
 * React DevTools with top-level `X.displayName = "…"` statements and creates its components with
 * un-annotated `React.forwardRef(…)` / `React.memo(…)` calls, so the bundler kept every component
 * the app never renders (Form, ScrollRestoration, HistoryRouter, the data routers' parts) and the
 * code only they use in the first page's JS (≈ 1.4 KB gzip). The display names go (they only show
 * in DevTools) and those calls are marked pure (they only build an object); unused ones then drop.
 * Should a react-router release write them otherwise, nothing breaks: the bench's `/login` size shows it.
 */
function treeShakableReactRouter(): Plugin {
  return {
    name: 'kingdom-tree-shakable-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/.test(id)) return undefined;
      const shakable = code
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
        .replace(/^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2');
      return { code: shakable, map: null };
    },
  };
}

/** The libraries every page needs before its first render (see {@link framework}). */
const FRAMEWORK_PACKAGES = /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|zustand)[\\/]/;
/**
 * Modules of those packages that only later pages use (the first page reads, it never mutates):
 * left to the bundler, they load with the pages that call them.
 */
const LATER_PAGES_ONLY = /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](useMutation|mutationObserver)\.js$/;

/**
 * The libraries every page needs before its first render (React, the router, i18n, the query cache,
 * the session store) in one chunk instead of the half-dozen shared chunks the bundler would cut:
 * one file compresses better than six (≈ 2 KB gzip less on /login). What only later pages use stays
 * out of it: {@link LATER_PAGES_ONLY}, and use-sync-external-store (react-i18next's shim is
 * React's own hook here, see reactOwnSyncExternalStore; its with-selector serves only the charts).
 */
const framework = {
  name: 'framework',
  test: (id: string) => FRAMEWORK_PACKAGES.test(id) && !LATER_PAGES_ONLY.test(id),
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
 * what they import stays where it was. The doors into it stay out: `chain/lazy.tsx` (the pages' lazy
 * doors), `chain/mint-door.tsx` ('Mint Your Land', its dialog lazy) and `chain/chain-actions.tsx`
 * (the balances' Deposit / Withdraw buttons, their modals lazy). In the group, the dashboard's
 * first screen (which shows both) loaded and ran the whole chunk with the schemas, wallet and
 * transaction code it imports (≈ 45 KB gzip) before the first click.
 * The mint dialog's texts (i18n/en-mint.ts, es-mint.ts) and quadrants (`MINT_QUADRANTS`, game's
 * lands/mint.ts) are in it too: only that dialog imports them, so the bundler put them in a chunk of
 * their own that also re-exported the dialog from this one, and the two chunks imported each other. Opened from a page that had not loaded this chunk (all of them,
 * now that 'Mint Your Land' is out of it), that chunk ran first, the dialog's module found its texts
 * not yet defined, and the dialog showed no text.
 */
const chainMoney = {
  name: 'chain',
  test: /[\\/]apps[\\/]web[\\/]src[\\/](?:chain[\\/](?!(?:lazy\.tsx|mint-door\.tsx|chain-actions\.(?:tsx|css)))|i18n[\\/](?:en|es)-mint\.ts)|[\\/]packages[\\/]game[\\/]src[\\/]lands[\\/]mint\.ts$/,
  includeDependenciesRecursively: false,
};

/**
 * Wallet discovery (the installed CIP-30 and Wallet Standard wallets) with the wallet constants it
 * and the login page share (wallets/types.ts) in one chunk, loaded by `/login` before any click:
 * left alone, the bundler cuts those few constants into a chunk of their own, one more request.
 */
const walletDiscovery = {
  name: 'standard',
  test: /[\\/](apps[\\/]web[\\/]src[\\/]wallets[\\/](types|cardano[\\/]detect|solana[\\/]standard)\.ts|node_modules[\\/]@wallet-standard[\\/]app[\\/].*)$/,
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

/**
 * `use-sync-external-store/shim` (imported by react-i18next and recharts) → React's own hook: the
 * shim's fallback for React < 18 never runs under React 19 (build/use-sync-external-store-shim.cjs).
 */
function reactOwnSyncExternalStore(): { find: RegExp; replacement: string }[] {
  const file = new URL('build/use-sync-external-store-shim.cjs', import.meta.url);
  return [{ find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: decodeURIComponent(file.pathname) }];
}

export default defineConfig(({ command }) => ({
  plugins: [react(), kingdomRoutes(), pureContracts(), treeShakableReactRouter(), memoizedRouteMatching(), serviceWorker(), precompress()],
  resolve: { alias: command === 'build' ? [...reactRouterProduction(), ...reactOwnSyncExternalStore()] : [] },
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
        codeSplitting: { groups: [framework, chainMoney, walletDiscovery, appStart] },
        // 7-character hashes (42 bits, plenty to bust caches; the bundler's minimum for this many chunks): every lazy chunk's name sits in the
        // entry's preload table, which /login downloads.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
}));

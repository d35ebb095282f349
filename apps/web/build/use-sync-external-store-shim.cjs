/**
 * `use-sync-external-store/shim` for this app's React 19, which has `useSyncExternalStore` itself:
 * the package's shim only adds a fallback for React < 18 that the app never runs (react-i18next's
 * useTranslation and recharts import the shim). vite.config.ts aliases the package's shim here in
 * production builds, so `/login` does not download that fallback. CommonJS like the package (both
 * `import` and `require` of it stay plain interop).
 */
'use strict';

exports.useSyncExternalStore = require('react').useSyncExternalStore;

/**
 * zod without its JIT in the browser: before its first object schema is built, zod probes whether
 * it may compile parsers with `new Function`. The app's Content-Security-Policy (script-src 'self',
 * no 'unsafe-eval'; apps/server/src/app.ts) refuses that, and the refusal, though zod catches it, is
 * a CSP violation the browser reports (Lighthouse's best practices: "Issues logged in the Issues
 * panel"). With `jitless` zod skips the probe and parses with its interpreter (the web app parses a
 * few answers per page; the server keeps the JIT). zod reads this setting from
 * `globalThis.__zod_globalConfig` (zod/v4/core/core.js), so it must be set before any schema module
 * is evaluated: main.tsx imports this module first.
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });

export {};

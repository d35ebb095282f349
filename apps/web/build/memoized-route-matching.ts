import type { Plugin } from 'vite';

/**
 * react-router's route matching, memoized: `useRoutes` and `matchRoutes` flatten and rank the whole
 * route table (and compile a RegExp for every path they try) on each call. The app calls them with
 * one constant table (app/routes.tsx) at start-up (`preloadRoute`), on every render of the
 * routes and on every navigation; on a phone-speed CPU the first page paid ≈ 50 ms per call (a
 * traced start-up of `/dashboard/overview` at 4× CPU slowdown). Both functions are pure, so their
 * results are kept: the ranked branches per table (a WeakMap: a table that goes away takes its
 * entry) and the compiled path per (path, case sensitivity, end). The matchers carry no `g` flag,
 * so sharing one keeps no state between matches. A react-router release that renames either
 * function fails the build here instead of silently losing this.
 */
export function memoizedRouteMatching(): Plugin {
  const patches: [RegExp, string][] = [
    [
      /^function flattenAndRankRoutes\(routes\) \{$/m,
      'var kingdomRankedBranches = new WeakMap();\nfunction flattenAndRankRoutes(routes) {\n  let ranked = kingdomRankedBranches.get(routes);\n  if (ranked === void 0) kingdomRankedBranches.set(routes, (ranked = flattenAndRankRoutesUncached(routes)));\n  return ranked;\n}\nfunction flattenAndRankRoutesUncached(routes) {',
    ],
    [
      /^function compilePath\(path, caseSensitive = false, end = true\) \{$/m,
      'var kingdomCompiledPaths = new Map();\nfunction compilePath(path, caseSensitive = false, end = true) {\n  let key = `${caseSensitive ? 1 : 0}${end ? 1 : 0}${path}`;\n  let compiled = kingdomCompiledPaths.get(key);\n  if (compiled === void 0) kingdomCompiledPaths.set(key, (compiled = compilePathUncached(path, caseSensitive, end)));\n  return compiled;\n}\nfunction compilePathUncached(path, caseSensitive = false, end = true) {',
    ],
  ];
  return {
    name: 'kingdom-memoized-route-matching',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/.test(id) || !code.includes('function flattenAndRankRoutes(')) return undefined;
      let patched = code;
      for (const [pattern, replacement] of patches) {
        if (!pattern.test(patched)) throw new Error(`kingdom-memoized-route-matching: ${pattern} not found in ${id}`);
        patched = patched.replace(pattern, replacement);
      }
      return { code: patched, map: null };
    },
  };
}

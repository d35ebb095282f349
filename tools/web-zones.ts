/**
 * Import zones of the web app, one way as bulletproof-react's `import/no-restricted-paths` zones
 * (`apps/react-vite/.eslintrc.cjs`): `main.tsx` → `app/` → `features/<x>/` → shared, never back.
 *
 * - `app/` (router, frame, providers) may import anything.
 * - `features/<x>/` may import shared code and its own files: not `app/`, not another feature.
 * - Shared code is every other folder of `apps/web/src` (today `api`, `chain`, `components`, `i18n`,
 *   `session`, `styles`, `wallets`) and the files at its root (`paths.ts`), `main.tsx` (the entry)
 *   aside: it may import other shared code, never a feature or `app/`. What two features need
 *   moves down into a shared folder; what needs a feature and app is composed in `app/`.
 * - `test/` (the route-rendering harness of the tests: it renders `app/routes.tsx`) is outside the
 *   zones; only tests import it.
 *
 * oxlint 1.94 has no `import/no-restricted-paths` (its import plugin lacks the rule), and its
 * `no-restricted-imports` matches the import specifier as written, with no "other than my own
 * folder" pattern, so `.oxlintrc.json` carries one `no-restricted-imports` override per zone
 * (shared, each feature), generated here. An override replaces the rule's options of an earlier
 * one, so each repeats the web-wide options of the `apps/web/**` override (no server code, the
 * locale-aware number formatters); `i18n/format.ts`, which wraps those formatters, gets its zone
 * without them. The tools test checks the file is up to date and that oxlint refuses a forbidden
 * import; `npx tsx tools/web-zones.ts --write` regenerates the overrides after adding a folder.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './kingdom-server.ts';

/** The web app's sources. */
export const WEB_SRC = join(REPO_ROOT, 'apps', 'web', 'src');
/** The web app's feature folders. */
export const FEATURES_DIR = join(WEB_SRC, 'features');

/** Folders of `apps/web/src` that are not shared code: the layers above it and the test harness. */
const NOT_SHARED = new Set(['app', 'features', 'test']);
/** Root files of `apps/web/src` that are not shared code (the entry, above `app/`). */
const ROOT_NOT_SHARED = new Set(['main.tsx']);

/** One `no-restricted-imports` pattern: specifiers (gitignore globs, as written) and why. */
export interface Pattern {
  group: string[];
  message: string;
}

/** One oxlint override. */
export interface Override {
  files: string[];
  rules: Record<string, unknown>;
}

/** The options of `no-restricted-imports` that hold for all the web app (the `apps/web/**` override). */
interface WebRule {
  patterns: Pattern[];
  paths?: unknown[];
}

/** Oxlint's configuration (the parts read here). */
interface Rc {
  overrides: Override[];
}

/** Names of the sub-folders of `dir`, sorted. */
function folders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Names of the feature folders, sorted. */
export function featureNames(dir = FEATURES_DIR): string[] {
  return folders(dir);
}

/** The shared folders of `apps/web/src`, sorted (every folder but `app`, `features` and `test`). */
export function sharedFolders(src = WEB_SRC): string[] {
  return folders(src).filter((f) => !NOT_SHARED.has(f));
}

/** The shared files at the root of `apps/web/src`, sorted (`main.tsx` aside). */
export function sharedRootFiles(src = WEB_SRC): string[] {
  return readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') && !ROOT_NOT_SHARED.has(e.name))
    .map((e) => e.name)
    .sort();
}

/** Specifiers reaching the top-level folder `name` of `apps/web/src` from any depth under it. */
function reaching(name: string): string[] {
  return [`./${name}`, `./${name}/**`, `../${name}`, `../${name}/**`, `../../${name}/**`, `../../../${name}/**`, `../../../../${name}/**`, `@/${name}/**`];
}

/** Specifiers reaching feature `f` from another feature, at any depth or through a `features/f` path. */
function reachingFeature(f: string): string[] {
  return [`../${f}`, `../${f}/**`, `../../${f}/**`, `../../../${f}/**`, `@/features/${f}/**`, `**/features/${f}/**`];
}

/** The pattern refusing `app/` to the files of `zone`. */
function noApp(zone: string): Pattern {
  return { group: reaching('app'), message: `${zone} may not import app/ (app → features → shared, never back): pass what it needs in from app/ (props, a provider), or move it down.` };
}

/** The `no-restricted-imports` override of `files` with the web-wide options plus `patterns`. */
function zoneOverride(files: string[], web: WebRule, patterns: Pattern[], withPaths = true): Override {
  const options = { patterns: [...web.patterns, ...patterns], ...(withPaths && web.paths ? { paths: web.paths } : {}) };
  return { files, rules: { 'no-restricted-imports': ['error', options] } };
}

/** The web-wide options: those of the `apps/web/**` override of `rc`. */
export function webRule(rc: Rc): WebRule {
  const web = rc.overrides.find((o) => o.files.length === 1 && o.files[0] === 'apps/web/**');
  const rule = web?.rules['no-restricted-imports'];
  if (!Array.isArray(rule) || typeof rule[1] !== 'object' || rule[1] === null) throw new Error(".oxlintrc.json: no 'no-restricted-imports' options in the apps/web/** override");
  return rule[1] as WebRule;
}

/** Every zone's override, shared code first, then `i18n/format.ts`, then the features in folder order. */
export function zoneOverrides(rc: Rc, src = WEB_SRC): Override[] {
  const web = webRule(rc);
  const features = featureNames(join(src, 'features'));
  const shared = [...sharedFolders(src), ...sharedRootFiles(src)];
  const sharedFiles = shared.map((f) => (f.includes('.') ? `apps/web/src/${f}` : `apps/web/src/${f}/**`));
  const sharedPatterns = (zone: string): Pattern[] => [
    { group: reaching('features'), message: `${zone} is shared code: it may not import a feature (app → features → shared, never back); move what the feature and this code both need down here, or pass it in.` },
    noApp(zone),
  ];
  return [
    zoneOverride(sharedFiles, web, sharedPatterns(`Shared code (${shared.join(', ')})`)),
    // the locale-aware wrappers of @kingdom/game's formatters: the one file that imports them
    zoneOverride(['apps/web/src/i18n/format.ts'], web, sharedPatterns('i18n/format.ts'), false),
    ...features.map((name) =>
      zoneOverride([`apps/web/src/features/${name}/**`], web, [
        {
          group: features.filter((f) => f !== name).flatMap(reachingFeature),
          message: `features/${name} may not import another feature: move what both need to components/ (generic UI) or api/ (session calls), or compose them in app/.`,
        },
        noApp(`features/${name}`),
      ]),
    ),
  ];
}

/** True for an override this module generates: only `no-restricted-imports`, on files under `apps/web/src/`. */
function generated(o: Override): boolean {
  return o.files.every((f) => f.startsWith('apps/web/src/')) && Object.keys(o.rules).join() === 'no-restricted-imports';
}

/** `rc` with its zone overrides replaced by freshly generated ones (every other override kept, in order). */
export function withZoneOverrides<T extends Rc>(rc: T, src = WEB_SRC): T {
  return { ...rc, overrides: [...rc.overrides.filter((o) => !generated(o)), ...zoneOverrides(rc, src)] };
}

const RC = join(REPO_ROOT, '.oxlintrc.json');

if (process.argv[1]?.endsWith('web-zones.ts') && process.argv.includes('--write')) {
  const rc = JSON.parse(readFileSync(RC, 'utf8')) as Rc;
  writeFileSync(RC, `${JSON.stringify(withZoneOverrides(rc), null, 2)}\n`);
  console.log(`wrote the zone overrides (shared code, i18n/format.ts, ${featureNames().length} features) to .oxlintrc.json`);
}

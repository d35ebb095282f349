/**
 * Feature boundaries of the web app (DESIGN.md "Web"): a file under `apps/web/src/features/<x>/`
 * may not import another feature's files (`../y/…`, `../../y/…`, `@/features/y/…`,
 * `…/features/y/…`). oxlint's `no-restricted-imports` has no "other than my own folder" pattern, so
 * `.oxlintrc.json` carries one override per feature, generated here; the tools test checks they are
 * up to date. `npx tsx tools/feature-boundaries.ts --write` regenerates them after adding a feature.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './kingdom-server.ts';

/** The web app's feature folders. */
export const FEATURES_DIR = join(REPO_ROOT, 'apps', 'web', 'src', 'features');

/** What every web file may not import (the web-wide rule the per-feature overrides repeat). */
export const WEB_RESTRICTED = {
  group: ['@kingdom/server', '**/apps/server/**', 'pg', 'drizzle-orm', 'fastify', 'node:*'],
  message: 'The web app talks to the server only over HTTP through packages/api.',
};

/** One oxlint override. */
export interface Override {
  files: string[];
  rules: Record<string, unknown>;
}

/** Names of the feature folders, sorted. */
export function featureNames(dir = FEATURES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** The override of feature `name`: the web-wide patterns plus every other feature's paths. */
export function featureOverride(name: string, all: readonly string[]): Override {
  const others = all.filter((f) => f !== name);
  const group = others.flatMap((f) => [`../${f}`, `../${f}/**`, `../../${f}/**`, `../../../${f}/**`, `@/features/${f}/**`, `**/features/${f}/**`]);
  return {
    files: [`apps/web/src/features/${name}/**`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          WEB_RESTRICTED,
          { group, message: `features/${name} may not import another feature: move what both need to components/ (generic UI) or api/ (session calls), or compose them in app/.` },
        ],
      }],
    },
  };
}

/** Every feature's override, in folder order. */
export function featureOverrides(dir = FEATURES_DIR): Override[] {
  const names = featureNames(dir);
  return names.map((n) => featureOverride(n, names));
}

const RC = join(REPO_ROOT, '.oxlintrc.json');

/** `.oxlintrc.json` with its feature overrides replaced by freshly generated ones. */
export function withFeatureOverrides(rc: { overrides: Override[] }): { overrides: Override[] } {
  const kept = rc.overrides.filter((o) => !o.files.some((f) => f.startsWith('apps/web/src/features/')));
  return { ...rc, overrides: [...kept, ...featureOverrides()] };
}

if (process.argv[1]?.endsWith('feature-boundaries.ts') && process.argv.includes('--write')) {
  const rc = JSON.parse(readFileSync(RC, 'utf8')) as { overrides: Override[] };
  writeFileSync(RC, `${JSON.stringify(withFeatureOverrides(rc), null, 2)}\n`);
  console.log(`wrote ${featureNames().length} feature overrides to .oxlintrc.json`);
}

/**
 * Lint probes for the import-zone tests (`web-zones.test.ts`, `server-zones.test.ts`): oxlint run on
 * one file with the repository's `.oxlintrc.json`, and a throwaway probe file that holds one import.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './kingdom-server.ts';

/** oxlint (`--deny-warnings`, the repository's config) on `file`: its exit status and printed output. */
export function lint(file: string): { status: number | null; out: string } {
  const r = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'oxlint'), ['-c', '.oxlintrc.json', '--deny-warnings', file], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/**
 * Writes `line` into `<root>/<dir>/__zone_probe__.ts`, lints it and removes it (also on a throw).
 * `refused`: oxlint reported `no-restricted-imports`; `out`: what it printed.
 */
export function probeImport(root: string, dir: string, line: string): { refused: boolean; out: string } {
  const file = join(root, dir, '__zone_probe__.ts');
  writeFileSync(file, `${line}\n`);
  try {
    const { out } = lint(file);
    return { refused: out.includes('no-restricted-imports'), out };
  } finally {
    rmSync(file, { force: true });
  }
}

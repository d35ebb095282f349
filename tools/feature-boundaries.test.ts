/** The web app's feature boundaries: `.oxlintrc.json` is up to date, and oxlint refuses a cross-feature import. */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FEATURES_DIR, featureNames, withFeatureOverrides, type Override } from './feature-boundaries.ts';
import { REPO_ROOT } from './kingdom-server.ts';

function lint(file: string): { status: number | null; out: string } {
  const r = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'oxlint'), ['-c', '.oxlintrc.json', '--deny-warnings', file], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('feature boundaries', () => {
  test('.oxlintrc.json has the generated override of every feature (run tools/feature-boundaries.ts --write)', () => {
    const rc = JSON.parse(readFileSync(join(REPO_ROOT, '.oxlintrc.json'), 'utf8')) as { overrides: Override[] };
    expect(rc).toEqual(withFeatureOverrides(rc));
    expect(featureNames()).toContain('mines');
  });

  test.each([
    ["import { useNotifications } from '../account/api.ts';", true],
    ["import { x } from '../../account/notification-text.ts';", true],
    ["import { x } from '@/features/account/api.ts';", true],
    ["import { x } from '../../features/dashboard/api.ts';", true],
    ["import { useMines } from './api.ts';", false],
    ["import { call } from '../../api/call.ts';", false],
    ["import { EmptyState } from '../../components/empty-state.tsx';", false],
  ])('in features/mines: %s → refused %s', (line, refused) => {
    const file = join(FEATURES_DIR, 'mines', '__boundary_probe__.ts');
    writeFileSync(file, `${line}\n`);
    try {
      const r = lint(file);
      expect(r.out.includes('no-restricted-imports'), r.out).toBe(refused);
    } finally {
      rmSync(file, { force: true });
    }
  });
});

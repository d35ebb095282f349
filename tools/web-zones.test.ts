/** The web app's import zones: `.oxlintrc.json` is up to date, and oxlint refuses an import against them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { WEB_SRC, featureNames, sharedFolders, sharedRootFiles, withZoneOverrides, type Override } from './web-zones.ts';
import { REPO_ROOT } from './kingdom-server.ts';
import { probeImport } from './lint-probe.ts';

describe('web import zones', () => {
  test('.oxlintrc.json has the generated override of every zone (run tools/web-zones.ts --write)', () => {
    const rc = JSON.parse(readFileSync(join(REPO_ROOT, '.oxlintrc.json'), 'utf8')) as { overrides: Override[] };
    expect(rc).toEqual(withZoneOverrides(rc));
    expect(featureNames()).toContain('mines');
    expect(sharedFolders()).toEqual(expect.arrayContaining(['api', 'chain', 'components', 'i18n', 'session', 'wallets']));
    expect(sharedFolders()).not.toContain('app');
    expect(sharedRootFiles()).toContain('paths.ts');
    expect(sharedRootFiles()).not.toContain('main.tsx');
  });

  test.each([
    // features: not another feature, not app/
    ['features/mines', "import { useNotifications } from '../account/api.ts';", true],
    ['features/mines', "import { x } from '../../account/notification-text.ts';", true],
    ['features/mines', "import { x } from '@/features/account/api.ts';", true],
    ['features/mines', "import { x } from '../../features/dashboard/api.ts';", true],
    ['features/mines', "import { routes } from '../../app/routes.tsx';", true],
    ['features/mines/__tests__', "import { routes } from '../../../app/routes.tsx';", true],
    ['features/mines', "import { useMines } from './api.ts';", false],
    ['features/mines', "import { call } from '../../api/call.ts';", false],
    ['features/mines', "import { EmptyState } from '../../components/empty-state.tsx';", false],
    ['features/mines', "import { formatTokenAmount } from '../../i18n/format.ts';", false],
    // the web-wide options hold in every zone
    ['features/mines', "import { formatTokenAmount } from '@kingdom/game';", true],
    ['features/mines', "import { readFileSync } from 'node:fs';", true],
    // shared code: not a feature, not app/
    ['components', "import { useMines } from '../features/mines/api.ts';", true],
    ['components', "import { usePageLoading } from '../app/lazy-page.ts';", true],
    ['wallets/cardano', "import { x } from '../../features/auth/login-page.tsx';", true],
    ['api', "import { routes } from '../app/routes.tsx';", true],
    ['chain', "import { x } from '../features/vendor/vendor-page.tsx';", true],
    ['components', "import { call } from '../api/call.ts';", false],
    ['chain', "import { EmptyState } from '../components/empty-state.tsx';", false],
    ['components', "import { formatThousands } from '@kingdom/game';", true],
  ])('in %s: %s → refused %s', (dir, line, refused) => {
    const r = probeImport(WEB_SRC, dir, line);
    expect(r.refused, r.out).toBe(refused);
  });
});

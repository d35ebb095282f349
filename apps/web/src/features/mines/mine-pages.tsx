/**
 * `/goldmine/*` and `/frenmine/*`: one set of pages for both mine kinds, the kind read from the
 * path's first segment (docs/game-rules.md §3–§4, docs/product.md §2).
 */
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MineKind } from '@kingdom/api';
import { MINE_KINDS as KINDS } from '@kingdom/game';
import { PageHeader } from '../../components/page-header.tsx';
import { TabNav } from '../../components/tab-nav.tsx';
import { MINE_KINDS } from './kinds.ts';
import { MinePerformancePanel } from './mine-performance-panel.tsx';
import { MinesWorkersPanel } from './mines-workers-panel.tsx';

/** The mine kind of the current page: the path's first segment (`/frenmine/...`), else the first kind. */
export function useMineKind(): MineKind {
  const first = useLocation().pathname.split('/')[1];
  return KINDS.find((k) => k === first) ?? KINDS[0];
}

/** `/goldmine`, `/frenmine`: the kind's title and the tabs workers and performance. */
export function MinesLayout() {
  const { t } = useTranslation();
  const kind = useMineKind();
  const title = t(MINE_KINDS[kind].titleKey);
  return (
    <>
      <PageHeader title={title} />
      <TabNav
        label={title}
        tabs={[
          { to: 'workers', label: t('mines.tabs.workers') },
          { to: 'performance', label: t('mines.tabs.performance') },
        ]}
      />
      <Outlet />
    </>
  );
}

/** `/goldmine/workers`, `/frenmine/workers`. */
export function MineWorkersPage() {
  return <MinesWorkersPanel kind={useMineKind()} />;
}

/** `/goldmine/performance`, `/frenmine/performance`. */
export function MinePerformancePage() {
  const { t } = useTranslation();
  return (
    <>
      <MinePerformancePanel kind={useMineKind()} />
      <p className="muted small">
        <Link to="/world">{t('mines.worldTotals')}</Link>
      </p>
    </>
  );
}
export { ReportRoute } from './report-dialog.tsx';

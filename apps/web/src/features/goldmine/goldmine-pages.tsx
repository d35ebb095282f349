import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MinePerformancePanel } from '../../components/mine-performance-panel.tsx';
import { MinesWorkersPanel } from '../../components/mines-workers-panel.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TabNav } from '../../components/tab-nav.tsx';

/** `/goldmine`: tabs workers and performance. */
export function GoldmineLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('goldmine.title')} />
      <TabNav
        label={t('goldmine.title')}
        tabs={[
          { to: 'workers', label: t('goldmine.workers') },
          { to: 'performance', label: t('goldmine.performance') },
        ]}
      />
      <Outlet />
    </>
  );
}

/** `/goldmine/workers`. */
export function GoldmineWorkersPage() {
  return <MinesWorkersPanel kind="goldmine" />;
}

/** `/goldmine/performance`. */
export function GoldminePerformancePage() {
  return <MinePerformancePanel kind="goldmine" />;
}

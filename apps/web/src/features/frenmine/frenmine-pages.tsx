import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MinePerformancePanel } from '../../components/mine-performance-panel.tsx';
import { MinesWorkersPanel } from '../../components/mines-workers-panel.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TabNav } from '../../components/tab-nav.tsx';

/** `/frenmine`: tabs workers and performance. */
export function FrenmineLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('frenmine.title')} />
      <TabNav
        label={t('frenmine.title')}
        tabs={[
          { to: 'workers', label: t('frenmine.workers') },
          { to: 'performance', label: t('frenmine.performance') },
        ]}
      />
      <Outlet />
    </>
  );
}

/** `/frenmine/workers`. */
export function FrenmineWorkersPage() {
  return <MinesWorkersPanel kind="frenmine" />;
}

/** `/frenmine/performance`. */
export function FrenminePerformancePage() {
  return <MinePerformancePanel kind="frenmine" />;
}

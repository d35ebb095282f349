import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MinesPanel } from '../../components/mines-panel.tsx';
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
  return <MinesPanel performance={false} />;
}

/** `/goldmine/performance`. */
export function GoldminePerformancePage() {
  return <MinesPanel performance />;
}

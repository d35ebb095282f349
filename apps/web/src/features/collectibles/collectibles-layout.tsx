import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { TabNav } from '../../components/tab-nav.tsx';

/** `/collectibles`: the whole collections, public. */
export function CollectiblesLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('collectibles.title')} lead={t('collectibles.lead')} />
      <TabNav
        label={t('collectibles.title')}
        tabs={[
          { to: 'lands', label: t('collectibles.lands') },
          { to: 'mtools', label: t('collectibles.mtools') },
        ]}
      />
      <Outlet />
    </>
  );
}

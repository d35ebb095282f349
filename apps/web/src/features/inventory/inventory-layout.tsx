import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWalletSync } from './api.ts';
import { notifySuccess } from '../../components/notify.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { TabNav } from '../../components/tab-nav.tsx';

/** `/dashboard/inventory`: tabs for lands, mining tools and items, and the wallet re-sync. */
export function InventoryLayout() {
  const { t } = useTranslation();
  const sync = useWalletSync();
  const resync = () =>
    sync.mutate(undefined, {
      onSuccess: (r) => notifySuccess(t('inventory.resynced', { lands: r.lands, mtools: r.mtools })),
    });
  return (
    <>
      <PageHeader
        title={t('inventory.title')}
        actions={
          <button type="button" className="btn btn--ghost" onClick={resync} disabled={sync.isPending}>
            {sync.isPending ? t('inventory.resyncing') : t('inventory.resync')}
          </button>
        }
      />
      <TabNav
        label={t('inventory.title')}
        tabs={[
          { to: 'lands', label: t('inventory.lands') },
          { to: 'mtools', label: t('inventory.mtools') },
          { to: 'items', label: t('inventory.items') },
        ]}
      />
      <Outlet />
    </>
  );
}

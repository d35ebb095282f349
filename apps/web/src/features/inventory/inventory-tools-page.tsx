import { useTranslation } from 'react-i18next';
import { useMyTools } from './api.ts';
import { PagedToolList } from '../../components/paged-lists.tsx';

/** `/dashboard/inventory/mtools`: the user's mining tools, paged. */
export function InventoryToolsPage() {
  const { t } = useTranslation();
  return <PagedToolList label={t('inventory.mtools')} useTools={useMyTools} />;
}

import { useTranslation } from 'react-i18next';
import { useMyLands } from './api.ts';
import { PagedLandList } from '../../components/paged-lists.tsx';

/** `/dashboard/inventory/lands`: the user's lands, searchable by hex name, paged. */
export function InventoryLandsPage() {
  const { t } = useTranslation();
  return <PagedLandList label={t('inventory.lands')} useLands={useMyLands} />;
}

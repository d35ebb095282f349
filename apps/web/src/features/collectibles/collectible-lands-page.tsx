import { useTranslation } from 'react-i18next';
import { useCollectionLands } from './api.ts';
import { PagedLandList } from '../../components/paged-lists.tsx';

/** `/collectibles/lands`: every land of the Valley, searchable, paged. */
export function CollectibleLandsPage() {
  const { t } = useTranslation();
  return <PagedLandList label={t('collectibles.lands')} useLands={useCollectionLands} />;
}

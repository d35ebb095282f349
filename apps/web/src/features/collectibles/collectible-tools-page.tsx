import { useTranslation } from 'react-i18next';
import { useCollectionTools } from './api.ts';
import { PagedToolList } from '../../components/paged-lists.tsx';

/** `/collectibles/mtools`: every mining tool, paged. */
export function CollectibleToolsPage() {
  const { t } = useTranslation();
  return <PagedToolList label={t('collectibles.mtools')} useTools={useCollectionTools} />;
}

import { useTranslation } from 'react-i18next';
import { useCollectionTools } from './api.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ToolGrid } from '../../components/tool-card.tsx';
import { Pager } from '../../components/pager.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { useListParams } from '../../components/use-list-params.ts';

/** `/collectibles/mtools`: every mining tool, paged. */
export function CollectibleToolsPage() {
  const { t } = useTranslation();
  const { page, setPage } = useListParams();
  const q = useCollectionTools({ page });
  return (
    <section aria-label={t('collectibles.mtools')}>
      {q.isPending ? (
        <CardSkeletons label={t('collectibles.mtools')} />
      ) : !q.data || q.data.mtools.length === 0 ? (
        <EmptyState title={t('inventory.noTools')} />
      ) : (
        <>
          <p className="muted">{t('inventory.total', { count: q.data.total })}</p>
          <ToolGrid tools={q.data.mtools} label={t('collectibles.mtools')} />
          <Pager page={q.data.page} perPage={q.data.per_page} total={q.data.total} onPage={setPage} disabled={q.isFetching} />
        </>
      )}
    </section>
  );
}

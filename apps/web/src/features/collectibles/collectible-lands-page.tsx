import { useTranslation } from 'react-i18next';
import { useCollectionLands } from './api.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LandGrid } from '../../components/land-card.tsx';
import { Pager } from '../../components/pager.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useListParams } from '../../components/use-list-params.ts';

/** `/collectibles/lands`: every land of the Valley, searchable, paged. */
export function CollectibleLandsPage() {
  const { t } = useTranslation();
  const { page, search, setPage, setSearch } = useListParams();
  const q = useCollectionLands({ page, search });
  return (
    <section aria-label={t('collectibles.lands')}>
      <div className="list-toolbar">
        <SearchBox key={search} value={search} onSearch={setSearch} label={t('inventory.search')} />
        {q.data ? <span className="muted">{t('inventory.total', { count: q.data.total })}</span> : null}
      </div>
      {q.isPending ? (
        <CardSkeletons label={t('collectibles.lands')} />
      ) : !q.data || q.data.lands.length === 0 ? (
        <EmptyState title={t('inventory.noLands')} />
      ) : (
        <>
          <LandGrid lands={q.data.lands} label={t('collectibles.lands')} />
          <Pager page={q.data.page} perPage={q.data.per_page} total={q.data.total} onPage={setPage} disabled={q.isFetching} />
        </>
      )}
    </section>
  );
}

/**
 * The body of a paged list of lands or of mining tools: skeletons while the first page loads, the empty
 * state, the total, the cards and the pager, with page and search kept in the URL ({@link useListParams}).
 * One body for the user's own (`/dashboard/inventory/lands|mtools`) and the whole collections'
 * (`/collectibles/lands|mtools`) pages; each page passes its label and the query hook that reads its page
 * (`GET /lands?page=N[&my=true][&search=]`, `GET /mining_tool?page=N[&my=true]`, docs/product.md §7).
 */
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LandsResponse, MiningToolsResponse } from '@kingdom/api';
import type { ListParams } from '../api/keys.ts';
import { EmptyState } from './empty-state.tsx';
import { LandGrid } from './land-card.tsx';
import { Pager } from './pager.tsx';
import { CardSkeletons } from './query-state.tsx';
import { SearchBox } from './search-box.tsx';
import { ToolGrid } from './tool-card.tsx';
import { useListParams } from './use-list-params.ts';

/** Props of {@link PagedLandList}. */
export interface PagedLandListProps {
  /** The section's accessible name, also the skeletons' and the grid's. */
  label: string;
  /** The query hook that reads one page of lands (called once per render, always the same hook). */
  useLands: (params: ListParams) => UseQueryResult<LandsResponse>;
}

/** A searchable (by hex name), paged list of lands with its total. */
export function PagedLandList({ label, useLands }: PagedLandListProps) {
  const { t } = useTranslation();
  const { page, search, setPage, setSearch } = useListParams();
  const q = useLands({ page, search });
  return (
    <section aria-label={label}>
      <div className="list-toolbar">
        <SearchBox key={search} value={search} onSearch={setSearch} label={t('inventory.search')} />
        {q.data ? <span className="muted">{t('inventory.total', { count: q.data.total })}</span> : null}
      </div>
      {q.isPending ? (
        <CardSkeletons label={label} />
      ) : !q.data || q.data.lands.length === 0 ? (
        <EmptyState title={t('inventory.noLands')} />
      ) : (
        <>
          <LandGrid lands={q.data.lands} label={label} />
          <Pager page={q.data.page} perPage={q.data.per_page} total={q.data.total} onPage={setPage} disabled={q.isFetching} />
        </>
      )}
    </section>
  );
}

/** Props of {@link PagedToolList}. */
export interface PagedToolListProps {
  /** The section's accessible name, also the skeletons' and the grid's. */
  label: string;
  /** The query hook that reads one page of mining tools (called once per render, always the same hook). */
  useTools: (params: ListParams) => UseQueryResult<MiningToolsResponse>;
}

/** A paged list of mining tools with its total. */
export function PagedToolList({ label, useTools }: PagedToolListProps) {
  const { t } = useTranslation();
  const { page, setPage } = useListParams();
  const q = useTools({ page });
  return (
    <section aria-label={label}>
      {q.isPending ? (
        <CardSkeletons label={label} />
      ) : !q.data || q.data.mtools.length === 0 ? (
        <EmptyState title={t('inventory.noTools')} />
      ) : (
        <>
          <p className="muted">{t('inventory.total', { count: q.data.total })}</p>
          <ToolGrid tools={q.data.mtools} label={label} />
          <Pager page={q.data.page} perPage={q.data.per_page} total={q.data.total} onPage={setPage} disabled={q.isFetching} />
        </>
      )}
    </section>
  );
}

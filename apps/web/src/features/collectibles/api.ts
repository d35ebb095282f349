/**
 * The collections' calls (public): `GET /lands?page=N[&search=]` and `GET /mining_tool?page=N`
 * → `{…, total, page, per_page}` (docs/product.md §7).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LandsResponse, MiningToolsResponse } from '@kingdom/api';
import { call } from '../../api/call.ts';
import { queryKeys, type ListParams } from '../../api/keys.ts';

/** A page of the whole land collection. */
export function useCollectionLands(params: ListParams) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.collectionLands(params), queryFn: (): Promise<LandsResponse> => call('lands', { query: { page: params.page, search: params.search || undefined } }), placeholderData: keepPreviousData }),
  );
}

/** A page of the whole mining tool collection. */
export function useCollectionTools(params: ListParams) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.collectionTools(params),
      queryFn: (): Promise<MiningToolsResponse> => call('miningTools', { query: { page: params.page } }),
      placeholderData: keepPreviousData,
    }),
  );
}

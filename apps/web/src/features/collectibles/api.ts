/**
 * The collections' calls (public): `GET /lands?page=N[&search=]` and `GET /mining_tool?page=N`
 * → `{…, total, page, per_page}` (spec §7).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS, type LandsResponse, type MiningToolsResponse } from '@kingdom/api';
import { apiGet } from '../../api/client.ts';
import { queryKeys, type ListParams } from '../../api/keys.ts';

/** A page of the whole land collection. */
export function useCollectionLands(params: ListParams) {
  const query: Record<string, string> = { page: String(params.page) };
  if (params.search) query.search = params.search;
  return useQuery(
    queryOptions({ queryKey: queryKeys.collectionLands(params), queryFn: () => apiGet<LandsResponse>(PATHS.lands, { params: query }), placeholderData: keepPreviousData }),
  );
}

/** A page of the whole mining tool collection. */
export function useCollectionTools(params: ListParams) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.collectionTools(params),
      queryFn: () => apiGet<MiningToolsResponse>(PATHS.miningTools, { params: { page: String(params.page) } }),
      placeholderData: keepPreviousData,
    }),
  );
}

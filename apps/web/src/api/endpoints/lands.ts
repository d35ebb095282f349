/**
 * `GET /lands?my=true&page=N[&search=]` (the user's lands) and `GET /lands?page=N[&search=]`
 * (the whole collection, public) → `{lands, total, page, per_page}` (spec §7).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS, type LandsResponse } from '@kingdom/api';
import { apiGet } from '../client.ts';
import { queryKeys, type ListParams } from '../keys.ts';
import { useIsAuthenticated } from '../use-is-authenticated.ts';

/** Fetches one page of lands; `my` limits it to the signed-in user's lands. */
export function getLands(params: ListParams & { my: boolean }): Promise<LandsResponse> {
  const query: Record<string, string> = { page: String(params.page) };
  if (params.my) query.my = 'true';
  if (params.search) query.search = params.search;
  return apiGet<LandsResponse>(PATHS.lands, { params: query });
}

export function myLandsQueryOptions(params: ListParams, enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.myLandsPage(params),
    queryFn: () => getLands({ ...params, my: true }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function collectionLandsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: queryKeys.collectionLands(params),
    queryFn: () => getLands({ ...params, my: false }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the signed-in user's lands. */
export function useMyLands(params: ListParams) {
  return useQuery(myLandsQueryOptions(params, useIsAuthenticated()));
}

/** A page of the whole land collection. */
export function useCollectionLands(params: ListParams) {
  return useQuery(collectionLandsQueryOptions(params));
}

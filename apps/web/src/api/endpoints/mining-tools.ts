/**
 * `GET /mining_tool?my=true&page=N` (the user's tools) and `GET /mining_tool?page=N` (the whole
 * collection, public) → `{mtools, total, page, per_page}` (spec §7).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS, type MiningToolsResponse } from '@kingdom/api';
import { apiGet } from '../client.ts';
import { queryKeys, type ListParams } from '../keys.ts';
import { useIsAuthenticated } from '../use-is-authenticated.ts';

/** Fetches one page of mining tools; `my` limits it to the signed-in user's tools. */
export function getMiningTools(params: ListParams & { my: boolean }): Promise<MiningToolsResponse> {
  const query: Record<string, string> = { page: String(params.page) };
  if (params.my) query.my = 'true';
  return apiGet<MiningToolsResponse>(PATHS.miningTools, { params: query });
}

export function myToolsQueryOptions(params: ListParams, enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.myToolsPage(params),
    queryFn: () => getMiningTools({ ...params, my: true }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function collectionToolsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: queryKeys.collectionTools(params),
    queryFn: () => getMiningTools({ ...params, my: false }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the signed-in user's mining tools. */
export function useMyTools(params: ListParams) {
  return useQuery(myToolsQueryOptions(params, useIsAuthenticated()));
}

/** A page of the whole mining tool collection. */
export function useCollectionTools(params: ListParams) {
  return useQuery(collectionToolsQueryOptions(params));
}

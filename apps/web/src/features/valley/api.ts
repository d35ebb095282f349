/**
 * The Valley feature's calls: `GET /valley/map` (public; the browser revalidates it with its ETag,
 * so a refetch of an unchanged map is a 304) decoded into typed columns, and `GET /valley/mine`
 * (the signed-in player's land ids, under the `me` key root so logout drops it).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { VALLEY_PATHS, type ValleyMapResponse, type ValleyMineResponse } from '@kingdom/api';
import { decodeValleyMap, type ValleyMap } from '@kingdom/game';
import { apiGet } from '../../api/client.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';

export const valleyKeys = {
  map: ['valley', 'map'] as const,
  mine: ['me', 'valley-mine'] as const,
};

/** Fetches and decodes the whole map. */
export async function getValleyMap(): Promise<ValleyMap> {
  return decodeValleyMap(await apiGet<ValleyMapResponse>(VALLEY_PATHS.map));
}

export function valleyMapQueryOptions() {
  return queryOptions({ queryKey: valleyKeys.map, queryFn: getValleyMap, staleTime: 60_000 });
}

/** The Valley map (every land). */
export function useValleyMap() {
  return useQuery(valleyMapQueryOptions());
}

/** Ids of the signed-in player's lands (an empty set for a visitor). */
export function useMyLandIds() {
  const enabled = useIsAuthenticated();
  return useQuery({
    queryKey: valleyKeys.mine,
    queryFn: async () => new Set((await apiGet<ValleyMineResponse>(VALLEY_PATHS.mine)).ids),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The Valley feature's calls: `GET /valley/map` (public; the browser revalidates it with its ETag,
 * so a refetch of an unchanged map is a 304) decoded into typed columns, and `GET /valley/mine`
 * (the signed-in player's land ids, under the `me` key root so logout drops it).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { decodeValleyMap, type ValleyMap } from '@kingdom/game';
import { call } from '../../api/call.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';

export const valleyKeys = {
  map: ['valley', 'map'] as const,
  mine: ['me', 'valley-mine'] as const,
};

/** Fetches and decodes the whole map. */
export async function getValleyMap(): Promise<ValleyMap> {
  return decodeValleyMap(await call('valleyMap'));
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
    queryFn: async () => new Set((await call('valleyMine')).ids),
    enabled,
    staleTime: 60_000,
  });
}

/** `GET /user/total_lands` → `{total_lands}` (spec §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS } from '@kingdom/api';
import { apiGet } from '../client.ts';
import { queryKeys } from '../keys.ts';
import { useIsAuthenticated } from '../use-is-authenticated.ts';

/** Fetches how many lands the signed-in user owns. */
export async function getTotalLands(): Promise<number> {
  const res = await apiGet<{ total_lands: number }>(PATHS.totalLands);
  return res.total_lands;
}

export function totalLandsQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.totalLands, queryFn: getTotalLands, enabled });
}

/** Number of lands the signed-in user owns. */
export function useTotalLands() {
  return useQuery(totalLandsQueryOptions(useIsAuthenticated()));
}

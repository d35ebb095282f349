/** `GET /inventory/count` → `{count}` (spec §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS } from '@kingdom/api';
import { apiGet } from '../client.ts';
import { queryKeys } from '../keys.ts';
import { useIsAuthenticated } from '../use-is-authenticated.ts';

/** Fetches the number of items the signed-in user holds. */
export async function getInventoryCount(): Promise<number> {
  const res = await apiGet<{ count: number }>(PATHS.inventoryCount);
  return res.count;
}

export function inventoryCountQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.itemsCount, queryFn: getInventoryCount, enabled });
}

/** Item count of the signed-in user. */
export function useInventoryCount() {
  return useQuery(inventoryCountQueryOptions(useIsAuthenticated()));
}

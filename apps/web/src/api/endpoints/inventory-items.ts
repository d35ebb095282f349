/** `GET /inventory/items` → `{items}` (spec §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS, type Item } from '@kingdom/api';
import { apiGet } from '../client.ts';
import { queryKeys } from '../keys.ts';
import { useIsAuthenticated } from '../use-is-authenticated.ts';

/** Fetches the signed-in user's items. */
export async function getInventoryItems(): Promise<Item[]> {
  const res = await apiGet<{ items: Item[] }>(PATHS.inventoryItems);
  return res.items;
}

export function inventoryItemsQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.items, queryFn: getInventoryItems, enabled });
}

/** The signed-in user's items. */
export function useInventoryItems() {
  return useQuery(inventoryItemsQueryOptions(useIsAuthenticated()));
}

/** An item by key, defaulting to amount 0 and not craftable when missing (spec §3). */
export function findItem(items: readonly Item[] | undefined, key: string): Item {
  return items?.find((i) => i.key === key) ?? { key, name: key, amount: 0, is_craftable: false };
}

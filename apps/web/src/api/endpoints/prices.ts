/** `GET /currencies/prices` → `{exo, hexo}` as decimal strings (spec §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS, type PricesResponse } from '@kingdom/api';
import { apiGet } from '../client.ts';
import { queryKeys } from '../keys.ts';

/** Fetches the EXO and HEXO prices. */
export function getPrices(): Promise<PricesResponse> {
  return apiGet<PricesResponse>(PATHS.prices);
}

export function pricesQueryOptions(enabled = true) {
  return queryOptions({ queryKey: queryKeys.prices, queryFn: getPrices, enabled, staleTime: 60_000 });
}

/** EXO and HEXO prices. */
export function usePrices(enabled = true) {
  return useQuery(pricesQueryOptions(enabled));
}

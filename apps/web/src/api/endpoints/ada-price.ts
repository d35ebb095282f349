/**
 * ADA/USD from the public price service the server names in `/config` (spec §7): a
 * CoinGecko-style `?ids=cardano&vs_currencies=usd` → `{cardano: {usd}}`.
 * It is a third-party host, so it goes through `fetch` without our cookies, token or toasts;
 * a failure just means "no price".
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../keys.ts';

/** Fetches the ADA price in USD, or null when the service is off, unreachable or answers nonsense. */
export async function getAdaUsd(serviceUrl: string): Promise<number | null> {
  if (!serviceUrl) return null;
  try {
    const url = new URL(serviceUrl, window.location.origin);
    url.searchParams.set('ids', 'cardano');
    url.searchParams.set('vs_currencies', 'usd');
    const res = await fetch(url, { credentials: 'omit', headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { cardano?: { usd?: unknown } };
    const usd = body.cardano?.usd;
    return typeof usd === 'number' && Number.isFinite(usd) ? usd : null;
  } catch {
    return null;
  }
}

export function adaPriceQueryOptions(serviceUrl: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.adaPrice(serviceUrl ?? ''),
    queryFn: () => getAdaUsd(serviceUrl ?? ''),
    enabled: serviceUrl !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** ADA price in USD; `data` is null when unknown. */
export function useAdaUsd(serviceUrl: string | undefined) {
  return useQuery(adaPriceQueryOptions(serviceUrl));
}

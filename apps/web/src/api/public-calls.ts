/**
 * Public calls more than one page reads: the Vendor's catalogue with prices (the Vendor, the
 * Performance pages' "what EXO buys") and each settled day's world totals (World totals, the
 * Performance pages' world average). No session needed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorCatalogueResponse, WorldDaysResponse } from '@kingdom/api';
import { call } from './call.ts';

/** The Vendor's catalogue with prices (docs/game-rules.md §6). */
export function useVendorCatalogue() {
  return useQuery(queryOptions({ queryKey: ['vendor-catalogue'], queryFn: (): Promise<VendorCatalogueResponse> => call('vendorCatalogue'), staleTime: 5 * 60_000 }));
}

/** `GET /world/days`: the latest settled days' world totals (newest first), at most `limit`. */
export function worldDaysQueryOptions(limit = 30) {
  return queryOptions({
    queryKey: ['world', 'days', limit] as const,
    queryFn: (): Promise<WorldDaysResponse> => call('worldDays', { query: { limit } }),
    staleTime: 60_000,
  });
}

/** Each settled day's world totals. */
export function useWorldDays(limit = 30) {
  return useQuery(worldDaysQueryOptions(limit));
}

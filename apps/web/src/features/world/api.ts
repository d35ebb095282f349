/** The world feature's call: `GET /world/days` (public), each settled day's world totals. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorldDaysResponse } from '@kingdom/api';
import { call } from '../../api/call.ts';

/** The latest settled days (newest first), at most `limit`. */
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

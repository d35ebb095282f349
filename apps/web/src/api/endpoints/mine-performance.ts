/**
 * `GET /mines/performance?mine=&days=` → per day and land: EXO mined, salary paid, workers and
 * effectivity (GAME-RULES.md §3); `GET /mines/:mine/reports/:day` → one daily report.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS, type MineKind, type PerformanceResponse, type ReportResponse } from '@kingdom/api';
import { apiGet } from '../client.ts';
import { queryKeys } from '../keys.ts';
import { useIsAuthenticated } from '../use-is-authenticated.ts';

/** Fetches the last `days` settled days of one mine kind. */
export function getPerformance(mine: MineKind, days: number): Promise<PerformanceResponse> {
  return apiGet<PerformanceResponse>(PATHS.performance, { params: { mine, days: String(days) } });
}

export function performanceQueryOptions(mine: MineKind, days: number, enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.performanceOf(mine, days), queryFn: () => getPerformance(mine, days), enabled, placeholderData: keepPreviousData });
}

/** Performance rows of the player's mines of one kind. */
export function usePerformance(mine: MineKind, days: number) {
  return useQuery(performanceQueryOptions(mine, days, useIsAuthenticated()));
}

/** Fetches the daily report of one settled day. */
export function getMineReport(mine: MineKind, day: string): Promise<ReportResponse> {
  return apiGet<ReportResponse>(PATHS.report(mine, day));
}

export function mineReportQueryOptions(mine: MineKind, day: string, enabled: boolean) {
  // A settled day never changes.
  return queryOptions({ queryKey: queryKeys.report(mine, day), queryFn: () => getMineReport(mine, day), enabled, staleTime: Infinity });
}

/** The gold mine or fren mine daily report of `day`. */
export function useMineReport(mine: MineKind, day: string) {
  return useQuery(mineReportQueryOptions(mine, day, useIsAuthenticated()));
}

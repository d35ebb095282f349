/** `GET /dashboard/user` → `{user}` (spec §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS, type User } from '@kingdom/api';
import { apiGet } from '../client.ts';
import { queryKeys } from '../keys.ts';
import { useIsAuthenticated } from '../use-is-authenticated.ts';

/** Fetches the signed-in user. */
export async function getDashboardUser(): Promise<User> {
  const res = await apiGet<{ user: User }>(PATHS.dashboardUser);
  return res.user;
}

export function dashboardUserQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.user, queryFn: getDashboardUser, enabled });
}

/** The signed-in user; idle for visitors. */
export function useDashboardUser() {
  return useQuery(dashboardUserQueryOptions(useIsAuthenticated()));
}

/** `GET /notifications/count` → `{count}` (spec §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS } from '@kingdom/api';
import { apiGet } from '../client.ts';
import { queryKeys } from '../keys.ts';
import { useIsAuthenticated } from '../use-is-authenticated.ts';

/** Fetches the number of unread notifications. */
export async function getNotificationsCount(): Promise<number> {
  const res = await apiGet<{ count: number }>(PATHS.notificationsCount);
  return res.count;
}

export function notificationsCountQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.notificationsCount, queryFn: getNotificationsCount, enabled });
}

/** Unread notification count of the signed-in user. */
export function useNotificationsCount() {
  return useQuery(notificationsCountQueryOptions(useIsAuthenticated()));
}

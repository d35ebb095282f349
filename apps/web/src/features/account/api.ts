/**
 * The inbox's calls (spec §3): `GET /notifications?page=N` (newest first, paged) and
 * `POST /notifications/read {ids | all}`. Marking read refreshes the inbox and the header count.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '@kingdom/api';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/keys.ts';
import { refreshNotifications } from '../../api/refresh.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';

/** One page of the signed-in user's notifications. */
export function useNotifications(page: number) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.notificationsPage(page),
      queryFn: (): Promise<NotificationsResponse> => call('notifications', { query: { page } }),
      enabled: useIsAuthenticated(),
      placeholderData: keepPreviousData,
    }),
  );
}

/** What to mark read: some notifications, or all of them. */
export type MarkReadRequest = { ids: number[] } | { all: true };

/** Mutation: mark read, then refresh the inbox and the count. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadRequest) => call('notificationsRead', { body }),
    onSuccess: () => refreshNotifications(qc),
  });
}

/**
 * The inbox (spec §3): `GET /notifications?page=N` (newest first, paged) and
 * `POST /notifications/read {ids | all}`. Marking read refreshes the inbox and the header count.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PATHS, type NotificationsResponse } from '@kingdom/api';
import { apiGet, apiPost } from '../client.ts';
import { queryKeys } from '../keys.ts';
import { refreshNotifications } from '../refresh.ts';
import { useIsAuthenticated } from '../use-is-authenticated.ts';

/** Fetches one inbox page. */
export function getNotifications(page: number): Promise<NotificationsResponse> {
  return apiGet<NotificationsResponse>(PATHS.notifications, { params: { page: String(page) } });
}

export function notificationsQueryOptions(page: number, enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.notificationsPage(page), queryFn: () => getNotifications(page), enabled, placeholderData: keepPreviousData });
}

/** One page of the signed-in user's notifications. */
export function useNotifications(page: number) {
  return useQuery(notificationsQueryOptions(page, useIsAuthenticated()));
}

/** What to mark read: some notifications, or all of them. */
export type MarkReadRequest = { ids: number[] } | { all: true };

/** Marks notifications read. */
export function postMarkRead(body: MarkReadRequest): Promise<{ updated: number }> {
  return apiPost<{ updated: number }>(PATHS.notificationsRead, body);
}

/** Mutation: mark read, then refresh the inbox and the count. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: postMarkRead, onSuccess: () => refreshNotifications(qc) });
}

/**
 * The inbox's calls (docs/product.md §3): `GET /notifications?page=N` (newest first, paged) and
 * `POST /notifications/read {ids | all}`. Marking read refreshes the inbox and the header count.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LedgerAsset, LedgerReason, LedgerResponse, NotificationsResponse, ProfileResponse } from '@kingdom/api';
import { call } from '../../api/call.ts';
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

/** One page of a token's (or the items') history, newest first, with the running balance. */
export function useLedger(token: LedgerAsset, reason: LedgerReason | '', page: number) {
  return useQuery(
    queryOptions({
      queryKey: ['me', 'ledger', token, reason, page],
      queryFn: (): Promise<LedgerResponse> => call('accountLedger', { query: { token, page, reason: reason || undefined } }),
      enabled: useIsAuthenticated(),
      placeholderData: keepPreviousData,
    }),
  );
}

/** Downloads the whole history of `token` as CSV (a bearer call, then a blob link). */
export async function downloadLedgerCsv(token: LedgerAsset, reason: LedgerReason | ''): Promise<void> {
  const text = await call('accountLedgerCsv', { query: { token, reason: reason || undefined } });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `kingdom-${token}-history.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The profile and the NFTs that may be the avatar. */
export function useProfile() {
  return useQuery(queryOptions({ queryKey: ['me', 'profile'], queryFn: (): Promise<ProfileResponse> => call('accountProfile'), enabled: useIsAuthenticated() }));
}

/** Mutation: save name and avatar, then reload the profile and the user. */
export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_name: string; avatar: string | null }): Promise<ProfileResponse> => call('accountProfileUpdate', { body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['me', 'profile'] }), qc.invalidateQueries({ queryKey: queryKeys.user })]),
  });
}

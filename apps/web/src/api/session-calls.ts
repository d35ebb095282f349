/**
 * The calls of the session's start (docs/product.md §4, §7) that every page may need before its first
 * render: the CSRF cookie, `/config`, the signed-in user, the header's unread count, logout and the
 * demo clock. The player's holdings (balances, prices, counts, items: account-calls.ts) load with
 * the pages that show them; everything a single page needs lives in its feature.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClockResponse, User } from '@kingdom/api';
import { callRoute } from './client.ts';
import { FRAME_ROUTES } from './frame-routes.ts';
import { queryKeys } from './keys.ts';
import { useIsAuthenticated } from './use-is-authenticated.ts';

/** `GET /sanctum/csrf-cookie`: sets the XSRF-TOKEN cookie (docs/product.md §7, at startup). No body. */
export async function fetchCsrfCookie(): Promise<void> {
  await callRoute('csrfCookie', FRAME_ROUTES.csrfCookie, undefined, { allowEmpty: true });
}

/** `GET /config`: demo and maintenance flags, external URLs. Public; it does not change while the app runs. */
export function configQueryOptions() {
  return queryOptions({ queryKey: queryKeys.config, queryFn: () => callRoute('config', FRAME_ROUTES.config), staleTime: Infinity });
}

/** The app configuration (undefined while loading or when the server is unreachable). */
export function useConfig() {
  return useQuery(configQueryOptions());
}

/** `GET /auth/logout`: revokes the current token on the server. */
export function getLogout(): Promise<{ status: string }> {
  return callRoute('authLogout', FRAME_ROUTES.authLogout);
}

/** `GET /dashboard/user` → the signed-in user. */
export function dashboardUserQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.user, queryFn: async (): Promise<User> => (await callRoute('dashboardUser', FRAME_ROUTES.dashboardUser)).user, enabled });
}

/** The signed-in user; idle for visitors. */
export function useDashboardUser() {
  return useQuery(dashboardUserQueryOptions(useIsAuthenticated()));
}

/** `GET /notifications/count` → unread notifications (the header's bell). */
export function notificationsCountQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.notificationsCount, queryFn: async () => (await callRoute('notificationsCount', FRAME_ROUTES.notificationsCount)).count, enabled });
}

/** Unread notification count of the signed-in user. */
export function useNotificationsCount() {
  return useQuery(notificationsCountQueryOptions(useIsAuthenticated()));
}

/** How often the frame asks whether something changed on the player's lands (ms). */
export const LAND_UPDATES_POLL_MS = 30_000;

/**
 * `GET /lands/updates` → whether any of the player's lands has has_update (docs/product.md §3: "the store
 * reports whether any land has it set"), polled while signed in; under `['me', 'lands']`, so what
 * refreshes the lands refreshes it.
 */
export function useLandUpdates() {
  const authed = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.landUpdates,
    queryFn: () => callRoute('landUpdates', FRAME_ROUTES.landUpdates),
    enabled: authed,
    refetchInterval: authed ? LAND_UPDATES_POLL_MS : false,
  });
}

/**
 * The newest page of notifications (the inbox's page 1, one cache with it), polled while signed in:
 * the frame's finished-upgrade toasts.
 */
export function useLatestNotifications() {
  const authed = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.notificationsPage(1),
    queryFn: () => callRoute('notifications', FRAME_ROUTES.notifications, { query: { page: 1 } }),
    enabled: authed,
    refetchInterval: authed ? LAND_UPDATES_POLL_MS : false,
  });
}

/** Demo only: `GET /demo/clock` → the game clock and the last settled day (docs/game-rules.md §1). */
export function demoClockQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.demoClock, queryFn: (): Promise<ClockResponse> => callRoute('demoClock', FRAME_ROUTES.demoClock), enabled });
}

/** The demo game clock; pass `enabled` only when `/config` says demo. */
export function useDemoClock(enabled: boolean) {
  return useQuery(demoClockQueryOptions(enabled));
}

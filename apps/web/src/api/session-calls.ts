/**
 * The shared calls of the session (spec §4, §7): what the frame, the header and the session's
 * effects need on every page — start-up (CSRF cookie, `/config`), the signed-in user, the four
 * balances, prices, the header's counts, the items the player holds, logout, and the demo clock.
 * Everything a single page needs lives in its feature (`features/<area>/api.ts`).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClockResponse, Item, PricesResponse, User } from '@kingdom/api';
import type { Token } from '@kingdom/game';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';
import { refreshAfterGameAction } from './refresh.ts';
import { useIsAuthenticated } from './use-is-authenticated.ts';

/** `GET /sanctum/csrf-cookie`: sets the XSRF-TOKEN cookie (spec §7, at startup). No body. */
export async function fetchCsrfCookie(): Promise<void> {
  await call('csrfCookie', undefined, { allowEmpty: true });
}

/** `GET /config`: demo and maintenance flags, external URLs. Public; it does not change while the app runs. */
export function configQueryOptions() {
  return queryOptions({ queryKey: queryKeys.config, queryFn: () => call('config'), staleTime: Infinity });
}

/** The app configuration (undefined while loading or when the server is unreachable). */
export function useConfig() {
  return useQuery(configQueryOptions());
}

/** `GET /auth/logout`: revokes the current token on the server. */
export function getLogout(): Promise<{ status: string }> {
  return call('authLogout');
}

/** `GET /dashboard/user` → the signed-in user. */
export function dashboardUserQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.user, queryFn: async (): Promise<User> => (await call('dashboardUser')).user, enabled });
}

/** The signed-in user; idle for visitors. */
export function useDashboardUser() {
  return useQuery(dashboardUserQueryOptions(useIsAuthenticated()));
}

/** `GET /user/balance/:token` → one balance as a base-unit string (spec §7). */
export function balanceQueryOptions(token: Token, enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.balance(token), queryFn: async () => (await call('balance', { params: { token } })).balance, enabled });
}

/** One token balance of the signed-in user. */
export function useBalance(token: Token) {
  return useQuery(balanceQueryOptions(token, useIsAuthenticated()));
}

/** `GET /currencies/prices` → `{exo, hexo}` as decimal strings (spec §7). */
export function pricesQueryOptions(enabled = true) {
  return queryOptions({ queryKey: queryKeys.prices, queryFn: (): Promise<PricesResponse> => call('prices'), enabled, staleTime: 60_000 });
}

/** EXO and HEXO prices. */
export function usePrices(enabled = true) {
  return useQuery(pricesQueryOptions(enabled));
}

/** `GET /notifications/count` → unread notifications (the header's bell). */
export function notificationsCountQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.notificationsCount, queryFn: async () => (await call('notificationsCount')).count, enabled });
}

/** Unread notification count of the signed-in user. */
export function useNotificationsCount() {
  return useQuery(notificationsCountQueryOptions(useIsAuthenticated()));
}

/** `GET /inventory/count` → how many items the signed-in user holds. */
export function inventoryCountQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.itemsCount, queryFn: async () => (await call('inventoryCount')).count, enabled });
}

/** Item count of the signed-in user. */
export function useInventoryCount() {
  return useQuery(inventoryCountQueryOptions(useIsAuthenticated()));
}

/** `GET /user/total_lands` → how many lands the signed-in user owns. */
export function totalLandsQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.totalLands, queryFn: async () => (await call('totalLands')).total_lands, enabled });
}

/** Number of lands the signed-in user owns. */
export function useTotalLands() {
  return useQuery(totalLandsQueryOptions(useIsAuthenticated()));
}

/** `GET /mining_tool?my=true&page=1` → how many mining tools the signed-in user holds (its `total`). */
export function toolsCountQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.toolsCount,
    queryFn: async () => (await call('miningTools', { query: { page: 1, my: 'true' } })).total,
    enabled,
  });
}

/** Mining tool count of the signed-in user. */
export function useToolsCount() {
  return useQuery(toolsCountQueryOptions(useIsAuthenticated()));
}

/** `GET /inventory/items` → the signed-in user's items (the inventory page and the mines' upgrade previews). */
export function inventoryItemsQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.items, queryFn: async (): Promise<Item[]> => (await call('inventoryItems')).items, enabled });
}

/** The signed-in user's items. */
export function useInventoryItems() {
  return useQuery(inventoryItemsQueryOptions(useIsAuthenticated()));
}

/** Demo only: `GET /demo/clock` → the game clock and the last settled day (GAME-RULES.md §1). */
export function demoClockQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.demoClock, queryFn: (): Promise<ClockResponse> => call('demoClock'), enabled });
}

/** The demo game clock; pass `enabled` only when `/config` says demo. */
export function useDemoClock(enabled: boolean) {
  return useQuery(demoClockQueryOptions(enabled));
}

/** Demo only: `POST /demo/tick {days}` advances the clock and settles the days that ended; refreshes every user query. */
export function useDemoTick() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (days: number): Promise<ClockResponse> => call('demoTick', { body: { days } }),
    onSuccess: async (clock) => {
      qc.setQueryData(queryKeys.demoClock, { now: clock.now, today: clock.today, last_settled: clock.last_settled });
      await refreshAfterGameAction(qc);
    },
  });
}

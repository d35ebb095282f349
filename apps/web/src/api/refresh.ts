/**
 * Refresh events of spec §4: balances per token, notifications, lands, items and totals. Each is a
 * query invalidation and does nothing for a visitor.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Token } from '@kingdom/game';
import { selectIsAuthenticated, useSession } from '../session/session-store.ts';
import { queryKeys } from './keys.ts';

function authed(): boolean {
  return selectIsAuthenticated(useSession.getState());
}

/** Refetches one token balance, or all four when `token` is omitted. */
export async function refreshBalance(qc: QueryClient, token?: Token): Promise<void> {
  if (!authed()) return;
  await qc.invalidateQueries({ queryKey: token ? queryKeys.balance(token) : queryKeys.balances });
}

/** Refetches the notification count. */
export async function refreshNotifications(qc: QueryClient): Promise<void> {
  if (!authed()) return;
  await qc.invalidateQueries({ queryKey: queryKeys.notificationsCount });
}

/** Refetches the user's land lists. */
export async function refreshLands(qc: QueryClient): Promise<void> {
  if (!authed()) return;
  await qc.invalidateQueries({ queryKey: queryKeys.myLands });
}

/** Refetches the user's items. */
export async function refreshItems(qc: QueryClient): Promise<void> {
  if (!authed()) return;
  await qc.invalidateQueries({ queryKey: queryKeys.items });
}

/** The combined totals event: land total, item count and tool lists. */
export async function refreshTotals(qc: QueryClient): Promise<void> {
  if (!authed()) return;
  await Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.totalLands }),
    qc.invalidateQueries({ queryKey: queryKeys.itemsCount }),
    qc.invalidateQueries({ queryKey: queryKeys.myTools }),
  ]);
}

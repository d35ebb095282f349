/**
 * Refresh events of docs/product.md §4: balances per token, notifications, lands, items and totals. Each is a
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

/** Refetches the notification count and the inbox pages. */
export async function refreshNotifications(qc: QueryClient): Promise<void> {
  if (!authed()) return;
  await Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.notificationsCount }),
    qc.invalidateQueries({ queryKey: queryKeys.notifications }),
  ]);
}

/** Refetches the user's land lists and the land pages (sizes, levels and workers change). */
export async function refreshLands(qc: QueryClient): Promise<void> {
  if (!authed()) return;
  await Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.myLands }),
    qc.invalidateQueries({ queryKey: queryKeys.landDetails }),
  ]);
}

/** Refetches the user's mines, worker NFTs, performance and reports (Gold Rush, docs/game-rules.md §3–§4). */
export async function refreshMines(qc: QueryClient): Promise<void> {
  if (!authed()) return;
  await Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.mines }),
    qc.invalidateQueries({ queryKey: queryKeys.workerNfts }),
    qc.invalidateQueries({ queryKey: queryKeys.performance }),
  ]);
}

/** Refetches the user's items. */
export async function refreshItems(qc: QueryClient): Promise<void> {
  if (!authed()) return;
  await Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.items }),
    qc.invalidateQueries({ queryKey: queryKeys.itemsCount }),
  ]);
}

/** Refetches the account's chain-money lists (deposits, withdrawals, EXO orders: keys under `['me', 'chain']`). */
export async function refreshChainLists(qc: QueryClient): Promise<void> {
  if (!authed()) return;
  await qc.invalidateQueries({ queryKey: queryKeys.chainMoney });
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

/**
 * After a Gold Rush action or a demo tick: every refresh event of docs/product.md §4 plus the mines, since an
 * action can move balances, items, lands, workers and notifications at once.
 */
export async function refreshAfterGameAction(qc: QueryClient): Promise<void> {
  await Promise.all([
    refreshMines(qc),
    refreshBalance(qc),
    refreshItems(qc),
    refreshLands(qc),
    refreshNotifications(qc),
    refreshTotals(qc),
  ]);
}

/**
 * The player's holdings shared by several pages (docs/product.md §3, §7): the four balances, prices, the
 * summary counts (lands, items, tools), the items held, and the demo tick that changes them. Not
 * part of the first page's code: a visitor never needs them, and a signed-in page that shows them
 * starts them with its own code (app/routes.tsx).
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ClockResponse, Item, PricesResponse } from '@kingdom/api';
import { TOKENS, type Token } from '@kingdom/game';
import { rememberBalance } from '../components/pwa.ts';
import { call } from './call.ts';
import { inSeparateTasks } from './in-tasks.ts';
import { queryKeys } from './keys.ts';
import { refreshAfterGameAction, refreshChainLists } from './refresh.ts';
import { useIsAuthenticated } from './use-is-authenticated.ts';

/** `GET /user/balance/:token` → one balance as a base-unit string (docs/product.md §7). */
export function balanceQueryOptions(token: Token, enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.balance(token), enabled,
    queryFn: async () => {
      const { balance } = await call('balance', { params: { token } });
      rememberBalance(token, balance); // the offline page's "last seen" (never shown as current)
      return balance;
    },
  });
}

/** One token balance of the signed-in user. */
export function useBalance(token: Token) {
  return useQuery(balanceQueryOptions(token, useIsAuthenticated()));
}

/** `GET /currencies/prices` → `{exo, hexo}` as decimal strings (docs/product.md §7). */
export function pricesQueryOptions(enabled = true) {
  return queryOptions({ queryKey: queryKeys.prices, queryFn: (): Promise<PricesResponse> => call('prices'), enabled, staleTime: 60_000 });
}

/** EXO and HEXO prices. */
export function usePrices(enabled = true) {
  return useQuery(pricesQueryOptions(enabled));
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

/**
 * The inventory item `key` from a list, or the docs/product.md §3 default (amount 0, not craftable) when the
 * list lacks it.
 */
export function findItem(items: readonly Item[] | undefined, key: string): Item {
  return items?.find((i) => i.key === key) ?? { key, name: key, amount: 0, is_craftable: false };
}

/** The signed-in user's items. */
export function useInventoryItems() {
  return useQuery(inventoryItemsQueryOptions(useIsAuthenticated()));
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

/**
 * Demo only: produces `count` blocks on the emulated Cardano chain (the chain watcher and treasury
 * signer run after them), then refreshes what deposits and withdrawals change.
 */
export function useDemoBlocks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (count: number) => call('demoBlocks', { body: { count } }),
    onSuccess: async () => {
      // new blocks confirm deposits, payouts and orders: the lists move with the balances (docs/product.md §10)
      await Promise.all([refreshAfterGameAction(qc), refreshChainLists(qc)]);
    },
  });
}

/**
 * Starts the calls the overview shows: balances, prices and the summary counts, one call per task
 * (api/in-tasks.ts: starting a request is ~1 ms of main thread here, eight of them one long task).
 */
export function prefetchOverview(qc: QueryClient): void {
  void inSeparateTasks([
    ...TOKENS.map((token) => () => void qc.prefetchQuery(balanceQueryOptions(token, true))),
    () => void qc.prefetchQuery(pricesQueryOptions()),
    () => void qc.prefetchQuery(totalLandsQueryOptions(true)),
    () => void qc.prefetchQuery(inventoryCountQueryOptions(true)),
    () => void qc.prefetchQuery(toolsCountQueryOptions(true)),
  ]);
}

/**
 * The inventory's calls: `GET /lands?my=true&page=N[&search=]`, `GET /mining_tool?my=true&page=N`
 * → `{…, total, page, per_page}` (docs/product.md §7), and `POST /wallets/sync` (re-reads the holdings of the
 * user's wallets; refreshes lands, tools and totals). Items are a session call (api/session-calls.ts).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LandsResponse, MiningToolsResponse } from '@kingdom/api';
import { call } from '../../api/call.ts';
import { queryKeys, type ListParams } from '../../api/keys.ts';
import { refreshLands, refreshTotals } from '../../api/refresh.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';

/** A page of the signed-in user's lands. */
export function useMyLands(params: ListParams) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.myLandsPage(params),
      queryFn: (): Promise<LandsResponse> => call('lands', { query: { page: params.page, my: 'true', search: params.search || undefined } }),
      enabled: useIsAuthenticated(),
      placeholderData: keepPreviousData,
    }),
  );
}

/** A page of the signed-in user's mining tools. */
export function useMyTools(params: ListParams) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.myToolsPage(params),
      queryFn: (): Promise<MiningToolsResponse> => call('miningTools', { query: { page: params.page, my: 'true' } }),
      enabled: useIsAuthenticated(),
      placeholderData: keepPreviousData,
    }),
  );
}

/** What a wallet re-sync found. */
export interface WalletSyncResult {
  lands: number;
  mtools: number;
  synced_at: string;
}

/** Mutation: re-sync the wallets' holdings, then refresh what it can change. */
export function useWalletSync() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<WalletSyncResult> => call('walletSync'),
    onSuccess: async () => {
      await Promise.all([refreshLands(qc), refreshTotals(qc), qc.invalidateQueries({ queryKey: queryKeys.myTools })]);
    },
  });
}

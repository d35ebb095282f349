/** `POST /wallets/sync`: re-reads the holdings of the user's wallets; refreshes lands, tools, totals. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PATHS } from '@kingdom/api';
import { apiPost } from '../client.ts';
import { refreshLands, refreshTotals } from '../refresh.ts';
import { queryKeys } from '../keys.ts';

export interface WalletSyncResult {
  lands: number;
  mtools: number;
  synced_at: string;
}

/** Asks the server to re-sync the user's wallet holdings. */
export function postWalletSync(): Promise<WalletSyncResult> {
  return apiPost<WalletSyncResult>(PATHS.walletSync);
}

/** Mutation: re-sync wallet, then refresh what it can change. */
export function useWalletSync() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: postWalletSync,
    onSuccess: async () => {
      await Promise.all([refreshLands(qc), refreshTotals(qc), qc.invalidateQueries({ queryKey: queryKeys.myTools })]);
    },
  });
}

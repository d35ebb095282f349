/**
 * The vendor's calls (docs/game-rules.md §6): a purchase sent with an
 * `Idempotency-Key` made once per confirmed dialog, so a retried request is charged once.
 * A purchase refreshes balances, items and notifications (docs/product.md §4 refresh events).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type PurchaseResponse } from '@kingdom/api';
import { call } from '../../api/call.ts';
import { refreshBalance, refreshItems, refreshNotifications, refreshTotals } from '../../api/refresh.ts';

/** One purchase: what, how many, and the key of this confirmation. */
export interface PurchaseInput {
  item: string;
  quantity: number;
  key: string;
}

/** Mutation: buy, then refresh balances, items, the inbox and totals. */
export function usePurchase() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ item, quantity, key }: PurchaseInput): Promise<PurchaseResponse> => call('vendorPurchase', { body: { item, quantity } }, { headers: { [IDEMPOTENCY_HEADER]: key } }),
    // the catalogue too: it carries what the player bought of a weekly-limited item this week
    onSuccess: () => Promise.all([refreshBalance(qc), refreshItems(qc), refreshNotifications(qc), refreshTotals(qc), qc.invalidateQueries({ queryKey: ['vendor-catalogue'] })]),
  });
}

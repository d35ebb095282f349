/**
 * The Market's calls (docs/game-rules.md §16): the books, one book's depth and candles, the player's
 * orders and trades; placing an order with an `Idempotency-Key` made once per confirmed dialog (a retried
 * request places it once), cancelling one. Both refresh balances, items and the player's orders.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, toCsv, type MarketBooksResponse, type MarketCancelResponse, type MarketDepthResponse, type MarketOrderRequest, type MarketOrdersResponse, type MarketPlaceResponse, type MarketTradeRow, type MarketTradesResponse } from '@kingdom/api';
import { fromBaseUnits, marketFee } from '@kingdom/game';
import { call } from '../../api/call.ts';
import { refreshBalance, refreshItems } from '../../api/refresh.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';

/** Query keys of the Market (the player's under `['me', …]`, dropped at logout with the rest). */
export const marketKeys = {
  books: ['market', 'books'] as const,
  book: (good: string, token: string) => ['market', 'book', good, token] as const,
  orders: ['me', 'market', 'orders'] as const,
  trades: ['me', 'market', 'trades'] as const,
};

/** How often the page re-reads the books, the open book and the player's orders (ms). */
export const MARKET_POLL_MS = 15_000;

/** Every book's best bid, best ask, last and reference price, and the fee rate. */
export function useMarketBooks() {
  return useQuery(queryOptions({ queryKey: marketKeys.books, queryFn: (): Promise<MarketBooksResponse> => call('marketBooks'), refetchInterval: MARKET_POLL_MS }));
}

/** One book's depth (open orders per price level) and its daily candles. */
export function useMarketBook(good: string | null, token: 'exo' | 'hexo') {
  return useQuery(queryOptions({
    queryKey: marketKeys.book(good ?? '', token),
    queryFn: (): Promise<MarketDepthResponse> => call('marketBook', { params: { good: good ?? '', token } }),
    enabled: good !== null,
    refetchInterval: MARKET_POLL_MS,
  }));
}

/** The query of the player's orders (newest first), shared by the page and the fill watcher (which re-reads it every {@link MARKET_POLL_MS}). */
export function myOrdersQuery(enabled: boolean) {
  return queryOptions({ queryKey: marketKeys.orders, queryFn: (): Promise<MarketOrdersResponse> => call('marketMyOrders'), enabled });
}

/** The player's orders, newest first. */
export function useMyOrders() {
  return useQuery(myOrdersQuery(useIsAuthenticated()));
}

/** The player's trades, newest first. */
export function useMyTrades() {
  return useQuery(queryOptions({ queryKey: marketKeys.trades, queryFn: (): Promise<MarketTradesResponse> => call('marketMyTrades'), enabled: useIsAuthenticated() }));
}

/** What changes when an order is placed, cancelled or fills: balances, items, the player's orders and trades, the books. */
export async function refreshMarket(qc: QueryClient): Promise<void> {
  await Promise.all([
    refreshBalance(qc), refreshItems(qc),
    qc.invalidateQueries({ queryKey: marketKeys.orders }), qc.invalidateQueries({ queryKey: marketKeys.trades }),
    qc.invalidateQueries({ queryKey: ['market'] }),
  ]);
}

/** Mutation: place `order` under idempotency `key`, then refresh. */
export function usePlaceOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ order, key }: { order: MarketOrderRequest; key: string }): Promise<MarketPlaceResponse> =>
      call('marketPlaceOrder', { body: order }, { headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: () => refreshMarket(qc),
  });
}

/** Mutation: cancel the open order `id` (its escrow returns), then refresh. */
export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<MarketCancelResponse> => call('marketCancelOrder', { params: { id } }),
    onSuccess: () => refreshMarket(qc),
  });
}

/**
 * The player's trades as CSV (RFC 4180, packages/api/src/csv.ts): date, good, token, side, quantity, unit
 * price, value, fee and the total, amounts in whole tokens with every decimal; a buy's total is value + fee
 * (what it paid), a sell's the value (what it received: the buyer pays the fee).
 */
export function tradesCsv(trades: readonly MarketTradeRow[]): string {
  return toCsv([
    ['date', 'good', 'token', 'side', 'quantity', 'price', 'value', 'fee', 'total'],
    ...trades.map((tr) => {
      const value = BigInt(tr.price) * BigInt(tr.quantity);
      const fee = BigInt(tr.fee);
      const total = tr.side === 'buy' ? value + fee : value;
      return [tr.at, tr.good, tr.token, tr.side, tr.quantity, fromBaseUnits(tr.price, tr.token), fromBaseUnits(value, tr.token), fromBaseUnits(fee, tr.token), fromBaseUnits(total, tr.token)];
    }),
  ]);
}

/** Saves `trades` as `kingdom-market-trades.csv` (a blob link). */
export function downloadTradesCsv(trades: readonly MarketTradeRow[]): void {
  const url = URL.createObjectURL(new Blob([tradesCsv(trades)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'kingdom-market-trades.csv';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * What a new order is worth and holds (docs/game-rules.md §16.3): its value (price × quantity), the fee on
 * it (paid by the buyer on top; a seller receives the whole value) and a buy's token escrow (value + fee;
 * a sell holds its goods instead: 0 tokens). All base units of the pay token.
 */
export function orderCost(side: 'buy' | 'sell', price: bigint, quantity: number, feeBps: number): { value: bigint; fee: bigint; escrow: bigint } {
  const value = price * BigInt(quantity);
  const fee = marketFee(value, feeBps);
  return { value, fee, escrow: side === 'buy' ? value + fee : 0n };
}

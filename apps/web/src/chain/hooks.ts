/**
 * Chain-money queries and the pay mutation (docs/game-rules.md §8): chain info, the account's deposits,
 * withdrawals and EXO orders (polled every 2 s while a modal waits on them), the sale rounds and
 * what a wallet holds on chain.
 *
 * @module
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { IDEMPOTENCY_HEADER, type ChainToken } from '@kingdom/api';
import { call } from '../api/call.ts';
import { queryKeys } from '../api/keys.ts';
import { refreshBalance, refreshChainLists, refreshNotifications } from '../api/refresh.ts';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { payWithSessionWallet, type PayRequest, type PayStep } from './pay.ts';
import type { DepositsAnswer, ExoOrder, Withdrawal } from './types.ts';
import { notifyTransactionSent } from '../components/tx-toast.ts';
import { notifySuccess } from '../components/notify.ts';
import { formatTokenAmount } from '../i18n/format.ts';

/** Poll interval while a payment or payout is waited on (ms). */
export const POLL_MS = 2_000;

/** Query keys of chain money; the account's own sit under `['me']` so logout drops them. */
export const chainKeys = {
  info: ['chain', 'info'] as const,
  rounds: ['chain', 'rounds'] as const,
  wallet: (address: string) => ['chain', 'wallet', address] as const,
  deposits: [...queryKeys.chainMoney, 'deposits'] as const,
  withdrawals: [...queryKeys.chainMoney, 'withdrawals'] as const,
  orders: [...queryKeys.chainMoney, 'orders'] as const,
};

/** `GET /chain/info`: network, treasury and sale addresses, confirmations, explorer. */
export function useChainInfo() {
  return useQuery({ queryKey: chainKeys.info, queryFn: () => call('chainInfo'), staleTime: 30_000 });
}

/** `GET /chain/wallet/:address`: lovelace, EXO and HEXO `address` holds on chain. */
export function useWalletHoldings(address: string | undefined) {
  return useQuery({
    queryKey: chainKeys.wallet(address ?? ''),
    queryFn: () => call('chainWalletBalance', { params: { address: address! } }),
    enabled: !!address && address.startsWith('addr'),
    staleTime: 5_000,
  });
}

/** A deposit this page submitted that the watcher has not listed yet (not in a block). */
export interface SubmittedDeposit {
  tx_hash: string;
  token: ChainToken;
  /** Base units. */
  amount: string;
  /** ISO instant of the submission (browser clock). */
  at: string;
}

/**
 * Deposits submitted from this page and not yet listed by `GET /chain/deposits` (docs/product.md §10: the
 * history said "No deposits yet" while the modal said "Submitted"). In memory: after a reload the
 * watcher has listed them, or the wallet's history shows them.
 */
export const useSubmittedDeposits = create<{ submitted: SubmittedDeposit[]; add(d: SubmittedDeposit): void; listed(hashes: ReadonlySet<string>): void }>()((set) => ({
  submitted: [],
  add: (d) => set((s) => ({ submitted: [...s.submitted.filter((x) => x.tx_hash !== d.tx_hash), d] })),
  listed: (hashes) => set((s) => (s.submitted.some((x) => hashes.has(x.tx_hash)) ? { submitted: s.submitted.filter((x) => !hashes.has(x.tx_hash)) } : s)),
}));

/**
 * True while a deposit waits for confirmations, or one submitted from this page is not listed yet
 * (the watcher will still change the list).
 */
export function hasPendingDeposit(d: DepositsAnswer | undefined): boolean {
  if (!d) return false;
  if (d.deposits.some((x) => x.status === 'pending')) return true;
  const listed = new Set([...d.deposits, ...d.claimable].map((x) => x.tx_hash));
  return useSubmittedDeposits.getState().submitted.some((x) => !listed.has(x.tx_hash));
}

/** True while a withdrawal is requested or submitted (not yet confirmed, failed or expired). */
export function hasOpenWithdrawal(ws: readonly Withdrawal[] | undefined): boolean {
  return !!ws && ws.some((w) => w.status === 'requested' || w.status === 'submitted');
}

/** True while an EXO order awaits its payment. */
export function hasOpenOrder(os: readonly ExoOrder[] | undefined): boolean {
  return !!os && os.some((o) => o.status === 'awaiting_payment');
}

/**
 * `GET /chain/deposits`; polled every {@link POLL_MS} while `poll` or while a listed deposit is
 * still pending (docs/product.md §10: the history said "Pending" after the balance showed the credit).
 */
export function useDeposits(poll = false) {
  const submitted = useSubmittedDeposits((s) => s.submitted.length);
  const q = useQuery({
    queryKey: chainKeys.deposits, queryFn: () => call('chainDeposits'), enabled: useIsAuthenticated(),
    refetchInterval: (query) => (poll || hasPendingDeposit(query.state.data) ? POLL_MS : false),
  });
  // a deposit submitted here: refetch now (the interval above was decided on the old answer)
  const { refetch } = q;
  useEffect(() => {
    if (submitted > 0) void refetch();
  }, [submitted, refetch]);
  useEffect(() => {
    if (q.data) useSubmittedDeposits.getState().listed(new Set([...q.data.deposits, ...q.data.claimable].map((x) => x.tx_hash)));
  }, [q.data]);
  return q;
}

/** `GET /chain/withdrawals`; polled every {@link POLL_MS} while `poll` or while one is not final. */
export function useWithdrawals(poll = false) {
  return useQuery({
    queryKey: chainKeys.withdrawals, queryFn: async () => (await call('chainWithdrawals')).withdrawals, enabled: useIsAuthenticated(),
    refetchInterval: (q) => (poll || hasOpenWithdrawal(q.state.data) ? POLL_MS : false),
  });
}

/** `GET /exo/orders`; polled every {@link POLL_MS} while `poll` or while one awaits payment. */
export function useExoOrders(poll = false) {
  return useQuery({
    queryKey: chainKeys.orders, queryFn: async () => (await call('exoOrders')).orders, enabled: useIsAuthenticated(),
    refetchInterval: (q) => (poll || hasOpenOrder(q.state.data) ? POLL_MS : false),
  });
}

/**
 * An EXO order as the server last answered it, polled until it is paid or expired (either chain):
 * when it is paid, one "EXO credited" toast and the balances refreshed.
 */
export function useOrderProgress(order: ExoOrder): ExoOrder {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [final, setFinal] = useState(false);
  const q = useExoOrders(!final);
  const now = q.data?.find((o) => o.id === order.id) ?? order;
  const done = useRef(false);
  useEffect(() => {
    if (done.current || now.status === 'awaiting_payment') return;
    done.current = true;
    setFinal(true);
    if (now.status === 'paid') {
      notifySuccess(t('chain.order.credited', { amount: formatTokenAmount(now.exo, 'exo') }));
      void refreshAfterChainMoney(qc, 'exo');
    }
  }, [now.status, now.exo, qc, t]);
  return now;
}

/**
 * Refreshes the balances (and notifications) whenever a listed deposit, withdrawal or order reaches
 * its end state while the page is open, so a list and the balance cards never disagree (docs/product.md §10).
 * `finished` counts the entries in an end state; a rise after the first answer means one just ended.
 */
export function useRefreshWhenSettled(finished: number | undefined): void {
  const qc = useQueryClient();
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (finished === undefined) return;
    const before = seen.current;
    seen.current = finished;
    if (before !== undefined && finished > before) void refreshAfterChainMoney(qc);
  }, [finished, qc]);
}

/** `GET /tokensale/rounds` (public). */
export function useSaleRounds() {
  return useQuery({ queryKey: chainKeys.rounds, queryFn: () => call('saleRounds'), staleTime: 10_000 });
}

/**
 * Mutation: build → sign → submit one payment with the session's wallet; resolves the tx id. Every
 * payment the wallet sent says so ("transaction sent", docs/product.md §8) — deposits and EXO orders alike.
 */
export function usePay(onStep?: (step: PayStep) => void) {
  return useMutation({ mutationFn: (request: PayRequest) => payWithSessionWallet(request, onStep), onSuccess: (txId) => notifyTransactionSent(txId) });
}

/** Mutation: `POST /exo/orders` with a fresh `Idempotency-Key` per submit (a round's amount or a vendor pack). */
export function useCreateOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ({ round_id: number; amount: string } | { pack: string }) & { pay_chain?: 'cardano' | 'solana' }) =>
      call('exoOrderCreate', { body }, { headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: chainKeys.orders }), qc.invalidateQueries({ queryKey: chainKeys.rounds })]),
  });
}

/** Mutation: `POST /chain/withdrawals` to the Master Wallet, a fresh `Idempotency-Key` per submit. */
export function useCreateWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: ChainToken; amount: string; address?: string }) =>
      call('chainWithdrawalCreate', { body }, { headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } }),
    onSuccess: (_, { token }) => Promise.all([refreshBalance(qc, token), qc.invalidateQueries({ queryKey: chainKeys.withdrawals })]),
  });
}

/** After a credit (deposit or paid order) or a returned payout: balances, notifications and the chain lists. */
export async function refreshAfterChainMoney(qc: QueryClient, token?: ChainToken): Promise<void> {
  await Promise.all([
    refreshBalance(qc, token),
    refreshNotifications(qc),
    refreshChainLists(qc),
    qc.invalidateQueries({ queryKey: chainKeys.rounds }),
    // what the wallet holds on chain moved too
    qc.invalidateQueries({ queryKey: chainKeys.wallet('').slice(0, -1) }),
  ]);
}

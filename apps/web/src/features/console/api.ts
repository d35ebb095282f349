/**
 * The console's calls (packages/api/src/console.ts), each naming its endpoint descriptor through the
 * app's one client (`call`, api/call.ts). Reads are queries under `['console', …]`; every write is a
 * mutation that carries the operator's reason and refreshes what it changed (the player's page, the
 * audit log, the operators, maintenance).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CallOutput, EndpointName } from '@kingdom/api';
import { call } from '../../api/call.ts';
import type { CallInput } from '../../api/client.ts';

/** What a call of `N` takes (its params, query and body). */
export type Input<N extends EndpointName> = CallInput<N>;
/** What `N` answers. */
export type Output<N extends EndpointName> = CallOutput<N>;

/** The query keys of the console. */
export const consoleKeys = {
  all: ['console'] as const,
  me: ['console', 'me'] as const,
  search: (q: string) => ['console', 'search', q] as const,
  player: (id: number) => ['console', 'player', id] as const,
  ledger: (id: number, query: object) => ['console', 'player', id, 'ledger', query] as const,
  payments: (query: object) => ['console', 'payments', query] as const,
  approvals: (query: object) => ['console', 'approvals', query] as const,
  audit: (query: object) => ['console', 'audit', query] as const,
  economy: (query: object) => ['console', 'economy', query] as const,
  operations: ['console', 'operations'] as const,
  operators: ['console', 'operators'] as const,
  maintenance: ['console', 'maintenance'] as const,
};

/** The signed-in operator (403 for a player: "Not an operator"). */
export function useOperatorMe() {
  return useQuery(queryOptions({ queryKey: consoleKeys.me, queryFn: () => call('consoleMe', undefined, { quietForbidden: true }), staleTime: 60_000 }));
}

/** One search of the box (`q` trimmed; nothing sent while empty). */
export function useSearch(q: string) {
  return useQuery(queryOptions({ queryKey: consoleKeys.search(q), queryFn: () => call('consoleSearch', { query: { q } }), enabled: q !== '' }));
}

/** A player's page. */
export function usePlayer(id: number) {
  return useQuery(queryOptions({ queryKey: consoleKeys.player(id), queryFn: () => call('consolePlayer', { params: { user_id: id } }), enabled: id > 0 }));
}

/** The filters of a player's ledger. */
export type LedgerFilters = NonNullable<Input<'consolePlayerLedger'>['query']>;

/** One page of a player's ledger with filters. */
export function usePlayerLedger(id: number, query: LedgerFilters) {
  return useQuery(queryOptions({ queryKey: consoleKeys.ledger(id, query), queryFn: () => call('consolePlayerLedger', { params: { user_id: id }, query }), placeholderData: keepPreviousData }));
}

/** Unmatched (or resolved) payments. */
export function usePayments(query: NonNullable<Input<'consolePayments'>['query']>) {
  return useQuery(queryOptions({ queryKey: consoleKeys.payments(query), queryFn: () => call('consolePayments', { query }), placeholderData: keepPreviousData }));
}

/** Two-person approvals. */
export function useApprovals(query: NonNullable<Input<'consoleApprovals'>['query']>) {
  return useQuery(queryOptions({ queryKey: consoleKeys.approvals(query), queryFn: () => call('consoleApprovals', { query }), placeholderData: keepPreviousData }));
}

/** One page of the audit log. */
export function useAudit(query: NonNullable<Input<'consoleAudit'>['query']>) {
  return useQuery(queryOptions({ queryKey: consoleKeys.audit(query), queryFn: () => call('consoleAudit', { query }), placeholderData: keepPreviousData }));
}

/** The economy dashboard of a period and chain. */
export function useEconomy(query: NonNullable<Input<'consoleEconomy'>['query']>) {
  return useQuery(queryOptions({ queryKey: consoleKeys.economy(query), queryFn: () => call('consoleEconomy', { query }), placeholderData: keepPreviousData }));
}

/** The suspicious Market pairs of the last `days` days (issue 38 item 4). */
export function useSuspiciousPairs(days: number) {
  return useQuery(queryOptions({ queryKey: ['console', 'suspicious-pairs', days] as const, queryFn: () => call('consoleSuspiciousPairs', { query: { days } }) }));
}

/** The operations page (refreshed every 15 s). */
export function useOperations() {
  return useQuery(queryOptions({ queryKey: consoleKeys.operations, queryFn: () => call('consoleOperations'), refetchInterval: 15_000 }));
}

/** Maintenance as every server sees it (refreshed every 15 s). */
export function useMaintenanceState() {
  return useQuery(queryOptions({ queryKey: consoleKeys.maintenance, queryFn: () => call('consoleMaintenanceState'), refetchInterval: 15_000 }));
}

/** The operators. */
export function useOperators() {
  return useQuery(queryOptions({ queryKey: consoleKeys.operators, queryFn: () => call('consoleOperators') }));
}

/** After any write: everything the console shows may have changed (the audit log at least). */
function refreshConsole(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ queryKey: consoleKeys.all, predicate: (q) => q.queryKey[1] !== 'me' });
}

/** A console write: `fn` then every console query refreshed. */
function useWrite<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshConsole(qc) });
}

/** Mutation: credit or debit one token of a player (admin; above the limit it waits for a second admin). */
export function useAdjust(id: number) {
  return useWrite((body: Input<'consoleAdjustment'>['body']) => call('consoleAdjustment', { params: { user_id: id }, body }));
}

/** Mutation: approve or reject a pending approval (admin, not its requester). */
export function useDecideApproval() {
  return useWrite(({ id, approve, reason }: { id: number; approve: boolean; reason: string }) =>
    approve ? call('consoleApprovalApprove', { params: { id }, body: { reason } }) : call('consoleApprovalReject', { params: { id }, body: { reason } }));
}

/** Mutation: resolve an unmatched payment (credit an account, or record its refund). */
export function useResolvePayment() {
  return useWrite(({ id, body }: { id: string; body: Input<'consolePaymentResolve'>['body'] }) => call('consolePaymentResolve', { params: { id }, body }));
}

/** Mutation: lock or unlock a player's chest. */
export function useChestLock(id: number) {
  return useWrite((body: Input<'consoleChestLock'>['body']) => call('consoleChestLock', { params: { user_id: id }, body }));
}

/** Mutation: suspend or unsuspend a player. */
export function useSuspension(id: number) {
  return useWrite((body: Input<'consoleSuspension'>['body']) => call('consoleSuspension', { params: { user_id: id }, body }));
}

/** Mutation: an inbox message to one player. */
export function useMessagePlayer(id: number) {
  return useWrite((body: Input<'consolePlayerMessage'>['body']) => call('consolePlayerMessage', { params: { user_id: id }, body }));
}

/** Mutation: a broadcast to every account, a chain's or the land owners. */
export function useBroadcast() {
  return useWrite((body: Input<'consoleBroadcast'>['body']) => call('consoleBroadcast', { body }));
}

/** Mutation: maintenance on or off (with a message and an end time). */
export function useSetMaintenance() {
  return useWrite((body: Input<'consoleMaintenance'>['body']) => call('consoleMaintenance', { body }));
}

/** Mutation: add an operator (or change its role). */
export function useAddOperator() {
  return useWrite((body: Input<'consoleOperatorAdd'>['body']) => call('consoleOperatorAdd', { body }));
}

/** Mutation: remove an operator. */
export function useRemoveOperator() {
  return useWrite((body: Input<'consoleOperatorRemove'>['body']) => call('consoleOperatorRemove', { body }));
}

/** Saves `text` as the file `name` (a CSV answered by a bearer call: no plain link can carry the token). */
export function saveText(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a player's ledger with `filters` as CSV. */
export async function downloadPlayerLedgerCsv(id: number, filters: Omit<LedgerFilters, 'page'>): Promise<void> {
  const text = await call('consolePlayerLedgerCsv', { params: { user_id: id }, query: filters });
  saveText(String(text), `kingdom-player-${id}-ledger.csv`);
}

/** Downloads the economy dashboard's figures as CSV. */
export async function downloadEconomyCsv(query: NonNullable<Input<'consoleEconomyCsv'>['query']>): Promise<void> {
  const text = await call('consoleEconomyCsv', { query });
  saveText(String(text), `kingdom-economy-${query.from ?? ''}-${query.to ?? ''}-${query.chain ?? 'all'}.csv`);
}

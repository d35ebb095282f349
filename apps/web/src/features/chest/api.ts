/**
 * The weekly chest's calls (docs/game-rules.md §7): this week's state, opening it (refreshes balances, items
 * and the inbox), and a week's public record for the verification page.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChestOpenResponse, ChestStatus, ChestWeekResponse } from '@kingdom/api';
import { call } from '../../api/call.ts';
import { refreshBalance, refreshItems, refreshNotifications } from '../../api/refresh.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';

/** This week's chest of the signed-in player. */
export function useChest() {
  return useQuery(queryOptions({ queryKey: ['me', 'chest'], queryFn: (): Promise<ChestStatus> => call('chest'), enabled: useIsAuthenticated() }));
}

/** Mutation: open this week's chest. */
export function useOpenChest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<ChestOpenResponse> => call('chestOpen', { body: {} }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['me', 'chest'] }), refreshBalance(qc), refreshItems(qc), refreshNotifications(qc)]),
  });
}

/** A week's public record (seed hash, seed once revealed, loot table, draws). */
export function useChestWeek(week: string | null) {
  return useQuery(queryOptions({ queryKey: ['chest-week', week], queryFn: (): Promise<ChestWeekResponse> => call('chestWeek', { params: { week: week! } }, { quietNotFound: true }), enabled: week !== null, retry: false }));
}

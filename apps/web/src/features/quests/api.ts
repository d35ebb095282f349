/**
 * The quests' calls (docs/game-rules.md §14): the player's quests of today and this week (progress
 * from the server, refreshed every 30 s and on focus), and a claim sent with an `Idempotency-Key`
 * kept per quest, so a retried claim is paid once. A claim refreshes the quests, balances and items.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type HallOfFameBoard, type HallOfFameMeResponse, type HallOfFameResponse, type QuestClaimResponse, type QuestsResponse } from '@kingdom/api';
import { call } from '../../api/call.ts';
import { refreshBalance, refreshItems } from '../../api/refresh.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { noteQuestClaimed } from '../../components/pwa.ts';

/** Query key of the signed-in player's quests. */
export const QUESTS_KEY = ['me', 'quests'] as const;

/** The signed-in player's quests. */
export function useQuests() {
  return useQuery(queryOptions({ queryKey: QUESTS_KEY, queryFn: (): Promise<QuestsResponse> => call('quests'), enabled: useIsAuthenticated(), refetchInterval: 30_000 }));
}

/** Mutation: claim quest `id` with `key` (one per quest and page view). */
export function useClaimQuest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key }: { id: string; key: string }): Promise<QuestClaimResponse> => call('questClaim', { params: { id } }, { headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSettled: () => qc.invalidateQueries({ queryKey: QUESTS_KEY }),
    onSuccess: () => {
      noteQuestClaimed(); // the install offer may show from now on (docs/product.md §10)
      return Promise.all([refreshBalance(qc), refreshItems(qc)]);
    },
  });
}

/** A hall of fame's choice: chain, board and page. */
export interface HallChoice {
  chain: 'cardano' | 'solana';
  board: HallOfFameBoard;
  page: number;
}

/** One page of this week's hall of fame (public). */
export function useHallOfFame(c: HallChoice) {
  return useQuery(queryOptions({ queryKey: ['hall-of-fame', c.chain, c.board, c.page], queryFn: (): Promise<HallOfFameResponse> => call('hallOfFame', { query: c }), staleTime: 60_000 }));
}

/** The signed-in player's own rank on it. */
export function useHallOfFameMe(c: Omit<HallChoice, 'page'>) {
  return useQuery(queryOptions({ queryKey: ['me', 'hall-of-fame', c.chain, c.board], queryFn: (): Promise<HallOfFameMeResponse> => call('hallOfFameMe', { query: { ...c, page: 1 } }), enabled: useIsAuthenticated(), staleTime: 60_000 }));
}

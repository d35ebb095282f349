/**
 * The mines' calls (docs/game-rules.md §2–§4): `GET /{mine}/mines`, `POST /{mine}/workers`,
 * `POST /{mine}/workers/remove`, `POST /{mine}/upgrade`, `GET /goldmine/worker-nfts`,
 * `GET /mines/performance`, `GET /mines/:mine/reports/:day` and the land expansion the mine cards
 * offer. Every mutation refreshes what it can change (docs/product.md §4 refresh events).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignRequest, MineKind, MinesResponse, PerformanceResponse, ReportResponse, WorkerNft } from '@kingdom/api';
import { call } from '../../api/call.ts';
import { queryKeys } from '../../api/keys.ts';
import { refreshAfterGameAction } from '../../api/refresh.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';

/** The signed-in player's mines of one kind, one per land, with the server's `now`. */
export function useMines(kind: MineKind) {
  return useQuery(queryOptions({ queryKey: queryKeys.minesOf(kind), queryFn: (): Promise<MinesResponse> => call(`${kind}Mines`), enabled: useIsAuthenticated() }));
}

/** The player's worker NFTs (rarity null: frens only, docs/game-rules.md §3–§4). */
export function useWorkerNfts(enabled = true) {
  const authed = useIsAuthenticated();
  return useQuery(
    queryOptions({
      queryKey: queryKeys.workerNfts,
      queryFn: async (): Promise<WorkerNft[]> => (await call('workerNfts')).workers,
      enabled: authed && enabled,
    }),
  );
}

/** Performance rows of the last `days` settled days of the player's mines of one kind. */
export function usePerformance(kind: MineKind, days: number) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.performanceOf(kind, days),
      queryFn: (): Promise<PerformanceResponse> => call('minePerformance', { query: { mine: kind, days } }),
      enabled: useIsAuthenticated(),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The gold mine or fren mine daily report of `day` (a settled day never changes). */
export function useMineReport(kind: MineKind, day: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.report(kind, day),
      queryFn: (): Promise<ReportResponse> => call('mineReport', { params: { mine: kind, day } }),
      enabled: useIsAuthenticated(),
      staleTime: Infinity,
    }),
  );
}

function useGameMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshAfterGameAction(qc) });
}

/** Sets a worker (an NFT, or `null` for a default worker: gold mines only) into a slot, then refreshes. */
export function useAssignWorker(kind: MineKind) {
  return useGameMutation((body: AssignRequest) => call(`${kind}AssignWorker`, { body }));
}

/** Removes the worker of a slot, then refreshes. */
export function useRemoveWorker(kind: MineKind) {
  return useGameMutation((body: { hex_name: string; slot: number }) => call(`${kind}RemoveWorker`, { body }));
}

/** Starts the next upgrade of a mine (the server consumes the toolkit), then refreshes. */
export function useMineUpgrade(kind: MineKind) {
  return useGameMutation((hexName: string) => call(`${kind}Upgrade`, { body: { hex_name: hexName } }));
}

/** Expands the player's land one size (consumes the permit), then refreshes. */
export function useLandExpand() {
  return useGameMutation((hexName: string) => call('landExpand', { params: { hex_name: hexName } }));
}

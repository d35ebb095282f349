/**
 * Gold mine and fren mine endpoints (GAME-RULES.md §3, §4): `GET /{mine}/mines`,
 * `POST /{mine}/workers`, `POST /{mine}/workers/remove`, `POST /{mine}/upgrade`.
 * Every mutation refreshes what it can change (spec §4 refresh events).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PATHS, type AssignRequest, type MineKind, type MinesResponse } from '@kingdom/api';
import { apiGet, apiPost } from '../client.ts';
import { queryKeys } from '../keys.ts';
import { refreshAfterGameAction } from '../refresh.ts';
import { useIsAuthenticated } from '../use-is-authenticated.ts';

/** Fetches the signed-in player's mines of one kind, one per land, with the server's `now`. */
export function getMines(mine: MineKind): Promise<MinesResponse> {
  return apiGet<MinesResponse>(PATHS.mines(mine));
}

export function minesQueryOptions(mine: MineKind, enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.minesOf(mine), queryFn: () => getMines(mine), enabled });
}

/** The player's gold mines or fren mines. */
export function useMines(mine: MineKind) {
  return useQuery(minesQueryOptions(mine, useIsAuthenticated()));
}

/** Sets a worker (an NFT, or `null` for a default worker: gold mines only) into a slot. */
export function postAssignWorker(mine: MineKind, body: AssignRequest): Promise<{ status: 'success' }> {
  return apiPost(PATHS.mineWorkers(mine), body);
}

/** Removes the worker of a slot. */
export function postRemoveWorker(mine: MineKind, body: { hex_name: string; slot: number }): Promise<{ status: 'success' }> {
  return apiPost(PATHS.mineWorkersRemove(mine), body);
}

/** Starts the next upgrade of a mine (the server consumes the toolkit). */
export function postMineUpgrade(mine: MineKind, hexName: string): Promise<{ target_level: number; ends_at: string }> {
  return apiPost(PATHS.mineUpgrade(mine), { hex_name: hexName });
}

/** Mutation: set a worker, then refresh. */
export function useAssignWorker(mine: MineKind) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body: AssignRequest) => postAssignWorker(mine, body), onSuccess: () => refreshAfterGameAction(qc) });
}

/** Mutation: remove a worker, then refresh. */
export function useRemoveWorker(mine: MineKind) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body: { hex_name: string; slot: number }) => postRemoveWorker(mine, body), onSuccess: () => refreshAfterGameAction(qc) });
}

/** Mutation: start a mine upgrade, then refresh. */
export function useMineUpgrade(mine: MineKind) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (hexName: string) => postMineUpgrade(mine, hexName), onSuccess: () => refreshAfterGameAction(qc) });
}

/** `GET /goldmine/worker-nfts` → `{workers}`: the player's NFTs with gold mine rarity and assignment. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS, type WorkerNft } from '@kingdom/api';
import { apiGet } from '../client.ts';
import { queryKeys } from '../keys.ts';
import { useIsAuthenticated } from '../use-is-authenticated.ts';

/** Fetches the player's worker NFTs (rarity null: frens only, GAME-RULES §3–4). */
export async function getWorkerNfts(): Promise<WorkerNft[]> {
  const res = await apiGet<{ workers: WorkerNft[] }>(PATHS.workerNfts);
  return res.workers;
}

export function workerNftsQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.workerNfts, queryFn: getWorkerNfts, enabled });
}

/** The player's worker NFTs. */
export function useWorkerNfts(enabled = true) {
  const authed = useIsAuthenticated();
  return useQuery(workerNftsQueryOptions(authed && enabled));
}

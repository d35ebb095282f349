/**
 * The in-app land mint's calls (docs/game-rules.md §2 "Mint Your Land"): the mint's info (open,
 * price, free lands), the account's mints (polled while one is open), reserving a land with a fresh
 * `Idempotency-Key` per click, paying it with the session's wallet (the server builds the mint
 * transaction, the wallet signs it, the server adds the Land policy's signature and submits), and
 * giving a reservation up.
 *
 * @module
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type LandMint, type MintRequest } from '@kingdom/api';
import { call } from '../api/call.ts';
import { queryKeys } from '../api/keys.ts';
import { refreshLands } from '../api/refresh.ts';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { signWithSessionWallet, type PayStep } from './pay.ts';

/** Poll interval while a mint is reserved or submitted (ms). */
const POLL_MS = 2_000;

/** Query keys of the mint; the account's own sit under `['me']` so logout drops them. */
export const mintKeys = {
  info: ['mint', 'info'] as const,
  mine: ['me', 'mints'] as const,
};

/** True while the mint is neither confirmed nor over. */
export function isOpenMint(m: LandMint): boolean {
  return m.status === 'reserved' || m.status === 'submitted';
}

/** `GET /mint/info` (public): open or closed, the price in lovelace, the free lands. */
export function useMintInfo() {
  return useQuery({ queryKey: mintKeys.info, queryFn: () => call('mintInfo'), staleTime: 10_000 });
}

/** `GET /mint`: the account's mints, newest first; polled while one is open or while `poll`. */
export function useMints(poll = false) {
  return useQuery({
    queryKey: mintKeys.mine, queryFn: async () => (await call('mints')).mints, enabled: useIsAuthenticated(),
    refetchInterval: (q) => (poll || (q.state.data ?? []).some(isOpenMint) ? POLL_MS : false),
  });
}

async function refreshMints(qc: QueryClient): Promise<void> {
  await Promise.all([qc.invalidateQueries({ queryKey: mintKeys.mine }), qc.invalidateQueries({ queryKey: mintKeys.info })]);
}

/** After a mint confirmed: the player's lands, the Valley's map and ownership, and the mint lists. */
export async function refreshAfterMint(qc: QueryClient): Promise<void> {
  await Promise.all([
    refreshLands(qc), refreshMints(qc),
    qc.invalidateQueries({ queryKey: queryKeys.totalLands }),
    qc.invalidateQueries({ queryKey: ['valley'] }),
    qc.invalidateQueries({ queryKey: ['me', 'valley-mine'] }),
  ]);
}

/** Mutation: `POST /mint` (a named land or "Any" with coordinates settings), a fresh `Idempotency-Key` per submit. */
export function useCreateMint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MintRequest) => call('mintCreate', { body }, { headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } }),
    onSettled: () => refreshMints(qc),
  });
}

/** Mutation: builds, signs and submits the mint transaction of mint `id` with the session's wallet; resolves the mint as submitted. */
export function usePayMint(onStep?: (step: PayStep) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => signWithSessionWallet(
      (address) => call('mintTx', { params: { id }, body: { address } }),
      async (witnessSet) => (await call('mintSubmit', { params: { id }, body: { witness_set: witnessSet } })).mint,
      onStep,
    ),
    onSettled: () => refreshMints(qc),
  });
}

/** Mutation: `POST /mint/:id/cancel` (a reserved mint only; its land returns at once). */
export function useCancelMint() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => call('mintCancel', { params: { id } }), onSettled: () => refreshMints(qc) });
}

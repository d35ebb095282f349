/**
 * `GET /lands/:hex_name` (public) → `{land, goldmine, frenmine}`; `POST /lands/:hex_name/expand`
 * grows a land one size with an expansion permit (spec §4).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LandDetailResponse } from '@kingdom/api';
import { call } from '../client.ts';
import { queryKeys } from '../keys.ts';
import { refreshAfterGameAction } from '../refresh.ts';

/** Fetches one land with its mines. */
export function getLandDetail(hexName: string): Promise<LandDetailResponse> {
  return call('land', { params: { hex_name: hexName } });
}

export function landDetailQueryOptions(hexName: string) {
  return queryOptions({ queryKey: queryKeys.landDetail(hexName), queryFn: () => getLandDetail(hexName) });
}

/** One land of the Valley with its gold mine and fren mine. */
export function useLandDetail(hexName: string) {
  return useQuery(landDetailQueryOptions(hexName));
}

/** Expands the player's land one size (consumes the permit). */
export function postLandExpand(hexName: string): Promise<{ status: 'success' }> {
  return call('landExpand', { params: { hex_name: hexName } });
}

/** Mutation: expand a land, then refresh. */
export function useLandExpand() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: postLandExpand, onSuccess: () => refreshAfterGameAction(qc) });
}

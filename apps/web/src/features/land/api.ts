/**
 * The land page's calls: `GET /lands/:hex_name` (public; with the bearer token it also says whether
 * the land is the player's), `POST /lands/:hex_name/expand` (owner only, consumes a permit), and
 * the player's first land for `/land` without a name (`GET /lands?my=true&page=1`).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LandDetailResponse } from '@kingdom/api';
import { call } from '../../api/call.ts';
import { queryKeys } from '../../api/keys.ts';
import { refreshAfterGameAction } from '../../api/refresh.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';

/** Fetches one land with its mines, minted flag and neighbours. */
export function getLandDetail(hexName: string): Promise<LandDetailResponse> {
  return call('land', { params: { hex_name: hexName } });
}

/** Query options of a land page; keyed under the shared land key so game actions refresh it. */
export function landPageQueryOptions(hexName: string, signedIn: boolean) {
  return queryOptions({ queryKey: [...queryKeys.landDetail(hexName), signedIn ? 'me' : 'visitor'], queryFn: () => getLandDetail(hexName), retry: false });
}

/** One land of the Valley as its page shows it. */
export function useLandPage(hexName: string) {
  return useQuery(landPageQueryOptions(hexName, useIsAuthenticated()));
}

/** Expands the player's land one size (consumes the permit; LAND_NOT_BELONG_TO_USER otherwise). */
export function useExpandLand(hexName: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('landExpand', { params: { hex_name: hexName } }),
    // the Valley map shows sizes too (its key root is 'valley')
    onSuccess: () => Promise.all([refreshAfterGameAction(qc), qc.invalidateQueries({ queryKey: ['valley'] })]),
  });
}

/**
 * The result of the land's latest gold mine upgrade (`GET /lands/:hex_name/upgrade`); a failed one
 * is the error GOLDMINE_UPGRADE_FAILED (not retried, not toasted twice: the page says it).
 */
export function useUpgradeResult(hexName: string) {
  return useQuery({
    queryKey: [...queryKeys.myLands, 'upgrade-result', hexName],
    queryFn: () => call('landUpgradeResult', { params: { hex_name: hexName }, query: { mine: 'goldmine' } }),
    retry: false,
  });
}

/** The hex_name of the signed-in player's first land; null when they hold none. `wanted` false: not asked. */
export function useFirstLand(wanted = true) {
  const enabled = useIsAuthenticated() && wanted;
  return useQuery({
    queryKey: [...queryKeys.myLands, 'first'],
    queryFn: async () => (await call('lands', { query: { my: 'true', page: 1 } })).lands[0]?.hex_name ?? null,
    enabled,
  });
}

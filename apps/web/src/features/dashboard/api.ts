/**
 * The dashboard's own calls: (demo mode) the starter set of demo assets from `POST /demo/faucet`, and the chest state.
 * (The ADA/USD price comes with `currencies/prices` from this server: the browser asks no third party.)
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChestStatus, FaucetRequest, FaucetResponse } from '@kingdom/api';
import { call } from '../../api/call.ts';
import { queryKeys } from '../../api/keys.ts';
import { refreshAfterGameAction } from '../../api/refresh.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';

/**
 * The starter set a new demo player gets (docs/product.md §10): three lands, a mining tool, HEXO for about two
 * weeks of salaries, FOOD for the frens, worker NFTs of each rarity (two Common, one each of
 * Uncommon, Rare and Epic — the Epic can manage), a tier-2 toolkit, fren toolkit and a S→M permit.
 * The faucet takes one rarity per call, so it is one call per rarity.
 */
export function starterSet(address: string): FaucetRequest[] {
  return [
    {
      address, lands: 3, tools: 1, hexo: '600', food: '450', workers: 2, rarity: 'common',
      items: { toolkit_2: 1, chicken_tendies: 1, land_upgrade01: 1 },
    },
    { address, workers: 1, rarity: 'uncommon' },
    { address, workers: 1, rarity: 'rare' },
    { address, workers: 1, rarity: 'epic' },
  ];
}

/**
 * What {@link starterSet} promises, summed over its calls: the numbers the 'Get started' text
 * shows (docs/product.md §10: the text promised 6 worker NFTs while the set gave 5).
 */
export function starterSetTotals(sets: readonly FaucetRequest[]): { lands: number; tools: number; workers: number; hexo: bigint; food: bigint } {
  const out = { lands: 0, tools: 0, workers: 0, hexo: 0n, food: 0n };
  for (const s of sets) {
    out.lands += s.lands ?? 0;
    out.tools += s.tools ?? 0;
    out.workers += s.workers ?? 0;
    out.hexo += BigInt(s.hexo ?? '0');
    out.food += BigInt(s.food ?? '0');
  }
  return out;
}

/** What the starter set gave, summed over its calls. */
export interface StarterResult {
  lands: number;
  tools: number;
  workers: number;
}

/** Mutation (demo only): give the signed-in player the {@link starterSet}, then refresh everything they see. */
export function useDemoAssets() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (address: string): Promise<StarterResult> => {
      const out: StarterResult = { lands: 0, tools: 0, workers: 0 };
      for (const body of starterSet(address)) {
        const r: FaucetResponse = await call('demoFaucet', { body });
        out.lands += r.lands.length;
        out.tools += r.tools.length;
        out.workers += r.workers.length;
      }
      return out;
    },
    onSuccess: async () => {
      await Promise.all([refreshAfterGameAction(qc), qc.invalidateQueries({ queryKey: queryKeys.user })]);
    },
  });
}

/** This week's chest state (docs/game-rules.md §7), for the dashboard's chest card; land owners only. */
export function useChestState(enabled: boolean) {
  return useQuery(queryOptions({
    queryKey: ['me', 'chest'],
    queryFn: (): Promise<ChestStatus> => call('chest'),
    enabled: useIsAuthenticated() && enabled,
  }));
}

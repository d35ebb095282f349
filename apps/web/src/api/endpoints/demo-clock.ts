/**
 * Demo only: `GET /demo/clock` → the game clock and the last settled day; `POST /demo/tick {days}`
 * advances it and settles the days that ended (GAME-RULES.md §1). A tick changes everything a
 * player sees, so it refreshes every user query.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PATHS, type ClockResponse } from '@kingdom/api';
import { apiGet, apiPost } from '../client.ts';
import { queryKeys } from '../keys.ts';
import { refreshAfterGameAction } from '../refresh.ts';

/** Fetches the demo game clock. */
export function getDemoClock(): Promise<ClockResponse> {
  return apiGet<ClockResponse>(PATHS.demoClock);
}

export function demoClockQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.demoClock, queryFn: getDemoClock, enabled });
}

/** The demo game clock; pass `enabled` only when `/config` says demo. */
export function useDemoClock(enabled: boolean) {
  return useQuery(demoClockQueryOptions(enabled));
}

/** Advances the demo clock by whole days. */
export function postDemoTick(days: number): Promise<ClockResponse> {
  return apiPost<ClockResponse>(PATHS.demoTick, { days });
}

/** Mutation: advance the clock, then refresh the clock and everything of the player. */
export function useDemoTick() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: postDemoTick,
    onSuccess: async (clock) => {
      qc.setQueryData(queryKeys.demoClock, { now: clock.now, today: clock.today, last_settled: clock.last_settled });
      await refreshAfterGameAction(qc);
    },
  });
}

/**
 * The Staking Hub's calls (docs/game-rules.md §5): leaderboards per chain, a project, market,
 * activity (public), and the player's votes, stake and daily staking report. Mutations refresh the
 * votes, the leaderboards, the EXO balance and the inbox count.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityResponse, CollectionResponse, LeaderboardResponse, MarketResponse, StakingMineResponse, StakingReportResponse, VotesResponse,
} from '@kingdom/api';
import type { MiningToolsResponse } from '@kingdom/api';
import { formatThousands } from '../../i18n/format.ts';
import { notifySuccess } from '../../components/notify.ts';
import { i18n } from '../../i18n/index.ts';
import { call } from '../../api/call.ts';
import { queryKeys } from '../../api/keys.ts';
import { refreshBalance, refreshNotifications } from '../../api/refresh.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';

const keys = {
  all: ['staking'] as const,
  board: (chain: string, page: number, search: string) => ['staking', 'board', chain, page, search] as const,
  project: (slug: string) => ['staking', 'project', slug] as const,
  market: ['staking', 'market'] as const,
  activity: (page: number) => ['staking', 'activity', page] as const,
  votes: ['staking', 'votes'] as const,
  mine: ['staking', 'mine'] as const,
  report: (day: string) => ['staking', 'report', day] as const,
};

/** One page of a chain's leaderboard. */
export function useLeaderboard(chain: 'cardano' | 'solana', page: number, search: string) {
  return useQuery(queryOptions({
    queryKey: keys.board(chain, page, search),
    queryFn: (): Promise<LeaderboardResponse> => call('stakingLeaderboard', { query: { chain, page, search: search || undefined } }),
    placeholderData: keepPreviousData,
  }));
}

/** A project with its votes at each snapshot. */
export function useProject(slug: string) {
  return useQuery(queryOptions({ queryKey: keys.project(slug), queryFn: (): Promise<CollectionResponse> => call('stakingCollection', { params: { project: slug } }) }));
}

/** Qualified collections by reward per NFT. */
export function useMarket() {
  return useQuery(queryOptions({ queryKey: keys.market, queryFn: (): Promise<MarketResponse> => call('stakingMarket') }));
}

/** The activity feed. */
export function useActivity(page: number) {
  return useQuery(queryOptions({
    queryKey: keys.activity(page), queryFn: (): Promise<ActivityResponse> => call('stakingActivity', { query: { page } }),
    placeholderData: keepPreviousData,
  }));
}

/** The signed-in player's vote points. */
export function useVotes() {
  return useQuery(queryOptions({ queryKey: keys.votes, queryFn: (): Promise<VotesResponse> => call('votesGet'), enabled: useIsAuthenticated() }));
}

/** The signed-in player's stakeable NFTs. */
export function useMyStake() {
  return useQuery(queryOptions({ queryKey: keys.mine, queryFn: (): Promise<StakingMineResponse> => call('stakingMine'), enabled: useIsAuthenticated() }));
}

/** A day's staking report. */
export function useStakingReport(day: string) {
  return useQuery(queryOptions({ queryKey: keys.report(day), queryFn: (): Promise<StakingReportResponse> => call('stakingReport', { params: { day } }), enabled: useIsAuthenticated() }));
}

/** What a vote mutation sends. */
export type VoteAction =
  | { kind: 'lock'; amount: number }
  | { kind: 'unlock'; amount: number }
  | { kind: 'add'; project: string; votes: number; name?: string }
  | { kind: 'remove'; project: string; votes: number; name?: string };

/** Mutation: lock/unlock points or add/remove votes, then refresh what they change. */
/** The success toast of a vote action (docs/product.md §8 "votes saved"; docs/product.md §10: none was shown). */
function voteDoneText(a: VoteAction): string {
  if (a.kind === 'lock') return i18n.t('done.votesLocked', { amount: formatThousands(a.amount) });
  if (a.kind === 'unlock') return i18n.t('done.votesUnlocked', { amount: formatThousands(a.amount) });
  return i18n.t(a.kind === 'add' ? 'done.votesSaved' : 'done.votesRemoved', { votes: formatThousands(a.votes), project: a.name ?? a.project });
}

export function useVoteAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: VoteAction): Promise<VotesResponse> => {
      if (a.kind === 'lock') return call('votesLock', { body: { amount: a.amount } });
      if (a.kind === 'unlock') return call('votesUnlock', { body: { amount: a.amount } });
      // `name` is only for the toast: the request carries exactly what the endpoint accepts
      return call(a.kind === 'add' ? 'votesAdd' : 'votesRemove', { body: { project: a.project, votes: a.votes } });
    },
    onSuccess: async (data, a) => {
      qc.setQueryData(keys.votes, data);
      notifySuccess(voteDoneText(a));
      await Promise.all([qc.invalidateQueries({ queryKey: keys.all }), refreshBalance(qc, 'exo'), refreshNotifications(qc)]);
    },
  });
}

/**
 * The player's mining tools (first page, as docs/product.md §7 fetches them): they pay daily rewards too
 * (source TOOLKIT, docs/game-rules.md §5), so My NFTs lists them beside the staked NFTs. Same query key as
 * the inventory's tools page: one cache for the same data.
 */
export function useMyMiningTools() {
  return useQuery(queryOptions({
    queryKey: queryKeys.myToolsPage({ page: 1 }),
    queryFn: (): Promise<MiningToolsResponse> => call('miningTools', { query: { page: 1, my: 'true' } }),
    enabled: useIsAuthenticated(),
  }));
}

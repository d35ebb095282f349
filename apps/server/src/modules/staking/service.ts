/**
 * The Staking Hub's rules on the repository (docs/game-rules.md §5): vote points (lock, unlock,
 * add, remove with 'votes_changed' notifications), leaderboards and the player's stake.
 */
import { randomUUID } from 'node:crypto';
import type { StakingProject, VotesResponse, StakingMineResponse, LeagueName } from '@kingdom/api';
import {
  isValidVoteValue, MAX_VOTE_POINTS, leagueForVotes, rewardPerNft, stakingRewardToken, STAKE_MIN_HELD_MS, STAKE_INACTIVE_MS,
} from '@kingdom/game';
import type { Database, Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { applyVotePoints } from '../ledger/ledger.ts';
import { moveVotes, readVoteBook, stakeableNfts, stakerStatus, type ProjectRow } from './repository.ts';

/** A request's points as a bigint, or VOTES_NOT_VALID_VALUE when not a whole number from 1 up. */
function points(value: number): bigint {
  if (!Number.isSafeInteger(value) || value < 1) fail('VOTES_NOT_VALID_VALUE');
  return BigInt(value);
}

/** The vote book as the API answers it. */
export async function votesOf(orm: Orm, userId: number): Promise<VotesResponse> {
  const b = await readVoteBook(orm, userId);
  return {
    locked: Number(b.locked), allocated: Number(b.allocated), free: Number(b.locked - b.allocated),
    allocations: b.allocations.map((a) => ({ project: a.project, name: a.name, chain: a.chain, votes: Number(a.votes) })),
  };
}

/** Locks whole EXO as points at game time `now`. @throws ApiError VOTES_NOT_VALID_VALUE, VENDOR_NOT_ENOUGH_BALANCE */
export async function lockVotes(db: Database, userId: number, amount: number, now: Date): Promise<void> {
  const n = points(amount);
  if (!isValidVoteValue(n, MAX_VOTE_POINTS)) fail('VOTES_NOT_VALID_VALUE');
  await db.orm.transaction((tx) => applyVotePoints(tx, userId, n, randomUUID(), now));
}

/** Unlocks free points back to EXO at game time `now`. @throws ApiError VOTES_NOT_VALID_VALUE (0, fractional, or more than free) */
export async function unlockVotes(db: Database, userId: number, amount: number, now: Date): Promise<void> {
  const n = points(amount);
  await db.orm.transaction((tx) => applyVotePoints(tx, userId, -n, randomUUID(), now));
}

/**
 * Adds (`sign` 1) or removes (−1) points on a project and notifies the player ('votes_changed').
 * @throws ApiError NOT_FOUND (no such project), VOTES_NOT_VALID_VALUE (not 1..free, or more than allocated there)
 */
export async function changeVotes(db: Database, userId: number, project: string, votes: number, sign: 1 | -1, now: Date): Promise<void> {
  const n = points(votes);
  // one statement: the move, the collection's total, the activity feed and the notice (name and total filled in by it)
  const r = await moveVotes(db.orm, userId, project, sign > 0 ? n : -n, now, { project, votes: Number(n), added: sign > 0 });
  if (!r.found) fail('NOT_FOUND');
  if (r.total === null) fail('VOTES_NOT_VALID_VALUE');
}

/** League name of snapshot votes (null below Gold or without a snapshot entry). */
export function leagueOf(snapVotes: string | null): LeagueName {
  if (snapVotes === null) return null;
  const l = leagueForVotes(BigInt(snapVotes));
  return l === 'none' ? null : l;
}

/** A project row as the API answers it; reward per NFT for a land owner at the snapshot's league. */
export function projectOut(r: ProjectRow): StakingProject {
  const league = leagueOf(r.snap_votes);
  return {
    project: r.slug, name: r.name, chain: r.chain, collection_key: r.collection_key, rank: r.rank, votes: Number(r.votes), league,
    holders: r.holders, supply: r.supply, reward_per_nft: rewardPerNft(r.holders, r.supply, league ?? 'none', true).toString(),
    reward_token: stakingRewardToken(r.chain), qualified: r.qualified === true,
  };
}

/** The player's stakeable NFTs grouped by collection, with what counts now (24 h rule) and earns per day. */
export async function myStake(orm: Orm, userId: number, now: Date): Promise<StakingMineResponse> {
  const [rows, status] = await Promise.all([stakeableNfts(orm, userId, now), stakerStatus(orm, userId)]);
  const inactive = status.lastLoginAt === null || status.lastLoginAt.getTime() <= now.getTime() - STAKE_INACTIVE_MS;
  const groups = new Map<number, StakingMineResponse['collections'][number]>();
  const counting = new Map<number, number>();
  for (const r of rows) {
    let g = groups.get(r.id);
    if (!g) {
      g = { project: r.slug, name: r.name, chain: r.chain, qualified: r.qualified === true, league: leagueOf(r.snap_votes), reward_token: stakingRewardToken(r.chain), reward_per_day: '0', nfts: [] };
      groups.set(r.id, g);
    }
    const since = new Date(r.held_since);
    const from = new Date(since.getTime() + STAKE_MIN_HELD_MS);
    const counts = from.getTime() <= now.getTime();
    if (counts) counting.set(r.id, (counting.get(r.id) ?? 0) + 1);
    g.nfts.push({ asset: r.asset_key, address: r.address, held_since: since.toISOString(), counts_from: from.toISOString(), counts });
  }
  for (const [id, g] of groups) {
    const row = rows.find((r) => r.id === id)!;
    const per = g.qualified && !inactive ? rewardPerNft(row.holders, row.supply, g.league ?? 'none', status.landOwner) : 0n;
    g.reward_per_day = (per * BigInt(counting.get(id) ?? 0)).toString();
  }
  return { inactive, land_owner: status.landOwner, collections: [...groups.values()] };
}

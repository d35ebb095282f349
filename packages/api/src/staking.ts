/**
 * The Staking-Hub and wallets contract (docs/game-rules.md §5; docs/product.md §2 staking-hub, §4 leagues):
 * several wallets per account, vote points, leaderboards per chain, a collection's page, the market
 * and activity tabs, the player's stake and the daily staking report. Votes are whole points as JSON
 * integers; token amounts are base-unit strings; times ISO-8601 UTC.
 */
import { z } from 'zod';
import { chain, text, baseUnits, walletProof } from './schemas.ts';
import { openEnum } from './open-enum.ts';

// ---- wallets ----
export const wallet = z.object({
  id: z.number().int(),
  chain,
  address: z.string(),
  is_master: z.boolean(),
  is_current: z.boolean().describe("the session's active wallet (the wallet of sign-in until another is connected; none after a wallet disconnect)"),
  is_sign_in: z.boolean().describe('the wallet this session signed in with: the one wallet that cannot be unlinked in it (NOT_SET_ACTIVE_ADDRESS); the active wallet can be'),
  created_at: z.string(),
  synced_at: z.string().nullable(),
});
export type Wallet = z.infer<typeof wallet>;
/** A stake key the account proved (docs/game-rules.md §8.2): deposits from any address with this stake credential are its own. */
export const stakeKey = z.object({
  reward_address: z.string().describe('bech32 reward address (stake1… / stake_test1…)'),
  proved_at: z.string(),
});
export type StakeKey = z.infer<typeof stakeKey>;
export const walletsResponse = z.object({ wallets: z.array(wallet), stake_keys: z.array(stakeKey) });
export type WalletsResponse = z.infer<typeof walletsResponse>;

/**
 * Links another wallet with the same proof as sign-in (a challenge from `POST /auth/challenge`, then
 * `signature` (+ `key` for Cardano) or a hardware wallet's `tx`). `connected` is the address the
 * wallet extension reports; when given and different from `address`: ERROR_WALLET_NOT_MATCH.
 */
export const walletLinkRequest = z.strictObject({
  ...walletProof,
  connected: text(200).optional().describe("the wallet extension's current address"),
});
export type WalletLinkRequest = z.infer<typeof walletLinkRequest>;
/**
 * Links a wallet's stake key (docs/game-rules.md §8.2, docs/game-rules.md §8 "Deposits"): a challenge for the reward
 * address (`POST /auth/challenge {chain: "cardano", address: "stake…"}`), signed with CIP-30
 * `signData(rewardAddress, message)` (CIP-8: COSE_Sign1 + COSE_Key of the stake key).
 */
export const stakeLinkRequest = z.strictObject({
  address: text(200, 1).describe('the bech32 reward address'),
  message: text(2000, 1),
  signature: text(4000, 1),
  key: text(400, 1),
});
export type StakeLinkRequest = z.infer<typeof stakeLinkRequest>;
export const walletRefRequest = z.strictObject({ chain: chain.default('cardano'), address: text(200, 1) });
export const walletMasterRequest = z.strictObject({ address: text(200, 1) });

// ---- votes ----
/** A number of points as a request gives it; whether it is a whole number in range is the rule's call (VOTES_NOT_VALID_VALUE). */
export const votePoints = z.number().min(-1e15).max(1e15);
export const projectKey = z.string().min(1).max(64).regex(/^[a-z0-9-]+$/, 'a project slug');
export const votesLockRequest = z.strictObject({ amount: votePoints.describe('whole EXO to lock as points (1 EXO = 1 point)') });
export const votesChangeRequest = z.strictObject({ project: projectKey, votes: votePoints });
export const votesResponse = z.object({
  locked: z.number().int(),
  allocated: z.number().int(),
  free: z.number().int(),
  allocations: z.array(z.object({ project: z.string(), name: z.string(), chain, votes: z.number().int() })),
});
export type VotesResponse = z.infer<typeof votesResponse>;

// ---- leaderboards ----
export const league = z.enum(['gold', 'platinum', 'diamond', 'epic']).nullable();
export type LeagueName = z.infer<typeof league>;
export const stakingProject = z.object({
  project: z.string(),
  name: z.string(),
  chain,
  collection_key: z.string().describe('Cardano policy id or Solana collection address'),
  rank: z.number().int(),
  votes: z.number().int().describe('live votes'),
  league: league.describe('league frozen at the latest snapshot; null below Gold'),
  holders: z.number().int(),
  supply: z.number().int(),
  reward_per_nft: baseUnits.describe('daily reward per counting NFT for a land owner (others get half), base units'),
  reward_token: z.enum(['hexo', 'rune']),
  qualified: z.boolean().describe('qualified for this round at the latest snapshot'),
});
export type StakingProject = z.infer<typeof stakingProject>;
export const leaderboardQuery = z.strictObject({
  chain: chain.default('cardano'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: text(64).optional(),
});
export const leaderboardResponse = z.object({
  items: z.array(stakingProject),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  next_snapshot_at: z.string(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponse>;
export const projectParams = z.strictObject({ project: projectKey });
export const collectionResponse = z.object({
  project: stakingProject.nullable().describe('null when no project has this slug (the page shows its empty state)'),
  history: z.array(z.object({ taken_at: z.string(), votes: z.number().int(), qualified: z.boolean() })).describe('votes at each snapshot'),
  next_snapshot_at: z.string(),
});
export type CollectionResponse = z.infer<typeof collectionResponse>;
export const marketResponse = z.object({ items: z.array(stakingProject), next_snapshot_at: z.string() });
export type MarketResponse = z.infer<typeof marketResponse>;
export const activityQuery = z.strictObject({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const activityResponse = z.object({
  items: z.array(z.object({
    kind: openEnum(['votes_added', 'votes_removed', 'snapshot']),
    at: z.string(),
    project: z.string().nullable(),
    name: z.string().nullable(),
    votes: z.number().int().describe('points added/removed, or collections qualified at a snapshot'),
    player: z.string().nullable(),
  })),
  page: z.number().int(),
});
export type ActivityResponse = z.infer<typeof activityResponse>;

// ---- my stake and the daily report ----
export const stakingMineResponse = z.object({
  inactive: z.boolean().describe('no sign-in for 30 days: nothing accrues'),
  land_owner: z.boolean(),
  collections: z.array(z.object({
    project: z.string(),
    name: z.string(),
    chain,
    qualified: z.boolean(),
    league,
    reward_token: z.enum(['hexo', 'rune']),
    reward_per_day: baseUnits.describe('what the NFTs that count now earn per day'),
    nfts: z.array(z.object({ asset: z.string(), address: z.string(), held_since: z.string(), counts_from: z.string(), counts: z.boolean() })),
  })),
});
export type StakingMineResponse = z.infer<typeof stakingMineResponse>;
export const stakingReportParams = z.strictObject({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export const stakingReportResponse = z.object({
  day: z.string(),
  rows: z.array(z.object({
    source: z.enum(['nft', 'toolkit']),
    ref: z.string(),
    name: z.string(),
    token: z.enum(['hexo', 'rune']),
    nfts: z.number().int(),
    amount: baseUnits,
  })),
  totals: z.object({ hexo: baseUnits, rune: baseUnits }),
});
export type StakingReportResponse = z.infer<typeof stakingReportResponse>;

import { describe, expect, it } from 'vitest';
import {
  leagueForVotes, rewardPerNft, rankCollections, isValidVoteValue, MAX_VOTE_POINTS, isSnapshotInstant, nextSnapshotAt,
  settleDay,
} from '../src/index.ts';
import { STAKING_DAY, stakingWorld } from './support/edge-worlds.ts';

describe('leagues at their edges (docs/game-rules.md §5)', () => {
  it.each([
    [249_999n, 'none'], [250_000n, 'gold'], [499_999n, 'gold'], [500_000n, 'platinum'], [750_000n, 'diamond'],
    [1_000_000n, 'diamond'], [1_000_001n, 'epic'],
  ] as const)('%s votes → %s', (votes, league) => expect(leagueForVotes(votes)).toBe(league));
});

describe('reward per NFT', () => {
  it('is 10 × holders ÷ supply × league × owner factor, in base units rounded down', () => {
    // 10 × 500 / 1000 = 5 tokens; Epic ×2 = 10; non-owner ×0.5 = 5.
    expect(rewardPerNft(500, 1000, 'epic', false)).toBe(5_000_000n);
    expect(rewardPerNft(500, 1000, 'epic', true)).toBe(10_000_000n);
    expect(rewardPerNft(500, 1000, 'platinum', true)).toBe(6_250_000n);
    expect(rewardPerNft(500, 1000, 'diamond', true)).toBe(7_500_000n);
    expect(rewardPerNft(500, 1000, 'gold', true)).toBe(rewardPerNft(500, 1000, 'none', true));
    // 10 × 1 / 3 = 3.333333… → 3333333 base units (rounded down); non-owner 1666666.
    expect(rewardPerNft(1, 3, 'none', true)).toBe(3_333_333n);
    expect(rewardPerNft(1, 3, 'none', false)).toBe(1_666_666n);
    expect(rewardPerNft(10, 0, 'epic', true)).toBe(0n);
  });
});

describe('qualification (top 10 per chain or ≥ 250,000 votes)', () => {
  it('takes the top 10 per chain with ties broken by id, plus any collection at 250,000', () => {
    const list = [
      ...Array.from({ length: 12 }, (_, i) => ({ id: i + 1, chain: 'cardano' as const, votes: 100n })),
      { id: 50, chain: 'cardano' as const, votes: 250_000n },
      { id: 60, chain: 'solana' as const, votes: 0n },
    ];
    const r = rankCollections(list);
    expect(r.get(50)).toEqual({ rank: 1, qualified: true });
    expect(r.get(9)).toEqual({ rank: 10, qualified: true });
    expect(r.get(10)).toEqual({ rank: 11, qualified: false });
    expect(r.get(12)!.qualified).toBe(false);
    expect(r.get(60)).toEqual({ rank: 1, qualified: true });
  });
});

describe('snapshot schedule', () => {
  it('is every 14 days at 00:00 UTC', () => {
    const t = nextSnapshotAt(Date.parse('2026-11-22T10:00:00Z'));
    expect(isSnapshotInstant(t)).toBe(true);
    expect(new Date(t).toISOString().slice(11)).toBe('00:00:00.000Z');
    expect(nextSnapshotAt(t)).toBe(t + 14 * 86_400_000);
    expect(isSnapshotInstant(t + 86_400_000)).toBe(false);
  });
});

describe('vote points (docs/game-rules.md §5)', () => {
  it('moves a whole number from 1 to what is available, never past MAX_VOTE_POINTS', () => {
    expect(isValidVoteValue(1n, 1n)).toBe(true);
    expect(isValidVoteValue(10n, 10n)).toBe(true);
    expect(isValidVoteValue(0n, 10n)).toBe(false);
    expect(isValidVoteValue(-1n, 10n)).toBe(false);
    expect(isValidVoteValue(11n, 10n)).toBe(false);
    expect(isValidVoteValue(1n, 0n)).toBe(false);
    expect(isValidVoteValue(MAX_VOTE_POINTS, MAX_VOTE_POINTS + 5n)).toBe(true);
    expect(isValidVoteValue(MAX_VOTE_POINTS + 1n, MAX_VOTE_POINTS + 5n)).toBe(false);
  });
});

describe('the staking part of the tick (model)', () => {
  const DAY = 86_400_000;
  // 2026-01-15 00:00 UTC is a snapshot instant: the day 2026-01-14 ends there (the fixture is shared
  // with the server's differential test: support/edge-worlds.ts).
  const day = STAKING_DAY;
  const end = Date.parse('2026-01-15T00:00:00Z');
  const world = stakingWorld;

  it('takes the snapshot at the day end once, pays by its league; 24 h and 30-day rules', () => {
    expect(isSnapshotInstant(end)).toBe(true);
    const r = settleDay(world(), day);
    expect(r.world.snapshots.map((s) => s.takenAt)).toEqual([end - 14 * DAY, end]);
    // Epic at the new snapshot (1.2M): 10 × 500/1000 × 2.0 × 0.5 (no land) = 5 HEXO; NFT b is too new; user 2 inactive.
    expect(r.staking).toEqual([{ day, userId: 1, source: 'nft', ref: 'c1', name: 'One', token: 'hexo', nfts: 1, amount: 5_000_000n }]);
    expect(r.ledger.filter((e) => e.reason === 'staking_reward')).toEqual([{ userId: 1, asset: 'hexo', amount: 5_000_000n, reason: 'staking_reward', reference: `${day}:nft:c1` }]);
    expect(r.notifications.filter((n) => n.type === 'staking_daily_report')).toEqual([{ userId: 1, type: 'staking_daily_report', data: { day, hexo: '5000000', rune: '0' } }]);
    // Settling the result again takes no second snapshot.
    expect(settleDay(r.world, day).world.snapshots).toHaveLength(2);
  });

  it('mining tools pay their kind\'s daily HEXO (TOOLKIT); Solana collections pay RUNE', () => {
    const w = world({
      collections: [{ id: 1, chain: 'solana', name: 'One', holders: 500, supply: 1000, votes: 0n }],
      tools: [{ collectionKey: 'tools', assetKey: 't1', kindKey: 'alchemist_glove', name: 'Alchemist Glove', dailyHexo: 100_000_000n }],
    });
    w.holdings.push({ userId: 1, collectionKey: 'tools', assetKey: 't1' });
    const r = settleDay(w, day);
    expect(r.staking.map((x) => [x.source, x.token, x.amount])).toEqual([['nft', 'rune', 0n + rewardPerNft(500, 1000, 'none', false)], ['toolkit', 'hexo', 100_000_000n]]);
  });
});

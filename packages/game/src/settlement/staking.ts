/**
 * The staking part of the daily tick as a pure model (docs/game-rules.md §5). Runs first in `settleDay`, before the mines:
 *  1. when the day ends at a snapshot instant (every 14 days at 00:00 UTC) and no snapshot was taken
 *     then, one is taken: every collection's live votes, qualified when in its chain's top 10 (ties by
 *     id) or at ≥ 250,000 votes; its id is the largest id + 1;
 *  2. staking rewards: per player and collection qualified at the latest snapshot taken by the day's
 *     end, the holdings held ≥ 24 h by the day's end count; each pays
 *     {@link rewardPerNft}(holders, supply, league at the snapshot, land owner) in HEXO (Cardano) or
 *     RUNE (Solana); mining tools pay their kind's daily HEXO to each holder; players whose last
 *     sign-in is 30 days or more before the day's end (or who never signed in) get nothing;
 *  3. one report row per player, source and collection/tool kind with an amount > 0, a ledger entry
 *     per row (`staking_reward`, reference `<day>:<source>:<ref>`) and one 'staking_daily_report'
 *     notification per player with rows.
 * Mutates `world` (snapshots, balances) and appends to `ledger` and `notifications`.
 */
import { DAY_MS, dayStart } from '../days.ts';
import { leagueForVotes } from '../staking/leagues.ts';
import { isSnapshotInstant, rankCollections, rewardPerNft, stakingRewardToken, STAKE_INACTIVE_MS, STAKE_MIN_HELD_MS } from '../staking/rewards.ts';
import type { DayNotification, LedgerEntry, StakingDayRow, World, WorldSnapshot } from './world.ts';


/** Settles the Staking Hub's part of `day` (see the module comment). @returns the day's report rows */
export function settleStaking(world: World, day: string, ledger: LedgerEntry[], notifications: DayNotification[]): StakingDayRow[] {
  const end = dayStart(day) + DAY_MS;
  // A collection without Staking-Hub numbers counts as an empty Cardano one (no holders, no votes).
  const known = new Map(world.staking.collections.map((c) => [c.id, c]));
  const live = world.collections.map((c) => known.get(c.id) ?? { id: c.id, chain: 'cardano' as const, name: '', holders: 0, supply: 0, votes: 0n });

  // 1. The snapshot.
  if (isSnapshotInstant(end) && !world.snapshots.some((s) => s.takenAt === end)) {
    const ranks = rankCollections(live);
    const snap: WorldSnapshot = {
      id: world.snapshots.reduce((m, s) => Math.max(m, s.id), 0) + 1,
      takenAt: end,
      votes: live.map((c) => (ranks.get(c.id)!.qualified ? { collectionId: c.id, votes: c.votes } : { collectionId: c.id, votes: c.votes, qualified: false as const })),
    };
    world.snapshots.push(snap);
  }

  // 2. Rewards.
  const latest = world.snapshots.filter((s) => s.takenAt <= end).reduce<WorldSnapshot | null>((b, s) => (b === null || s.id > b.id ? s : b), null);
  const active = new Set(world.staking.lastLogin.filter((l) => l.at > end - STAKE_INACTIVE_MS).map((l) => l.userId));
  const since = new Map(world.staking.heldSince.map((h) => [`${h.userId}|${h.collectionKey}|${h.assetKey}`, h.at]));
  const landKeys = new Map(world.lands.map((l) => [`${l.collectionKey}|${l.assetKey}`, l.id]));
  const landHolders = new Map<number, number>();
  for (const h of world.holdings) {
    const landId = landKeys.get(`${h.collectionKey}|${h.assetKey}`);
    if (landId !== undefined) landHolders.set(landId, Math.min(landHolders.get(landId) ?? h.userId, h.userId));
  }
  const landOwners = new Set(landHolders.values());
  const byKey = new Map(world.collections.map((c) => [c.collectionKey, c.id]));
  const liveById = new Map(live.map((c) => [c.id, c]));
  const standing = new Map((latest?.votes ?? []).map((v) => [v.collectionId, v]));
  const toolByNft = new Map(world.staking.tools.map((t) => [`${t.collectionKey}|${t.assetKey}`, t]));

  const rows = new Map<string, StakingDayRow>();
  const add = (userId: number, source: 'nft' | 'toolkit', ref: string, name: string, token: 'hexo' | 'rune', amount: bigint) => {
    const k = `${userId}|${source}|${ref}`;
    const r = rows.get(k);
    if (r) {
      r.nfts += 1;
      r.amount += amount;
    } else rows.set(k, { day, userId, source, ref, name, token, nfts: 1, amount });
  };
  for (const h of world.holdings) {
    if (!active.has(h.userId)) continue;
    const tool = toolByNft.get(`${h.collectionKey}|${h.assetKey}`);
    if (tool) add(h.userId, 'toolkit', tool.kindKey, tool.name, 'hexo', tool.dailyHexo);
    const cid = byKey.get(h.collectionKey);
    const c = cid === undefined ? undefined : liveById.get(cid);
    const v = cid === undefined ? undefined : standing.get(cid);
    if (!c || !v || v.qualified === false) continue;
    const at = since.get(`${h.userId}|${h.collectionKey}|${h.assetKey}`);
    if (at !== undefined && at > end - STAKE_MIN_HELD_MS) continue;
    add(h.userId, 'nft', h.collectionKey, c.name, stakingRewardToken(c.chain), rewardPerNft(c.holders, c.supply, leagueForVotes(v.votes), landOwners.has(h.userId)));
  }

  // 3. Ledger, balances, notifications.
  const out = [...rows.values()].filter((r) => r.amount > 0n)
    .sort((a, b) => a.userId - b.userId || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0) || (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
  const totals = new Map<number, { hexo: bigint; rune: bigint }>();
  for (const r of out) {
    ledger.push({ userId: r.userId, asset: r.token, amount: r.amount, reason: 'staking_reward', reference: `${day}:${r.source}:${r.ref}` });
    const b = world.balances.find((x) => x.userId === r.userId && x.token === r.token);
    if (b) b.amount += r.amount;
    else world.balances.push({ userId: r.userId, token: r.token, amount: r.amount });
    const t = totals.get(r.userId) ?? { hexo: 0n, rune: 0n };
    t[r.token] += r.amount;
    totals.set(r.userId, t);
  }
  for (const [userId, t] of [...totals].sort((a, b) => a[0] - b[0])) {
    notifications.push({ userId, type: 'staking_daily_report', data: { day, hexo: t.hexo.toString(), rune: t.rune.toString() } });
  }
  return out;
}

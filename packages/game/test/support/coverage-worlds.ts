/**
 * Asserted coverage cases of the daily tick's differential test (`apps/server/test/tick/settlement-model.test.ts`):
 * hand-made worlds for rule edges the random worlds reach too rarely to guard the SQL (docs/game-rules.md §5,
 * docs/game-rules.md §5.6), each with a `check` that asserts, on the day's results, that the
 * edge really happens in the world — so that a later change of the world cannot make the case stop
 * covering its edge silently. The test replays each against the SQL tick (same results as the model
 * required) and then runs its check.
 *
 * Each case names the single-line SQL mutation it was proven to kill on PGlite and Postgres.
 */
import { expect } from 'vitest';
import { MINING_TOOL_POLICY_ID, miningToolAssetName } from '../../src/assets.ts';
import { dayStart } from '../../src/days.ts';
import { QUALIFY_TOP, QUALIFY_VOTES, STAKE_INACTIVE_MS } from '../../src/staking/rewards.ts';
import { MINING_TOOL_KINDS } from '../../src/vendor/catalogue.ts';
import type { DayResult, World } from '../../src/settlement/world.ts';
import { MANAGER_SLOT } from '../../src/mines/goldmine.ts';
import { DAY, PLENTY, STAKING_DAY, balancesOf, gold, hexo, land, stakingWorld, world as edgeWorld, type EdgeWorld } from './edge-worlds.ts';

/** A hand-made world and the assertion that it reaches the edge it is named for. */
export interface CoverageWorld extends EdgeWorld {
  /** Asserts the edge happens: `results` are the model's (= the SQL's) results of `days`, in order. */
  check: (results: DayResult[]) => void;
}

/** The staking day's end: 2026-01-15 00:00 UTC, a snapshot instant. */
const END = dayStart('2026-01-15');
const DAY_MS = 86_400_000;

/** Each collection's rank on its chain by live votes (ties: the smaller id first), as a snapshot ranks them. */
function chainRanks(w: World): Map<number, number> {
  const ranks = new Map<number, number>();
  for (const chain of ['cardano', 'solana'] as const) {
    const ranked = w.staking.collections.filter((c) => c.chain === chain)
      .sort((a, b) => (a.votes === b.votes ? a.id - b.id : a.votes > b.votes ? -1 : 1));
    ranked.forEach((c, i) => ranks.set(c.id, i + 1));
  }
  return ranks;
}

/**
 * The snapshot at the day's end where a Cardano collection outside the chain's top 10 has exactly
 * `QUALIFY_VOTES` (250,000) votes: it qualifies by votes alone (and pays its holder); the one at
 * 249,999 right below it does not. Kills `votes >= 250000` → `votes > 250000` in `snapshotRowsSql`.
 */
function snapshotAtThreshold(): CoverageWorld {
  // ids 1–10: 300,000 each (ranks 1–10), 11: exactly 250,000 (rank 11), 12: 249,999 (rank 12).
  const votes = [...Array.from({ length: 10 }, () => 300_000n), QUALIFY_VOTES, QUALIFY_VOTES - 1n];
  const base = stakingWorld();
  const world: World = {
    ...base,
    holdings: votes.map((_, i) => ({ userId: 1 + (i % 2), collectionKey: `q${i + 1}`, assetKey: 'n' })),
    collections: votes.map((_, i) => ({ id: i + 1, collectionKey: `q${i + 1}` })),
    snapshots: [],
    staking: {
      collections: votes.map((v, i) => ({ id: i + 1, chain: 'cardano' as const, name: `Q${i + 1}`, holders: 200, supply: 1000, votes: v })),
      heldSince: [],
      lastLogin: [{ userId: 1, at: END - 1 }, { userId: 2, at: END - 1 }],
      tools: [],
    },
  };
  return {
    name: 'a snapshot where a collection outside its chain’s top 10 has exactly 250,000 votes (and one 249,999)',
    days: [STAKING_DAY], world,
    check: ([r]) => {
      const ranks = chainRanks(world);
      const snap = r!.world.snapshots.find((s) => s.takenAt === END);
      expect(snap, 'a snapshot is taken at the day’s end').toBeDefined();
      const at = (votes: bigint) => snap!.votes.filter((v) => v.votes === votes && ranks.get(v.collectionId)! > QUALIFY_TOP)
        .map((v) => ({ rank: ranks.get(v.collectionId), qualified: v.qualified ?? true }));
      expect(at(QUALIFY_VOTES), 'outside the top 10 with exactly 250,000 votes: qualified').toEqual([{ rank: 11, qualified: true }]);
      expect(at(QUALIFY_VOTES - 1n), 'outside the top 10 with 249,999 votes: not qualified').toEqual([{ rank: 12, qualified: false }]);
      // the collection at exactly 250,000 (held by player 1) pays its NFT; the one at 249,999 pays nothing
      expect(r!.staking.filter((s) => s.ref === 'q11' || s.ref === 'q12').map((s) => [s.userId, s.ref])).toEqual([[1, 'q11']]);
    },
  };
}

/**
 * The 30-day inactivity rule on the mining-tool path: players 1, 2 and 3 each hold an Alchemist
 * Glove; player 2 last signed in exactly 30 days before the day's end (inactive: no HEXO), player 3
 * 30 days − 1 ms before it (active: paid). Kills `last_login_at > since` → `>=` in `_stake_active`.
 */
function toolsAtThirtyDays(): CoverageWorld {
  const glove = MINING_TOOL_KINDS.find((k) => k.key === 'alchemist_glove')!;
  const tool = (n: number) => ({ collectionKey: MINING_TOOL_POLICY_ID, assetKey: miningToolAssetName(n), kindKey: glove.key, name: glove.name, dailyHexo: glove.dailyHexo });
  const base = stakingWorld({
    tools: [tool(1), tool(2), tool(3)],
    lastLogin: [{ userId: 1, at: END - 1 }, { userId: 2, at: END - STAKE_INACTIVE_MS }, { userId: 3, at: END - STAKE_INACTIVE_MS + 1 }],
  });
  const world: World = {
    ...base,
    holdings: [...base.holdings, ...[1, 2, 3].map((userId) => ({ userId, collectionKey: MINING_TOOL_POLICY_ID, assetKey: miningToolAssetName(userId) }))],
  };
  return {
    name: 'mining tools of players signed in 30 days and 30 days − 1 ms before the day’s end',
    days: [STAKING_DAY], world,
    check: ([r]) => {
      expect(STAKE_INACTIVE_MS).toBe(30 * DAY_MS);
      const login = new Map(world.staking.lastLogin.map((l) => [l.userId, END - l.at]));
      expect([login.get(2), login.get(3)], 'signed in 30 days and 30 days − 1 ms before the end').toEqual([30 * DAY_MS, 30 * DAY_MS - 1]);
      expect(glove.dailyHexo > 0n).toBe(true);
      const paid = r!.staking.filter((s) => s.source === 'toolkit').sort((a, b) => a.userId - b.userId).map((s) => [s.userId, s.amount]);
      expect(paid, 'the tool of the player inactive for exactly 30 days pays nothing').toEqual([[1, glove.dailyHexo], [3, glove.dailyHexo]]);
    },
  };
}

/**
 * A short player with a paid manager: player 1 pays, in (land, slot) order, land 1's common worker
 * (10 HEXO) and its epic manager in slot 10 (5 HEXO), then land 2's first worker (10 HEXO), and has
 * nothing left for land 2's second: the salaries take the short-player path, and the manager, paid,
 * gives land 1's other worker +10% but not itself. Player 2 works elsewhere, so the shares depend
 * on the weights. Kills, in salaries.ts `computePay` (the `ws` step of the short path), the manager
 * boosting itself: `AND s.slot <> ${manager}::int` removed.
 */
function shortPlayerPaidManager(): CoverageWorld {
  const world = edgeWorld({
    lands: [land(1), land(2), land(3)],
    workers: [gold(1, 1, 1), gold(1, MANAGER_SLOT, 1, { rarity: 'epic' }), gold(2, 1, 1), gold(2, 2, 1), gold(3, 1, 2)],
    balances: [...balancesOf(1, { hexo: hexo(25) }), ...balancesOf(2, PLENTY)],
  });
  return {
    name: 'a short player whose manager is paid: its land’s other worker gets +10%, the manager itself not',
    days: [DAY], world,
    check: ([r]) => {
      const report = (landId: number) => r!.reports.find((x) => x.landId === landId && x.mine === 'goldmine')!;
      expect(r!.notifications.some((n) => n.userId === 1 && n.type === 'not_enough_balance' && n.data.mine === 'goldmine'), 'player 1 is short').toBe(true);
      expect([report(1).workers, report(1).workersWorked], 'land 1: its worker and its manager paid').toEqual([2, 2]);
      expect([report(2).workers, report(2).workersWorked], 'land 2: one of two paid').toEqual([2, 1]);
      // weights (docs/game-rules.md §3): land 1 = common × 110 % + epic × 100 %; land 3 = common × 100 %
      expect(report(1).exoMined > report(3).exoMined, 'land 1 outweighs land 3').toBe(true);
    },
  };
}

/** Every asserted coverage case of the tick. */
export function coverageWorlds(): CoverageWorld[] {
  return [snapshotAtThreshold(), toolsAtThirtyDays(), shortPlayerPaidManager()];
}

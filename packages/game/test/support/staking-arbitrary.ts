/**
 * The Staking-Hub part of the generated worlds (docs/game-rules.md §5), merged into `worldArbitrary`: live numbers
 * per collection on both chains (votes around every league edge, holders and supply including 0),
 * sign-ins from never to just now (around the 30-day edge), holdings acquired around the 24-hour
 * edge, mining tools of every kind, and a shift of the whole world by whole days so that the days
 * sometimes end at a snapshot instant (every 14 days at 00:00 UTC).
 */
import fc from 'fast-check';
import { MINING_TOOL_POLICY_ID, miningToolAssetName, utf8ToHex } from '../../src/assets.ts';
import { addDays, dayStart } from '../../src/days.ts';
import { MINING_TOOL_KINDS } from '../../src/vendor/catalogue.ts';
import type { World, WorldStaking } from '../../src/settlement/world.ts';

const H = 3_600_000;
const D = 24 * H;
const VOTES = [0n, 10n, 249_999n, 250_000n, 500_000n, 750_000n, 1_000_000n, 1_000_001n] as const;
/** Sign-in instants relative to the first day's 00:00 (the 30-day edge of the first day is −29 days exactly, of the second −28 days). */
const LOGIN_OFFSETS = [-40 * D, -30 * D, -29 * D - 1, -29 * D, -29 * D + 1, -28 * D, -D, 0, D + 1] as const;
/** Votes of the many-collections block: ties and values under, at and over the 250,000 qualification. */
const MANY_VOTES = [0n, 10n, 10n, 10n, 249_999n, 250_000n, 1_000_001n] as const;
/** Collection key of the many-collections block's collection `i`. */
const manyKey = (i: number) => `ba5e${i.toString(16).padStart(52, '0')}`;
/** Acquisition instants relative to the first day's 00:00 (the 24-hour edge falls around 0). */
const HELD_OFFSETS = [-10 * D, -H, 0, 0, 1, 6 * H, D, D, D + 1, 2 * D] as const;
/** Whole days to shift the world by: 0, or so that the first, second or third day ends at a snapshot (FIRST_DAY 2026-01-05). */
const SHIFTS = [0, 9, 8, 7] as const;

/** Raw Staking-Hub choices. */
export const stakingRawArb = fc.record({
  collections: fc.array(fc.record({
    solana: fc.boolean(),
    holders: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1000 })),
    supply: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 6, arbitrary: fc.integer({ min: 1, max: 5000 }) }),
    votes: fc.constantFrom(...VOTES),
  }), { minLength: 4, maxLength: 4 }),
  logins: fc.array(fc.option(fc.constantFrom(...LOGIN_OFFSETS), { nil: null, freq: 5 }), { minLength: 4, maxLength: 4 }),
  held: fc.array(fc.option(fc.constantFrom(...HELD_OFFSETS), { nil: null }), { minLength: 16, maxLength: 16 }),
  tools: fc.array(fc.record({ user: fc.integer({ min: 1, max: 4 }), kind: fc.integer({ min: 0, max: MINING_TOOL_KINDS.length - 1 }) }), { maxLength: 3 }),
  shift: fc.constantFrom(...SHIFTS),
  /**
   * Many collections on one chain (docs/architecture.md §8: the top-10 rule needs more than 10 per chain), each with an
   * NFT held by a player, votes from {@link MANY_VOTES} (ties at the rank-10 border included).
   */
  many: fc.option(fc.record({ solana: fc.boolean(), votes: fc.array(fc.constantFrom(...MANY_VOTES), { minLength: 10, maxLength: 13 }) }), { nil: null, freq: 3 }),
});
export type StakingRaw = typeof stakingRawArb extends fc.Arbitrary<infer T> ? T : never;

/** Shifts every instant of `w` and every day by `days` whole days. */
function shift(w: World, days: string[], n: number): { world: World; days: string[] } {
  if (n === 0) return { world: w, days };
  const ms = n * D;
  return {
    world: {
      ...w,
      snapshots: w.snapshots.map((s) => ({ ...s, takenAt: s.takenAt + ms })),
      workers: w.workers.map((x) => ({ ...x, assignedAt: x.assignedAt + ms })),
      upgrades: w.upgrades.map((u) => ({ ...u, endsAt: u.endsAt + ms })),
      staking: {
        ...w.staking,
        heldSince: w.staking.heldSince.map((h) => ({ ...h, at: h.at + ms })),
        lastLogin: w.staking.lastLogin.map((l) => ({ ...l, at: l.at + ms })),
      },
    },
    days: days.map((d) => addDays(d, n)),
  };
}

/** Adds the Staking-Hub block (and the tools' holdings) to a built world, then shifts it. */
export function withStaking({ world, days }: { world: World; days: string[] }, raw: StakingRaw): { world: World; days: string[] } {
  const t0 = dayStart(days[0]!);
  const players = [...new Set(world.balances.map((b) => b.userId))].sort((a, b) => a - b);
  const holdings = [...world.holdings];
  const many = (raw.many?.votes ?? []).map((votes, i) => ({ id: 201 + i, collectionKey: manyKey(i), votes }));
  many.forEach((c, i) => holdings.push({ userId: players[i % players.length]!, collectionKey: c.collectionKey, assetKey: utf8ToHex(`Many${i}`) }));
  const tools: WorldStaking['tools'] = raw.tools.map((t, i) => {
    const kind = MINING_TOOL_KINDS[t.kind]!;
    const userId = players[(t.user - 1) % players.length]!;
    const assetKey = miningToolAssetName(9000 + i);
    holdings.push({ userId, collectionKey: MINING_TOOL_POLICY_ID, assetKey });
    return { collectionKey: MINING_TOOL_POLICY_ID, assetKey, kindKey: kind.key, name: kind.name, dailyHexo: kind.dailyHexo };
  });
  const staking: WorldStaking = {
    collections: [
      ...world.collections.map((c, i) => {
        const r = raw.collections[i % raw.collections.length]!;
        return { id: c.id, chain: r.solana ? 'solana' as const : 'cardano' as const, name: `Collection ${c.id}`, holders: r.holders, supply: r.supply, votes: r.votes };
      }),
      ...many.map((c, i) => ({ id: c.id, chain: raw.many!.solana ? 'solana' as const : 'cardano' as const, name: `Many ${i}`, holders: 1 + ((i * 37) % 500), supply: 1000, votes: c.votes })),
    ],
    heldSince: holdings.flatMap((h, i) => {
      const off = raw.held[i % raw.held.length];
      return off == null ? [] : [{ userId: h.userId, collectionKey: h.collectionKey, assetKey: h.assetKey, at: t0 + off }];
    }),
    lastLogin: players.flatMap((u, i) => {
      const off = raw.logins[i % raw.logins.length];
      return off == null ? [] : [{ userId: u, at: t0 + off }];
    }),
    tools,
  };
  const collections = [...world.collections, ...many.map((c) => ({ id: c.id, collectionKey: c.collectionKey }))];
  return shift({ ...world, collections, holdings, staking }, days, raw.shift);
}

/**
 * A crowded chain (docs/game-rules.md §5.4): ten collections at or over 250,000 votes (ties at
 * 250,000 included) and one or two more at exactly 250,000 with larger ids, so that they rank 11th
 * and after — outside the top 10, qualifying by their votes alone. On the chain the many-collections
 * block is not on (its top-10 cases stay), each collection with an NFT held by a player. Generated
 * after everything else (the fifth element of `worldArbitrary`'s tuple), so the earlier draws of a
 * seed are unchanged.
 */
export const crowdedArb = fc.option(fc.record({
  above: fc.array(fc.constantFrom(250_000n, 300_000n, 1_000_001n), { minLength: 10, maxLength: 10 }),
  at: fc.integer({ min: 1, max: 2 }),
}), { nil: null, freq: 2 });
export type CrowdedRaw = typeof crowdedArb extends fc.Arbitrary<infer T> ? T : never;

/** Collection key of the crowded chain's collection `i`. */
const crowdKey = (i: number) => `c0de${i.toString(16).padStart(52, '0')}`;

/** Adds the crowded chain (ids 301…) to a world with its Staking-Hub block (see {@link crowdedArb}). */
export function withCrowdedChain({ world, days }: { world: World; days: string[] }, c: CrowdedRaw, st: StakingRaw): { world: World; days: string[] } {
  if (c === null) return { world, days };
  const chain = st.many?.solana ? 'cardano' as const : 'solana' as const;
  const players = [...new Set(world.balances.map((b) => b.userId))].sort((a, b) => a - b);
  const votes = [...c.above, ...Array.from({ length: c.at }, () => 250_000n)];
  const crowd = votes.map((v, i) => ({ id: 301 + i, collectionKey: crowdKey(i), votes: v }));
  return {
    world: {
      ...world,
      collections: [...world.collections, ...crowd.map((x) => ({ id: x.id, collectionKey: x.collectionKey }))],
      holdings: [...world.holdings, ...crowd.map((x, i) => ({ userId: players[i % players.length]!, collectionKey: x.collectionKey, assetKey: utf8ToHex(`Crowd${i}`) }))],
      staking: {
        ...world.staking,
        collections: [...world.staking.collections, ...crowd.map((x, i) => ({ id: x.id, chain, name: `Crowd ${i}`, holders: 10 + i, supply: 1000, votes: x.votes }))],
      },
    },
    days,
  };
}

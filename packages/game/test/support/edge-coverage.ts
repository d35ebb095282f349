/**
 * Which documented edges of the daily tick a settled day reached (docs/architecture.md §8): a small classifier over
 * the world before the day and the model's result, for the coverage table the differential test
 * (`apps/server/test/tick/settlement-model.test.ts`) prints and asserts. Each case is counted only where
 * it decides something the SQL writes, so a mutation of the SQL at that edge changes the result.
 * Rules: docs/game-rules.md §3, §5, §6 and docs/game-rules.md.
 */
import { dayStart } from '../../src/days.ts';
import { EFFECTIVITY_BOUNDS_PERCENT } from '../../src/mines/rules.ts';
import { MANAGER_SLOT, WORKER_QUALIFY_VOTES } from '../../src/mines/goldmine.ts';
import { LEAGUE_THRESHOLDS } from '../../src/staking/leagues.ts';
import { QUALIFY_TOP, QUALIFY_VOTES, STAKE_INACTIVE_MS, STAKE_MIN_HELD_MS } from '../../src/staking/rewards.ts';
import { settleDay } from '../../src/settlement/settle-day.ts';
import type { DayResult, World, WorldSnapshot } from '../../src/settlement/world.ts';

/** The edges the coverage table counts, with what reaching each means. */
export const EDGE_CASES = {
  'effectivity 0': 'a mine with open slots and roster workers of which none worked',
  'effectivity =40%': 'worked × 100 = 40 × open slots (rating 2, not 1)',
  'effectivity =60%': 'worked × 100 = 60 × open slots (rating 3, not 2)',
  'effectivity =80%': 'worked × 100 = 80 × open slots (rating 4, not 3)',
  'effectivity 100%': 'every open slot worked (rating 5)',
  'manager paid': 'a paid manager gives its land’s other workers +10% while others elsewhere work too',
  'manager unpaid': 'a manager on the roster but unpaid (no +10%) while its land’s other workers and others elsewhere work',
  'salary = budget, all paid': 'a player’s gold salaries take its HEXO to exactly 0, everyone paid (the budget equals the total)',
  'salary = budget, some unpaid': 'a short player’s last paid worker’s running sum equals its HEXO exactly',
  'land held twice': 'a land NFT held by two accounts (the smaller id owns it) with workers, an upgrade or a royalty depending on it',
  'top-10 decides': 'a snapshot taken by the tick where a chain has more than 10 collections and rank decides qualification under 250,000 votes',
  'top-10 tie': 'that snapshot has equal votes at ranks 10 and 11 of a chain (the smaller id qualifies)',
  '250,000 outside the top 10': 'that snapshot has a collection ranked 11th or after on its chain with exactly 250,000 votes (it qualifies)',
  'worker at 250,000': 'a gold NFT worker whose collection has exactly 250,000 or 249,999 votes at the latest snapshot',
  'league floor pays': 'a staking reward of a collection at exactly a league bound (250,000, 500,000, 750,000, 1,000,000 or 1,000,001 votes)',
  'held 24 h exactly': 'an NFT acquired exactly 24 h before the day’s end pays (one ms later would not)',
  'sign-in 30 days exactly': 'a player whose last sign-in is exactly 30 days before the day’s end, who would be paid one ms later',
  'upgrade ends at day end': 'an upgrade in progress ending exactly at the day’s end (it finishes that day)',
  'assigned at day start': 'a worker assigned exactly at the day’s 00:00 (not on that day’s roster)',
  're-rated': 'a snapshot inside (start, end] changes a gold NFT worker’s rarity',
  'snapshot at day start': 'a snapshot exactly at the day’s 00:00 that would re-rate a worker one ms later (it does not: (start, end])',
} as const;
export type EdgeCase = keyof typeof EDGE_CASES;

const DAY_MS = 86_400_000;

/** The latest snapshot taken by `end` (the largest id), or null. */
function latestBy(snapshots: readonly WorldSnapshot[], end: number): WorldSnapshot | null {
  return snapshots.filter((s) => s.takenAt <= end).reduce<WorldSnapshot | null>((b, s) => (b === null || s.id > b.id ? s : b), null);
}

/** The staking rows of `r` as comparable text. */
const stakingKey = (r: DayResult) => JSON.stringify(r.staking, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** The edges `day` reached, settling `before` into `r` (the model's result for that day). */
export function edgesReached(before: World, day: string, r: DayResult): Set<EdgeCase> {
  const out = new Set<EdgeCase>();
  const start = dayStart(day);
  const end = start + DAY_MS;
  const gold = r.reports.filter((x) => x.mine === 'goldmine');
  const goldWorked = r.totals.goldmineWorkersWorked;

  // Effectivity bounds (docs/game-rules.md §3), both mine kinds.
  for (const x of r.reports) {
    if (x.openSlots <= 0) continue;
    if (x.workersWorked === 0) out.add('effectivity 0');
    if (x.workersWorked >= x.openSlots) out.add('effectivity 100%');
    const [a, b, c] = EFFECTIVITY_BOUNDS_PERCENT;
    if (x.workersWorked * 100 === a * x.openSlots) out.add('effectivity =40%');
    if (x.workersWorked * 100 === b * x.openSlots) out.add('effectivity =60%');
    if (x.workersWorked * 100 === c * x.openSlots) out.add('effectivity =80%');
  }

  // The manager (docs/game-rules.md §3.6): every roster worker of a land is its owner's, paid as a
  // prefix in slot order, so the manager (slot 10, last) is unpaid exactly when some worker is.
  const managedLands = new Set(r.world.workers.filter((w) => w.mine === 'goldmine' && w.slot === MANAGER_SLOT && w.assignedAt < start).map((w) => w.landId));
  for (const x of gold) {
    if (!managedLands.has(x.landId) || goldWorked <= x.workersWorked) continue;
    if (x.workersWorked === x.workers && x.workers >= 2) out.add('manager paid');
    if (x.workersWorked > 0 && x.workersWorked < x.workers) out.add('manager unpaid');
  }

  // Salary equal to the budget: HEXO before the mines (after staking) minus the gold salaries is 0.
  for (const u of new Set(r.ledger.filter((e) => e.reason === 'goldmine_salary' && e.amount < 0n).map((e) => e.userId))) {
    const was = before.balances.find((b) => b.userId === u && b.token === 'hexo')?.amount ?? 0n;
    const staked = r.staking.filter((s) => s.userId === u && s.token === 'hexo').reduce((a, s) => a + s.amount, 0n);
    const salary = r.ledger.filter((e) => e.userId === u && e.reason === 'goldmine_salary' && e.asset === 'hexo').reduce((a, e) => a + e.amount, 0n);
    const short = r.notifications.some((n) => n.userId === u && n.type === 'not_enough_balance' && n.data.mine === 'goldmine');
    if (salary < 0n && was + staked + salary === 0n) out.add(short ? 'salary = budget, some unpaid' : 'salary = budget, all paid');
  }

  // A land NFT held by two accounts, with something depending on who owns it.
  const royalty = r.ledger.some((e) => e.reason === 'shop_royalty');
  for (const l of before.lands) {
    const holders = new Set(before.holdings.filter((h) => h.collectionKey === l.collectionKey && h.assetKey === l.assetKey).map((h) => h.userId));
    if (holders.size < 2) continue;
    if (royalty || before.workers.some((w) => w.landId === l.id) || before.upgrades.some((u) => u.landId === l.id && u.status === 'in_progress' && u.endsAt <= end)) out.add('land held twice');
  }

  // The snapshot the tick took at the day's end: top-10 qualification (docs/game-rules.md §5).
  const taken = r.world.snapshots.find((s) => s.takenAt === end && !before.snapshots.some((b) => b.takenAt === end));
  if (taken) {
    const chainOf = new Map(before.staking.collections.map((c) => [c.id, c.chain]));
    for (const chain of ['cardano', 'solana'] as const) {
      const ranked = taken.votes.filter((v) => (chainOf.get(v.collectionId) ?? 'cardano') === chain)
        .sort((a, b) => (a.votes === b.votes ? a.collectionId - b.collectionId : a.votes > b.votes ? -1 : 1));
      if (ranked.length <= QUALIFY_TOP) continue;
      if (ranked.slice(QUALIFY_TOP).some((v) => v.votes === QUALIFY_VOTES)) out.add('250,000 outside the top 10');
      const tenth = ranked[QUALIFY_TOP - 1]!;
      const eleventh = ranked[QUALIFY_TOP]!;
      if (tenth.votes < QUALIFY_VOTES && eleventh.votes < QUALIFY_VOTES) out.add('top-10 decides');
      if (tenth.votes === eleventh.votes && tenth.votes < QUALIFY_VOTES) out.add('top-10 tie');
    }
  }

  // Votes at the latest snapshot: the worker threshold and the league bounds of staking rewards.
  const latest = latestBy(r.world.snapshots, end);
  const votesByKey = new Map<string, bigint>();
  const keyOf = new Map(before.collections.map((c) => [c.id, c.collectionKey]));
  for (const v of latest?.votes ?? []) {
    const k = keyOf.get(v.collectionId);
    if (k !== undefined) votesByKey.set(k, v.votes);
  }
  for (const w of before.workers) {
    if (w.mine !== 'goldmine' || w.kind !== 'nft' || w.collectionKey === null) continue;
    const v = votesByKey.get(w.collectionKey);
    if (v === WORKER_QUALIFY_VOTES || v === WORKER_QUALIFY_VOTES - 1n) out.add('worker at 250,000');
  }
  const t = LEAGUE_THRESHOLDS;
  const floors = new Set([t.gold, t.platinum, t.diamond, t.epic, t.epic + 1n]);
  for (const s of r.staking) {
    const v = s.source === 'nft' ? votesByKey.get(s.ref) : undefined;
    if (v !== undefined && floors.has(v) && s.amount > 0n) out.add('league floor pays');
  }

  // Time edges of staking, by nudging the instant across the edge and seeing the rewards change.
  const heldEdge = before.staking.heldSince.filter((h) => h.at === end - STAKE_MIN_HELD_MS);
  if (heldEdge.length > 0) {
    const nudged = { ...before, staking: { ...before.staking, heldSince: before.staking.heldSince.map((h) => (h.at === end - STAKE_MIN_HELD_MS ? { ...h, at: h.at + 1 } : h)) } };
    if (stakingKey(settleDay(nudged, day)) !== stakingKey(r)) out.add('held 24 h exactly');
  }
  const loginEdge = before.staking.lastLogin.filter((l) => l.at === end - STAKE_INACTIVE_MS);
  if (loginEdge.length > 0) {
    const nudged = { ...before, staking: { ...before.staking, lastLogin: before.staking.lastLogin.map((l) => (l.at === end - STAKE_INACTIVE_MS ? { ...l, at: l.at + 1 } : l)) } };
    if (stakingKey(settleDay(nudged, day)) !== stakingKey(r)) out.add('sign-in 30 days exactly');
  }

  if (before.upgrades.some((u) => u.status === 'in_progress' && u.endsAt === end)) out.add('upgrade ends at day end');
  const stayed = new Set(r.world.workers.map((w) => `${w.landId}:${w.mine}:${w.slot}`));
  if (before.workers.some((w) => w.assignedAt === start && stayed.has(`${w.landId}:${w.mine}:${w.slot}`))) out.add('assigned at day start');
  const rarityBefore = new Map(before.workers.map((w) => [`${w.landId}:${w.mine}:${w.slot}`, w.rarity]));
  if (r.world.workers.some((w) => rarityBefore.get(`${w.landId}:${w.mine}:${w.slot}`) !== w.rarity)) out.add('re-rated');
  if (before.snapshots.some((s) => s.takenAt === start)) {
    const nudged = { ...before, snapshots: before.snapshots.map((s) => (s.takenAt === start ? { ...s, takenAt: s.takenAt + 1 } : s)) };
    const rarities = (w: World) => JSON.stringify(w.workers.map((x) => `${x.landId}:${x.mine}:${x.slot}:${x.rarity}`).sort());
    if (rarities(settleDay(nudged, day).world) !== rarities(r.world)) out.add('snapshot at day start');
  }
  return out;
}

/**
 * The differential test of quest progress (docs/game-rules.md §14.4), on both databases, as the
 * tick's differential test does it (apps/server/test/tick/settlement-model.test.ts): fast-check
 * generates small worlds of the facts progress reads — workers assigned to both mine kinds, vendor
 * purchases and EXO orders (packs and rounds, paid or not), vote books going up and down, deposits
 * (EXO, HEXO and tokens that do not count), EXO order credits, mine upgrades in every status, report
 * spans of both mine kinds at every rating (0–5) over settled days, the mines' EXO credits of both
 * kinds — at random instants and at period edges (00:00, ± 1 ms). Each world is written to the
 * tables, and every player's progress from the server's SQL (`progressOfPlayers`, all periods in
 * one statement and each period alone) must equal the pure model `questProgress` over the same
 * facts, for every quest kind and every daily and weekly period around one week.
 *
 * Edges: each case below is counted where it changes a player's progress in some period if the SQL
 * got it wrong; the table is printed and each case asserted in at least MIN_SHARE of the worlds of
 * the fixed seed.
 *
 * Proven (one-line mutations of modules/quests/repository.ts progressSql, each made alone, failing
 * this file on PGlite and Postgres):
 *   add_votes `GREATEST(COALESCE(sum(delta) …, 0), 0)` → `COALESCE(sum(delta) …, 0)`   (net below zero counted)
 *   excellent_mine_days `d.effectivity = 5` → `d.effectivity >= 4`                       (Good counted as Excellent)
 *   exo_mined `reason IN ('goldmine_reward', 'frenmine_reward')` → `reason IN ('goldmine_reward')` (fren EXO left out)
 *   deposits `reason = 'deposit'` → `reason IN ('deposit', 'exo_order')`                 (an EXO order's credit as a deposit)
 *   assign_workers `FROM mine_workers WHERE` → `… WHERE mine = 'goldmine' AND`           (fren assignments left out)
 *   upgrades_started `FROM mine_upgrades WHERE` → `… WHERE status = 'in_progress' AND`   (only upgrades in progress)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { QUEST_KINDS, addDays, dayStart, gameDay, questPeriodOf, questProgress, type QuestFacts, type QuestPeriod } from '@kingdom/game';
import { exec, type Orm } from '../../src/db/client.ts';
import { progressOfPlayers } from '../../src/modules/quests/repository.ts';
import { createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';

const DAY = 86_400_000;
/** The week the periods surround (Monday 2026-11-23). */
const WEEK = questPeriodOf('weekly', Date.parse('2026-11-25T12:00:00Z'));
/** Facts fall in [LO, HI): a week and a day either side of the periods. */
const LO = WEEK.startsAt - 8 * DAY;
const HI = WEEK.endsAt + 8 * DAY;
const DAYS = (HI - LO) / DAY;
/** The settled days (`game_days`): the day before LO through the day before HI. */
const FIRST_SETTLED = gameDay(LO - DAY);
const LAST_SETTLED = gameDay(HI - DAY);
/** Daily periods from two days before the week to the day after it; the weeks before, of and after. */
const PERIODS: QuestPeriod[] = [
  ...Array.from({ length: 11 }, (_, i) => questPeriodOf('daily', WEEK.startsAt + (i - 2) * DAY)),
  ...[-1, 0, 1].map((w) => questPeriodOf('weekly', WEEK.startsAt + w * 7 * DAY)),
];
const MAX_PLAYERS = 4;
/** Periods also asked for alone: the week's Monday and the week. */
const ALONE = [PERIODS.findIndex((p) => p.kind === 'daily' && p.startsAt === WEEK.startsAt), PERIODS.findIndex((p) => p.kind === 'weekly' && p.startsAt === WEEK.startsAt)];
const LANDS_PER_PLAYER = 2;
const landId = (u: number, j: number) => 10 * u + j;

// ---- the generated world ----

/** An instant: anywhere in [LO, HI), or a day's 00:00 ± 1 ms (every period edge is one). */
const instant = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: LO, max: HI - 1 }) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: DAYS - 1 }), fc.constantFrom(-1, 0, 1)).map(([d, e]) => LO + d * DAY + e) },
);
const mineKind = fc.constantFrom('goldmine' as const, 'frenmine' as const);

const playerArb = fc.record({
  workers: fc.array(fc.record({ mine: mineKind, land: fc.integer({ min: 0, max: LANDS_PER_PLAYER - 1 }), slot: fc.integer({ min: 1, max: 5 }), at: instant }), { maxLength: 6 }),
  purchases: fc.array(instant, { maxLength: 3 }),
  orders: fc.array(fc.record({ source: fc.constantFrom('pack' as const, 'round' as const), status: fc.constantFrom('paid' as const, 'awaiting_payment' as const, 'expired' as const), at: instant }), { maxLength: 3 }),
  /** Vote changes: additions and removals, removals often larger (books going down). */
  votes: fc.array(fc.record({ at: instant, delta: fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: -900, max: -1 })) }), { maxLength: 6 }),
  deposits: fc.array(fc.record({ asset: fc.constantFrom('exo', 'hexo', 'exo', 'hexo', 'food', 'rune'), amount: fc.bigInt({ min: 1n, max: 10n ** 12n }), at: instant }), { maxLength: 3 }),
  /** Credits of paid EXO orders (ledger reason `exo_order`): not deposits. */
  orderCredits: fc.array(fc.record({ amount: fc.bigInt({ min: 1n, max: 10n ** 12n }), at: instant }), { maxLength: 2 }),
  upgrades: fc.array(fc.record({ mine: mineKind, land: fc.integer({ min: 0, max: LANDS_PER_PLAYER - 1 }), status: fc.constantFrom('in_progress' as const, 'success' as const, 'failed' as const), at: instant }), { maxLength: 3 }),
  /** Report spans per land and mine kind: gaps, lengths and ratings (0–5); the last one maybe still open. */
  spans: fc.array(fc.record({
    mine: mineKind, land: fc.integer({ min: 0, max: LANDS_PER_PLAYER - 1 }), start: fc.integer({ min: 0, max: DAYS }),
    parts: fc.array(fc.record({ gap: fc.integer({ min: 0, max: 2 }), len: fc.integer({ min: 1, max: 5 }), eff: fc.integer({ min: 0, max: 5 }) }), { minLength: 1, maxLength: 6 }),
    open: fc.boolean(),
  }), { maxLength: 3 }),
  /** The mines' EXO credits per settled day (reference = the day, at its end), either kind. */
  rewards: fc.array(fc.record({ day: fc.integer({ min: 0, max: DAYS }), mine: mineKind, amount: fc.bigInt({ min: 1n, max: 10n ** 10n }) }), { maxLength: 8 }),
});
const worldArb = fc.array(playerArb, { minLength: 1, maxLength: MAX_PLAYERS });
type RawPlayer = typeof playerArb extends fc.Arbitrary<infer T> ? T : never;

interface Span { mine: 'goldmine' | 'frenmine'; landId: number; userId: number; first: string; last: string | null; eff: number }
interface Player {
  userId: number;
  workers: Array<{ mine: 'goldmine' | 'frenmine'; landId: number; slot: number; at: number }>;
  purchases: number[];
  orders: RawPlayer['orders'];
  votes: RawPlayer['votes'];
  deposits: RawPlayer['deposits'];
  orderCredits: RawPlayer['orderCredits'];
  upgrades: Array<{ mine: 'goldmine' | 'frenmine'; landId: number; status: 'in_progress' | 'success' | 'failed'; at: number }>;
  spans: Span[];
  rewards: Array<{ day: string; mine: 'goldmine' | 'frenmine'; amount: bigint }>;
}

/** The raw choices as a world that keeps the database's constraints (one worker a slot, one upgrade in progress a mine, spans apart). */
function build(raw: RawPlayer[]): Player[] {
  return raw.map((r, i) => {
    const userId = i + 1;
    const slots = new Set<string>();
    const workers = r.workers.map((w) => ({ mine: w.mine, landId: landId(userId, w.land), slot: w.slot, at: w.at }))
      .filter((w) => !slots.has(`${w.landId}:${w.mine}:${w.slot}`) && slots.add(`${w.landId}:${w.mine}:${w.slot}`));
    const running = new Set<string>();
    const upgrades = r.upgrades.map((u) => {
      const key = `${landId(userId, u.land)}:${u.mine}`;
      const status = u.status === 'in_progress' && running.has(key) ? 'success' as const : u.status;
      if (status === 'in_progress') running.add(key);
      return { mine: u.mine, landId: landId(userId, u.land), status, at: u.at };
    });
    const spans: Span[] = [];
    const spanned = new Set<string>();
    for (const s of r.spans) {
      const key = `${landId(userId, s.land)}:${s.mine}`;
      if (spanned.has(key)) continue;
      spanned.add(key);
      let cur = s.start;
      for (const [j, p] of s.parts.entries()) {
        const first = cur + p.gap;
        const last = first + p.len - 1;
        const open = s.open && j === s.parts.length - 1;
        spans.push({ mine: s.mine, landId: landId(userId, s.land), userId, first: addDays(FIRST_SETTLED, first), last: open ? null : addDays(FIRST_SETTLED, last), eff: p.eff });
        cur = last + 1;
      }
    }
    const rewarded = new Set<string>();
    const rewards = r.rewards.map((x) => ({ day: addDays(FIRST_SETTLED, x.day), mine: x.mine, amount: x.amount }))
      .filter((x) => x.day <= LAST_SETTLED && !rewarded.has(`${x.day}:${x.mine}`) && rewarded.add(`${x.day}:${x.mine}`));
    return { userId, workers, purchases: r.purchases, orders: r.orders, votes: r.votes, deposits: r.deposits, orderCredits: r.orderCredits, upgrades, spans, rewards };
  });
}

/** The settled days a span covers (an open span: through the last settled day). */
function spanDays(s: Span): string[] {
  const out: string[] = [];
  for (let d = s.first; d <= (s.last ?? LAST_SETTLED) && d <= LAST_SETTLED; d = addDays(d)) if (d >= FIRST_SETTLED) out.push(d);
  return out;
}

/** A player's facts as the model reads them (docs/game-rules.md §14.4), from the world, not from the tables. */
function factsOf(p: Player): QuestFacts {
  return {
    workersAssigned: p.workers.map((w) => w.at),
    vendorPurchases: [...p.purchases, ...p.orders.filter((o) => o.source === 'pack' && o.status === 'paid').map((o) => o.at)],
    votesAdded: p.votes.map((v) => ({ at: v.at, votes: BigInt(v.delta) })),
    deposits: p.deposits.filter((d) => d.asset === 'exo' || d.asset === 'hexo').map((d) => d.at),
    upgradesStarted: p.upgrades.map((u) => u.at),
    mineDays: p.spans.flatMap((s) => spanDays(s).map((day) => ({ day, effectivity: s.eff }))),
    exoMined: p.rewards.map((r) => ({ at: dayStart(r.day) + DAY, amount: r.amount })),
  };
}

// ---- loading ----

const TABLES = 'mine_workers, roster_changes, mine_rosters, vendor_purchases, exo_orders, vote_events, vote_allocations, vote_books, ledger_entries, mine_upgrades, mine_daily, game_days, achievement_checks, balances, wallets, lands, collections, users';
const values = (rows: ReturnType<typeof sql>[]) => sql.join(rows, sql`, `);

/** Replaces the database's facts with the world's. */
async function load(tx: Orm, players: Player[]): Promise<void> {
  await exec(tx, sql.raw(`TRUNCATE ${TABLES} RESTART IDENTITY CASCADE`));
  await exec(tx, sql`INSERT INTO users (id, name) VALUES ${values(players.map((p) => sql`(${p.userId}, ${`player ${p.userId}`})`))}`);
  await exec(tx, sql`INSERT INTO lands (id, hex_name, name, q, r, size, biome, collection_key, asset_key, goldmine_level, frenmine_level) VALUES ${values(players.flatMap((p) =>
    Array.from({ length: LANDS_PER_PLAYER }, (_, j) => landId(p.userId, j)).map((id) => sql`(${id}, ${`hex-${id}`}, ${`Land ${id}`}, ${id}, 0, 'SUPERLARGE', 'forest', 'qland', ${`land${id}`}, 10, 5)`)))}`);
  await exec(tx, sql`INSERT INTO collections (id, slug, chain, collection_key, name, supply, holders) VALUES (1, 'c1', 'cardano', 'c0ffee01', 'Collection 1', 100, 10)`);
  const rows = <T>(pick: (p: Player) => T[], row: (p: Player, x: T, i: number) => ReturnType<typeof sql>) => players.flatMap((p) => pick(p).map((x, i) => row(p, x, i)));
  const insert = async (head: ReturnType<typeof sql>, r: ReturnType<typeof sql>[]) => { if (r.length) await exec(tx, sql`${head} VALUES ${values(r)}`); };
  await insert(sql`INSERT INTO mine_workers (land_id, mine, slot, user_id, kind, collection_key, asset_key, rarity, assigned_at)`, rows((p) => p.workers, (p, w) =>
    sql`(${w.landId}, ${w.mine}, ${w.slot}, ${p.userId}, 'nft', 'c0ffee01', ${`w${w.landId}-${w.mine}-${w.slot}`}, 'common', ${new Date(w.at)})`));
  await insert(sql`INSERT INTO vendor_purchases (user_id, idempotency_key, request_hash, item, quantity, token, amount, response, royalty_day, created_at)`, rows((p) => p.purchases, (p, at, i) =>
    sql`(${p.userId}, ${`buy-${i}`}, '', 'food_100', 1, 'hexo', 100000000, '{}'::jsonb, ${gameDay(at)}, ${new Date(at)})`));
  await insert(sql`INSERT INTO exo_orders (user_id, idempotency_key, request_hash, source, pack, exo, lovelace, status, created_at, expires_at)`, rows((p) => p.orders, (p, o, i) =>
    sql`(${p.userId}, ${`order-${i}`}, 'h', ${o.source}, ${o.source === 'pack' ? 'exo_1k' : null}, 1000000000, 18730000, ${o.status}, ${new Date(o.at)}, ${new Date(o.at + 1_800_000)})`));
  await insert(sql`INSERT INTO vote_events (user_id, collection_id, delta, total_after, created_at)`, rows((p) => p.votes, (p, v) =>
    sql`(${p.userId}, 1, ${v.delta}, 0, ${new Date(v.at)})`));
  const ledger = [
    ...rows((p) => p.deposits, (p, d, i) => sql`(${p.userId}, ${d.asset}, ${d.amount.toString()}::numeric, 'deposit', ${`dep-${i}`}, ${new Date(d.at)})`),
    ...rows((p) => p.orderCredits, (p, c, i) => sql`(${p.userId}, 'exo', ${c.amount.toString()}::numeric, 'exo_order', ${`sig-${p.userId}-${i}`}, ${new Date(c.at)})`),
    ...rows((p) => p.rewards, (p, r) => sql`(${p.userId}, 'exo', ${r.amount.toString()}::numeric, ${`${r.mine}_reward`}, ${r.day}, ${new Date(dayStart(r.day) + DAY)})`),
    // salaries of the same days: not EXO mined
    ...rows((p) => p.rewards, (p, r) => sql`(${p.userId}, 'hexo', -20000000, ${`${r.mine}_salary`}, ${r.day}, ${new Date(dayStart(r.day) + DAY)})`),
  ];
  await insert(sql`INSERT INTO ledger_entries (user_id, asset, amount, reason, reference, created_at)`, ledger);
  await insert(sql`INSERT INTO mine_upgrades (land_id, mine, user_id, target_level, item_key, started_at, ends_at, status)`, rows((p) => p.upgrades, (p, u) =>
    sql`(${u.landId}, ${u.mine}, ${p.userId}, 5, 'toolkit_5', ${new Date(u.at)}, ${new Date(u.at + 3_600_000)}, ${u.status})`));
  const settled: string[] = [];
  for (let d = FIRST_SETTLED; d <= LAST_SETTLED; d = addDays(d)) settled.push(d);
  await exec(tx, sql`INSERT INTO game_days (day, settled_at) VALUES ${values(settled.map((d) => sql`(${d}, ${new Date(dayStart(d) + DAY)})`))}`);
  await insert(sql`INSERT INTO mine_daily (first_day, last_day, land_id, mine, user_id, open_slots, workers, workers_worked, salary_paid, salary_token, effectivity)`, rows((p) => p.spans, (_p, s) =>
    sql`(${s.first}, ${s.last}, ${s.landId}, ${s.mine}, ${s.userId}, 5, 5, ${s.eff}, 0, ${s.mine === 'goldmine' ? 'hexo' : 'food'}, ${s.eff})`));
}

// ---- the cases ----

const EDGES = {
  'net votes below zero': 'a player removes more vote points than it adds in a period (progress 0, not negative)',
  'Good mine-day': 'a mine-day rated Good (4) is reported in a period (not Excellent)',
  'Excellent mine-day': 'a mine-day rated Excellent (5) is reported in a period',
  'rating 0 reported': 'a mine-day rated 0 (nobody worked) is reported in a period',
  'rating 1–3 reported': 'a mine-day rated 1, 2 or 3 is reported in a period',
  'report of the day before': 'an Excellent mine-day of the day before a daily period counts in it (published at its 00:00)',
  'fren EXO mined': 'a fren mine EXO credit is published in a period',
  'EXO order credit': 'an EXO order’s credit (ledger reason exo_order) falls in a period (not a deposit)',
  'deposit not EXO or HEXO': 'a FOOD or RUNE deposit falls in a period (not counted)',
  'fren worker assigned': 'a worker assigned to a fren mine in a period',
  'finished upgrade started': 'an upgrade that succeeded or failed was started in a period',
  'pack not paid': 'an EXO pack ordered in a period but not paid (not a purchase)',
  'fact at a period start': 'a fact at exactly a daily period’s 00:00 (counts in it)',
  'fact at a period end': 'a fact at exactly a period’s end (counts in the next, not this one)',
} as const;
type Edge = keyof typeof EDGES;

/** The cases a world reaches. */
function edgesOf(players: Player[]): Set<Edge> {
  const out = new Set<Edge>();
  const inSome = (ms: number) => PERIODS.some((p) => ms >= p.startsAt && ms < p.endsAt);
  const reportedIn = (day: string) => inSome(dayStart(day) + DAY);
  for (const p of players) {
    for (const period of PERIODS) {
      const net = p.votes.filter((v) => v.at >= period.startsAt && v.at < period.endsAt).reduce((a, v) => a + v.delta, 0);
      if (net < 0) out.add('net votes below zero');
    }
    for (const s of p.spans) {
      for (const day of spanDays(s)) {
        if (!reportedIn(day)) continue;
        if (s.eff === 0) out.add('rating 0 reported');
        if (s.eff >= 1 && s.eff <= 3) out.add('rating 1–3 reported');
        if (s.eff === 4) out.add('Good mine-day');
        if (s.eff === 5) out.add('Excellent mine-day');
        if (s.eff === 5 && PERIODS.some((q) => q.kind === 'daily' && dayStart(day) + DAY === q.startsAt)) out.add('report of the day before');
      }
    }
    if (p.rewards.some((r) => r.mine === 'frenmine' && inSome(dayStart(r.day) + DAY))) out.add('fren EXO mined');
    if (p.orderCredits.some((c) => inSome(c.at))) out.add('EXO order credit');
    if (p.deposits.some((d) => (d.asset === 'food' || d.asset === 'rune') && inSome(d.at))) out.add('deposit not EXO or HEXO');
    if (p.workers.some((w) => w.mine === 'frenmine' && inSome(w.at))) out.add('fren worker assigned');
    if (p.upgrades.some((u) => u.status !== 'in_progress' && inSome(u.at))) out.add('finished upgrade started');
    if (p.orders.some((o) => o.source === 'pack' && o.status !== 'paid' && inSome(o.at))) out.add('pack not paid');
    const instants = [...p.workers.map((w) => w.at), ...p.purchases, ...p.votes.map((v) => v.at), ...p.deposits.map((d) => d.at), ...p.upgrades.map((u) => u.at)];
    if (instants.some((t) => PERIODS.some((q) => t === q.startsAt))) out.add('fact at a period start');
    if (instants.some((t) => PERIODS.some((q) => t === q.endsAt))) out.add('fact at a period end');
  }
  return out;
}

// ---- the test ----

let k: TestKingdom;
beforeAll(async () => { k = await createTestKingdom({ demo: false }); });
afterAll(async () => { await k?.close(); });

const zero = () => Object.fromEntries(QUEST_KINDS.map((kind) => [kind, 0n]));

/** Loads the world and requires the SQL's progress to equal the model's for every player, kind and period. */
async function agree(players: Player[]): Promise<void> {
  await k.db.orm.transaction((tx) => load(tx, players));
  const all = await progressOfPlayers(k.db.orm, PERIODS, 1, MAX_PLAYERS);
  // each period alone too (as the quests page asks): the week and its Monday
  const alone = new Map(await Promise.all(ALONE.map(async (i) => [i, await progressOfPlayers(k.db.orm, [PERIODS[i]!], 1, MAX_PLAYERS)] as const)));
  for (const p of players) {
    const facts = factsOf(p);
    for (const [i, period] of PERIODS.entries()) {
      const want = Object.fromEntries(QUEST_KINDS.map((kind) => [kind, questProgress(kind, period, facts)]));
      const label = `player ${p.userId}, ${period.kind} ${period.start}`;
      expect({ at: label, ...(all[i]!.get(p.userId) ?? zero()) }).toEqual({ at: label, ...want });
      if (alone.has(i)) expect({ at: label, ...(alone.get(i)![0]!.get(p.userId) ?? zero()) }).toEqual({ at: label, ...want });
    }
  }
}

const DEFAULT_SEED = 42;
const SEED = process.env.KINGDOM_FC_SEED ? Number(process.env.KINGDOM_FC_SEED) : DEFAULT_SEED;
/** Worlds per run, the same on both databases (each is ~40 statements; kept small for the suite's time). */
const RUNS = 30;
/** Each case must be reached in at least this share of the worlds. */
const MIN_SHARE = 0.2;

describe(`quest progress: the SQL equals the model (${TEST_DB})`, () => {
  it(`on ${RUNS} generated worlds: every player, kind and period; every case reached`, async () => {
    const counts = new Map<Edge, number>();
    let worlds = 0;
    await fc.assert(fc.asyncProperty(worldArb, async (raw) => {
      const players = build(raw);
      await agree(players);
      worlds += 1;
      for (const c of edgesOf(players)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }), { numRuns: RUNS, seed: SEED, endOnFailure: true });
    const table = (Object.keys(EDGES) as Edge[]).map((c) => ({ edge: c, worlds: counts.get(c) ?? 0 }));
    console.log(`quest progress cases over ${worlds} worlds (seed ${SEED}, ${TEST_DB}):\n${table.map((r) => `  ${r.edge.padEnd(28)} ${String(r.worlds).padStart(4)}  ${Math.round((100 * r.worlds) / worlds)} %`).join('\n')}`);
    if (SEED === DEFAULT_SEED) expect(table.filter((r) => r.worlds < MIN_SHARE * worlds)).toEqual([]);
  }, 600_000);
});

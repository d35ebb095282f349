import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  ACHIEVEMENTS, QUEST_KINDS, QUEST_TABLES, QUESTS_PER_PERIOD, achievements, addDays, createPrng, longestDayStreak, drawQuests, parseQuestId, questId, questPeriod, questPeriodOf, questProgress,
  questSeed, questTable, questComplete, questTableVersionOf, QUEST_TABLE_VERSION, CARDANO_ONLY_QUEST_KINDS, type QuestFacts,
} from '../src/index.ts';

const none: QuestFacts = { workersAssigned: [], vendorPurchases: [], votesAdded: [], deposits: [], upgradesStarted: [], mineDays: [], exoMined: [], marketSales: [] };
const t = (iso: string) => Date.parse(iso);

describe('quest periods (docs/game-rules.md §14)', () => {
  it('a day ends at 00:00 UTC, a week at Monday 00:00 UTC', () => {
    expect(questPeriodOf('daily', t('2026-11-27T23:59:59.999Z'))).toEqual({ kind: 'daily', start: '2026-11-27', startsAt: t('2026-11-27T00:00:00Z'), endsAt: t('2026-11-28T00:00:00Z') });
    expect(questPeriodOf('daily', t('2026-11-28T00:00:00Z')).start).toBe('2026-11-28');
    expect(questPeriodOf('weekly', t('2026-11-29T23:59:59.999Z'))).toEqual({ kind: 'weekly', start: '2026-11-23', startsAt: t('2026-11-23T00:00:00Z'), endsAt: t('2026-11-30T00:00:00Z') });
    expect(questPeriodOf('weekly', t('2026-11-30T00:00:00Z')).start).toBe('2026-11-30');
    expect(questPeriod('weekly', '2026-11-23').endsAt).toBe(t('2026-11-30T00:00:00Z'));
    expect(() => questPeriod('weekly', '2026-11-24')).toThrow(RangeError);
    expect(() => questPeriod('daily', '2026-02-30')).toThrow(RangeError);
  });
});

describe('quest draws', () => {
  it('are recomputable from the published rule: SHA-256 seed → mulberry32, slot 0 easy, kinds distinct', () => {
    const drawn = drawQuests('daily', '2026-11-27', 42);
    expect(drawn.map((d) => d.id)).toEqual(['daily-2026-11-27-0', 'daily-2026-11-27-1', 'daily-2026-11-27-2']);
    // recompute by hand, as a client would
    const seed = bytesToHex(sha256(utf8ToBytes('kingdom-quests:v1:daily:2026-11-27:42')));
    expect(questSeed('daily', '2026-11-27', 42)).toBe(seed);
    const prng = createPrng(Number.parseInt(seed.slice(0, 8), 16));
    const daily = QUEST_TABLES[1]!.filter((d) => d.period === 'daily');
    const easy = daily.filter((d) => d.easy);
    const first = easy[prng.int(0, easy.length - 1)]!;
    const rest1 = daily.filter((d) => d.kind !== first.kind);
    const second = rest1[prng.int(0, rest1.length - 1)]!;
    const rest2 = daily.filter((d) => d.kind !== first.kind && d.kind !== second.kind);
    const third = rest2[prng.int(0, rest2.length - 1)]!;
    expect(drawn.map((d) => d.def.key)).toEqual([first.key, second.key, third.key]);
  });

  it('are stable, differ across players and periods, always start with an easy daily quest, never repeat a kind', () => {
    expect(drawQuests('weekly', '2026-11-23', 7)).toEqual(drawQuests('weekly', '2026-11-23', 7));
    const keys = (u: number, day: string) => drawQuests('daily', day, u).map((d) => d.def.key).join();
    const distinct = new Set<string>();
    for (let u = 1; u <= 200; u++) {
      const d = drawQuests('daily', '2026-11-27', u);
      const w = drawQuests('weekly', '2026-11-23', u);
      expect(d).toHaveLength(QUESTS_PER_PERIOD.daily);
      expect(w).toHaveLength(QUESTS_PER_PERIOD.weekly);
      expect(d[0]!.def.easy).toBe(true);
      expect(new Set(d.map((x) => x.def.kind)).size).toBe(d.length);
      expect(new Set(w.map((x) => x.def.kind)).size).toBe(w.length);
      expect(d.every((x) => x.def.period === 'daily') && w.every((x) => x.def.period === 'weekly')).toBe(true);
      distinct.add(keys(u, '2026-11-27'));
    }
    expect(distinct.size).toBeGreaterThan(20);
    expect([1, 2, 3, 4, 5].some((u) => keys(u, '2026-11-27') !== keys(u, '2026-11-28'))).toBe(true);
  });

  it('ids round-trip; bad ids are refused', () => {
    expect(parseQuestId(questId('weekly', '2026-11-23', 1))).toEqual({ kind: 'weekly', start: '2026-11-23', slot: 1 });
    expect(parseQuestId('weekly-2026-11-24-0')).toBeNull(); // not a Monday
    expect(parseQuestId('daily-2026-11-27-3')).toBeNull(); // slot past the period's count
    expect(parseQuestId('daily-2026-13-01-0')).toBeNull();
    expect(parseQuestId('monthly-2026-11-01-0')).toBeNull();
  });

  it('the table has unique keys, positive targets, a reward each, every kind in both periods, easy quests only daily', () => {
    const table = questTable();
    expect(new Set(table.map((d) => d.key)).size).toBe(table.length);
    for (const d of table) {
      expect(d.target > 0n).toBe(true);
      expect(d.rewards.length).toBeGreaterThan(0);
      expect(new Set(d.rewards.map((r) => r.key)).size).toBe(d.rewards.length); // one ledger entry per asset and claim
      for (const r of d.rewards) expect(BigInt(r.amount) > 0n).toBe(true);
      if (d.easy) expect(d.period).toBe('daily');
    }
    for (const k of QUEST_KINDS) for (const p of ['daily', 'weekly'] as const) expect(table.some((d) => d.kind === k && d.period === p)).toBe(true);
    expect(() => questTable(99)).toThrow(RangeError);
  });
});

describe('quest progress at its boundaries', () => {
  const day = questPeriodOf('daily', t('2026-11-27T12:00:00Z'));
  const week = questPeriodOf('weekly', t('2026-11-27T12:00:00Z'));
  it('counts events from the period start (inclusive) to its end (exclusive)', () => {
    const at = [t('2026-11-26T23:59:59.999Z'), t('2026-11-27T00:00:00Z'), t('2026-11-27T23:59:59.999Z'), t('2026-11-28T00:00:00Z')];
    for (const [kind, field] of [['assign_workers', 'workersAssigned'], ['vendor_purchases', 'vendorPurchases'], ['deposits', 'deposits'], ['upgrades_started', 'upgradesStarted'], ['market_sales', 'marketSales']] as const) {
      expect(questProgress(kind, day, { ...none, [field]: at })).toBe(2n);
      expect(questProgress(kind, week, { ...none, [field]: at })).toBe(4n);
    }
  });
  it('nets votes added (removals subtract, never below 0) and sums EXO mined; zero credits add nothing', () => {
    const votes = [{ at: t('2026-11-27T00:00:00Z'), votes: 60n }, { at: t('2026-11-27T10:00:00Z'), votes: -50n }, { at: t('2026-11-27T23:00:00Z'), votes: 40n }, { at: t('2026-11-28T00:00:00Z'), votes: 1n }];
    expect(questProgress('add_votes', day, { ...none, votesAdded: votes })).toBe(50n);
    // adding and removing the same points again and again counts nothing
    const churn = Array.from({ length: 10 }, (_, i) => [{ at: t('2026-11-27T01:00:00Z') + i, votes: 100n }, { at: t('2026-11-27T02:00:00Z') + i, votes: -100n }]).flat();
    expect(questProgress('add_votes', day, { ...none, votesAdded: churn })).toBe(0n);
    expect(questProgress('add_votes', day, { ...none, votesAdded: [{ at: t('2026-11-27T01:00:00Z'), votes: -30n }] })).toBe(0n);
    const d = questTable().find((x) => x.key === 'd_votes_100')!;
    expect(questComplete(d, 99n)).toBe(false);
    expect(questComplete(d, 100n)).toBe(true);
    const exo = [{ at: t('2026-11-27T00:00:00Z'), amount: 999_999_999n }, { at: t('2026-11-27T00:00:00Z'), amount: 0n }, { at: t('2026-11-26T00:00:00Z'), amount: 5n }];
    expect(questProgress('exo_mined', day, { ...none, exoMined: exo })).toBe(999_999_999n);
    expect(questComplete(questTable().find((x) => x.key === 'd_exo_1000')!, 999_999_999n)).toBe(false);
  });
  it("counts Excellent mine-days whose report is published in the period (a day's report: at its end)", () => {
    const mineDays = [
      { day: '2026-11-25', effectivity: 5 }, // published 11-26: not today
      { day: '2026-11-26', effectivity: 5 }, // published 11-27 00:00: today
      { day: '2026-11-26', effectivity: 4 }, // not Excellent
      { day: '2026-11-27', effectivity: 5 }, // published 11-28: tomorrow
    ];
    expect(questProgress('excellent_mine_days', day, { ...none, mineDays })).toBe(1n);
    // the week of Monday 11-23 holds reports of Sunday 11-22 to Saturday 11-28
    expect(questProgress('excellent_mine_days', week, { ...none, mineDays: [{ day: '2026-11-22', effectivity: 5 }, { day: '2026-11-29', effectivity: 5 }, ...mineDays] })).toBe(4n);
  });
});

describe('achievements (docs/game-rules.md §14)', () => {
  const base = { upgradesStarted: 0, maxGoldmineLevel: 0, xlLands: 0, deposits: 0, votesAdded: 0, questsClaimed: 0, marketTrades: 0, excellentDays: [] as string[] };
  const earned = (f: Partial<typeof base>) => achievements({ ...base, ...f }).filter((a) => a.earned).map((a) => a.key);
  it('nothing done, nothing earned; each milestone at its threshold', () => {
    expect(earned({})).toEqual([]);
    expect(achievements(base).map((a) => a.key)).toEqual([...ACHIEVEMENTS]);
    expect(earned({ upgradesStarted: 1, deposits: 1, votesAdded: 1, questsClaimed: 1, xlLands: 1 })).toEqual(['first_upgrade', 'xl_land', 'first_deposit', 'first_vote', 'first_quest']);
    expect(earned({ marketTrades: 1 })).toEqual(['first_market_trade']);
    expect(achievements({ ...base, marketTrades: 5 }).find((a) => a.key === 'first_market_trade')).toEqual({ key: 'first_market_trade', earned: true, progress: 1, target: 1 });
    expect(earned({ maxGoldmineLevel: 9 })).toEqual([]);
    expect(earned({ maxGoldmineLevel: 10 })).toEqual(['mine_level_10']);
    expect(achievements({ ...base, maxGoldmineLevel: 4 }).find((a) => a.key === 'mine_level_10')).toEqual({ key: 'mine_level_10', earned: false, progress: 4, target: 10 });
  });
  it('streaks count consecutive UTC days, across month ends, duplicates once', () => {
    const run = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));
    expect(longestDayStreak([])).toBe(0);
    expect(longestDayStreak(run('2026-11-27', 7))).toBe(7); // crosses 11-30 → 12-01
    expect(longestDayStreak([...run('2026-11-01', 6), ...run('2026-11-08', 3), '2026-11-02'])).toBe(6); // a gap on 11-07
    expect(earned({ excellentDays: run('2026-11-01', 6) })).toEqual([]);
    expect(earned({ excellentDays: run('2026-11-01', 7) })).toEqual(['excellent_streak_7']);
    expect(earned({ excellentDays: run('2026-02-01', 30).reverse() })).toEqual(['excellent_streak_7', 'excellent_streak_30']);
  });
});

describe('quest table version 2: draw only quests the player can do (docs/game-rules.md §14.3)', () => {
  const solanaOnly = { cardano_wallet: false } as const;
  const cardano = { cardano_wallet: true } as const;

  it('periods keep the version they were drawn with: before 2026-12-07 version 1, from it version 2', () => {
    expect(questTableVersionOf('2026-12-06')).toBe(1);
    expect(questTableVersionOf('2026-11-30')).toBe(1);
    expect(questTableVersionOf('2026-12-07')).toBe(2);
    expect(questTableVersionOf('2026-12-13')).toBe(2);
    expect(questTableVersionOf('2027-03-01')).toBe(QUEST_TABLE_VERSION);
  });

  it('version 2 is version 1 with each Cardano-only kind marked; deposits among them', () => {
    const v1 = QUEST_TABLES[1]!;
    const v2 = QUEST_TABLES[2]!;
    expect(v2.map(({ requires: _r, ...d }) => d)).toEqual(v1);
    expect(v1.every((d) => d.requires === undefined)).toBe(true);
    expect(v2.filter((d) => d.requires === 'cardano_wallet').map((d) => d.key)).toEqual(expect.arrayContaining(['d_deposit_1', 'w_deposit_2']));
    for (const d of v2) expect(d.requires === 'cardano_wallet').toBe(CARDANO_ONLY_QUEST_KINDS.includes(d.kind));
    // a Solana-only player can still be drawn a full daily easy slot and weekly quests
    expect(v2.some((d) => d.easy && d.requires === undefined)).toBe(true);
  });

  it('a Solana-only player never gets a Cardano-only kind (every player, daily and weekly, many periods)', () => {
    for (let u = 1; u <= 300; u++) {
      for (const [kind, start] of [['daily', '2026-12-07'], ['daily', '2026-12-09'], ['weekly', '2026-12-07'], ['weekly', '2026-12-14']] as const) {
        const drawn = drawQuests(kind, start, u, 2, solanaOnly);
        expect(drawn.length).toBeGreaterThan(0);
        for (const d of drawn) {
          expect(d.def.requires).toBeUndefined();
          expect(CARDANO_ONLY_QUEST_KINDS).not.toContain(d.def.kind);
        }
        expect(new Set(drawn.map((d) => d.def.kind)).size).toBe(drawn.length);
        // same seed + same flags → same quests
        expect(drawQuests(kind, start, u, 2, { cardano_wallet: false })).toEqual(drawn);
      }
    }
    // what is left for a Solana-only player: vendor purchases and votes, two kinds per period
    expect(drawQuests('weekly', '2026-12-07', 5, 2, solanaOnly).map((d) => d.def.kind).sort()).toEqual(['add_votes', 'vendor_purchases']);
    const daily = drawQuests('daily', '2026-12-07', 5, 2, solanaOnly);
    expect(daily.map((d) => d.def.key)).toEqual(['d_vendor_1', 'd_votes_100']);
    expect(daily.map((d) => d.id)).toEqual(['daily-2026-12-07-0', 'daily-2026-12-07-1']);
  });

  it('a Cardano player\'s version-2 draw is recomputable by hand from the v2 seed, and can hold deposits', () => {
    const seed = bytesToHex(sha256(utf8ToBytes('kingdom-quests:v2:weekly:2026-12-07:42')));
    expect(questSeed('weekly', '2026-12-07', 42)).toBe(seed);
    const prng = createPrng(Number.parseInt(seed.slice(0, 8), 16));
    const weekly = QUEST_TABLES[2]!.filter((d) => d.period === 'weekly');
    const first = weekly[prng.int(0, weekly.length - 1)]!;
    const rest = weekly.filter((d) => d.kind !== first.kind);
    const second = rest[prng.int(0, rest.length - 1)]!;
    expect(drawQuests('weekly', '2026-12-07', 42, 2, cardano).map((d) => d.def.key)).toEqual([first.key, second.key]);
    expect(drawQuests('weekly', '2026-12-07', 42)).toEqual(drawQuests('weekly', '2026-12-07', 42, 2, cardano)); // default: full flags
    let deposits = 0;
    for (let u = 1; u <= 100; u++) if (drawQuests('weekly', '2026-12-07', u, 2, cardano).some((d) => d.def.kind === 'deposits')) deposits++;
    expect(deposits).toBeGreaterThan(0);
  });

  it('an old-version period recomputes as before, whatever the flags', () => {
    const seed = bytesToHex(sha256(utf8ToBytes('kingdom-quests:v1:weekly:2026-11-30:42')));
    expect(questSeed('weekly', '2026-11-30', 42)).toBe(seed);
    const prng = createPrng(Number.parseInt(seed.slice(0, 8), 16));
    const weekly = QUEST_TABLES[1]!.filter((d) => d.period === 'weekly');
    const first = weekly[prng.int(0, weekly.length - 1)]!;
    const rest = weekly.filter((d) => d.kind !== first.kind);
    const second = rest[prng.int(0, rest.length - 1)]!;
    const v1 = [first.key, second.key];
    expect(drawQuests('weekly', '2026-11-30', 42).map((d) => d.def.key)).toEqual(v1);
    expect(drawQuests('weekly', '2026-11-30', 42, 1, solanaOnly).map((d) => d.def.key)).toEqual(v1);
    // version 1 still offers deposits to someone without a Cardano wallet
    let deposits = 0;
    for (let u = 1; u <= 100; u++) if (drawQuests('weekly', '2026-11-30', u, undefined, solanaOnly).some((d) => d.def.kind === 'deposits')) deposits++;
    expect(deposits).toBeGreaterThan(0);
  });
});

describe('quest table version 3: the Market quests (docs/game-rules.md §14.3, §16)', () => {
  it('starts with the periods of 2026-12-14; earlier periods keep version 2', () => {
    expect(QUEST_TABLE_VERSION).toBe(3);
    expect(questTableVersionOf('2026-12-13')).toBe(2);
    expect(questTableVersionOf('2026-12-14')).toBe(3);
    expect(questSeed('weekly', '2026-12-14', 42)).toBe(bytesToHex(sha256(utf8ToBytes('kingdom-quests:v3:weekly:2026-12-14:42'))));
    // a period drawn with version 2 draws the same after version 3 is published
    expect(drawQuests('weekly', '2026-12-07', 42).every((d) => QUEST_TABLES[2]!.includes(d.def))).toBe(true);
  });

  it('is version 2 plus one daily and one weekly market_sales quest, Cardano-only, with rewards', () => {
    const v2 = QUEST_TABLES[2]!;
    const v3 = QUEST_TABLES[3]!;
    expect(v3.slice(0, v2.length)).toEqual(v2);
    const added = v3.slice(v2.length);
    expect(added.map((d) => [d.key, d.period, d.kind, d.target, d.requires, d.easy])).toEqual([
      ['d_market_sell_1', 'daily', 'market_sales', 1n, 'cardano_wallet', false], ['w_market_sell_5', 'weekly', 'market_sales', 5n, 'cardano_wallet', false]]);
    expect(v2.some((d) => d.kind === 'market_sales')).toBe(false);
    // the version-3 draw: a Cardano player gets market quests sometimes, a Solana-only one never
    let market = 0;
    for (let u = 1; u <= 100; u++) {
      if (drawQuests('weekly', '2026-12-14', u, 3, { cardano_wallet: true }).some((d) => d.def.kind === 'market_sales')) market++;
      expect(drawQuests('daily', '2026-12-15', u, 3, { cardano_wallet: false }).some((d) => d.def.kind === 'market_sales')).toBe(false);
    }
    expect(market).toBeGreaterThan(0);
  });

  it('counts sales from the period start (inclusive) to its end (exclusive), and completes at the target', () => {
    const day = questPeriodOf('daily', t('2026-12-15T12:00:00Z'));
    const sales = [t('2026-12-14T23:59:59.999Z'), t('2026-12-15T00:00:00Z'), t('2026-12-15T23:59:59.999Z'), t('2026-12-16T00:00:00Z')];
    expect(questProgress('market_sales', day, { ...none, marketSales: sales })).toBe(2n);
    expect(questProgress('market_sales', day, { ...none, marketSales: undefined })).toBe(0n);
    const w = QUEST_TABLES[3]!.find((d) => d.key === 'w_market_sell_5')!;
    expect(questComplete(w, 4n)).toBe(false);
    expect(questComplete(w, 5n)).toBe(true);
  });
});

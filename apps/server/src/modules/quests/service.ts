/**
 * Daily and weekly quests (docs/game-rules.md §14): the player's draw for the current UTC day and
 * week (recomputed from `@kingdom/game`'s published table, never stored), progress computed from
 * the database, and the claim: the reward paid through the ledger (reason `quest_reward`, reference
 * = the quest id) in the claim's transaction, once per account and quest.
 */
import {
  FULL_QUEST_ELIGIBILITY, QUEST_PERIODS, QUEST_TABLE_VERSION, QUEST_TABLE_VERSION_FROM, achievements, QUESTS_PER_PERIOD, drawQuests, parseQuestId, questComplete, questPeriod, questPeriodOf, questSeed, questTable,
  questTableVersionOf, chestWeekOf, chestWeekStart, type DrawnQuest, type QuestEligibility, type QuestPeriod, type QuestPeriodKind, type Token,
} from '@kingdom/game';
import type { AchievementsResponse, HallOfFameBoard, HallOfFameMeResponse, HallOfFameResponse, QuestClaimResponse, QuestDto, QuestPeriodDto, QuestsResponse, QuestTableResponse } from '@kingdom/api';
import type { Database, Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { applyItemEntry, applyTokenEntry } from '../ledger/ledger.ts';
import { achievementFactsOf, questEligibilityOf, hallOfFamePageOf, hallOfFameRank, hallOfFameRanks, type HallQuery, type HallRanks, claimByKey, claimsOf, insertClaim, progressOf, type QuestClaimRow } from './repository.ts';

/** The ledger reason of quest rewards (reference: the quest id). */
export const QUEST_REWARD_REASON = 'quest_reward';

/**
 * The draw of `userId` for `period` (docs/game-rules.md §14.3): the period's table version and, from
 * version 2, the account's eligibility flags (version 1 draws ignore them: every flag true).
 */
export async function drawOf(orm: Orm, userId: number, period: QuestPeriod): Promise<{ version: number; eligibility: QuestEligibility; drawn: DrawnQuest[] }> {
  const version = questTableVersionOf(period.start);
  const eligibility = version >= 2 ? await questEligibilityOf(orm, userId, period) : FULL_QUEST_ELIGIBILITY;
  return { version, eligibility, drawn: drawQuests(period.kind, period.start, userId, version, eligibility) };
}

async function periodOf(orm: Orm, userId: number, period: QuestPeriod): Promise<QuestPeriodDto> {
  const { version, eligibility, drawn } = await drawOf(orm, userId, period);
  const [progress, claims] = await Promise.all([progressOf(orm, userId, period), claimsOf(orm, userId, drawn.map((d) => d.id))]);
  const quests: QuestDto[] = drawn.map(({ id, slot, def }) => {
    const claim = claims.find((c) => c.quest_id === id);
    const p = progress[def.kind];
    return {
      id, period: period.kind, slot, key: def.key, kind: def.kind, target: def.target.toString(), progress: p.toString(),
      complete: questComplete(def, p), claimed: claim !== undefined, claimed_at: claim ? claim.claimed_at.toISOString() : null, rewards: [...def.rewards],
    };
  });
  return {
    start: period.start, starts_at: new Date(period.startsAt).toISOString(), ends_at: new Date(period.endsAt).toISOString(),
    seed: questSeed(period.kind, period.start, userId, version), table_version: version, eligibility: { ...eligibility }, quests,
  };
}

/** The quests of `userId` for the UTC day and week holding `now` (the request's game time). */
export async function questsOf(db: Database, userId: number, now: Date): Promise<QuestsResponse> {
  const [daily, weekly] = await Promise.all(QUEST_PERIODS.map((k) => periodOf(db.orm, userId, questPeriodOf(k, now.getTime()))));
  return { table_version: QUEST_TABLE_VERSION, daily: daily!, weekly: weekly! };
}

const answer = (c: QuestClaimRow): QuestClaimResponse => ({ quest_id: c.quest_id, rewards: c.rewards, claimed_at: c.claimed_at.toISOString() });

/**
 * Claims quest `questId` for `userId` at `now` with idempotency key `key` (lower-case UUID): the
 * claim is recorded, progress re-read and the rewards credited in one transaction; a failure
 * changes nothing. The same key again answers the first claim; a concurrent claim of the same quest
 * waits for this one and then answers QUEST_ALREADY_CLAIMED.
 * @throws ApiError NOT_FOUND (not a quest id, a period not started, or not this account's draw),
 *   QUEST_PERIOD_ENDED (its period ended before `now`), QUEST_ALREADY_CLAIMED, QUEST_NOT_COMPLETE
 *   (progress below target), IDEMPOTENCY_KEY_REUSED (the key claimed another quest)
 */
export async function claimQuest(db: Database, userId: number, key: string, questId: string, now: Date): Promise<QuestClaimResponse> {
  const replay = async () => {
    const prior = await claimByKey(db.orm, userId, key);
    if (!prior) return null;
    if (prior.quest_id !== questId) fail('IDEMPOTENCY_KEY_REUSED');
    return answer(prior);
  };
  const first = await replay();
  if (first) return first;
  const parsed = parseQuestId(questId) ?? fail('NOT_FOUND');
  const period = questPeriod(parsed.kind, parsed.start);
  if (now.getTime() < period.startsAt) fail('NOT_FOUND');
  if (now.getTime() >= period.endsAt) fail('QUEST_PERIOD_ENDED');
  const def = (await drawOf(db.orm, userId, period)).drawn[parsed.slot]?.def ?? fail('NOT_FOUND');
  const claimed = await db.orm.transaction(async (tx) => {
    if (!(await insertClaim(tx, { userId, questId, questKey: def.key, key, rewards: def.rewards, at: now }))) return null;
    const progress = (await progressOf(tx, userId, period))[def.kind];
    if (!questComplete(def, progress)) fail('QUEST_NOT_COMPLETE');
    for (const r of def.rewards) {
      if (r.kind === 'token') await applyTokenEntry(tx, { userId, token: r.key as Token, amount: BigInt(r.amount), reason: QUEST_REWARD_REASON, reference: questId, at: now });
      else await applyItemEntry(tx, { userId, itemKey: r.key, amount: Number(r.amount), reason: QUEST_REWARD_REASON, reference: questId, at: now });
    }
    return { quest_id: questId, rewards: [...def.rewards], claimed_at: now.toISOString() };
  });
  // null: this quest (or this key) was claimed by an earlier or concurrent request.
  return claimed ?? (await replay()) ?? fail('QUEST_ALREADY_CLAIMED');
}

/** The published quest table and draw rule (docs/game-rules.md §14). */
export function questTableAnswer(): QuestTableResponse {
  return {
    version: QUEST_TABLE_VERSION,
    per_period: { ...QUESTS_PER_PERIOD } as Record<QuestPeriodKind, number>,
    draw_rule: 'seed = SHA-256(UTF-8 "kingdom-quests:v<version>:<daily|weekly>:<period start YYYY-MM-DD>:<user id>"); '
      + 'prng = mulberry32 seeded with the seed\'s first 4 bytes (big-endian); int(a, b) = a + floor(next() * (b - a + 1)). '
      + 'Daily slot 0 = easy[int(0, easy.length - 1)] (daily entries with easy = true, table order); every other slot = '
      + 'rest[int(0, rest.length - 1)], rest = the period\'s entries (table order) whose kind no earlier slot has. '
      + 'Quest id = <period>-<start>-<slot>. '
      + 'Version: a period uses the newest version whose first day (versions_from) is on or before its start. '
      + 'From version 2 the draw\'s second input is the account\'s eligibility flags (GET /quests: eligibility, next to the seed; '
      + 'cardano_wallet = a Cardano wallet linked before the period\'s start): before drawing, drop the entries whose requires '
      + 'flag is false; if no easy entry is left, daily slot 0 draws like the others; a period has min(per_period, distinct kinds left) quests. '
      + 'Version 1 = these entries without requires, every flag ignored.',
    versions_from: Object.fromEntries(Object.entries(QUEST_TABLE_VERSION_FROM)),
    quests: questTable().map((d) => ({ key: d.key, period: d.period, kind: d.kind, target: d.target.toString(), easy: d.easy, requires: d.requires ?? null, rewards: [...d.rewards] })),
  };
}

/**
 * The achievements of `userId` (docs/game-rules.md §14.6): computed from the records on read, so
 * never lost. Reading writes nothing: the inbox notices are written when earned, by the
 * achievements job (apps/server/src/jobs/achievements.ts).
 */
export async function achievementsOf(db: Database, userId: number): Promise<AchievementsResponse> {
  const list = achievements(await achievementFactsOf(db.orm, userId));
  return { achievements: list, earned: list.filter((a) => a.earned).length };
}

/** Rows per hall-of-fame page. */
export const HALL_OF_FAME_PER_PAGE = 25;

type HallInput = { chain: 'cardano' | 'solana'; board: HallOfFameBoard; week?: string | undefined; page: number };

/** The week a hall-of-fame query names (default: the one holding `now`). @throws ApiError NOT_FOUND for a day that is not a Monday, or a week not started */
function hallWeek(input: HallInput, now: Date): string {
  const current = chestWeekOf(now.getTime());
  if (input.week === undefined) return current;
  try {
    chestWeekStart(input.week);
  } catch {
    fail('NOT_FOUND');
  }
  if (input.week > current) fail('NOT_FOUND');
  return input.week;
}

/**
 * One page of a weekly hall of fame (docs/game-rules.md §14.7), sliced from the board's whole
 * ranking (computed from the ledger, the daily reports and the claims; `ranksOf` is how the routes
 * read it from their shared cache).
 */
export async function hallOfFame(db: Database, input: HallInput, now: Date, ranksOf: (q: HallQuery) => Promise<HallRanks> = (q) => hallOfFameRanks(db.orm, q)): Promise<HallOfFameResponse> {
  const week = hallWeek(input, now);
  const ranks = await ranksOf({ week, chain: input.chain, board: input.board });
  const { total, rows } = hallOfFamePageOf(ranks, input.board, input.page, HALL_OF_FAME_PER_PAGE);
  return { week, chain: input.chain, board: input.board, total, page: input.page, per_page: HALL_OF_FAME_PER_PAGE, rows };
}

/** `userId`'s own rank on a weekly hall of fame. */
export async function hallOfFameMe(db: Database, userId: number, input: HallInput, now: Date, ranksOf: (q: HallQuery) => Promise<HallRanks> = (q) => hallOfFameRanks(db.orm, q)): Promise<HallOfFameMeResponse> {
  const week = hallWeek(input, now);
  const ranks = await ranksOf({ week, chain: input.chain, board: input.board });
  return { week, chain: input.chain, board: input.board, ...hallOfFameRank(ranks, input.board, userId) };
}

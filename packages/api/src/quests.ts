/**
 * Daily and weekly quests contract (docs/game-rules.md §14): the player's quests of the current
 * day and week with progress computed by the server, the claim, and the published quest table.
 * Amounts (targets and progress of `exo_mined`, token rewards) are base-unit strings; counts and
 * vote points are whole-number strings.
 */
import { z } from 'zod';
import { ACHIEVEMENTS, QUEST_KINDS, QUEST_PERIODS, QUEST_REQUIREMENTS } from '@kingdom/game';
import { chain } from './schemas.ts';

export const questReward = z.object({
  kind: z.enum(['token', 'item']),
  key: z.string().describe('a token (hexo, food…) or an item kind key (toolkit_2…)'),
  amount: z.string().regex(/^\d+$/).describe('token: base units; item: whole items'),
});
export type QuestRewardDto = z.infer<typeof questReward>;

export const questDto = z.object({
  id: z.string().describe('<period>-<period start>-<slot>, e.g. daily-2026-11-27-0'),
  period: z.enum(QUEST_PERIODS),
  slot: z.number().int(),
  key: z.string().describe('the quest table entry'),
  kind: z.enum(QUEST_KINDS),
  target: z.string().regex(/^\d+$/).describe('exo_mined: EXO base units; add_votes: vote points; else a count'),
  progress: z.string().regex(/^\d+$/).describe('computed by the server from the game\'s records over the period; may exceed target'),
  complete: z.boolean(),
  claimed: z.boolean(),
  claimed_at: z.string().nullable(),
  rewards: z.array(questReward),
});
export type QuestDto = z.infer<typeof questDto>;

export const questPeriodDto = z.object({
  start: z.string().describe('the period\'s first day (UTC); a week starts on Monday'),
  starts_at: z.string(),
  ends_at: z.string().describe('exclusive: 00:00 UTC of the next day / Monday'),
  seed: z.string().describe('SHA-256 seed of the draw (hex), recomputable: see GET /quests/table'),
  table_version: z.number().int().describe('the quest table version this period is drawn with (fixed by its start)'),
  eligibility: z.object({ cardano_wallet: z.boolean().describe('a Cardano wallet linked before the period\'s start') })
    .describe('the draw\'s input next to the seed (version 2 on): entries requiring a false flag are not drawn; version 1: all true'),
  quests: z.array(questDto),
});
export type QuestPeriodDto = z.infer<typeof questPeriodDto>;

export const questsResponse = z.object({
  table_version: z.number().int(),
  daily: questPeriodDto,
  weekly: questPeriodDto,
});
export type QuestsResponse = z.infer<typeof questsResponse>;

export const questParams = z.strictObject({ id: z.string().max(40) });
export const questClaimResponse = z.object({
  quest_id: z.string(),
  rewards: z.array(questReward),
  claimed_at: z.string(),
});
export type QuestClaimResponse = z.infer<typeof questClaimResponse>;

export const questTableResponse = z.object({
  version: z.number().int(),
  per_period: z.object({ daily: z.number().int(), weekly: z.number().int() }),
  draw_rule: z.string(),
  versions_from: z.record(z.string(), z.string()).describe('each version\'s first period day (YYYY-MM-DD, a Monday)'),
  quests: z.array(z.object({
    key: z.string(), period: z.enum(QUEST_PERIODS), kind: z.enum(QUEST_KINDS), target: z.string(), easy: z.boolean(),
    requires: z.enum(QUEST_REQUIREMENTS).nullable().describe('the eligibility flag a player needs to be drawn it (version 2 on)'), rewards: z.array(questReward),
  })),
});
export type QuestTableResponse = z.infer<typeof questTableResponse>;

export const achievementDto = z.object({
  key: z.enum(ACHIEVEMENTS),
  earned: z.boolean(),
  progress: z.number().int().describe('capped at target; streaks: the longest run of all-Excellent days'),
  target: z.number().int(),
});
export type AchievementDto = z.infer<typeof achievementDto>;
export const achievementsResponse = z.object({ achievements: z.array(achievementDto), earned: z.number().int() });
export type AchievementsResponse = z.infer<typeof achievementsResponse>;

/** The weekly halls of fame (docs/game-rules.md §14). */
export const HALL_OF_FAME_BOARDS = ['exo_mined', 'average_effectivity', 'quests_completed'] as const;
export type HallOfFameBoard = (typeof HALL_OF_FAME_BOARDS)[number];
export const hallOfFameQuery = z.strictObject({
  chain: chain.default('cardano').describe('players with a wallet on this chain'),
  board: z.enum(HALL_OF_FAME_BOARDS).default('exo_mined'),
  week: z.string().max(10).regex(/^\d{4}-\d{2}-\d{2}$/, 'a Monday, YYYY-MM-DD').optional().describe('default: the week holding the game time'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const hallOfFameRow = z.object({
  rank: z.number().int().describe('1 = best; ties share a rank'),
  user_id: z.number().int(),
  name: z.string(),
  value: z.string().regex(/^\d+$/).describe('exo_mined: EXO base units credited by the mines in the week; average_effectivity: worked ÷ open slot-days in basis points (10000 = 100 %); quests_completed: quests claimed'),
  worked_slots: z.string().regex(/^\d+$/).optional().describe('average_effectivity only: worked slot-days in the week, the tie-break (more ranks first)'),
});
export const hallOfFameResponse = z.object({
  week: z.string(), chain, board: z.enum(HALL_OF_FAME_BOARDS),
  total: z.number().int(), page: z.number().int(), per_page: z.number().int(),
  rows: z.array(hallOfFameRow),
});
export type HallOfFameResponse = z.infer<typeof hallOfFameResponse>;
export const hallOfFameMeResponse = z.object({
  week: z.string(), chain, board: z.enum(HALL_OF_FAME_BOARDS),
  rank: z.number().int().nullable().describe('null: not on this board this week'),
  value: z.string(), total: z.number().int(),
  worked_slots: z.string().regex(/^\d+$/).optional().describe('average_effectivity only: the player\'s worked slot-days in the week (0 when not on the board)'),
});
export type HallOfFameMeResponse = z.infer<typeof hallOfFameMeResponse>;

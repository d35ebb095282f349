/**
 * Gold Rush contract (docs/game-rules.md §3, §4): mines, workers, upgrades, performance, daily reports,
 * notifications and the demo clock. Amounts are base-unit strings; days are UTC dates `YYYY-MM-DD`.
 */
import { z } from 'zod';
import { WORKER_RARITIES, MINE_KINDS } from '@kingdom/game';
import { baseUnits, land, text, hexName } from './schemas.ts';
import { landNeighbour } from './valley.ts';
import { openEnum } from './open-enum.ts';

/** Notification types of docs/product.md §3, as stored and answered. */
export const NOTIFICATION_TYPES = [
  'goldmine_daily_report', 'goldmine_ready_to_upgrade', 'goldmine_upgrade_success', 'goldmine_upgrade_failed',
  'not_enough_balance', 'low_balance_warning', 'worker_left', 'server_compensation', 'shop_royalty',
  'balance_topup', 'balance_withdrawal', 'staking_daily_report', 'votes_changed', 'land_update',
  'vendor_purchase', 'frenmine_daily_report', 'frenmine_upgrade', 'achievement',
  // an operator's inbox message to one player or a broadcast (data: {title, body}; docs/http-contract.md §4)
  'operator_message',
  // a Market order of the player filled, wholly or partly (data: order_id, trade_id, good, token, side, quantity,
  // price, amount, fee, remaining; docs/game-rules.md §16.6)
  'market_fill',
  // the weekly chest can be opened again (data: week, the Monday; docs/game-rules.md §7) and new quests are drawn
  // (data: day, weekly: a new week's quests too; §14.1): written only for players with a push subscription of that
  // topic (docs/product.md §10, "Push notifications")
  'chest_ready', 'quests_reset',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const mineKind = z.enum(MINE_KINDS);
export type MineKind = z.infer<typeof mineKind>;

export const rarity = z.enum(WORKER_RARITIES);

export const slotWorker = z.object({
  kind: z.enum(['nft', 'default']),
  rarity,
  collection_key: z.string().nullable().describe('Cardano policy id or Solana collection address; null for a default worker'),
  asset_key: z.string().nullable().describe('Cardano asset name (hex) or Solana mint address; null for a default worker'),
  name: z.string(),
  assigned_at: z.string(),
  works_from: z.string().describe('first game day this worker earns (the first full day after assignment)'),
});
export type SlotWorker = z.infer<typeof slotWorker>;

export const mineSlot = z.object({ slot: z.number().int(), open: z.boolean(), manager: z.boolean(), worker: slotWorker.nullable() });
export type MineSlot = z.infer<typeof mineSlot>;

export const mineUpgrade = z.object({ target_level: z.number().int(), started_at: z.string(), ends_at: z.string() });

export const mine = z.object({
  mine: mineKind,
  land,
  level: z.number().int(),
  cap: z.number().int().describe('highest level the land size allows'),
  max_level: z.number().int().describe("the mine kind's maximum level (gold 10, fren 5)"),
  open_slots: z.number().int(),
  slots: z.array(mineSlot),
  upgrade: mineUpgrade.nullable(),
});
export type Mine = z.infer<typeof mine>;
export const minesResponse = z.object({ mines: z.array(mine), now: z.string() });
export type MinesResponse = z.infer<typeof minesResponse>;

export const workerNft = z.object({
  collection_key: z.string().describe('Cardano policy id or Solana collection address'),
  asset_key: z.string().describe('Cardano asset name (hex) or Solana mint address'),
  name: z.string(),
  collection: z.string(),
  chain: z.enum(['cardano', 'solana']),
  rarity: rarity.nullable().describe('null: the collection does not qualify for gold mines (frens only)'),
  assigned: z.object({ mine: mineKind, hex_name: z.string(), slot: z.number().int() }).nullable(),
});
export type WorkerNft = z.infer<typeof workerNft>;
export const workerNftsResponse = z.object({ workers: z.array(workerNft) });

/** A slot number as requests give it: any small integer (the rule answers SLOT_NOT_AVAILABLE for a closed one). */
const slotNumber = z.number().int().min(-1000).max(1000);

export const assignRequest = z.strictObject({
  hex_name: hexName,
  slot: slotNumber,
  worker: z.strictObject({ collection_key: text(100, 1).describe('Cardano policy id or Solana collection address'), asset_key: text(200).describe('Cardano asset name (hex) or Solana mint address') }).nullable()
    .describe('an NFT, or null for a default worker (gold mines only)'),
});
export type AssignRequest = z.infer<typeof assignRequest>;
export const slotRequest = z.strictObject({ hex_name: hexName, slot: slotNumber });
export const landRequest = z.strictObject({ hex_name: hexName });

export const performanceQuery = z.strictObject({
  mine: mineKind.default('goldmine'),
  days: z.coerce.number().int().min(1).max(120).default(14),
});
export const mineDay = z.object({
  day: z.string(),
  hex_name: z.string(),
  open_slots: z.number().int(),
  workers: z.number().int(),
  workers_worked: z.number().int(),
  exo_mined: baseUnits,
  salary_paid: baseUnits.describe('hexo_paid + food_paid'),
  hexo_paid: baseUnits,
  food_paid: baseUnits,
  salary_token: z.string().describe("the mine kind's salary token (hexo for gold, food for fren; HEXO fills in for FOOD)"),
  effectivity: z.number().int(),
});
export type MineDay = z.infer<typeof mineDay>;
export const performanceResponse = z.object({ mine: mineKind, rows: z.array(mineDay) });
export type PerformanceResponse = z.infer<typeof performanceResponse>;

export const reportParams = z.object({ mine: mineKind, day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export const reportResponse = z.object({
  mine: mineKind,
  day: z.string(),
  rows: z.array(mineDay),
  totals: z.object({ exo_mined: baseUnits, salary_paid: baseUnits, hexo_paid: baseUnits, food_paid: baseUnits, workers_worked: z.number().int(), workers: z.number().int() }),
});
export type ReportResponse = z.infer<typeof reportResponse>;

export const notification = z.object({
  id: z.number().int(),
  type: openEnum(NOTIFICATION_TYPES).describe('one of the types of docs/product.md §3, or one a newer release added (shown generically)'),
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;
export const notificationsQuery = z.strictObject({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const notificationsResponse = z.object({ notifications: z.array(notification), total: z.number().int(), unread: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;
export const markReadRequest = z.strictObject({ ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).max(200).optional(), all: z.boolean().optional() });

export const landDetailResponse = z.object({
  land, goldmine: mine, frenmine: mine,
  minted: z.boolean().describe('false while the land NFT is still held by the mint (docs/game-rules.md §2)'),
  yours: z.boolean().describe('the signed-in player (bearer token, optional) holds this land'),
  neighbours: z.array(landNeighbour).describe('lands within 2 hexes, for the map excerpt'),
});
export type LandDetailResponse = z.infer<typeof landDetailResponse>;

export const tickRequest = z.strictObject({ days: z.number().int().min(1).max(60).default(1) });
export const clockResponse = z.object({ now: z.string(), today: z.string(), last_settled: z.string().nullable(), settled: z.array(z.string()).optional() });
export type ClockResponse = z.infer<typeof clockResponse>;

export const okResponse = z.object({ status: z.literal('success') });

/** The player's lands whose has_update is set (docs/product.md §3: "the store reports whether any land has it set"). */
export const landUpdatesResponse = z.object({
  any_update: z.boolean(),
  lands: z.array(z.string()).describe('hex names of the lands with has_update, by id (at most 100)'),
});
export type LandUpdatesResponse = z.infer<typeof landUpdatesResponse>;

/** Which mine's upgrade result is asked for. */
export const upgradeResultQuery = z.strictObject({ mine: mineKind.default('goldmine') });
/**
 * The latest upgrade of a mine: `none` (never upgraded), `in_progress` or `success`; a failed one
 * answers 409 GOLDMINE_UPGRADE_FAILED (fren: FRENMINE_UPGRADE_FAILED) instead (docs/game-rules.md §3).
 */
export const upgradeResultResponse = z.object({
  mine: mineKind,
  status: z.enum(['none', 'in_progress', 'success']),
  target_level: z.number().int().nullable(),
  ends_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type UpgradeResultResponse = z.infer<typeof upgradeResultResponse>;
export const upgradeResponse = z.object({ target_level: z.number().int(), ends_at: z.string() });
export const landParams = z.strictObject({ hex_name: hexName });

/** World totals of one settled day (docs/game-rules.md §3, §4): public, so anyone can check the pools. */
export const worldDay = z.object({
  day: z.string(),
  settled_at: z.string(),
  goldmine_exo: baseUnits.describe('EXO the Gold Rush pool paid (≤ its daily pool)'),
  frenmine_exo: baseUnits.describe('EXO the fren pool paid (≤ its daily pool)'),
  goldmine_pool: baseUnits,
  frenmine_pool: baseUnits,
  goldmine_workers_worked: z.number().int(),
  frenmine_workers_worked: z.number().int(),
  players_paid: z.number().int(),
});
export type WorldDay = z.infer<typeof worldDay>;
export const worldDaysQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(366).default(30) });
export const worldDaysResponse = z.object({ days: z.array(worldDay) });
export type WorldDaysResponse = z.infer<typeof worldDaysResponse>;

/**
 * Vendor, account history and settings, weekly chest contract (docs/game-rules.md §6; docs/product.md §2 /vendor,
 * /account/balances, /account/settings; docs/game-rules.md §6, §7). Amounts are base-unit strings.
 */
import { z } from 'zod';
import { TOKENS, VENDOR_GROUPS, MAX_PURCHASE_QUANTITY } from '@kingdom/game';
import { baseUnits, text } from './schemas.ts';

// ---- vendor ----
export const vendorItem = z.object({
  key: z.string(),
  group: z.enum(VENDOR_GROUPS),
  name: z.string(),
  purpose: z.string(),
  pay_token: z.enum(['exo', 'hexo', 'ada']),
  price: baseUnits.nullable().describe('one unit, base units of pay_token; null when paid in ADA on chain'),
  gives_items: z.record(z.string(), z.number().int()),
  gives_tokens: z.record(z.string(), baseUnits),
  purchasable: z.boolean(),
  weekly_limit: z.number().int().nullable().describe('at most this many per account and week (Monday 00:00 to Sunday 23:59 UTC), or null: no limit'),
  bought_this_week: z.number().int().nullable().describe('units of a weekly-limited item the signed-in player bought this week (0 to weekly_limit); null for a visitor or an item without a limit'),
});
export type VendorItem = z.infer<typeof vendorItem>;
export const vendorCatalogueResponse = z.object({ items: z.array(vendorItem), max_quantity: z.number().int() });
export type VendorCatalogueResponse = z.infer<typeof vendorCatalogueResponse>;

/** A purchase; the `Idempotency-Key` header (a UUID) makes it exactly-once. */
export const purchaseRequest = z.strictObject({
  item: text(64, 1),
  quantity: z.number().int().min(1).max(MAX_PURCHASE_QUANTITY),
});
export type PurchaseRequest = z.infer<typeof purchaseRequest>;
export const purchaseResponse = z.object({
  purchase_id: z.number().int(),
  item: z.string(),
  quantity: z.number().int(),
  token: z.enum(['exo', 'hexo']),
  amount: baseUnits.describe('total charged'),
  balance: baseUnits.describe('balance of token after the purchase'),
  items: z.record(z.string(), z.number().int()).describe('items credited'),
  tokens: z.record(z.string(), baseUnits).describe('tokens credited'),
});
export type PurchaseResponse = z.infer<typeof purchaseResponse>;

// ---- account history ----
/**
 * Ledger reasons in words (the web translates the key; the server answers the key). Every raw
 * reason the server writes maps to its own word (docs/product.md §10): `goldmine_reward`/`frenmine_reward` →
 * mining, `*_salary` → salary, `staking_reward` → staking, `deposit`, `withdrawal`,
 * `withdrawal_refund` → withdrawal_returned, `exo_order` (token sale or vendor EXO pack paid in ADA),
 * `votes_lock`/`votes_unlock`, `quest_reward` → quest, `upgrade_refund` → refund, `*_upgrade` → upgrade,
 * `operator_adjustment` and `payment_resolved` (the operator console's), the Market's `market_escrow`,
 * `market_bought`, `market_proceeds` and `market_refund` (docs/game-rules.md §16.6); `other` only for
 * a raw reason a newer server wrote that this list does not know yet.
 */
export const LEDGER_REASONS = [
  'mining', 'salary', 'staking', 'vendor_purchase', 'shop_royalty', 'chest', 'faucet', 'refund', 'compensation',
  'upgrade', 'land_expansion', 'demo_seed', 'deposit', 'withdrawal', 'withdrawal_returned', 'exo_order',
  'votes_lock', 'votes_unlock', 'quest', 'operator_adjustment', 'payment_resolved',
  'market_escrow', 'market_bought', 'market_proceeds', 'market_refund', 'other',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** A history: one token's, or `items` (every item kind, counts instead of base units). */
export const LEDGER_ASSETS = [...TOKENS, 'items'] as const;
export type LedgerAsset = (typeof LEDGER_ASSETS)[number];

export const ledgerQuery = z.strictObject({
  token: z.enum(LEDGER_ASSETS),
  reason: z.enum(LEDGER_REASONS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type LedgerQuery = z.input<typeof ledgerQuery>;
export const ledgerRow = z.object({
  id: z.number().int(),
  at: z.string(),
  asset: z.string().describe('the token, or `item:<key>`'),
  amount: baseUnits.describe('base units of a token, whole items of an item'),
  reason: z.enum(LEDGER_REASONS),
  raw_reason: z.string(),
  reference: z.string(),
  link: z.string().nullable().describe('app path of what caused it, when there is one'),
  running_balance: baseUnits.describe('the balance (or the item count) right after this entry'),
});
export type LedgerRow = z.infer<typeof ledgerRow>;
export const ledgerResponse = z.object({
  token: z.enum(LEDGER_ASSETS),
  balance: baseUnits.nullable().describe('the balance now (null for items)'),
  rows: z.array(ledgerRow),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type LedgerResponse = z.infer<typeof ledgerResponse>;
export const ledgerCsvQuery = z.strictObject({ token: z.enum(LEDGER_ASSETS), reason: z.enum(LEDGER_REASONS).optional() });

// ---- settings ----
export const profileResponse = z.object({
  user_name: z.string(),
  user_avatar: z.string().nullable(),
  avatars: z.array(z.object({ id: z.string(), name: z.string() })).describe('NFTs the player may use as avatar'),
});
export type ProfileResponse = z.infer<typeof profileResponse>;
export const USER_NAME_PATTERN = /^[A-Za-z0-9_.-]{3,24}$/;
export const profileRequest = z.strictObject({
  user_name: text(24, 3).regex(USER_NAME_PATTERN, 'letters, digits, _ . - (3–24)'),
  avatar: text(200).nullable().describe('an avatar id from `avatars`, or null for the default'),
});

// ---- chest ----
export const weekParam = z.object({ week: z.string().max(10).regex(/^\d{4}-\d{2}-\d{2}$/, 'a Monday, YYYY-MM-DD') });
export const chestOpenRequest = z.strictObject({ week: weekParam.shape.week.optional().describe("the week to open (default: this week)") });
export const chestLoot = z.object({ kind: z.enum(['token', 'item']), key: z.string(), amount: z.string() });
export const chestStatus = z.object({
  week: z.string().describe('the Monday (UTC) that starts the week'),
  ends_at: z.string(),
  seed_hash: z.string(),
  table_version: z.number().int().describe('the loot table published with this week (GET chest/weeks/:week answers it)'),
  state: z.enum(['openable', 'opened', 'not_land_owner', 'locked', 'not_time']),
  opened: z.object({ draw: z.string(), entry: z.number().int(), loot: chestLoot, opened_at: z.string() }).nullable(),
  next_week: z.object({ week: z.string(), seed_hash: z.string() }),
});
export type ChestStatus = z.infer<typeof chestStatus>;
export const chestOpenResponse = z.object({ week: z.string(), draw: z.string(), entry: z.number().int(), loot: chestLoot });
export type ChestOpenResponse = z.infer<typeof chestOpenResponse>;
export const chestWeekResponse = z.object({
  week: z.string(),
  seed_hash: z.string(),
  seed: z.string().nullable().describe('revealed once the week has ended'),
  table_version: z.number().int().describe('version of the loot table published with this week; a week keeps it forever'),
  table: z.array(z.object({ weight: z.number().int(), loot: chestLoot })),
  draws: z.array(z.object({ user_id: z.number().int(), draw: z.string(), entry: z.number().int() })),
});
export type ChestWeekResponse = z.infer<typeof chestWeekResponse>;

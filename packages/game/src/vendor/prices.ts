/**
 * The vendor's catalogue with its prices (docs/game-rules.md §6, docs/product.md §3 "Vendor items"). Prices are
 * exact integer base units of the token they are paid in; the server charges only what
 * {@link quotePurchase} computes from this table, never a price a client sends.
 */
import { GameError } from '../errors.ts';
import { toBaseUnits, type Token } from '../tokens/tokens.ts';

/** Groups of the vendor page, in the order it shows them. */
export const VENDOR_GROUPS = ['permits', 'toolkits', 'toolkit_sets', 'schemes', 'fren', 'food', 'exo_packs'] as const;
export type VendorGroup = (typeof VENDOR_GROUPS)[number];

/** What one unit of an entry gives: item counts (by item kind key) and token amounts (base units). */
export interface VendorGives {
  items: Readonly<Record<string, number>>;
  tokens: Readonly<Partial<Record<Token, bigint>>>;
}

/** One catalogue entry (a "SKU"). */
export interface VendorEntry {
  key: string;
  group: VendorGroup;
  name: string;
  /** What it is for, in words (shown on /vendor). */
  purpose: string;
  /** The token it is paid in; `ada` entries are paid on chain and not purchasable in the app yet. */
  payToken: 'exo' | 'hexo' | 'ada';
  /** Price of one unit in base units of `payToken`; null for `ada` entries (price set on chain). */
  price: bigint | null;
  gives: VendorGives;
  purchasable: boolean;
  /**
   * At most this many units per account and chest week (Monday 00:00 to Sunday 23:59 UTC,
   * `chestWeekOf`), or null: no limit (docs/game-rules.md §6). See {@link checkWeeklyLimit}.
   */
  weeklyLimit: number | null;
}

/** The largest quantity of one entry in one purchase. */
export const MAX_PURCHASE_QUANTITY = 1000;

const exo = (n: bigint) => toBaseUnits(n, 'exo');
const hexo = (n: bigint) => toBaseUnits(n, 'hexo');

/** Price of toolkit tier `n` (2–10): 250 × n² HEXO, base units (docs/game-rules.md §6). */
export function toolkitPrice(tier: number): bigint {
  if (!Number.isInteger(tier) || tier < 2 || tier > 10) throw new RangeError(`no toolkit tier ${tier}`);
  return hexo(250n * BigInt(tier) ** 2n);
}

/** A set's price: the sum of its toolkits × 0.9 (docs/game-rules.md §6), exact in base units. */
export function toolkitSetPrice(from: number, to: number): bigint {
  let sum = 0n;
  for (let t = from; t <= to; t++) sum += toolkitPrice(t);
  return (sum * 9n) / 10n;
}

const permitPrice = { 1: exo(5_000n), 2: exo(15_000n) } as const;

/**
 * Tier-3 expansion permit (L→XL): 40,000 EXO, at most {@link PERMIT_3_WEEKLY_LIMIT} per account and
 * week, no pack (docs/game-rules.md §6). With the weekly chest's 0.2% entry (§7) it is how a player
 * reaches XL without the demo faucet.
 */
export const PERMIT_3_PRICE = exo(40_000n);
/** Tier-3 permits one account may buy per chest week (docs/game-rules.md §6). */
export const PERMIT_3_WEEKLY_LIMIT = 1;

function permitEntries(): VendorEntry[] {
  return ([1, 2] as const).flatMap((tier) => [
    { key: `permit_${tier}`, group: 'permits', name: `Expansion permit tier ${tier}`, purpose: tier === 1 ? 'Expands a small land to medium' : 'Expands a medium land to large',
      payToken: 'exo', price: permitPrice[tier], gives: { items: { [`land_upgrade0${tier}`]: 1 }, tokens: {} }, purchasable: true, weeklyLimit: null },
    { key: `permit_${tier}_pack10`, group: 'permits', name: `Expansion permit tier ${tier} (pack of 10)`, purpose: `10 permits for the price of 9`,
      payToken: 'exo', price: permitPrice[tier] * 9n, gives: { items: { [`land_upgrade0${tier}`]: 10 }, tokens: {} }, purchasable: true, weeklyLimit: null },
  ] satisfies VendorEntry[] as VendorEntry[]).concat([
    { key: 'permit_3', group: 'permits', name: 'Expansion permit tier 3', purpose: 'Expands a large land to extra large (XL)',
      payToken: 'exo', price: PERMIT_3_PRICE, gives: { items: { land_upgrade03: 1 }, tokens: {} }, purchasable: true, weeklyLimit: PERMIT_3_WEEKLY_LIMIT },
  ]);
}

const TIERS = [2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const SETS = [[2, 4], [5, 7], [8, 10], [2, 10]] as const;
const EXO_PACKS = [1_000n, 5_000n, 10_000n, 50_000n, 100_000n, 250_000n] as const;

/** The whole catalogue (docs/game-rules.md §6), grouped in {@link VENDOR_GROUPS} order. */
export const VENDOR_CATALOGUE: readonly VendorEntry[] = [
  ...permitEntries(),
  ...TIERS.map((tier): VendorEntry => ({
    key: `toolkit_${tier}`, group: 'toolkits', name: `Toolkit tier ${tier}`, purpose: `Upgrades a gold mine to level ${tier}`,
    payToken: 'hexo', price: toolkitPrice(tier), gives: { items: { [`toolkit_${tier}`]: 1 }, tokens: {} }, purchasable: true, weeklyLimit: null,
  })),
  ...SETS.map(([from, to]): VendorEntry => ({
    key: `toolkit_set_${from}_${to}`, group: 'toolkit_sets', name: `Toolkit set ${from}-${to}`, purpose: `One toolkit of each tier ${from} to ${to}, 10% off`,
    payToken: 'hexo', price: toolkitSetPrice(from, to),
    gives: { items: Object.fromEntries(TIERS.filter((t) => t >= from && t <= to).map((t) => [`toolkit_${t}`, 1])), tokens: {} }, purchasable: true, weeklyLimit: null,
  })),
  { key: 'goldmine_scheme', group: 'schemes', name: 'Gold Mine Scheme', purpose: 'Builds a gold mine on a land',
    payToken: 'exo', price: exo(10_000n), gives: { items: { goldmine_scheme: 1 }, tokens: {} }, purchasable: true, weeklyLimit: null },
  { key: 'chicken_tendies', group: 'fren', name: 'Chicken Tendies', purpose: 'Upgrades a fren mine one level',
    payToken: 'hexo', price: hexo(500n), gives: { items: { chicken_tendies: 1 }, tokens: {} }, purchasable: true, weeklyLimit: null },
  { key: 'food_100', group: 'food', name: 'FOOD pack 100', purpose: '100 FOOD, the salary of fren mine workers',
    payToken: 'hexo', price: hexo(100n), gives: { items: {}, tokens: { food: toBaseUnits(100n, 'food') } }, purchasable: true, weeklyLimit: null },
  { key: 'food_1000', group: 'food', name: 'FOOD pack 1,000', purpose: '1,000 FOOD, the salary of fren mine workers',
    payToken: 'hexo', price: hexo(900n), gives: { items: {}, tokens: { food: toBaseUnits(1_000n, 'food') } }, purchasable: true, weeklyLimit: null },
  ...EXO_PACKS.map((n): VendorEntry => ({
    key: `exo_${n / 1000n}k`, group: 'exo_packs', name: `EXO pack ${n / 1000n}k`, purpose: `${n.toLocaleString('en-US')} EXO, paid in ADA on chain at the current EXO price`,
    payToken: 'ada', price: null, gives: { items: {}, tokens: { exo: exo(n) } }, purchasable: false, weeklyLimit: null,
  })),
];

/** Catalogue entry by key, or undefined. */
export function vendorEntry(key: string): VendorEntry | undefined {
  return VENDOR_CATALOGUE.find((e) => e.key === key);
}

/** What a purchase costs and gives. */
export interface PurchaseQuote {
  entry: VendorEntry;
  quantity: number;
  payToken: 'exo' | 'hexo';
  /** Total price, base units of `payToken`. */
  total: bigint;
  /** Items credited, by item kind key. */
  items: Record<string, number>;
  /** Tokens credited, base units. */
  tokens: Partial<Record<Token, bigint>>;
}

/**
 * Prices a purchase of `quantity` units of `key` from the catalogue.
 * @throws GameError NOT_FOUND (no such entry), SYSTEM_FEATURE_NOT_AVAILABLE (paid in ADA: not
 *   purchasable in the app yet), VALIDATION_ERROR (quantity not 1..{@link MAX_PURCHASE_QUANTITY})
 */
export function quotePurchase(key: string, quantity: number): PurchaseQuote {
  const entry = vendorEntry(key);
  if (!entry) throw new GameError('NOT_FOUND', `no vendor item ${key}`);
  if (!entry.purchasable || entry.price === null || entry.payToken === 'ada') throw new GameError('SYSTEM_FEATURE_NOT_AVAILABLE');
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_PURCHASE_QUANTITY) throw new GameError('VALIDATION_ERROR');
  const q = BigInt(quantity);
  return {
    entry, quantity, payToken: entry.payToken, total: entry.price * q,
    items: Object.fromEntries(Object.entries(entry.gives.items).map(([k, n]) => [k, n * quantity])),
    tokens: Object.fromEntries(Object.entries(entry.gives.tokens).map(([t, n]) => [t, n * q])),
  };
}

/**
 * The weekly limit of an entry (docs/game-rules.md §6): `bought` units this chest week already, plus
 * `quantity` now, must not pass `entry.weeklyLimit`. The server enforces the same bound in SQL with
 * one conditional upsert (race-safe); this is the rule both share and the web app's preview.
 * @throws GameError VENDOR_WEEKLY_LIMIT when over the limit
 */
export function checkWeeklyLimit(entry: Pick<VendorEntry, 'weeklyLimit'>, bought: number, quantity: number): void {
  if (entry.weeklyLimit !== null && bought + quantity > entry.weeklyLimit) throw new GameError('VENDOR_WEEKLY_LIMIT');
}

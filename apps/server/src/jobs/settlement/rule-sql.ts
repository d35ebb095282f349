/**
 * SQL generated from `packages/game`'s rules, for the tick's steps: every number of a rule the SQL
 * uses comes from a constant there (caps, upgrade items, effectivity bounds, weights, pools,
 * salaries and their tokens), never a literal here. The Staking Hub's fragments are in
 * `modules/staking/repository.ts` (`leagueSql`, `snapshotRowsSql`, `stakingRewardTokenSql`).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  MINE_KINDS, MINE_RULES, WORKER_RARITIES, MANAGER_BONUS_PERCENT, EFFECTIVITY_BOUNDS_PERCENT, LAND_SIZES, type MineKind,
} from '@kingdom/game';

/** SQL CASE of a land's `kind` mine cap by its size (`l.size`; `MINE_RULES[kind].capFor`, docs/game-rules.md §3). */
export const capCase = (kind: MineKind) => sql.join([
  sql`CASE l.size`,
  ...LAND_SIZES.map((s) => sql`WHEN ${s} THEN ${MINE_RULES[kind].capFor(s)}::int`),
  sql`END`,
], sql` `);

/** SQL CASE of the item that upgrades a `kind` mine to level `target` (`MINE_RULES[kind].upgradeItem`). */
export const upgradeItemSql = (kind: MineKind, target: SQL) => sql.join([
  sql`CASE ${target}`,
  ...Array.from({ length: MINE_RULES[kind].maxLevel - 1 }, (_, i) => sql`WHEN ${i + 2}::int THEN ${MINE_RULES[kind].upgradeItem(i + 2)}::text`),
  sql`END`,
], sql` `);

/** SQL of docs/game-rules.md §3's effectivity rating from integer `worked` and `open` expressions. */
export function effectivitySql(worked: SQL, open: SQL): SQL {
  const [a, b, c] = EFFECTIVITY_BOUNDS_PERCENT;
  return sql`CASE WHEN ${open} <= 0 OR ${worked} <= 0 THEN 0 WHEN ${worked} >= ${open} THEN 5
    WHEN ${worked} * 100 < ${a}::int * ${open} THEN 1 WHEN ${worked} * 100 < ${b}::int * ${open} THEN 2
    WHEN ${worked} * 100 < ${c}::int * ${open} THEN 3 ELSE 4 END`;
}

/**
 * A land's worked slots counted per weight code, packed in one bigint (`mine_daily.weight_counts`):
 * {@link COUNT_BITS} bits per code, code 2i for rarity i (`WORKER_RARITIES` order) and 2i + 1 for the
 * same rarity with the manager bonus (docs/game-rules.md §3). Counting is a plain `sum` (no per-land arrays
 * in the world's aggregate), and the same slots always pack to the same number.
 */
export const COUNT_BITS = 6;
if (Math.max(...MINE_KINDS.map((k) => MINE_RULES[k].maxLevel)) >= 2 ** COUNT_BITS || WORKER_RARITIES.length * 2 * COUNT_BITS > 63) {
  throw new Error('a land\'s slots per weight code must fit COUNT_BITS, and every code one bigint');
}

/** The weight codes of a mine kind: the weight (centi-weight × percent) each packed field counts. */
export function weightCodes(kind: MineKind): { code: number; eff: bigint }[] {
  const rules = MINE_RULES[kind];
  return WORKER_RARITIES.flatMap((r, i) => [
    { code: 2 * i, eff: rules.weightCenti[r] * 100n },
    { code: 2 * i + 1, eff: rules.weightCenti[r] * (100n + MANAGER_BONUS_PERCENT) },
  ]);
}

/** A rarity's one-slot count in a packed weight-count field (code 2i, see {@link COUNT_BITS}). */
export const rarityUnit = (i: number) => (1n << BigInt(2 * i * COUNT_BITS)).toString();

/** SQL list of the worker rarities (`WORKER_RARITIES`), for `IN (…)`. */
export const raritiesSql = () => sql.join(WORKER_RARITIES.map((r) => sql`${r}`), sql`, `);

/** The columns of a paid worker holding its HEXO and FOOD salary, from the kind's descriptor. */
export function salaryColumns(kind: MineKind): { hexo: SQL; food: SQL } {
  const rules = MINE_RULES[kind];
  const fallback = rules.salaryFallback;
  return {
    hexo: rules.salaryToken === 'hexo' ? sql`from_token` : fallback === 'hexo' ? sql`from_fallback` : sql`0`,
    food: rules.salaryToken === 'food' ? sql`from_token` : fallback === 'food' ? sql`from_fallback` : sql`0`,
  };
}

/**
 * SQL: the player of row `x` (columns user_id, hexo, food: the balances a salary batch sees now) is
 * paid as staged. A salary takes the token first and the fallback only when the token runs short
 * (docs/game-rules.md §3), so a player whose every kind was paid wholly from its token at staging
 * (`settle_user`: that token's sum = need), and whose balance of each salary token still covers the
 * needs of every kind paid in it, gets the same salaries, worked slots and reports: what the balance
 * moved by cannot change them. True for a player without workers (no `settle_user` rows).
 */
export function stillCoveredSql(x: SQL): SQL {
  const tokens = [...new Set(MINE_KINDS.map((k) => MINE_RULES[k].salaryToken))];
  const kindsOf = (t: string) => sql.join(MINE_KINDS.filter((k) => MINE_RULES[k].salaryToken === t).map((k) => sql`${k}::text`), sql`, `);
  const fromToken = sql.join(MINE_KINDS.map((k) => sql`WHEN ${k} THEN p.${sql.raw(MINE_RULES[k].salaryToken)}`), sql` `);
  const covers = sql.join(tokens.map((t) => sql`${x}.${sql.raw(t)} >= COALESCE(sum(p.need) FILTER (WHERE p.mine IN (${kindsOf(t)})), 0)`), sql` AND `);
  // a scalar subquery: read per moved player by the primary key (a NOT EXISTS became an anti-join over every row)
  return sql`COALESCE((SELECT bool_and((CASE p.mine ${fromToken} END) = p.need) AND ${covers}
    FROM settle_user p WHERE p.user_id = ${x}.user_id), true)`;
}

/** SQL of a worker's pool share: ⌊pool × eff ÷ the world's eff⌋ (0 when nobody worked); `mine_day_reports` computes the same. */
export const shareSql = (kind: MineKind, totalEff: bigint) => sql`CASE WHEN ${totalEff.toString()}::bigint > 0
  THEN ${MINE_RULES[kind].dailyPool.toString()}::bigint * eff / ${totalEff.toString()}::bigint ELSE 0 END`;

/** SQL of a slot's pool share by the mine kind in column `mine` ({@link shareSql} per kind; 0 for another). */
export const shareByMineSql = (mine: SQL, eff: Record<MineKind, bigint>) =>
  sql.join([sql`CASE ${mine}`, ...MINE_KINDS.map((kind) => sql`WHEN ${kind} THEN ${shareSql(kind, eff[kind])}`), sql`ELSE 0 END`], sql` `);

/** One worked slot's pool share per weight code (index = code), ⌊pool × eff ÷ the world's eff⌋: what `mine_day_reports` multiplies a land's counts by. */
export function codeShares(kind: MineKind, totalEff: bigint): bigint[] {
  return weightCodes(kind).map((c) => (totalEff > 0n ? MINE_RULES[kind].dailyPool * c.eff / totalEff : 0n));
}

/** Base-unit amounts of the mines' answers, shown with their token (6 decimals, docs/product.md §9). */
import type { MineDay, MineKind } from '@kingdom/api';
import { MINE_RULES, TOKEN_SYMBOLS, isToken } from '@kingdom/game';
import { formatTokenAmount } from '../../i18n/format.ts';

/** `"12500000"`, `"hexo"` → `12.5 HEXO`; an unknown token shows the raw amount with its name. */
export function formatAmount(base: string, token: string): string {
  const t = token.toLowerCase();
  if (!isToken(t)) return `${base} ${token}`;
  return `${formatTokenAmount(base, t)} ${TOKEN_SYMBOLS[t]}`;
}

/** Whole tokens as a JS number, for charts only (exact strings everywhere else). */
export function chartNumber(base: string): number {
  return Number(base) / 1_000_000;
}

/** What a day's salary was paid in: FOOD and HEXO base units. */
export interface SalaryPaid {
  food: bigint;
  hexo: bigint;
}

/**
 * The salary of a row (or totals) split by token: the answer's `food_paid`/`hexo_paid` when the
 * server gives them, else all of `salary_paid` in the kind's first salary token.
 */
export function salaryPaid(row: { salary_paid: string; food_paid?: string; hexo_paid?: string; salary_token?: string }, kind: MineKind): SalaryPaid {
  if (row.food_paid !== undefined || row.hexo_paid !== undefined) {
    return { food: BigInt(row.food_paid ?? '0'), hexo: BigInt(row.hexo_paid ?? '0') };
  }
  const token = (row.salary_token ?? MINE_RULES[kind].salaryToken).toLowerCase();
  const all = BigInt(row.salary_paid);
  return token === 'food' ? { food: all, hexo: 0n } : { food: 0n, hexo: all };
}

/**
 * A salary as paid, in each token that paid: `15 FOOD + 15 HEXO`, `30 HEXO`; nothing paid shows
 * `0` in the kind's first salary token (`0 FOOD` for frens).
 */
export function formatSalaryPaid(paid: SalaryPaid, kind: MineKind): string {
  const parts: string[] = [];
  if (paid.food > 0n) parts.push(formatAmount(paid.food.toString(), 'food'));
  if (paid.hexo > 0n) parts.push(formatAmount(paid.hexo.toString(), 'hexo'));
  if (parts.length === 0) return formatAmount('0', MINE_RULES[kind].salaryToken);
  return parts.join(' + ');
}

/** The salary of a performance or report row, in each token that paid it. */
export function formatRowSalary(row: MineDay, kind: MineKind): string {
  return formatSalaryPaid(salaryPaid(row, kind), kind);
}

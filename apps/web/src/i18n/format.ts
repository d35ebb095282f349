/**
 * Numbers in the player's language (docs/product.md §10): the exact formatters of `@kingdom/game` (bigint
 * base units, truncated, never through floats) with their English separators swapped for those of
 * `Intl.NumberFormat` in the current language (`1,234,567.89` → `1.234.567,89` in Spanish). Web
 * code formats numbers through this module.
 */
import {
  formatPrice5 as formatPrice5En, formatThousands as formatThousandsEn, formatTokenAmount as formatTokenAmountEn, type Token,
} from '@kingdom/game';
import { i18n } from './index.ts';

const decimalSymbols = new Map<string, string>();

function decimalSymbol(lng: string): string {
  let s = decimalSymbols.get(lng);
  if (s === undefined) {
    s = new Intl.NumberFormat(lng).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    decimalSymbols.set(lng, s);
  }
  return s;
}

/** An English-formatted number (`-1,234.5`) in `lng`'s format; anything else is returned as is. */
export function localizeNumber(english: string, lng: string = i18n.language || 'en'): string {
  const m = /^(-?)(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d+))?$/.exec(english);
  if (!m) return english;
  const digits = BigInt(m[2]!.replace(/,/g, ''));
  // Intl's default grouping (Spanish groups from five digits, like i18next's `{{x, number}}`); a
  // Number where it is exact, a BigInt beyond
  const int = new Intl.NumberFormat(lng).format(digits <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(digits) : digits);
  return `${m[1]}${int}${m[3] ? decimalSymbol(lng) + m[3] : ''}`;
}

/** `formatThousands` of `@kingdom/game` in the current language. */
export function formatThousands(value: number | bigint | string): string {
  return localizeNumber(formatThousandsEn(value));
}

/** `formatTokenAmount` of `@kingdom/game` (base units → whole tokens, truncated) in the current language. */
export function formatTokenAmount(base: bigint | string, token: Token, maxFraction = 2): string {
  return localizeNumber(formatTokenAmountEn(base, token, maxFraction));
}

/** `formatPrice5` of `@kingdom/game` (5 decimals, truncated) in the current language. */
export function formatPrice5(price: string | number): string {
  return localizeNumber(formatPrice5En(price));
}

/** A date and time of `iso` in UTC, in the current language ("26 Nov 2026, 12:43" / "26 nov 2026, 12:43"). */
export function formatDateTime(iso: string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  const lng = i18n.language || 'en';
  return new Date(iso).toLocaleString(lng === 'en' ? 'en-GB' : lng, { timeZone: 'UTC', ...options });
}

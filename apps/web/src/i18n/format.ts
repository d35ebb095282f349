/**
 * Numbers in the player's language (docs/product.md §10): the exact formatters of `@kingdom/game` (bigint
 * base units, truncated, never through floats) with their English separators swapped for those of
 * `Intl.NumberFormat` in the current language (`1,234,567.89` → `1.234.567,89` in Spanish). Web
 * code formats numbers through this module.
 */
import {
  TOKEN_DECIMALS, formatPrice5 as formatPrice5En, formatThousands as formatThousandsEn, formatTokenAmount as formatTokenAmountEn,
  fromBaseUnits, toBaseUnits, type Token,
} from '@kingdom/game';
import { i18n } from './index.ts';

const decimalSymbols = new Map<string, string>();

function decimalSymbol(lng: string): string {
  let s = decimalSymbols.get(lng);
  if (s === undefined) {
    s = integerFormat(lng).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    decimalSymbols.set(lng, s);
  }
  return s;
}

const integerFormats = new Map<string, Intl.NumberFormat>();

/**
 * `new Intl.NumberFormat(lng)`, made once per language: building one costs far more than using it
 * (the first one ≈ 18 ms of main thread, the dashboard's costliest function of our own at start-up).
 */
function integerFormat(lng: string): Intl.NumberFormat {
  let f = integerFormats.get(lng);
  if (f === undefined) {
    f = new Intl.NumberFormat(lng);
    integerFormats.set(lng, f);
  }
  return f;
}

/** An English-formatted number (`-1,234.5`) in `lng`'s format; anything else is returned as is. */
export function localizeNumber(english: string, lng: string = i18n.language || 'en'): string {
  const m = /^(-?)(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d+))?$/.exec(english);
  if (!m) return english;
  const digits = BigInt(m[2]!.replace(/,/g, ''));
  // English: Intl's 'en' format is a comma every three digits and a '.', so the string is built
  // without Intl (whose first formatter costs more than the whole dashboard's numbers)
  if (lng === 'en') return `${m[1]}${formatThousandsEn(digits)}${m[3] ? `.${m[3]}` : ''}`;
  // Intl's default grouping (Spanish groups from five digits, like i18next's `{{x, number}}`); a
  // Number where it is exact, a BigInt beyond
  const int = integerFormat(lng).format(digits <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(digits) : digits);
  return `${m[1]}${int}${m[3] ? decimalSymbol(lng) + m[3] : ''}`;
}

/** `formatThousands` of `@kingdom/game` in the current language. */
export function formatThousands(value: number | bigint | string): string {
  return localizeNumber(formatThousandsEn(value));
}

/** Decimals an amount shows (docs/product.md §9 "amounts"). */
export const AMOUNT_DECIMALS = 2;

/**
 * A token amount for display, the one precision rule of docs/product.md §9: base units (bigint or
 * its decimal string) → whole tokens with the language's separators and at most {@link AMOUNT_DECIMALS}
 * decimals, truncated toward zero (never rounded up), trailing zeros dropped (`303869999998n` EXO →
 * `303,869.99`); a non-zero amount that would read 0 shows its first two significant digits instead
 * (`2500n` → `0.0025`), never more decimals than the token has. The exact value: {@link exactTokenAmount}.
 * @param exactFraction only for exact amounts (the operator console, titles): that many decimals, truncated
 */
export function formatTokenAmount(base: bigint | string, token: Token, exactFraction?: number): string {
  if (exactFraction !== undefined) return localizeNumber(formatTokenAmountEn(base, token, exactFraction));
  const en = formatTokenAmountEn(base, token, AMOUNT_DECIMALS);
  if (!/^-?0$/.test(en) || BigInt(base) === 0n) return localizeNumber(en);
  const frac = fromBaseUnits(base, token).split('.')[1] ?? '';
  const first = frac.search(/[1-9]/);
  return localizeNumber(formatTokenAmountEn(base, token, Math.max(AMOUNT_DECIMALS, first + 2)));
}

/** A token amount with every decimal the token has (trailing zeros dropped), in the language: for a title or tooltip. */
export function exactTokenAmount(base: bigint | string, token: Token): string {
  return formatTokenAmount(base, token, TOKEN_DECIMALS[token]);
}

/**
 * A token amount typed by the player (a whole-token decimal string such as `"1000"`) shown by the rule
 * of {@link formatTokenAmount}; what is not an amount of `token` is returned as typed.
 */
export function formatTypedAmount(whole: string, token: Token): string {
  try {
    return formatTokenAmount(toBaseUnits(whole.trim(), token), token);
  } catch {
    return whole;
  }
}

/** `formatPrice5` of `@kingdom/game` (5 decimals, truncated) in the current language. */
export function formatPrice5(price: string | number): string {
  return localizeNumber(formatPrice5En(price));
}

/**
 * `part` of `whole` as a percentage with 2 decimals in the current language (`500` of `10000` →
 * `5.00%` / `5,00 %`), exact: whole-number arithmetic, truncated.
 */
export function formatPercent(part: number | bigint, whole: number | bigint): string {
  const hundredths = (BigInt(part) * 10_000n) / BigInt(whole);
  const neg = hundredths < 0n;
  const a = neg ? -hundredths : hundredths;
  const text = `${neg ? '-' : ''}${formatThousandsEn(a / 100n)}.${(a % 100n).toString().padStart(2, '0')}`;
  const lng = i18n.language || 'en';
  const sign = new Intl.NumberFormat(lng, { style: 'percent' }).formatToParts(0.5).filter((p) => p.type !== 'integer' && p.type !== 'decimal' && p.type !== 'fraction').map((p) => p.value).join('');
  return `${localizeNumber(text, lng)}${sign}`;
}

/** A date and time of `iso` in UTC, in the current language ("26 Nov 2026, 12:43" / "26 nov 2026, 12:43"). */
export function formatDateTime(iso: string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  const lng = i18n.language || 'en';
  return new Date(iso).toLocaleString(lng === 'en' ? 'en-GB' : lng, { timeZone: 'UTC', ...options });
}

/** Base-unit amounts of the Gold Rush answers, shown with their token (6 decimals, spec §9). */
import { TOKEN_SYMBOLS, formatTokenAmount, isToken } from '@kingdom/game';

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

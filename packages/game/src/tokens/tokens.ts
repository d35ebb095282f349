/**
 * Tokens of the Kingdom economy and their base units (docs/game-rules.md §1).
 *
 * EXO and HEXO are Cardano native tokens, FOOD and RUNE are off-chain; all four use 6 decimals,
 * so 1 whole token = 1,000,000 base units. Amounts everywhere are integer base units (`bigint`).
 */

/** The four app balances, in the order the dashboard shows them. */
export const TOKENS = ['exo', 'hexo', 'food', 'rune'] as const;
/** One of the four app balances. */
export type Token = (typeof TOKENS)[number];

/** Decimals of each token (docs/game-rules.md §1). */
export const TOKEN_DECIMALS: Record<Token, number> = { exo: 6, hexo: 6, food: 6, rune: 6 };

/** Display symbol of each token. */
export const TOKEN_SYMBOLS: Record<Token, string> = { exo: 'EXO', hexo: 'HEXO', food: 'FOOD', rune: 'RUNE' };

/** True when `value` names one of the four tokens. */
export function isToken(value: string): value is Token {
  return (TOKENS as readonly string[]).includes(value);
}

/**
 * Whole tokens → base units, exactly.
 * @param whole a non-negative decimal string or bigint of whole tokens, e.g. `"12.5"` or `12n`
 * @returns base units (`12.5` EXO → `12500000n`)
 * @throws RangeError when the string is not a decimal or has more fraction digits than the token's decimals
 */
export function toBaseUnits(whole: string | bigint, token: Token): bigint {
  const decimals = TOKEN_DECIMALS[token];
  if (typeof whole === 'bigint') return whole * 10n ** BigInt(decimals);
  const m = /^(\d+)(?:\.(\d+))?$/.exec(whole.trim());
  if (!m) throw new RangeError(`not a decimal amount: ${whole}`);
  const frac = m[2] ?? '';
  if (frac.length > decimals) throw new RangeError(`more than ${decimals} decimals: ${whole}`);
  return BigInt(m[1]!) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
}

/**
 * Base units → whole tokens as an exact decimal string without trailing zeros
 * (`12500000n` → `"12.5"`). Negative amounts keep their sign.
 */
export function fromBaseUnits(base: bigint | string, token: Token): string {
  const decimals = TOKEN_DECIMALS[token];
  let v = BigInt(base);
  const neg = v < 0n;
  if (neg) v = -v;
  const unit = 10n ** BigInt(decimals);
  const int = (v / unit).toString();
  const frac = (v % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return (neg ? '-' : '') + (frac ? `${int}.${frac}` : int);
}

/**
 * Display helpers of docs/product.md §9 (thousands separators, relative time, shortened strings, prices).
 * Pure: the current time is a parameter.
 */
import { DAY_MS } from './days.ts';
import { fromBaseUnits, type Token } from './tokens/tokens.ts';

/**
 * Thousands separators (docs/product.md §9): `1234567.5` → `"1,234,567.5"`. Accepts a number, bigint or
 * decimal string; the fraction is kept as given.
 */
export function formatThousands(value: number | bigint | string): string {
  const s = typeof value === 'string' ? value : value.toString();
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(s);
  if (!m) return s;
  return m[1] + m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (m[3] ?? '');
}

/**
 * A balance in base units shown as whole tokens with thousands separators and at most
 * `maxFraction` decimals, truncated (never rounded up): `1234567890000n` EXO → `"1,234,567.89"`.
 */
export function formatTokenAmount(base: bigint | string, token: Token, maxFraction = 2): string {
  const whole = fromBaseUnits(base, token);
  const [int, frac = ''] = whole.split('.');
  const f = frac.slice(0, maxFraction).replace(/0+$/, '');
  return formatThousands(f ? `${int}.${f}` : int!);
}

/**
 * A price shown with exactly 5 decimals, truncated down (docs/product.md §5, §9): `"0.1234567"` → `"0.12345"`.
 */
export function formatPrice5(price: string | number): string {
  const s = typeof price === 'number' ? price.toFixed(10) : price;
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(s.trim());
  if (!m) return s;
  return `${m[1]}${m[2]}.${(m[3] ?? '').padEnd(5, '0').slice(0, 5)}`;
}

/**
 * Relative time of docs/product.md §9: 'Today' under a day, then `1d ago`, `%dd ago`, `1w ago`, `%dw ago`,
 * `1m ago`, `%dm ago`, `1y ago`, `%dy ago`. Weeks from 7 days, months (30 days) from 30 days,
 * years (365 days) from 365 days.
 * @param then instant in ms since the epoch (UTC)
 * @param now current instant in ms since the epoch (UTC)
 */
export function relativeTime(then: number, now: number): string {
  const days = Math.floor(Math.max(0, now - then) / DAY_MS);
  if (days < 1) return 'Today';
  if (days < 7) return `${days}d ago`;
  if (days < 30) return `${Math.floor(days / 7)}w ago`;
  if (days < 365) return `${Math.floor(days / 30)}m ago`;
  return `${Math.floor(days / 365)}y ago`;
}

/**
 * Shortens a long string to its start and end with '...' between (docs/product.md §9):
 * `shortenMiddle("addr1qxy…", 8, 6)`. Strings not longer than `start + end + 3` are returned whole.
 */
export function shortenMiddle(value: string, start = 8, end = 6): string {
  if (value.length <= start + end + 3) return value;
  return `${value.slice(0, start)}...${value.slice(-end)}`;
}

/**
 * Readable name of an NFT (one rule for the mines, the Staking-Hub and the web app): its UTF-8
 * asset name when `assetKey` is the hex of printable ASCII (Cardano asset names), else the
 * collection's name with the asset id shortened (`"Velvet Elves 8Fq2...x9Kd"`: Solana mints).
 */
export function nftName(chain: string, assetKey: string, collection: string): string {
  if (chain === 'cardano' && /^(?:[0-9a-f]{2})+$/.test(assetKey)) {
    let text = '';
    for (let i = 0; i < assetKey.length; i += 2) text += String.fromCharCode(parseInt(assetKey.slice(i, i + 2), 16));
    if (/^[\x20-\x7e]+$/.test(text)) return text;
  }
  return `${collection} ${assetKey.slice(0, 4)}...${assetKey.slice(-4)}`;
}

/**
 * Price providers (docs/operator-guide.md "Prices"): where the price job learns what a token is
 * worth. One interface, two HTTP implementations:
 * - {@link SimplePriceProvider}: a CoinGecko-compatible `simple/price` endpoint (`PRICE_SERVICE_URL`)
 *   asked `?ids=cardano,solana&vs_currencies=usd` → `{"cardano": {"usd": n}, "solana": {"usd": n}}`:
 *   USD per ADA and per SOL (docs/product.md §7's public price service, now asked by the server only);
 * - {@link TokenPriceProvider}: a DEX or aggregator endpoint (`PRICE_TOKEN_URL`) answering
 *   `{"exo": {"ada": n}, "hexo": {"ada": n}}` (numbers or decimal strings): ADA per EXO and per HEXO.
 *   Any source can be put behind it with a small adapter; without it, EXO/HEXO are operator-set
 *   (`kingdom prices set`).
 * Every answer is read bounded and checked with zod; a provider that times out, answers non-2xx or
 * something else than the shape throws, and the job stores nothing of it.
 */
import { z } from 'zod';

/** A price a provider saw: `token` (`exo`, `hexo`: in ADA; `ada`, `sol`: in USD), the value as decimal text truncated down to 5 decimals (docs/product.md §5). */
export interface SeenPrice {
  token: 'exo' | 'hexo' | 'ada' | 'sol';
  /** ADA per token (exo, hexo) or USD per token (ada, sol). */
  quote: 'ada' | 'usd';
  /** Decimal text, at most 5 decimals, truncated down; never negative. */
  value: string;
}

/** A source of prices. */
export interface PriceProvider {
  /** Name stored as the prices' `source` and used in logs (`simple-price`, `token-price`). */
  readonly name: string;
  /**
   * The prices the provider answers now.
   * @throws Error when it cannot be reached, takes longer than its timeout, answers non-2xx, or
   *   answers anything but its documented shape (message names which)
   */
  fetchPrices(): Promise<SeenPrice[]>;
}

/** Largest answer body read, in characters. */
const MAX_BODY_CHARS = 64_000;
/** Largest price accepted (a value above it is nonsense, not a price). */
const MAX_PRICE = 1e12;

/**
 * A JSON number or decimal string as decimal text truncated down to 5 decimals (docs/product.md §5):
 * `0.3812345` → `"0.38123"`, `1.5e-7` → `"0.00000"`.
 * @throws Error for a negative, non-finite or too large value, or text that is not a decimal
 */
export function truncate5(v: number | string): string {
  let s: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v < 0 || v > MAX_PRICE) throw new Error(`price ${v} out of range`);
    s = String(v);
    if (/e-/i.test(s)) return '0.00000'; // below 1e-6: nothing within 5 decimals
  } else {
    s = v.trim();
  }
  const m = /^(\d{1,13})(?:\.(\d*))?$/.exec(s);
  if (!m || Number(m[1]) > MAX_PRICE) throw new Error(`price ${JSON.stringify(v).slice(0, 40)} is not a decimal in range`);
  return `${BigInt(m[1]!).toString()}.${(m[2] ?? '').padEnd(5, '0').slice(0, 5)}`;
}

const priceValue = z.union([z.number(), z.string().max(40)]);

/** GETs `url` with a timeout and returns the parsed, checked body. @throws Error naming what went wrong */
async function getJson<T>(url: URL, timeoutMs: number, schema: z.ZodType<T>, fetchFn: typeof fetch): Promise<T> {
  let res: Response;
  let text: string;
  try {
    res = await fetchFn(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    throw new Error(name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs} ms` : `unreachable (${err instanceof Error ? err.message : String(err)})`);
  }
  if (!res.ok) throw new Error(`answered HTTP ${res.status}`);
  if (text.length > MAX_BODY_CHARS) throw new Error('answer too large');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error('answer is not JSON');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`answer has an unexpected shape at ${issue ? issue.path.join('.') || '(root)' : '?'}`);
  }
  return parsed.data;
}

const simplePriceAnswer = z.object({
  cardano: z.object({ usd: z.number().positive() }),
  solana: z.object({ usd: z.number().positive() }),
});

/** CoinGecko-compatible `simple/price`: USD per ADA and per SOL. */
export class SimplePriceProvider implements PriceProvider {
  readonly name = 'simple-price';
  constructor(private readonly url: string, private readonly timeoutMs: number, private readonly fetchFn: typeof fetch = fetch) {}

  async fetchPrices(): Promise<SeenPrice[]> {
    const url = new URL(this.url);
    url.searchParams.set('ids', 'cardano,solana');
    url.searchParams.set('vs_currencies', 'usd');
    const body = await getJson(url, this.timeoutMs, simplePriceAnswer, this.fetchFn);
    return [
      { token: 'ada', quote: 'usd', value: truncate5(body.cardano.usd) },
      { token: 'sol', quote: 'usd', value: truncate5(body.solana.usd) },
    ];
  }
}

const tokenPriceAnswer = z.object({
  exo: z.object({ ada: priceValue }).optional(),
  hexo: z.object({ ada: priceValue }).optional(),
}).refine((b) => b.exo || b.hexo, 'neither exo nor hexo');

/** A DEX/aggregator endpoint: ADA per EXO and per HEXO (either may be absent; a zero price is refused). */
export class TokenPriceProvider implements PriceProvider {
  readonly name = 'token-price';
  constructor(private readonly url: string, private readonly timeoutMs: number, private readonly fetchFn: typeof fetch = fetch) {}

  async fetchPrices(): Promise<SeenPrice[]> {
    const body = await getJson(new URL(this.url), this.timeoutMs, tokenPriceAnswer, this.fetchFn);
    const out: SeenPrice[] = [];
    for (const token of ['exo', 'hexo'] as const) {
      const p = body[token];
      if (!p) continue;
      const value = truncate5(p.ada);
      if (/^0\.0+$/.test(value)) throw new Error(`${token} price is zero`);
      out.push({ token, quote: 'ada', value });
    }
    return out;
  }
}

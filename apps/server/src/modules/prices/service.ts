/**
 * Prices as the game uses them (docs/game-rules.md §1, docs/product.md §5/§7): the answer of
 * `GET /api/currencies/prices` from the database, and the staleness rule — a price a provider saw
 * longer ago than `PRICE_MAX_AGE_MINUTES` is stale: shown as such, and EXO packs refuse to price
 * from it (PRICE_STALE). Prices set by the operator (`kingdom prices set`) or seeded by the demo
 * never go stale: nobody refreshes them, the operator answers for them.
 */
import type { PricesResponse } from '@kingdom/api';
import { formatPrice5, isPriceStale } from '@kingdom/game';
import type { Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { storedPrice, type PriceRow } from './repository.ts';

const seenAtOf = (row: PriceRow): Date | null => (row.seen_at === null ? null : new Date(row.seen_at));

/**
 * Whether a stored price is stale at `now` (`maxAgeMs` in ms): the rule of `@kingdom/game`'s
 * `isPriceStale` (docs/game-rules.md §1.4) applied to a row — seen by a provider more than `maxAgeMs`
 * ago or at an unknown time; rows without a source and operator/demo prices are never stale.
 */
export function isStale(row: PriceRow, now: Date, maxAgeMs: number): boolean {
  return isPriceStale({ value: row.ada ?? row.usd ?? '0', source: row.source, seenAt: seenAtOf(row) }, now, maxAgeMs);
}

/**
 * The prices answer from the stored rows: EXO/HEXO in ADA (`"0.00000"` when never priced, as
 * before), ADA/SOL in USD (null when never priced), each truncated to 5 decimals, with staleness
 * and the time each was seen.
 */
export function pricesAnswer(rows: readonly PriceRow[], now: Date, maxAgeMs: number): PricesResponse {
  const row = (t: string) => rows.find((r) => r.token === t);
  const value = (t: string, col: 'ada' | 'usd') => {
    const v = row(t)?.[col];
    return v === null || v === undefined ? null : formatPrice5(v);
  };
  const stale = (t: string, col: 'ada' | 'usd') => {
    const r = row(t);
    return r !== undefined && r[col] !== null && isStale(r, now, maxAgeMs);
  };
  const seen = (t: string) => {
    const r = row(t);
    return r ? (seenAtOf(r)?.toISOString() ?? null) : null;
  };
  return {
    exo: value('exo', 'ada') ?? formatPrice5('0'),
    hexo: value('hexo', 'ada') ?? formatPrice5('0'),
    ada_usd: value('ada', 'usd'),
    sol_usd: value('sol', 'usd'),
    stale: { exo: stale('exo', 'ada'), hexo: stale('hexo', 'ada'), ada_usd: stale('ada', 'usd'), sol_usd: stale('sol', 'usd') },
    seen_at: { exo: seen('exo'), hexo: seen('hexo'), ada_usd: seen('ada'), sol_usd: seen('sol') },
  };
}

/**
 * ADA per EXO to price an EXO pack from (decimal text), read inside the order's transaction.
 * @returns null when EXO was never priced (or is priced at 0)
 * @throws ApiError PRICE_STALE when the stored price is stale at `now`
 */
export async function exoPriceForOrder(tx: Orm, now: Date, maxAgeMs: number): Promise<string | null> {
  const row = await storedPrice(tx, 'exo');
  if (!row || row.ada === null) return null;
  if (isStale(row, now, maxAgeMs)) fail('PRICE_STALE');
  return row.ada;
}

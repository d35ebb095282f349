/**
 * SQL of currency prices (docs/product.md §5): one row per token of `currency_prices` — `exo`/`hexo` carry
 * `ada` (ADA per token), `ada`/`sol` carry `usd` (USD per token), each truncated down to 5 decimals
 * before it is stored, with `seen_at` (when the provider saw it) and `source` (the provider's name,
 * `operator` for `kingdom prices set`, `demo` for the demo seed).
 */
import { sql } from 'drizzle-orm';
import { exec, prepared, runPrepared, type Database, type Orm } from '../../db/client.ts';
import type { SeenPrice } from './providers.ts';

/** A stored price row (decimal text at full stored precision; `seen_at` null for rows older than migration 0023). */
export interface PriceRow {
  token: string;
  ada: string | null;
  usd: string | null;
  seen_at: Date | string | null;
  source: string | null;
}

const pricesStmt = prepared('currency_prices', sql`
  SELECT token, ada::text AS ada, usd::text AS usd, seen_at, source FROM currency_prices WHERE token IN ('exo', 'hexo', 'ada', 'sol')`);

/** Every stored price of EXO, HEXO (in ADA), ADA and SOL (in USD); a token never priced is absent. */
export async function storedPrices(db: Database): Promise<PriceRow[]> {
  return runPrepared<PriceRow>(db, pricesStmt);
}

/** One token's stored price row (inside `orm`, which may be a transaction), or null when never priced. */
export async function storedPrice(orm: Orm, token: SeenPrice['token']): Promise<PriceRow | null> {
  const [row] = await exec<PriceRow>(orm, sql`SELECT token, ada::text AS ada, usd::text AS usd, seen_at, source FROM currency_prices WHERE token = ${token}`);
  return row ?? null;
}

/**
 * Stores prices a provider (or the operator) saw at `seenAt`, in one statement: each token's value
 * in its quote column, with `seen_at` and `source`. A price seen earlier than the stored one does
 * not replace it (two servers' jobs, or a slow provider, cannot move a price back in time).
 * `value`s must already be truncated to 5 decimals ({@link truncate5}).
 * @returns the tokens written
 */
export async function storePrices(orm: Orm, prices: readonly SeenPrice[], seenAt: Date, source: string): Promise<string[]> {
  if (prices.length === 0) return [];
  const rows = sql.join(prices.map((p) => sql`(${p.token}, ${p.quote === 'ada' ? p.value : null}::numeric, ${p.quote === 'usd' ? p.value : null}::numeric)`), sql`, `);
  const written = await exec<{ token: string }>(orm, sql`
    INSERT INTO currency_prices (token, ada, usd, seen_at, source, updated_at)
    SELECT v.token, v.ada, v.usd, ${seenAt.toISOString()}::timestamptz, ${source}, now() FROM (VALUES ${rows}) AS v(token, ada, usd)
    ON CONFLICT (token) DO UPDATE SET
      ada = COALESCE(EXCLUDED.ada, currency_prices.ada), usd = COALESCE(EXCLUDED.usd, currency_prices.usd),
      seen_at = EXCLUDED.seen_at, source = EXCLUDED.source, updated_at = now()
    WHERE currency_prices.seen_at IS NULL OR currency_prices.seen_at <= EXCLUDED.seen_at OR EXCLUDED.source = 'operator'
    RETURNING token`);
  return written.map((r) => r.token);
}

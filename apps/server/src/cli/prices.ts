/**
 * `prices set|show` (any mode; opens the database itself — with PGlite, stop the server first):
 * the operator's prices (docs/operator-guide.md "Prices").
 *
 *   prices set exo|hexo <ADA per token>     e.g. `prices set exo 0.0123`
 *   prices set ada|sol <USD per token>
 *   prices show
 *
 * A set price is truncated down to 5 decimals (docs/product.md §5), stored with source `operator` and the time
 * it was set, and never goes stale (the operator answers for it) until a provider's newer price
 * replaces it. `show` prints every stored price with its source, when it was seen and whether it is
 * stale.
 */
import { CliError, anyConfig, type Print } from './shared.ts';
import type { Database } from '../db/client.ts';
import { openKingdomDatabase } from '../server.ts';
import { truncate5, type SeenPrice } from '../modules/prices/providers.ts';
import { storePrices, storedPrices } from '../modules/prices/repository.ts';
import { isStale } from '../modules/prices/service.ts';

export const PRICES_USAGE = `npm run kingdom -- prices set exo|hexo <ADA per token> | prices set ada|sol <USD per token> | prices show`;

const QUOTES: Record<string, SeenPrice['quote']> = { exo: 'ada', hexo: 'ada', ada: 'usd', sol: 'usd' };

/**
 * Runs `prices` on `db`.
 * @param maxAgeMs the staleness limit `show` judges by (PRICE_MAX_AGE_MINUTES)
 * @throws CliError for bad usage, an unknown token or a value that is not a positive decimal
 */
export async function pricesCommand(db: Database, args: string[], print: Print, maxAgeMs: number, now = new Date()): Promise<void> {
  const [sub, token, value, ...extra] = args;
  if (sub === 'show' && token === undefined) {
    const rows = await storedPrices(db);
    if (rows.length === 0) print('no prices stored');
    for (const r of rows.sort((a, b) => a.token.localeCompare(b.token))) {
      const v = r.usd ?? r.ada;
      const quote = r.usd !== null ? 'USD' : 'ADA';
      const seen = r.seen_at === null ? 'seen at an unknown time' : `seen ${new Date(r.seen_at).toISOString()}`;
      print(`${r.token.toUpperCase()}: ${v ?? '—'} ${quote} (${r.source ?? 'seed'}, ${seen})${isStale(r, now, maxAgeMs) ? ' STALE' : ''}`);
    }
    return;
  }
  if (sub !== 'set' || extra.length > 0 || token === undefined || value === undefined) throw new CliError(`usage: ${PRICES_USAGE}`);
  const quote = QUOTES[token];
  if (!quote) throw new CliError(`unknown token "${token}": exo, hexo (in ADA), ada or sol (in USD)`);
  let stored: string;
  try {
    stored = truncate5(value);
  } catch {
    throw new CliError(`"${value}" is not a price: a positive decimal like 0.0123`);
  }
  if (/^0\.0+$/.test(stored)) throw new CliError(`"${value}" is 0 at 5 decimals: a price must be at least 0.00001`);
  await storePrices(db.orm, [{ token: token as SeenPrice['token'], quote, value: stored }], now, 'operator');
  print(`${token.toUpperCase()} = ${stored} ${quote.toUpperCase()} (operator price, never stale)`);
}

/** Runs `prices` against the configured database. */
export async function prices(args: string[]): Promise<void> {
  const config = anyConfig();
  const { db } = await openKingdomDatabase(config);
  try {
    await pricesCommand(db, args, (line) => console.log(line), config.prices.maxAgeMs);
  } finally {
    await db.close();
  }
}

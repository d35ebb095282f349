/** SQL of currency prices (spec §5): ADA per EXO and per HEXO as the price job last stored them. */
import { sql } from 'drizzle-orm';
import { prepared, runPrepared, type Database } from '../../db/client.ts';

const pricesStmt = prepared('currency_prices', sql`SELECT token, ada::text AS ada FROM currency_prices WHERE token IN ('exo', 'hexo')`);

/** The stored ADA prices of EXO and HEXO (decimal text, full precision); a token never priced is absent. */
export async function storedPrices(db: Database): Promise<Array<{ token: string; ada: string }>> {
  return runPrepared<{ token: string; ada: string }>(db, pricesStmt);
}

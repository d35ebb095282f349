/**
 * Step "shop royalty shares" (staging; docs/game-rules.md §6.3; model: `payShopRoyalty`, whose
 * `shopRoyalty` shares the same way): per token, the pool ⌊day's sales × 5 / 100⌋ shared
 * ⌊pool × lands / all lands⌋ among land owners, the remainder one base unit each to the owners with
 * the most lands (ties: smaller user id). Staged for the credit batches, which pay it last.
 */
import { sql } from 'drizzle-orm';
import { ROYALTY_TOKENS, SHOP_ROYALTY_PERCENT } from '@kingdom/game';
import { exec } from '../../db/client.ts';
import type { Staging } from './context.ts';
import type { LandOwners } from './land-owners.ts';

/** Reads `vendor_purchases` (the day's, by `royalty_day`), `land_owners`; writes `settle_credits` (pass 'credits'). */
export async function stageShopRoyalty(s: Staging, owners: LandOwners): Promise<void> {
  const { tx, day } = s;
  await exec(tx, sql`INSERT INTO settle_credits (pass, user_id, asset, amount, reason, reference, lands)
    WITH pools AS (
      SELECT token, div(sum(amount) * ${SHOP_ROYALTY_PERCENT.toString()}::numeric, 100) AS pool FROM vendor_purchases
      WHERE royalty_day = ${day} AND token IN (${sql.join(ROYALTY_TOKENS.map((t) => sql`${t}`), sql`, `)}) GROUP BY token
    ), held AS (
      SELECT user_id, count(*)::numeric AS lands FROM ${owners.ref} GROUP BY user_id
    ), shares AS (
      SELECT p.token, p.pool, h.user_id, h.lands, div(p.pool * h.lands, (SELECT sum(lands) FROM held)) AS base,
        row_number() OVER (PARTITION BY p.token ORDER BY h.lands DESC, h.user_id) AS rank
      FROM pools p CROSS JOIN held h WHERE p.pool > 0
    ), rest AS (
      SELECT token, pool - sum(base) AS r FROM shares GROUP BY token, pool
    )
    SELECT 'credits', s.user_id, s.token, s.base + CASE WHEN s.rank <= rest.r THEN 1 ELSE 0 END, 'shop_royalty', ${day}::text, s.lands::int
    FROM shares s JOIN rest ON rest.token = s.token`);
}

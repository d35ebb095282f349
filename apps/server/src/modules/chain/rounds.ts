/**
 * EXO sale rounds (GAME-RULES §8 "Token sale", spec `/tokensale`): the rounds with their sold EXO
 * and status, and the SQL of "sold" the orders check a round's cap with.
 *
 * Units: EXO base units, lovelace per whole EXO.
 */
import { sql } from 'drizzle-orm';
import { roundStatus, type SaleRound } from '@kingdom/game';
import type { SaleRoundAnswer } from '@kingdom/api';
import { exec, type Database } from '../../db/client.ts';
import { iso } from './shared.ts';

/** A sale round row as stored (`sold`: EXO sold or reserved, base units). */
export interface RoundRow {
  id: number;
  name: string;
  price_lovelace: string;
  cap: string;
  starts_at: Date | string;
  ends_at: Date | string;
  sold: string;
}

/** A stored round as the game rules see it. */
export const toRound = (r: RoundRow): SaleRound => ({
  id: r.id, name: r.name, priceLovelace: BigInt(r.price_lovelace), cap: BigInt(r.cap), startsAt: new Date(r.starts_at), endsAt: new Date(r.ends_at),
});

/** EXO sold or reserved in a round: paid orders and orders still awaiting payment before they expire. */
export const soldSql = (now: Date) => sql`COALESCE((SELECT sum(o.exo) FROM exo_orders o WHERE o.round_id = r.id
  AND (o.status = 'paid' OR (o.status = 'awaiting_payment' AND o.expires_at > ${now}))), 0)::text`;

/** The sale rounds with their sold EXO and status at `now`. */
export async function saleRounds(db: Database, now: Date): Promise<SaleRoundAnswer[]> {
  const rows = await exec<RoundRow>(db.orm, sql`
    SELECT r.id, r.name, r.price_lovelace::text AS price_lovelace, r.cap::text AS cap, r.starts_at, r.ends_at, ${soldSql(now)} AS sold
    FROM sale_rounds r ORDER BY r.id`);
  return rows.map((r) => ({
    id: r.id, name: r.name, price_lovelace: r.price_lovelace, cap: r.cap, sold: r.sold,
    starts_at: iso(r.starts_at)!, ends_at: iso(r.ends_at)!, status: roundStatus(toRound(r), BigInt(r.sold), now),
  }));
}

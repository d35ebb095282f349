/**
 * EXO sale rounds (docs/game-rules.md §8 "Token sale", spec `/tokensale`): the rounds with their sold EXO
 * and status.
 *
 * Units: EXO base units, lovelace per whole EXO.
 */
import { roundStatus, type SaleRound } from '@kingdom/game';
import type { SaleRoundAnswer } from '@kingdom/api';
import type { Database } from '../../db/client.ts';
import { iso } from './shared.ts';
import { roundRows, type RoundRow } from './repository.ts';

/** A stored round as the game rules see it. */
export const toRound = (r: RoundRow): SaleRound => ({
  id: r.id, name: r.name, priceLovelace: BigInt(r.price_lovelace), cap: BigInt(r.cap), startsAt: new Date(r.starts_at), endsAt: new Date(r.ends_at),
});

/** The sale rounds with their sold EXO and status at `now`. */
export async function saleRounds(db: Database, now: Date): Promise<SaleRoundAnswer[]> {
  const rows = await roundRows(db.orm, now);
  return rows.map((r) => ({
    id: r.id, name: r.name, price_lovelace: r.price_lovelace, price_lamports: r.price_lamports, cap: r.cap, sold: r.sold,
    starts_at: iso(r.starts_at)!, ends_at: iso(r.ends_at)!, status: roundStatus(toRound(r), BigInt(r.sold), now),
  }));
}

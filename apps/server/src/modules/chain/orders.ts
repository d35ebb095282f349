/**
 * EXO orders paid in ADA (GAME-RULES §8 "Token sale", spec `/tokensale` and vendor EXO packs):
 * creating them, the account's orders, and expiring the unpaid ones.
 *
 * Units: whole EXO in requests, base units in the database and answers, lovelace for ADA.
 */
import { sql } from 'drizzle-orm';
import { GameError, ORDER_TTL_MINUTES, checkRoundOrder, confirmationsAt, isAmountInRange, lovelacePerExo, orderLovelace, toBaseUnits, vendorEntry } from '@kingdom/game';
import type { ExoOrder, OrderRequest } from '@kingdom/api';
import { exec, type Database, type Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import type { CardanoMoney } from '../../chain/cardano/money.ts';
import { soldSql, toRound, type RoundRow } from './rounds.ts';
import { iso, requestHashOf } from './shared.ts';

/** An EXO order row as read for its answer. */
interface OrderRow {
  id: number;
  source: 'round' | 'pack';
  round_id: number | null;
  pack: string | null;
  exo: string;
  lovelace: string;
  status: ExoOrder['status'];
  tx_hash: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  /** Height of the block of the order's latest payment the watcher saw (null: none yet). */
  paid_height: number | null;
}

const orderAnswer = ({ paid_height, ...r }: OrderRow, saleAddress: string, tipHeight: number, now: Date): ExoOrder => ({
  ...r, sale_address: saleAddress, created_at: iso(r.created_at)!, expires_at: iso(r.expires_at)!,
  confirmations: paid_height === null ? 0 : confirmationsAt(tipHeight, paid_height),
  status: r.status === 'awaiting_payment' && new Date(r.expires_at) <= now ? 'expired' : r.status,
});

/** The account's EXO orders, newest first (at most 50). */
export async function accountOrders(db: Database, money: CardanoMoney, userId: number, now: Date, id?: number): Promise<ExoOrder[]> {
  const tip = await money.ledger.tip();
  const rows = await exec<OrderRow>(db.orm, sql`
    SELECT o.id::int AS id, o.source, o.round_id, o.pack, o.exo::text AS exo, o.lovelace::text AS lovelace, o.status, o.tx_hash, o.created_at, o.expires_at,
      (SELECT max(p.block_height) FROM chain_payments p WHERE p.token = 'ada' AND p.message_order = o.id
        AND p.status IN ('pending', 'credited', 'claimable')) AS paid_height
    FROM exo_orders o WHERE o.user_id = ${userId} ${id === undefined ? sql`` : sql`AND o.id = ${id}`} ORDER BY o.id DESC LIMIT 50`);
  return rows.map((r) => orderAnswer(r, money.saleAddress, tip.height, now));
}

/**
 * Orders EXO paid in ADA: `amount` whole EXO from an open sale round at its price, or a vendor
 * EXO pack at the current EXO price (`currency_prices`). The order waits
 * {@link ORDER_TTL_MINUTES} for its payment; its EXO is credited when the payment confirms.
 * @throws GameError SALE_ROUND_CLOSED, SALE_SOLD_OUT; ApiError NOT_FOUND (no such round or pack),
 *   SYSTEM_FEATURE_NOT_AVAILABLE (no EXO price), AMOUNT_TOO_LARGE, IDEMPOTENCY_KEY_REUSED
 */
export async function createOrder(db: Database, money: CardanoMoney, userId: number, key: string, req: OrderRequest, now: Date): Promise<ExoOrder> {
  const hash = requestHashOf(req);
  const replay = async () => {
    const [prior] = await exec<{ id: number; request_hash: string }>(db.orm, sql`
      SELECT id::int AS id, request_hash FROM exo_orders WHERE user_id = ${userId} AND idempotency_key = ${key.toLowerCase()}`);
    if (!prior) return null;
    if (prior.request_hash !== hash) fail('IDEMPOTENCY_KEY_REUSED');
    return (await accountOrders(db, money, userId, now, prior.id))[0] ?? null;
  };
  const first = await replay();
  if (first) return first;
  const expiresAt = new Date(now.getTime() + ORDER_TTL_MINUTES * 60_000);
  const id = await db.orm.transaction(async (tx) => {
    let values: { source: 'round' | 'pack'; roundId: number | null; pack: string | null; exo: bigint; lovelace: bigint };
    if ('round_id' in req) {
      // Lock the round: orders of one round are checked against its cap one at a time.
      const [round] = await exec<RoundRow>(tx, sql`
        SELECT r.id, r.name, r.price_lovelace::text AS price_lovelace, r.cap::text AS cap, r.starts_at, r.ends_at, '0' AS sold
        FROM sale_rounds r WHERE r.id = ${req.round_id} FOR UPDATE`);
      if (!round) fail('NOT_FOUND');
      const [sold] = await exec<{ sold: string }>(tx, sql`SELECT ${soldSql(now)} AS sold FROM sale_rounds r WHERE r.id = ${req.round_id}`);
      const exo = toBaseUnits(req.amount, 'exo');
      if (exo <= 0n) fail('VALIDATION_ERROR', { amount: ['Enter the EXO amount you want to buy'] });
      if (!isAmountInRange(exo)) fail('AMOUNT_TOO_LARGE');
      checkRoundOrder(toRound(round), BigInt(sold!.sold), exo, now);
      values = { source: 'round', roundId: round.id, pack: null, exo, lovelace: orderLovelace(exo, BigInt(round.price_lovelace)) };
    } else {
      const entry = vendorEntry(req.pack);
      if (!entry || entry.group !== 'exo_packs') fail('NOT_FOUND');
      const [price] = await exec<{ ada: string }>(tx, sql`SELECT ada::text AS ada FROM currency_prices WHERE token = 'exo'`);
      const perExo = price ? lovelacePerExo(price.ada) : null;
      if (!perExo) fail('SYSTEM_FEATURE_NOT_AVAILABLE');
      const exo = entry.gives.tokens.exo ?? 0n;
      values = { source: 'pack', roundId: null, pack: entry.key, exo, lovelace: orderLovelace(exo, perExo) };
    }
    const [row] = await exec<{ id: number }>(tx, sql`
      INSERT INTO exo_orders (user_id, idempotency_key, request_hash, source, round_id, pack, exo, lovelace, status, created_at, expires_at)
      VALUES (${userId}, ${key.toLowerCase()}, ${hash}, ${values.source}, ${values.roundId}, ${values.pack}, ${values.exo.toString()}, ${values.lovelace.toString()},
        'awaiting_payment', ${now}, ${expiresAt})
      ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id::int AS id`);
    return row?.id ?? null;
  }).catch((err: unknown) => {
    if (err instanceof GameError) fail(err.code);
    throw err;
  });
  if (id === null) return (await replay()) ?? fail('CANT_RUN_THIS_OPERATION');
  return (await accountOrders(db, money, userId, now, id))[0]!;
}

/** Marks orders whose payment did not come in time expired (frees their part of a round's cap). */
export async function expireOrders(orm: Orm, now: Date): Promise<number> {
  const rows = await exec(orm, sql`UPDATE exo_orders SET status = 'expired' WHERE status = 'awaiting_payment' AND expires_at <= ${now} RETURNING id`);
  return rows.length;
}

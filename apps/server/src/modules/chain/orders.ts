/**
 * EXO orders paid in ADA (docs/game-rules.md §8 "Token sale", spec `/tokensale` and vendor EXO packs):
 * creating them and the account's orders (the unpaid ones expire through `expireOrders` in the repository).
 *
 * Units: whole EXO in requests, base units in the database and answers, lovelace for ADA.
 */
import { GameError, ORDER_TTL_MINUTES, checkRoundOrder, confirmationsAt, isAmountInRange, lovelacePerExo, orderLovelace, toBaseUnits, vendorEntry } from '@kingdom/game';
import type { ExoOrder, OrderRequest } from '@kingdom/api';
import type { Database } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import type { CardanoMoney } from '../../chain/cardano/money.ts';
import { toRound } from './rounds.ts';
import { exoPriceForOrder } from '../prices/service.ts';
import { insertOrder, lockRound, orderByKey, orderRows, type OrderRow } from './repository.ts';
import { iso, requestHashOf } from './shared.ts';
import { hasSolanaWallet, newSolanaReference, solanaOrderLamports, solanaPayOf } from './solana-orders.ts';

/** What SOL orders need of the Solana chain: its sale address and finality depth (slots). */
export interface SolanaPayee { saleAddress: string; finalitySlots: number }

const orderAnswer = (
  { paid_height, solana_reference, solana_recipient, ...r }: OrderRow, saleAddress: string, tipHeight: number, now: Date, solana: SolanaPayee | null,
): ExoOrder => {
  const sol = r.pay_chain === 'solana' && r.lamports !== null && solana_reference !== null && solana_recipient !== null;
  return {
    ...r, created_at: iso(r.created_at)!, expires_at: iso(r.expires_at)!,
    sale_address: sol ? solana_recipient! : saleAddress,
    solana_pay: sol ? solanaPayOf({ id: r.id, exo: r.exo, lamports: r.lamports!, solana_reference: solana_reference!, solana_recipient: solana_recipient! }) : null,
    // SOL orders are paid only at `finalized`: the cluster's finality depth once paid
    confirmations: sol ? (r.status === 'paid' ? (solana?.finalitySlots ?? 32) : 0) : paid_height === null ? 0 : confirmationsAt(tipHeight, paid_height),
    status: r.status === 'awaiting_payment' && new Date(r.expires_at) <= now ? 'expired' : r.status,
  };
};

/** The account's EXO orders, newest first (at most 50). */
export async function accountOrders(db: Database, money: CardanoMoney, userId: number, now: Date, id?: number, solana: SolanaPayee | null = null): Promise<ExoOrder[]> {
  const tip = await money.ledger.tip();
  const rows = await orderRows(db.orm, userId, id);
  return rows.map((r) => orderAnswer(r, money.saleAddress, tip.height, now, solana));
}

/**
 * Orders EXO paid in ADA (`pay_chain` cardano, the default) or in SOL (`pay_chain` solana,
 * docs/game-rules.md §9): `amount` whole EXO from an open sale round at its price, or a vendor
 * EXO pack at the current EXO price (`currency_prices`). A SOL order fixes its lamports (the round's
 * SOL price, else the ADA price × ADA/USD ÷ SOL/USD, rounded up), a fresh reference key and the
 * Solana sale address, and answers its Solana Pay transfer request. The order waits
 * {@link ORDER_TTL_MINUTES} for its payment; its EXO is credited when the payment confirms
 * (finalized, from a linked Solana wallet, for SOL).
 * @throws GameError SALE_ROUND_CLOSED, SALE_SOLD_OUT; ApiError NOT_FOUND (no such round or pack),
 *   SYSTEM_FEATURE_NOT_AVAILABLE (no EXO price, no ADA/SOL price for a SOL order, or Solana off),
 *   PRICE_STALE (a provider price is older than `priceMaxAgeMs` ms), SOLANA_WALLET_REQUIRED (a SOL
 *   order of an account without a linked Solana wallet), AMOUNT_TOO_LARGE, IDEMPOTENCY_KEY_REUSED
 */
export async function createOrder(db: Database, money: CardanoMoney, userId: number, key: string, req: OrderRequest, now: Date, priceMaxAgeMs: number, solana: SolanaPayee | null = null): Promise<ExoOrder> {
  const hash = requestHashOf(req);
  const replay = async () => {
    const prior = await orderByKey(db.orm, userId, key);
    if (!prior) return null;
    if (prior.request_hash !== hash) fail('IDEMPOTENCY_KEY_REUSED');
    return (await accountOrders(db, money, userId, now, prior.id, solana))[0] ?? null;
  };
  const payOnSolana = req.pay_chain === 'solana';
  if (payOnSolana && !solana) fail('SYSTEM_FEATURE_NOT_AVAILABLE');
  const first = await replay();
  if (first) return first;
  const expiresAt = new Date(now.getTime() + ORDER_TTL_MINUTES * 60_000);
  const id = await db.orm.transaction(async (tx) => {
    if (payOnSolana && !(await hasSolanaWallet(tx, userId))) fail('SOLANA_WALLET_REQUIRED');
    let values: { source: 'round' | 'pack'; roundId: number | null; pack: string | null; exo: bigint } & ({ lovelace: bigint } | { lamports: bigint; reference: string; recipient: string });
    const sol = async (exo: bigint, round: { lovelace: bigint; priceLamports: bigint | null } | null) => ({
      // staleness on the wall clock, as prices are shown
      lamports: await solanaOrderLamports(tx, exo, round, new Date(), priceMaxAgeMs), reference: newSolanaReference(), recipient: solana!.saleAddress,
    });
    if ('round_id' in req) {
      // The round locked: orders of one round are checked against its cap one at a time.
      const round = await lockRound(tx, req.round_id, now);
      if (!round) fail('NOT_FOUND');
      const exo = toBaseUnits(req.amount, 'exo');
      if (exo <= 0n) fail('VALIDATION_ERROR', { amount: ['Enter the EXO amount you want to buy'] });
      if (!isAmountInRange(exo)) fail('AMOUNT_TOO_LARGE');
      checkRoundOrder(toRound(round), BigInt(round.sold), exo, now);
      const base = { source: 'round' as const, roundId: round.id, pack: null, exo };
      values = payOnSolana
        ? { ...base, ...(await sol(exo, { lovelace: BigInt(round.price_lovelace), priceLamports: round.price_lamports === null ? null : BigInt(round.price_lamports) })) }
        : { ...base, lovelace: orderLovelace(exo, BigInt(round.price_lovelace)) };
    } else {
      const entry = vendorEntry(req.pack);
      if (!entry || entry.group !== 'exo_packs') fail('NOT_FOUND');
      if (payOnSolana) {
        const exo = entry.gives.tokens.exo ?? 0n;
        values = { source: 'pack', roundId: null, pack: entry.key, exo, ...(await sol(exo, null)) };
        return insertOrder(tx, { userId, key, hash, ...values, now, expiresAt });
      }
      // a stale provider price refuses (PRICE_STALE); staleness on the wall clock, as prices are shown
      const ada = await exoPriceForOrder(tx, new Date(), priceMaxAgeMs);
      const perExo = ada ? lovelacePerExo(ada) : null;
      if (!perExo) fail('SYSTEM_FEATURE_NOT_AVAILABLE');
      const exo = entry.gives.tokens.exo ?? 0n;
      values = { source: 'pack', roundId: null, pack: entry.key, exo, lovelace: orderLovelace(exo, perExo) };
    }
    return insertOrder(tx, { userId, key, hash, ...values, now, expiresAt });
  }).catch((err: unknown) => {
    if (err instanceof GameError) fail(err.code);
    throw err;
  });
  if (id === null) return (await replay()) ?? fail('CANT_RUN_THIS_OPERATION');
  return (await accountOrders(db, money, userId, now, id, solana))[0]!;
}

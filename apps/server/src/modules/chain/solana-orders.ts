/**
 * EXO orders paid in SOL (docs/game-rules.md §9): what a SOL order fixes when it is created (its
 * lamports, a fresh reference key, the sale address it pays) and the Solana Pay transfer request
 * its answer carries. The watcher that finds and judges the payments is `jobs/solana-watcher.ts`.
 *
 * Units: EXO base units, lovelace, lamports; prices as decimal text (5 decimals, docs/product.md §5).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getBase58Decoder } from '@solana/kit';
import {
  fromBaseUnits, GameError, isPriceStale, lamportsFromPrices, lamportsFromRound, lovelacePerExo, SOLANA_PAY_LABEL, solAmount, solanaPayMemo, solanaPayMessage, solanaPayUrl,
  type PriceQuote,
} from '@kingdom/game';
import type { ExoOrder } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';

/** A fresh Solana Pay reference key: 32 random bytes as base58 (a public key nobody holds the secret of). */
export function newSolanaReference(): string {
  return getBase58Decoder().decode(randomBytes(32));
}

/** Whether the account has linked a Solana wallet (proved at sign-in or link). */
export async function hasSolanaWallet(tx: Orm, userId: number): Promise<boolean> {
  const [row] = await exec(tx, sql`SELECT 1 FROM wallets WHERE user_id = ${userId} AND chain = 'solana' LIMIT 1`);
  return row !== undefined;
}

async function quotes(tx: Orm): Promise<Map<string, { ada: string | null; usd: string | null; source: string | null; seen_at: Date | string | null }>> {
  const rows = await exec<{ token: string; ada: string | null; usd: string | null; source: string | null; seen_at: Date | string | null }>(tx, sql`
    SELECT token, ada::text AS ada, usd::text AS usd, source, seen_at FROM currency_prices WHERE token IN ('exo', 'ada', 'sol')`);
  return new Map(rows.map((r) => [r.token, r]));
}

/**
 * Lamports of a SOL order of `exo` base units (docs/game-rules.md §9): at the round's operator SOL
 * price when it has one (`priceLamports` per whole EXO); else at `lovelace` per whole EXO (the
 * round's ADA price) or, for a vendor pack (`lovelace` null), the stored EXO price in ADA —
 * converted at the stored ADA/USD ÷ SOL/USD, rounded up to the lamport. Read inside the order's
 * transaction; staleness judged at `now` (the wall clock, as prices are shown).
 * @throws GameError SYSTEM_FEATURE_NOT_AVAILABLE (a price missing), PRICE_STALE (a provider price older than `maxAgeMs`)
 */
export async function solanaOrderLamports(tx: Orm, exo: bigint, round: { lovelace: bigint; priceLamports: bigint | null } | null, now: Date, maxAgeMs: number): Promise<bigint> {
  if (round?.priceLamports) return lamportsFromRound(exo, round.priceLamports);
  const q = await quotes(tx);
  const quote = (token: string, col: 'ada' | 'usd'): PriceQuote | null => {
    const r = q.get(token);
    const value = r?.[col];
    if (!r || value === null || value === undefined) return null;
    return { value, source: r.source, seenAt: r.seen_at === null ? null : new Date(r.seen_at) };
  };
  let lovelace = round?.lovelace ?? null;
  if (lovelace === null) {
    // a pack at the stored EXO price: its staleness counts as the others' do
    const exoAda = quote('exo', 'ada');
    lovelace = exoAda ? lovelacePerExo(exoAda.value) : null;
    if (lovelace === null) throw new GameError('SYSTEM_FEATURE_NOT_AVAILABLE');
    if (isPriceStale(exoAda!, now, maxAgeMs)) throw new GameError('PRICE_STALE');
  }
  return lamportsFromPrices(exo, lovelace, quote('ada', 'usd'), quote('sol', 'usd'), now, maxAgeMs);
}

/** The Solana Pay transfer request of a SOL order (the answer's `solana_pay`). */
export function solanaPayOf(o: { id: number; exo: string; lamports: string; solana_reference: string; solana_recipient: string }): NonNullable<ExoOrder['solana_pay']> {
  const lamports = BigInt(o.lamports);
  const request = {
    recipient: o.solana_recipient, lamports, reference: o.solana_reference, label: SOLANA_PAY_LABEL,
    message: solanaPayMessage(o.id, fromBaseUnits(BigInt(o.exo), 'exo')), memo: solanaPayMemo(o.id),
  };
  return {
    url: solanaPayUrl(request), recipient: request.recipient, amount: solAmount(lamports), lamports: o.lamports,
    reference: request.reference, label: request.label, message: request.message, memo: request.memo,
  };
}

/**
 * EXO paid in SOL (docs/game-rules.md §9): the lamports an order fixes, the Solana Pay transfer
 * request it answers, and the verdict the Solana watcher gives each payment it finds. Pure: no
 * clock, no I/O; the server passes `now` and the facts it read from the chain and the database.
 *
 * Units: EXO in base units (6 decimals), ADA in lovelace, SOL in lamports (1 SOL = 10^9 lamports),
 * prices as decimal text truncated to 5 decimals (docs/product.md §5). Times are `Date`s (UTC).
 */
import { GameError } from '../errors.ts';

/** Lamports in one SOL. */
export const LAMPORTS_PER_SOL = 1_000_000_000n;

/**
 * The Memo program a Solana Pay memo is written with (the one wallets and `@solana/pay` use; the
 * newer one `@solana-program/memo` defaults to is not it).
 */
export const SOLANA_PAY_MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

/** The older Memo program (v1) some wallets still write memos with; a memo read from a transaction may come from either. */
export const SOLANA_MEMO_V1_PROGRAM = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo';

/** The System program (SOL transfers). */
export const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111';

/**
 * The network's base fee per signature, in lamports (`lamportsPerSignature`, 5,000 since genesis; the
 * local cluster charges the same): what a payer needs on top of the transfer (docs/game-rules.md §9.2).
 */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

/** The largest transaction the Solana network accepts, in bytes on the wire (a validator's packet; docs/game-rules.md §9). */
export const SOLANA_MAX_TX_BYTES = 1232;

/** What a demo Solana wallet receives at its first sign-in on the local cluster, in lamports: 100 SOL (docs/game-rules.md §13.4). */
export const DEMO_SOL_LAMPORTS = 100n * LAMPORTS_PER_SOL;

/** Label of every Kingdom transfer request (the merchant name wallets show). */
export const SOLANA_PAY_LABEL = 'Kingdom';

/**
 * Sources whose prices never go stale: `operator` (`kingdom prices set`) and `demo` (the demo seed).
 * Nobody refreshes them, so their age says nothing; the operator answers for them.
 */
export const TIMELESS_PRICE_SOURCES: readonly string[] = ['operator', 'demo'];

/** A stored price as an order reads it: decimal text, who set it and when a provider saw it. */
export interface PriceQuote {
  /** Decimal text (e.g. `"0.45000"`); truncated to 5 decimals before use (docs/product.md §5). */
  value: string;
  /** Provider name, `operator` or `demo`; null for rows written before prices had a source (never stale). */
  source: string | null;
  /** When the provider saw it (UTC); null = unknown (stale for a provider price). */
  seenAt: Date | null;
}

/**
 * Whether `q` is stale at `now`: a provider's price seen more than `maxAgeMs` ms ago, or at an
 * unknown time. Operator- and demo-set prices ({@link TIMELESS_PRICE_SOURCES}) and rows without a
 * source never go stale.
 */
export function isPriceStale(q: PriceQuote, now: Date, maxAgeMs: number): boolean {
  if (q.source === null || TIMELESS_PRICE_SOURCES.includes(q.source)) return false;
  return q.seenAt === null || now.getTime() - q.seenAt.getTime() > maxAgeMs;
}

/**
 * A price as an integer count of 10^-5 (truncated to 5 decimals, docs/product.md §5): `"0.4567891"` → `45678n`.
 * @returns null when `value` is not a non-negative decimal number
 */
export function price5(value: string): bigint | null {
  const m = /^(\d{1,20})(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return null;
  return BigInt(m[1]!) * 100_000n + BigInt((m[2] ?? '').padEnd(5, '0').slice(0, 5));
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * Lamports of an order of `exo` base units priced at `lovelacePerExo` (lovelace per whole EXO: a
 * round's ADA price, or the stored EXO price in ADA) converted at ADA/USD ÷ SOL/USD (docs/game-rules.md §9):
 * `exo/10^6 × lovelacePerExo/10^6 ADA × adaUsd ÷ solUsd × 10^9`, each price truncated to 5 decimals
 * as stored, the result rounded UP to the lamport (an order never undercharges; no rounding before).
 * @throws GameError SYSTEM_FEATURE_NOT_AVAILABLE (a price missing or 0), PRICE_STALE (a provider
 *   price seen more than `maxAgeMs` ms before `now`; operator and demo prices never go stale)
 */
export function lamportsFromPrices(exo: bigint, lovelacePerExo: bigint, adaUsd: PriceQuote | null, solUsd: PriceQuote | null, now: Date, maxAgeMs: number): bigint {
  const ada = adaUsd ? price5(adaUsd.value) : null;
  const sol = solUsd ? price5(solUsd.value) : null;
  if (!ada || !sol || lovelacePerExo <= 0n) throw new GameError('SYSTEM_FEATURE_NOT_AVAILABLE');
  if (isPriceStale(adaUsd!, now, maxAgeMs) || isPriceStale(solUsd!, now, maxAgeMs)) throw new GameError('PRICE_STALE');
  // lamports = exo × L × (A/10^5) / (S/10^5) × 10^9 / 10^12 = exo × L × A / (S × 1000)
  return ceilDiv(exo * lovelacePerExo * ada, sol * 1000n);
}

/** Lamports of `exo` base units at a round's `priceLamports` per whole EXO, rounded up. */
export function lamportsFromRound(exo: bigint, priceLamports: bigint): bigint {
  return ceilDiv(exo * priceLamports, 1_000_000n);
}

/** SOL as the shortest decimal text of `lamports` (Solana Pay's `amount`): `1500000000n` → `"1.5"`, `1n` → `"0.000000001"`. */
export function solAmount(lamports: bigint): string {
  const whole = lamports / LAMPORTS_PER_SOL;
  const frac = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}

/**
 * Lamports of a SOL decimal text with at most 9 decimals (the operator's `--price-sol`).
 * @returns null when it is not a positive decimal with at most 9 decimals
 */
export function lamportsOfSol(sol: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,9}))?$/.exec(sol.trim());
  if (!m) return null;
  const lamports = BigInt(m[1]!) * LAMPORTS_PER_SOL + BigInt((m[2] ?? '').padEnd(9, '0'));
  return lamports > 0n ? lamports : null;
}

/** The memo an order's transfer carries: `kingdom:order:<id>`. */
export function solanaPayMemo(orderId: number): string {
  return `kingdom:order:${orderId}`;
}

/** The message wallets show for an order: what it buys. */
export function solanaPayMessage(orderId: number, exoWhole: string): string {
  return `EXO order #${orderId}: ${exoWhole} EXO`;
}

/** The parts of a Solana Pay transfer request (SOL, one reference). */
export interface TransferRequest {
  /** Recipient (base58). */
  recipient: string;
  lamports: bigint;
  /** Reference public key (base58). */
  reference: string;
  label: string;
  message: string;
  memo: string;
}

/**
 * The Solana Pay transfer-request URL: `solana:<recipient>?amount=<SOL>&reference=<base58>&label=…&message=…&memo=…`,
 * each value percent-encoded (`encodeURIComponent`), in the spec's order; `amount` in SOL, shortest form.
 */
export function solanaPayUrl(r: TransferRequest): string {
  const params: Array<[string, string]> = [
    ['amount', solAmount(r.lamports)], ['reference', r.reference], ['label', r.label], ['message', r.message], ['memo', r.memo],
  ];
  return `solana:${encodeURIComponent(r.recipient)}?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/** A top-level System-program transfer of a transaction. */
export interface SolTransfer {
  /** The account the lamports leave (it signs the transfer). */
  source: string;
  destination: string;
  lamports: bigint;
  /** Further account keys of the instruction after source and destination (Solana Pay references). */
  keys: readonly string[];
}

/** What the watcher read of a finalized transaction. */
export interface SolanaPaymentFacts {
  signature: string;
  /** The transaction failed on chain (`meta.err`): no lamports moved. */
  failed: boolean;
  /** The block's time (UTC) when the cluster gives one. */
  blockTime: Date | null;
  feePayer: string;
  transfers: readonly SolTransfer[];
  /** UTF-8 text of each Memo-program ({@link SOLANA_PAY_MEMO_PROGRAM}) instruction. */
  memos: readonly string[];
}

/** An order paid in SOL as the watcher judges it. */
export interface SolanaOrderFacts {
  id: number;
  userId: number;
  lamports: bigint;
  reference: string;
  recipient: string;
  status: 'awaiting_payment' | 'paid' | 'expired';
  expiresAt: Date;
}

/**
 * The verdict on one payment (docs/game-rules.md §9). Only `paid` credits; every other one is
 * recorded as unmatched for the operator (refund by hand), never credited:
 * - `failed`: the transaction failed on chain (nothing moved);
 * - `no_order`: no transfer carries the reference of any order;
 * - `several_orders`: transfers carry references of more than one order;
 * - `wrong_recipient`: a transfer carrying the reference pays another address than the sale address;
 * - `unlinked_payer`: a transfer's source is not a Solana wallet linked to the order's account
 *   (also another account's reference paid from one's own wallet);
 * - `wrong_memo`: no Memo instruction with the order's memo;
 * - `twice`: the order was already paid (by an earlier transaction);
 * - `after_expiry`: the block's time (else when first seen) is after the order expired;
 * - `under` / `over`: the lamports to the sale address differ from the order's.
 */
export type SolanaVerdict = 'paid' | 'under' | 'over' | 'twice' | 'after_expiry' | 'unlinked_payer' | 'wrong_recipient' | 'wrong_memo' | 'no_order' | 'several_orders' | 'failed';

/** Every verdict, `paid` first. */
export const SOLANA_VERDICTS: readonly SolanaVerdict[] = ['paid', 'under', 'over', 'twice', 'after_expiry', 'unlinked_payer', 'wrong_recipient', 'wrong_memo', 'no_order', 'several_orders', 'failed'];

/** The references a payment's transfers carry (candidate order keys), in order, once each. */
export function referencedKeys(p: SolanaPaymentFacts): string[] {
  return [...new Set(p.transfers.flatMap((t) => t.keys))];
}

/** One judged payment. */
export interface SolanaJudgement {
  signature: string;
  verdict: SolanaVerdict;
  /** The order its reference names (null for `no_order` / `several_orders`). */
  orderId: number | null;
  /** The account credited or whose order it names. */
  userId: number | null;
  /** The payer: source of the first referencing transfer (else of the first transfer, else the fee payer). */
  payer: string;
  /** Lamports the referencing transfers move to the sale address (all transfers to it without an order). */
  lamports: bigint;
}

/**
 * Judges payments in chain order (docs/game-rules.md §9): each payment is linked to the order whose
 * reference its transfers carry (`orderOf`: reference → order), then checked in this order —
 * failed, no order / several orders, wrong recipient, unlinked payer (every referencing transfer's
 * source must be a wallet linked to the order's account: `isLinked(userId, address)`; the fee payer
 * may be anyone), wrong memo, twice (already paid, also earlier in this batch), after expiry (block
 * time, else `seenAt`, later than `expiresAt`; an order marked expired but paid in time is paid),
 * then the amount: exactly the order's lamports → `paid`, fewer → `under`, more → `over`.
 */
export function judgeSolanaPayments(
  payments: readonly SolanaPaymentFacts[], orderOf: (reference: string) => SolanaOrderFacts | undefined,
  isLinked: (userId: number, address: string) => boolean, saleAddress: string, seenAt: Date,
): SolanaJudgement[] {
  const paidNow = new Set<number>();
  return payments.map((p) => {
    const toSale = p.transfers.filter((t) => t.destination === saleAddress).reduce((s, t) => s + t.lamports, 0n);
    const base = { signature: p.signature, payer: p.transfers[0]?.source ?? p.feePayer, lamports: toSale, orderId: null, userId: null };
    if (p.failed) return { ...base, lamports: 0n, verdict: 'failed' as const };
    const orders = [...new Map(referencedKeys(p).map((k) => orderOf(k)).filter((o) => o !== undefined).map((o) => [o.id, o])).values()];
    if (orders.length === 0) return { ...base, verdict: 'no_order' as const };
    if (orders.length > 1) return { ...base, verdict: 'several_orders' as const };
    const order = orders[0]!;
    const carrying = p.transfers.filter((t) => t.keys.includes(order.reference));
    const lamports = carrying.filter((t) => t.destination === order.recipient).reduce((s, t) => s + t.lamports, 0n);
    const judged = (verdict: SolanaVerdict): SolanaJudgement => ({ ...base, payer: carrying[0]!.source, lamports, orderId: order.id, userId: order.userId, verdict });
    if (carrying.some((t) => t.destination !== order.recipient)) return judged('wrong_recipient');
    if (!carrying.every((t) => isLinked(order.userId, t.source))) return judged('unlinked_payer');
    if (!p.memos.includes(solanaPayMemo(order.id))) return judged('wrong_memo');
    if (order.status === 'paid' || paidNow.has(order.id)) return judged('twice');
    if ((p.blockTime ?? seenAt).getTime() > order.expiresAt.getTime()) return judged('after_expiry');
    if (lamports < order.lamports) return judged('under');
    if (lamports > order.lamports) return judged('over');
    paidNow.add(order.id);
    return judged('paid');
  });
}

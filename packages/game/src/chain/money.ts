/**
 * Chain money rules (docs/game-rules.md §8): confirmations, how a payment seen on chain is
 * attributed and credited, token sale rounds, EXO order prices, and the treasury reconciliation.
 * Pure: the chain watcher's set-based SQL (`apps/server/src/jobs/chain-watcher.ts`) must agree
 * with {@link creditPayments} exactly (a differential test runs both).
 *
 * Units: token amounts in base units (6 decimals), ADA in lovelace, heights in blocks. Times are
 * `Date`s (UTC) passed in; nothing here reads a clock.
 */
import { DAY_MS } from '../days.ts';
import { GameError } from '../errors.ts';

/** Blocks a payment needs (its own block counts as one) before it is credited (docs/game-rules.md §8). */
export const DEFAULT_CONFIRMATIONS = 15;

/** Minutes an EXO order waits for its payment before it expires (frees its part of a round's cap). */
export const ORDER_TTL_MINUTES = 30;

/** Blocks a withdrawal payout may take to reach the chain before it expires and is returned. */
export const PAYOUT_TTL_BLOCKS = 30;

/**
 * Confirmations of a payment in block `blockHeight` when the tip is `tipHeight`: blocks on top of it
 * plus its own; 0 when the tip is below it (rolled back).
 */
export function confirmationsAt(tipHeight: number, blockHeight: number): number {
  return Math.max(0, tipHeight - blockHeight + 1);
}

/** CIP-20 message (metadata 674 `msg`) of a deposit made through the app: names the account. */
export function depositMessage(accountId: number): string[] {
  return ['Kingdom deposit', `account:${accountId}`];
}

/** CIP-20 message of an EXO order's ADA payment: names the order. */
export function orderMessage(orderId: number): string[] {
  return ['Kingdom EXO order', `order:${orderId}`];
}

/**
 * What a CIP-20 message names: an account (deposits) or an order (EXO orders). Only a hint: the
 * credit goes to the owner of the sending wallet, never to whoever the metadata names.
 */
export function readMessage(message: readonly string[] | null): { account: number | null; order: number | null } {
  let account: number | null = null;
  let order: number | null = null;
  for (const line of message ?? []) {
    const m = /^(account|order):(\d{1,10})$/.exec(line);
    if (!m) continue;
    const id = Number(m[2]);
    if (id < 1 || id > 2_147_483_647) continue;
    if (m[1] === 'account') account ??= id;
    else order ??= id;
  }
  return { account, order };
}

/** Status of a payment the watcher saw (deposit outputs and order payments). */
export type PaymentStatus = 'pending' | 'credited' | 'claimable' | 'rolled_back' | 'unmatched';

/** A payment as the credit step sees it. */
export interface Payment {
  id: number;
  /** `exo`/`hexo` deposits to the treasury; `ada` pays an order at the sale address. */
  token: 'exo' | 'hexo' | 'ada';
  /** Base units (`exo`/`hexo`) or lovelace (`ada`). */
  amount: bigint;
  /** Input addresses in input order. */
  senders: readonly string[];
  /** Stake credential (hex) of each sender, `''` for an address without one (same order). */
  senderStakes: readonly string[];
  /** The order its message names (`ada` only). */
  order: number | null;
  blockHeight: number;
  status: PaymentStatus;
}

/** An EXO order as the credit step sees it. */
export interface OrderState {
  id: number;
  userId: number;
  exo: bigint;
  lovelace: bigint;
  status: 'awaiting_payment' | 'paid' | 'expired';
}

/** One credit the step writes (a ledger entry). */
export interface PaymentCredit {
  paymentId: number;
  userId: number;
  token: 'exo' | 'hexo';
  /** Base units credited. */
  amount: bigint;
  /** The order paid, for `ada` payments. */
  order: number | null;
}

/** The credit step's outcome. */
export interface CreditOutcome {
  credits: PaymentCredit[];
  /** New status of each payment that changed. */
  statuses: Map<number, PaymentStatus>;
  /** Orders that became paid. */
  paidOrders: number[];
}

/**
 * The chain watcher's credit step (docs/game-rules.md §8): every `pending` or `claimable` payment with at
 * least `depth` confirmations at `tipHeight` is looked at, in id order:
 * - its owner comes from the first sender, in input order, that an account PROVED: an address
 *   it linked with a signature of that address's payment key (`walletOwner`: exact address →
 *   account), or an address whose stake credential it proved with a signature of that stake key
 *   (`stakeOwner`: stake credential → account; another address of the same HD wallet). Sharing a
 *   stake credential with a linked address proves nothing: anyone can build a base address from
 *   their own payment key and someone else's stake credential (docs/game-rules.md §8.2). For one sender an
 *   address match wins; none → `claimable` (it waits for someone to prove the sender);
 * - an `exo`/`hexo` deposit credits its owner the amount → `credited`;
 * - an `ada` payment credits the EXO of the order it names when that order belongs to the owner, is
 *   not yet paid, and the payment covers its lovelace → `credited`, order `paid` (an order expired
 *   for lack of payment is still honoured at its price); otherwise → `unmatched` (kept for the
 *   operator; never credited).
 * Payments below the depth are left as they are.
 */
export function creditPayments(
  payments: readonly Payment[], walletOwner: ReadonlyMap<string, number>, stakeOwner: ReadonlyMap<string, number>,
  orders: ReadonlyMap<number, OrderState>, tipHeight: number, depth: number,
): CreditOutcome {
  const credits: PaymentCredit[] = [];
  const statuses = new Map<number, PaymentStatus>();
  const paidOrders: number[] = [];
  const paid = new Set<number>();
  for (const p of [...payments].sort((a, b) => a.id - b.id)) {
    if (p.status !== 'pending' && p.status !== 'claimable') continue;
    if (confirmationsAt(tipHeight, p.blockHeight) < depth) continue;
    const owner = p.senders
      .map((s, i) => walletOwner.get(s) ?? (p.senderStakes[i] ? stakeOwner.get(p.senderStakes[i]!) : undefined))
      .find((u) => u !== undefined);
    if (owner === undefined) {
      if (p.status !== 'claimable') statuses.set(p.id, 'claimable');
      continue;
    }
    if (p.token !== 'ada') {
      credits.push({ paymentId: p.id, userId: owner, token: p.token, amount: p.amount, order: null });
      statuses.set(p.id, 'credited');
      continue;
    }
    const order = p.order === null ? undefined : orders.get(p.order);
    if (!order || order.userId !== owner || order.status === 'paid' || paid.has(order.id) || p.amount < order.lovelace) {
      statuses.set(p.id, 'unmatched');
      continue;
    }
    paid.add(order.id);
    paidOrders.push(order.id);
    credits.push({ paymentId: p.id, userId: owner, token: 'exo', amount: order.exo, order: order.id });
    statuses.set(p.id, 'credited');
  }
  return { credits, statuses, paidOrders };
}

/** A token sale round (docs/game-rules.md §8 "Token sale"). */
export interface SaleRound {
  id: number;
  name: string;
  /** Lovelace per whole EXO. */
  priceLovelace: bigint;
  /** EXO for sale, base units. */
  cap: bigint;
  startsAt: Date;
  endsAt: Date;
}

/** A round's status at `now` given the EXO already `sold` (or reserved by live orders). */
export function roundStatus(round: SaleRound, sold: bigint, now: Date): 'upcoming' | 'open' | 'sold_out' | 'closed' {
  if (now < round.startsAt) return 'upcoming';
  if (now >= round.endsAt) return 'closed';
  return sold >= round.cap ? 'sold_out' : 'open';
}

/** Lovelace for `exo` base units at `priceLovelace` per whole EXO, rounded up (the buyer pays the fraction). */
export function orderLovelace(exo: bigint, priceLovelace: bigint): bigint {
  return (exo * priceLovelace + 999_999n) / 1_000_000n;
}

/**
 * Checks an order of `exo` base units in `round` at `now`.
 * @throws GameError SALE_ROUND_CLOSED (not open yet or ended), SALE_SOLD_OUT (no EXO left or not that much left)
 */
export function checkRoundOrder(round: SaleRound, sold: bigint, exo: bigint, now: Date): void {
  const status = roundStatus(round, sold, now);
  if (status === 'upcoming' || status === 'closed') throw new GameError('SALE_ROUND_CLOSED');
  if (status === 'sold_out' || sold + exo > round.cap) throw new GameError('SALE_SOLD_OUT');
}

/**
 * Lovelace per whole EXO from the `currencies/prices` EXO price (ADA per EXO, at most 5 decimals,
 * docs/product.md §5): the price of an EXO pack. Null when the price is not a positive decimal.
 */
export function lovelacePerExo(adaPerExo: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(adaPerExo);
  if (!m) return null;
  const lovelace = BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0'));
  return lovelace > 0n ? lovelace : null;
}

/**
 * The demo's seven sale rounds around `now`: two closed, one open now, one sold out, three
 * upcoming; prices rise 0.02 ADA per EXO a round. Caps in base units.
 */
export function demoSaleRounds(now: Date): SaleRound[] {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const exo = (n: bigint) => n * 1_000_000n;
  const spec: Array<[string, number, number, bigint]> = [
    ['Seed', -60, -45, exo(2_000_000n)],
    ['Private', -44, -30, exo(3_000_000n)],
    ['Public 1', -2, 12, exo(5_000_000n)],
    ['Public 2', -1, 20, exo(1_000n)],
    ['Public 3', 13, 27, exo(5_000_000n)],
    ['Public 4', 28, 42, exo(5_000_000n)],
    ['Community', 43, 60, exo(10_000_000n)],
  ];
  return spec.map(([name, start, end, cap], i) => ({
    id: i + 1, name, priceLovelace: 20_000n * BigInt(i + 1), cap,
    startsAt: new Date(day + start * DAY_MS), endsAt: new Date(day + end * DAY_MS),
  }));
}

/**
 * What the emulator's faucet pays a Cardano wallet on its first demo sign-in (docs/game-rules.md §13.4):
 * `utxos` outputs of `lovelacePerUtxo` lovelace, `exoPerUtxo` EXO and `hexoPerUtxo` HEXO base units
 * each — 1,000 ADA, 10,000 EXO and 10,000 HEXO in all, split so several payments fit in one block.
 */
export const DEMO_WALLET_FUNDS = { utxos: 4, lovelacePerUtxo: 250_000_000n, exoPerUtxo: 2_500_000_000n, hexoPerUtxo: 2_500_000_000n } as const;

/** Per-token sums the reconciliation compares (docs/game-rules.md §8.7), base units. */
export interface ReconciliationSums {
  /** Σ app balances. */
  balances: bigint;
  /** Σ withdrawals requested or submitted (left the balance, not yet on chain). */
  pendingWithdrawals: bigint;
  /** Σ deposits credited. */
  confirmedDeposits: bigint;
  /** Σ withdrawals confirmed on chain. */
  confirmedWithdrawals: bigint;
  /**
   * Σ every other ledger entry of the token: what the game issued (rewards, faucet, EXO sold for ADA)
   * minus what it took (spends).
   */
  gameIssued: bigint;
}

/**
 * The treasury reconciliation: Σ balances + Σ pending withdrawals must equal Σ confirmed deposits
 * − Σ confirmed withdrawals + Σ game-issued tokens. `difference` is left − right (0 when it holds).
 */
export function reconcile(s: ReconciliationSums): { left: bigint; right: bigint; difference: bigint; holds: boolean } {
  const left = s.balances + s.pendingWithdrawals;
  const right = s.confirmedDeposits - s.confirmedWithdrawals + s.gameIssued;
  return { left, right, difference: left - right, holds: left === right };
}

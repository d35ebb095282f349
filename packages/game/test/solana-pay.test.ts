import { describe, expect, it } from 'vitest';
import {
  GameError, isPriceStale, judgeSolanaPayments, lamportsFromPrices, lamportsFromRound, lamportsOfSol, price5, solAmount,
  solanaPayMemo, solanaPayUrl, type PriceQuote, type SolanaOrderFacts, type SolanaPaymentFacts,
} from '../src/index.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const MAX_AGE = 30 * 60_000;
const q = (value: string, source: string | null = 'coingecko', ageMs = 0): PriceQuote => ({ value, source, seenAt: new Date(NOW.getTime() - ageMs) });
const codeOf = (f: () => unknown) => { try { f(); } catch (e) { return e instanceof GameError ? e.code : String(e); } return null; };

describe('lamports of an order', () => {
  it('EXO in ADA × ADA/USD ÷ SOL/USD, rounded up to the lamport', () => {
    // 1000 EXO at 0.02 ADA = 20 ADA; × 0.45 USD = 9 USD; ÷ 140 = 0.0642857142857… SOL → 64,285,715 lamports (up)
    expect(lamportsFromPrices(1_000_000_000n, 20_000n, q('0.45'), q('140'), NOW, MAX_AGE)).toBe(64_285_715n);
    // exact division stays exact: 1 EXO at 1 ADA, ADA 2 USD, SOL 2 USD → 1 SOL
    expect(lamportsFromPrices(1_000_000n, 1_000_000n, q('2'), q('2'), NOW, MAX_AGE)).toBe(1_000_000_000n);
    // the smallest order still costs a lamport
    expect(lamportsFromPrices(1n, 1n, q('0.00001'), q('99999'), NOW, MAX_AGE)).toBe(1n);
  });

  it('truncates each price to 5 decimals as stored (never rounds it)', () => {
    expect(price5('0.4567891')).toBe(45_678n);
    expect(price5('140')).toBe(14_000_000n);
    expect(price5('abc')).toBeNull();
    expect(lamportsFromPrices(1_000_000n, 1_000_000n, q('0.4567891'), q('140.999999'), NOW, MAX_AGE))
      .toBe(lamportsFromPrices(1_000_000n, 1_000_000n, q('0.45678'), q('140.99999'), NOW, MAX_AGE));
  });

  it('missing or zero prices: SYSTEM_FEATURE_NOT_AVAILABLE; a stale provider price: PRICE_STALE', () => {
    expect(codeOf(() => lamportsFromPrices(1n, 1n, null, q('140'), NOW, MAX_AGE))).toBe('SYSTEM_FEATURE_NOT_AVAILABLE');
    expect(codeOf(() => lamportsFromPrices(1n, 1n, q('0.45'), q('0'), NOW, MAX_AGE))).toBe('SYSTEM_FEATURE_NOT_AVAILABLE');
    expect(codeOf(() => lamportsFromPrices(1n, 1n, q('0.45'), q('140', 'coingecko', MAX_AGE + 1), NOW, MAX_AGE))).toBe('PRICE_STALE');
    expect(codeOf(() => lamportsFromPrices(1n, 1n, q('0.45', 'coingecko', MAX_AGE + 1), q('140'), NOW, MAX_AGE))).toBe('PRICE_STALE');
    // exactly at the limit is not stale
    expect(lamportsFromPrices(1n, 1n, q('0.45', 'coingecko', MAX_AGE), q('140'), NOW, MAX_AGE)).toBe(1n);
  });

  it('operator, demo and source-less prices never go stale; a provider price of unknown age is stale', () => {
    expect(isPriceStale(q('1', 'operator', 10 * MAX_AGE), NOW, MAX_AGE)).toBe(false);
    expect(isPriceStale(q('1', 'demo', 10 * MAX_AGE), NOW, MAX_AGE)).toBe(false);
    expect(isPriceStale(q('1', null, 10 * MAX_AGE), NOW, MAX_AGE)).toBe(false);
    expect(isPriceStale({ value: '1', source: 'coingecko', seenAt: null }, NOW, MAX_AGE)).toBe(true);
  });

  it("a round's SOL price per whole EXO, rounded up", () => {
    expect(lamportsFromRound(1_000_000n, 150_000n)).toBe(150_000n);
    expect(lamportsFromRound(1n, 150_000n)).toBe(1n); // 0.15 lamport → 1
    expect(lamportsFromRound(2_500_000n, 3n)).toBe(8n); // 7.5 → 8
  });
});

describe('SOL amounts and the transfer request', () => {
  it('shortest SOL decimal text', () => {
    expect(solAmount(1n)).toBe('0.000000001');
    expect(solAmount(1_500_000_000n)).toBe('1.5');
    expect(solAmount(2_000_000_000n)).toBe('2');
    expect(solAmount(0n)).toBe('0');
    expect(lamportsOfSol('0.00015')).toBe(150_000n);
    expect(lamportsOfSol('0.0000000001')).toBeNull();
    expect(lamportsOfSol('0')).toBeNull();
    expect(lamportsOfSol('-1')).toBeNull();
  });

  it('Solana Pay URL: recipient, then amount, reference, label, message, memo, percent-encoded', () => {
    const url = solanaPayUrl({ recipient: 'Sa1e', lamports: 64_285_715n, reference: 'Ref1', label: 'Kingdom', message: 'EXO order #7: 1,000 EXO', memo: solanaPayMemo(7) });
    expect(url).toBe('solana:Sa1e?amount=0.064285715&reference=Ref1&label=Kingdom&message=EXO%20order%20%237%3A%201%2C000%20EXO&memo=kingdom%3Aorder%3A7');
    const parsed = new URL(url);
    expect(parsed.protocol).toBe('solana:');
    expect(parsed.searchParams.get('memo')).toBe('kingdom:order:7');
    expect(parsed.searchParams.get('message')).toBe('EXO order #7: 1,000 EXO');
  });
});

describe('the verdict on a payment', () => {
  const SALE = 'SALE';
  const order = (over: Partial<SolanaOrderFacts> = {}): SolanaOrderFacts => ({
    id: 7, userId: 1, lamports: 1_000n, reference: 'REF7', recipient: SALE, status: 'awaiting_payment', expiresAt: new Date(NOW.getTime() + 60_000), ...over,
  });
  const pay = (over: Partial<SolanaPaymentFacts> & { lamports?: bigint; source?: string; to?: string; keys?: string[] } = {}): SolanaPaymentFacts => ({
    signature: over.signature ?? 'SIG', failed: over.failed ?? false, blockTime: over.blockTime ?? NOW, feePayer: over.feePayer ?? 'ALICE',
    transfers: over.transfers ?? [{ source: over.source ?? 'ALICE', destination: over.to ?? SALE, lamports: over.lamports ?? 1_000n, keys: over.keys ?? ['REF7'] }],
    memos: over.memos ?? [solanaPayMemo(7)],
  });
  const linked = (userId: number, a: string) => (userId === 1 && a === 'ALICE') || (userId === 2 && a === 'BOB');
  const judge = (ps: SolanaPaymentFacts[], o: SolanaOrderFacts | SolanaOrderFacts[] = order()) => {
    const all = Array.isArray(o) ? o : [o];
    return judgeSolanaPayments(ps, (ref) => all.find((x) => x.reference === ref), linked, SALE, NOW).map((j) => j.verdict);
  };

  it('exact → paid; one lamport short → under; one over → over', () => {
    const [j] = judgeSolanaPayments([pay()], (r) => (r === 'REF7' ? order() : undefined), linked, SALE, NOW);
    expect(j).toEqual({ signature: 'SIG', verdict: 'paid', orderId: 7, userId: 1, payer: 'ALICE', lamports: 1_000n });
    expect(judge([pay({ lamports: 999n })])).toEqual(['under']);
    expect(judge([pay({ lamports: 1_001n })])).toEqual(['over']);
  });

  it('twice: the second exact payment of one order (same batch or already paid) is not credited', () => {
    expect(judge([pay({ signature: 'A' }), pay({ signature: 'B' })])).toEqual(['paid', 'twice']);
    expect(judge([pay()], order({ status: 'paid' }))).toEqual(['twice']);
    // an under-payment first does not use the order up
    expect(judge([pay({ signature: 'A', lamports: 1n }), pay({ signature: 'B' })])).toEqual(['under', 'paid']);
  });

  it('after expiry by block time; an order swept to expired but paid in time is paid', () => {
    const expiresAt = new Date(NOW.getTime() - 1);
    expect(judge([pay()], order({ expiresAt }))).toEqual(['after_expiry']);
    expect(judge([pay({ blockTime: new Date(NOW.getTime() - 2) })], order({ expiresAt, status: 'expired' }))).toEqual(['paid']);
    // no block time: when the watcher saw it
    expect(judgeSolanaPayments([{ ...pay(), blockTime: null }], () => order({ expiresAt }), linked, SALE, NOW)[0]!.verdict).toBe('after_expiry');
  });

  it('at exactly the expiry instant the order is still open: a block time equal to expires_at pays (docs/game-rules.md §9.3)', () => {
    expect(judge([pay({ blockTime: NOW })], order({ expiresAt: NOW }))).toEqual(['paid']);
    expect(judge([pay({ blockTime: new Date(NOW.getTime() + 1) })], order({ expiresAt: NOW }))).toEqual(['after_expiry']);
  });

  it('a memo naming another order, or the order\'s memo with more after it, is a wrong memo', () => {
    expect(judge([pay({ memos: [solanaPayMemo(8)] })])).toEqual(['wrong_memo']);
    expect(judge([pay({ memos: [`${solanaPayMemo(7)}0`, 'hello'] })])).toEqual(['wrong_memo']);
    expect(judge([pay({ memos: ['hello', solanaPayMemo(7)] })])).toEqual(['paid']);
  });

  it("unlinked payer, and another account's reference paid from one's own wallet", () => {
    expect(judge([pay({ source: 'MALLORY' })])).toEqual(['unlinked_payer']);
    expect(judge([pay({ source: 'BOB' })])).toEqual(['unlinked_payer']);
    // a sponsor paying the fee is fine: the lamports' source counts
    expect(judge([pay({ feePayer: 'SPONSOR' })])).toEqual(['paid']);
  });

  it('wrong memo, wrong recipient, no order, several orders, failed', () => {
    expect(judge([pay({ memos: [] })])).toEqual(['wrong_memo']);
    expect(judge([pay({ memos: ['kingdom:order:8'] })])).toEqual(['wrong_memo']);
    expect(judge([pay({ to: 'ELSEWHERE' })])).toEqual(['wrong_recipient']);
    expect(judge([pay({ keys: [] })])).toEqual(['no_order']);
    expect(judge([pay({ keys: ['REF7', 'REF8'] })], [order(), order({ id: 8, reference: 'REF8' })])).toEqual(['several_orders']);
    expect(judge([pay({ failed: true })])).toEqual(['failed']);
  });

  it('priority: an unlinked payer is named before the order being already paid or the amount', () => {
    expect(judge([pay({ source: 'MALLORY', lamports: 1n })], order({ status: 'paid' }))).toEqual(['unlinked_payer']);
  });
});

import { describe, expect, it } from 'vitest';
import { costLovelace, explorerTxUrl, formatAda, isWholeAmount, shortHash } from '../format.ts';
import { depositView } from '../deposit-status.ts';
import type { Deposit } from '../types.ts';

describe('chain display helpers', () => {
  it('formats lovelace as exact ADA', () => {
    expect(formatAda('0')).toBe('0');
    expect(formatAda('1')).toBe('0.000001');
    expect(formatAda('12500000')).toBe('12.5');
    expect(formatAda(123456789012345678901234567890n)).toBe('123,456,789,012,345,678,901,234.56789');
    expect(costLovelace('3', '333333')).toBe(999999n);
  });
  it('checks typed amounts and links transactions', () => {
    expect(isWholeAmount('100')).toBe(true);
    expect(isWholeAmount('0')).toBe(false);
    expect(isWholeAmount('')).toBe(false);
    expect(isWholeAmount('1.5')).toBe(false);
    expect(isWholeAmount('1'.repeat(22))).toBe(false);
    expect(shortHash('0123456789abcdef'.repeat(4))).toBe('01234567...abcdef');
    expect(explorerTxUrl(null, 'ab')).toBeNull();
    expect(explorerTxUrl('https://preprod.cardanoscan.io/transaction/{hash}', 'ab')).toBe('https://preprod.cardanoscan.io/transaction/ab');
  });
  it("reads a transaction's deposit outputs: waiting, least-confirmed pending, credited once all are", () => {
    const base: Deposit = { tx_hash: 'a'.repeat(64), output_index: 0, token: 'hexo', amount: '1', sender: 's', status: 'pending', confirmations: 4, seen_at: '', credited_at: null };
    expect(depositView([], base.tx_hash, 15)).toEqual({ state: 'waiting' });
    expect(depositView([base, { ...base, output_index: 1, confirmations: 2 }], base.tx_hash, 15)).toEqual({ state: 'pending', confirmations: 2, of: 15 });
    expect(depositView([{ ...base, status: 'credited' }, base], base.tx_hash, 15).state).toBe('pending');
    expect(depositView([{ ...base, status: 'credited' }], base.tx_hash, 15).state).toBe('credited');
    expect(depositView([{ ...base, status: 'rolled_back' }], base.tx_hash, 15).state).toBe('rolled_back');
  });
});

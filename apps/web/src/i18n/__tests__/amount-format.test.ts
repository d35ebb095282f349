/** The one precision rule for token amounts (docs/product.md §9 "amounts"), at its edges, in both languages. */
import { describe, expect, it } from 'vitest';
import { exactTokenAmount, formatTokenAmount, formatTypedAmount } from '../format.ts';
import { i18n } from '../index.ts';

describe('formatTokenAmount: at most 2 decimals, truncated', () => {
  it('truncates, never rounds up, and drops trailing zeros', () => {
    expect(formatTokenAmount('303869999998', 'exo')).toBe('303,869.99');
    expect(formatTokenAmount('71041641', 'hexo')).toBe('71.04');
    expect(formatTokenAmount(999999n, 'exo')).toBe('0.99');
    expect(formatTokenAmount('1000000000', 'exo')).toBe('1,000');
    expect(formatTokenAmount('1500000', 'food')).toBe('1.5');
    expect(formatTokenAmount('0', 'exo')).toBe('0');
    expect(formatTokenAmount('-71041641', 'hexo')).toBe('-71.04');
  });

  it('shows a small non-zero amount by its first two significant digits, never beyond the token decimals', () => {
    expect(formatTokenAmount('2500', 'exo')).toBe('0.0025');
    expect(formatTokenAmount('1239', 'exo')).toBe('0.0012');
    expect(formatTokenAmount('1', 'exo')).toBe('0.000001');
    expect(formatTokenAmount('-2500', 'exo')).toBe('-0.0025');
    expect(formatTokenAmount('10000', 'exo')).toBe('0.01');
  });

  it('has an exact form for titles and formats typed amounts the same way', () => {
    expect(exactTokenAmount('303869999998', 'exo')).toBe('303,869.999998');
    expect(exactTokenAmount('1000000000', 'exo')).toBe('1,000');
    expect(formatTypedAmount('1000', 'exo')).toBe('1,000');
    expect(formatTypedAmount('0.123456', 'hexo')).toBe('0.12');
    expect(formatTypedAmount('abc', 'hexo')).toBe('abc');
  });

  it('follows the language', async () => {
    await i18n.changeLanguage('es');
    try {
      expect(formatTokenAmount('303869999998', 'exo')).toBe('303.869,99');
      expect(formatTokenAmount('2500', 'exo')).toBe('0,0025');
      expect(exactTokenAmount('303869999998', 'exo')).toBe('303.869,999998');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

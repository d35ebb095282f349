import { describe, expect, it } from 'vitest';
import { formatThousands, formatTokenAmount, formatPrice5, nftName, relativeTime, shortenMiddle } from '../src/format.ts';
import { toBaseUnits, fromBaseUnits } from '../src/tokens/tokens.ts';

const DAY = 86_400_000;

describe('docs/product.md §9 formatters', () => {
  it('thousands separators', () => {
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1,000');
    expect(formatThousands(1234567n)).toBe('1,234,567');
    expect(formatThousands('-1234567.891')).toBe('-1,234,567.891');
  });

  it('token amounts from base units, truncated, never rounded up', () => {
    expect(formatTokenAmount(0n, 'exo')).toBe('0');
    expect(formatTokenAmount(1_234_567_890_000n, 'exo')).toBe('1,234,567.89');
    expect(formatTokenAmount('1999999', 'hexo')).toBe('1.99');
    expect(formatTokenAmount(1_500_000n, 'food', 0)).toBe('1');
    expect(formatTokenAmount(10_000_000n, 'rune')).toBe('10');
  });

  it('prices with exactly 5 decimals, truncated down', () => {
    expect(formatPrice5('0.1234567')).toBe('0.12345');
    expect(formatPrice5('0.99999999')).toBe('0.99999');
    expect(formatPrice5('2')).toBe('2.00000');
    expect(formatPrice5('0.1')).toBe('0.10000');
  });

  it("relative time: 'Today', then days, weeks, months, years", () => {
    const now = Date.UTC(2026, 10, 22, 12);
    expect(relativeTime(now, now)).toBe('Today');
    expect(relativeTime(now - DAY + 1, now)).toBe('Today');
    expect(relativeTime(now - DAY, now)).toBe('1d ago');
    expect(relativeTime(now - 6 * DAY, now)).toBe('6d ago');
    expect(relativeTime(now - 7 * DAY, now)).toBe('1w ago');
    expect(relativeTime(now - 29 * DAY, now)).toBe('4w ago');
    expect(relativeTime(now - 30 * DAY, now)).toBe('1m ago');
    expect(relativeTime(now - 364 * DAY, now)).toBe('12m ago');
    expect(relativeTime(now - 365 * DAY, now)).toBe('1y ago');
    expect(relativeTime(now - 3 * 365 * DAY, now)).toBe('3y ago');
    expect(relativeTime(now + DAY, now)).toBe('Today');
  });

  it("shortens long strings with '...' in the middle", () => {
    const addr = 'addr_test1vq0123456789abcdefghijklmnopqrstuvwxyz';
    expect(shortenMiddle(addr, 8, 6)).toBe('addr_tes...uvwxyz');
    expect(shortenMiddle('short', 8, 6)).toBe('short');
  });
});

describe('base units', () => {
  it('converts exactly both ways', () => {
    expect(toBaseUnits('12.5', 'exo')).toBe(12_500_000n);
    expect(toBaseUnits(3n, 'hexo')).toBe(3_000_000n);
    expect(toBaseUnits('0.000001', 'food')).toBe(1n);
    expect(fromBaseUnits(12_500_000n, 'exo')).toBe('12.5');
    expect(fromBaseUnits('-1', 'exo')).toBe('-0.000001');
    expect(() => toBaseUnits('0.0000001', 'exo')).toThrow(RangeError);
    expect(() => toBaseUnits('1e5', 'exo')).toThrow(RangeError);
  });

  it('names an NFT by its printable asset name, else by its collection and shortened id', () => {
    expect(nftName('cardano', Buffer.from('Shadow Beast #12').toString('hex'), 'Shadow Beasts')).toBe('Shadow Beast #12');
    expect(nftName('cardano', '00ff10', 'Shadow Beasts')).toBe('Shadow Beasts 00ff...ff10');
    expect(nftName('solana', '8Fq2abcdefghx9Kd', 'Velvet Elves')).toBe('Velvet Elves 8Fq2...x9Kd');
  });
});

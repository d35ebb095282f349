/** Salaries shown as paid, in each token (docs/game-rules.md §4.4; docs/game-rules.md §4: HEXO pays frens where FOOD runs short). */
import { describe, expect, it } from 'vitest';
import type { MineDay } from '@kingdom/api';
import { formatRowSalary, formatSalaryPaid, salaryPaid } from '../mine-amount.ts';
import { chartDays } from '../mine-performance-panel.tsx';

const row = (over: Partial<MineDay>): MineDay => ({
  day: '2025-03-09', hex_name: 'AA01', open_slots: 2, workers: 2, workers_worked: 2, exo_mined: '1000000', salary_paid: '30000000',
  food_paid: '30000000', hexo_paid: '0', salary_token: 'food', effectivity: 5, ...over,
});

describe('salary as paid', () => {
  it('uses the split the server gives: FOOD, HEXO or both', () => {
    expect(formatRowSalary(row({ food_paid: '0', hexo_paid: '30000000' }), 'frenmine')).toBe('30 HEXO');
    expect(formatRowSalary(row({ food_paid: '15000000', hexo_paid: '15000000' }), 'frenmine')).toBe('15 FOOD + 15 HEXO');
    expect(formatRowSalary(row({ food_paid: '30000000', hexo_paid: '0' }), 'frenmine')).toBe('30 FOOD');
    expect(formatRowSalary(row({ salary_paid: '0', food_paid: '0', hexo_paid: '0' }), 'frenmine')).toBe('0 FOOD');
    expect(formatRowSalary(row({ salary_paid: '2500000', food_paid: '0', hexo_paid: '2500000', salary_token: 'hexo' }), 'goldmine')).toBe('2.5 HEXO');
  });

  it('without a split (an answer of an older server), the whole salary in the row’s token', () => {
    const { food_paid: _f, hexo_paid: _h, ...old } = row({});
    expect(salaryPaid(old, 'frenmine')).toEqual({ food: 30_000_000n, hexo: 0n });
    expect(salaryPaid({ ...old, salary_token: 'hexo' }, 'goldmine')).toEqual({ food: 0n, hexo: 30_000_000n });
    expect(formatSalaryPaid({ food: 0n, hexo: 0n }, 'goldmine')).toBe('0 HEXO');
    expect(formatSalaryPaid({ food: 1_234_000_000n, hexo: 0n }, 'frenmine')).toBe('1,234 FOOD');
  });

  it('charts stack each day’s salary by the token that paid it', () => {
    const days = chartDays(
      [
        row({ day: '2025-03-09', hex_name: 'A', food_paid: '0', hexo_paid: '30000000' }),
        row({ day: '2025-03-09', hex_name: 'B', food_paid: '15000000', hexo_paid: '0', salary_paid: '15000000' }),
        row({ day: '2025-03-08', hex_name: 'A', food_paid: '30000000', hexo_paid: '0' }),
      ],
      'frenmine',
    );
    expect(days).toEqual([
      { day: '2025-03-08', exo: 1, food: 30, hexo: 0 },
      { day: '2025-03-09', exo: 2, food: 15, hexo: 30 },
    ]);
  });
});

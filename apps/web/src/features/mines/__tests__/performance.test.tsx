import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const row = (day: string, hex: string, worked: number, open: number, effectivity: number, exo: string, salary: string) => ({
  day, hex_name: hex, open_slots: open, workers: open, workers_worked: worked, exo_mined: exo, salary_paid: salary, salary_token: 'hexo', effectivity,
});

describe('/goldmine/performance', () => {
  it('charts EXO and salary per day and lists every day and land newest first with effectivity labels', async () => {
    const log = mockHttp(
      signedInRoutes({
        'GET /mines/performance': {
          body: {
            mine: 'goldmine',
            rows: [row('2025-03-08', 'AA01', 1, 3, 1, '1234567890', '10000000'), row('2025-03-09', 'AA01', 3, 3, 5, '4500000000', '30000000'), row('2025-03-09', 'BB02', 2, 4, 2, '0', '20000000')],
          },
        },
      }),
    );
    const { user } = renderRoute('/goldmine/performance', { signedIn: true });
    const rows = await screen.findAllByTestId('performance-row');
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['2025-03-09', 'AA01', '4,500 EXO', '30 HEXO', '3 / 3', '★★★★★ 5 · Excellent'],
      ['2025-03-09', 'BB02', '0 EXO', '20 HEXO', '2 / 4', '★★☆☆☆ 2 · You can do better'],
      ['2025-03-08', 'AA01', '1,234.56 EXO', '10 HEXO', '1 / 3', '★☆☆☆☆ 1 · Not Bad'],
    ]);
    await screen.findByTestId('chart-exo');
    screen.getByText('EXO mined per day');
    screen.getByText('Salary paid per day (HEXO)');
    await user.selectOptions(screen.getByRole('combobox', { name: /Period/ }), '30');
    await screen.findAllByTestId('performance-row');
    expect(log.filter((r) => r.path === '/mines/performance').map((r) => r.params.days)).toEqual(['14', '30']);
  });

  it("shows an empty state when no day was settled yet", async () => {
    mockHttp(signedInRoutes());
    renderRoute('/goldmine/performance', { signedIn: true });
    await screen.findByText('No performance yet');
  });
});

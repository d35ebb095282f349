import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const row = (day: string, hex: string, worked: number, open: number, exo: string) => ({
  day, hex_name: hex, open_slots: open, workers: open, workers_worked: worked, exo_mined: exo, salary_paid: '0', salary_token: 'hexo', effectivity: 5,
});
const worldDay = (day: string, exo: string, worked: number) => ({
  day, settled_at: `${day}T23:59:59.000Z`, goldmine_exo: exo, frenmine_exo: '999000000', goldmine_pool: '1', frenmine_pool: '1',
  goldmine_workers_worked: worked, frenmine_workers_worked: 1, players_paid: 1,
});
const item = (key: string, pay_token: 'exo' | 'hexo', price: string) => ({
  key, group: 'mining', name: key, purpose: '', pay_token, price, gives_items: {}, gives_tokens: {}, purchasable: true, weekly_limit: null, bought_this_week: null,
});

describe('/goldmine/performance: does playing well pay (docs/game-rules.md §14.8)', () => {
  it('compares EXO per worked slot with the world per day, gaps blank, and prices what EXO buys in days of mining', async () => {
    mockHttp(
      signedInRoutes({
        'GET /mines/performance': {
          body: { mine: 'goldmine', rows: [row('2025-03-08', 'AA01', 2, 2, '30000000'), row('2025-03-08', 'BB02', 2, 2, '10000000'), row('2025-03-09', 'AA01', 0, 2, '0')] },
        },
        // newest first, as the server answers; the 7th: no report of the player
        'GET /world/days': { body: { days: [worldDay('2025-03-09', '50000000', 5), worldDay('2025-03-08', '100000000', 20), worldDay('2025-03-07', '80000000', 10)] } },
        'GET /vendor/items': { body: { items: [item('toolkit_2', 'exo', '45000000'), item('food_100', 'hexo', '1000000')], max_quantity: 100 } },
        'GET /currencies/prices': { body: { exo: '0.5', hexo: '0.1', ada_usd: null, sol_usd: null } },
      }),
    );
    renderRoute('/goldmine/performance', { signedIn: true });
    // 40 EXO over 4 slots on the 8th (two lands) = 10; the world 100 / 20 = 5 → 200 %
    expect((await screen.findByTestId('pays-summary')).textContent).toBe('Over these days you earned 10 EXO per worked slot; the world 5 EXO. That is 200% of the world average.');
    const rows = screen.getAllByTestId('pays-row').map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([['2025-03-09', '—', '10'], ['2025-03-08', '10', '5'], ['2025-03-07', '—', '8']]);
    screen.getByTestId('pays-chart');
    // average daily EXO: 40 EXO over 2 report days = 20; a 45 EXO toolkit takes 3 days; 0.5 ADA per EXO → 22.5 ADA
    expect((await screen.findByTestId('pays-exo-price')).textContent).toBe('EXO price: 0.50000 ADA per EXO');
    expect(screen.getByTestId('pays-daily-exo').textContent).toContain('20 EXO');
    const buys = (await screen.findAllByTestId('pays-buys-row')).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(buys).toEqual([['Toolkit tier 2', '45', '22.5', '3 days']]);
  });

  it('says so when no slot of the player worked, and prices nothing in ADA from a stale price', async () => {
    mockHttp(
      signedInRoutes({
        'GET /mines/performance': { body: { mine: 'goldmine', rows: [row('2025-03-09', 'AA01', 0, 2, '0')] } },
        'GET /world/days': { body: { days: [worldDay('2025-03-09', '50000000', 5)] } },
        'GET /vendor/items': { body: { items: [item('toolkit_2', 'exo', '45000000')], max_quantity: 100 } },
        'GET /currencies/prices': { body: { exo: '0.5', hexo: '0.1', ada_usd: null, sol_usd: null, stale: { exo: true } } },
      }),
    );
    renderRoute('/goldmine/performance', { signedIn: true });
    expect((await screen.findByTestId('pays-summary')).textContent).toBe('No day with a worked slot of yours in this period yet.');
    expect((await screen.findByTestId('pays-exo-price')).textContent).toBe('The EXO price is stale; ADA values are not shown.');
    const buys = (await screen.findAllByTestId('pays-buys-row')).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(buys[0]!.slice(2)).toEqual(['—', '—']);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { WorldDay } from '@kingdom/api';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const day = (over: Partial<WorldDay> = {}): WorldDay => ({
  day: '2026-01-05', settled_at: '2026-01-06T00:00:00.000Z', goldmine_exo: '136985999998', frenmine_exo: '13699000000',
  goldmine_pool: '136986000000', frenmine_pool: '13699000000', goldmine_workers_worked: 1234, frenmine_workers_worked: 5, players_paid: 321, ...over,
});

describe('/world', () => {
  it('shows each settled day: what each pool paid of its pool, workers and players', async () => {
    mockHttp(signedInRoutes({ 'GET /world/days': { body: { days: [day(), day({ day: '2026-01-04', goldmine_exo: '0', frenmine_exo: '0', players_paid: 0 })] } } }));
    renderRoute('/world');
    const table = await screen.findByTestId('world-days');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('2026-01-05');
    expect(rows[1]!.textContent).toContain('136,985.99 of 136,986 EXO');
    expect(rows[1]!.textContent).toContain('1,234 gold · 5 fren');
    expect(rows[1]!.textContent).toContain('within the pools');
  });

  it('flags a day that paid more than a pool', async () => {
    mockHttp(signedInRoutes({ 'GET /world/days': { body: { days: [day({ frenmine_exo: '13699000001' })] } } }));
    renderRoute('/world');
    expect((await screen.findByTestId('world-days')).textContent).toContain('over a pool!');
  });

  it('before the first settled day: an empty state', async () => {
    mockHttp(signedInRoutes({ 'GET /world/days': { body: { days: [] } } }));
    renderRoute('/world');
    await screen.findByText('No game day has been settled yet.');
  });
});

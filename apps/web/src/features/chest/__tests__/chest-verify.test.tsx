/** `/chest/verify` opens on a week that exists: the game clock's, never the wall clock's (docs/product.md §10). */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { chestWeekOf } from '@kingdom/game';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

describe('/chest/verify', () => {
  it("asks for the game clock's week, shows it without an error, and no other week", async () => {
    // the demo game clock is weeks ahead of the browser's
    const gameNow = '2031-06-12T09:00:00.000Z';
    const week = chestWeekOf(Date.parse(gameNow));
    const log = mockHttp(signedInRoutes({
      'GET /demo/clock': { body: { now: gameNow, today: gameNow.slice(0, 10), last_settled: '2031-06-11' } },
      [`GET /chest/weeks/${week}`]: { body: { week, seed_hash: 'ab'.repeat(32), seed: null, table: [{ weight: 10_000, loot: { kind: 'token', key: 'hexo', amount: '50000000' } }], draws: [] } },
    }));
    renderRoute('/chest/verify');
    await waitFor(() => expect(screen.getByTestId('verify-seed').textContent).toBe('Not revealed yet: the week has not ended.'));
    expect((screen.getByTestId('verify-week') as HTMLInputElement).value).toBe(week);
    expect(log.filter((r) => r.path.startsWith('/chest/weeks/')).map((r) => r.path)).toEqual([`/chest/weeks/${week}`]);
    expect(document.querySelector('.Toastify__toast--error')).toBeNull();
  });

  it('says an unknown week has no record, inline and without an error toast', async () => {
    mockHttp(signedInRoutes({ 'GET /chest/weeks/2020-01-06': { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } } }));
    renderRoute('/chest/verify?week=2020-01-06');
    await screen.findByText('No chest seed for that week.');
    await new Promise((r) => setTimeout(r, 200));
    expect(document.querySelector('.Toastify__toast--error')).toBeNull();
  });
});

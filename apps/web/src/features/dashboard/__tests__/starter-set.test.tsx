/** The starter set promises what it gives (docs/product.md §10: the text said 6 worker NFTs, the set gave 5). */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { starterSet, starterSetTotals } from '../api.ts';

describe('the demo starter set', () => {
  it('says the numbers it then gives, counted from the calls it makes', async () => {
    const given = { lands: 0, workers: 0 };
    mockHttp(signedInRoutes({
      'POST /demo/faucet': (req) => {
        const b = req.body as { lands?: number; workers?: number };
        given.lands += b.lands ?? 0;
        given.workers += b.workers ?? 0;
        return { body: { lands: Array.from({ length: b.lands ?? 0 }, (_, i) => `L${i}`), tools: [], workers: Array.from({ length: b.workers ?? 0 }, (_, i) => ({ asset: `w${i}` })) } };
      },
    }));
    const { user } = renderRoute('/dashboard/overview', { signedIn: true });
    const text = (await screen.findByTestId('starter-text')).textContent ?? '';
    const promised = starterSetTotals(starterSet('addr'));
    expect(text).toContain(`${promised.workers} worker NFTs`);
    expect(text).toContain(`${promised.lands} lands`);
    await user.click(screen.getByRole('button', { name: 'Get demo assets' }));
    await waitFor(() => screen.getByTestId('first-steps'));
    expect(given).toEqual({ lands: promised.lands, workers: promised.workers });
    screen.getByText(`You received ${promised.lands} lands, ${promised.workers} worker NFTs and 0 mining tool.`);
  });
});

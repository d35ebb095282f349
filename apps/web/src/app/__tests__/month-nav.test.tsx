/**
 * One navigation (issue 39 item 2, docs/product.md §2 and §10): "Lands" and its update mark open the
 * player's own lands (Inventory → Lands, where the "Update available" badge is), "Collectibles" all
 * lands of the collection, "Rewards" the player's staking rewards; the entry of the page is the one lit.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockHttp } from '../../test/mock-http.ts';
import { signedInRoutes } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { changeLanguage } from '../../i18n/language-switch.ts';

function nav() {
  return within(document.getElementById('site-nav')!);
}

describe('one navigation (issue 39 item 2)', () => {
  it('Lands with its update mark opens the own lands and is the entry lit there; Collectibles opens another page', async () => {
    mockHttp(signedInRoutes({ 'GET /lands/updates': { body: { any_update: true, lands: ['E03N12'] } } }));
    const { user, router } = renderRoute('/dashboard/overview', { signedIn: true });
    const mark = await screen.findByTestId('nav-mark');
    const lands = mark.closest('a')!;
    const collectibles = nav().getByRole('link', { name: 'Collectibles' });
    expect(lands.getAttribute('href')).toBe('/dashboard/inventory/lands');
    expect(collectibles.getAttribute('href')).not.toBe(lands.getAttribute('href'));
    await user.click(lands);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/inventory/lands'));
    await waitFor(() => expect(nav().getByRole('link', { current: 'page' }).textContent).toContain('Lands'));
    expect(nav().getByRole('link', { name: 'Inventory' }).getAttribute('aria-current')).toBeNull();
    expect(collectibles.getAttribute('aria-current')).toBeNull();
  });

  it('Rewards opens the staking rewards of the HEXO history (not Staking Hub → My NFTs), lit there, in Spanish too', async () => {
    mockHttp(signedInRoutes());
    const { user, router } = renderRoute('/dashboard/overview', { signedIn: true });
    await screen.findByTestId('header-address');
    await changeLanguage('es');
    try {
      const rewards = await waitFor(() => nav().getByRole('link', { name: 'Recompensas' }));
      expect(rewards.getAttribute('href')).toBe('/account/balances?token=hexo&reason=staking');
      await user.click(rewards);
      await waitFor(() => expect(router.state.location.pathname).toBe('/account/balances'));
      expect((await screen.findByTestId('history-reason') as HTMLSelectElement).value).toBe('staking');
      expect((screen.getByTestId('history-token') as HTMLSelectElement).value).toBe('hexo');
      await waitFor(() => expect(nav().getByRole('link', { current: 'page' }).textContent).toContain('Recompensas'));
      // "Wallet" from there: the same page, the whole history again, and "Wallet" lit
      await user.click(nav().getByRole('link', { name: 'Billetera' }));
      await waitFor(() => expect((screen.getByTestId('history-reason') as HTMLSelectElement).value).toBe(''));
      await waitFor(() => expect(nav().getByRole('link', { current: 'page' }).textContent).toContain('Billetera'));
    } finally {
      await changeLanguage('en');
    }
  });
});

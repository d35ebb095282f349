import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { LandDetailResponse } from '@kingdom/api';
import { mockHttp } from '../../../test/mock-http.ts';
import { land, mine, signedInRoutes, TEST_CONFIG } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const l = land(7, 'E03N12', { q: 3, r: -12, owner: null, biome: 'winter' });
const detail = (over: Partial<LandDetailResponse> = {}): LandDetailResponse => ({
  land: l, goldmine: mine('goldmine', l, 1), frenmine: mine('frenmine', l, 1), minted: false, yours: false,
  neighbours: [
    { hex_name: 'E04N12', q: 4, r: -12, size_label: 'M', biome: 'forest', minted: true, owned: true },
    { hex_name: 'E02N12', q: 2, r: -12, size_label: 'S', biome: 'winter', minted: false, owned: false },
  ],
  ...over,
});
const config = { 'GET /config': { body: { ...TEST_CONFIG, mint_url: 'https://mint.example/lands' } } };

describe('/land/:hex_name', () => {
  it('an unminted land: Mint Your Land, neighbours as links, no owner actions', async () => {
    mockHttp(signedInRoutes({ ...config, 'GET /lands/E03N12': { body: detail() } }));
    renderRoute('/land/E03N12');
    expect((await screen.findByTestId('land-minted')).textContent).toBe('Not minted yet');
    expect(screen.getByTestId('land-owner').textContent).toBe('Not minted');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Mint Your Land' }).getAttribute('href')).toBe('https://mint.example/lands'));
    const map = screen.getByTestId('land-neighbours');
    expect(within(map).getByRole('link', { name: /^E04N12/ }).getAttribute('href')).toBe('/land/E04N12');
    expect(screen.getByRole('link', { name: 'Show on the Valley map' }).getAttribute('href')).toBe('/valley?land=E03N12');
    expect(screen.queryByTestId('land-actions')).toBeNull();
  });

  it("the owner's land: expand with the permit they hold", async () => {
    const seen: string[] = [];
    mockHttp(signedInRoutes({
      'GET /lands/E03N12': { body: detail({ minted: true, yours: true, land: { ...l, owner: 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6' } }) },
      'GET /inventory/items': { body: { items: [{ key: 'land_upgrade01', name: 'Expansion permit tier 1', amount: 2, is_craftable: false }] } },
      'POST /lands/E03N12/expand': (req) => {
        seen.push(req.path);
        return { body: { status: 'success' } };
      },
    }));
    const { user } = renderRoute('/land/E03N12', { signedIn: true });
    const actions = await screen.findByTestId('land-actions');
    await waitFor(() => expect(actions.textContent).toContain('(you have 2)'));
    await user.click(within(actions).getByRole('button', { name: 'Expand to M' }));
    await waitFor(() => expect(seen).toEqual(['/lands/E03N12/expand']));
    expect(screen.getByTestId('land-minted').textContent).toBe('Yes');
  });
});

describe('/land without a name', () => {
  it("shows the player's first land", async () => {
    mockHttp(signedInRoutes({
      'GET /lands': { body: { lands: [land(9, 'W02S05')], total: 1, page: 1, per_page: 12 } },
      'GET /lands/W02S05': { body: detail({ land: land(9, 'W02S05') }) },
    }));
    const { router } = renderRoute('/land', { signedIn: true });
    expect((await screen.findByTestId('land-detail')).textContent).toContain('Not minted');
    expect(screen.getByTestId('land-neighbours').getAttribute('aria-label')).toContain('W02S05');
    expect(router.state.location.pathname).toBe('/land');
  });

  it("says 'Not a land owner' to a player without lands", async () => {
    mockHttp(signedInRoutes());
    renderRoute('/land', { signedIn: true });
    await screen.findByText('Not a land owner');
  });

  it("a visitor gets 'No lands found' with sign-in and the map", async () => {
    mockHttp(signedInRoutes());
    renderRoute('/land');
    await screen.findByText('No lands found');
    expect(screen.getByRole('link', { name: 'Explore the Valley' }).getAttribute('href')).toBe('/valley');
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import { VALLEY_PATHS } from '@kingdom/api';
import { encodeValleyMap, type ValleyMapLand } from '@kingdom/game';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes, TEST_CONFIG } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const lands: ValleyMapLand[] = [
  { id: 1, q: 0, r: 0, size: 'SMALL', biome: 'forest', goldmineLevel: 1, workers: 0, owner: null, minted: false },
  { id: 2, q: 3, r: -12, size: 'MEDIUM', biome: 'winter', goldmineLevel: 4, workers: 2, owner: 'addr_test1qqownerownerownerownerowner9x', minted: true },
  { id: 3, q: -7, r: 4, size: 'LARGE', biome: 'forest', goldmineLevel: 2, workers: 1, owner: 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6', minted: true },
];
const routes = (over = {}) => signedInRoutes({
  [`GET ${VALLEY_PATHS.map}`]: { body: encodeValleyMap(lands) },
  [`GET ${VALLEY_PATHS.mine}`]: { body: { ids: [3] } },
  'GET /config': { body: { ...TEST_CONFIG, mint_url: 'https://mint.example/lands' } },
  ...over,
});

describe('/valley', () => {
  it('opens on the land in the URL with its panel, layer and legend', async () => {
    mockHttp(routes());
    const { router } = renderRoute('/valley?land=E03N12&layer=size&zoom=10');
    const name = await screen.findByTestId('valley-panel-name');
    expect(name.textContent).toBe('E03N12');
    const panel = screen.getByTestId('valley-panel');
    expect(panel.textContent).toContain('M · 7 cells');
    expect(panel.textContent).toContain('Winter · +10% stone');
    expect(panel.textContent).toContain('Level 4 · 2 workers');
    expect(panel.textContent).toContain('addr_tes...wner9x');
    expect(within(panel).getByRole('link', { name: 'Open land page' }).getAttribute('href')).toBe('/land/E03N12');
    // minted: no mint link
    expect(within(panel).queryByRole('link', { name: 'Mint Your Land' })).toBeNull();
    expect(screen.getByTestId('layer-size').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('valley-legend').textContent).toContain('XL · 12 cells');
    expect(router.state.location.search).toContain('land=E03N12');
    expect(router.state.location.search).toContain('layer=size');
  });

  it('switches layers, finds a land by name, offers Mint Your Land for an unminted one', async () => {
    mockHttp(routes());
    const { router, user } = renderRoute('/valley');
    await screen.findByText('Select a land');
    await user.click(screen.getByTestId('layer-ownership'));
    const legend = screen.getByTestId('valley-legend');
    expect(legend.textContent).toContain('Not minted (1)');
    expect(legend.textContent).toContain('Owned by someone (2)');
    await waitFor(() => expect(router.state.location.search).toContain('layer=ownership'));
    const search = screen.getByLabelText('Find a land by its hex name');
    await user.type(search, 'e00s00');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect((await screen.findByTestId('valley-panel-name')).textContent).toBe('E00S00');
    const panel = screen.getByTestId('valley-panel');
    within(panel).getByText('Not minted');
    expect(within(panel).getByRole('link', { name: 'Mint Your Land' }).getAttribute('href')).toBe('https://mint.example/lands');
    await waitFor(() => expect(router.state.location.search).toContain('land=E00S00'));
    await user.clear(search);
    await user.type(search, 'E99N99');
    fireEvent.submit(search.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('No land named E99N99 in the Valley.');
  });

  it("marks the signed-in player's land as theirs", async () => {
    mockHttp(routes());
    renderRoute('/valley?land=W07S04&layer=ownership', { signedIn: true });
    const panel = await screen.findByTestId('valley-panel');
    await waitFor(() => expect(panel.textContent).toContain('Your land'));
    expect(panel.textContent).toContain('You');
    await waitFor(() => expect(screen.getByTestId('valley-legend').textContent).toContain('Mine (1)'));
  });

  it('shows a skeleton while the map loads', async () => {
    mockHttp(routes({ [`GET ${VALLEY_PATHS.map}`]: () => new Promise(() => undefined) as never }));
    renderRoute('/valley');
    await screen.findByTestId('valley-skeleton');
  });
});

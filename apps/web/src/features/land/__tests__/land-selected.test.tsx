/** docs/product.md §3 selectedLand and has_update on the land page (docs/game-rules.md §2). */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { LandDetailResponse } from '@kingdom/api';
import { mockHttp } from '../../../test/mock-http.ts';
import { land, mine, signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { useSession } from '../../../session/session-store.ts';

const own = (hex: string, over: Partial<LandDetailResponse['land']> = {}): LandDetailResponse => {
  const l = { ...land(7, hex, { q: 3, r: -12, owner: 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6', biome: 'winter' }), ...over };
  return { land: l, goldmine: mine('goldmine', l, 2), frenmine: mine('frenmine', l, 1), minted: true, yours: true, neighbours: [] };
};

describe('the land the player picks', () => {
  it('opening one of their lands makes it the selected land', async () => {
    mockHttp(signedInRoutes({ 'GET /lands/E03N12': { body: own('E03N12') } }));
    renderRoute('/land/E03N12', { signedIn: true });
    await waitFor(() => expect(useSession.getState().selectedLand).toBe('E03N12'));
  });

  it('/land opens on the selected land, not the first of the list', async () => {
    const log = mockHttp(signedInRoutes({ 'GET /lands/A01B01': { body: own('A01B01') } }));
    useSession.setState({ selectedLand: 'A01B01' });
    renderRoute('/land', { signedIn: true });
    await screen.findByTestId('land-detail');
    expect(log.some((r) => r.path === '/lands/A01B01')).toBe(true);
    expect(log.some((r) => r.path === '/lands' && r.params.my === 'true')).toBe(false);
  });

  it('a land with has_update shows what changed; a failed upgrade says GOLDMINE_UPGRADE_FAILED', async () => {
    mockHttp(signedInRoutes({
      'GET /lands/E03N12': { body: own('E03N12', { has_update: true }) },
      'GET /lands/E03N12/upgrade': { status: 409, body: { error: 'GOLDMINE_UPGRADE_FAILED', message: 'The upgrade process failed. Please try again.' } },
    }));
    renderRoute('/land/E03N12', { signedIn: true });
    const panel = await screen.findByTestId('land-changed');
    await waitFor(() => expect(panel.textContent).toContain('The upgrade process failed. Please try again.'));
  });

  it('a land without has_update shows no such panel', async () => {
    mockHttp(signedInRoutes({ 'GET /lands/E03N12': { body: own('E03N12') } }));
    renderRoute('/land/E03N12', { signedIn: true });
    await screen.findByTestId('land-detail');
    expect(screen.queryByTestId('land-changed')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { EFFECTIVITY_LABELS } from '@kingdom/game';
import { mockHttp } from '../../../test/mock-http.ts';
import { TEST_NOW, land, mine, signedInRoutes, workerNft } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

describe('/frenmine', () => {
  it('offers any free NFT as a fren (no default worker) and previews the Chicken Tendies upgrade', async () => {
    const a = land(1, 'FR01', { frenmine_level: 1, size: 'MEDIUM', size_label: 'M' });
    const log = mockHttp(
      signedInRoutes({
        'GET /frenmine/mines': { body: { mines: [mine('frenmine', a, 1)], now: TEST_NOW } },
        'GET /goldmine/worker-nfts': {
          body: { workers: [workerNft('Pixel Frog', { rarity: null }), workerNft('Gnome #9', { assigned: { mine: 'goldmine', hex_name: 'FR01', slot: 1 } })] },
        },
        'GET /inventory/items': { body: { items: [{ key: 'chicken_tendies', name: 'Chicken Tendies', amount: 1, is_craftable: false }] } },
        'POST /frenmine/workers': { body: { status: 'success' } },
      }),
    );
    const { user } = renderRoute('/frenmine/workers', { signedIn: true });
    const c = await screen.findByTestId('mine-card');
    expect(within(c).getByTestId('mine-level').textContent).toBe('Level 1 of 5');
    expect(within(c).getByTestId('mine-cap').textContent).toBe('this land allows level 3');
    expect(within(c).getAllByTestId(/^slot-/)).toHaveLength(5);
    expect(within(c).getByTestId('slot-2').textContent).toContain('Opens at level 2');
    await waitFor(() => expect(within(c).getByTestId('upgrade-preview').textContent).toBe('Next: level 2 with 1 × Chicken Tendies (you have 1), takes 6 h'));
    expect(screen.getByTestId('salary-balance').textContent).toContain('FOOD');
    await user.click(within(within(c).getByTestId('slot-1')).getByRole('button', { name: 'Set worker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a fren in slot 1 of FR01' });
    expect(within(dialog).queryByRole('button', { name: 'Default worker' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Gnome #9' })).toBeNull();
    within(dialog).getByText(/15 FOOD a day/);
    await user.click(within(dialog).getByRole('button', { name: 'Pixel Frog' }));
    await screen.findByText('Pixel Frog now works in slot 1 of FR01');
    expect(log.find((r) => r.path === '/frenmine/workers')!.body).toEqual({ hex_name: 'FR01', slot: 1, worker: { collection_key: 'ff'.repeat(28), asset_key: 'pixelfrog' } });
  });

  it('says a fren mine upgrade needs Chicken Tendies when none is held', async () => {
    const a = land(1, 'FR01', { frenmine_level: 1 });
    mockHttp(signedInRoutes({ 'GET /frenmine/mines': { body: { mines: [mine('frenmine', a, 1)], now: TEST_NOW } } }));
    renderRoute('/frenmine/workers', { signedIn: true });
    expect((await screen.findByTestId('upgrade-preview')).textContent).toBe('Level 2 needs Chicken Tendies — you have 0');
  });

  it('performance shows FOOD salaries and the effectivity labels of the spec', async () => {
    const log = mockHttp(
      signedInRoutes({
        'GET /mines/performance': {
          body: {
            mine: 'frenmine',
            rows: [0, 1, 2, 3, 4, 5].map((e) => ({
              day: `2025-03-0${e + 1}`, hex_name: 'FR01', open_slots: 5, workers: 5, workers_worked: e, exo_mined: '2739800000', salary_paid: `${e * 15_000_000}`, salary_token: 'food', effectivity: e,
            })),
          },
        },
      }),
    );
    renderRoute('/frenmine/performance', { signedIn: true });
    const rows = await screen.findAllByTestId('performance-row');
    expect(rows).toHaveLength(6);
    expect(rows[0]!.textContent).toContain('2025-03-06');
    expect(rows[0]!.textContent).toContain('75 FOOD');
    expect(rows[0]!.textContent).toContain('5 / 5');
    expect(rows[0]!.textContent).toContain('2,739.8 EXO');
    const labels = rows.map((r) => r.querySelector('.effectivity__label')!.textContent);
    expect(labels).toEqual([...EFFECTIVITY_LABELS].map((l, i) => `${i} · ${l}`).reverse());
    expect(log.find((r) => r.path === '/mines/performance')!.params).toEqual({ mine: 'frenmine', days: '14' });
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Mine } from '@kingdom/api';
import { mockHttp, type MockRequest } from '../../../test/mock-http.ts';
import { TEST_NOW, land, mine, signedInRoutes, workerNft } from '../../../test/fixtures.ts';
import { changeLanguage } from '../../../i18n/language-switch.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const count = (log: MockRequest[], method: string, path: string) => log.filter((r) => r.method === method && r.path === path).length;

function card(hex: string): HTMLElement {
  const el = screen.getAllByTestId('mine-card').find((c) => c.getAttribute('data-hex-name') === hex);
  if (!el) throw new Error(`no mine card ${hex}`);
  return el;
}

describe('/goldmine/workers', () => {
  it('shows one card per land mine with level/cap, open, closed, manager and filled slots', async () => {
    const a = land(1, 'AA01', { goldmine_level: 3 });
    const b = land(2, 'BB02', { size: 'SUPERLARGE', size_label: 'XL', biome: 'winter' });
    mockHttp(
      signedInRoutes({
        'GET /goldmine/mines': {
          body: { mines: [mine('goldmine', a, 3, { workers: { 1: { name: 'Gnome #1', rarity: 'epic', works_from: '2025-03-09' } } }), mine('goldmine', b, 10)], now: TEST_NOW },
        },
      }),
    );
    renderRoute('/goldmine/workers', { signedIn: true });
    await screen.findAllByTestId('mine-card');
    const first = card('AA01');
    expect(within(first).getByRole('link', { name: 'AA01' }).getAttribute('href')).toBe('/land/AA01');
    expect(within(first).getByTestId('mine-level').textContent).toBe('Level 3 of 10');
    expect(within(first).getByTestId('mine-cap').textContent).toBe('this land allows level 4');
    within(first).getByText('S');
    const s1 = within(first).getByTestId('slot-1');
    expect(s1.textContent).toContain('Gnome #1');
    expect(s1.textContent).toContain('Epic');
    expect(s1.textContent).toContain('works from 2025-03-09');
    within(s1).getByRole('button', { name: 'Remove' });
    within(within(first).getByTestId('slot-2')).getByRole('button', { name: 'Set worker' });
    expect(within(first).getByTestId('slot-4').textContent).toContain('Opens at level 4');
    expect(within(within(first).getByTestId('slot-4')).queryByRole('button')).toBeNull();
    // A small land caps its gold mine at level 4 (docs/game-rules.md §2): slot 5 needs a larger land.
    expect(within(first).getByTestId('slot-5').textContent).toContain('Opens at level 5 · needs a larger land');
    within(first).getByText('3 open slots · 1 staffed');
    expect(within(first).getByTestId('slot-10').textContent).toContain('Manager');
    expect(within(first).getByTestId('slot-10').textContent).toContain('Epic only');
    // A level-10 mine opens the manager slot.
    within(within(card('BB02')).getByTestId('slot-10')).getByRole('button', { name: 'Set worker' });
  });

  it('sets an eligible worker NFT from the dialog, refreshes and toasts; assigned and unqualified NFTs are not offered', async () => {
    const a = land(1, 'AA01', { goldmine_level: 2 });
    let current: Mine = mine('goldmine', a, 2);
    const log = mockHttp(
      signedInRoutes({
        'GET /goldmine/mines': () => ({ body: { mines: [current], now: TEST_NOW } }),
        'GET /goldmine/worker-nfts': {
          body: {
            workers: [
              workerNft('Gnome #2', { rarity: 'rare' }),
              workerNft('Gnome #3', { rarity: 'common', assigned: { mine: 'goldmine', hex_name: 'ZZ99', slot: 1 } }),
              workerNft('Pixel Frog', { rarity: null }),
            ],
          },
        },
        'POST /goldmine/workers': () => {
          current = mine('goldmine', a, 2, { workers: { 2: { name: 'Gnome #2', rarity: 'rare', works_from: '2025-03-11' } } });
          return { body: { status: 'success' } };
        },
      }),
    );
    const { user } = renderRoute('/goldmine/workers', { signedIn: true });
    await screen.findByTestId('mine-card');
    await user.click(within(screen.getByTestId('slot-2')).getByRole('button', { name: 'Set worker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a worker in slot 2 of AA01' });
    within(dialog).getByRole('button', { name: 'Gnome #2' });
    within(dialog).getByText('Rare');
    within(dialog).getByRole('button', { name: 'Default worker' });
    expect(within(dialog).queryByRole('button', { name: 'Gnome #3' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Pixel Frog' })).toBeNull();
    const minesBefore = count(log, 'GET', '/goldmine/mines');
    await user.click(within(dialog).getByRole('button', { name: 'Gnome #2' }));
    await screen.findByText('Gnome #2 now works in slot 2 of AA01');
    const post = log.find((r) => r.method === 'POST' && r.path === '/goldmine/workers')!;
    expect(post.body).toEqual({ hex_name: 'AA01', slot: 2, worker: { collection_key: 'ff'.repeat(28), asset_key: 'gnome2' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('slot-2').textContent).toContain('works from 2025-03-11'));
    expect(count(log, 'GET', '/goldmine/mines')).toBeGreaterThan(minesBefore);
    // Balances, items, notifications refresh too (docs/product.md §4 refresh events).
    await waitFor(() => expect(count(log, 'GET', '/notifications/count')).toBeGreaterThan(1));
    expect(count(log, 'GET', '/user/balance/hexo')).toBeGreaterThan(1);
    expect(count(log, 'GET', '/inventory/items')).toBeGreaterThan(1);
  });

  it('hires a default worker with worker null', async () => {
    const a = land(1, 'AA01', { goldmine_level: 1 });
    const log = mockHttp(signedInRoutes({ 'GET /goldmine/mines': { body: { mines: [mine('goldmine', a, 1)], now: TEST_NOW } }, 'POST /goldmine/workers': { body: { status: 'success' } } }));
    const { user } = renderRoute('/goldmine/workers', { signedIn: true });
    await user.click(within(await screen.findByTestId('slot-1')).getByRole('button', { name: 'Set worker' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Default worker' }));
    await waitFor(() => expect(log.some((r) => r.method === 'POST' && r.path === '/goldmine/workers')).toBe(true));
    expect(log.find((r) => r.path === '/goldmine/workers')!.body).toEqual({ hex_name: 'AA01', slot: 1, worker: null });
  });

  it('keeps the dialog open and shows the server message when the server refuses', async () => {
    const a = land(1, 'AA01', { goldmine_level: 1 });
    mockHttp(
      signedInRoutes({
        'GET /goldmine/mines': { body: { mines: [mine('goldmine', a, 1)], now: TEST_NOW } },
        'GET /goldmine/worker-nfts': { body: { workers: [workerNft('Gnome #2')] } },
        'POST /goldmine/workers': { status: 409, body: { error: 'WORKER_IS_SET', message: 'This worker is already assigned to the Gold Mine.' } },
      }),
    );
    const { user } = renderRoute('/goldmine/workers', { signedIn: true });
    await user.click(within(await screen.findByTestId('slot-1')).getByRole('button', { name: 'Set worker' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Gnome #2' }));
    await screen.findByText('This worker is already assigned to the Gold Mine.');
    screen.getByRole('dialog');
  });

  it('removes a worker', async () => {
    const a = land(1, 'AA01', { goldmine_level: 2 });
    const log = mockHttp(
      signedInRoutes({
        'GET /goldmine/mines': { body: { mines: [mine('goldmine', a, 2, { workers: { 1: { name: 'Gnome #1' } } })], now: TEST_NOW } },
        'POST /goldmine/workers/remove': { body: { status: 'success' } },
      }),
    );
    const { user } = renderRoute('/goldmine/workers', { signedIn: true });
    await user.click(within(await screen.findByTestId('slot-1')).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Worker removed from slot 1 of AA01');
    expect(log.find((r) => r.path === '/goldmine/workers/remove')!.body).toEqual({ hex_name: 'AA01', slot: 1 });
  });

  it('says what the next upgrade needs before the click, from planGoldmineUpgrade', async () => {
    const noKit = land(1, 'NK01', { goldmine_level: 2 });
    const capped = land(2, 'CP02', { goldmine_level: 4 });
    const busy = land(3, 'UP03', { goldmine_level: 2 });
    const top = land(4, 'TP04', { size: 'SUPERLARGE', size_label: 'XL', goldmine_level: 10 });
    mockHttp(
      signedInRoutes({
        'GET /goldmine/mines': {
          body: {
            mines: [
              mine('goldmine', noKit, 2),
              mine('goldmine', capped, 4),
              mine('goldmine', busy, 2, { upgrade: { target_level: 3, started_at: TEST_NOW, ends_at: '2025-03-10T21:00:00.000Z' } }),
              mine('goldmine', top, 10),
            ],
            now: TEST_NOW,
          },
        },
      }),
    );
    renderRoute('/goldmine/workers', { signedIn: true });
    await screen.findAllByTestId('mine-card');
    const preview = (hex: string) => within(card(hex)).getByTestId('upgrade-preview').textContent;
    const upgradeButton = (hex: string) => within(card(hex)).getByRole('button', { name: 'Upgrade' }) as HTMLButtonElement;
    expect(preview('NK01')).toBe('Level 3 needs Toolkit tier 3 — you have 0');
    expect(upgradeButton('NK01').disabled).toBe(true);
    expect(preview('CP02')).toBe('Upgrade the Land size to be available to upgrade your Mine');
    // it ends at 21:00 UTC but completes at the next daily settlement, 00:00 UTC (docs/game-rules.md §3.2)
    expect(preview('UP03')).toBe('Upgrading to level 3 — completes at the daily settlement in 15 h 0 min (2025-03-11 00:00 UTC)');
    expect(upgradeButton('UP03').disabled).toBe(true);
    await changeLanguage('es');
    try {
      await waitFor(() => expect(preview('UP03')).toBe('Mejorando al nivel 3 — termina en la liquidación diaria en 15 h 0 min (2025-03-11 00:00 UTC)'));
    } finally {
      await changeLanguage('en');
    }
    expect(preview('TP04')).toBe('Level 10 is the maximum');
    // Land expansion previews from planLandExpansion.
    expect(within(card('NK01')).getByTestId('expand-preview').textContent).toBe('Growing the land S → M needs Expansion permit tier 1 — you have 0');
    expect(within(card('TP04')).getByTestId('expand-preview').textContent).toBe('The land is at its largest size (XL)');
  });

  it('starts an upgrade when the toolkit is held, and expands a land with a permit', async () => {
    const a = land(1, 'AA01', { goldmine_level: 2 });
    const log = mockHttp(
      signedInRoutes({
        'GET /goldmine/mines': { body: { mines: [mine('goldmine', a, 2)], now: TEST_NOW } },
        'GET /inventory/items': {
          body: {
            items: [
              { key: 'toolkit_3', name: 'Toolkit tier 3', amount: 1, is_craftable: false },
              { key: 'land_upgrade01', name: 'Expansion permit tier 1', amount: 2, is_craftable: false },
            ],
          },
        },
        'POST /goldmine/upgrade': { body: { target_level: 3, ends_at: '2025-03-10T21:00:00.000Z' } },
        'POST /lands/AA01/expand': { body: { status: 'success' } },
      }),
    );
    const { user } = renderRoute('/goldmine/workers', { signedIn: true });
    const c = await screen.findByTestId('mine-card');
    await waitFor(() => expect(within(c).getByTestId('upgrade-preview').textContent).toBe('Next: level 3 with 1 × Toolkit tier 3 (you have 1), takes 12 h'));
    expect(within(c).getByTestId('expand-preview').textContent).toBe('Expand the land S → M with 1 × Expansion permit tier 1 (you have 2)');
    await user.click(within(c).getByRole('button', { name: 'Upgrade' }));
    await screen.findByText('Upgrade of AA01 to level 3 started');
    expect(log.find((r) => r.path === '/goldmine/upgrade')!.body).toEqual({ hex_name: 'AA01' });
    await user.click(within(c).getByRole('button', { name: 'Expand land' }));
    await screen.findByText('Land AA01 expanded to M');
    expect(log.some((r) => r.method === 'POST' && r.path === '/lands/AA01/expand')).toBe(true);
  });

  it("says 'No lands found' when the player has no mines", async () => {
    mockHttp(signedInRoutes());
    renderRoute('/goldmine/workers', { signedIn: true });
    await screen.findByText('No lands found');
  });
});

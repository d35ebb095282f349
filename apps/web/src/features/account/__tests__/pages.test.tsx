import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { TEST_USER, land, mine, signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

describe('account and the areas built later', () => {
  it('settings show the wallet this session signed in with', async () => {
    mockHttp(signedInRoutes({ 'GET /account/profile': { body: { user_name: 'Aldric', user_avatar: null, avatars: [{ id: 'land:E03N12', name: 'Land (E03N12)' }] } } }));
    renderRoute('/account/settings', { signedIn: true });
    expect((await screen.findByTestId('wallet-address')).textContent).toBe('addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6');
    expect(((await screen.findByTestId('profile-name')) as HTMLInputElement).value).toBe('Aldric');
    screen.getByRole('option', { name: 'Land (E03N12)' });
    const profile = screen.getByRole('heading', { name: 'Profile' }).parentElement!;
    expect(profile.textContent).toContain('citizen');
  });

  it("the inbox says 'No inbox messages'", async () => {
    mockHttp(signedInRoutes({ 'GET /notifications/count': { body: { count: 0 } } }));
    renderRoute('/account/inbox', { signedIn: true });
    await screen.findByText('No inbox messages');
  });

  it('account balances show the history with reasons in words and the running balance', async () => {
    const log = mockHttp(signedInRoutes({ 'GET /account/ledger': { body: { token: 'hexo', balance: '1500000', total: 2, page: 1, per_page: 25, rows: [
      { id: 2, at: '2026-11-01T12:00:00.000Z', asset: 'hexo', amount: '-1000000', reason: 'vendor_purchase', raw_reason: 'vendor_purchase', reference: '7', link: '/vendor', running_balance: '1500000' },
      { id: 1, at: '2026-11-01T11:00:00.000Z', asset: 'hexo', amount: '2500000', reason: 'faucet', raw_reason: 'faucet', reference: 'x', link: null, running_balance: '2500000' },
    ] } } }));
    renderRoute('/account/balances', { signedIn: true });
    const table = await screen.findByTestId('history-table');
    expect(within(table).getByRole('link', { name: 'Vendor' })).toHaveProperty('pathname', '/vendor');
    expect(table.textContent).toContain('-1');
    expect(table.textContent).toContain('1.5');
    expect(log.some((r) => r.path === '/account/ledger' && r.params.token === 'hexo')).toBe(true);
  });

  it('the history names every ledger reason in its own words (docs/product.md §10: staking, deposits, withdrawals)', async () => {
    mockHttp(signedInRoutes({ 'GET /account/ledger': { body: { token: 'hexo', balance: '60000000', total: 3, page: 1, per_page: 25, rows: [
      { id: 3, at: '2026-11-01T12:00:00.000Z', asset: 'hexo', amount: '-40000000', reason: 'withdrawal', raw_reason: 'withdrawal', reference: 'withdrawal:1', link: '/account/balances', running_balance: '60000000' },
      { id: 2, at: '2026-11-01T11:00:00.000Z', asset: 'hexo', amount: '3000000', reason: 'staking', raw_reason: 'staking_reward', reference: 'd', link: null, running_balance: '100000000' },
      { id: 1, at: '2026-11-01T10:00:00.000Z', asset: 'hexo', amount: '97000000', reason: 'deposit', raw_reason: 'deposit', reference: 'tx#0', link: null, running_balance: '97000000' },
    ] } } }));
    renderRoute('/account/balances', { signedIn: true });
    const table = await screen.findByTestId('history-table');
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getByTestId('history-reason-cell').textContent)).toEqual(['Withdrawal', 'Staking', 'Deposit']);
    const options = within(screen.getByTestId('history-reason')).getAllByRole('option').slice(1).map((o) => o.textContent);
    expect(new Set(options).size).toBe(options.length);
    for (const o of options) expect(o).not.toMatch(/^account\.|_/);
    expect(options).toEqual(expect.arrayContaining(['Staking', 'Deposit', 'Withdrawal', 'Withdrawal returned', 'Votes locked']));
  });

  it('account balances show the four tokens', async () => {
    mockHttp(signedInRoutes());
    renderRoute('/account/balances', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('account-balance-exo').textContent).toBe('1,234,567.89'));
  });

  it('gold mines ask a visitor to sign in', async () => {
    mockHttp(signedInRoutes());
    renderRoute('/goldmine/workers');
    await screen.findByText('Not connected');
    expect(screen.getByRole('link', { name: 'Enter the Kingdom' })).toHaveProperty('pathname', '/login');
  });

  it("gold mines tell a user without land 'Not a land owner'", async () => {
    mockHttp(signedInRoutes({ 'GET /dashboard/user': { body: { user: { ...TEST_USER, land_owner: false } } } }));
    renderRoute('/goldmine/workers', { signedIn: true });
    await screen.findByText('Not a land owner');
  });

  it('the land page shows the land, its biome bonus, owner and both mines read-only', async () => {
    const l = land(4, 'AB12', { size: 'MEDIUM', size_label: 'M', biome: 'winter', owner: 'addr_test1vqz9xexampleownerlongaddress', goldmine_level: 3, frenmine_level: 1 });
    mockHttp(
      signedInRoutes({
        'GET /lands/AB12': { body: { land: l, goldmine: mine('goldmine', l, 3, { workers: { 2: { name: 'Gnome #7', rarity: 'rare' } } }), frenmine: mine('frenmine', l, 1) } },
      }),
    );
    renderRoute('/land/AB12');
    const detail = await screen.findByTestId('land-detail');
    expect(detail.textContent).toContain('M');
    expect(detail.textContent).toContain('Winter · +10% stone');
    expect(screen.getByTestId('land-owner').textContent).toBe('addr_test1...ddress');
    expect(screen.getByTestId('land-owner').getAttribute('title')).toBe('addr_test1vqz9xexampleownerlongaddress');
    const gold = screen.getByTestId('land-goldmine');
    expect(gold.textContent).toContain('Level 3 · land allows 7');
    expect(within(gold).getByTestId('slot-2').textContent).toContain('Gnome #7');
    expect(within(gold).getByTestId('slot-2').textContent).toContain('Rare');
    expect(within(gold).getByTestId('slot-4').textContent).toContain('Opens at level 4');
    expect(within(gold).getByTestId('slot-10').textContent).toContain('Manager');
    expect(screen.getByTestId('land-frenmine').textContent).toContain('Level 1 · land allows 3');
    // Read-only: no actions for a visitor.
    expect(screen.queryByRole('button', { name: 'Set worker' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it("the land page says 'No lands found' for an unknown land", async () => {
    mockHttp(signedInRoutes());
    renderRoute('/land/NOPE');
    await screen.findByText('No lands found');
  });

  it("the staking hub shows 'No projects' and the leagues", async () => {
    mockHttp(signedInRoutes({ 'GET /staking/leaderboard': { body: { items: [], total: 0, page: 1, per_page: 20, next_snapshot_at: '2026-12-17T00:00:00.000Z' } } }));
    renderRoute('/staking-hub/cardano');
    await screen.findByText('No projects');
    screen.getByText('250,000 – 500,000 votes');
    screen.getByText('over 1,000,000 votes');
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockHttp, type MockRequest } from '../../../test/mock-http.ts';
import { TEST_USER, land, signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

describe('account and the areas built later', () => {
  it('settings show the wallet this session signed in with', async () => {
    mockHttp(signedInRoutes());
    renderRoute('/account/settings', { signedIn: true });
    expect((await screen.findByTestId('wallet-address')).textContent).toBe('addr_test1vqexample');
    const profile = screen.getByRole('heading', { name: 'Profile' }).parentElement!;
    expect(profile.textContent).toContain('Aldric');
    expect(profile.textContent).toContain('citizen');
  });

  it("the inbox says 'No inbox messages'", async () => {
    mockHttp(signedInRoutes({ 'GET /notifications/count': { body: { count: 0 } } }));
    renderRoute('/account/inbox', { signedIn: true });
    expect(await screen.findByText('No inbox messages')).toBeTruthy();
  });

  it('account balances show the four tokens', async () => {
    mockHttp(signedInRoutes());
    renderRoute('/account/balances', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('account-balance-exo').textContent).toBe('1,234,567.89'));
  });

  it('gold mines ask a visitor to sign in', async () => {
    mockHttp(signedInRoutes());
    renderRoute('/goldmine/workers');
    expect(await screen.findByText('Not connected')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enter the Kingdom' })).toHaveProperty('pathname', '/login');
  });

  it("gold mines tell a user without land 'Not a land owner'", async () => {
    mockHttp(signedInRoutes({ 'GET /dashboard/user': { body: { user: { ...TEST_USER, land_owner: false } } } }));
    renderRoute('/goldmine/workers', { signedIn: true });
    expect(await screen.findByText('Not a land owner')).toBeTruthy();
  });

  it('fren mines list the lands of a land owner and say that managing them is not available yet', async () => {
    mockHttp(signedInRoutes({ 'GET /lands': { body: { lands: [land(1, 'M1N3')], total: 1, page: 1, per_page: 12 } } }));
    renderRoute('/frenmine/workers', { signedIn: true });
    expect(await screen.findByText('M1N3')).toBeTruthy();
    expect(screen.getByText('This feature is currently not available. Stay tuned!')).toBeTruthy();
  });

  it('the land page finds a land of the collection by hex name', async () => {
    const log = mockHttp(
      signedInRoutes({
        'GET /lands': (req: MockRequest) => ({ body: { lands: req.params.search === 'AB12' ? [land(4, 'AB12', { goldmine_level: 7 })] : [], total: 1, page: 1, per_page: 12 } }),
      }),
    );
    renderRoute('/land/AB12');
    const card = await screen.findByTestId('land-card');
    expect(card.textContent).toContain('AB12');
    expect(card.textContent).toContain('Lv 7/10');
    expect(log.find((r) => r.path === '/lands')!.params).toEqual({ page: '1', search: 'AB12' });
  });

  it("the land page says 'No lands found' for an unknown land", async () => {
    mockHttp(signedInRoutes());
    renderRoute('/land/NOPE');
    expect(await screen.findByText('No lands found')).toBeTruthy();
  });

  it("the staking hub shows 'No projects' and the leagues", async () => {
    mockHttp(signedInRoutes());
    renderRoute('/staking-hub/activity');
    expect(await screen.findByText('No projects')).toBeTruthy();
    expect(screen.getByText('250,000 – 500,000 votes')).toBeTruthy();
    expect(screen.getByText('over 1,000,000 votes')).toBeTruthy();
  });
});

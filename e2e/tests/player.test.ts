/**
 * A player end to end in headless Chromium against the built web app and the real server (docs/architecture.md §1,
 * "Tests" → e2e): visitor → /login → demo wallet sign-in (Cardano, then Solana) → dashboard with
 * that player's balances and lands → reload keeps the session → logout → landing; an expired
 * token → expiry toast and landing.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, expectPath, launchBrowser, pathOf, readSession, settle, signInWithDemoWallet, withPage } from '../helpers.ts';

/** What the faucet gives the demo wallet (whole tokens). */
const GRANT = { lands: 3, tools: 2, exo: '7654321', hexo: '1234567', food: '4321' } as const;

interface FaucetAnswer {
  lands: string[];
  tools: number[];
  balances: Record<string, string>;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Runs `body` on a fresh page; always closes it (and keeps a screenshot of where it failed). */

describe('player', () => {
  test('Cardano demo wallet: / → /login → dashboard with the faucet balances and lands, reload, logout', async () => {
    await withPage(browser, 'cardano', {}, async (w) => {
      const { page } = w;
      await page.goto('/');
      await expectPath(page, '/login');
      await expect.poll(() => page.getByText('Login with').first().isVisible()).toBe(true);
      await w.shot('login');

      const session = await signInWithDemoWallet(w, 'Cardano');
      expect(session.walletAddress).toMatch(/^addr(_test)?1[02-9ac-hj-np-z]+$/);
      await expect.poll(() => page.getByTestId('balance-exo').isVisible()).toBe(true);
      await settle(page);
      await w.shot('overview-new-player');

      // give this wallet lands, tools and balances, as `npm run kingdom -- faucet` would
      const api = new KingdomClient(baseUrl());
      const given = await api.faucet(session.walletAddress, GRANT) as FaucetAnswer;
      expect(given.lands).toHaveLength(GRANT.lands);

      await page.reload();
      await expectPath(page, '/dashboard/overview');
      await expect.poll(() => page.getByTestId('balance-exo').textContent(), { timeout: 20_000 }).toContain('7,654,321');
      await expect.poll(() => page.getByTestId('balance-hexo').textContent()).toContain('1,234,567');
      await settle(page);
      await w.shot('overview-after-faucet');

      await page.goto('/dashboard/inventory/lands');
      await expectPath(page, '/dashboard/inventory/lands');
      await expect.poll(() => page.getByTestId('land-card').count(), { timeout: 20_000 }).toBe(GRANT.lands);
      const cards = (await page.getByTestId('land-card').allTextContents()).join('\n');
      for (const hexName of given.lands) expect(cards).toContain(hexName);
      await w.shot('inventory-lands');

      await page.goto('/dashboard/inventory/mtools');
      await expect.poll(() => page.getByTestId('tool-card').count(), { timeout: 20_000 }).toBe(GRANT.tools);
      await w.shot('inventory-tools');

      // the session survives a reload (docs/product.md §3 persisted fields)
      await page.goto('/dashboard/overview');
      await page.reload();
      await expectPath(page, '/dashboard/overview');
      await expect.poll(() => page.getByTestId('balance-exo').textContent(), { timeout: 20_000 }).toContain('7,654,321');
      expect((await readSession(page))?.token).toBe(session.token);

      // logout (docs/product.md §4): server revokes the token, storage cleared, landing page
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect.poll(() => page.getByText('Enter Now').first().isVisible(), { timeout: 20_000 }).toBe(true);
      expect(pathOf(page)).not.toMatch(/^\/(dashboard|account)/);
      const after = await readSession(page);
      expect(after?.token ?? '').toBe('');
      await w.shot('landing-after-logout');
      const revoked = await api.send('dashboardUser', undefined, session.token);
      expect(revoked.status).toBe(401);

      expect(w.errors).toEqual([]);
    });
  });

  test('Solana demo wallet: sign-in, dashboard, reload, logout', async () => {
    await withPage(browser, 'solana', {}, async (w) => {
      const { page } = w;
      await page.goto('/');
      await expectPath(page, '/login');
      const session = await signInWithDemoWallet(w, 'Solana');
      expect(session.walletAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);

      const api = new KingdomClient(baseUrl());
      const given = await api.faucet(session.walletAddress, { lands: 2, exo: '2500' }) as FaucetAnswer;
      await page.reload();
      await expect.poll(() => page.getByTestId('balance-exo').textContent(), { timeout: 20_000 }).toContain('2,500');
      await settle(page);
      await w.shot('overview');

      await page.goto('/inventory');
      await expectPath(page, '/dashboard/inventory/lands');
      await expect.poll(() => page.getByTestId('land-card').count(), { timeout: 20_000 }).toBe(2);
      const cards = (await page.getByTestId('land-card').allTextContents()).join('\n');
      for (const hexName of given.lands) expect(cards).toContain(hexName);
      await w.shot('inventory-lands');

      await page.getByRole('button', { name: 'Logout' }).click();
      await expect.poll(() => page.getByText('Enter Now').first().isVisible(), { timeout: 20_000 }).toBe(true);
      await w.shot('landing-after-logout');
      expect(w.errors).toEqual([]);
    });
  });

  test('an expired session: toast "Your session has expired!" and back to the landing page', async () => {
    await withPage(browser, 'expired', {}, async (w) => {
      const { page } = w;
      await page.goto('/login');
      const session = await signInWithDemoWallet(w, 'Cardano');
      await settle(page);
      // the server forgets the token (revoked: same effect as expiry for the client)
      const api = new KingdomClient(baseUrl());
      const out = await api.call('authLogout', undefined, session.token);
      expect(out.status).toBe('success');

      await page.reload();
      await expect.poll(() => page.getByText('Your session has expired!').first().isVisible(), { timeout: 20_000 }).toBe(true);
      await page.waitForTimeout(800); // let the toast finish sliding in before the screenshot
      await w.shot('expiry-toast');
      await expect.poll(() => page.getByText('Enter Now').first().isVisible(), { timeout: 20_000 }).toBe(true);
      expect(pathOf(page)).not.toMatch(/^\/(dashboard|account)/);
      expect((await readSession(page))?.token ?? '').toBe('');
      // the only errors allowed here are the 401s that told the app the session is gone
      expect(w.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    });
  });

  test('a visitor: / → /login, and the protected /account → landing', async () => {
    await withPage(browser, 'visitor', {}, async (w) => {
      const { page } = w;
      await page.goto('/');
      await expectPath(page, '/login');
      await expect.poll(() => page.getByText('Enter the Kingdom').first().isVisible()).toBe(true);
      for (const chain of ['Cardano', 'Solana']) {
        expect(await page.getByRole('button', { name: `Demo wallet (${chain})` }).count()).toBe(1);
      }
      await page.goto('/account');
      await expect.poll(() => page.getByText('Enter Now').first().isVisible(), { timeout: 20_000 }).toBe(true);
      expect(pathOf(page)).not.toMatch(/^\/account/);
      await w.shot('landing-from-account');
      await page.getByText('Enter Now').first().click();
      await expectPath(page, '/login');
      expect(w.errors).toEqual([]);
    });
  });
});

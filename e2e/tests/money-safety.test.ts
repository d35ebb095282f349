/**
 * Money safe on a real network (docs/game-rules.md §8.2) in headless Chromium with the demo wallet: Account →
 * Settings → Wallets → "Link stake key (demo wallet)" proves the wallet's stake key (CIP-30
 * `signData` with its reward address) and lists it; then, signed out, "Ledger / Trezor (hardware
 * wallet)" signs in with the demo wallet acting as a hardware wallet — it refuses `signData` and
 * signs the server's never-submittable transaction in its prompt instead.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, expectPath, launchBrowser, readSession, seriousAxeViolations, signInWithDemoWallet, withPage } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const api = () => new KingdomClient(baseUrl());

describe('money safety with the demo wallet', () => {
  test('link the stake key, then sign in as a hardware wallet (signTx, no signData)', async () => {
    await withPage(browser, 'money-safety', {}, async (w) => {
      const { page } = w;
      const first = await signInWithDemoWallet(w, 'Cardano');
      // the first sign-in funds the demo wallet on the emulated chain: let that land
      await api().call('demoBlocks', { body: { count: 1 } });

      await page.goto('/account/settings');
      await expect.poll(() => page.getByTestId('no-stake-keys').isVisible(), { timeout: 20_000 }).toBe(true);
      await page.getByTestId('link-stake-demo').click();
      await expect.poll(() => page.getByTestId('stake-key').count(), { timeout: 20_000 }).toBe(1);
      expect(await page.getByTestId('stake-key').getAttribute('data-address')).toMatch(/^stake_test1/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await w.shot('stake-key-linked');

      await page.getByRole('button', { name: 'Logout' }).click();
      await expect.poll(() => page.getByText('Enter Now').first().isVisible(), { timeout: 20_000 }).toBe(true);
      await page.goto('/login');
      const hardware = page.getByRole('checkbox', { name: 'Ledger / Trezor (hardware wallet)' });
      await expect.poll(() => hardware.isVisible(), { timeout: 20_000 }).toBe(true);
      await hardware.check();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await w.shot('login-hardware');
      await page.getByRole('button', { name: 'Demo wallet (Cardano)' }).click();
      // a hardware wallet signs a transaction: the demo wallet's prompt asks
      const sign = page.getByTestId('demo-wallet-sign');
      await expect.poll(() => sign.count(), { timeout: 30_000 }).toBe(1);
      await w.shot('login-hardware-sign-tx');
      await sign.click();
      await expectPath(page, '/dashboard/overview', 30_000);
      const session = await readSession(page) as { isHD?: boolean; walletAddress?: string; userId?: number | null } | null;
      expect(session).toMatchObject({ isHD: true, walletAddress: first.walletAddress, userId: first.userId });
      await w.shot('signed-in-hardware');
    });
  });

  test('phone: the stake keys in the wallet settings and the hardware-wallet choice on /login', async () => {
    await withPage(browser, 'money-safety-phone', { phone: true }, async (w) => {
      const { page } = w;
      await signInWithDemoWallet(w, 'Cardano');
      await page.goto('/account/settings');
      const link = page.getByTestId('link-stake-demo');
      await expect.poll(() => link.isVisible(), { timeout: 20_000 }).toBe(true);
      await link.tap();
      await expect.poll(() => page.getByTestId('stake-key').count(), { timeout: 20_000 }).toBe(1);
      await page.getByTestId('stake-key').scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await w.shot('stake-key-linked');
      await page.evaluate(() => window.localStorage.removeItem('kingdom-session'));
      await page.goto('/login');
      const hardware = page.getByRole('checkbox', { name: 'Ledger / Trezor (hardware wallet)' });
      await expect.poll(() => hardware.isVisible(), { timeout: 20_000 }).toBe(true);
      await hardware.tap();
      expect(await hardware.isChecked()).toBe(true);
      await w.shot('login-hardware');
    });
  });
});

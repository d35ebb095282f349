/**
 * Vendor, history and chest end to end in headless Chromium (docs/game-rules.md §6, "Tests" → e2e): a player buys
 * a toolkit at /vendor, upgrades a gold mine with it, finds both in the history and in the CSV (whose
 * amounts sum to the balance), opens the weekly chest and, once the week has ended, checks the draw
 * on the public verification page. Then the pages at phone size with touch.
 */
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chestWeekOf, toBaseUnits } from '@kingdom/game';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, expectPath, launchBrowser, openPage, settle, signInWithDemoWallet } from '../helpers.ts';
import { readCsv as parseCsv } from '../../packages/api/test/support/read-csv.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });


const signed = (v: string) => (v.startsWith('-') ? -toBaseUnits(v.slice(1), 'hexo') : toBaseUnits(v, 'hexo'));

describe('vendor, history and chest', () => {
  test('buy a toolkit, upgrade with it, see both in the history and the CSV; open the chest and verify it', async () => {
    const w = await openPage(browser, 'vendor');
    const { page } = w;
    try {
      await page.goto('/login');
      const session = await signInWithDemoWallet(w, 'Cardano');
      const api = new KingdomClient(baseUrl());
      const given = await api.faucet(session.walletAddress, { lands: 1, hexo: '3000' }) as { lands: string[] };
      const hex = given.lands[0]!;

      // buy one tier-2 toolkit (1,000 HEXO)
      await page.goto('/vendor');
      const card = page.getByTestId('vendor-item-toolkit_2');
      await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => card.textContent(), { timeout: 20_000 }).toContain('You have 0');
      await w.shot('vendor');
      await card.getByRole('button', { name: 'Buy' }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByTestId('vendor-balance-after').textContent(), { timeout: 20_000 }).toContain('2,000 HEXO');
      await w.shot('vendor-confirm');
      await dialog.getByTestId('vendor-confirm').click();
      await expect.poll(() => card.textContent(), { timeout: 20_000 }).toContain('You have 1');
      await w.shot('vendor-bought');

      // upgrade the gold mine with it
      await page.goto('/goldmine/workers');
      await expectPath(page, '/goldmine/workers');
      const mine = page.locator(`[data-testid="mine-card"][data-hex-name="${hex}"]`);
      await expect.poll(() => mine.count(), { timeout: 20_000 }).toBe(1);
      await mine.getByRole('button', { name: 'Upgrade' }).click();
      await expect.poll(() => mine.textContent(), { timeout: 20_000 }).toContain('Upgrading to level 2');

      // the history: the purchase in HEXO, the toolkit in and out in items
      await page.goto('/account/balances');
      const table = page.getByTestId('history-table');
      await expect.poll(() => table.textContent(), { timeout: 20_000 }).toContain('Vendor');
      await page.getByTestId('history-token').selectOption('items');
      await expect.poll(() => table.textContent(), { timeout: 20_000 }).toContain('Upgrade');
      expect(await table.textContent()).toContain('Toolkit tier 2');
      await w.shot('history-items');
      await page.getByTestId('history-token').selectOption('hexo');
      await expect.poll(() => table.textContent(), { timeout: 20_000 }).toContain('Faucet');
      await w.shot('history-hexo');

      // the CSV sums to the balance
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('history-csv').click()]);
      const csv = parseCsv(await readFile((await download.path())!, 'utf8'));
      expect(csv[0]).toEqual(['date', 'asset', 'amount', 'reason', 'raw_reason', 'reference', 'balance_after']);
      expect(csv.slice(1).map((r) => r[3])).toEqual(['faucet', 'vendor_purchase']);
      const sum = csv.slice(1).reduce((a, r) => a + signed(r[2]!), 0n);
      const balance = (await api.call('balance', { params: { token: 'hexo' } }, session.token)).balance;
      expect(sum).toBe(BigInt(balance));
      expect(sum).toBe(toBaseUnits(2_000n, 'hexo'));

      // the weekly chest
      await page.goto('/account/chest');
      await page.getByTestId('chest-open').click();
      await expect.poll(() => page.getByTestId('chest-draw').count(), { timeout: 20_000 }).toBe(1);
      const draw = (await page.getByTestId('chest-draw').textContent())!;
      expect(draw).toMatch(/^[0-9a-f]{64}$/);
      await w.shot('chest-opened');
      await page.goto('/dashboard/overview');
      await expect.poll(() => page.getByTestId('overview-chest').textContent(), { timeout: 20_000 }).toContain('Opened this week');
      await w.shot('dashboard-chest');
      const clock = await api.call('demoClock');
      const week = chestWeekOf(Date.parse(clock.now));

      // after the week the seed is revealed and the page recomputes the draw in the browser
      await api.call('demoTick', { body: { days: 7 } });
      await page.goto(`/chest/verify?week=${week}&user=${session.userId}`);
      await expect.poll(() => page.getByTestId('verify-seed').textContent(), { timeout: 20_000 }).toMatch(/^[0-9a-f]{64}$/);
      const checks = page.getByTestId('verify-checks');
      await expect.poll(() => checks.textContent(), { timeout: 20_000 }).toContain('SHA-256 of the seed equals the published hash');
      expect(await checks.textContent()).toContain(`User ${session.userId}: the draw recomputes`);
      expect(await checks.textContent()).not.toContain('✗');
      await w.shot('chest-verified');
      await settle(page);
      expect(w.errors).toEqual([]);
    } finally {
      await w.close();
    }
  }, 180_000);

  test('the pages at phone size with touch', async () => {
    const w = await openPage(browser, 'vendor-phone', { phone: true });
    const { page } = w;
    try {
      await page.goto('/vendor');
      await expect.poll(() => page.getByTestId('vendor-item-toolkit_2').count(), { timeout: 20_000 }).toBe(1);
      await w.shot('vendor-visitor');
      await page.goto('/login');
      const session = await signInWithDemoWallet(w, 'Solana');
      const api = new KingdomClient(baseUrl());
      await api.faucet(session.walletAddress, { lands: 1, hexo: '900' });
      await page.goto('/vendor');
      await page.getByTestId('vendor-item-chicken_tendies').getByRole('button', { name: 'Buy' }).tap();
      await expect.poll(() => page.getByRole('dialog').getByTestId('vendor-balance-after').textContent(), { timeout: 20_000 }).toContain('400 HEXO');
      await w.shot('vendor-confirm');
      await page.getByRole('dialog').getByTestId('vendor-confirm').tap();
      await expect.poll(() => page.getByTestId('vendor-item-chicken_tendies').textContent(), { timeout: 20_000 }).toContain('You have 1');
      await page.goto('/account/balances');
      await expect.poll(() => page.getByTestId('history-table').textContent(), { timeout: 20_000 }).toContain('Vendor');
      await w.shot('history');
      await page.goto('/account/settings');
      await expect.poll(() => page.getByTestId('profile-name').count(), { timeout: 20_000 }).toBe(1);
      await page.getByTestId('profile-name').fill(`Phone_${session.userId}`);
      await page.getByRole('button', { name: 'Save' }).tap();
      await expect.poll(() => page.getByText('Profile saved').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(async () => (await api.call('dashboardUser', undefined, session.token)).user.user_name, { timeout: 20_000 }).toBe(`Phone_${session.userId}`);
      await w.shot('settings');
      await page.goto('/account/chest');
      await expect.poll(() => page.getByTestId('chest-open').count(), { timeout: 20_000 }).toBe(1);
      await w.shot('chest');
      await page.goto('/chest/verify');
      await settle(page);
      await w.shot('verify');
    } finally {
      await w.close();
    }
  }, 180_000);
});

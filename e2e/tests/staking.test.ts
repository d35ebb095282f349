/**
 * Staking Hub end to end in headless Chromium (docs/game-rules.md §5, "Tests" → e2e): a player signed in with the
 * demo Cardano wallet links a second (demo Solana) wallet, locks EXO as vote points, adds votes that
 * push a project over 250,000, advances to the snapshot, sees the project's league badge change on
 * the leaderboard and its NFTs' worker rarity change, and after a day opens the staking daily report
 * and sees HEXO grow by its amount. Then the pages at 390×844 with touch, axe 0 serious/critical.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StakingProject } from '@kingdom/api';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, expectPath, launchBrowser, openPage, seriousAxeViolations, settle, signInWithDemoWallet } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const amount = (text: string | null) => Number((/[\d,]+(\.\d+)?/.exec(text ?? '')?.[0] ?? 'NaN').replace(/,/g, ''));

async function hexoOnDashboard(page: Page): Promise<number> {
  await page.goto('/dashboard/overview');
  await expect.poll(async () => amount(await page.getByTestId('balance-hexo').textContent()), { timeout: 20_000 }).not.toBeNaN();
  await settle(page);
  return amount(await page.getByTestId('balance-hexo').textContent());
}

describe('staking hub', () => {
  test('two wallets, votes past 250,000, the snapshot moves the league and rarity, the daily report pays HEXO', async () => {
    const w = await openPage(browser, 'staking');
    const { page } = w;
    const api = new KingdomClient(baseUrl());
    try {
      await page.goto('/login');
      const session = await signInWithDemoWallet(w, 'Cardano');
      // a project below 250,000 votes and outside the top 10: not qualified, no league
      const board = await api.call('stakingLeaderboard', { query: { chain: 'cardano' } });
      const target = board.items.find((p) => p.rank > 10 && p.votes < 250_000) as StakingProject;
      expect(target).toBeTruthy();
      const need = 250_000 - target.votes + 10;
      await api.faucet(session.walletAddress, { exo: String(need + 100), nfts: { [target.project]: 2 } });

      // link a second wallet: the demo Solana wallet
      await page.goto('/account/settings');
      const panel = page.getByTestId('wallets-panel');
      await expect.poll(() => panel.getByTestId('wallet').count(), { timeout: 20_000 }).toBe(1);
      await panel.getByTestId('link-demo-solana').click();
      await expect.poll(() => panel.getByTestId('wallet').count(), { timeout: 20_000 }).toBe(2);
      await expect.poll(() => panel.locator('[data-testid="wallet"][data-chain="solana"]').count()).toBe(1);
      await w.shot('two-wallets');

      // lock EXO as vote points
      await page.goto('/staking-hub/votes');
      await page.getByLabel(/EXO to lock/).fill(String(need));
      await page.getByTestId('lock-submit').click();
      await expect.poll(async () => amount(await page.getByTestId('votes-free').textContent()), { timeout: 20_000 }).toBe(need);

      // add votes on the leaderboard: a wrong value first, then enough to pass 250,000
      await page.goto(`/staking-hub/cardano?search=${encodeURIComponent(target.name)}`);
      const row = page.locator(`[data-testid="project-row"][data-project="${target.project}"]`);
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
      expect(await row.getByTestId('league').getAttribute('data-league')).toBe('none');
      await row.getByTestId('add-votes').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').fill(String(need + 1));
      await dialog.getByTestId('add-votes-submit').click();
      await expect.poll(() => dialog.getByText('Not valid value').isVisible()).toBe(true);
      await w.shot('not-valid-value');
      await dialog.getByRole('textbox').fill(String(need));
      await dialog.getByTestId('add-votes-submit').click();
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0);
      await expect.poll(async () => amount(await row.getByTestId('project-votes').textContent()), { timeout: 20_000 }).toBeGreaterThanOrEqual(250_000);
      expect(await row.getByTestId('league').getAttribute('data-league')).toBe('none');

      const rarity = async () => (await api.call('workerNfts', undefined, session.token))
        .workers.filter((x) => x.collection_key === target.collection_key).map((x) => x.rarity);
      expect(await rarity()).toEqual([null, null]);

      // advance to the snapshot (the tick that ends at it takes it)
      const next = Date.parse(board.next_snapshot_at);
      const clock = await api.call('demoClock');
      const days = Math.ceil((next - Date.parse(clock.now)) / 86_400_000);
      await api.call('demoTick', { body: { days } });
      await page.reload();
      await expect.poll(async () => row.getByTestId('league').getAttribute('data-league'), { timeout: 20_000 }).toBe('gold');
      await w.shot('league-gold');
      expect(await rarity()).toEqual(['common', 'common']);

      // one more day: the staking report pays HEXO for the two NFTs
      const before = await hexoOnDashboard(page);
      const after = await api.call('demoTick', { body: { days: 1 } });
      const day = after.settled!.at(-1)!;
      await page.goto('/account/inbox');
      const note = page.getByTestId('notification').filter({ hasText: 'Staking hub daily report' }).filter({ hasText: day }).first();
      await expect.poll(() => note.count(), { timeout: 20_000 }).toBe(1);
      await note.getByRole('button').click();
      const report = page.getByRole('dialog');
      await expect.poll(() => report.getByTestId('staking-report-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await report.getByText('Staking-Hub reward (NFT)').count()).toBeGreaterThan(0);
      const paid = amount(await report.getByTestId('staking-report-hexo').textContent());
      expect(paid).toBeGreaterThan(0);
      await w.shot('staking-report');
      await page.keyboard.press('Escape');
      const grown = await hexoOnDashboard(page);
      expect(grown - before).toBeCloseTo(paid, 1);
      expect(w.errors).toEqual([]);
    } finally {
      await w.close();
    }
  }, 240_000);

  test('phone: the Staking-Hub pages and the wallets panel, axe 0 serious/critical', async () => {
    const w = await openPage(browser, 'staking-phone', { phone: true });
    const { page } = w;
    try {
      await page.goto('/login');
      await signInWithDemoWallet(w, 'Solana');
      for (const path of ['/staking-hub/cardano', '/staking-hub/solana', '/staking-hub/market', '/staking-hub/activity', '/staking-hub/votes', '/staking-hub/user', '/account/settings']) {
        await page.goto(path);
        await expectPath(page, path);
        await settle(page);
        await w.shot(path);
        expect(await seriousAxeViolations(page), path).toEqual([]);
      }
      const first = page.locator('a[href^="/collection/"]').first();
      await page.goto('/staking-hub/cardano');
      await expect.poll(() => first.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await first.click();
      await expect.poll(() => page.getByText('Votes at each snapshot').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await w.shot('collection');
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(w.errors).toEqual([]);
    } finally {
      await w.close();
    }
  }, 240_000);
});

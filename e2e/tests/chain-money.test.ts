/**
 * Chain money end to end in headless Chromium with the demo wallet on the emulator (docs/game-rules.md §8, "Tests"
 * → e2e): a player deposits 100 HEXO (the demo wallet signs for real in its in-page prompt), sees it
 * pending, advances 15 blocks and sees the balance and the notification; withdraws to the Master
 * Wallet (the sign-in wallet) and sees the payout confirmed; buys an EXO pack at the vendor and sees
 * the EXO credited. Then, on a phone with touch, an EXO deposit from /account/balances, a declined
 * signature, and a token sale purchase.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, launchBrowser, pathOf, seriousAxeViolations, settle, signInWithDemoWallet, toastTexts, withPage } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const api = () => new KingdomClient(baseUrl());

/** `POST /api/demo/chain/blocks {count}`: the emulator produces blocks and the watcher runs. */
async function advanceBlocks(count: number): Promise<void> {
  await api().call('demoBlocks', { body: { count } });
}

/** The amount shown for `token` on the dashboard or /account/balances (`prefix` of the test ids). */
function balanceText(page: Page, token: string, prefix = 'balance-'): Promise<string | null> {
  return page.getByTestId(`${prefix}${token}`).textContent();
}

/** Clicks Sign (or Decline) in the demo wallet's prompt. */
async function answerDemoWallet(page: Page, sign: boolean): Promise<void> {
  const button = page.getByTestId(sign ? 'demo-wallet-sign' : 'demo-wallet-decline');
  await expect.poll(() => button.count(), { timeout: 30_000 }).toBe(1);
  await button.click();
}

describe('chain money with the demo wallet', () => {
  test('deposit 100 HEXO, withdraw to the Master Wallet, buy an EXO pack (desktop)', async () => {
    await withPage(browser, 'chain-money', {}, async (w) => {
      const { page } = w;
      const session = await signInWithDemoWallet(w, 'Cardano');
      const token = session.token;
      await expect.poll(() => balanceText(page, 'hexo'), { timeout: 20_000 }).toBe('0');

      // deposit 100 HEXO from the dashboard
      await page.getByTestId('deposit-hexo').click();
      const dialog = page.getByRole('dialog', { name: 'Deposit HEXO' });
      await expect.poll(() => dialog.getByTestId('wallet-holds').textContent(), { timeout: 30_000 }).toMatch(/Your wallet holds [\d,.]+ ADA, [\d,.]+ EXO and [\d,.]+ HEXO/);
      const info = await api().call('chainInfo');
      expect(await dialog.getByTestId('treasury-address').textContent()).toBe(info.treasury_address);
      await dialog.getByTestId('chain-submit').click();
      expect(await dialog.locator('.field-error[role="alert"]').textContent()).toBe('Enter the HEXO amount you want to deposit');
      await dialog.getByTestId('chain-amount').fill('100');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await w.shot('deposit-amount');
      await dialog.getByTestId('chain-submit').click();
      await expect.poll(() => page.getByTestId('demo-wallet-sign').count(), { timeout: 30_000 }).toBe(1);
      await w.shot('demo-wallet-prompt');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await answerDemoWallet(page, true);
      await expect.poll(() => dialog.getByTestId('deposit-status').textContent(), { timeout: 30_000 }).toMatch(/Submitted, waiting for the next block|Pending \(\d+ of 15 confirmations\)/);
      await w.shot('deposit-submitted');
      await advanceBlocks(1);
      await expect.poll(() => dialog.getByTestId('deposit-status').textContent(), { timeout: 20_000 }).toMatch(/Pending \(\d+ of 15 confirmations\)/);
      await w.shot('deposit-pending');
      const unreadBefore = Number(await page.getByTestId('notification-count').textContent());
      await advanceBlocks(15);
      await expect.poll(() => dialog.getByTestId('deposit-status').textContent(), { timeout: 20_000 }).toBe('Credited');
      await expect.poll(() => toastTexts(page), { timeout: 20_000 }).toContain('100 HEXO credited to your balance');
      await w.shot('deposit-credited');
      await dialog.getByTestId('chain-close').click();
      await expect.poll(() => balanceText(page, 'hexo'), { timeout: 20_000 }).toBe('100');
      await expect.poll(async () => Number(await page.getByTestId('notification-count').textContent()), { timeout: 20_000 }).toBeGreaterThan(unreadBefore);

      // no Master Wallet yet: the server's refusal shows in the modal, which leads to the settings
      await page.getByTestId('withdraw-hexo').click();
      let wd = page.getByRole('dialog', { name: 'Withdrawal HEXO' });
      await expect.poll(() => wd.getByTestId('master-address').textContent(), { timeout: 20_000 }).toBe('No Master Wallet yet: set one in your account settings');
      await wd.getByTestId('chain-amount').fill('40');
      await wd.getByTestId('chain-submit').click();
      await expect.poll(() => wd.getByTestId('chain-failure').textContent(), { timeout: 20_000 }).toBe('You have not yet installed Master Wallet. This can be done in your account settings.');
      await w.shot('withdrawal-no-master');
      await wd.getByTestId('master-address').getByRole('link').click();
      await expect.poll(() => pathOf(page)).toBe('/account/settings');
      const panel = page.getByTestId('wallets-panel');
      await panel.getByRole('button', { name: 'Set as Master' }).click();
      await expect.poll(async () => (await api().call('walletsList', undefined, token)).wallets.find((x) => x.is_master)?.address, { timeout: 20_000 }).toBe(session.walletAddress);

      // withdraw 40 HEXO to the Master Wallet (the sign-in wallet)
      await page.goto('/dashboard/overview');
      await page.getByTestId('withdraw-hexo').click();
      wd = page.getByRole('dialog', { name: 'Withdrawal HEXO' });
      await expect.poll(() => wd.getByTestId('master-address').textContent(), { timeout: 20_000 }).toBe(session.walletAddress);
      await wd.getByTestId('chain-amount').fill('101');
      await wd.getByTestId('chain-submit').click();
      expect(await wd.locator('.field-error[role="alert"]').textContent()).toBe('You do not have such amount on your account balance');
      await wd.getByTestId('chain-amount').fill('40');
      await wd.getByTestId('chain-submit').click();
      await expect.poll(() => wd.getByTestId('withdrawal-status').textContent(), { timeout: 30_000 }).toMatch(/Requested|Submitted/);
      await w.shot('withdrawal-requested');
      await expect.poll(() => balanceText(page, 'hexo'), { timeout: 20_000 }).toBe('60');
      await expect.poll(async () => {
        await advanceBlocks(5);
        return wd.getByTestId('withdrawal-status').textContent();
      }, { timeout: 60_000, interval: 1_000 }).toBe('Confirmed');
      await w.shot('withdrawal-confirmed');
      await wd.getByTestId('chain-close').click();
      const held = await api().call('chainWalletBalance', { params: { address: session.walletAddress } });
      expect(BigInt(held.hexo) % 1_000_000n).toBe(0n);

      // buy an EXO pack at the vendor
      await page.goto('/vendor');
      const pack = page.getByTestId('vendor-item-exo_1k');
      await expect.poll(() => pack.count(), { timeout: 20_000 }).toBe(1);
      await pack.getByTestId('vendor-buy-exo_1k').click();
      const order = page.getByRole('dialog', { name: 'EXO pack 1k' });
      await expect.poll(() => order.getByTestId('order-exo').textContent(), { timeout: 20_000 }).toBe('1,000 EXO');
      expect(await order.getByTestId('order-ada').textContent()).toMatch(/^[\d,.]+ ADA$/);
      await w.shot('exo-pack-order');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await order.getByTestId('order-pay').click();
      await answerDemoWallet(page, true);
      await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 30_000 }).toBe('Submitted, waiting for confirmations');
      await advanceBlocks(16);
      await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 20_000 }).toBe('Paid: EXO credited');
      await w.shot('exo-pack-paid');
      const exo = await api().call('balance', { params: { token: 'exo' } }, token);
      expect(exo.balance).toBe('1000000000');
      // the one refusal asked for above (CANT_GET_MASTER_WALLET, 409) is logged by Chromium
      expect(w.errors.filter((e) => !/status of 409 .*\/api\/chain\/withdrawals/.test(e))).toEqual([]);
    });
  }, 240_000);

  test('phone: a declined signature, an EXO deposit from /account/balances and a token sale purchase', async () => {
    await withPage(browser, 'chain-money-phone', { phone: true }, async (w) => {
      const { page } = w;
      const session = await signInWithDemoWallet(w, 'Cardano');
      await page.goto('/account/balances');
      await page.getByTestId('deposit-exo').tap();
      const dialog = page.getByRole('dialog', { name: 'Deposit EXO' });
      await dialog.getByTestId('chain-amount').fill('5');
      await dialog.getByTestId('chain-submit').tap();
      await answerDemoWallet(page, false);
      await expect.poll(() => dialog.getByTestId('chain-failure').textContent(), { timeout: 20_000 }).toBe('You have canceled the transaction!');
      await w.shot('deposit-declined');
      await dialog.getByTestId('chain-submit').tap();
      await answerDemoWallet(page, true);
      await expect.poll(() => dialog.getByTestId('deposit-status').textContent(), { timeout: 30_000 }).toMatch(/Submitted|Pending/);
      await advanceBlocks(16);
      await expect.poll(() => dialog.getByTestId('deposit-status').textContent(), { timeout: 20_000 }).toBe('Credited');
      await w.shot('deposit-credited');
      await dialog.getByTestId('chain-close').tap();
      await expect.poll(() => balanceText(page, 'exo', 'account-balance-'), { timeout: 20_000 }).toBe('5');
      await expect.poll(() => page.getByTestId('deposits-table').textContent(), { timeout: 20_000 }).toContain('5 EXO');
      await w.shot('balances-history');

      // token sale: buy 2 EXO from the first open round
      await page.goto('/tokensale');
      const rounds = await api().call('saleRounds');
      expect(rounds.rounds.length).toBe(7);
      const open = rounds.rounds.find((r) => r.status === 'open');
      expect(open).toBeDefined();
      const card = page.getByTestId(`round-${open!.id}`);
      await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
      expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toMatch(/^\d+$/);
      await settle(page);
      await w.shot('tokensale');
      await page.getByTestId(`round-amount-${open!.id}`).fill('2');
      await page.getByTestId(`round-buy-${open!.id}`).tap();
      const order = page.getByRole('dialog');
      await expect.poll(() => order.getByTestId('order-exo').textContent(), { timeout: 20_000 }).toBe('2 EXO');
      await order.getByTestId('order-pay').tap();
      await answerDemoWallet(page, true);
      await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 30_000 }).toBe('Submitted, waiting for confirmations');
      await advanceBlocks(16);
      await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 20_000 }).toBe('Paid: EXO credited');
      await w.shot('tokensale-paid');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await order.getByTestId('chain-close').tap();
      await expect.poll(() => page.getByTestId('orders-table').textContent(), { timeout: 20_000 }).toContain('Paid');
      const exo = await api().call('balance', { params: { token: 'exo' } }, session.token);
      expect(exo.balance).toBe('7000000');
      expect(w.errors).toEqual([]);
    });
  }, 240_000);
});

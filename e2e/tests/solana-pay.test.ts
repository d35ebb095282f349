/**
 * Paying EXO in SOL end to end in headless Chromium, on the server's local Solana cluster: a
 * Solana-only demo player (the demo wallet is a Wallet Standard wallet signing for real) buys an EXO
 * pack with a wallet that offers only legacy transactions and `solana:signTransaction` (the app
 * sends the raw transaction) and with one that offers v0 and `solana:signAndSendTransaction`; sees
 * "Transaction sent", then the order paid at finalization and the EXO credited. A declined
 * signature shows the cancel toast; too little SOL shows ERROR_WALLET_NOT_ENOUGH_BALANCE and a wallet
 * on another cluster ERROR_WALLET_WRONG_NETWORK, both before the wallet is asked. The token sale in SOL on a phone. Desktop 1280×900 and phone 390×844.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, launchBrowser, signInWithDemoWallet, toastTexts, withPage } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const api = () => new KingdomClient(baseUrl());
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** The demo wallet's settings (wallets/demo/storage-keys.ts `DEMO_SOLANA_SETTINGS`). */
const SETTINGS = { txVersions: 'kingdom.demo.solana.tx-versions', features: 'kingdom.demo.solana.features' };

/** Lamports `address` holds on the local cluster (its JSON-RPC endpoint, as a wallet reads it). */
async function solBalance(address: string): Promise<bigint> {
  const res = await fetch(new URL('/api/solana/rpc', baseUrl()), {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
  });
  const body = (await res.json()) as { result?: { value: number | string } };
  return BigInt(body.result?.value ?? 0);
}

/** Waits until the demo funding job has given the new wallet its SOL (first sign-in). */
async function waitForSol(address: string): Promise<bigint> {
  await expect.poll(() => solBalance(address), { timeout: 30_000, interval: 500 }).toBeGreaterThan(1_000_000_000n);
  return solBalance(address);
}

async function exoBalance(token: string): Promise<bigint> {
  return BigInt((await api().call('balance', { params: { token: 'exo' } }, token)).balance);
}

/** Makes the demo wallet a legacy-only, sign-only wallet (or, with `null`, the default v0 + signAndSend one). */
async function walletKind(page: Page, kind: 'legacy-sign-only' | 'v0'): Promise<void> {
  await page.evaluate(([s, legacy]) => {
    if (legacy) {
      localStorage.setItem(s.txVersions, 'legacy');
      localStorage.setItem(s.features, 'sign');
    } else {
      localStorage.removeItem(s.txVersions);
      localStorage.removeItem(s.features);
    }
  }, [SETTINGS, kind === 'legacy-sign-only'] as const);
}

/** The demo wallet's prompt: its facts line, then Sign or Decline. */
async function answerDemoWallet(page: Page, sign: boolean): Promise<string> {
  const prompt = page.getByTestId('demo-wallet-sign-facts');
  await expect.poll(() => prompt.count(), { timeout: 30_000 }).toBe(1);
  const facts = (await prompt.textContent()) ?? '';
  await page.getByTestId(sign ? 'demo-wallet-sign' : 'demo-wallet-decline').click();
  return facts;
}

/** Opens the SOL buy of vendor pack `key` and answers the order dialog (Solana Pay link, price). */
async function openPackOrder(page: Page, key: string): Promise<void> {
  await page.goto('/vendor');
  const card = page.getByTestId(`vendor-item-${key}`);
  await expect.poll(() => card.getByTestId(`vendor-pack-sol-${key}`).textContent(), { timeout: 20_000 }).toMatch(/^≈ [\d.,]+ SOL at the current prices$/);
  await card.getByTestId(`vendor-buy-${key}`).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByTestId('order-sol').textContent(), { timeout: 20_000 }).toMatch(/^[\d.,]+ SOL$/);
  expect(await dialog.getByTestId('solana-pay-url').inputValue()).toMatch(/^solana:[1-9A-HJ-NP-Za-km-z]{32,44}\?amount=[\d.]+&reference=[1-9A-HJ-NP-Za-km-z]{32,44}&/);
}

/** Pays the open order dialog and waits for "Transaction sent", then the order paid. Returns the wallet prompt's facts. */
async function payAndWaitPaid(page: Page, shot: (s: string) => Promise<string>, label: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: /EXO/ });
  await dialog.getByTestId('order-pay').click();
  await expect.poll(() => page.getByTestId('demo-wallet-sign-facts').count(), { timeout: 30_000 }).toBe(1);
  await shot(`${label}-wallet-prompt`);
  const facts = await answerDemoWallet(page, true);
  await expect.poll(async () => (await toastTexts(page)).some((t) => t.startsWith('Transaction sent (')), { timeout: 30_000 }).toBe(true);
  await shot(`${label}-sent`);
  await expect.poll(() => page.getByTestId('order-status').textContent(), { timeout: 60_000, interval: 500 }).toBe('Paid: EXO credited');
  await shot(`${label}-paid`);
  await page.getByTestId('chain-close').click();
  return facts;
}

describe('paying EXO in SOL with a Solana wallet', () => {
  test('desktop: a legacy-only wallet and a v0 wallet each buy an EXO pack; sent, paid, EXO credited', async () => {
    await withPage(browser, 'solana-pay-desktop', DESKTOP, async (w) => {
      const { page } = w;
      const session = await signInWithDemoWallet(w, 'Solana');
      const before = await waitForSol(session.walletAddress);
      expect(await exoBalance(session.token)).toBe(0n);

      // a wallet offering only legacy transactions and only solana:signTransaction: the app sends
      await walletKind(page, 'legacy-sign-only');
      await openPackOrder(page, 'exo_1k');
      await w.shot('pack-order');
      const legacy = await payAndWaitPaid(page, w.shot, 'legacy');
      expect(legacy).toMatch(/^Legacy transaction: pays [\d.]+ SOL to [1-9A-HJ-NP-Za-km-z]{32,44}\. Memo: /);
      await expect.poll(() => exoBalance(session.token), { timeout: 20_000 }).toBe(1_000_000_000n);

      // a wallet offering v0 and solana:signAndSendTransaction: the wallet sends
      await walletKind(page, 'v0');
      await openPackOrder(page, 'exo_1k');
      const v0 = await payAndWaitPaid(page, w.shot, 'v0');
      expect(v0).toMatch(/^Version 0 transaction: pays [\d.]+ SOL to /);
      await expect.poll(() => exoBalance(session.token), { timeout: 20_000 }).toBe(2_000_000_000n);

      // the two payments left the wallet (price + fee each)
      expect(await solBalance(session.walletAddress)).toBeLessThan(before);
      // the orders list shows them paid in SOL
      await page.goto('/tokensale');
      await expect.poll(() => page.getByTestId('orders-table').textContent(), { timeout: 20_000 }).toMatch(/SOL.*Paid: EXO credited.*SOL.*Paid: EXO credited/);
      await w.shot('orders');
      expect(w.errors).toEqual([]);
    });
  });

  test('phone: a declined signature shows the cancel toast; another cluster and too little SOL are refused before the wallet is asked; the token sale in SOL', async () => {
    await withPage(browser, 'solana-pay-phone', { phone: true }, async (w) => {
      const { page } = w;
      const session = await signInWithDemoWallet(w, 'Solana');
      await waitForSol(session.walletAddress);

      // decline in the wallet
      await openPackOrder(page, 'exo_1k');
      await w.shot('pack-order');
      await page.getByRole('dialog').getByTestId('order-pay').click();
      await answerDemoWallet(page, false);
      await expect.poll(() => toastTexts(page), { timeout: 20_000 }).toContain('You have canceled the transaction!');
      expect(await page.getByTestId('chain-failure').textContent()).toBe('You have canceled the transaction!');
      await w.shot('declined');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      // a wallet on another cluster (mainnet; the Kingdom's is devnet): refused before the wallet is asked
      await page.evaluate(() => localStorage.setItem('kingdom.demo.solana.chain', 'solana:mainnet'));
      await openPackOrder(page, 'exo_1k');
      await page.getByRole('dialog').getByTestId('order-pay').click();
      await expect.poll(() => toastTexts(page), { timeout: 20_000 }).toContain('Wrong blockchain network!');
      expect(await page.getByTestId('demo-wallet-sign-facts').count()).toBe(0);
      await page.evaluate(() => localStorage.removeItem('kingdom.demo.solana.chain'));
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      // too little SOL: 4,000,000 EXO of a round (within its cap) cost far more than the wallet's 100 SOL
      await page.goto('/tokensale');
      // an open round with room for 4,000,000 EXO (files before this one may have opened a small round)
      const cards = page.locator('li.sale-card').filter({ has: page.locator('form.sale-card__buy') });
      await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      let form = cards.first().locator('form.sale-card__buy');
      for (let i = 0; i < (await cards.count()); i++) {
        const text = (await cards.nth(i).textContent()) ?? '';
        const units = (label: string) => Number((new RegExp(`${label}\\s*([\\d,]+) EXO`).exec(text)?.[1] ?? '0').replace(/,/g, ''));
        if (units('Cap') - units('Sold') >= 4_000_000) {
          form = cards.nth(i).locator('form.sale-card__buy');
          break;
        }
      }
      const amount = form.locator('input');
      const roundId = (await amount.getAttribute('data-testid'))!.replace('round-amount-', '');
      await amount.fill('4000000');
      await expect.poll(() => page.getByTestId(`round-cost-${roundId}`).textContent(), { timeout: 20_000 }).toMatch(/^Cost: [\d.,]+ SOL$/);
      await page.getByTestId(`round-buy-${roundId}`).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByTestId('order-sol').textContent(), { timeout: 20_000 }).toMatch(/SOL$/);
      await dialog.getByTestId('order-pay').click();
      await expect.poll(() => toastTexts(page), { timeout: 20_000 }).toContain('Not enough balance to process transaction!');
      expect(await page.getByTestId('demo-wallet-sign-facts').count()).toBe(0); // the wallet was never asked
      await w.shot('not-enough-sol');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // the token sale in SOL: 100 EXO
      await amount.fill('100');
      await expect.poll(() => page.getByTestId(`round-cost-${roundId}`).textContent(), { timeout: 20_000 }).toMatch(/^Cost: [\d.,]+ SOL$/);
      await w.shot('sale-cost');
      await page.getByTestId(`round-buy-${roundId}`).click();
      await expect.poll(() => page.getByRole('dialog').getByTestId('order-exo').textContent(), { timeout: 20_000 }).toBe('100 EXO');
      await payAndWaitPaid(page, w.shot, 'sale');
      await expect.poll(() => exoBalance(session.token), { timeout: 20_000 }).toBe(100_000_000n);
      expect(w.errors).toEqual([]);
    });
  });

  test('desktop: a Solana hardware wallet signs in by a never-sent memo transaction (the demo wallet acting as one)', async () => {
    await withPage(browser, 'solana-hardware-sign-in', DESKTOP, async (w) => {
      const { page } = w;
      await page.goto('/login');
      await expect.poll(() => page.getByText('Enter the Kingdom').first().isVisible(), { timeout: 20_000 }).toBe(true);
      await page.getByTestId('hardware-wallet').check();
      await page.getByRole('button', { name: 'Demo wallet (Solana)' }).click();
      const facts = await (async () => {
        const prompt = page.getByTestId('demo-wallet-sign-facts');
        await expect.poll(() => prompt.count(), { timeout: 30_000 }).toBe(1);
        await w.shot('ledger-prompt');
        return (await prompt.textContent()) ?? '';
      })();
      expect(facts).toMatch(/^Legacy transaction: moves no SOL \(it is never sent\)\. Memo: “.+”$/s);
      await page.getByTestId('demo-wallet-sign').click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/dashboard/overview');
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kingdom-session') ?? '{}') as { state?: { walletType?: string; isHD?: boolean } });
      expect(stored.state?.walletType).toBe('solana');
      expect(stored.state?.isHD).toBe(true);
      await w.shot('ledger-signed-in');
      expect(w.errors).toEqual([]);
    });
  });
});

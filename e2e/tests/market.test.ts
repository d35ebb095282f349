/**
 * The Market end to end in headless Chromium (docs/game-rules.md §16, issue 38 "Tests" → e2e): a player
 * opens /market from the navigation and lists an Expansion permit tier 1 for EXO (after the confirmation
 * showing the fee the buyer will pay), another player buys it on the same page (the confirmation shows
 * value, fee and escrow), both see the trade and its fee in "My trades", the seller finds the sale in the
 * history under its own word, the seller (still on the page) gets a toast that the order traded, and the balances change by exactly the price (seller) and price + fee
 * (buyer), the permit moving from one to the other. On desktop 1280×900 in English and on a phone
 * 390×844 in Spanish; axe clean.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { marketFee, toBaseUnits, vendorReferencePrice } from '@kingdom/game';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, DESKTOP_EN_PHONE_ES, expectPath, newDemoPlayerIn, launchBrowser, openPage, seriousAxeViolations, settle, toastTexts, withPage } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const GOOD = 'land_upgrade01';
const PRICE = vendorReferencePrice({ good: GOOD, payToken: 'exo' })!; // 4,500 EXO: the band's centre
const FEE = marketFee(PRICE);
const TEXTS = {
  en: { nav: 'Market', fee: '90 EXO', value: '4,500 EXO', escrow: '4,590 EXO', sale: 'Market sale', toast: 'Your market order traded: Sell 1 × Expansion permit tier 1 at 4,500 EXO.' },
  es: { nav: 'Mercado', fee: '90 EXO', value: '4500 EXO', escrow: '4590 EXO', sale: 'Venta en el mercado', toast: 'Tu orden del mercado se negoció: Venta 1 × Permiso de ampliación nivel 1 a 4500 EXO.' },
} as const;

describe('market', () => {
  for (const { phone, lang, label, options } of DESKTOP_EN_PHONE_ES) {
    test(`one player lists a permit for EXO, another buys it; both see the trade and the fee (${label})`, async () => {
      const api = new KingdomClient(baseUrl());
      const T = TEXTS[lang];
      const press = (l: Locator) => (phone ? l.tap() : l.click());
      const exo = async (token: string) => BigInt((await api.call('balance', { params: { token: 'exo' } }, token)).balance);
      const permits = async (token: string) => (await api.call('inventoryItems', undefined, token)).items.find((i) => i.key === GOOD)?.amount ?? 0;
      await withPage(browser, `market-${phone ? 'phone' : 'desktop'}-seller`, options, async (w) => {
        const { page } = w;
        const seller = await newDemoPlayerIn(w, lang);
        await api.faucet(seller.walletAddress, { lands: 1, items: { [GOOD]: 1 } });
        // a seller's account must be 7 days old (docs/game-rules.md §16.5)
        await api.call('demoTick', { body: { days: 7 } });
        const sellerExo = await exo(seller.token);

        // the navigation's Market entry, then the permit's EXO book
        if (phone) await page.locator('button[aria-controls="site-nav"]').tap();
        await press(page.getByRole('navigation').getByRole('link', { name: T.nav }));
        await expectPath(page, '/market');
        const row = page.getByTestId(`market-book-${GOOD}-exo`);
        await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
        await press(row.getByRole('button'));
        const form = page.getByTestId('market-place');
        await expect.poll(() => form.count(), { timeout: 20_000 }).toBe(1);
        expect(await form.getByTestId('market-price').inputValue()).toBe('4500');
        await press(form.getByTestId('market-side-sell'));
        await press(form.getByTestId('market-review'));
        const dialog = page.getByRole('dialog');
        await expect.poll(() => dialog.getByTestId('market-confirm-fee').textContent(), { timeout: 20_000 }).toBe(T.fee);
        await w.shot('sell-confirm');
        await press(dialog.getByTestId('market-confirm'));
        const mine = page.getByTestId('market-orders').locator('tbody tr').first();
        await expect.poll(() => mine.getAttribute('data-status'), { timeout: 20_000 }).toBe('open');
        expect(await permits(seller.token)).toBe(0); // in escrow
        await expect.poll(() => page.getByTestId('market-asks').textContent(), { timeout: 20_000 }).toContain(T.value);
        await settle(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await w.shot('listed');

        // another player buys it
        const b = await openPage(browser, `market-${phone ? 'phone' : 'desktop'}-buyer`, options);
        try {
          const buyer = await newDemoPlayerIn(b, lang);
          await api.faucet(buyer.walletAddress, { exo: '10000' });
          const buyerExo = await exo(buyer.token);
          await b.page.goto(`/market?good=${GOOD}&token=exo`);
          const bform = b.page.getByTestId('market-place');
          await expect.poll(() => bform.count(), { timeout: 20_000 }).toBe(1);
          await press(bform.getByTestId('market-review'));
          const bdialog = b.page.getByRole('dialog');
          await expect.poll(() => bdialog.getByTestId('market-confirm-escrow').textContent(), { timeout: 20_000 }).toBe(T.escrow);
          expect(await bdialog.getByTestId('market-confirm-value').textContent()).toBe(T.value);
          expect(await bdialog.getByTestId('market-confirm-fee').textContent()).toBe(T.fee);
          await b.shot('buy-confirm');
          await press(bdialog.getByTestId('market-confirm'));
          const btrade = b.page.getByTestId('market-trades').locator('tbody tr').first();
          await expect.poll(() => btrade.count(), { timeout: 20_000 }).toBe(1);
          expect(await btrade.getByTestId('market-trade-fee').textContent()).toBe(T.fee);
          expect(await btrade.getByTestId('market-trade-total').textContent()).toBe(`−${T.escrow}`);
          await expect.poll(() => b.page.getByTestId('market-orders').locator('tbody tr').first().getAttribute('data-status'), { timeout: 20_000 }).toBe('filled');
          await settle(b.page);
          expect(await seriousAxeViolations(b.page)).toEqual([]);
          await b.shot('bought');
          expect(await exo(buyer.token)).toBe(buyerExo - PRICE - FEE);
          expect(await permits(buyer.token)).toBe(1);
          expect(b.errors).toEqual([]);
        } finally {
          await b.close();
        }

        // the seller, still on the page: a toast says the order traded (the orders are re-read every 15 s)
        await expect.poll(async () => (await toastTexts(page)).join(' '), { timeout: 25_000, interval: 500 }).toContain(T.toast);
        await w.shot('fill-toast');
        // the sale and its proceeds (the buyer paid the fee)
        await page.reload();
        const strade = page.getByTestId('market-trades').locator('tbody tr').first();
        await expect.poll(() => strade.count(), { timeout: 20_000 }).toBe(1);
        expect(await strade.getByTestId('market-trade-fee').textContent()).toBe(T.fee);
        expect(await strade.getByTestId('market-trade-total').textContent()).toBe(`+${T.value}`);
        expect(await mine.getAttribute('data-status')).toBe('filled');
        // the book's daily price chart now has the day's candle
        await expect.poll(() => page.getByTestId('market-chart').locator('.recharts-bar-rectangle').count(), { timeout: 20_000 }).toBeGreaterThan(0);
        await w.shot('sold');
        expect(await exo(seller.token)).toBe(sellerExo + PRICE);
        expect(PRICE + FEE).toBe(toBaseUnits(4590n, 'exo'));
        await page.goto('/account/balances');
        await page.getByTestId('history-token').selectOption('exo');
        await expect.poll(() => page.getByTestId('history-table').textContent(), { timeout: 20_000 }).toContain(T.sale);
        await w.shot('history');
        await settle(page);
        expect(w.errors).toEqual([]);
      });
    }, 120_000);
  }
});

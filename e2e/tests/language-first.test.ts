/**
 * The language before sign-in and Spanish everywhere (issue 39 items 4–6), desktop 1366×768 and a phone
 * 390×844: a browser asking for Spanish gets the login page in Spanish; the header's switch turns it
 * English and the choice wins over the browser after a reload; back in Spanish, a demo player's items
 * (inventory) and the chest's loot chances read Spanish names and Spanish number formats. No console
 * error, no page-wide horizontal scroll.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { es } from '../../apps/web/src/i18n/es.ts';
import { en } from '../../apps/web/src/i18n/en.ts';
import { expectPath, launchBrowser, settle, withPage } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWS = [
  { label: 'desktop', options: { viewport: { width: 1366, height: 768 }, locale: 'es-ES' } },
  { label: 'phone', options: { phone: true, locale: 'es-AR' } },
] as const;

describe('the language before sign-in', () => {
  for (const v of VIEWS) {
    test(`a Spanish browser gets Spanish, the switch wins, Spanish names and numbers after sign-in (${v.label})`, async () => {
      await withPage(browser, `language-first-${v.label}`, v.options, async (w) => {
        const { page } = w;
        const h1 = page.getByRole('heading', { level: 1 });
        const noOverflow = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

        await page.goto('/login');
        await expect.poll(() => h1.textContent(), { timeout: 20_000 }).toBe(es.login.title);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
        const select = page.getByRole('combobox', { name: es.nav.language });
        expect(await select.inputValue()).toBe('es');
        await noOverflow();
        await w.shot('login-es-from-browser');

        // the player's choice wins over the browser's language, also after a reload
        await select.selectOption('en');
        await expect.poll(() => h1.textContent()).toBe(en.login.title);
        await page.reload();
        await expect.poll(() => h1.textContent(), { timeout: 20_000 }).toBe(en.login.title);
        await w.shot('login-en-chosen');
        await page.getByRole('combobox', { name: en.nav.language }).selectOption('es');
        await expect.poll(() => h1.textContent()).toBe(es.login.title);

        // the choice holds after sign-in
        await page.getByRole('button', { name: es.login.demoCardano }).click();
        await expectPath(page, '/dashboard/overview', 30_000);
        expect(await page.evaluate(() => localStorage.getItem('kingdom.language'))).toBe('es');

        // a starter set (demo assets) then the items in Spanish: the name table, not the server's English
        await page.getByRole('button', { name: 'Conseguir activos demo' }).first().click();
        await expect.poll(() => page.getByTestId('first-steps').isVisible(), { timeout: 60_000 }).toBe(true);
        await page.goto('/dashboard/inventory/items');
        const items = page.getByTestId('item-card');
        await expect.poll(() => items.count(), { timeout: 20_000 }).toBeGreaterThan(0);
        const names = (await page.locator('[data-testid="item-card"] .land-card__name').allTextContents()).join(' | ');
        expect(names).not.toMatch(/Toolkit tier|Expansion permit|Gold Mine Scheme/);
        expect(names).toMatch(/Kit de herramientas nivel|Permiso de ampliación nivel/);
        await noOverflow();
        await w.shot('inventory-es');

        // the chest's loot table: Spanish names and percentages (5,00 %), never English ones
        await page.goto('/chest/verify');
        await settle(page);
        const table = page.locator('table.table--stack').first();
        await expect.poll(() => table.count(), { timeout: 20_000 }).toBe(1);
        const text = (await table.textContent()) ?? '';
        expect(text).not.toMatch(/\d\.\d\d%/);
        expect(text).toMatch(/\d,\d\d\s%/);
        expect(text).not.toMatch(/Toolkit tier|Expansion permit/);
        await noOverflow();
        await w.shot('chest-es');
        expect(w.errors).toEqual([]);
      });
    }, 120_000);
  }
});

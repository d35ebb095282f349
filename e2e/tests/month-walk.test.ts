/**
 * A player's month, walked (issue 39 items 1, 2, 3, 7) on a desktop 1366×768 and a phone 390×844 with
 * touch, in English and Spanish, a Cardano and a Solana-only player: the nav entries lead where their
 * names say, the tier-3 permit bought this week says so and cannot be bought again, the mint dialog
 * says which wallet pays before reserving (a Solana player cannot reserve), a Solana player's pack
 * card says SOL, the phone Valley says "tap" and brings the panel of a tapped land into view, logout
 * has its own toast; and (item 8) the pages a player reads in a month show no raw key, no English word in
 * Spanish, no sideways scroll and no amount past the one precision. Every page is screenshotted
 * (e2e/screenshots) and no console error (a failed request logs one) is allowed.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decodeValleyMap, OWNER_NOT_MINTED, valleyMapLand, type ValleyMapPayload } from '@kingdom/game';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, expectPath, launchBrowser, PHONE, settle, signInWithDemoWallet, toastTexts, withPage } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const api = () => new KingdomClient(baseUrl());
type Lang = 'en' | 'es';
const T = {
  en: { lands: 'Lands', collectibles: 'Collectibles', rewards: 'Rewards', menu: 'Menu', weeklyDone: 'Bought this week — next on Monday', buy: 'Buy', confirm: 'Confirm',
    paysWith: 'Paid in ADA from the Cardano wallet you signed in with', needsCardano: 'The mint is paid in ADA on Cardano', solPack: 'paid in SOL on Solana', tap: 'tap a land', logout: 'Logout', loggedOut: 'Logged out: see you soon' },
  es: { lands: 'Tierras', collectibles: 'Coleccionables', rewards: 'Recompensas', menu: 'Menú', weeklyDone: 'Comprado esta semana — el próximo, el lunes', buy: 'Comprar', confirm: 'Confirmar',
    paysWith: 'Se paga en ADA con la billetera de Cardano', needsCardano: 'El acuñado se paga en ADA en Cardano', solPack: 'pagados en SOL en Solana', tap: 'toca una tierra', logout: 'Cerrar sesión', loggedOut: 'Sesión cerrada: hasta pronto' },
} as const;

const WALKS = [
  { label: 'desktop 1366×768, en', lang: 'en', options: { viewport: { width: 1366, height: 768 } } },
  { label: 'desktop 1366×768, es', lang: 'es', options: { viewport: { width: 1366, height: 768 } } },
  { label: 'phone 390×844, en', lang: 'en', options: { phone: true } },
  { label: 'phone 390×844, es', lang: 'es', options: { phone: true } },
] as const;

async function setLanguage(page: Page, lang: Lang): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('kingdom.language', l), lang);
  await page.reload();
  await settle(page);
}

/** The main navigation's link named `name` (the phone opens its menu first). */
async function navLink(page: Page, name: string) {
  const nav = page.locator('#site-nav');
  if (!(await nav.isVisible())) {
    const toggle = page.locator('[aria-controls="site-nav"]').first();
    if (await toggle.count()) await toggle.click();
  }
  return nav.getByRole('link', { name, exact: false }).first();
}

async function noPageOverflow(page: Page): Promise<void> {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over).toBeLessThanOrEqual(1);
}

/**
 * Words of the UI and the item names in English that a Spanish page never shows (docs/glossary.md):
 * one found on a Spanish page is a string that skipped i18n or the one name table.
 */
const ENGLISH_ONLY = ['Land #', 'Toolkit tier', 'Expansion permit', 'Inventory', 'Settings', 'Workers', 'Gold mine', 'Fren mine', 'Deposit', 'Withdraw', 'Upgrade', 'Vendor', 'Loading', 'Logout', 'You bought', 'Not enough'];
/** An i18n key shown raw ("inbox.title.x", "console.payments.title"). */
const RAW_KEY = /\b(?:app|nav|login|inbox|console|vendor|mines|quests|chest|account|maintenance|toasts|valley|mint|errors|dashboard|staking|land|inventory|wallet|connect|world|tokensale)\.[a-zA-Z_]+(?:\.[a-zA-Z0-9_]+)*\b/;

/**
 * The page tells the truth the same way (issue 39 item 8): no raw key, no English word on a Spanish
 * page, no sideways scroll, and every token amount at the one precision of docs/product.md §9 (at most
 * two decimals; the exact value lives in a title).
 */
async function pageTells(page: Page, lang: Lang, where: string): Promise<void> {
  await noPageOverflow(page);
  const text = await page.evaluate(() => document.body.innerText);
  expect(text.match(RAW_KEY)?.[0], `raw key on ${where}`).toBeUndefined();
  // whole words: "Depositar" is Spanish, "Deposit" is not
  if (lang === 'es') for (const word of ENGLISH_ONLY) expect(text.match(new RegExp(`\\b${word}\\b`))?.[0], `English on the Spanish ${where}`).toBeUndefined();
  // a decimal separator followed by 3+ digits, then a token's symbol on the same line: more than the
  // one precision (a price, "0.01873" above its token's name, is not an amount)
  const decimal = lang === 'es' ? ',' : '\\.';
  const tooPrecise = new RegExp(`\\d${decimal}\\d{3,}[ \\u00a0]?(?:EXO|HEXO|FOOD|RUNE)\\b`);
  expect(text.match(tooPrecise)?.[0], `an amount past two decimals on ${where}`).toBeUndefined();
}

/** The pages of a month a player reads most, each checked by {@link pageTells}. */
const MONTH_PAGES = ['/dashboard/overview', '/dashboard/inventory/items', '/dashboard/inventory/lands', '/goldmine/workers', '/account/inbox', '/account/balances', '/account/chest', '/quests', '/goldmine/performance', '/vendor'] as const;

describe("a player's month (issue 39)", () => {
  for (const walk of WALKS) {
    test(`Cardano player: nav, permit limit, mint's payer, logout (${walk.label})`, async () => {
      await withPage(browser, `month-cardano-${walk.lang}-${'phone' in walk.options ? 'phone' : 'desktop'}`, walk.options, async (w) => {
        const { page } = w;
        const t = T[walk.lang];
        const session = await signInWithDemoWallet(w, 'Cardano');
        await api().faucet(session.walletAddress, { lands: 1, exo: '100000' });
        if (walk.lang !== 'en') await setLanguage(page, walk.lang);

        // item 2: "Lands" leads to the own lands, "Collectibles" elsewhere, "Rewards" to the staking rewards
        const lands = await navLink(page, t.lands);
        expect(await lands.getAttribute('href')).toBe('/dashboard/inventory/lands');
        expect(await (await navLink(page, t.collectibles)).getAttribute('href')).toBe('/collectibles');
        expect(await (await navLink(page, t.rewards)).getAttribute('href')).toBe('/account/balances?token=hexo&reason=staking');
        await (await navLink(page, t.lands)).click();
        await expectPath(page, '/dashboard/inventory/lands');
        await expect.poll(async () => page.locator('#site-nav [aria-current="page"]').first().textContent(), { timeout: 15_000 }).toContain(t.lands);
        await w.shot('own-lands');

        // item 3: the tier-3 permit, bought once this week, says so and cannot be bought again
        await page.goto('/vendor');
        const card = page.getByTestId('vendor-item-permit_3');
        await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
        await card.getByRole('button', { name: t.buy }).click();
        await page.getByTestId('vendor-confirm').click();
        await expect.poll(() => card.getByTestId('weekly-done-permit_3').count(), { timeout: 20_000 }).toBe(1);
        expect(await card.getByTestId('weekly-done-permit_3').textContent()).toBe(t.weeklyDone);
        expect(await card.getByRole('button', { name: t.buy }).isDisabled()).toBe(true);
        await card.scrollIntoViewIfNeeded();
        await w.shot('permit-bought');
        await noPageOverflow(page);

        // item 1: the mint dialog says who pays before reserving
        const free = decodeValleyMap((await api().call('valleyMap')) as ValleyMapPayload);
        let target = '';
        for (let i = 0; i < free.count && !target; i++) if (free.owner[i] === OWNER_NOT_MINTED) target = valleyMapLand(free, i).hexName;
        await page.goto(`/valley?land=${target}&zoom=18`);
        await page.getByTestId('valley-panel').getByTestId('mint-open').click();
        const dialog = page.getByRole('dialog');
        await expect.poll(() => dialog.getByTestId('mint-pays-with').textContent(), { timeout: 20_000 }).toContain(t.paysWith);
        await expect.poll(() => dialog.getByTestId('mint-reserve').isDisabled(), { timeout: 20_000 }).toBe(false);
        await w.shot('mint-pays-with');
        await page.keyboard.press('Escape');

        // item 8: every page of the month tells the truth the same way (after the purchase: an inbox line, a balance moved)
        for (const path of MONTH_PAGES) {
          await page.goto(path);
          await settle(page);
          await pageTells(page, walk.lang, path);
        }

        // item 7: logout has its own words
        await page.goto('/dashboard/overview');
        const logout = page.getByRole('button', { name: t.logout });
        if (!(await logout.isVisible())) await page.locator('[aria-controls="account-panel"]').first().click().catch(() => undefined);
        await logout.first().click();
        await expect.poll(async () => (await toastTexts(page)).join(' | '), { timeout: 10_000 }).toContain(t.loggedOut);
        expect(w.errors).toEqual([]);
      });
    });

    test(`Solana-only player: cannot reserve a mint it cannot pay, its pack card says SOL; the Valley on touch (${walk.label})`, async () => {
      await withPage(browser, `month-solana-${walk.lang}-${'phone' in walk.options ? 'phone' : 'desktop'}`, walk.options, async (w) => {
        const { page } = w;
        const t = T[walk.lang];
        await signInWithDemoWallet(w, 'Solana');
        if (walk.lang !== 'en') await setLanguage(page, walk.lang);
        await page.goto('/vendor');
        const pack = page.getByTestId('vendor-item-exo_1k');
        await expect.poll(() => pack.textContent(), { timeout: 20_000 }).toContain(t.solPack);
        expect(await pack.textContent()).not.toMatch(/ADA/);
        await pack.scrollIntoViewIfNeeded();
        await w.shot('pack-sol');
        await pageTells(page, walk.lang, '/vendor (Solana)');

        await page.goto('/valley');
        await expect.poll(() => page.locator('.page-header__lead').first().textContent(), { timeout: 20_000 }).toContain('phone' in walk.options ? t.tap : '');
        // tap (or click) the middle of the map: its panel is brought into view
        const map = page.getByRole('application');
        await expect.poll(() => map.count(), { timeout: 20_000 }).toBe(1);
        const box = (await map.boundingBox())!;
        if ('phone' in walk.options) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        else await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        const name = page.getByTestId('valley-panel-name');
        await expect.poll(() => name.count(), { timeout: 20_000 }).toBe(1);
        if ('phone' in walk.options) {
          await expect.poll(async () => (await page.getByTestId('valley-panel').boundingBox())!.y, { timeout: 10_000 }).toBeLessThan(PHONE.height - 100);
        }
        await w.shot('valley-land-tapped');
        const mint = page.getByTestId('valley-panel').getByTestId('mint-open');
        if (await mint.count()) {
          await mint.click();
          const dialog = page.getByRole('dialog');
          await expect.poll(() => dialog.getByTestId('mint-pays-with').textContent(), { timeout: 20_000 }).toContain(t.needsCardano);
          await expect.poll(() => dialog.getByTestId('mint-reserve').isDisabled(), { timeout: 20_000 }).toBe(true);
          await w.shot('mint-solana-told');
        }
        expect(w.errors).toEqual([]);
      });
    });
  }
});

/**
 * A player's and a newcomer's first ten minutes (docs/product.md §10), in headless Chromium: on a 390×844 phone
 * with touch every nav link is reachable and tappable with the menu open, toasts never cover the
 * header's controls, at most 3 show and none twice, the demo starter set gets a new player going;
 * axe finds no serious or critical violation on any route, signed in or out; an expired session
 * shows exactly one toast and lands on the landing page; a fren report says HEXO when HEXO paid.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import {
  baseUrl, expectPath, launchBrowser, pathOf, seriousAxeViolations, settle, signInWithDemoWallet, withPage,
  toastTexts, type AxeViolation, type WatchedPage,
} from '../helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Runs `body` on a fresh page; a failure leaves a screenshot. */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Boxes of the header's controls (buttons and links) that are on screen. */
async function headerControls(page: Page): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const el of await page.locator('header.topbar').locator('a, button').all()) {
    if (!(await el.isVisible())) continue;
    const b = await el.boundingBox();
    if (b) boxes.push(b);
  }
  return boxes;
}

/** Fails when a toast on screen covers one of the header's controls. */
async function expectToastsClearOfHeader(page: Page): Promise<void> {
  const controls = await headerControls(page);
  expect(controls.length).toBeGreaterThan(0);
  for (const toast of await page.locator('.Toastify__toast').all()) {
    const b = await toast.boundingBox();
    if (!b) continue;
    for (const c of controls) expect(overlaps(b, c), `toast ${JSON.stringify(b)} covers a header control ${JSON.stringify(c)}`).toBe(false);
  }
}

/** True when the centre of `el` is inside the viewport and no other element covers it there. */
async function tappable(el: Locator): Promise<boolean> {
  return await el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === node || node.contains(top));
  });
}

describe('a new player on a phone', () => {
  test('signs in, gets demo assets, reaches every nav link; toasts stay clear of the header, ≤ 3, no duplicates', async () => {
    await withPage(browser, 'phone', { phone: true }, async (w) => {
      const { page } = w;
      await page.goto('/login');
      await signInWithDemoWallet(w, 'Cardano');
      // the sign-in toast must not sit over the menu button (or any header control)
      await expect.poll(() => page.locator('.Toastify__toast').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await expectToastsClearOfHeader(page);
      const header = await page.locator('header.topbar').boundingBox();
      expect(header?.height ?? 999, 'the header is one row on a phone').toBeLessThanOrEqual(64);
      await w.shot('signed-in');

      // a fresh wallet is not a dead end: the starter set, then what to try first
      await page.getByRole('button', { name: 'Get demo assets' }).tap();
      await expect.poll(() => page.getByTestId('first-steps').isVisible(), { timeout: 60_000 }).toBe(true);
      await expect.poll(() => page.getByTestId('balance-hexo').textContent(), { timeout: 20_000 }).toContain('600');
      await expect.poll(() => page.getByTestId('total-lands').textContent(), { timeout: 20_000 }).toBe('3');
      await w.shot('demo-assets');

      // every link of the drawer: reachable, ≥ 44 px, not covered, and a tap goes there
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      await menu.tap();
      const nav = page.locator('#site-nav');
      const links = await nav.locator('a.side-nav__link[href^="/"]').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href') ?? '', label: a.textContent?.trim() ?? '' })));
      expect(links.length).toBeGreaterThanOrEqual(12);
      await w.shot('menu-open');
      const problems: string[] = [];
      for (const [i, { href, label }] of links.entries()) {
        if (i > 0) await menu.tap();
        // the drawer slides in (0.2 s)
        await expect.poll(() => nav.evaluate((n) => n.getBoundingClientRect().left), { timeout: 5_000 }).toBeGreaterThanOrEqual(0);
        const link = nav.locator(`a.side-nav__link[href="${href}"]`);
        await link.scrollIntoViewIfNeeded();
        const box = await link.boundingBox();
        if (!box || box.height < 44) problems.push(`${label}: ${box?.height ?? 0} px tall`);
        if (!(await tappable(link))) problems.push(`${label}: covered or off screen`);
        await link.tap();
        // `/lands` is docs/product.md §2's redirect to the collection
        // "Rewards" carries a query (the staking rewards of the history): the page is its path
        const target = href === '/lands' ? '/collectibles/lands' : href.split('?')[0]!;
        await page.waitForURL((url) => url.pathname.startsWith(target), { timeout: 10_000 }).catch(() => undefined);
        if (!pathOf(page).startsWith(target)) problems.push(`${label}: tap went to ${pathOf(page)}, not ${target}`);
        const closed = await expect
          .poll(() => nav.evaluate((n) => getComputedStyle(n).visibility === 'hidden'), { timeout: 3_000 })
          .toBe(true)
          .then(() => true, () => false);
        if (!closed) problems.push(`${label}: menu still open after the tap`);
      }
      expect(problems).toEqual([]);

      // footer links are tap targets too
      for (const a of await page.locator('footer a').all()) {
        const b = await a.boundingBox();
        expect(b?.height ?? 0).toBeGreaterThanOrEqual(44);
      }

      // quick actions: several toasts asked for, at most 3 on screen, never the same one twice
      await page.goto('/dashboard/overview');
      const account = page.getByRole('button', { name: 'Account menu' });
      await account.tap();
      const advance = page.getByRole('button', { name: 'Advance one day' });
      let most = 0;
      for (let i = 0; i < 5; i++) {
        await expect.poll(() => advance.isEnabled(), { timeout: 20_000 }).toBe(true);
        await advance.tap();
        await page.waitForTimeout(150);
        const texts = await toastTexts(page);
        most = Math.max(most, texts.length);
        expect(new Set(texts).size, `duplicate toasts: ${texts.join(' | ')}`).toBe(texts.length);
        expect(texts.length).toBeLessThanOrEqual(3);
      }
      await expect.poll(() => advance.isEnabled(), { timeout: 20_000 }).toBe(true);
      for (let i = 0; i < 10; i++) {
        const texts = await toastTexts(page);
        most = Math.max(most, texts.length);
        expect(texts.length).toBeLessThanOrEqual(3);
        expect(new Set(texts).size).toBe(texts.length);
        await page.waitForTimeout(200);
      }
      expect(most).toBeGreaterThanOrEqual(2);
      await page.keyboard.press('Escape');
      await expectToastsClearOfHeader(page);
      await w.shot('toasts');

      // worker names are shown whole (no clipped "GoldenK…")
      await page.goto('/goldmine/workers');
      const card = page.getByTestId('mine-card').first();
      await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
      await card.getByTestId('slot-1').getByRole('button', { name: 'Set worker' }).tap();
      const dialog = page.getByRole('dialog');
      const pick = dialog.locator('.worker-option__pick').first();
      const name = (await pick.textContent())?.trim() ?? '';
      await pick.tap();
      await expect.poll(() => card.getByTestId('slot-1').textContent(), { timeout: 20_000 }).toContain(name);
      const clipped = await card.locator('.slot__worker').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length);
      expect(clipped).toBe(0);
      await w.shot('worker-name');
      expect(w.errors).toEqual([]);
    });
  });
});

/** Routes of docs/product.md §2 a visitor and a player open (`HEX`: one of the player's lands). */
const ROUTES = [
  '/login', '/welcome', '/connect/cardano', '/tokensale', '/collectibles/lands', '/collectibles/mtools', '/goldmine/workers',
  '/goldmine/performance', '/frenmine/workers', '/frenmine/performance', '/vendor', '/valley', '/staking-hub/activity',
  '/staking-hub/solana', '/staking-hub/cardano', '/staking-hub/market', '/staking-hub/user', '/staking-hub/votes',
  '/collection/some-project', '/land', '/land/HEX',
] as const;
const SIGNED_IN_ROUTES = [
  ...ROUTES.filter((r) => r !== '/login' && r !== '/connect/cardano'),
  '/dashboard/overview', '/dashboard/inventory/lands', '/dashboard/inventory/mtools', '/dashboard/inventory/items',
  '/account/inbox', '/account/settings', '/account/balances',
];

/** Opens each route and collects axe's serious and critical violations. */
async function axeEveryRoute(w: WatchedPage, routes: readonly string[], hex: string): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    const path = route.replace('HEX', encodeURIComponent(hex));
    await w.page.goto(path);
    await settle(w.page, 4_000);
    const violations: AxeViolation[] = await seriousAxeViolations(w.page);
    for (const v of violations) found.push(`${path}: ${v.id} (${v.impact}) ${v.help} ${v.nodes.join(' ')}`);
  }
  return found;
}

describe('accessibility', () => {
  test('axe: no serious or critical violation on any route, signed out and signed in, desktop and phone', async () => {
    const hex = (await new KingdomClient(baseUrl()).call('lands', { query: { page: 1 } })).lands[0]?.hex_name ?? 'X';
    for (const phone of [false, true]) {
      await withPage(browser, `axe-${phone ? 'phone' : 'desktop'}`, { phone }, async (w) => {
        const out = await axeEveryRoute(w, ROUTES, hex);
        await w.page.goto('/login');
        await signInWithDemoWallet(w, 'Solana');
        out.push(...(await axeEveryRoute(w, SIGNED_IN_ROUTES, hex)));
        // the open drawer and account menu on a phone, a modal dialog anywhere
        if (phone) {
          await w.page.goto('/dashboard/overview');
          await w.page.getByRole('button', { name: 'Menu', exact: true }).tap();
          out.push(...(await seriousAxeViolations(w.page)).map((v) => `menu open: ${v.id} ${v.nodes.join(' ')}`));
          await w.page.getByRole('button', { name: 'Account menu' }).tap();
          out.push(...(await seriousAxeViolations(w.page)).map((v) => `account menu open: ${v.id} ${v.nodes.join(' ')}`));
        }
        expect(out).toEqual([]);
      });
    }
  });

  test('the Set-worker dialog traps focus and gives it back to its opener', async () => {
    await withPage(browser, 'dialog-focus', {}, async (w) => {
      const { page } = w;
      await page.goto('/login');
      const session = await signInWithDemoWallet(w, 'Cardano');
      await new KingdomClient(baseUrl()).faucet(session.walletAddress, { lands: 1, workers: 1 });
      await page.goto('/goldmine/workers');
      const opener = page.getByTestId('mine-card').first().getByTestId('slot-1').getByRole('button', { name: 'Set worker' });
      await expect.poll(() => opener.count(), { timeout: 20_000 }).toBe(1);
      await opener.click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      // the rest of the page is inert: Tab cycles through the dialog (and the browser's own UI,
      // where the document has no focused element), never to a control of the page behind it
      let insideCount = 0;
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        const where = await page.evaluate(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return 'browser';
          return el.closest('dialog') ? 'dialog' : `page: ${el.outerHTML.slice(0, 80)}`;
        });
        expect(where === 'dialog' || where === 'browser', `Tab ${i + 1} reached ${where}`).toBe(true);
        if (where === 'dialog') insideCount += 1;
      }
      expect(insideCount).toBeGreaterThan(6);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(w.errors).toEqual([]);
    });
  });
});

describe('session expiry', () => {
  test('an expired session shows exactly one toast and lands on the landing page, also from /login without a bounce', async () => {
    await withPage(browser, 'expiry', {}, async (w) => {
      const { page } = w;
      const api = new KingdomClient(baseUrl());
      for (const start of ['/dashboard/overview', '/login']) {
        await page.goto('/login');
        const session = await signInWithDemoWallet(w, 'Cardano');
        await page.waitForTimeout(5_500); // the sign-in toast is gone
        // the server forgets the token (as after its lifetime)
        await api.call('authLogout', undefined, session.token);
        const visited: string[] = [];
        const onNav = () => visited.push(pathOf(page));
        page.on('framenavigated', onNav);
        await page.goto(start);
        await expectPath(page, '/welcome');
        const seen = new Set<string>();
        for (let i = 0; i < 15; i++) {
          for (const text of await toastTexts(page)) seen.add(text);
          await page.waitForTimeout(100);
        }
        page.off('framenavigated', onNav);
        expect([...seen]).toEqual(['Your session has expired!']);
        expect(await page.locator('.Toastify__toast').count()).toBe(1);
        expect(visited.filter((p) => p === '/dashboard/overview' && start === '/login')).toEqual([]);
        await w.shot(`expired-from-${start}`);
      }
      // Chromium logs each refused call (401) itself; nothing else may go wrong
      expect(w.errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
    });
  });
});

describe('fren salaries', () => {
  test('the fren daily report says HEXO when HEXO paid (no FOOD)', async () => {
    await withPage(browser, 'fren-hexo', {}, async (w) => {
      const { page } = w;
      await page.goto('/login');
      const session = await signInWithDemoWallet(w, 'Cardano');
      const api = new KingdomClient(baseUrl());
      await api.faucet(session.walletAddress, { lands: 1, workers: 1, rarity: 'common', hexo: '200', food: '0' });
      await page.goto('/frenmine/workers');
      const card = page.getByTestId('mine-card').first();
      await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
      await card.getByTestId('slot-1').getByRole('button', { name: 'Set worker' }).click();
      await page.getByRole('dialog').locator('.worker-option__pick').first().click();
      await expect.poll(() => card.getByTestId('slot-1').getAttribute('data-state'), { timeout: 20_000 }).toBe('filled');
      for (let day = 0; day < 2; day++) {
        const before = await page.getByText(/Days? .* settled|no day was due/).count();
        await page.getByRole('button', { name: 'Advance one day' }).click();
        await expect.poll(() => page.getByText(/Days? .* settled|no day was due/).count(), { timeout: 20_000 }).toBeGreaterThan(before);
      }
      await page.goto('/account/inbox');
      const report = page.getByTestId('notification').filter({ hasText: 'Fren mine daily report' }).first();
      await expect.poll(() => report.count(), { timeout: 20_000 }).toBe(1);
      const text = (await report.textContent()) ?? '';
      expect(text).toMatch(/\d[\d,.]* HEXO paid/);
      expect(text).not.toMatch(/FOOD/);
      await report.click();
      const modal = page.getByRole('dialog');
      await expect.poll(() => modal.getByTestId('report-salary').count(), { timeout: 20_000 }).toBe(1);
      // the report's rows say which token paid once the server splits them (hexo_paid/food_paid)
      const day = /(\d{4}-\d{2}-\d{2})/.exec(text)?.[1] ?? '';
      const answer = await api.call('mineReport', { params: { mine: 'frenmine', day } }, session.token);
      if (answer.totals.hexo_paid !== undefined) expect(await modal.getByTestId('report-salary').textContent()).toMatch(/HEXO/);
      await w.shot('fren-report');
      expect(w.errors).toEqual([]);
    });
  });
});

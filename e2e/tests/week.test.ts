/**
 * A player's week (docs/product.md §10), in headless Chromium on a desktop (1366×768) and a phone (390×844,
 * touch): sign in with the demo wallet, get the starter set, assign a worker, advance the days,
 * open the daily report, buy at the vendor, lock EXO and vote, open and verify the chest, deposit
 * with "+15 blocks" (the list and the balance agree at once), withdraw to the Master Wallet, read
 * the history and its CSV with the right reasons. On every page: axe finds nothing serious, no
 * error toast on its first load, no table cell cut off on the phone; no console errors at all.
 * Each numbered item of the issue has its own check, marked `item N`.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { en } from '../../apps/web/src/i18n/en.ts';
import { enPages } from '../../apps/web/src/i18n/en-pages.ts';
import { es } from '../../apps/web/src/i18n/es.ts';
import { esPages } from '../../apps/web/src/i18n/es-pages.ts';
import {
  baseUrl, expectPath, launchBrowser, pathOf, readSession, seriousAxeViolations, settle, signInWithDemoWallet, toastTexts, withPage,
  type AxeViolation, type WatchedPage,
} from '../helpers.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const api = () => new KingdomClient(baseUrl());
/** The languages the walk runs in (item 16: once in Spanish). */
type Lang = 'en' | 'es';
const BUNDLES: Record<Lang, object> = { en: { ...en, ...enPages }, es: { ...es, ...esPages } };

/**
 * The app's own text of `key` in `lang` with `vars` filled in (`{{x}}` and `{{x, number}}` take the
 * value as given: callers pass numbers already formatted in the page's language), read from the
 * same bundles the app ships, so the walk checks what the player reads without copying it.
 */
function text(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  let node: unknown = BUNDLES[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)(?:, number)?\}\}/g, (_, name: string) => (name in vars ? String(vars[name]) : `{{${name}}}`));
}

/** `text` as a RegExp: the filled-in parts literal, every remaining `{{x}}` matching anything. */
function textPattern(lang: Lang, key: string, vars: Record<string, string | number> = {}): RegExp {
  const parts = text(lang, key, vars).split(/\{\{\w+\}\}/);
  return new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

/** A RegExp of `key`'s text whose `{{name}}` captures a number and whose other `{{x}}` match anything. */
function capture(lang: Lang, key: string, name: string): RegExp {
  const marker = '\u0000';
  const filled = text(lang, key, { [name]: marker });
  const parts = filled.split(/\{\{\w+\}\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('.*').replace(marker, '([\\d.,\\s]+?)'));
}

/** `n` as the page formats numbers in its language (Intl, as the app does). */
async function num(page: Page, n: number): Promise<string> {
  return await page.evaluate((v) => new Intl.NumberFormat(document.documentElement.lang || 'en').format(v), n);
}

/** The desktop the issue names. */
const DESKTOP = { width: 1366, height: 768 } as const;

/** Table cells that run past the right edge of the viewport outside a scrolling container (item 7). */
async function cutOffCells(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const cell of document.querySelectorAll('td, th')) {
      const box = cell.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      let scrolled = false;
      for (let p = cell.parentElement; p && !scrolled; p = p.parentElement) {
        const s = getComputedStyle(p);
        scrolled = (s.overflowX === 'auto' || s.overflowX === 'scroll') && p.scrollWidth > p.clientWidth && p.getBoundingClientRect().right <= width + 1;
      }
      if (!scrolled) out.push(`${location.pathname}: "${(cell.textContent ?? '').trim().slice(0, 30)}" ends at ${Math.round(box.right)} px of ${width}`);
    }
    if (document.documentElement.scrollWidth > width + 1) out.push(`${location.pathname}: the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    return out;
  });
}

/** Words of `loc`'s text that the layout broke across two lines (item 8). */
async function brokenWords(loc: Locator): Promise<string[]> {
  return await loc.evaluateAll((els) => {
    const out: string[] = [];
    for (const el of els) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(m[0]);
        }
      }
    }
    return out;
  });
}

/** What a walk collects on its way; asserted at the end so one run reports every page. */
interface Findings {
  axe: Array<{ path: string; violations: AxeViolation[] }>;
  cutOff: string[];
  errorToasts: string[];
}

/**
 * Opens `path` as a player does (a fresh load) and checks what every page must hold: no error
 * toast on its first load, axe 0 serious, and on the phone no table cell cut off.
 */
async function visit(w: WatchedPage, path: string, f: Findings, phone: boolean, ready?: (page: Page) => Promise<unknown>): Promise<void> {
  const { page } = w;
  await page.goto(path);
  await settle(page, 3_000);
  if (ready) await ready(page);
  const errors = await page.locator('.Toastify__toast--error').allInnerTexts();
  if (errors.length > 0) f.errorToasts.push(`${path}: ${errors.join(' | ')}`);
  const violations = await seriousAxeViolations(page);
  if (violations.length > 0) f.axe.push({ path, violations });
  if (phone) f.cutOff.push(...(await cutOffCells(page)));
  await w.shot(path);
}

/** Clicks (desktop) or taps (phone). */
async function press(loc: Locator, phone: boolean): Promise<void> {
  if (phone) await loc.tap();
  else await loc.click();
}

/** Opens the account menu on a phone (the game clock lives there); no-op on a desktop. */
async function openAccountMenu(page: Page, phone: boolean, lang: Lang): Promise<void> {
  if (!phone) return;
  const toggle = page.getByRole('button', { name: text(lang, 'nav.accountMenu') });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.tap();
  await expect.poll(() => page.locator('#account-panel').isVisible()).toBe(true);
}

/** "Advance one day" from the header (desktop) or the account menu (phone); waits for its toast. */
async function advanceDay(page: Page, phone: boolean, lang: Lang): Promise<void> {
  await openAccountMenu(page, phone, lang);
  const settled = [textPattern(lang, 'clock.settled_one'), textPattern(lang, 'clock.settled_other'), textPattern(lang, 'clock.nothingSettled')];
  const count = async () => (await toastTexts(page)).filter((t) => settled.some((r) => r.test(t))).length;
  const before = await count();
  await press(page.getByRole('button', { name: text(lang, 'clock.advance') }), phone);
  await expect.poll(count, { timeout: 30_000 }).toBeGreaterThan(before);
  if (phone) await page.keyboard.press('Escape');
}

/** Clicks Sign in the demo wallet's prompt. */
async function signDemo(page: Page): Promise<void> {
  const button = page.getByTestId('demo-wallet-sign');
  await expect.poll(() => button.count(), { timeout: 30_000 }).toBe(1);
  await button.click();
}

/** Whole amount of a balance card's text in `lang` ("1,234.5" / "1.234,5" → 1234.5). */
const amount = (lang: Lang, t: string | null) =>
  Number(lang === 'es' ? (t ?? '').replace(/\./g, '').replace(',', '.') : (t ?? '').replace(/,/g, ''));

async function week(w: WatchedPage, phone: boolean, lang: Lang = 'en'): Promise<void> {
  const { page } = w;
  const T = (key: string, vars?: Record<string, string | number>) => text(lang, key, vars);
  const P = (key: string, vars?: Record<string, string | number>) => textPattern(lang, key, vars);
  const f: Findings = { axe: [], cutOff: [], errorToasts: [] };
  const session = await signInWithDemoWallet(w, 'Cardano');
  const token = session.token;
  if (lang !== 'en') {
    // item 16: the switch in the settings; the rest of the week runs in that language
    await page.goto('/account/settings');
    await page.getByTestId('language-select').selectOption(lang);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 20_000 }).toBe(lang);
    await expect.poll(() => toastTexts(page), { timeout: 20_000 }).toContain(T('account.languageSaved'));
    await w.shot('language');
  }

  // item 3: the starter set gives what its text promises
  await visit(w, '/dashboard/overview', f, phone);
  const starter = (await page.getByTestId('starter-text').textContent()) ?? '';
  expect(starter).toMatch(P('start.demoText'));
  const promised = capture(lang, 'start.demoText', 'workers').exec(starter)?.[1];
  expect(promised).toBeDefined();
  await press(page.getByRole('button', { name: T('start.getDemoAssets') }), phone);
  await expect.poll(() => page.getByTestId('first-steps').isVisible(), { timeout: 60_000 }).toBe(true);
  const got = (await page.getByTestId('getting-started-got').textContent()) ?? '';
  const nfts = await api().call('workerNfts', undefined, token);
  expect(nfts.workers.length).toBe(Number(promised));
  expect(got).toMatch(P('start.got', { workers: nfts.workers.length }));
  // item 8: onboarding names where "Advance one day" is on this screen
  expect(await page.getByTestId('first-steps').textContent()).toContain(T(phone ? 'start.step3Phone' : 'start.step3'));
  await w.shot('starter-set');

  // assign a worker (item 8: its name is not broken mid-word in the slot tile)
  await visit(w, '/goldmine/workers', f, phone, (p) => expect.poll(() => p.getByTestId('mine-card').count(), { timeout: 20_000 }).toBeGreaterThan(0));
  const card = page.getByTestId('mine-card').first();
  await press(card.getByTestId('slot-1').getByRole('button', { name: T('mines.setWorker') }), phone);
  const setDialog = page.getByRole('dialog');
  const pick = setDialog.locator('.worker-option__pick').first();
  const workerName = ((await pick.textContent()) ?? '').trim();
  await press(pick, phone);
  await expect.poll(() => card.getByTestId('slot-1').textContent(), { timeout: 20_000 }).toContain(workerName);
  expect(await brokenWords(page.locator('.slot__worker'))).toEqual([]);
  await w.shot('worker-set');

  // advance two days (the assignment day, then a worked day); item 8: the game day is whole in the account menu
  await openAccountMenu(page, phone, lang);
  expect(await brokenWords(page.getByTestId('game-clock'))).toEqual([]);
  if (phone) await w.shot('account-menu');
  await advanceDay(page, phone, lang);
  await advanceDay(page, phone, lang);

  // the daily report modal (item 7: its table fits the phone)
  await visit(w, '/account/inbox', f, phone, (p) => expect.poll(() => p.getByTestId('notification').count(), { timeout: 20_000 }).toBeGreaterThan(0));
  const report = page.getByTestId('notification').filter({ hasText: T('inbox.title.goldmine_daily_report') }).first();
  await press(report, phone);
  const modal = page.getByRole('dialog');
  await expect.poll(() => modal.getByTestId('mine-days-table').count(), { timeout: 20_000 }).toBe(1);
  if (phone) expect(await cutOffCells(page)).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await w.shot('daily-report');
  await page.keyboard.press('Escape');

  // buy at the vendor; item 11: EXO packs show their ADA price before any order
  await visit(w, '/vendor', f, phone, (p) => expect.poll(() => p.getByTestId('vendor-item-food_100').count(), { timeout: 20_000 }).toBe(1));
  expect(await page.getByTestId('vendor-pack-price-exo_1k').textContent()).toMatch(P('chain.packPrice'));
  const food = page.getByTestId('vendor-item-food_100');
  await press(food.getByRole('button', { name: T('vendor.buy') }), phone);
  await press(page.getByTestId('vendor-confirm'), phone);
  // the item's name in the player's language too (docs/game-rules.md §2)
  await expect.poll(() => toastTexts(page), { timeout: 20_000 }).toContain(T('vendor.bought', { quantity: 1, name: T('vendor.items.food', { amount: 100 }) }));

  // lock EXO and vote; item 5: both say so; item 10: the votes notification has separators
  await api().faucet(session.walletAddress, { exo: '2000' });
  await visit(w, '/staking-hub/votes', f, phone);
  await page.getByLabel(T('stakingHub.lockLabel')).fill('1500');
  await press(page.getByTestId('lock-submit'), phone);
  await expect.poll(() => toastTexts(page), { timeout: 20_000 }).toContain(T('done.votesLocked', { amount: await num(page, 1500) }));
  await visit(w, '/staking-hub/cardano', f, phone, (p) => expect.poll(() => p.getByTestId('add-votes').count(), { timeout: 20_000 }).toBeGreaterThan(0));
  await press(page.getByTestId('add-votes').first(), phone);
  const votesDialog = page.getByRole('dialog');
  await votesDialog.getByRole('textbox').fill('1000');
  await press(votesDialog.getByTestId('add-votes-submit'), phone);
  const saved = P('done.votesSaved', { votes: await num(page, 1000) });
  await expect.poll(async () => (await toastTexts(page)).some((t) => saved.test(t)), { timeout: 20_000 }).toBe(true);
  await w.shot('votes-saved');
  await visit(w, '/account/inbox', f, phone, (p) => expect.poll(() => p.getByTestId('notification').filter({ hasText: T('inbox.title.votes_changed') }).count(), { timeout: 20_000 }).toBeGreaterThan(0));
  const votesNote = (await page.getByTestId('notification').filter({ hasText: T('inbox.title.votes_changed') }).first().textContent()) ?? '';
  const totalText = capture(lang, 'inbox.text.votesAdded', 'total').exec(votesNote.slice(votesNote.indexOf(T('inbox.title.votes_changed')) + T('inbox.title.votes_changed').length))?.[1] ?? '';
  const total = Number(totalText.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(9_999);
  expect(totalText).toBe(await num(page, total));

  // item 9: empty states say what happened
  await visit(w, '/staking-hub/cardano?search=zzzz-nothing', f, phone);
  expect(await page.getByText(T('staking.noMatch', { search: 'zzzz-nothing' })).count()).toBe(1);
  await visit(w, '/collection/no-such-project', f, phone);
  expect(await page.getByText(T('staking.noSuchProject'), { exact: true }).count()).toBe(1);

  // item 12: My NFTs shows names and the mining tools; one nav item lit; /world in the nav
  await visit(w, '/staking-hub/user', f, phone, (p) => expect.poll(() => p.getByTestId('stake-tools').count(), { timeout: 20_000 }).toBe(1));
  for (const name of await page.getByTestId('stake-nft-name').allTextContents()) expect(name).not.toMatch(/^[0-9a-f]{16,}/);
  expect(await page.getByTestId('stake-tools').textContent()).toMatch(new RegExp(T('tool.daily', { amount: '[\\d.,]+' })));
  // My NFTs is the Staking Hub's page: its entry is lit ("Rewards" leads to the staking rewards' history, issue 39 item 2)
  expect(await page.locator('.side-nav__link--active').allTextContents()).toEqual([expect.stringContaining(T('nav.stakingHub'))]);
  await visit(w, '/account/settings', f, phone);
  expect(await page.locator('.side-nav__link--active').allTextContents()).toEqual([expect.stringContaining(T('nav.profile'))]);
  expect(await page.locator('#site-nav a[href="/world"]').count()).toBe(1);

  // open and verify the chest; item 4: /chest/verify opens without an error toast
  await visit(w, '/account/chest', f, phone, (p) => expect.poll(() => p.getByTestId('chest-open').count(), { timeout: 20_000 }).toBe(1));
  await press(page.getByTestId('chest-open'), phone);
  await expect.poll(() => page.getByTestId('chest-loot').count(), { timeout: 20_000 }).toBe(1);
  await visit(w, '/chest/verify', f, phone, (p) => expect.poll(() => p.getByTestId('verify-seed').count(), { timeout: 20_000 }).toBe(1));

  // item 1: deposit from /account/balances; the modal has its own "+15 blocks"; the list and the
  // balance agree at once, without a reload
  await visit(w, '/account/balances', f, phone);
  const hexoBefore = amount(lang, await page.getByTestId('account-balance-hexo').textContent());
  await press(page.getByTestId('deposit-hexo'), phone);
  const deposit = page.getByRole('dialog', { name: T('chain.depositOf', { token: 'HEXO' }) });
  await deposit.getByTestId('chain-amount').fill('100');
  await press(deposit.getByTestId('chain-submit'), phone);
  await signDemo(page);
  const waitingOrPending = [P('chain.waitingBlock'), P('chain.pending')];
  const isWaiting = (t: string | null) => waitingOrPending.some((r) => r.test(t ?? ''));
  await expect.poll(async () => isWaiting(await deposit.getByTestId('deposit-status').textContent()), { timeout: 30_000 }).toBe(true);
  // close it while pending: the history lists it as pending
  await press(deposit.getByTestId('chain-close'), phone);
  await expect.poll(async () => isWaiting(await page.getByTestId('deposit-row-status').first().textContent()), { timeout: 30_000 }).toBe(true);
  await page.getByTestId('deposit-hexo').scrollIntoViewIfNeeded();
  // a second deposit, and "+15 blocks" from inside its modal (item 1); the toast shows above the modal (item 6)
  await press(page.getByTestId('deposit-hexo'), phone);
  await deposit.getByTestId('chain-amount').fill('5');
  await press(deposit.getByTestId('chain-submit'), phone);
  await signDemo(page);
  await expect.poll(() => deposit.getByTestId('demo-blocks').count(), { timeout: 30_000 }).toBe(1);
  await press(deposit.getByTestId('demo-blocks'), phone);
  await expect.poll(() => deposit.getByTestId('deposit-status').textContent(), { timeout: 30_000 }).toBe(T('chain.credited'));
  const produced = P('clock.blocksProduced', { count: 15 });
  const toast = page.locator('.Toastify__toast').filter({ hasText: produced });
  await expect.poll(() => toast.count(), { timeout: 10_000 }).toBe(1);
  expect(await toast.evaluate((el) => !!el.closest('dialog[open]'))).toBe(true);
  // once it has slid in, the toast is what a tap at its centre reaches (not the dialog's backdrop)
  await expect.poll(() => toast.evaluate((el) => { const r = el.getBoundingClientRect(); const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return top !== null && el.contains(top); }), { timeout: 5_000 }).toBe(true);
  await w.shot('toast-over-dialog');
  await press(deposit.getByTestId('chain-close'), phone);
  await expect.poll(async () => (await page.getByTestId('deposit-row-status').allTextContents()).every((t) => t === T('chain.credited')), { timeout: 20_000 }).toBe(true);
  expect(amount(lang, await page.getByTestId('account-balance-hexo').textContent())).toBe(hexoBefore + 105);
  await w.shot('deposits-credited');

  // withdraw to the Master Wallet; item 5: setting it says so
  await visit(w, '/account/settings', f, phone);
  await press(page.getByTestId('wallets-panel').getByRole('button', { name: T('wallets.setMaster') }), phone);
  const masterSet = P('done.masterSet');
  await expect.poll(async () => (await toastTexts(page)).some((t) => masterSet.test(t)), { timeout: 20_000 }).toBe(true);
  await visit(w, '/account/balances', f, phone);
  await press(page.getByTestId('withdraw-hexo'), phone);
  const wd = page.getByRole('dialog', { name: T('chain.withdrawOf', { token: 'HEXO' }) });
  await expect.poll(() => wd.getByTestId('master-address').textContent(), { timeout: 20_000 }).toBe(session.walletAddress);
  await wd.getByTestId('chain-amount').fill('40');
  await press(wd.getByTestId('chain-submit'), phone);
  await expect.poll(async () => {
    if ((await wd.getByTestId('demo-blocks').count()) === 1 && (await wd.getByTestId('demo-blocks').isEnabled())) await press(wd.getByTestId('demo-blocks'), phone);
    return wd.getByTestId('withdrawal-status').textContent();
  }, { timeout: 90_000, interval: 2_000 }).toBe(T('chain.withdrawal.confirmed'));
  await press(wd.getByTestId('chain-close'), phone);
  await expect.poll(() => page.getByTestId('withdrawals-table').textContent(), { timeout: 20_000 }).toContain(T('chain.withdrawal.confirmed'));

  // item 2: history and CSV with the right reasons
  await page.getByTestId('history-reason').selectOption('deposit');
  await expect.poll(() => page.getByTestId('history-reason-cell').allTextContents(), { timeout: 20_000 }).toEqual([T('account.reasons.deposit'), T('account.reasons.deposit')]);
  if (phone) expect(await cutOffCells(page)).toEqual([]);
  await w.shot('history-deposits');
  await page.getByTestId('history-reason').selectOption('staking');
  await expect.poll(async () => [...new Set(await page.getByTestId('history-reason-cell').allTextContents())], { timeout: 20_000 }).toEqual([T('account.reasons.staking')]);
  const csv = await api().call('accountLedgerCsv', { query: { token: 'hexo' } }, token);
  const reasons = new Set(csv.trim().split('\n').slice(1).map((line) => line.split(',')[3]));
  for (const r of ['staking', 'deposit', 'withdrawal', 'salary', 'vendor_purchase']) expect(reasons, `CSV reasons ${[...reasons].join(' ')}`).toContain(r);
  expect(reasons).not.toContain('other');

  // item 11: orders named, closed rounds without a buy form
  await visit(w, '/tokensale', f, phone, (p) => expect.poll(() => p.locator('[data-testid^="round-status-"]').count(), { timeout: 20_000 }).toBeGreaterThan(0));
  for (const status of await page.locator('[data-testid^="round-status-"]').all()) {
    const round = status.locator('xpath=ancestor::li[1]');
    const open = (await status.textContent()) === T('tokensale.status.open');
    expect(await round.getByText(T('tokensale.amount'), { exact: true }).count()).toBe(open ? 1 : 0);
  }

  // every other page once: world totals, performance, lands, valley
  await visit(w, '/world', f, phone);
  await visit(w, '/goldmine/performance', f, phone);
  await visit(w, '/collectibles/lands', f, phone);
  await visit(w, '/valley', f, phone, (p) => expect.poll(() => p.locator('.valley__legend').count(), { timeout: 20_000 }).toBe(1));
  // item 15: the legend is above the fold at 1366×768
  if (!phone) expect(await page.locator('.valley__legend').evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(DESKTOP.height);

  // item 14: logout clears everything but the demo wallet's keys (and the language), which the login page explains
  await openAccountMenu(page, phone, lang);
  await press(page.getByRole('button', { name: T('nav.logout') }), phone);
  await expectPath(page, '/welcome');
  // the session store writes its emptied state back; everything else is gone but the demo keys, the language
  // and each account's last wallet type (issue 36 item 14: "Connect a wallet" after the next sign-in; no secret)
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'kingdom-session'));
  expect(kept.filter((k) => !(k.startsWith('kingdom.demo.') || k === 'kingdom.language' || k === 'kingdom.last-wallets'))).toEqual([]);
  expect((await readSession(page))?.token ?? '').toBe('');
  await visit(w, '/login', f, phone);
  expect(await page.getByText(T('login.demoHint')).count()).toBe(1);
  if (lang !== 'en') expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);

  expect(f.errorToasts).toEqual([]);
  expect(f.axe).toEqual([]);
  expect(f.cutOff).toEqual([]);
  expect(w.errors).toEqual([]);
}

describe("a player's week", () => {
  test('desktop 1366×768', async () => {
    await withPage(browser, 'week-desktop', { viewport: DESKTOP }, (w) => week(w, false));
  }, 600_000);

  test('phone 390×844 with touch', async () => {
    await withPage(browser, 'week-phone', { phone: true }, (w) => week(w, true));
  }, 600_000);

  test('in Spanish, desktop 1366×768 (item 16)', async () => {
    await withPage(browser, 'week-es-desktop', { viewport: DESKTOP }, (w) => week(w, false, 'es'));
  }, 600_000);

  test('in Spanish, phone 390×844 with touch (item 16)', async () => {
    await withPage(browser, 'week-es-phone', { phone: true }, (w) => week(w, true, 'es'));
  }, 600_000);

  test('phone: the menu opened during a redirect stays open (item 13)', async () => {
    await withPage(browser, 'week-menu', { phone: true }, async (w) => {
      const { page } = w;
      await signInWithDemoWallet(w, 'Cardano');
      // slow the page code down so the redirect of /staking-hub runs after the menu is opened
      await page.route('**/assets/*.js', async (route) => {
        await new Promise((r) => setTimeout(r, 1_500));
        await route.continue();
      });
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      await menu.tap();
      await page.locator('#site-nav a[href="/staking-hub"]').tap();
      await menu.tap();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await page.waitForURL((u) => u.pathname === '/staking-hub/activity', { timeout: 20_000 });
      await page.waitForTimeout(300);
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      expect(pathOf(page)).toBe('/staking-hub/activity');
      await w.shot('menu-open-after-redirect');
    });
  }, 120_000);

  test('a Solana player is offered SOL before ordering, not a Cardano dead end (item 11)', async () => {
    await withPage(browser, 'week-solana', {}, async (w) => {
      const { page } = w;
      await signInWithDemoWallet(w, 'Solana');
      await page.goto('/tokensale');
      await expect.poll(() => page.locator('[data-testid^="round-buy-"]').first().textContent(), { timeout: 20_000 }).toBe('Pay with SOL');
      expect(await page.locator('[data-testid^="round-needs-cardano-"]').count()).toBe(0);
      await page.goto('/vendor');
      await expect.poll(() => page.getByTestId('vendor-buy-exo_1k').textContent(), { timeout: 20_000 }).toBe('Pay with SOL');
      expect(await page.getByTestId('vendor-pack-sol-exo_1k').textContent()).toMatch(/SOL at the current prices$/);
      expect(await page.getByTestId('vendor-needs-cardano-exo_1k').count()).toBe(0);
      expect(w.errors).toEqual([]);
    });
  }, 120_000);
});

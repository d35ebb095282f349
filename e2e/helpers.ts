/**
 * Browser helpers for the e2e suite: Debian's Chromium through playwright-core, a fresh context
 * per test, console-error collection, numbered screenshots, the session in localStorage and the
 * demo-wallet sign-in as a player does it.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Where the screenshots of each step go (gitignored). */
export const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Base URL of the server under test. */
export function baseUrl(): string {
  return inject('baseUrl');
}

/** Chromium flags for a quiet headless run in CI containers (root: no sandbox). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Launches Debian's Chromium (`CHROMIUM_PATH` overrides `/usr/bin/chromium`). */
export async function launchBrowser(): Promise<Browser> {
  return await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
}

/** A page in its own fresh context, with what went wrong on it. */
export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors, except failed loads of the price service. */
  errors: string[];
  /** Saves `screenshots/<test>-<nn>-<step>.jpg` (the full page, JPEG: about half a PNG's encoding time) and returns its path. */
  shot(step: string): Promise<string>;
  close(): Promise<void>;
}

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** How {@link openPage} opens a page: a phone (390×844, touch) or a desktop of `viewport` (default 1280×860). */
export interface PageOptions {
  phone?: boolean;
  viewport?: { width: number; height: number };
  /** Another server than the suite's (e.g. a Kingdom on the Blockfrost-compatible emulator). */
  baseUrl?: string;
  /** The browser's language (`navigator.languages`, Accept-Language), e.g. `es-ES`; Chromium's default when absent. */
  locale?: string;
}

/** The phone the mobile tests use: 390×844 CSS pixels, touch (docs/product.md §10). */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Opens a page in a new browser context (`phone`: 390×844 with touch; `baseUrl`: another server than the run's) (fresh cookies and localStorage) and starts collecting
 * console errors (`console.error`, failed resource loads) and uncaught exceptions. Failed loads of
 * the unreachable price service are ignored: the app must cope with them, and Chromium always
 * logs them.
 */
export async function openPage(browser: Browser, testName: string, options: PageOptions = {}): Promise<WatchedPage> {
  const baseURL = options.baseUrl ?? baseUrl();
  const context = await browser.newContext(
    options.phone
      ? { viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2, baseURL, ...(options.locale ? { locale: options.locale } : {}) }
      : { viewport: options.viewport ?? { width: 1280, height: 860 }, baseURL, ...(options.locale ? { locale: options.locale } : {}) },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.setDefaultNavigationTimeout(30_000);
  const priceOrigin = new URL(inject('priceServiceUrl')).origin;
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location().url ?? '';
    if (where.startsWith(priceOrigin) || msg.text().includes(priceOrigin)) return;
    errors.push(`console.error at ${page.url()}: ${msg.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught at ${page.url()}: ${error.message}`));
  mkdirSync(SCREENSHOTS, { recursive: true });
  let step = 0;
  return {
    page,
    context,
    errors,
    shot: async (name) => {
      step += 1;
      const file = join(SCREENSHOTS, `${slug(testName)}-${String(step).padStart(2, '0')}-${slug(name)}.jpg`);
      await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 80 });
      return file;
    },
    close: () => context.close(),
  };
}

/** The persisted session fields (docs/product.md §3) the web app keeps in localStorage (`kingdom-session`). */
export interface StoredSession {
  isAuth?: boolean;
  token?: string;
  walletType?: string;
  walletAddress?: string;
  walletApiName?: string;
  userId?: number | null;
}

/** Reads the persisted session from localStorage, or null when there is none. */
export async function readSession(page: Page): Promise<StoredSession | null> {
  const raw = await page.evaluate(() => window.localStorage.getItem('kingdom-session'));
  if (!raw) return null;
  const parsed = JSON.parse(raw) as { state?: StoredSession };
  return parsed.state ?? null;
}

/** Path of the page's URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits (bounded) until the page's path is `path`. */
export async function expectPath(page: Page, path: string, timeout = 20_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout }).catch(() => undefined);
  expect(pathOf(page)).toBe(path);
}

/**
 * Signs in from `/login` with the in-page demo wallet of `chain`, as a player does: click
 * 'Demo wallet (Cardano|Solana)', let it sign the server's challenge, land on the dashboard.
 * @returns the stored session (token, wallet address) after sign-in.
 */
export async function signInWithDemoWallet(w: WatchedPage, chain: 'Cardano' | 'Solana'): Promise<Required<Pick<StoredSession, 'token' | 'walletAddress'>> & StoredSession> {
  const { page } = w;
  if (pathOf(page) !== '/login') await page.goto('/login');
  await expect.poll(() => page.getByText('Enter the Kingdom').first().isVisible(), { timeout: 20_000 }).toBe(true);
  await page.getByRole('button', { name: `Demo wallet (${chain})` }).click();
  await expectPath(page, '/dashboard/overview', 30_000);
  const session = await readSession(page);
  expect(session?.isAuth).toBe(true);
  expect(session?.token).toBeTruthy();
  expect(session?.walletType).toBe(chain.toLowerCase());
  expect(session?.walletAddress).toBeTruthy();
  return { ...session, token: session?.token ?? '', walletAddress: session?.walletAddress ?? '' };
}

/** The two ways a player's page is checked: desktop 1280×900 in English, a phone 390×844 with touch in Spanish. */
export const DESKTOP_EN_PHONE_ES = [
  { phone: false, lang: 'en', label: 'desktop, en', options: { viewport: { width: 1280, height: 900 } } },
  { phone: true, lang: 'es', label: 'phone, es', options: { phone: true } },
] as const satisfies readonly { phone: boolean; lang: 'en' | 'es'; label: string; options: PageOptions }[];

/**
 * A new Cardano demo player signed in from `/login`, the app then switched to `lang` (the stored
 * language, page reloaded). Returns the session as {@link signInWithDemoWallet} does.
 */
export async function newDemoPlayerIn(w: WatchedPage, lang: 'en' | 'es'): Promise<Awaited<ReturnType<typeof signInWithDemoWallet>>> {
  await w.page.goto('/login');
  const session = await signInWithDemoWallet(w, 'Cardano');
  if (lang !== 'en') {
    await w.page.evaluate((l) => localStorage.setItem('kingdom.language', l), lang);
    await w.page.reload();
  }
  return session;
}

/** Waits for the network to settle (bounded; a page that keeps polling just times out quietly). */
export async function settle(page: Page, timeout = 5_000): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout }).catch(() => undefined);
}

/** One axe-core violation, as the tests report it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core (WCAG 2.x A/AA and best-practice rules) on the page as it is now.
 * @returns the violations of impact serious or critical
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const has = await page.evaluate(() => 'axe' in window);
  // evaluated over DevTools, which the page's CSP (script-src 'self') does not govern
  if (!has) await page.evaluate(axeSource());
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** axe-core's browser build, read once. */
let axe: string | undefined;
function axeSource(): string {
  axe ??= readFileSync(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8');
  return axe;
}

/** Texts of the toasts on screen now. */
export async function toastTexts(page: Page): Promise<string[]> {
  return await page.locator('.Toastify__toast').allInnerTexts();
}

/**
 * Runs `body` on a fresh watched page (`phone`: 390×844 with touch), keeps a screenshot named
 * `failure` when it throws, and always closes the page.
 */
export async function withPage(browser: Browser, name: string, options: PageOptions, body: (w: WatchedPage) => Promise<void>): Promise<void> {
  const w = await openPage(browser, name, options);
  try {
    await body(w);
  } catch (error) {
    await w.shot('failure').catch(() => undefined);
    throw error;
  } finally {
    await w.close();
  }
}

/**
 * Start-up speed of the web app (docs/product.md §10), in headless Chromium against a running server:
 * - `reload_warm_ms`: a signed-in player reloads `/dashboard/overview` (assets in the HTTP cache) →
 *   the four balances are on screen; median of {@link WARM_RUNS}, from the navigation's start.
 * - `reload_cold_ms`: the same in a fresh browser context (empty cache); median of {@link COLD_RUNS}.
 * - Lighthouse (mobile, its default simulated throttling) of `/login` (visitor) and
 *   `/dashboard/overview` (signed in): performance, accessibility and best-practices scores 0–100,
 *   the median of {@link LIGHTHOUSE_RUNS} runs (the machine is shared), with the audits that lost
 *   points. The signed-in page's session is stored in the browser's default context, the one
 *   Lighthouse opens its tab in (in a context of its own the page went to `/login`).
 * The price service is a local stub answering the ADA price (a real one answers in production;
 * an unreachable one would log a browser error that only the bench machine has).
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { freePort } from '../tools/pg-cluster.ts';
import { KingdomClient, newSolanaKeypair } from '../tools/kingdom-client.ts';

/** Reloads measured warm and cold. */
export const WARM_RUNS = 9;
export const COLD_RUNS = 5;
/** Lighthouse runs per page; the report keeps the median run (by performance score). */
export const LIGHTHOUSE_RUNS = 3;

/** Goals of docs/product.md §10. */
export const STARTUP_GOALS = { reload_warm_ms: 250, reload_cold_ms: 800, lighthouse_performance: 95, lighthouse_accessibility: 100, lighthouse_best_practices: 100 };

/** Lighthouse's three scores of one page, 0–100. */
export interface LighthouseScores {
  performance: number | null;
  accessibility: number | null;
  best_practices: number | null;
  /** First and largest contentful paint (simulated mobile), ms. */
  fcp_ms?: number | null;
  lcp_ms?: number | null;
  /** Total blocking time (simulated mobile), ms. */
  tbt_ms?: number | null;
  /** Page the run ended on (a signed-in page that bounced to /login shows it). */
  final_path?: string;
  /** Audits of performance and best practices that lost points: `id score` (0–1). */
  lost?: string[];
  /** Performance scores of every run (the entry is the median run). */
  performance_runs?: (number | null)[];
}

/** The bench's report keys (`web.*`). */
export interface StartupEntry {
  reload_warm_ms: number | null;
  reload_cold_ms: number | null;
  reload_warm_runs_ms?: number[];
  reload_cold_runs_ms?: number[];
  lighthouse: { login: LighthouseScores | { error: string }; dashboard: LighthouseScores | { error: string } };
}

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]!);
};

/** A local stand-in for the public ADA/USD service (CoinGecko's shape). */
export async function startPriceStub(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify({ cardano: { usd: 0.4321 } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/v3/simple/price`, close: () => new Promise((r) => server.close(() => r())) };
}

/** A signed-in player with lands and balances; returns what the web app keeps in localStorage. */
async function newPlayer(serverUrl: string): Promise<string> {
  const client = new KingdomClient(serverUrl);
  const wallet = newSolanaKeypair();
  await client.faucet(wallet.address, { lands: 2, tools: 1, hexo: '1000', exo: '1000', food: '100' });
  const { token, user } = await client.signInSolana(wallet);
  const state = {
    isAuth: true, token, walletType: 'solana', walletAddress: wallet.address, walletHandle: '', selectedLand: '',
    // no wallet to reconnect on reload: the bench measures the app, not a wallet extension
    walletApiName: '', userAvatar: '', userId: user.user_id ?? null, userName: user.user_name ?? '', userType: user.type ?? '',
    solanaWalletType: '', isHD: false,
  };
  return JSON.stringify({ state, version: 0 });
}

/** Script run before the app: the stored session, and a watcher noting when every balance shows a number. */
function initScript(session: string): string {
  return `(() => {
    try { localStorage.setItem('kingdom-session', ${JSON.stringify(session)}); } catch {}
    const ids = ['exo', 'hexo', 'food', 'rune'].map((t) => '[data-testid="balance-' + t + '"]');
    const shown = () => ids.every((s) => { const el = document.querySelector(s); return el && /\\d/.test(el.textContent || ''); });
    const obs = new MutationObserver(() => { if (shown()) { window.__balancesAt = performance.now(); obs.disconnect(); } });
    obs.observe(document, { childList: true, subtree: true, characterData: true });
  })();`;
}

/** Loads (or reloads) the overview in `context` and returns ms from navigation start to balances shown. */
async function timeToBalances(context: BrowserContext, url: string, reload: boolean): Promise<number> {
  const page = context.pages()[0] ?? (await context.newPage());
  if (reload) await page.reload({ waitUntil: 'commit' });
  else await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => typeof (window as unknown as { __balancesAt?: number }).__balancesAt === 'number', undefined, { timeout: 30_000, polling: 20 });
  return await page.evaluate(() => (window as unknown as { __balancesAt: number }).__balancesAt);
}

/** Warm and cold reloads of `/dashboard/overview`. */
async function measureReloads(browser: Browser, serverUrl: string, log: (l: string) => void): Promise<Pick<StartupEntry, 'reload_warm_ms' | 'reload_cold_ms' | 'reload_warm_runs_ms' | 'reload_cold_runs_ms'>> {
  const url = `${serverUrl}/dashboard/overview`;
  const session = await newPlayer(serverUrl);
  const warm: number[] = [];
  const warmContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await warmContext.addInitScript(initScript(session));
  try {
    await timeToBalances(warmContext, url, false); // fills the cache
    await timeToBalances(warmContext, url, true);
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await timeToBalances(warmContext, url, true));
  } finally {
    await warmContext.close();
  }
  log(`startup: warm reloads ${warm.map(Math.round).join(', ')} ms`);
  const cold: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.addInitScript(initScript(session));
    try {
      cold.push(await timeToBalances(context, url, false));
    } finally {
      await context.close();
    }
  }
  log(`startup: cold loads ${cold.map(Math.round).join(', ')} ms`);
  return { reload_warm_ms: median(warm), reload_cold_ms: median(cold), reload_warm_runs_ms: warm.map(Math.round), reload_cold_runs_ms: cold.map(Math.round) };
}

interface LhResult {
  lhr: {
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
    audits: Record<string, { numericValue?: number; score: number | null } | undefined>;
    finalDisplayedUrl?: string;
    runtimeError?: { message: string };
  };
}

const score = (s: number | null | undefined): number | null => (s === null || s === undefined ? null : Math.round(s * 100));

/** Lighthouse (mobile) of `url` in a Chromium listening on `port`; `session` signs the page in first. */
async function lighthouseOf(url: string, port: number, context: BrowserContext, session: string | null): Promise<LighthouseScores | { error: string }> {
  try {
    if (session) {
      // the session goes into localStorage from a same-origin page that loads none of the app's assets,
      // in the browser's default context (a persistent one), where Lighthouse opens its tab
      const page = await context.newPage();
      await page.goto(new KingdomClient(url).url('config'));
      await page.evaluate((s) => localStorage.setItem('kingdom-session', s), session);
      await page.close();
    }
    const { default: lighthouse } = await import('lighthouse');
    const result = (await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // keep the stored session; Lighthouse still loads the page with an empty HTTP cache
      disableStorageReset: session !== null,
    })) as LhResult | undefined;
    if (!result) return { error: 'lighthouse returned nothing' };
    if (result.lhr.runtimeError) return { error: result.lhr.runtimeError.message };
    const c = result.lhr.categories;
    const lost: string[] = [];
    for (const cat of ['performance', 'best-practices']) {
      for (const ref of c[cat]?.auditRefs ?? []) {
        const a = result.lhr.audits[ref.id];
        if (a && a.score !== null && a.score < 1 && (ref.weight > 0 || cat === 'best-practices')) lost.push(`${ref.id} ${a.score}`);
      }
    }
    return {
      performance: score(c.performance?.score),
      accessibility: score(c.accessibility?.score),
      best_practices: score(c['best-practices']?.score),
      fcp_ms: Math.round(result.lhr.audits['first-contentful-paint']?.numericValue ?? 0) || null,
      lcp_ms: Math.round(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0) || null,
      tbt_ms: Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0),
      final_path: result.lhr.finalDisplayedUrl ? new URL(result.lhr.finalDisplayedUrl).pathname : undefined,
      lost,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Runs the start-up bench against the server at `serverUrl` (built app, demo faucet on).
 * @returns the `web` report keys it measures, or null when Chromium is missing
 */
export async function runStartupBench(serverUrl: string, log: (l: string) => void, executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<StartupEntry | null> {
  if (!existsSync(executablePath)) return null;
  const browser = await chromium.launch({ executablePath, args: ARGS });
  let reloads: Awaited<ReturnType<typeof measureReloads>>;
  try {
    reloads = await measureReloads(browser, serverUrl, log);
  } finally {
    await browser.close();
  }
  const session = await newPlayer(serverUrl);
  const login = await lighthouseMedian(`${serverUrl}/login`, null, executablePath, log);
  const dashboard = await lighthouseMedian(`${serverUrl}/dashboard/overview`, session, executablePath, log);
  return { ...reloads, lighthouse: { login, dashboard } };
}

/**
 * {@link LIGHTHOUSE_RUNS} Lighthouse runs of `url`, each in a fresh Chromium (a persistent context on a
 * new profile, driven by Lighthouse through the DevTools port); the median run by performance score.
 */
async function lighthouseMedian(url: string, session: string | null, executablePath: string, log: (l: string) => void): Promise<LighthouseScores | { error: string }> {
  const runs: LighthouseScores[] = [];
  let failed: { error: string } | null = null;
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const port = await freePort();
    const profile = mkdtempSync(join(tmpdir(), 'kingdom-lh-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath, args: [...ARGS, `--remote-debugging-port=${port}`] });
    try {
      const r = await lighthouseOf(url, port, context, session);
      log(`startup: lighthouse ${new URL(url).pathname} ${JSON.stringify(r)}`);
      if ('error' in r) failed = r;
      else runs.push(r);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
  if (runs.length === 0) return failed ?? { error: 'no run' };
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  return { ...sorted[Math.floor(sorted.length / 2)]!, performance_runs: runs.map((r) => r.performance) };
}

/** The table's lines of the start-up bench. */
export function startupLines(s: StartupEntry): string[] {
  const ok = (v: number | null | undefined, goal: number, below: boolean) => (v === null || v === undefined ? 'MISS' : (below ? v < goal : v >= goal) ? 'ok  ' : 'MISS');
  const lines = [
    `web reload warm → balances              = ${s.reload_warm_ms ?? 'n/a'} ms   goal < ${STARTUP_GOALS.reload_warm_ms} ms  ${ok(s.reload_warm_ms, STARTUP_GOALS.reload_warm_ms, true)}`,
    `web reload cold → balances              = ${s.reload_cold_ms ?? 'n/a'} ms   goal < ${STARTUP_GOALS.reload_cold_ms} ms  ${ok(s.reload_cold_ms, STARTUP_GOALS.reload_cold_ms, true)}`,
  ];
  for (const [name, r] of Object.entries(s.lighthouse)) {
    if ('error' in r) {
      lines.push(`lighthouse ${name}: not measured (${r.error})`);
      continue;
    }
    lines.push(
      `lighthouse ${name.padEnd(9)} perf ${r.performance} ${ok(r.performance, STARTUP_GOALS.lighthouse_performance, false)} a11y ${r.accessibility} ${ok(r.accessibility, 100, false)} best practices ${r.best_practices} ${ok(r.best_practices, 100, false)} (FCP ${r.fcp_ms} ms, LCP ${r.lcp_ms} ms, TBT ${r.tbt_ms ?? 'n/a'} ms${r.performance_runs ? `; perf runs ${r.performance_runs.join(', ')}` : ''})`,
    );
    if (r.lost && r.lost.length > 0) lines.push(`  ${name} lost points: ${r.lost.join('; ')}`);
  }
  return lines;
}

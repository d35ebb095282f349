/**
 * Every route of docs/product.md §2, opened by a signed-in player by URL (history mode: the server must
 * answer each path with the app), lands where the spec's redirects say, renders, and logs no
 * console error.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, launchBrowser, openPage, pathOf, readSession, settle, signInWithDemoWallet } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** [path opened, path expected after the app's redirects (docs/product.md §2)]. `HEX` is one of the player's lands. */
const ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['/tokensale', '/tokensale'],
  ['/dashboard', '/dashboard/overview'],
  ['/dashboard/overview', '/dashboard/overview'],
  ['/dashboard/goldmine', '/goldmine/performance'],
  ['/dashboard/inventory', '/dashboard/inventory/items'],
  ['/dashboard/inventory/lands', '/dashboard/inventory/lands'],
  ['/dashboard/inventory/mtools', '/dashboard/inventory/mtools'],
  ['/dashboard/inventory/items', '/dashboard/inventory/items'],
  ['/collectibles', '/collectibles/lands'],
  ['/collectibles/lands', '/collectibles/lands'],
  ['/collectibles/mtools', '/collectibles/mtools'],
  ['/inventory', '/dashboard/inventory/lands'],
  ['/lands', '/collectibles/lands'],
  ['/goldmine', '/goldmine/workers'],
  ['/goldmine/workers', '/goldmine/workers'],
  ['/goldmine/performance', '/goldmine/performance'],
  ['/frenmine', '/frenmine/workers'],
  ['/frenmine/workers', '/frenmine/workers'],
  ['/frenmine/performance', '/frenmine/performance'],
  ['/vendor', '/vendor'],
  ['/market', '/market'],
  ['/valley', '/valley'],
  ['/staking-hub', '/staking-hub/activity'],
  ['/staking-hub/activity', '/staking-hub/activity'],
  ['/staking-hub/solana', '/staking-hub/solana'],
  ['/staking-hub/cardano', '/staking-hub/cardano'],
  ['/staking-hub/market', '/staking-hub/market'],
  ['/staking-hub/user', '/staking-hub/user'],
  ['/staking-hub/votes', '/staking-hub/votes'],
  ['/collection/some-project', '/collection/some-project'],
  ['/land', '/land'],
  ['/land/HEX', '/land/HEX'],
  ['/land/HEX/gold_mine', '/goldmine/workers'],
  ['/account', '/account/inbox'],
  ['/account/inbox', '/account/inbox'],
  ['/account/settings', '/account/settings'],
  ['/account/balances', '/account/balances'],
  ['/connect/cardano', '/connect/cardano'],
];

describe('routes of docs/product.md §2', () => {
  test('a signed-in player opens every route without a console error', async () => {
    const w = await openPage(browser, 'routes');
    const { page } = w;
    try {
      await page.goto('/login');
      const session = await signInWithDemoWallet(w, 'Solana');
      const given = (await new KingdomClient(baseUrl()).faucet(session.walletAddress, { lands: 1 })) as { lands: string[] };
      const hex = given.lands[0];
      expect(hex).toBeTruthy();
      const wrong: string[] = [];
      for (const [open, expected] of ROUTES) {
        const from = open.replace('HEX', encodeURIComponent(hex ?? ''));
        const to = expected.replace('HEX', encodeURIComponent(hex ?? ''));
        const before = w.errors.length;
        const res = await page.goto(from);
        expect(res?.status(), `${from} is served by the server (history mode)`).toBe(200);
        await page.waitForURL((url) => url.pathname === to, { timeout: 10_000 }).catch(() => undefined);
        await settle(page, 4_000);
        if (pathOf(page) !== to) wrong.push(`${from} → ${pathOf(page)} (expected ${to})`);
        const body = (await page.locator('body').innerText()).trim();
        if (body.length === 0) wrong.push(`${from}: blank page`);
        if (/page not found|\b404\b/i.test(body)) wrong.push(`${from}: shows a not-found page`);
        await w.shot(from);
        if (w.errors.length > before) wrong.push(`${from}: console errors: ${w.errors.slice(before).join(' | ')}`);
      }
      // still the same session after all those full page loads
      expect((await readSession(page))?.token).toBe(session.token);
      expect(wrong).toEqual([]);
      expect(w.errors).toEqual([]);
    } catch (error) {
      await w.shot('failure').catch(() => undefined);
      throw error;
    } finally {
      await w.close();
    }
  });
});

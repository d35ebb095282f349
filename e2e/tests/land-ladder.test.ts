/**
 * The land ladder and the wallet session end to end (docs/game-rules.md §2 items 2–4), headless Chromium against
 * the built app and the real server:
 *  - a player whose items all come from the game's own sources (the vendor, with the tier-3 permit's
 *    weekly limit) grows a SMALL land to XL and its gold mine to level 10 with the manager slot open;
 *    the demo faucet gives only the Land NFT and EXO/HEXO balances (what mining days and deposits
 *    would bring), never an item; the clock moves with demo ticks. On the way: has_update marks the
 *    navigation and clears when the land is opened, "upgrade succeeded" is toasted while online;
 *  - "transaction sent" when the demo wallet sends a deposit;
 *  - "Disconnect wallet" keeps the session; `/connect/demo` connects it again (the demo wallet signs
 *    a challenge: the server makes it the session's active wallet); `/connect/nonsense` answers
 *    ERROR_WALLET_SELECT_API. Desktop 1366×768 and phone 390×844.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, expectPath, launchBrowser, readSession, settle, signInWithDemoWallet, toastTexts, withPage } from '../helpers.ts';

const DESKTOP = { width: 1366, height: 768 } as const;
const api = () => new KingdomClient(baseUrl());

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** Gives `address` one SMALL land with a level-1 gold mine still held by the mint (by the faucet's `land`), and nothing else. */
async function smallLandTo(address: string): Promise<string> {
  const client = api();
  for (let page = 1; page <= 60; page++) {
    const { lands } = await client.call('lands', { query: { page } });
    for (const l of lands.filter((x) => x.size === 'SMALL' && x.goldmine_level === 1 && x.owner === null)) {
      const res = await client.send('demoFaucet', { body: { address, land: l.hex_name } });
      if (res.ok) return l.hex_name;
    }
  }
  throw new Error('no SMALL land with a level-1 gold mine left in the mint');
}

/** Buys through the vendor with the player's token (what the vendor page's Buy does: one Idempotency-Key per purchase). */
function buy(token: string, item: string, quantity = 1) {
  return api().send('vendorPurchase', { body: { item, quantity }, headers: { 'Idempotency-Key': crypto.randomUUID() } }, token);
}

/** Starts the next gold mine upgrade of land `hex` with the player's token. */
function upgrade(token: string, hex: string) {
  return api().send('goldmineUpgrade', { body: { hex_name: hex } }, token);
}

async function tickDays(days: number): Promise<void> {
  await api().call('demoTick', { body: { days } });
}

async function items(token: string): Promise<Record<string, number>> {
  const { items: list } = await api().call('inventoryItems', undefined, token);
  return Object.fromEntries(list.filter((i) => i.amount > 0).map((i) => [i.key, i.amount]));
}

/** Advances the game clock from the header's demo control (what a player clicks). */
async function advanceOneDay(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Advance one day' });
  if (!(await button.isVisible())) await page.getByRole('button', { name: 'Account menu' }).click();
  await button.click();
  await expect.poll(() => button.isDisabled(), { timeout: 30_000 }).toBe(false);
}

describe('the land ladder from the game\'s own sources', () => {
  test('SMALL → XL and gold mine level 10 with the manager slot, no faucet items (desktop 1366×768)', async () => {
    await withPage(browser, 'ladder', { viewport: DESKTOP }, async (w) => {
      const { page } = w;
      const session = await signInWithDemoWallet(w, 'Cardano');
      const token = session.token;
      const hex = await smallLandTo(session.walletAddress);
      // balances only: what the permits (5,000 + 15,000 + 40,000 EXO) and the toolkit set 2-10 (86,400 HEXO) cost
      await api().faucet(session.walletAddress, { exo: '60000', hexo: '86400' });
      expect(await items(token)).toEqual({});

      // the tier-3 permit from the vendor page: once this week, the second refused with its code
      await page.goto('/vendor');
      const card = page.getByTestId('vendor-item-permit_3');
      await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await card.getByTestId('weekly-limit-permit_3').textContent()).toBe('At most 1 a week per account');
      await card.getByRole('button', { name: 'Buy' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Buy now' }).click();
      await expect.poll(async () => (await toastTexts(page)).join(' | '), { timeout: 20_000 }).toContain('Expansion permit tier 3');
      await w.shot('permit-3-bought');
      const again = await buy(token, 'permit_3');
      expect([again.status, (again.body as { error: string }).error]).toEqual([409, 'VENDOR_WEEKLY_LIMIT']);
      for (const item of ['permit_1', 'permit_2', 'toolkit_set_2_10']) expect((await buy(token, item)).status, item).toBe(200);
      expect(await items(token)).toMatchObject({ land_upgrade01: 1, land_upgrade02: 1, land_upgrade03: 1, toolkit_2: 1, toolkit_10: 1 });

      // S → M → L → XL on the land page; each expansion marks the land as changed
      await page.goto(`/land/${hex}`);
      for (const size of ['M', 'L', 'XL']) {
        const expand = page.getByRole('button', { name: `Expand to ${size}` });
        await expect.poll(() => expand.isEnabled(), { timeout: 20_000 }).toBe(true);
        await expand.click();
        await expect.poll(() => page.getByTestId('land-detail').locator('.badge--size').textContent(), { timeout: 20_000 }).toBe(size);
      }
      await w.shot('land-xl');

      // gold mine 1 → 9 through the game's upgrades (each finishes at a tick)
      for (let level = 2; level <= 9; level++) {
        const up = await upgrade(token, hex);
        expect(up.status, `upgrade to ${level}: ${JSON.stringify(up.body)}`).toBe(200);
        await tickDays(Math.ceil(((level - 1) * 6) / 24) + 1);
      }
      // has_update: the navigation marks Lands; opening the land shows what changed and clears it
      await page.goto('/dashboard/overview');
      await expect.poll(() => page.getByTestId('nav-mark').count(), { timeout: 40_000 }).toBe(1);
      await w.shot('nav-mark');
      await page.goto(`/land/${hex}`);
      await expect.poll(() => page.getByTestId('land-changed').isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => page.getByTestId('land-changed').textContent(), { timeout: 20_000 }).toContain('The gold mine upgrade succeeded: it is now level 9.');
      await w.shot('land-changed');
      await expect.poll(() => page.getByTestId('nav-mark').count(), { timeout: 20_000 }).toBe(0);

      // the last upgrade finishes while the player looks at the gold mines: "upgrade succeeded"
      expect((await upgrade(token, hex)).status).toBe(200);
      await page.goto('/goldmine/workers');
      await settle(page);
      for (let i = 0; i < 4 && !(await toastTexts(page)).some((x) => x.includes('is now level 10')); i++) await advanceOneDay(page);
      await expect.poll(async () => (await toastTexts(page)).join(' | '), { timeout: 40_000 }).toContain(`Upgrade succeeded: The gold mine of ${hex} is now level 10`);
      await w.shot('upgrade-succeeded-toast');

      const { mines } = await api().call('goldmineMines', undefined, token);
      const mine = mines.find((m) => m.land.hex_name === hex)!;
      expect([mine.land.size, mine.level]).toEqual(['SUPERLARGE', 10]);
      expect(mine.slots.find((s) => s.slot === 10)).toMatchObject({ open: true, manager: true });
      expect(await items(token)).toEqual({});
      await page.goto(`/land/${hex}`);
      await expect.poll(() => page.getByTestId('land-goldmine').textContent(), { timeout: 20_000 }).toContain('10');
      await w.shot('land-final');
      expect(w.errors).toEqual([]);
    });
  });
});

describe('wallet session', () => {
  test('"transaction sent" when the demo wallet sends a deposit', async () => {
    await withPage(browser, 'tx-sent', { viewport: DESKTOP }, async (w) => {
      const { page } = w;
      await signInWithDemoWallet(w, 'Cardano');
      await page.getByTestId('deposit-hexo').click();
      const dialog = page.getByRole('dialog', { name: 'Deposit HEXO' });
      await expect.poll(() => dialog.getByTestId('wallet-holds').count(), { timeout: 30_000 }).toBe(1);
      await dialog.getByTestId('chain-amount').fill('10');
      await dialog.getByTestId('chain-submit').click();
      const sign = page.getByTestId('demo-wallet-sign');
      await expect.poll(() => sign.count(), { timeout: 30_000 }).toBe(1);
      await sign.click();
      await expect.poll(async () => (await toastTexts(page)).join(' | '), { timeout: 30_000 }).toMatch(/Transaction sent \([0-9a-f]{8}\.\.\.[0-9a-f]{6}\)/);
      await w.shot('transaction-sent');
    });
  });

  for (const phone of [false, true]) {
    test(`disconnect the wallet alone, /connect/demo connects it again, /connect/nonsense is refused (${phone ? 'phone' : 'desktop'})`, async () => {
      await withPage(browser, `connect-${phone ? 'phone' : 'desktop'}`, phone ? { phone: true } : { viewport: DESKTOP }, async (w) => {
        const { page } = w;
        const session = await signInWithDemoWallet(w, 'Cardano');
        // on a phone the control sits in the account menu: open it until it shows
        const disconnect = page.getByRole('button', { name: 'Disconnect wallet' });
        await expect.poll(async () => {
          if (await disconnect.isVisible()) return true;
          const toggle = page.getByRole('button', { name: 'Account menu' });
          if (await toggle.isVisible()) await toggle.click();
          return disconnect.isVisible();
        }, { timeout: 20_000, interval: 500 }).toBe(true);
        await disconnect.click();
        await expect.poll(async () => (await readSession(page))?.walletAddress, { timeout: 10_000 }).toBe('');
        const after = await readSession(page);
        expect([after?.isAuth, after?.token, after?.walletType, after?.walletApiName]).toEqual([true, session.token, '', '']);
        // the toast follows the server's answer (POST /auth/wallet/disconnect)
        await expect.poll(async () => toastTexts(page), { timeout: 10_000 }).toContain('Wallet disconnected');
        await w.shot('disconnected');

        // "Connect a wallet" offers the wallet again; connecting signs a challenge (the server makes it
        // the session's active wallet: a wallet that cannot sign cannot connect), here the demo wallet
        const connect = page.getByTestId('connect-wallet-link');
        expect(await connect.getAttribute('href')).toBe('/connect/demo');
        await page.goto('/connect/demo');
        await expect.poll(() => page.getByText('Connected with Demo wallet (Cardano)').count(), { timeout: 30_000 }).toBe(1);
        const back = await readSession(page);
        expect([back?.walletType, back?.walletApiName, back?.walletAddress, back?.token]).toEqual(['cardano', 'demo', session.walletAddress, session.token]);
        await w.shot('connect-demo');

        await page.goto('/connect/nonsense');
        await expect.poll(() => page.getByText('Unknown wallet type').count(), { timeout: 20_000 }).toBe(1);
        expect(await page.getByText('This game knows no wallet of that name. Choose your wallet on the login page.').count()).toBeGreaterThan(0);
        await w.shot('connect-nonsense');
        await expectPath(page, '/connect/nonsense');
      });
    });
  }
});

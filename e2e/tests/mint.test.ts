/**
 * The in-app land mint end to end in headless Chromium with the demo wallet on the emulator
 * (docs/game-rules.md §2 "Mint Your Land"): on a desktop, a player opens a free cell of the Valley,
 * mints it ('Mint Your Land' in the side panel → reserve → the demo wallet signs → blocks → minted),
 * sees PENDING_TRANSACTION while a mint is open, LAND_SOLD_OUT for a cell minted meanwhile and
 * MINT_REMOVE_COORS for coordinates settings no free land matches, and finds the land in "my lands"
 * and owned on the map; on a phone in Spanish, the landing page's 'Mint Your Land' mints "Any" land.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OWNER_NOT_MINTED, decodeValleyMap, quadrantOf, valleyMapLand, type ValleyMapPayload } from '@kingdom/game';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { createCardanoTestWallet } from '../../apps/server/test/support/wallets.ts';
import { baseUrl, launchBrowser, seriousAxeViolations, signInWithDemoWallet, toastTexts, withPage, type WatchedPage } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const api = () => new KingdomClient(baseUrl());

/** The lands the mint still holds, from the public map. */
async function unminted(): Promise<Array<ReturnType<typeof valleyMapLand>>> {
  const m = decodeValleyMap((await api().call('valleyMap')) as ValleyMapPayload);
  const out: Array<ReturnType<typeof valleyMapLand>> = [];
  for (let i = 0; i < m.count; i++) if (m.owner[i] === OWNER_NOT_MINTED) out.push(valleyMapLand(m, i));
  return out;
}

/** Waits until the demo wallet's sign-in funding (emulator ADA) reached the wallet. */
async function waitForFunding(address: string): Promise<void> {
  await expect.poll(async () => BigInt((await api().call('chainWalletBalance', { params: { address } })).lovelace), { timeout: 60_000 }).toBeGreaterThan(0n);
}

/** Clicks Sign in the demo wallet's prompt. */
async function signInDemoWalletPrompt(page: Page): Promise<void> {
  const button = page.getByTestId('demo-wallet-sign');
  await expect.poll(() => button.count(), { timeout: 30_000 }).toBe(1);
  await button.click();
}

/** Pays the reserved mint in the open dialog and follows it to 'minted'. */
async function payAndConfirm(w: WatchedPage, dialog: ReturnType<Page['getByRole']>, texts: { submitted: RegExp; minted: string }): Promise<void> {
  await dialog.getByTestId('mint-pay').click();
  await signInDemoWalletPrompt(w.page);
  await expect.poll(() => dialog.getByTestId('mint-status').textContent(), { timeout: 30_000 }).toMatch(texts.submitted);
  await w.shot('mint-submitted');
  await api().call('demoBlocks', { body: { count: 16 } });
  await expect.poll(() => dialog.getByTestId('mint-status').textContent(), { timeout: 30_000 }).toBe(texts.minted);
}

describe('mint in the app', () => {
  test('a player mints a free cell from the Valley and sees every refusal (desktop)', async () => {
    await withPage(browser, 'mint-desktop', {}, async (w) => {
      const { page } = w;
      const session = await signInWithDemoWallet(w, 'Cardano');
      const free = await unminted();
      const target = free[120]!;
      const other = free[121]!;
      await waitForFunding(session.walletAddress);

      // the Valley's side panel on a free cell: 'Mint Your Land' opens the app's dialog
      await page.goto(`/valley?land=${target.hexName}&zoom=18`);
      const panel = page.getByTestId('valley-panel');
      await expect.poll(() => panel.getByTestId('valley-panel-name').textContent(), { timeout: 20_000 }).toBe(target.hexName);
      await panel.getByTestId('mint-open').click();
      const dialog = page.getByRole('dialog', { name: 'Mint Your Land' });
      await expect.poll(() => dialog.getByTestId('mint-price').textContent(), { timeout: 20_000 }).toBe('25 ADA');
      expect(await dialog.getByTestId('mint-named').isChecked()).toBe(true);
      expect(await dialog.textContent()).toContain(`This land: ${target.hexName}`);

      // coordinates settings no free land matches: MINT_REMOVE_COORS. Empty one combination by
      // minting its last free lands to someone else (the demo faucet).
      const emptied = free.filter((l) => l.size === 'SUPERLARGE' && l.biome === target.biome && quadrantOf(l.q, l.r) === 'NW');
      const collector = createCardanoTestWallet().address;
      for (const l of emptied) await api().faucet(collector, { land: l.hexName });
      await dialog.getByTestId('mint-any').check();
      await dialog.getByTestId('mint-biome').selectOption(target.biome);
      await dialog.getByTestId('mint-size').selectOption('SUPERLARGE');
      await dialog.getByTestId('mint-quadrant').selectOption('NW');
      await dialog.getByTestId('mint-reserve').click();
      await expect.poll(() => dialog.getByTestId('mint-failure').textContent(), { timeout: 20_000 }).toBe("Please set the coordinates settings to 'Any'");
      await w.shot('mint-remove-coors');

      // the cell minted meanwhile (by someone else): LAND_SOLD_OUT
      await dialog.getByTestId('mint-named').check();
      await page.goto(`/valley?land=${other.hexName}&zoom=18`);
      await expect.poll(() => panel.getByTestId('valley-panel-name').textContent(), { timeout: 20_000 }).toBe(other.hexName);
      await panel.getByTestId('mint-open').click();
      await expect.poll(() => dialog.getByTestId('mint-price').textContent(), { timeout: 20_000 }).toBe('25 ADA');
      await api().faucet(collector, { land: other.hexName });
      await dialog.getByTestId('mint-reserve').click();
      await expect.poll(() => dialog.getByTestId('mint-failure').textContent(), { timeout: 20_000 }).toBe('This Land is already minted!');
      await w.shot('mint-sold-out');

      // the free cell: reserved
      await page.goto(`/valley?land=${target.hexName}&zoom=18`);
      await expect.poll(() => panel.getByTestId('valley-panel-name').textContent(), { timeout: 20_000 }).toBe(target.hexName);
      await panel.getByTestId('mint-open').click();
      await dialog.getByTestId('mint-reserve').click();
      await expect.poll(() => dialog.getByTestId('mint-status').textContent(), { timeout: 20_000 }).toBe('Reserved, waiting for your payment');
      expect(await dialog.getByTestId('mint-land').textContent()).toContain(target.hexName);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await w.shot('mint-reserved');

      // one mint at a time: the landing's 'Mint Your Land' shows the player's own open mint as the step it is (issue 39 item 1)
      await page.goto('/welcome');
      await page.getByTestId('mint-open').click();
      await expect.poll(() => dialog.getByTestId('mint-pending').textContent(), { timeout: 20_000 }).toBe('Your mint under way: one land at a time. Pay for it or give it up before reserving another.');
      expect(await dialog.getByTestId('mint-land').textContent()).toContain(target.hexName);
      await w.shot('mint-pending');

      await payAndConfirm(w, dialog, { submitted: /Submitted, waiting for the next block|Minting \(\d+ of 15 confirmations\)/, minted: 'Minted: the land is yours' });
      await expect.poll(() => toastTexts(page), { timeout: 20_000 }).toContain(`${target.hexName} is yours!`);
      await w.shot('mint-confirmed');

      // the land in "my lands", and owned on the map
      await dialog.getByTestId('mint-my-lands').click();
      await expect.poll(() => page.locator('main').textContent(), { timeout: 20_000 }).toContain(target.hexName);
      await w.shot('my-lands');
      await page.goto(`/valley?land=${target.hexName}&layer=ownership&zoom=18`);
      await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toContain('Your land');
      expect(await panel.getByTestId('mint-open').count()).toBe(0);
      expect(w.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    });
  });

  test('on a phone in Spanish, the landing page mints any free land', async () => {
    await withPage(browser, 'mint-phone', { phone: true }, async (w) => {
      const { page } = w;
      const session = await signInWithDemoWallet(w, 'Cardano');
      await page.evaluate(() => localStorage.setItem('kingdom.language', 'es'));
      await waitForFunding(session.walletAddress);
      await page.goto('/welcome');
      await page.getByTestId('mint-open').tap();
      const dialog = page.getByRole('dialog', { name: 'Acuña tu tierra' });
      await expect.poll(() => dialog.getByTestId('mint-price').textContent(), { timeout: 20_000 }).toBe('25 ADA');
      expect(await dialog.getByTestId('mint-any').isChecked()).toBe(true);
      await dialog.getByTestId('mint-size').selectOption('SMALL');
      await w.shot('mint-phone-choose');
      await dialog.getByTestId('mint-reserve').tap();
      await expect.poll(() => dialog.getByTestId('mint-status').textContent(), { timeout: 20_000 }).toBe('Reservada, esperando tu pago');
      const land = (await dialog.getByTestId('mint-land').textContent())!;
      expect(land).toMatch(/^[EW]\d\d[NS]\d\d · S · /);
      await w.shot('mint-phone-reserved');
      await payAndConfirm(w, dialog, { submitted: /Enviada, esperando el siguiente bloque|Acuñando \(\d+ de 15 confirmaciones\)/, minted: 'Acuñada: la tierra es tuya' });
      await w.shot('mint-phone-confirmed');
      const hex = land.slice(0, 6);
      const mine = await api().call('lands', { query: { my: 'true' } }, session.token);
      expect(mine.lands.map((l) => l.hex_name)).toContain(hex);
      expect(w.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    });
  });
});

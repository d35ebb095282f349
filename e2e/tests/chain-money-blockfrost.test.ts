/**
 * The real-network path end to end (docs/operator-guide.md §7.2): the Blockfrost-compatible emulator runs as its
 * own process (`npm run kingdom -- blockfrost-emulator`), a second Kingdom server runs on the
 * environment it prints (`CARDANO_NETWORK=preprod`, `BLOCKFROST_URL`, `TREASURY_KEY_FILE`, …), and in
 * headless Chromium the demo wallet — funded through `/emulator/fund` — deposits 100 HEXO, withdraws
 * 40 to the Master Wallet and buys an EXO pack, exactly as chain-money.test.ts does on the in-process
 * emulator; blocks come from `/emulator/blocks` and the Kingdom's watcher polls Blockfrost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { startBlockfrostEmulator, type EmulatorProcess } from '../blockfrost-chain.ts';
import { REPO_ROOT, startKingdomServer, type KingdomServer } from '../../tools/kingdom-server.ts';
import { launchBrowser, pathOf, signInWithDemoWallet, toastTexts, withPage } from '../helpers.ts';

let browser: Browser;
let chain: EmulatorProcess | undefined;
let chainOrigin: string;
let server: KingdomServer | undefined;
let scratch: string;

async function admin<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(chainOrigin + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

/** Blocks on the shared chain; the Kingdom's watcher (every CHAIN_WATCH_MS = 1 s) picks them up. */
const advanceBlocks = (count: number) => admin('/emulator/blocks', { count });

async function answerDemoWallet(page: Page): Promise<void> {
  const button = page.getByTestId('demo-wallet-sign');
  await expect.poll(() => button.count(), { timeout: 30_000 }).toBe(1);
  await button.click();
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'kingdom-e2e-bf-'));
  chain = await startBlockfrostEmulator(scratch, { readyKey: 'SOLANA_SALE_ADDRESS', timeoutMs: 120_000 });
  chainOrigin = chain.origin;
  const chainEnv = chain.env;
  expect(chainEnv).toMatchObject({ CARDANO_NETWORK: 'preprod', BLOCKFROST_URL: `${chainOrigin}/api/v0` });
  server = await startKingdomServer({
    env: {
      ...chainEnv, CHAIN_WATCH_MS: '1000', LOG_LEVEL: 'warn',
      PRICE_SERVICE_URL: inject('priceServiceUrl'), WEB_DIST: process.env.E2E_WEB_DIST ?? join(REPO_ROOT, 'apps', 'web', 'dist'),
    },
    logFile: join(scratch, 'server.log'),
  });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await chain?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('chain money on preprod settings over the Blockfrost-compatible emulator', () => {
  test('deposit 100 HEXO, withdraw 40 to the Master Wallet, buy an EXO pack', async () => {
    await withPage(browser, 'blockfrost-chain-money', { baseUrl: server!.url }, async (w) => {
      const { page } = w;
      const api = new KingdomClient(server!.url);
      const info = await api.call('chainInfo');
      expect(info.network).toBe('preprod');
      const session = await signInWithDemoWallet(w, 'Cardano');
      await admin('/emulator/fund', { address: session.walletAddress });
      await expect.poll(() => page.getByTestId('balance-hexo').textContent(), { timeout: 20_000 }).toBe('0');

      // deposit: built by the server with Lucid's Blockfrost provider, signed in the page, submitted as CBOR
      await page.getByTestId('deposit-hexo').click();
      const dialog = page.getByRole('dialog', { name: 'Deposit HEXO' });
      await expect.poll(() => dialog.getByTestId('wallet-holds').textContent(), { timeout: 30_000 }).toMatch(/Your wallet holds 1,000 ADA, 10,000 EXO and 10,000 HEXO/);
      await expect.poll(() => dialog.getByTestId('treasury-address').textContent(), { timeout: 20_000 }).toBe(info.treasury_address);
      await dialog.getByTestId('chain-amount').fill('100');
      await dialog.getByTestId('chain-submit').click();
      await answerDemoWallet(page);
      await expect.poll(() => dialog.getByTestId('deposit-status').textContent(), { timeout: 30_000 }).toMatch(/Submitted, waiting for the next block|Pending/);
      await advanceBlocks(1);
      await expect.poll(() => dialog.getByTestId('deposit-status').textContent(), { timeout: 20_000 }).toMatch(/Pending \(\d+ of 15 confirmations\)/);
      await w.shot('deposit-pending');
      await advanceBlocks(15);
      await expect.poll(() => dialog.getByTestId('deposit-status').textContent(), { timeout: 30_000 }).toBe('Credited');
      await expect.poll(() => toastTexts(page), { timeout: 20_000 }).toContain('100 HEXO credited to your balance');
      await w.shot('deposit-credited');
      await dialog.getByTestId('chain-close').click();
      await expect.poll(() => page.getByTestId('balance-hexo').textContent(), { timeout: 20_000 }).toBe('100');

      // withdrawal: the treasury signer pays from the key the emulator funded (TREASURY_KEY_FILE)
      await api.call('walletsSetMaster', { body: { address: session.walletAddress } }, session.token);
      await page.goto('/dashboard/overview');
      await page.getByTestId('withdraw-hexo').click();
      const wd = page.getByRole('dialog', { name: 'Withdrawal HEXO' });
      await expect.poll(() => wd.getByTestId('master-address').textContent(), { timeout: 20_000 }).toBe(session.walletAddress);
      await wd.getByTestId('chain-amount').fill('40');
      await wd.getByTestId('chain-submit').click();
      await expect.poll(() => wd.getByTestId('withdrawal-status').textContent(), { timeout: 30_000 }).toMatch(/Requested|Submitted/);
      await expect.poll(async () => {
        await advanceBlocks(5);
        return wd.getByTestId('withdrawal-status').textContent();
      }, { timeout: 90_000, interval: 2_000 }).toBe('Confirmed');
      await w.shot('withdrawal-confirmed');
      await wd.getByTestId('chain-close').click();
      const held = await api.call('chainWalletBalance', { params: { address: session.walletAddress } });
      expect(BigInt(held.hexo)).toBe(10_000_000_000n - 100_000_000n + 40_000_000n);

      // an EXO pack paid in ADA to the sale address
      await page.goto('/vendor');
      const pack = page.getByTestId('vendor-item-exo_1k');
      await expect.poll(() => pack.count(), { timeout: 20_000 }).toBe(1);
      await pack.getByTestId('vendor-buy-exo_1k').click();
      const order = page.getByRole('dialog', { name: 'EXO pack 1k' });
      await expect.poll(() => order.getByTestId('order-exo').textContent(), { timeout: 20_000 }).toBe('1,000 EXO');
      await order.getByTestId('order-pay').click();
      await answerDemoWallet(page);
      await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 30_000 }).toBe('Submitted, waiting for confirmations');
      await advanceBlocks(16);
      await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 30_000 }).toBe('Paid: EXO credited');
      await w.shot('exo-pack-paid');
      const exo = await api.call('balance', { params: { token: 'exo' } }, session.token);
      expect(exo.balance).toBe('1000000000');
      expect(pathOf(page)).toBe('/vendor');
      expect(w.errors).toEqual([]);
    });
  }, 300_000);
});

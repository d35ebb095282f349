/**
 * The imported world end to end (docs/operator-guide.md "Pointing the Kingdom at a collection"): the
 * Blockfrost-compatible emulator runs as its own process seeded with a collection file shaped like
 * a real CIP-25 land collection (`blockfrost-emulator --collection`), `kingdom world import` runs as
 * a process on the environment it prints (preprod settings, DEMO=false, LAND_POLICY_ID, …), then a
 * Kingdom server starts on the imported world; in headless Chromium a holder of three of those
 * lands signs in with a CIP-30 wallet (Eternl's `window.cardano.eternl`, its keys in this test:
 * signatures made by the test wallet for real) and sees their real lands — desktop and phone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { generateValley, hexName } from '@kingdom/game';
import { REPO_ROOT, startKingdomServer, type KingdomServer } from '../../tools/kingdom-server.ts';
import { createCardanoTestWallet, type CardanoTestWallet } from '../../apps/server/test/support/wallets.ts';
import { makeTestCollection, writeTestCollection, type TestCollection } from '../../apps/server/test/support/test-collection.ts';
import { expectPath, launchBrowser, readSession, settle, withPage } from '../helpers.ts';
import { cleanChildEnv, startBlockfrostEmulator, type EmulatorProcess } from '../blockfrost-chain.ts';

let browser: Browser;
let chain: EmulatorProcess | undefined;
let server: KingdomServer | undefined;
let scratch: string;
let player: CardanoTestWallet;
let collection: TestCollection;
/** The player's lands' cells, as the Valley names them. */
let playerCells: string[];

/** A CIP-30 wallet at `window.cardano.eternl` whose `signData` is the test wallet's (through the page's binding). */
async function installWallet(page: Page, wallet: CardanoTestWallet): Promise<void> {
  await page.exposeFunction('e2eSignData', (payloadHex: string) => wallet.signData(Buffer.from(payloadHex, 'hex').toString('utf8')));
  await page.addInitScript(({ addressHex }) => {
    const w = window as unknown as { cardano?: Record<string, unknown>; e2eSignData(p: string): Promise<{ signature: string; key: string }> };
    const api = {
      getNetworkId: async () => 0,
      getUsedAddresses: async () => [addressHex],
      getUnusedAddresses: async () => [],
      getChangeAddress: async () => addressHex,
      getRewardAddresses: async () => [],
      getBalance: async () => '00',
      getUtxos: async () => [],
      signData: async (_addr: string, payload: string) => w.e2eSignData(payload),
      signTx: async () => { throw { code: 2, info: 'user declined' }; },
      submitTx: async () => { throw { code: 2, info: 'not in this test' }; },
      getExtensions: async () => [],
    };
    w.cardano = { ...(w.cardano ?? {}), eternl: { name: 'eternl', icon: '', apiVersion: '0.1.0', enable: async () => api, isEnabled: async () => true } };
  }, { addressHex: wallet.addressHex });
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'kingdom-e2e-world-'));
  player = createCardanoTestWallet({ kind: 'enterprise' });
  const others = Array.from({ length: 4 }, () => createCardanoTestWallet({ kind: 'enterprise' }).address);
  // 1,000 lands keep the run short; the 5,000-land import is timed in apps/server/test/lands/world-import.test.ts
  collection = makeTestCollection({ holders: [player.address, ...others], lands: 1000, tools: 20 });
  const file = join(scratch, 'collection.json');
  writeTestCollection(file, collection);
  const cells = generateValley(1000);
  playerCells = collection.landsOf.get(player.address)!.map((id) => hexName(cells[id - 1]!.q, cells[id - 1]!.r));
  chain = await startBlockfrostEmulator(scratch, { extraArgs: ['--collection', file], readyKey: 'MINING_TOOL_POLICY_ID', timeoutMs: 300_000 });
  const chainEnv = chain.env;
  expect(chainEnv).toMatchObject({ CARDANO_NETWORK: 'preprod', DEMO: 'false', LAND_POLICY_ID: expect.stringMatching(/^[0-9a-f]{56}$/) });
  const env = {
    ...chainEnv, DATA_DIR: join(scratch, 'data'), BLOCKFROST_RATE_PER_SECOND: '1000', BLOCKFROST_BURST: '1000', LOG_LEVEL: 'warn',
    SOLANA_SALE_ADDRESS: '11111111111111111111111111111111',
  };
  const imported = spawnSync(process.execPath, ['--import', 'tsx', join('apps', 'server', 'src', 'cli.ts'), 'world', 'import'], {
    cwd: REPO_ROOT, env: { ...cleanChildEnv(), ...env }, encoding: 'utf8', timeout: 300_000,
  });
  expect(imported.status, `${imported.stdout}\n${imported.stderr}`).toBe(0);
  expect(imported.stdout).toMatch(/new 1013, updated 0, unchanged 0, refused 7/);
  server = await startKingdomServer({
    demo: false,
    env: { ...env, CHAIN_WATCH_MS: '1000', PRICE_SERVICE_URL: inject('priceServiceUrl'), WEB_DIST: process.env.E2E_WEB_DIST ?? join(REPO_ROOT, 'apps', 'web', 'dist') },
    logFile: join(scratch, 'server.log'),
  });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await chain?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('a player of an imported world', () => {
  for (const phone of [false, true]) {
    test(`signs in with their wallet and sees their real lands (${phone ? 'phone' : 'desktop'})`, async () => {
      await withPage(browser, `imported-world-${phone ? 'phone' : 'desktop'}`, { baseUrl: server!.url, phone }, async (w) => {
        const { page } = w;
        await installWallet(page, player);
        await page.goto('/login');
        await expect.poll(() => page.getByText('Enter the Kingdom').first().isVisible(), { timeout: 20_000 }).toBe(true);
        // no demo wallet outside demo mode
        expect(await page.getByRole('button', { name: /Demo wallet/ }).count()).toBe(0);
        await page.getByRole('button', { name: /Eternl/ }).first().click();
        await expectPath(page, '/dashboard/overview', 30_000);
        const session = await readSession(page);
        expect(session).toMatchObject({ isAuth: true, walletAddress: player.address });
        await w.shot('overview');
        await page.goto('/dashboard/inventory/lands');
        for (const cell of playerCells) await expect.poll(() => page.getByText(cell).first().isVisible(), { timeout: 20_000 }).toBe(true);
        await settle(page);
        await w.shot('my-lands');
        // the Valley map has the imported lands, the player's among them
        await page.goto('/valley');
        await settle(page);
        await w.shot('valley');
        expect(w.errors).toEqual([]);
      });
    }, 180_000);
  }
});

/**
 * The imported world end to end (docs/operator-guide.md "Pointing the Kingdom at a collection"): the
 * Blockfrost-compatible emulator runs as its own process seeded with a collection file shaped like
 * a real CIP-25 land collection (`blockfrost-emulator --collection`), `kingdom world import` runs as
 * a process on the environment it prints (preprod settings, DEMO=false, LAND_POLICY_ID, …), then a
 * Kingdom server starts on the imported world; in headless Chromium a holder of three of those
 * lands signs in with a CIP-30 wallet (Eternl's `window.cardano.eternl`, its keys in this test:
 * signatures made by the test wallet for real) and sees their real lands — desktop and phone.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { generateValley, hexName } from '@kingdom/game';
import { freePort } from '../../tools/pg-cluster.ts';
import { REPO_ROOT, startKingdomServer, type KingdomServer } from '../../tools/kingdom-server.ts';
import { createCardanoTestWallet, type CardanoTestWallet } from '../../apps/server/test/support/wallets.ts';
import { makeTestCollection, writeTestCollection, type TestCollection } from '../../apps/server/test/support/test-collection.ts';
import { expectPath, launchBrowser, readSession, settle, withPage } from '../helpers.ts';

let browser: Browser;
let chainProcess: ChildProcess | undefined;
let server: KingdomServer | undefined;
let scratch: string;
let player: CardanoTestWallet;
let collection: TestCollection;
/** The player's lands' cells, as the Valley names them. */
let playerCells: string[];

function cleanEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of ['DATABASE_URL', 'TEST_DATABASE_URL', 'DATA_DIR', 'NODE_OPTIONS', 'VITEST', 'VITEST_MODE', 'TEST', 'NODE_ENV', 'TREASURY_KEY_FILE', 'KINGDOM_TEST_DB']) delete env[key];
  return env;
}

/** Starts the emulator CLI with the collection and returns the KEY=value lines it prints. */
async function startChain(collectionFile: string): Promise<Record<string, string>> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join('apps', 'server', 'src', 'cli.ts'), 'blockfrost-emulator',
    '--port', String(port), '--block-ms', '0', '--data-dir', join(scratch, 'chain'), '--treasury-key-file', join(scratch, 'treasury.skey'),
    '--collection', collectionFile], { cwd: REPO_ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  chainProcess = child;
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  const deadline = Date.now() + 300_000;
  while (!/^MINING_TOOL_POLICY_ID=/m.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`blockfrost-emulator did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return Object.fromEntries(out.split('\n').map((l) => /^([A-Z_]+)=(.+)$/.exec(l.trim())).filter((m) => m !== null).map((m) => [m[1]!, m[2]!]));
}

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
  // 1,000 lands keep the run short; the 5,000-land import is timed in apps/server/test/world-import.test.ts
  collection = makeTestCollection({ holders: [player.address, ...others], lands: 1000, tools: 20 });
  const file = join(scratch, 'collection.json');
  writeTestCollection(file, collection);
  const cells = generateValley(1000);
  playerCells = collection.landsOf.get(player.address)!.map((id) => hexName(cells[id - 1]!.q, cells[id - 1]!.r));
  const chainEnv = await startChain(file);
  expect(chainEnv).toMatchObject({ CARDANO_NETWORK: 'preprod', DEMO: 'false', LAND_POLICY_ID: expect.stringMatching(/^[0-9a-f]{56}$/) });
  const env = {
    ...chainEnv, DATA_DIR: join(scratch, 'data'), BLOCKFROST_RATE_PER_SECOND: '1000', BLOCKFROST_BURST: '1000', LOG_LEVEL: 'warn',
    SOLANA_SALE_ADDRESS: '11111111111111111111111111111111',
  };
  const imported = spawnSync(process.execPath, ['--import', 'tsx', join('apps', 'server', 'src', 'cli.ts'), 'world', 'import'], {
    cwd: REPO_ROOT, env: { ...cleanEnv(), ...env }, encoding: 'utf8', timeout: 300_000,
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
  if (chainProcess && chainProcess.exitCode === null) {
    chainProcess.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (chainProcess.exitCode === null) chainProcess.kill('SIGKILL');
  }
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

/**
 * The operator console end to end (issue 37; docs/product.md §2 `/console`), in headless Chromium
 * against two real servers of the built app sharing one PostgreSQL database (maintenance is for every
 * server at once):
 *
 * - a player (the demo Solana wallet, whose secret key the test chose) pays an EXO order in SOL one
 *   lamport short on the local cluster: the Solana watcher records it unmatched (`under`);
 * - that player opening `/console` is told they are not an operator;
 * - an operator (the demo Cardano wallet, made an admin with `kingdom operators add`) finds the
 *   player by the payment's Solana signature, resolves the payment (credits EXO: the balance moves),
 *   locks the chest (the player's chest then answers CHEST_EXPLOIT), broadcasts a message the
 *   player receives, and switches maintenance on (the other server answers 503 MAINTENANCE while the
 *   console still works) and off again; axe finds nothing serious on the console's pages;
 * - on a phone (390×844) the console reads: every section renders without a page-wide scroll.
 */
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { SOLANA_PAY_MEMO_PROGRAM } from '@kingdom/game';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { REPO_ROOT, startKingdomServer, type KingdomServer } from '../../tools/kingdom-server.ts';
import { freshDatabase, type FreshDatabase } from '../../tools/pg-cluster.ts';
import { expectPath, launchBrowser, openPage, readSession, seriousAxeViolations, settle, signInWithDemoWallet, toastTexts, type WatchedPage } from '../helpers.ts';

const DESKTOP = { width: 1366, height: 768 } as const;

let browser: Browser;
let fresh: FreshDatabase;
let a: KingdomServer;
let b: KingdomServer;

beforeAll(async () => {
  browser = await launchBrowser();
  fresh = await freshDatabase(`kingdom_e2e_console_${process.pid}`);
  const env = { PRICE_SERVICE_URL: inject('priceServiceUrl'), WEB_DIST: process.env.E2E_WEB_DIST ?? join(REPO_ROOT, 'apps', 'web', 'dist'), LOG_LEVEL: 'warn' };
  // one after the other: the first seeds the demo world
  a = await startKingdomServer({ databaseUrl: fresh.url, env });
  b = await startKingdomServer({ databaseUrl: fresh.url, env });
});
afterAll(async () => {
  await browser?.close();
  await b?.stop();
  await a?.stop();
  await fresh?.stop();
});

/** Makes `address` an operator with `role`, as the operator guide says: `npm run kingdom -- operators add`. */
function addOperator(chain: 'cardano' | 'solana', address: string, role: 'viewer' | 'support' | 'admin'): void {
  const cli = join(REPO_ROOT, 'apps', 'server', 'src', 'cli.ts');
  const r = spawnSync(process.execPath, ['--import', 'tsx', cli, 'operators', 'add', '--chain', chain, '--address', address, '--role', role, '--reason', 'the e2e operator'], {
    cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: fresh.url, DATA_DIR: '' }, encoding: 'utf8', timeout: 120_000,
  });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
}

/** Lamports `address` holds on server `url`'s local cluster. */
async function solBalance(url: string, address: string): Promise<bigint> {
  const res = await fetch(new URL('/api/solana/rpc', url), {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
  });
  const body = (await res.json()) as { result?: { value: number | string } };
  return BigInt(body.result?.value ?? 0);
}

/** The player's SOL order paid one lamport short from `kp` (memo and reference as the order asks); its signature. */
async function payShort(url: string, kp: Keypair, token: string): Promise<{ signature: string; orderId: number }> {
  const api = new KingdomClient(url);
  const { order } = await api.call('exoOrderCreate', { body: { pack: 'exo_1k', pay_chain: 'solana' }, headers: { 'Idempotency-Key': randomUUID() } }, token);
  const sp = order.solana_pay!;
  const conn = new Connection(new URL('/api/solana/rpc', url).toString(), 'confirmed');
  const transfer = SystemProgram.transfer({ fromPubkey: kp.publicKey, toPubkey: new PublicKey(sp.recipient), lamports: Number(BigInt(sp.lamports) - 1n) });
  transfer.keys.push({ pubkey: new PublicKey(sp.reference), isSigner: false, isWritable: false });
  const { blockhash } = await conn.getLatestBlockhash('confirmed');
  const tx = new Transaction({ feePayer: kp.publicKey, recentBlockhash: blockhash });
  tx.add(new TransactionInstruction({ programId: new PublicKey(SOLANA_PAY_MEMO_PROGRAM), keys: [], data: Buffer.from(sp.memo, 'utf8') }));
  tx.add(transfer);
  tx.sign(kp);
  return { signature: await conn.sendRawTransaction(tx.serialize()), orderId: order.id };
}

/** Fills the open action dialog's reason and sends it. */
async function sendWithReason(w: WatchedPage, dialogTestId: string, reason: string): Promise<void> {
  const dialog = w.page.getByTestId(dialogTestId);
  await expect.poll(() => dialog.isVisible()).toBe(true);
  expect(await dialog.getByTestId('action-submit').isDisabled()).toBe(true);
  await dialog.getByTestId('action-reason').fill(reason);
  await dialog.getByTestId('action-submit').click();
  await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(false);
}

/** No serious axe finding, and no page-wide horizontal scroll. */
async function checkPage(w: WatchedPage, width: number): Promise<void> {
  await settle(w.page);
  expect(await seriousAxeViolations(w.page)).toEqual([]);
  expect(await w.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('the operator console', () => {
  test('desktop: find a player by a Solana signature, resolve the payment, lock the chest, broadcast, maintenance on and off; phone: read', async () => {
    // ---- the player: the demo Solana wallet with a key the test knows ----
    const playerKey = Keypair.generate();
    const seedHex = Buffer.from(playerKey.secretKey.slice(0, 32)).toString('hex');
    const p = await openPage(browser, 'console-player', { baseUrl: a.url, viewport: DESKTOP });
    const o = await openPage(browser, 'console-operator', { baseUrl: a.url, viewport: DESKTOP });
    try {
      await p.page.goto('/login');
      await p.page.evaluate((sk) => localStorage.setItem('kingdom.demo.solana.sk', sk), seedHex);
      const player = await signInWithDemoWallet(p, 'Solana');
      expect(player.walletAddress).toBe(playerKey.publicKey.toBase58());
      await expect.poll(() => solBalance(a.url, player.walletAddress), { timeout: 60_000, interval: 500 }).toBeGreaterThan(1_000_000_000n);
      const { signature } = await payShort(a.url, playerKey, player.token);
      const playerApi = new KingdomClient(a.url);
      const exoBefore = BigInt((await playerApi.call('balance', { params: { token: 'exo' } }, player.token)).balance);

      // a player is no operator
      await p.page.goto('/console');
      await expect.poll(() => p.page.getByRole('heading', { name: 'Not an operator' }).isVisible(), { timeout: 20_000 }).toBe(true);
      await p.shot('not-an-operator');

      // ---- the operator: the demo Cardano wallet, made an admin from the command line ----
      const op = await signInWithDemoWallet(o, 'Cardano');
      addOperator('cardano', op.walletAddress, 'admin');
      const opApi = new KingdomClient(a.url);
      // the watcher records the short payment once it is final
      await expect.poll(async () => (await opApi.call('consoleSearch', { query: { q: signature } }, op.token)).hits.length, { timeout: 90_000, interval: 1_000 }).toBeGreaterThan(0);

      const { page } = o;
      await page.goto('/console');
      await expectPath(page, '/console/search');
      await expect.poll(() => page.getByTestId('console-role').textContent()).toBe('Role: Admin');
      await checkPage(o, DESKTOP.width);
      await page.getByTestId('console-search-input').fill(signature);
      await page.getByTestId('console-search-submit').click();
      const hit = page.getByTestId('search-hit').first();
      await expect.poll(() => hit.textContent(), { timeout: 20_000 }).toContain('Solana signature');
      await o.shot('search-by-signature');
      await hit.getByTestId('search-hit-link').click();
      await expect.poll(() => page.getByTestId('player-flags').isVisible(), { timeout: 20_000 }).toBe(true);
      expect(pathOfPage(page.url())).toBe(`/console/player/${player.userId}`);
      await checkPage(o, DESKTOP.width);
      await o.shot('player-page');

      // resolve the payment: credit 1 EXO to its account (under any two-person limit)
      const payment = page.getByTestId('player-payments').getByTestId('payment-row').first();
      await expect.poll(() => payment.getByTestId('payment-state').textContent(), { timeout: 20_000 }).toContain('Unmatched');
      await payment.getByTestId('payment-resolve').click();
      const resolve = page.getByTestId('resolve-dialog');
      await resolve.getByTestId('resolve-amount').fill('1');
      await o.shot('resolve-dialog');
      await sendWithReason(o, 'resolve-dialog', 'paid one lamport short: credited by support');
      await expect.poll(async () => (await toastTexts(page)).some((t) => t.includes('Payment resolved.')), { timeout: 20_000 }).toBe(true);
      await expect.poll(async () => BigInt((await playerApi.call('balance', { params: { token: 'exo' } }, player.token)).balance), { timeout: 20_000 }).toBe(exoBefore + 1_000_000n);
      await expect.poll(() => page.getByTestId('player-payments').getByTestId('payment-state').first().textContent(), { timeout: 20_000 }).toContain('Credited');

      // lock the chest: the player's chest then answers CHEST_EXPLOIT
      await page.getByTestId('action-chest').click();
      await sendWithReason(o, 'chest-dialog', 'farming the chest with bots');
      await expect.poll(() => page.getByTestId('flag-chest').textContent(), { timeout: 20_000 }).toBe('Yes');
      const opened = await playerApi.send('chestOpen', { body: {} }, player.token);
      expect((opened.body as { error?: string }).error).toBe('CHEST_EXPLOIT');
      await p.page.goto('/account/chest');
      await expect.poll(() => p.page.getByText('Chest is locked, please contact support').first().isVisible(), { timeout: 20_000 }).toBe(true);
      await p.shot('chest-locked');
      await expect.poll(() => page.getByTestId('player-audit').textContent(), { timeout: 20_000 }).toContain('farming the chest with bots');
      await o.shot('player-after-actions');

      // broadcast a message the player receives
      await page.getByTestId('console-nav-announce').click();
      await expectPath(page, '/console/announce');
      await checkPage(o, DESKTOP.width);
      await page.getByTestId('broadcast-open').click();
      const broadcast = page.getByTestId('broadcast-dialog');
      await broadcast.getByTestId('broadcast-title').fill('Maintenance tonight');
      await broadcast.getByTestId('broadcast-body').fill('The Kingdom pauses at 02:00 UTC for ten minutes.');
      await sendWithReason(o, 'broadcast-dialog', 'announce the upgrade');
      await expect.poll(async () => (await toastTexts(page)).some((t) => /^Sent to [\d,]+ players?\.$/.test(t.trim())), { timeout: 20_000 }).toBe(true);
      const inbox = await playerApi.call('notifications', { query: { page: 1 } }, player.token);
      expect(inbox.notifications.some((n) => n.data.title === 'Maintenance tonight')).toBe(true);

      // maintenance on: the other server refuses the player; the console still works; then off
      await page.getByTestId('maintenance-on-button').click();
      const mdialog = page.getByTestId('maintenance-dialog');
      await mdialog.getByTestId('maintenance-message').fill('Back in ten minutes');
      await mdialog.getByTestId('maintenance-ends').fill('2030-01-01T02:10');
      await sendWithReason(o, 'maintenance-dialog', 'release upgrade');
      await expect.poll(() => page.getByTestId('maintenance-on').textContent(), { timeout: 20_000 }).toBe('On');
      const onB = new KingdomClient(b.url);
      await expect.poll(async () => (await onB.send('balance', { params: { token: 'exo' } }, player.token)).status, { timeout: 30_000, interval: 500 }).toBe(503);
      await o.shot('maintenance-on');
      await p.page.goto(b.url + '/dashboard/overview');
      await expect.poll(() => p.page.getByText("We'll be back soon").first().isVisible(), { timeout: 20_000 }).toBe(true);
      await p.shot('player-sees-maintenance');
      await page.reload();
      await page.getByTestId('maintenance-off').click();
      await sendWithReason(o, 'maintenance-dialog', 'upgrade done');
      await expect.poll(() => page.getByTestId('maintenance-on').textContent(), { timeout: 20_000 }).toBe('Off');
      await expect.poll(async () => (await onB.send('balance', { params: { token: 'exo' } }, player.token)).status, { timeout: 30_000, interval: 500 }).toBe(200);

      // the audit log has every action
      await page.getByTestId('console-nav-audit').click();
      await expect.poll(() => page.getByTestId('audit-row').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
      await checkPage(o, DESKTOP.width);
      await o.shot('audit');
      for (const section of ['economy', 'operations', 'operators'] as const) {
        await page.getByTestId(`console-nav-${section}`).click();
        await expectPath(page, `/console/${section}`);
        await settle(page);
        // the charts' code arrives lazily: look at them drawn
        if (section === 'economy') await expect.poll(() => page.locator('figure .skeleton').count(), { timeout: 20_000 }).toBe(0);
        await checkPage(o, DESKTOP.width);
        await o.shot(section);
      }

      // ---- a phone: the same operator reads every page ----
      const session = await readSession(page);
      const phone = await openPage(browser, 'console-phone', { baseUrl: a.url, phone: true });
      try {
        await phone.page.goto('/login');
        await phone.page.evaluate((s) => localStorage.setItem('kingdom-session', JSON.stringify({ state: s, version: 0 })), session);
        for (const path of [`/console/search?q=${signature}`, `/console/player/${player.userId}`, '/console/economy', '/console/operations', '/console/audit', '/console/announce']) {
          await phone.page.goto(path);
          await expect.poll(() => phone.page.getByRole('navigation', { name: 'Console sections' }).isVisible(), { timeout: 20_000 }).toBe(true);
          await expect.poll(() => phone.page.locator('main h1').first().isVisible(), { timeout: 20_000 }).toBe(true);
          await checkPage(phone, 390);
          await phone.shot(path.split('?')[0]!.slice(1).replace(/\//g, '-'));
        }
        expect(phone.errors).toEqual([]);
      } finally {
        await phone.close();
      }
      // while maintenance was on, the player frame's start-up calls (the user, the unread count, the
      // demo clock) of a console reload answered 503 MAINTENANCE: expected, nothing else
      expect(o.errors.filter((e) => !e.includes('status of 503'))).toEqual([]);
    } catch (error) {
      await o.shot('failure').catch(() => undefined);
      await p.shot('failure').catch(() => undefined);
      throw error;
    } finally {
      await o.close();
      await p.close();
    }
  });
});

/** The path of `url`. */
function pathOfPage(url: string): string {
  return new URL(url).pathname;
}

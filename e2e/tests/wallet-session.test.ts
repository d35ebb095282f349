/**
 * The wallet session on both chains (issue 36 items 14–19; docs/product.md §4), on a desktop
 * (1366×768) and a phone (390×844):
 *  - a Solana demo player disconnects, reloads, and "Connect a wallet" leads to the Solana demo wallet
 *    (`/connect/demo-solana`; `/connect/demo` is the demo wallet of the account's chain), which signs a
 *    challenge and the server makes it the session's active wallet again (items 14, 16);
 *  - a Cardano demo player's $handle leaves with the wallet and stays gone over a reload (the
 *    dashboard/user refetch), the server holds no active wallet; the Wallets panel's connect button
 *    brings both back; a switch of account in the wallet is noticed on focus (items 15, 16, 17);
 *  - the demo Solana wallet is registered through Wallet Standard, so the session watch notices its
 *    account switch (item 19); a Wallet Standard wallet without signMessage (Ledger-like) signs in
 *    with the hardware box ticked by a never-sent memo transaction (item 18).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  PHONE, expectPath, launchBrowser, readSession, signInWithDemoWallet, toastTexts, withPage, type PageOptions, type WatchedPage,
} from '../helpers.ts';

const DESKTOP = { width: 1366, height: 768 };
const VIEWPORTS: readonly { name: string; options: PageOptions }[] = [
  { name: 'desktop', options: { viewport: DESKTOP } },
  { name: 'phone', options: { phone: true } },
];
const NOT_MATCH = 'The connected wallet does not match the dapp wallet!';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the account menu on a phone until `control` shows (on a desktop it is in the bar). */
async function reveal(page: Page, name: string, role: 'button' | 'link' = 'button') {
  const control = page.getByRole(role, { name });
  await expect.poll(async () => {
    if (await control.isVisible()) return true;
    const toggle = page.getByRole('button', { name: 'Account menu' });
    if (await toggle.isVisible() && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    return control.isVisible();
  }, { timeout: 20_000, interval: 500 }).toBe(true);
  return control;
}

/** The user as the server answers it now (its active wallet is `connect_wallet`). */
async function serverUser(page: Page, token: string): Promise<{ connect_wallet: string; wallet_handle: string | null; is_cardano: boolean }> {
  return page.evaluate(async (t) => {
    const res = await fetch('/api/dashboard/user', { headers: { authorization: `Bearer ${t}`, accept: 'application/json' } });
    return ((await res.json()) as { user: { connect_wallet: string; wallet_handle: string | null; is_cardano: boolean } }).user;
  }, token);
}

async function disconnect(w: WatchedPage) {
  await (await reveal(w.page, 'Disconnect wallet')).click();
  await expect.poll(async () => (await readSession(w.page))?.walletAddress, { timeout: 10_000 }).toBe('');
  await expect.poll(async () => (await toastTexts(w.page)).join(' | '), { timeout: 10_000 }).toContain('Wallet disconnected');
}

/** Stores another demo key of `chain` (the person switched account in the wallet); `event`: as a storage event from another tab. */
async function switchDemoAccount(page: Page, chain: 'cardano' | 'solana', event: boolean) {
  await page.evaluate(({ key, event }) => {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const value = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
    const oldValue = localStorage.getItem(key);
    localStorage.setItem(key, value);
    if (event) window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: localStorage }));
  }, { key: chain === 'cardano' ? 'kingdom.demo.cardano.sk' : 'kingdom.demo.solana.sk', event });
}

describe('wallet session (issue 36 items 14–19)', () => {
  for (const { name, options } of VIEWPORTS) {
    test(`Solana demo player: disconnect, reload, "Connect a wallet" → the Solana demo wallet, proved on the server (${name})`, async () => {
      await withPage(browser, `wallet-solana-reconnect-${name}`, options, async (w) => {
        const { page } = w;
        if (options.phone) expect(page.viewportSize()).toEqual(PHONE);
        const session = await signInWithDemoWallet(w, 'Solana');
        expect((await serverUser(page, session.token)).connect_wallet).toBe(session.walletAddress);
        await disconnect(w);
        // the server forgot the active wallet too (item 16)
        expect((await serverUser(page, session.token)).connect_wallet).toBe('');
        await page.reload();
        const connectLink = await reveal(page, 'Connect a wallet', 'link');
        expect(await connectLink.getAttribute('href')).toBe('/connect/demo-solana');
        await w.shot('after-reload-connect-link');
        await connectLink.click();
        await expectPath(page, '/connect/demo-solana');
        await expect.poll(() => page.getByText('Connected with Demo wallet (Solana)').count(), { timeout: 30_000 }).toBe(1);
        const back = await readSession(page);
        expect([back?.walletType, back?.walletApiName, back?.walletAddress, back?.token]).toEqual(['solana', 'demo', session.walletAddress, session.token]);
        expect((await serverUser(page, session.token)).connect_wallet).toBe(session.walletAddress);
        await w.shot('connected-again');

        // `/connect/demo` for a Solana player is the Solana demo wallet, never the Cardano one
        await disconnect(w);
        await page.goto('/connect/demo');
        await expect.poll(() => page.getByText('Connected with Demo wallet (Solana)').count(), { timeout: 30_000 }).toBe(1);
        expect((await readSession(page))?.walletAddress).toBe(session.walletAddress);
        expect((await toastTexts(page)).join(' | ')).not.toContain('This wallet is not verified');
        expect(w.errors).toEqual([]);
      });
    });

    test(`Cardano demo player: the $handle goes with the wallet, the Wallets panel connects it again, an account switch is noticed on focus (${name})`, async () => {
      await withPage(browser, `wallet-cardano-handle-${name}`, options, async (w) => {
        const { page } = w;
        const session = await signInWithDemoWallet(w, 'Cardano');
        const handle = page.getByTestId('header-handle');
        await reveal(page, 'Disconnect wallet');
        await expect.poll(() => handle.count(), { timeout: 20_000 }).toBe(1);
        const before = await serverUser(page, session.token);
        expect(before.wallet_handle).toMatch(/^demo_/);
        await disconnect(w);
        expect(await handle.count()).toBe(0);
        // the next dashboard/user (a reload refetches it) does not put the handle back (item 15)
        await page.reload();
        await reveal(page, 'Connect a wallet', 'link');
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        expect(await page.getByTestId('header-handle').count()).toBe(0);
        expect(await page.getByTestId('header-address').count()).toBe(0);
        expect(await serverUser(page, session.token)).toMatchObject({ connect_wallet: '', wallet_handle: null });
        await w.shot('disconnected-after-reload');

        // the Wallets panel has the connect action (item 14)
        await page.goto('/account/settings');
        const panel = page.getByTestId('connect-wallets');
        await expect.poll(() => panel.getByTestId('no-active-wallet').count(), { timeout: 20_000 }).toBe(1);
        await panel.scrollIntoViewIfNeeded();
        await w.shot('wallets-panel-connect');
        await panel.getByTestId('connect-demo').click();
        await expect.poll(() => page.getByText('Connected with Demo wallet (Cardano)').count(), { timeout: 30_000 }).toBe(1);
        expect(await serverUser(page, session.token)).toMatchObject({ connect_wallet: session.walletAddress, wallet_handle: before.wallet_handle });
        await reveal(page, 'Disconnect wallet');
        await expect.poll(() => page.getByTestId('header-handle').count(), { timeout: 20_000 }).toBe(1);

        // the person switches account in the wallet: noticed when the window gets the focus back (item 17)
        await switchDemoAccount(page, 'cardano', false);
        await page.evaluate(() => window.dispatchEvent(new Event('focus')));
        await expect.poll(async () => (await toastTexts(page)).join(' | '), { timeout: 20_000 }).toContain(NOT_MATCH);
        await expect.poll(async () => (await readSession(page))?.walletAddress, { timeout: 10_000 }).toBe('');
        await expect.poll(async () => (await serverUser(page, session.token)).connect_wallet, { timeout: 10_000 }).toBe('');
        expect((await readSession(page))?.token).toBe(session.token);
        await w.shot('cardano-account-switch');
      });
    });

    test(`Solana: the registered demo wallet's account switch ends the wallet session; a wallet without signMessage signs in as hardware (${name})`, async () => {
      await withPage(browser, `wallet-solana-watch-${name}`, options, async (w) => {
        const { page } = w;
        const session = await signInWithDemoWallet(w, 'Solana');
        // the wallet switches account (again, until the session's watch, loaded after sign-in, has heard one)
        await expect.poll(async () => {
          await switchDemoAccount(page, 'solana', true);
          return (await toastTexts(page)).join(' | ');
        }, { timeout: 30_000, interval: 1_000 }).toContain(NOT_MATCH);
        await expect.poll(async () => (await readSession(page))?.walletAddress, { timeout: 10_000 }).toBe('');
        await expect.poll(async () => (await serverUser(page, session.token)).connect_wallet, { timeout: 10_000 }).toBe('');
        await w.shot('solana-account-switch');
      });

      await withPage(browser, `wallet-solana-ledger-${name}`, options, async (w) => {
        const { page } = w;
        await page.addInitScript(installLedgerLikeWallet);
        await page.goto('/login');
        const solana = page.getByRole('region', { name: 'Solana' });
        await expect.poll(() => solana.getByText('Ledger Test').count(), { timeout: 20_000 }).toBe(1);
        // without the hardware box: Unsupported, not a button
        expect(await solana.getByRole('button', { name: /Ledger Test/ }).count()).toBe(0);
        expect(await solana.getByText('Ledger Test').locator('..').innerText()).toContain('Unsupported');
        await page.getByTestId('hardware-wallet').check();
        const pick = solana.getByRole('button', { name: /Ledger Test/ });
        await expect.poll(() => pick.count(), { timeout: 10_000 }).toBe(1);
        await w.shot('ledger-like-installed');
        await pick.click();
        await expectPath(page, '/dashboard/overview', 30_000);
        const s = await readSession(page);
        expect(s?.walletType).toBe('solana');
        expect(s?.walletAddress).toBe(await page.evaluate(() => (window as unknown as { ledgerTestAddress?: string }).ledgerTestAddress));
        expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kingdom-session') ?? '{}').state?.isHD)).toBe(true);
      });
    });
  }
});

/**
 * Runs in the page before the app: registers (Wallet Standard's register-wallet event) "Ledger Test",
 * a Solana wallet with connect, events and solana:signTransaction but no solana:signMessage, as
 * Ledger's Solana app offers; it signs legacy transactions for real with a WebCrypto Ed25519 key.
 */
function installLedgerLikeWallet(): void {
  const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const base58 = (bytes: Uint8Array): string => {
    let n = 0n;
    for (const b of bytes) n = n * 256n + BigInt(b);
    let out = '';
    while (n > 0n) {
      out = ALPHABET[Number(n % 58n)] + out;
      n /= 58n;
    }
    for (const b of bytes) {
      if (b !== 0) break;
      out = '1' + out;
    }
    return out;
  };
  const keys = crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
  let accounts: { address: string; publicKey: Uint8Array; chains: string[]; features: string[] }[] = [];
  const chains = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'];
  const wallet = {
    version: '1.0.0',
    name: 'Ledger Test',
    icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    chains,
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', (await keys).publicKey));
          const address = base58(publicKey);
          (window as unknown as { ledgerTestAddress?: string }).ledgerTestAddress = address;
          accounts = [{ address, publicKey, chains, features: ['solana:signTransaction'] }];
          return { accounts };
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => { accounts = []; } },
      'standard:events': { version: '1.0.0', on: () => () => undefined },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy'],
        signTransaction: async (...inputs: { transaction: Uint8Array }[]) => {
          const out: { signedTransaction: Uint8Array }[] = [];
          for (const { transaction } of inputs) {
            const count = transaction[0]!; // < 128: one byte
            const message = transaction.slice(1 + 64 * count);
            const signature = new Uint8Array(await crypto.subtle.sign('Ed25519', (await keys).privateKey, message));
            const signed = Uint8Array.from(transaction);
            signed.set(signature, 1); // the fee payer (this account) signs first
            out.push({ signedTransaction: signed });
          }
          return out;
        },
      },
    },
  };
  const callback = ({ register }: { register(w: unknown): void }) => register(wallet);
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
  window.addEventListener('wallet-standard:app-ready', (e) => callback((e as CustomEvent<{ register(w: unknown): void }>).detail));
}

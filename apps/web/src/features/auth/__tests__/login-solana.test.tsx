import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { LoginRequest } from '@kingdom/api';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import { mockHttp } from '../../../test/mock-http.ts';
import { TEST_USER, signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { useSession } from '../../../session/session-store.ts';

const CHALLENGE = 'kingdom.test wants you to sign in with your Solana account.\nNonce: n-2';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const CHAIN_INFO = { network: 'emulator', network_id: 0, confirmations: 15, treasury_address: 'addr_test1t', sale_address: 'addr_test1s', tip: { height: 1, slot: 1 }, explorer_tx_url: null, solana: null };

const realUserAgent = navigator.userAgent;
afterEach(() => {
  Object.defineProperty(navigator, 'userAgent', { value: realUserAgent, configurable: true });
});

describe('/login with Solana wallets', () => {
  it('on a phone, a Solana wallet that is not installed is Loadable: a link that opens this page in its app', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: PHONE, configurable: true });
    mockHttp(signedInRoutes());
    renderRoute('/login');
    const solana = await screen.findByRole('region', { name: 'Solana' });
    const phantom = within(solana).getByRole('link', { name: /^Phantom Loadable open this page in the Phantom app$/ });
    expect(phantom.getAttribute('href')).toBe(`https://phantom.app/ul/browse/${encodeURIComponent(window.location.href)}?ref=${encodeURIComponent(window.location.origin)}`);
    expect(within(solana).getByRole('link', { name: /^Solflare Loadable/ }).getAttribute('href')).toMatch(/^https:\/\/solflare\.com\/ul\/v1\/browse\//);
    // no app link for Backpack: its install page
    within(solana).getByRole('link', { name: /^Backpack Not detected Install Backpack$/ });
  });

  it('Ledger on Solana: with the hardware box, the demo wallet signs a never-sent memo transaction that the server accepts', async () => {
    // the server's user names the wallet just signed in with as the session's active wallet
    let address = '';
    const log = mockHttp(signedInRoutes({
      'GET /chain/info': { body: CHAIN_INFO },
      'POST /auth/challenge': { body: { message: CHALLENGE, nonce: 'n-2', expires_at: '2026-11-22T10:00:00Z' } },
      'POST /auth/login': (req) => {
        address = (req.body as LoginRequest).address;
        return { body: { token: 'tok-hd', user: { ...TEST_USER, connect_wallet: address, is_cardano: false }, expires_at: '2026-11-29T10:00:00Z' } };
      },
      'GET /dashboard/user': () => ({ body: { user: { ...TEST_USER, connect_wallet: address, is_cardano: false } } }),
    }));
    const { user, router } = renderRoute('/login');
    await user.click(await screen.findByTestId('hardware-wallet'));
    await user.click(screen.getByRole('button', { name: 'Demo wallet (Solana)' }));
    const facts = await screen.findByTestId('demo-wallet-sign-facts', {}, { timeout: 5000 });
    expect(facts.textContent).toBe(`Legacy transaction: moves no SOL (it is never sent). Memo: “${CHALLENGE.slice(0, 80)}”`);
    await user.click(screen.getByTestId('demo-wallet-sign'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'), { timeout: 5000 });
    const login = log.find((r) => r.path === '/auth/login')!.body as LoginRequest;
    expect(login.signature).toBeUndefined();
    // one signature (the fee payer's, the address) over the message, which carries the challenge as
    // its memo (the server's full check of this format runs in wallets/solana/sign-in-tx.test.ts)
    const wire = base64.decode(login.tx!);
    expect(wire[0]).toBe(1);
    const message = wire.slice(65);
    expect(ed25519.verify(wire.slice(1, 65), message, base58.decode(login.address))).toBe(true);
    expect(new TextDecoder().decode(message)).toContain(CHALLENGE);
    expect(useSession.getState().isHD).toBe(true);
    expect(useSession.getState().walletType).toBe('solana');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { getWallets } from '@wallet-standard/app';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import type { LoginRequest } from '@kingdom/api';
import { mockHttp, type MockRoutes } from '../../../test/mock-http.ts';
import { TEST_CONFIG, TEST_USER, signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { useSession } from '../../../session/session-store.ts';

const CHALLENGE = 'kingdom.test wants you to sign in.\nNonce: n-1';

function authRoutes(over: MockRoutes = {}): MockRoutes {
  // the server's user names the wallet just signed in with as the session's active wallet
  let address = TEST_USER.connect_wallet;
  return signedInRoutes({
    'POST /auth/challenge': { body: { message: CHALLENGE, nonce: 'n-1', expires_at: '2026-11-22T10:00:00Z' } },
    'POST /auth/login': (req) => {
      address = (req.body as LoginRequest).address;
      return { body: { token: 'tok-abc', user: { ...TEST_USER, connect_wallet: address }, expires_at: '2026-11-29T10:00:00Z' } };
    },
    'GET /dashboard/user': () => ({ body: { user: { ...TEST_USER, connect_wallet: address } } }),
    ...over,
  });
}

/** `window` with the CIP-30 injection point, as wallets set it. */
const win = window as unknown as { cardano?: Record<string, unknown> };

afterEach(() => {
  delete win.cardano;
});

describe('/login', () => {
  it("shows 'Enter the Kingdom' with the known wallets and their readiness", async () => {
    win.cardano = {
      eternl: { name: 'eternl', icon: 'data:image/png;base64,AA==', apiVersion: '0.1.0', isEnabled: async () => false, enable: async () => Promise.reject(new Error('unused')) },
    };
    mockHttp(authRoutes());
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Enter the Kingdom' });
    screen.getByText('Login with');
    const cardano = screen.getByRole('region', { name: 'Cardano' });
    within(cardano).getByRole('button', { name: /Eternl.*Installed/ });
    // the link's name starts with what it shows (WCAG 2.5.3) and says what it does
    const installLink = (name: string) => new RegExp(`^${name} Not detected Install ${name}$`);
    const lace = within(cardano).getByRole('link', { name: installLink('Lace') });
    expect(lace.getAttribute('href')).toBe('https://www.lace.io/');
    for (const name of ['Nami', 'Flint', 'Typhon', 'Yoroi', 'GeroWallet', 'NuFi', 'VESPR', 'Begin']) {
      within(cardano).getByRole('link', { name: installLink(name) });
    }
    const solana = screen.getByRole('region', { name: 'Solana' });
    within(solana).getByRole('link', { name: installLink('Phantom') });
    within(solana).getByRole('link', { name: installLink('Solflare') });
    await screen.findByRole('button', { name: 'Demo wallet (Cardano)' });
    screen.getByRole('button', { name: 'Demo wallet (Solana)' });
  });

  it('hides the demo wallets when the server is not in demo mode', async () => {
    mockHttp(authRoutes({ 'GET /config': { body: { ...TEST_CONFIG, demo: false } } }));
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Enter the Kingdom' });
    await screen.findByRole('link', { name: 'Whitepaper' });
    expect(screen.queryByRole('button', { name: 'Demo wallet (Cardano)' })).toBeNull();
    screen.getByText('No wallets found');
  });

  it('lists a Solana wallet registered through Wallet Standard as installed', async () => {
    const unregister = getWallets().register({
      version: '1.0.0',
      name: 'Phantom',
      icon: 'data:image/svg+xml;base64,AA==',
      chains: ['solana:devnet'],
      accounts: [],
      features: { 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) }, 'solana:signMessage': { version: '1.0.0', signMessage: async () => [] } },
    });
    try {
      mockHttp(authRoutes());
      renderRoute('/login');
      const solana = await screen.findByRole('region', { name: 'Solana' });
      within(solana).getByRole('button', { name: /Phantom.*Installed/ });
    } finally {
      unregister();
    }
  });

  it('signs in with the demo Cardano wallet through CIP-30 and opens the dashboard', async () => {
    const log = mockHttp(authRoutes());
    const { user, router } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Demo wallet (Cardano)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'), { timeout: 5000 });
    const challenge = log.find((r) => r.path === '/auth/challenge')!;
    const login = log.find((r) => r.path === '/auth/login')!.body as LoginRequest;
    expect(challenge.body).toEqual({ chain: 'cardano', address: login.address });
    expect(login.address).toMatch(/^addr_test1/);
    expect(login.message).toBe(CHALLENGE);
    expect(login.signature).toMatch(/^[0-9a-f]+$/);
    expect(login.key).toMatch(/^[0-9a-f]+$/);
    expect(login.wallet).toBe('demo');
    const s = useSession.getState();
    expect(s).toMatchObject({ isAuth: true, token: 'tok-abc', walletType: 'cardano', walletApiName: 'demo', walletAddress: login.address, userName: 'Aldric' });
    await screen.findByText('Wallet connected');
  });

  it('signs in with the demo Solana wallet: a real ed25519 signature in base58', async () => {
    const log = mockHttp(authRoutes());
    const { user, router } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Demo wallet (Solana)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'), { timeout: 5000 });
    const login = log.find((r) => r.path === '/auth/login')!.body as LoginRequest;
    expect(login.chain).toBe('solana');
    expect(login.key).toBeUndefined();
    const ok = ed25519.verify(base58.decode(login.signature ?? ''), new TextEncoder().encode(CHALLENGE), base58.decode(login.address));
    expect(ok).toBe(true);
    expect(useSession.getState().walletType).toBe('solana');
  });

  it("toasts 'Authorization process was cancelled!' when the user refuses in the wallet", async () => {
    win.cardano = {
      nami: { name: 'Nami', icon: '', apiVersion: '0.1.0', isEnabled: async () => false, enable: () => Promise.reject({ code: -3, info: 'user declined' }) },
    };
    const log = mockHttp(authRoutes());
    const { user, router } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: /Nami/ }));
    await screen.findByText('Authorization process was cancelled!');
    expect(router.state.location.pathname).toBe('/login');
    expect(log.some((r) => r.path === '/auth/login')).toBe(false);
    expect(useSession.getState().isAuth).toBe(false);
  });

  it('shows the server refusal of a bad proof (401) without signing in', async () => {
    mockHttp(authRoutes({ 'POST /auth/login': { status: 401, body: { error: 'USER_WALLET_NOT_BELONG', message: 'This wallet is not verified! Use another wallet or link this wallet to your account first.' } } }));
    const { user } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Demo wallet (Cardano)' }));
    await screen.findByText(/This wallet is not verified!/, {}, { timeout: 5000 });
    expect(useSession.getState().isAuth).toBe(false);
  });

  it("toasts the signature's own message for a proof that fails, never 'Your session has expired!' (issue 36 item 13)", async () => {
    mockHttp(authRoutes({ 'POST /auth/login': { status: 400, body: { error: 'WALLET_SIGNATURE_NOT_VALID', message: "The wallet's signature could not be verified. Please try again." } } }));
    const { user, router } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Demo wallet (Cardano)' }));
    await screen.findByText("The wallet's signature could not be verified. Please try again.", {}, { timeout: 5000 });
    expect(screen.queryByText('Your session has expired!')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState().isAuth).toBe(false);
  });

  it('signs in with a hardware wallet that refuses signData: it signs the server\'s unsigned transaction (signTx) and the app sends it as tx', async () => {
    const { createDemoCardanoWallet } = await import('../../../wallets/demo/index.ts');
    const { encode, decode } = await import('cborg');
    const { blake2b } = await import('@noble/hashes/blake2.js');
    const { hex } = await import('@scure/base');
    const signData = { calls: 0 };
    const storage = new Map<string, string>();
    const ledger = createDemoCardanoWallet({ getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) } as Storage,
      { refuseSignData: true, confirmSign: async () => true });
    win.cardano = {
      eternl: { ...ledger, name: 'eternl', enable: async () => {
        const api = await ledger.enable();
        return { ...api, signData: (a: string, p: string) => { signData.calls++; return api.signData(a, p); } };
      } },
    };
    // an unsigned transaction as the server builds it: [body, {} (no witnesses), true, {674: {msg: [...]}}]
    const body = new Map<number, unknown>([[0, []], [1, []], [2, 170_000], [3, 5]]);
    const aux = new Map([[674, new Map([['msg', [CHALLENGE]]])]]);
    const unsigned = hex.encode(encode([body, new Map(), true, aux]));
    const log = mockHttp(authRoutes({ 'POST /auth/challenge/tx': { body: { tx: unsigned } } }));
    const { user, router } = renderRoute('/login');
    await user.click(await screen.findByRole('checkbox', { name: 'Ledger / Trezor (hardware wallet)' }));
    await user.click(await screen.findByRole('button', { name: /Eternl/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'), { timeout: 5000 });
    expect(signData.calls).toBe(0);
    const challengeTx = log.find((r) => r.path === '/auth/challenge/tx')!.body as { chain: string; address: string; message: string };
    const login = log.find((r) => r.path === '/auth/login')!.body as LoginRequest;
    expect(challengeTx).toEqual({ chain: 'cardano', address: login.address, message: CHALLENGE });
    expect(login).toMatchObject({ chain: 'cardano', message: CHALLENGE, wallet: 'eternl' });
    expect(login.signature).toBeUndefined();
    // the signed transaction: the same body and metadata, and a witness of the wallet's key over the body hash
    const signedBytes = hex.decode(login.tx!);
    const bodyBytes = hex.decode(unsigned).subarray(1, 1 + encode(body).length);
    expect(hex.encode(signedBytes.subarray(1, 1 + bodyBytes.length))).toBe(hex.encode(bodyBytes));
    const [, witnesses, valid, auxOut] = decode(signedBytes, { useMaps: true }) as [unknown, Map<number, Array<[Uint8Array, Uint8Array]>>, boolean, unknown];
    expect(valid).toBe(true);
    expect(auxOut).toEqual(aux);
    const [vkey, sig] = witnesses.get(0)![0]!;
    expect(ed25519.verify(sig, blake2b(bodyBytes, { dkLen: 32 }), vkey)).toBe(true);
    expect(useSession.getState()).toMatchObject({ isAuth: true, isHD: true, walletApiName: 'eternl' });
  });
});

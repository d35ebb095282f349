import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS } from '@kingdom/api';
import { exec } from '../../src/db/client.ts';
import { hashToken } from '../../src/auth/tokens.ts';
import { createCardanoTestWallet, createCardanoTxTestWallet, createSolanaTestWallet, createSolanaTxTestWallet } from '../support/wallets.ts';
import { challengeFor, createTestKingdom, signInCardano, signInSolana, type TestKingdom } from '../support/kingdom.ts';

let k: TestKingdom;
beforeAll(async () => { k = await createTestKingdom(); });
afterAll(async () => { await k?.close(); });

const login = (body: object, headers?: Record<string, string>) => k.post(PATHS.authLogin, body, headers);

function expectNotAuth(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ error: 'USER_NOT_AUTH', message: 'Your session has expired!' });
}

/** A proof whose signature fails: its own code and message, never "Your session has expired!" (issue 36 item 13). */
function expectBadSignature(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'WALLET_SIGNATURE_NOT_VALID', message: "The wallet's signature could not be verified. Please try again." });
}

/** A proof of a challenge unknown, used, expired or for another wallet. */
function expectBadMessage(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'WALLET_MESSAGE_NOT_VALID', message: 'The signed message is unknown, already used or expired. Please try again.' });
}

describe('sign-in with Cardano (CIP-30 signData)', () => {
  it('signs in a new base-address wallet, creates its account and answers the user', async () => {
    const wallet = createCardanoTestWallet();
    const { token, user } = await signInCardano(k, wallet);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({ is_cardano: true, connect_wallet: wallet.address, land_owner: false, type: 'citizen' });
    const me = await k.get(PATHS.dashboardUser, token);
    expect(me.statusCode).toBe(200);
    expect(me.json().user.user_id).toBe(user.user_id);
  });

  it('signs in an enterprise-address wallet', async () => {
    const wallet = createCardanoTestWallet({ kind: 'enterprise' });
    const { user } = await signInCardano(k, wallet);
    expect(user.connect_wallet).toBe(wallet.address);
  });

  it('a second sign-in of the same wallet finds the same account', async () => {
    const wallet = createCardanoTestWallet();
    const a = await signInCardano(k, wallet);
    const b = await signInCardano(k, wallet);
    expect(b.user.user_id).toBe(a.user.user_id);
    expect(b.token).not.toBe(a.token);
  });

  it('refuses a replayed signature (the challenge is single use)', async () => {
    const wallet = createCardanoTestWallet();
    const message = await challengeFor(k, 'cardano', wallet.address);
    const sig = wallet.signData(message);
    const body = { chain: 'cardano', address: wallet.address, message, ...sig };
    expect((await login(body)).statusCode).toBe(200);
    expectBadMessage(await login(body));
  });

  it('refuses a signature by another key', async () => {
    const wallet = createCardanoTestWallet();
    const other = createCardanoTestWallet();
    const message = await challengeFor(k, 'cardano', wallet.address);
    expectBadSignature(await login({ chain: 'cardano', address: wallet.address, message, ...other.signData(message) }));
  });

  it('refuses a signature by the stake key of a base address', async () => {
    const wallet = createCardanoTestWallet();
    const message = await challengeFor(k, 'cardano', wallet.address);
    expectBadSignature(await login({ chain: 'cardano', address: wallet.address, message, ...wallet.signDataWithStakeKey(message) }));
  });

  it('refuses a tampered message', async () => {
    const wallet = createCardanoTestWallet();
    const message = await challengeFor(k, 'cardano', wallet.address);
    const sig = wallet.signData(message);
    expectBadSignature(await login({ chain: 'cardano', address: wallet.address, message: message.replace('Enter the Kingdom', 'Enter the Kingdom!'), ...sig }));
    // a signature over a tampered text sent with the issued text
    const sig2 = wallet.signData(message + ' ');
    expectBadSignature(await login({ chain: 'cardano', address: wallet.address, message, ...sig2 }));
  });

  it('refuses a message whose nonce was never issued', async () => {
    const wallet = createCardanoTestWallet();
    const message = (await challengeFor(k, 'cardano', wallet.address)).replace(/Nonce: [0-9a-f]{32}/, `Nonce: ${'ab'.repeat(16)}`);
    expectBadMessage(await login({ chain: 'cardano', address: wallet.address, message, ...wallet.signData(message) }));
  });

  it('refuses an expired challenge (5 minutes of the wall clock)', async () => {
    const wallet = createCardanoTestWallet();
    const message = await challengeFor(k, 'cardano', wallet.address);
    const nonce = /Nonce: ([0-9a-f]{32})/.exec(message)![1]!;
    const [row] = await exec<{ ttl: number }>(k.db.orm, sql`SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM auth_challenges WHERE nonce = ${nonce}`);
    expect(row!.ttl).toBe(300);
    // as if it was issued 5 minutes and a second ago
    await exec(k.db.orm, sql`UPDATE auth_challenges SET created_at = created_at - interval '301 seconds', expires_at = expires_at - interval '301 seconds' WHERE nonce = ${nonce}`);
    expectBadMessage(await login({ chain: 'cardano', address: wallet.address, message, ...wallet.signData(message) }));
  });

  it('a challenge runs on the wall clock: a demo tick of 24 h between issue and answer changes nothing (issue 36 item 20)', async () => {
    const wallet = createCardanoTestWallet();
    const message = await challengeFor(k, 'cardano', wallet.address);
    // another server's tick moves the shared game clock a day after the challenge was issued
    k.advance(24 * 3_600_000);
    const res = await login({ chain: 'cardano', address: wallet.address, message, ...wallet.signData(message) });
    expect(res.statusCode, res.body).toBe(200);
    // and through the demo tick itself
    const again = await challengeFor(k, 'cardano', wallet.address);
    expect((await k.post(PATHS.demoTick, { days: 1 })).statusCode).toBe(200);
    expect((await login({ chain: 'cardano', address: wallet.address, message: again, ...wallet.signData(again) })).statusCode).toBe(200);
  });

  it("refuses another address's nonce, even signed by that other address's key", async () => {
    const victim = createCardanoTestWallet();
    const attacker = createCardanoTestWallet();
    const message = await challengeFor(k, 'cardano', victim.address);
    expectBadMessage(await login({ chain: 'cardano', address: attacker.address, message, ...attacker.signData(message) }));
    // and the victim can still use it
    expect((await login({ chain: 'cardano', address: victim.address, message, ...victim.signData(message) })).statusCode).toBe(200);
  });

  it('refuses a login without key', async () => {
    const wallet = createCardanoTestWallet();
    const message = await challengeFor(k, 'cardano', wallet.address);
    expectBadSignature(await login({ chain: 'cardano', address: wallet.address, message, signature: wallet.signData(message).signature }));
  });

  it('answers NOT_VALID_REQUEST_ADDRESS for a challenge on a malformed address', async () => {
    const res = await k.post(PATHS.authChallenge, { chain: 'cardano', address: 'addr_test1notanaddress' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'NOT_VALID_REQUEST_ADDRESS', message: 'Unable to get wallet address, try again.' });
  });
});

describe('sign-in with Solana (ed25519, base58)', () => {
  it('signs in a new wallet', async () => {
    const wallet = createSolanaTestWallet();
    const { token, user } = await signInSolana(k, wallet);
    expect(user).toMatchObject({ is_cardano: false, connect_wallet: wallet.address });
    expect((await k.get(PATHS.dashboardUser, token)).statusCode).toBe(200);
  });

  it('refuses replay, another key, a tampered message and a Cardano-bound nonce', async () => {
    const wallet = createSolanaTestWallet();
    const other = createSolanaTestWallet();
    const message = await challengeFor(k, 'solana', wallet.address);
    expectBadSignature(await login({ chain: 'solana', address: wallet.address, message, signature: other.signMessage(message) }));
    expectBadMessage(await login({ chain: 'solana', address: wallet.address, message: message + '\n', signature: wallet.signMessage(message + '\n') }));
    const ok = { chain: 'solana', address: wallet.address, message, signature: wallet.signMessage(message) };
    expect((await login(ok)).statusCode).toBe(200);
    expectBadMessage(await login(ok));
    // a challenge issued for Cardano cannot be answered on Solana
    const cardano = createCardanoTestWallet();
    const cmsg = await challengeFor(k, 'cardano', cardano.address);
    expectBadMessage(await login({ chain: 'solana', address: wallet.address, message: cmsg, signature: wallet.signMessage(cmsg) }));
  });

  it('refuses garbage signatures without crashing', async () => {
    const wallet = createSolanaTestWallet();
    const message = await challengeFor(k, 'solana', wallet.address);
    expectBadSignature(await login({ chain: 'solana', address: wallet.address, message, signature: '0OIl' }));
    expectBadSignature(await login({ chain: 'solana', address: wallet.address, message, signature: 'x'.repeat(200) }));
  });
});

describe('hardware wallets: a signed, never-submitted transaction carrying the message', () => {
  it('signs in with a Cardano tx (CIP-20 label 674) and refuses a stake-key witness and a replay', async () => {
    const wallet = createCardanoTxTestWallet();
    const message = await challengeFor(k, 'cardano', wallet.address);
    expectBadSignature(await login({ chain: 'cardano', address: wallet.address, message, tx: wallet.signMessageTx(message, { signer: 'stake' }) }));
    const body = { chain: 'cardano', address: wallet.address, message, tx: wallet.signMessageTx(message) };
    const res = await login(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.connect_wallet).toBe(wallet.address);
    expectBadMessage(await login(body));
  });

  it('signs in with a Solana tx (Memo) and refuses a memo that differs', async () => {
    const wallet = createSolanaTxTestWallet();
    const message = await challengeFor(k, 'solana', wallet.address);
    expectBadSignature(await login({ chain: 'solana', address: wallet.address, message, tx: wallet.signMessageTx(message, { memo: message + '!' }) }));
    expect((await login({ chain: 'solana', address: wallet.address, message, tx: wallet.signMessageTx(message) })).statusCode).toBe(200);
  });

  it('wants exactly one of signature and tx', async () => {
    const wallet = createSolanaTestWallet();
    const message = await challengeFor(k, 'solana', wallet.address);
    const res = await login({ chain: 'solana', address: wallet.address, message });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });
});

describe('CSRF (double submit)', () => {
  it('answers 419 when the X-XSRF-TOKEN header is missing or wrong', async () => {
    const wallet = createSolanaTestWallet();
    const none = await k.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { chain: 'solana', address: wallet.address } });
    expect(none.statusCode).toBe(419);
    expect(none.json()).toEqual({ error: 'CSRF_TOKEN_MISMATCH', message: 'CSRF token mismatch.' });
    const c = await k.csrf();
    const wrong = await k.app.inject({
      method: 'POST', url: '/api/auth/challenge', payload: { chain: 'solana', address: wallet.address },
      headers: { cookie: c.headers.cookie!, 'x-xsrf-token': 'A'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(419);
    const noCookie = await k.app.inject({
      method: 'POST', url: '/api/auth/challenge', payload: { chain: 'solana', address: wallet.address },
      headers: { 'x-xsrf-token': c.cookie },
    });
    expect(noCookie.statusCode).toBe(419);
  });
});

describe('bearer tokens', () => {
  it('refuses a forged token and a missing one', async () => {
    expectNotAuth(await k.get(PATHS.dashboardUser, 'A'.repeat(43)));
    expectNotAuth(await k.get(PATHS.dashboardUser));
    expectNotAuth(await k.get(PATHS.balance('exo'), 'not a token!'));
  });

  it('logout revokes the token; a revoked token is refused everywhere', async () => {
    const { token } = await signInSolana(k, createSolanaTestWallet());
    const out = await k.get(PATHS.authLogout, token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'success' });
    for (const path of [PATHS.dashboardUser, PATHS.balance('hexo'), '/lands?my=true&page=1', PATHS.notificationsCount, PATHS.inventoryItems]) {
      expectNotAuth(await k.get(path, token));
    }
    expectNotAuth(await k.get(PATHS.authLogout, token));
  });

  it('an expired token is refused', async () => {
    const { token } = await signInSolana(k, createSolanaTestWallet());
    // sessions expire on the wall clock: as if it was opened its whole lifetime and a second ago
    await exec(k.db.orm, sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(token)}`);
    expectNotAuth(await k.get(PATHS.dashboardUser, token));
  });

  it('a session runs on the wall clock: a demo tick of several days neither ends nor extends it; it expires by wall time (issue 36 item 20)', async () => {
    const ttlMs = k.config.sessionTtlHours * 3_600_000;
    const signedIn = await signInSolana(k, createSolanaTestWallet());
    const { token } = signedIn;
    // opened for its lifetime on the wall clock, whatever the game clock says
    expect(Math.abs(Date.parse(signedIn.expires_at) - (Date.now() + ttlMs))).toBeLessThan(60_000);
    const expiry = async () => (await exec<{ e: string }>(k.db.orm, sql`SELECT expires_at::text AS e FROM sessions WHERE token_hash = ${hashToken(token)}`))[0]!.e;
    const opened = await expiry();
    // a demo tick of several days, then another server's tick moving the game clock past the session's lifetime
    const tick = await k.post(PATHS.demoTick, { days: 3 });
    expect(tick.statusCode, tick.body).toBe(200);
    k.advance(ttlMs + 86_400_000);
    expect((await k.get(PATHS.dashboardUser, token)).statusCode).toBe(200);
    expect((await k.get(PATHS.inventoryCount, token)).statusCode).toBe(200);
    // the tick did not move the session's expiry
    expect(await expiry()).toBe(opened);
    // a minute before its wall-clock end it is live; a second after, refused
    await exec(k.db.orm, sql`UPDATE sessions SET expires_at = now() + interval '1 minute' WHERE token_hash = ${hashToken(token)}`);
    expect((await k.get(PATHS.dashboardUser, token)).statusCode).toBe(200);
    await exec(k.db.orm, sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(token)}`);
    expectNotAuth(await k.get(PATHS.dashboardUser, token));
  });
});

describe('rate limit', () => {
  it('limits the auth routes per client', async () => {
    const limited = await createTestKingdom({ demo: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const wallet = createSolanaTestWallet();
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await limited.post(PATHS.authChallenge, { chain: 'solana', address: wallet.address })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const res = await limited.post(PATHS.authChallenge, { chain: 'solana', address: wallet.address });
      expect(res.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS' });
    } finally {
      await limited.close();
    }
  });

  it('a window runs on the wall clock: a demo tick of several days neither ends nor lengthens it (issue 36 item 20)', async () => {
    const limited = await createTestKingdom({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const wallet = createSolanaTestWallet();
      const challenge = () => limited.post(PATHS.authChallenge, { chain: 'solana', address: wallet.address });
      for (let i = 0; i < 3; i++) expect((await challenge()).statusCode).toBe(200);
      const tick = await limited.post(PATHS.demoTick, { days: 3 });
      expect(tick.statusCode, tick.body).toBe(200);
      limited.advance(3 * 86_400_000);
      const res = await challenge();
      expect(res.statusCode).toBe(429);
      // the window still ends within the minute of the wall clock it opened in
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      const windows = await exec<{ left_ms: number }>(limited.db.orm, sql`SELECT extract(epoch FROM window_ends_at - now())::float8 * 1000 AS left_ms FROM rate_limit_hits WHERE key LIKE ${'%' + PATHS.authChallenge + '%'}`);
      expect(windows.length).toBeGreaterThan(0);
      for (const w of windows) expect(w.left_ms).toBeLessThanOrEqual(60_000);
    } finally {
      await limited.close();
    }
  }, 180_000);
});

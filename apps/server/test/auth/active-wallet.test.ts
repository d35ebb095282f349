/**
 * The session's active wallet is a server fact (docs/product.md §4; issue 36 item 16): sign-in makes
 * the wallet of sign-in active; `POST /auth/wallet` makes another wallet of the account active by a
 * signed challenge; `POST /auth/wallet/disconnect` clears it. The user's `connect_wallet` and
 * `wallet_handle` follow it (item 15), the wallets list marks it `is_current`, and a withdrawal asks
 * it — never the wallet of sign-in — to be the Master Wallet.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type User, type WalletsResponse } from '@kingdom/api';
import { createTestKingdom, challengeFor, signInCardano, signInSolana, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet, createSolanaTestWallet, type CardanoTestWallet } from '../support/wallets.ts';

let k: TestKingdom;
beforeAll(async () => { k = await createTestKingdom(); });
afterAll(async () => { await k?.close(); });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = async (token: string) => (await k.get(ENDPOINTS.dashboardUser.path, token)).json<{ user: User }>().user;
const wallets = async (token: string) => (await k.get(ENDPOINTS.walletsList.path, token)).json<WalletsResponse>().wallets;
const withdraw = (token: string) =>
  k.post(ENDPOINTS.chainWithdrawalCreate.path, { token: 'hexo', amount: '1' }, { ...bearer(token), 'idempotency-key': randomUUID() });

/** `POST /auth/wallet` with a fresh challenge signed by `wallet`. */
async function connect(token: string, wallet: CardanoTestWallet) {
  const message = await challengeFor(k, 'cardano', wallet.address);
  return k.post(ENDPOINTS.authWalletConnect.path, { chain: 'cardano', address: wallet.address, message, ...wallet.signData(message) }, bearer(token));
}

/** Links `wallet` to the account of `token`. */
async function link(token: string, wallet: CardanoTestWallet) {
  const message = await challengeFor(k, 'cardano', wallet.address);
  const res = await k.post(ENDPOINTS.walletsLink.path, { chain: 'cardano', address: wallet.address, message, ...wallet.signData(message) }, bearer(token));
  expect(res.statusCode, res.body).toBe(200);
}

describe('the active wallet', () => {
  it('disconnect clears it on the server: the user has no address and no handle, the list no current wallet, a withdrawal no active wallet', async () => {
    const master = createCardanoTestWallet();
    const login = await signInCardano(k, master);
    expect(login.user.connect_wallet).toBe(master.address);
    expect(login.user.wallet_handle).not.toBeNull(); // the demo emulator gives every Cardano wallet a handle
    expect((await k.post(ENDPOINTS.walletsSetMaster.path, { address: master.address }, bearer(login.token))).statusCode).toBe(200);

    const off = await k.post(ENDPOINTS.authWalletDisconnect.path, {}, bearer(login.token));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ user: User }>().user).toMatchObject({ connect_wallet: '', wallet_handle: null, is_cardano: true });
    // the next dashboard/user (the refetch that put the handle back, item 15) agrees
    expect(await me(login.token)).toMatchObject({ connect_wallet: '', wallet_handle: null });
    expect((await wallets(login.token)).map((w) => w.is_current)).toEqual([false]);
    expect((await withdraw(login.token)).json().error).toBe('NOT_SET_ACTIVE_ADDRESS');

    // connected again, by a signed challenge: the master is active again
    const on = await connect(login.token, master);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<{ user: User }>().user).toMatchObject({ connect_wallet: master.address, wallet_handle: login.user.wallet_handle });
    expect(await me(login.token)).toMatchObject({ connect_wallet: master.address, wallet_handle: login.user.wallet_handle });
    expect((await wallets(login.token)).map((w) => w.is_current)).toEqual([true]);
    const res = await withdraw(login.token);
    expect(['NOT_SET_ACTIVE_ADDRESS', 'ACTIVE_ADDRESS_NOT_MASTER_ADDRESS']).not.toContain(res.json().error);
  });

  it('connecting the Master Wallet in a session signed in with another wallet makes withdrawals ask the master, not the wallet of sign-in', async () => {
    const master = createCardanoTestWallet();
    const first = await signInCardano(k, master);
    await k.post(ENDPOINTS.walletsSetMaster.path, { address: master.address }, bearer(first.token));
    const second = createCardanoTestWallet();
    await link(first.token, second);

    const session = await signInCardano(k, second);
    expect((await withdraw(session.token)).json().error).toBe('ACTIVE_ADDRESS_NOT_MASTER_ADDRESS');
    expect((await wallets(session.token)).map((w) => [w.address, w.is_current])).toEqual([[master.address, false], [second.address, true]]);

    const on = await connect(session.token, master);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<{ user: User }>().user.connect_wallet).toBe(master.address);
    expect((await wallets(session.token)).map((w) => [w.address, w.is_current])).toEqual([[master.address, true], [second.address, false]]);
    expect((await withdraw(session.token)).json().error).not.toBe('ACTIVE_ADDRESS_NOT_MASTER_ADDRESS');
    // the other session of the account keeps its own active wallet
    expect((await me(first.token)).connect_wallet).toBe(master.address);
  });

  it('marks the sign-in wallet (is_sign_in), the one unlink refuses; the active wallet of another sign-in can be unlinked', async () => {
    const signIn = createCardanoTestWallet();
    const { token } = await signInCardano(k, signIn);
    const other = createCardanoTestWallet();
    await link(token, other);
    expect((await connect(token, other)).statusCode).toBe(200);
    expect((await wallets(token)).map((w) => [w.address, w.is_current, w.is_sign_in])).toEqual([[signIn.address, false, true], [other.address, true, false]]);
    const refused = await k.post(ENDPOINTS.walletsUnlink.path, { chain: 'cardano', address: signIn.address }, bearer(token));
    expect(refused.json().error).toBe('NOT_SET_ACTIVE_ADDRESS');
    const unlinked = await k.post(ENDPOINTS.walletsUnlink.path, { chain: 'cardano', address: other.address }, bearer(token));
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect((await wallets(token)).map((w) => [w.address, w.is_current, w.is_sign_in])).toEqual([[signIn.address, false, true]]);
  });

  it('refuses a wallet of another account, a proof that does not hold and a challenge used twice, keeping the session signed in', async () => {
    const mine = createCardanoTestWallet();
    const { token } = await signInCardano(k, mine);
    const stranger = createCardanoTestWallet();
    await signInCardano(k, stranger);
    const notMine = await connect(token, stranger);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error).toBe('USER_WALLET_NOT_BELONG');

    const message = await challengeFor(k, 'cardano', mine.address);
    const forged = await k.post(ENDPOINTS.authWalletConnect.path, { chain: 'cardano', address: mine.address, message, ...stranger.signData(message) }, bearer(token));
    expect(forged.json().error).toBe('WALLET_SIGNATURE_NOT_VALID');
    const good = { chain: 'cardano', address: mine.address, message, ...mine.signData(message) };
    expect((await k.post(ENDPOINTS.authWalletConnect.path, good, bearer(token))).statusCode).toBe(200);
    expect((await k.post(ENDPOINTS.authWalletConnect.path, good, bearer(token))).json().error).toBe('WALLET_MESSAGE_NOT_VALID');
    expect((await k.get(ENDPOINTS.dashboardUser.path, token)).statusCode).toBe(200);
    // without a session: 401
    expect((await k.post(ENDPOINTS.authWalletDisconnect.path, {})).statusCode).toBe(401);
  });

  it('works on Solana too: disconnect, then a signed challenge connects the wallet again', async () => {
    const w = createSolanaTestWallet();
    const { token } = await signInSolana(k, w);
    expect((await k.post(ENDPOINTS.authWalletDisconnect.path, {}, bearer(token))).json<{ user: User }>().user).toMatchObject({ connect_wallet: '', is_cardano: false });
    const message = await challengeFor(k, 'solana', w.address);
    const on = await k.post(ENDPOINTS.authWalletConnect.path, { chain: 'solana', address: w.address, message, signature: w.signMessage(message) }, bearer(token));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<{ user: User }>().user).toMatchObject({ connect_wallet: w.address, is_cardano: false });
  });
});

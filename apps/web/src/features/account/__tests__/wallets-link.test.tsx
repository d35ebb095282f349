import { afterEach, describe, expect, it } from 'vitest';
import { shortenMiddle } from '@kingdom/game';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createDemoCardanoWallet, demoCardanoAddress } from '../../../wallets/demo/index.ts';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { memoryStorage } from '../../../test/memory-storage.ts';

/** A separate key store, so the wallet in the "extension" is not the session's demo key. */
afterEach(() => {
  delete (window as { cardano?: unknown }).cardano;
});

describe('/account/settings: link a browser wallet (docs/game-rules.md §5)', () => {
  it('an installed CIP-30 wallet signs the server challenge and is linked with that proof', async () => {
    const storage = memoryStorage();
    // a real CIP-30 wallet object (ed25519 keys, COSE_Sign1) injected as if it were Eternl
    (window as { cardano?: unknown }).cardano = { eternl: { ...createDemoCardanoWallet(storage), name: 'eternl' } };
    const address = demoCardanoAddress(storage);
    const seen: Array<{ path: string; body: unknown }> = [];
    mockHttp(signedInRoutes({
      'GET /account/profile': { body: { user_name: 'Aldric', user_avatar: null, avatars: [] } },
      'GET /wallets': { body: { wallets: [{ id: 1, chain: 'cardano', address: 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6', is_master: false, is_current: true, synced_at: null }] } },
      'POST /auth/challenge': (req) => {
        seen.push({ path: req.path, body: req.body });
        return { body: { message: 'kingdom wants you to sign in', nonce: 'n1', expires_at: '2026-11-22T00:05:00.000Z' } };
      },
      'POST /wallets/link': (req) => {
        seen.push({ path: req.path, body: req.body });
        return { body: { wallets: [] } };
      },
    }));
    renderRoute('/account/settings', { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Link Eternl' }, { timeout: 15_000 }));
    await waitFor(() => expect(seen.map((s) => s.path)).toEqual(['/auth/challenge', '/wallets/link']));
    expect(seen[0]!.body).toEqual({ chain: 'cardano', address });
    expect(seen[1]!.body).toMatchObject({ chain: 'cardano', address, message: 'kingdom wants you to sign in', connected: address });
    const link = seen[1]!.body as { signature: string; key: string };
    expect(link.signature).toMatch(/^84[0-9a-f]+$/); // a COSE_Sign1 array
    expect(link.key).toMatch(/^a[0-9a-f]+$/); // a COSE_Key map
  });

  it('"Link stake key" signs the challenge for the wallet\'s reward address with its stake key, and lists the proved key (docs/game-rules.md §8.2)', async () => {
    const storage = memoryStorage();
    const wallet = { ...createDemoCardanoWallet(storage), name: 'eternl' };
    (window as { cardano?: unknown }).cardano = { eternl: wallet };
    const [rewardHex] = await (await wallet.enable()).getRewardAddresses();
    const { bech32, hex } = await import('@scure/base');
    const reward = bech32.encode('stake_test', bech32.toWords(hex.decode(rewardHex!)), 200);
    const seen: Array<{ path: string; body: unknown }> = [];
    let proved: Array<{ reward_address: string; proved_at: string }> = [];
    const wallets = () => ({ wallets: [{ id: 1, chain: 'cardano', address: 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6', is_master: false, is_current: true, synced_at: null }], stake_keys: proved });
    mockHttp(signedInRoutes({
      'GET /account/profile': { body: { user_name: 'Aldric', user_avatar: null, avatars: [] } },
      'GET /wallets': () => ({ body: wallets() }),
      'POST /auth/challenge': (req) => {
        seen.push({ path: req.path, body: req.body });
        return { body: { message: 'kingdom wants you to link the stake key', nonce: 'n1', expires_at: '2026-11-22T00:05:00.000Z' } };
      },
      'POST /wallets/stake': (req) => {
        seen.push({ path: req.path, body: req.body });
        proved = [{ reward_address: reward, proved_at: '2026-11-22T00:01:00.000Z' }];
        return { body: wallets() };
      },
    }));
    renderRoute('/account/settings', { signedIn: true });
    await screen.findByTestId('no-stake-keys', {}, { timeout: 5000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Link stake key (Eternl)' }, { timeout: 5000 }));
    await waitFor(() => expect(seen.map((s) => s.path)).toEqual(['/auth/challenge', '/wallets/stake']));
    expect(seen[0]!.body).toEqual({ chain: 'cardano', address: reward });
    const body = seen[1]!.body as { address: string; message: string; signature: string; key: string };
    expect(body).toMatchObject({ address: reward, message: 'kingdom wants you to link the stake key' });
    // the server's own check accepts it: signed by the stake key, over the message, for the reward address
    const { checkCardanoStakeSignature } = await import('../../../../../server/src/auth/verify.ts');
    expect(checkCardanoStakeSignature({ ...body, network: 'testnet' })).toEqual({ ok: true });
    expect((await screen.findByTestId('stake-key')).getAttribute('data-address')).toBe(reward);
    // the toast names the stake key linked, not a wallet's address (issue 39 item 7)
    expect(await screen.findByText(`Stake key linked: ${shortenMiddle(reward, 10, 6)}`)).toBeTruthy();
  });
});

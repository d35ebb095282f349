/**
 * The Wallets panel offers Unlink exactly where the server allows it (docs/game-rules.md §10.2): never
 * on the wallet this session signed in with (`is_sign_in`; the server answers NOT_SET_ACTIVE_ADDRESS)
 * nor on the last wallet, but on the active wallet when it is another one (`is_current`, docs/product.md §4).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const SIGN_IN = 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6';
const ACTIVE = 'addr_test1vpu5vlrf4xkxv2qpwngf6cjhtw542ayty80v8dyr49rf5eg0yu80w';
const OTHER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const wallet = (id: number, chain: 'cardano' | 'solana', address: string, flags: { is_current?: boolean; is_sign_in?: boolean }) => ({
  id, chain, address, is_master: false, is_current: false, is_sign_in: false, created_at: '2026-11-01T00:00:00Z', synced_at: null, ...flags,
});

describe('/account/settings: Unlink follows the server\'s rule', () => {
  it('is offered on the active wallet and the others, never on the sign-in wallet', async () => {
    const unlinked: unknown[] = [];
    mockHttp(signedInRoutes({
      'GET /account/profile': { body: { user_name: 'Aldric', user_avatar: null, avatars: [] } },
      // the player signed in with SIGN_IN, then connected ACTIVE (POST /auth/wallet)
      'GET /wallets': { body: { wallets: [wallet(1, 'cardano', SIGN_IN, { is_sign_in: true }), wallet(2, 'cardano', ACTIVE, { is_current: true }), wallet(3, 'solana', OTHER, {})], stake_keys: [] } },
      'POST /wallets/unlink': (req) => {
        unlinked.push(req.body);
        return { body: { wallets: [], stake_keys: [] } };
      },
    }));
    renderRoute('/account/settings', { signedIn: true });
    const items = await screen.findAllByTestId('wallet', undefined, { timeout: 15_000 });
    const byAddress = (a: string) => items.find((i) => i.getAttribute('data-address') === a)!;
    expect(within(byAddress(SIGN_IN)).queryByTestId('unlink')).toBeNull();
    expect(within(byAddress(OTHER)).getByTestId('unlink')).toBeTruthy();
    fireEvent.click(within(byAddress(ACTIVE)).getByTestId('unlink'));
    await waitFor(() => expect(unlinked).toEqual([{ chain: 'cardano', address: ACTIVE }]));
  });

  it('is not offered on the last wallet', async () => {
    mockHttp(signedInRoutes({
      'GET /account/profile': { body: { user_name: 'Aldric', user_avatar: null, avatars: [] } },
      'GET /wallets': { body: { wallets: [wallet(1, 'cardano', SIGN_IN, { is_sign_in: true, is_current: true })], stake_keys: [] } },
    }));
    renderRoute('/account/settings', { signedIn: true });
    await screen.findAllByTestId('wallet', undefined, { timeout: 15_000 });
    expect(screen.queryByTestId('unlink')).toBeNull();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createDemoCardanoWallet, demoCardanoAddress } from '../../../wallets/demo/index.ts';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

/** A separate key store, so the wallet in the "extension" is not the session's demo key. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k), clear: () => m.clear(), key: () => null, get length() { return m.size; } } as Storage;
}

afterEach(() => {
  delete (window as { cardano?: unknown }).cardano;
});

describe('/account/settings: link a browser wallet (issue 9)', () => {
  it('an installed CIP-30 wallet signs the server challenge and is linked with that proof', async () => {
    const storage = memoryStorage();
    // a real CIP-30 wallet object (ed25519 keys, COSE_Sign1) injected as if it were Eternl
    (window as { cardano?: unknown }).cardano = { eternl: { ...createDemoCardanoWallet(storage), name: 'eternl' } };
    const address = demoCardanoAddress(storage);
    const seen: Array<{ path: string; body: unknown }> = [];
    mockHttp(signedInRoutes({
      'GET /account/profile': { body: { user_name: 'Aldric', user_avatar: null, avatars: [] } },
      'GET /wallets': { body: { wallets: [{ id: 1, chain: 'cardano', address: 'addr_test1vqexample', is_master: false, is_current: true, synced_at: null }] } },
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
    fireEvent.click(await screen.findByRole('button', { name: 'Link Eternl' }, { timeout: 5000 }));
    await waitFor(() => expect(seen.map((s) => s.path)).toEqual(['/auth/challenge', '/wallets/link']));
    expect(seen[0]!.body).toEqual({ chain: 'cardano', address });
    expect(seen[1]!.body).toMatchObject({ chain: 'cardano', address, message: 'kingdom wants you to sign in', connected: address });
    const link = seen[1]!.body as { signature: string; key: string };
    expect(link.signature).toMatch(/^84[0-9a-f]+$/); // a COSE_Sign1 array
    expect(link.key).toMatch(/^a[0-9a-f]+$/); // a COSE_Key map
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { VALLEY_PATHS, type LandMint } from '@kingdom/api';
import { encodeValleyMap, type ValleyMapLand } from '@kingdom/game';
import { mockHttp, type MockRequest } from '../../test/mock-http.ts';
import { signedInRoutes, TEST_CONFIG } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { useSession } from '../../session/session-store.ts';
import { i18n } from '../../i18n/index.ts';

/** Renders the Valley at the free cell for the session as it is (signed in already). */
function render2() {
  return renderRoute('/valley?land=E00S00');
}

const TX = 'ab'.repeat(32);
const ADDRESS_HEX = '60' + '11'.repeat(28);
const lands: ValleyMapLand[] = [
  { id: 1, q: 0, r: 0, size: 'SMALL', biome: 'forest', goldmineLevel: 1, workers: 0, owner: null, minted: false },
  { id: 2, q: 3, r: -12, size: 'MEDIUM', biome: 'winter', goldmineLevel: 4, workers: 2, owner: 'addr_test1qqowner', minted: true },
];
const reserved: LandMint = {
  id: 7, status: 'reserved', land: { id: 1, hex_name: 'E00S00', q: 0, r: 0, size: 'SMALL', biome: 'forest' }, lovelace: '25000000', tx_hash: null,
  confirmations: 0, created_at: '2025-03-10T09:00:00.000Z', expires_at: '2025-03-10T09:30:00.000Z', confirmed_at: null,
};

/** The test session's CIP-30 wallet. */
function installWallet() {
  const signed: string[] = [];
  (window as unknown as { cardano?: unknown }).cardano = {
    eternl: {
      name: 'Eternl', icon: '', apiVersion: '0.1.0', isEnabled: async () => true,
      enable: async () => ({
        getNetworkId: async () => 0, getUsedAddresses: async () => [ADDRESS_HEX], getChangeAddress: async () => ADDRESS_HEX, getRewardAddresses: async () => [],
        signData: async () => ({ signature: '', key: '' }),
        signTx: async (tx: string) => (signed.push(tx), 'a10081825820' + '22'.repeat(32) + '5840' + '33'.repeat(64)),
      }),
    },
  };
  return signed;
}
afterEach(() => { delete (window as unknown as { cardano?: unknown }).cardano; });

function routes(over: Record<string, unknown> = {}, mints: () => LandMint[] = () => []) {
  return signedInRoutes({
    'GET /config': { body: { ...TEST_CONFIG, mint_url: '' } },
    [`GET ${VALLEY_PATHS.map}`]: { body: encodeValleyMap(lands) },
    [`GET ${VALLEY_PATHS.mine}`]: { body: { ids: [] } },
    'GET /mint/info': { body: { open: true, price_lovelace: '25000000', ttl_minutes: 30, free: 3500, confirmations: 15 } },
    'GET /mint': () => ({ body: { mints: mints() } }),
    'GET /chain/info': { body: { network: 'emulator', network_id: 0, confirmations: 15, treasury_address: 'addr_test1treasury', sale_address: 'addr_test1sale', tip: { height: 10, slot: 100 }, explorer_tx_url: null, solana: null } },
    ...over,
  } as Parameters<typeof signedInRoutes>[0]);
}

async function openDialog(path = '/valley?land=E00S00') {
  const r = renderRoute(path, { signedIn: true });
  const panel = await screen.findByTestId('valley-panel');
  await r.user.click(within(panel).getByRole('button', { name: 'Mint Your Land' }));
  return { ...r, dialog: await screen.findByRole('dialog', { name: 'Mint Your Land' }) };
}

describe('the mint dialog', () => {
  it('opens from the Valley panel when no external mint page is set, shows the price, and each refusal with its message', async () => {
    const bodies: unknown[] = [];
    const codes = [
      { status: 400, body: { error: 'MINT_REMOVE_COORS', message: "Please set the coordinates settings to 'Any'" } },
      { status: 404, body: { error: 'LAND_NOT_AVAILABLE', message: 'This Land is not available.' } },
      { status: 409, body: { error: 'LAND_SOLD_OUT', message: 'This Land is already minted!' } },
      { status: 409, body: { error: 'PENDING_TRANSACTION', message: 'Please wait, you have pending transactions!' } },
    ];
    mockHttp(routes({ 'POST /mint': (req: MockRequest) => (bodies.push(req.body), codes[bodies.length - 1]!) }));
    const { dialog, user } = await openDialog();
    await waitFor(() => expect(within(dialog).getByTestId('mint-price').textContent).toBe('25 ADA'));
    within(dialog).getByText('3,500 lands are still free.', { exact: false });
    expect((within(dialog).getByTestId('mint-named') as HTMLInputElement).checked).toBe(true);
    // "Any" with coordinates settings
    await user.click(within(dialog).getByTestId('mint-any'));
    await user.selectOptions(within(dialog).getByTestId('mint-size'), 'SUPERLARGE');
    await user.selectOptions(within(dialog).getByTestId('mint-quadrant'), 'NW');
    for (const { body } of codes) {
      await user.click(within(dialog).getByTestId('mint-reserve'));
      await waitFor(() => expect(within(dialog).getByTestId('mint-failure').textContent).toBe(body.message));
    }
    expect(bodies[0]).toEqual({ any: { size: 'SUPERLARGE', quadrant: 'NW' } });
  });

  it('reserves the cell, pays with the wallet and follows the mint to confirmed', async () => {
    const signed = installWallet();
    let state: LandMint[] = [];
    const posts: string[] = [];
    mockHttp(routes({
      'POST /mint': (req: MockRequest) => (posts.push(JSON.stringify(req.body)), state = [reserved], { body: { mint: reserved } }),
      'POST /mint/7/tx': (req: MockRequest) => (posts.push(JSON.stringify(req.body)), { body: { tx: '84a400', tx_hash: TX, fee: '200000' } }),
      'POST /mint/7/submit': () => {
        state = [{ ...reserved, status: 'submitted', tx_hash: TX }];
        return { body: { mint: state[0] } };
      },
    }, () => state));
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByTestId('mint-reserve'));
    await waitFor(() => expect(within(dialog).getByTestId('mint-status').textContent).toBe('Reserved, waiting for your payment'));
    expect(posts[0]).toBe('{"hex_name":"E00S00"}');
    await user.click(within(dialog).getByTestId('mint-pay'));
    await waitFor(() => expect(within(dialog).getByTestId('mint-status').textContent).toBe('Submitted, waiting for the next block'));
    expect(signed).toEqual(['84a400']);
    await waitFor(() => expect(screen.getByText(/^Transaction sent \(/)).toBeTruthy());
    expect(JSON.parse(posts[1]!)).toMatchObject({ address: expect.stringMatching(/^addr_test1/) });
    state = [{ ...reserved, status: 'confirmed', tx_hash: TX, confirmations: 15, confirmed_at: '2025-03-10T09:05:00.000Z' }];
    await waitFor(() => expect(within(dialog).getByTestId('mint-status').textContent).toBe('Minted: the land is yours'), { timeout: 5_000 });
    expect(within(dialog).getByRole('link', { name: 'See my lands' }).getAttribute('href')).toBe('/dashboard/inventory/lands');
  });

  it('shows an open mint first as the step it is, not as a refusal', async () => {
    mockHttp(routes({}, () => [reserved]));
    const { dialog } = await openDialog();
    await waitFor(() => expect(within(dialog).getByTestId('mint-pending').textContent).toBe('Your mint under way: one land at a time. Pay for it or give it up before reserving another.'));
    expect(within(dialog).getByTestId('mint-land').textContent).toContain('E00S00');
    expect(within(dialog).getByTestId('mint-status').textContent).toBe('Reserved, waiting for your payment');
    expect(within(dialog).queryByText('Please wait, you have pending transactions!')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('says which wallet pays before reserving; a Solana-only player cannot reserve', async () => {
    mockHttp(routes());
    const first = await openDialog();
    await waitFor(() => expect(within(first.dialog).getByTestId('mint-pays-with').textContent).toBe('Paid in ADA from the Cardano wallet you signed in with, after you reserve the land.'));
    expect((within(first.dialog).getByTestId('mint-reserve') as HTMLButtonElement).disabled).toBe(false);
    first.unmount();
    useSession.setState({ walletType: 'solana' });
    mockHttp(routes());
    const r = render2();
    const panel = await screen.findByTestId('valley-panel');
    await r.user.click(within(panel).getByRole('button', { name: 'Mint Your Land' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mint Your Land' });
    await waitFor(() => expect(within(dialog).getByTestId('mint-pays-with').textContent).toBe('The mint is paid in ADA on Cardano: sign in with a Cardano wallet to mint.'));
    expect((within(dialog).getByTestId('mint-reserve') as HTMLButtonElement).disabled).toBe(true);
  });

  it('in Spanish, says which wallet pays before reserving', async () => {
    await i18n.changeLanguage('es');
    try {
      mockHttp(routes());
      const r = renderRoute('/valley?land=E00S00', { signedIn: true });
      const panel = await screen.findByTestId('valley-panel');
      await r.user.click(within(panel).getByTestId('mint-open'));
      const dialog = await screen.findByRole('dialog', { name: 'Acuña tu tierra' });
      await waitFor(() => expect(within(dialog).getByTestId('mint-pays-with').textContent).toBe('Se paga en ADA con la billetera de Cardano con la que iniciaste sesión, después de reservar la tierra.'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

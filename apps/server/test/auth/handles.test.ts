/**
 * The wallet handle (docs/product.md §3): the ADA Handle a Cardano wallet holds under HANDLE_POLICY_ID,
 * resolved at sign-in and wallet sync, cached on the wallet, shown in the user answer
 * (`wallet_handle`). One wallet with two handles (the shortest, then the first by name), none, a
 * CIP-68 handle, a handle sold (the kept dashboard answer follows), and the demo's own handle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, type User } from '@kingdom/api';
import { exec } from '../../src/db/client.ts';
import { emulatorMint, mintCollection } from '@kingdom/emulators';
import { chooseHandle, handleOfAssetName } from '../../src/modules/wallets/handle.ts';
import { createTestKingdom, signInCardano, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';
import { startBlockfrostChain, type TestBlockfrostChain } from '../support/blockfrost-chain.ts';

const POLICY = 'f0ff48bbb7bbe9d59a40f1ce90e9e9d0ff5002ec48f232b49ca0fb9a';
const OTHER_POLICY = 'ab'.repeat(28);
const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');

describe('handle of an asset name', () => {
  it('reads legacy and CIP-68 (label 222) handles, and refuses other labels and what is not a handle', () => {
    expect(handleOfAssetName(hex('kingdom'))).toBe('kingdom');
    expect(handleOfAssetName(`000de140${hex('castle.keep')}`)).toBe('castle.keep');
    expect(handleOfAssetName(`000643b0${hex('kingdom')}`)).toBeNull(); // the CIP-68 reference token
    expect(handleOfAssetName('ff00')).toBeNull(); // not UTF-8
    expect(handleOfAssetName(hex('King Dom'))).toBeNull(); // not a handle's characters
    expect(handleOfAssetName('')).toBeNull();
  });

  it('chooses the shortest, then the first by code point; ignores other policies and zero quantities', () => {
    const a = (collectionKey: string, name: string, quantity = 1n) => ({ collectionKey, assetKey: hex(name), quantity });
    expect(chooseHandle([a(POLICY, 'castle'), a(POLICY, 'moat'), a(POLICY, 'keep')], POLICY)).toBe('keep');
    expect(chooseHandle([a(OTHER_POLICY, 'a'), a(POLICY, 'zz', 0n), a(POLICY, 'bbb')], POLICY)).toBe('bbb');
    expect(chooseHandle([a(OTHER_POLICY, 'a')], POLICY)).toBeNull();
  });
});

describe('the wallet handle through sign-in and sync', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom({ demo: false }); });
  afterAll(async () => { await k.close(); });
  const me = async (token: string) => (await k.get(ENDPOINTS.dashboardUser.path, token)).json<{ user: User }>().user;

  it('one wallet, two handles: the user answer shows the shortest; sold, the next sync shows the other and the kept answer follows', async () => {
    const w = createCardanoTestWallet();
    await emulatorMint(k.db.orm, 'cardano', w.address, POLICY, hex('longerhandle'));
    await emulatorMint(k.db.orm, 'cardano', w.address, POLICY, `000de140${hex('keep')}`);
    await emulatorMint(k.db.orm, 'cardano', w.address, OTHER_POLICY, hex('a'));
    const login = await signInCardano(k, w);
    expect(login.user.wallet_handle).toBe('keep');
    expect((await me(login.token)).wallet_handle).toBe('keep');
    const [row] = await exec<{ handle: string; checked: boolean }>(k.db.orm, sql`SELECT handle, handle_checked_at IS NOT NULL AS checked FROM wallets WHERE address = ${w.address}`);
    expect(row).toEqual({ handle: 'keep', checked: true });

    // the shorter handle is sold: the next sync shows the other, and the kept dashboard answer is dropped
    await exec(k.db.orm, sql`DELETE FROM emu_assets WHERE address = ${w.address} AND asset_key = ${`000de140${hex('keep')}`}`);
    const synced = await k.post(ENDPOINTS.walletSync.path, {}, { authorization: `Bearer ${login.token}` });
    expect(synced.statusCode, synced.body).toBe(200);
    expect((await me(login.token)).wallet_handle).toBe('longerhandle');
  });

  it('a wallet with no handle has none', async () => {
    const w = createCardanoTestWallet();
    await emulatorMint(k.db.orm, 'cardano', w.address, OTHER_POLICY, hex('nothandle'));
    const login = await signInCardano(k, w);
    expect(login.user.wallet_handle).toBeNull();
    expect((await me(login.token)).wallet_handle).toBeNull();
  });
});

describe('the demo gives demo wallets a handle', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom({ demo: true }); });
  afterAll(async () => { await k.close(); });

  it('a demo wallet signs in with a demo_ handle held on the emulator; signing in again gives no second one', async () => {
    const w = createCardanoTestWallet();
    const first = await signInCardano(k, w);
    expect(first.user.wallet_handle).toMatch(/^demo_[a-z0-9]{6}$/);
    const again = await signInCardano(k, w);
    expect(again.user.wallet_handle).toBe(first.user.wallet_handle);
    const [held] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM emu_assets WHERE address = ${w.address} AND collection_key = ${POLICY}`);
    expect(held!.n).toBe(1);
  });
});

describe('the wallet handle through the Blockfrost provider (preprod settings on the Blockfrost-compatible emulator)', () => {
  let chain: TestBlockfrostChain;
  let k: TestKingdom;
  const wallet = createCardanoTestWallet();
  beforeAll(async () => {
    chain = await startBlockfrostChain();
    const land = await mintCollection(chain.money, { land: { assets: [{ name: 'Land 1', 721: { name: 'Land 1' } }] } }, new Set());
    // the handle policy stands in as a second collection: two handles at the wallet's address
    const handles = await mintCollection(chain.money, { tool: { assets: [
      { name: 'castle', holder: wallet.address, 721: { name: '$castle' } },
      { nameHex: `000de140${hex('moat')}`, holder: wallet.address, 721: { name: '$moat' } },
    ] } }, new Set());
    k = await createTestKingdom({ demo: false, env: {
      ...chain.env, DEMO_CHAIN_FAUCET: 'false', LAND_POLICY_ID: land.policies.land, MINING_TOOL_POLICY_ID: OTHER_POLICY, HANDLE_POLICY_ID: handles.policies.tool,
      SOLANA_SALE_ADDRESS: '11111111111111111111111111111111', // a real Solana cluster's (never asked here)
    } });
  });
  afterAll(async () => {
    await k?.close();
    await chain?.close();
  });

  it("reads the wallet's handles from /addresses/{address}: the CIP-68 '$moat' before the longer '$castle'", async () => {
    const before = chain.server.requests().byRoute['GET /api/v0/addresses/:address'] ?? 0;
    const login = await signInCardano(k, wallet);
    expect(login.user.wallet_handle).toBe('moat');
    // one request for the holdings and the handle together
    expect((chain.server.requests().byRoute['GET /api/v0/addresses/:address'] ?? 0) - before).toBe(1);
  });
});

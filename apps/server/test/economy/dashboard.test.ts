import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS, type LandsResponse, type MiningToolsResponse } from '@kingdom/api';
import { LAND_POLICY_ID, PAGE_SIZE, VALLEY_LAND_COUNT } from '@kingdom/game';
import { createCardanoTestWallet, createSolanaTestWallet } from '../support/wallets.ts';
import { createTestKingdom, signInCardano, signInSolana, type TestKingdom } from '../support/kingdom.ts';
import { emulatorTransferNfts } from '@kingdom/emulators';

let k: TestKingdom;
beforeAll(async () => { k = await createTestKingdom(); });
afterAll(async () => { await k?.close(); });

describe('public reads', () => {
  it('config tells the web app about demo mode, mint URL and links', async () => {
    const res = await k.get(PATHS.config);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ demo: true, maintenance: false, mint_url: '', links: { whitepaper: expect.any(String) } });
  });

  it('prices are ADA per token with 5 decimals', async () => {
    const res = await k.get(PATHS.prices);
    // (ada_usd, sol_usd: USD per ADA and SOL; the demo's prices never go stale)
    expect(res.json()).toMatchObject({ exo: '0.01873', hexo: '0.00412', stale: { exo: false, hexo: false, ada_usd: false, sol_usd: false } });
  });

  it('the whole land collection is paged, searchable by hex_name and shows known owners', async () => {
    const page1 = (await k.get('/lands?page=1')).json<LandsResponse>();
    expect(page1.total).toBe(VALLEY_LAND_COUNT);
    expect(page1.lands).toHaveLength(PAGE_SIZE);
    expect(page1.lands[0]).toMatchObject({ id: 1, hex_name: 'E00S00', policy_id: LAND_POLICY_ID, goldmine_level: 1 });
    const last = (await k.get(`/lands?page=${Math.ceil(VALLEY_LAND_COUNT / PAGE_SIZE)}`)).json<LandsResponse>();
    expect(last.lands.length).toBe(VALLEY_LAND_COUNT % PAGE_SIZE || PAGE_SIZE);
    const found = (await k.get('/lands?page=1&search=E00S0')).json<LandsResponse>();
    expect(found.lands.map((l) => l.hex_name)).toContain('E00S00');
    expect(found.lands.every((l) => l.hex_name.includes('E00S0'))).toBe(true);
    const none = (await k.get('/lands?page=1&search=%25')).json<LandsResponse>();
    expect(none).toMatchObject({ lands: [], total: 0 });
    const beyond = (await k.get('/lands?page=9999')).json<LandsResponse>();
    expect(beyond).toMatchObject({ lands: [], total: VALLEY_LAND_COUNT });
    // the demo players' lands show their owner
    const owned = await k.db.query<{ n: number }>({ name: 'owned_count', text: 'SELECT count(*)::int AS n FROM holdings WHERE collection_key = $1' }, [LAND_POLICY_ID]);
    expect(owned[0]!.n).toBe(8 + 4 + 1);
  });

  it('the whole mining tool collection is paged', async () => {
    const res = (await k.get('/mining_tool?page=2')).json<MiningToolsResponse>();
    expect(res.total).toBe(500);
    expect(res.page).toBe(2);
    expect(res.mtools[0]!.id).toBe(PAGE_SIZE + 1);
  });

  it('rejects unknown query fields and bad pages with VALIDATION_ERROR', async () => {
    const res = await k.get('/lands?page=0');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', errors: { page: expect.any(Array) } });
    expect((await k.get('/lands?page=1&evil=1')).statusCode).toBe(422);
  });

  it('unknown API paths answer NOT_FOUND as JSON', async () => {
    const res = await k.get('/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'Requested resource unavailable' });
  });

  it('serves OpenAPI JSON generated from the route schemas', async () => {
    const doc = (await k.get(PATHS.docs)).json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/auth/challenge', '/api/auth/login', '/api/dashboard/user', '/api/user/balance/{token}', '/api/lands', '/api/mining_tool', '/api/demo/faucet']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});

describe('a new player, before and after the faucet', () => {
  it('starts with zero balances, no lands, no tools, no items, no notifications', async () => {
    const { token, user } = await signInCardano(k, createCardanoTestWallet());
    expect(user.land_owner).toBe(false);
    for (const t of ['exo', 'hexo', 'food', 'rune']) expect((await k.get(PATHS.balance(t), token)).json()).toEqual({ balance: '0' });
    expect((await k.get('/lands?my=true&page=1', token)).json()).toEqual({ lands: [], total: 0, page: 1, per_page: PAGE_SIZE });
    expect((await k.get('/mining_tool?my=true&page=1', token)).json()).toMatchObject({ mtools: [], total: 0 });
    expect((await k.get(PATHS.inventoryItems, token)).json()).toEqual({ items: [] });
    expect((await k.get(PATHS.inventoryCount, token)).json()).toEqual({ count: 0 });
    expect((await k.get(PATHS.notificationsCount, token)).json()).toEqual({ count: 0 });
    expect((await k.get(PATHS.totalLands, token)).json()).toEqual({ total_lands: 0 });
  });

  it('GEMS, the spec store\'s fifth balance, has no source: user/balance/gems answers SYSTEM_FEATURE_NOT_AVAILABLE, not a bare 422 (docs/product.md §3)', async () => {
    const { token } = await signInCardano(k, createCardanoTestWallet());
    const gems = await k.get(PATHS.balance('gems'), token);
    expect(gems.statusCode).toBe(400);
    expect(gems.json()).toEqual({ error: 'SYSTEM_FEATURE_NOT_AVAILABLE', message: 'This feature is currently not available. Stay tuned!' });
    // the session comes first, as for any balance; an unknown token stays a validation error
    expect((await k.get(PATHS.balance('gems'), 'not-a-session')).statusCode).toBe(401);
    expect((await k.get(PATHS.balance('diamonds'), token)).json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('the faucet gives a never-seen Cardano wallet lands, tools and balances, seen after sign-in', async () => {
    const wallet = createCardanoTestWallet();
    const res = await k.post(PATHS.demoFaucet, { address: wallet.address, lands: 3, tools: 2, hexo: '1500', exo: '250' });
    expect(res.statusCode).toBe(200);
    const given = res.json<{ lands: string[]; tools: number[]; balances: Record<string, string> }>();
    expect(given.lands).toHaveLength(3);
    expect(given.tools).toHaveLength(2);
    expect(given.balances).toEqual({ exo: '250000000', hexo: '1500000000' });

    const { token, user } = await signInCardano(k, wallet);
    expect(user.land_owner).toBe(true);
    expect((await k.get(PATHS.balance('hexo'), token)).json()).toEqual({ balance: '1500000000' });
    expect((await k.get(PATHS.balance('exo'), token)).json()).toEqual({ balance: '250000000' });
    expect((await k.get(PATHS.balance('food'), token)).json()).toEqual({ balance: '0' });
    const lands = (await k.get('/lands?my=true&page=1', token)).json<LandsResponse>();
    expect(lands.total).toBe(3);
    expect(lands.lands.map((l) => l.hex_name).sort()).toEqual([...given.lands].sort());
    expect(lands.lands.every((l) => l.owner === wallet.address)).toBe(true);
    const search = (await k.get(`/lands?my=true&page=1&search=${given.lands[0]}`, token)).json<LandsResponse>();
    expect(search.lands.map((l) => l.hex_name)).toEqual([given.lands[0]]);
    expect(search.total).toBe(1);
    // a page past the end: no lands, the total still told
    expect((await k.get('/lands?my=true&page=9', token)).json()).toMatchObject({ lands: [], total: 3, page: 9 });
    expect((await k.get(`/lands?my=true&page=9&search=${given.lands[0]}`, token)).json()).toMatchObject({ lands: [], total: 1 });
    const tools = (await k.get('/mining_tool?my=true&page=1', token)).json<MiningToolsResponse>();
    expect(tools.mtools.map((t) => t.id).sort()).toEqual([...given.tools].sort());
    expect((await k.get(PATHS.totalLands, token)).json()).toEqual({ total_lands: 3 });

    // every credit is a ledger entry, and balances equal the sum of their entries
    const check = await k.db.query<{ token: string; balance: string; ledger: string }>({ name: 'ledger_check', text: `
      SELECT b.token, b.amount::text AS balance, COALESCE((SELECT sum(amount) FROM ledger_entries e WHERE e.user_id = b.user_id AND e.asset = b.token), 0)::text AS ledger
      FROM balances b WHERE b.user_id = $1` }, [user.user_id]);
    expect(check).toHaveLength(4);
    for (const row of check) expect(row.balance).toBe(row.ledger);
  });

  it('the faucet works for a Solana address too, and refuses a malformed one', async () => {
    const wallet = createSolanaTestWallet();
    const res = await k.post(PATHS.demoFaucet, { address: wallet.address, lands: 1, food: '40', rune: '7' });
    expect(res.statusCode).toBe(200);
    const { token } = await signInSolana(k, wallet);
    expect((await k.get('/lands?my=true&page=1', token)).json<LandsResponse>().total).toBe(1);
    expect((await k.get(PATHS.balance('rune'), token)).json()).toEqual({ balance: '7000000' });
    const bad = await k.post(PATHS.demoFaucet, { address: 'not-an-address', lands: 1 });
    expect(bad.json()).toMatchObject({ error: 'NOT_VALID_REQUEST_ADDRESS' });
  });

  it('wallet sync picks up an NFT that arrived on chain, and drops one that left', async () => {
    const wallet = createCardanoTestWallet();
    await k.post(PATHS.demoFaucet, { address: wallet.address, lands: 1 });
    const { token } = await signInCardano(k, wallet);
    const before = (await k.get('/lands?my=true&page=1', token)).json<LandsResponse>();
    expect(before.total).toBe(1);
    const leaving = before.lands[0]!;
    // on the emulated chain: one land leaves to another address
    await emulatorTransferNfts(k.db.orm, { chain: 'cardano', address: createCardanoTestWallet().address }, [{ collectionKey: leaving.policy_id, assetKey: leaving.asset_name }]);
    expect((await k.get('/lands?my=true&page=1', token)).json<LandsResponse>().total).toBe(1); // not synced yet
    const sync = await k.post(PATHS.walletSync, {}, { authorization: `Bearer ${token}` });
    expect(sync.statusCode).toBe(200);
    expect(sync.json()).toMatchObject({ lands: 0, mtools: 0 });
    expect((await k.get('/lands?my=true&page=1', token)).json<LandsResponse>().total).toBe(0);
  });
});

describe('demo players', () => {
  it('own lands, tools, items and balances in the seeded world', async () => {
    const rows = await k.db.query<{ name: string; lands: number; items: number; exo: string }>({ name: 'demo_players', text: `
      SELECT u.name,
        (SELECT count(*) FROM holdings h WHERE h.user_id = u.id AND h.collection_key = $1)::int AS lands,
        (SELECT COALESCE(sum(amount), 0) FROM user_items ui WHERE ui.user_id = u.id)::int AS items,
        (SELECT amount::text FROM balances b WHERE b.user_id = u.id AND b.token = 'exo') AS exo
      FROM users u WHERE u.name IN ('Duke of the Valley', 'Baroness Frost', 'Squire Pebble') ORDER BY u.id` }, [LAND_POLICY_ID]);
    expect(rows).toEqual([
      { name: 'Duke of the Valley', lands: 8, items: 6, exo: '25000000000' },
      { name: 'Baroness Frost', lands: 4, items: 2, exo: '7500000000' },
      { name: 'Squire Pebble', lands: 1, items: 0, exo: '300000000' },
    ]);
  });
});

describe('maintenance', () => {
  it('answers 503 MAINTENANCE for the API but still serves config', async () => {
    const m = await createTestKingdom({ demo: false, env: { MAINTENANCE: 'true' } });
    try {
      expect((await m.get(PATHS.config)).json()).toMatchObject({ maintenance: true });
      const res = await m.get(PATHS.prices);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'MAINTENANCE', message: "We'll be back soon" });
    } finally {
      await m.close();
    }
  });

  it('outside demo mode there is no faucet', async () => {
    const p = await createTestKingdom({ demo: false });
    try {
      const res = await p.post(PATHS.demoFaucet, { address: createSolanaTestWallet().address, lands: 1 });
      expect(res.statusCode).toBe(404);
    } finally {
      await p.close();
    }
  });
});

/**
 * The in-app land mint (docs/game-rules.md §2 "Mint Your Land") over HTTP, on both databases: every
 * refusal code, the success path to a confirmed holding (the land in `lands?my` and owned on the
 * map), expiry giving the land back, idempotent retries; and on Postgres 100 players racing for one
 * land. Wallets sign with EMURGO's serialization lib, independent of the server's Lucid/CML.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_PREFIX, ENDPOINTS, PATHS, type LandMint, type LandsResponse, type MintInfo } from '@kingdom/api';
import { LAND_POLICY_ID, MINT_TTL_MINUTES } from '@kingdom/game';
import { exec } from '../../src/db/client.ts';
import { TREASURY_ADDRESS } from '@kingdom/emulators';
import { createMint, landPolicy, mintInfo, mintOpen } from '../../src/modules/mint/service.ts';
import { demoLandPolicy } from '@kingdom/emulators';
import { fundDemoWallet } from '../../src/modules/demo/chain-faucet.ts';
import { createTestKingdom, signInCardano, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet, type CardanoTestWallet } from '../support/wallets.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const withKey = (token: string, key: string = randomUUID()) => ({ ...bearer(token), 'idempotency-key': key });
const path = (e: { path: string }, id?: number) => e.path.replace(':id', String(id));

interface Player { wallet: CardanoTestWallet; token: string; userId: number }

/** Pays the wallet the demo faucet's ADA on the emulated chain. */
async function fund(k: TestKingdom, wallet: CardanoTestWallet): Promise<void> {
  expect(await fundDemoWallet(k.db, k.app.deps.chainJobs, wallet.address, k.now())).toBeTruthy();
}

async function player(k: TestKingdom, funded = false): Promise<Player> {
  const wallet = createCardanoTestWallet();
  const { token, user } = await signInCardano(k, wallet);
  if (funded) await fund(k, wallet);
  return { wallet, token, userId: user.user_id };
}

/** `count` lands the mint (the demo treasury) still holds, in id order from `skip`. */
async function freeLands(k: TestKingdom, count: number, skip = 0): Promise<string[]> {
  const rows = await exec<{ hex_name: string }>(k.db.orm, sql`SELECT l.hex_name FROM lands l JOIN emu_assets e ON e.address = ${TREASURY_ADDRESS}
    AND e.collection_key = l.collection_key AND e.asset_key = l.asset_key
    WHERE NOT EXISTS (SELECT 1 FROM land_mints m WHERE m.land_id = l.id AND m.status IN ('reserved', 'submitted', 'confirmed'))
    ORDER BY l.id OFFSET ${skip} LIMIT ${count}`);
  return rows.map((r) => r.hex_name);
}

const mint = (k: TestKingdom, p: Player, body: unknown, key?: string) => k.post(ENDPOINTS.mintCreate.path, body, withKey(p.token, key));
const mints = async (k: TestKingdom, p: Player) => (await k.get(ENDPOINTS.mints.path, p.token)).json<{ mints: LandMint[] }>().mints;
const blocks = async (k: TestKingdom, count: number) => expect((await k.post(ENDPOINTS.demoBlocks.path, { count })).statusCode).toBe(200);

/** Builds, signs and submits the mint transaction of `id` with the player's wallet. */
async function pay(k: TestKingdom, p: Player, id: number): Promise<{ tx_hash: string; mint: LandMint }> {
  const built = await k.post(path(ENDPOINTS.mintTx, id), { address: p.wallet.address }, bearer(p.token));
  expect(built.statusCode, built.body).toBe(200);
  const { tx, tx_hash } = built.json<{ tx: string; tx_hash: string }>();
  const sent = await k.post(path(ENDPOINTS.mintSubmit, id), { witness_set: p.wallet.signTx(tx) }, bearer(p.token));
  expect(sent.statusCode, sent.body).toBe(200);
  return { tx_hash, mint: sent.json<{ mint: LandMint }>().mint };
}

describe(`mint in the app (${TEST_DB})`, () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k?.close(); });

  it('tells the web the mint is open, its price and the free lands', async () => {
    const info = (await k.get(ENDPOINTS.mintInfo.path)).json<MintInfo>();
    expect(info).toMatchObject({ open: true, price_lovelace: '25000000', ttl_minutes: 30, confirmations: 15 });
    expect(info.free).toBeGreaterThan(2_000);
    // demo mode: no external mint page, so 'Mint Your Land' opens the app's own dialog
    expect((await k.get(PATHS.config)).json<{ mint_url: string }>().mint_url).toBe('');
  });

  it('mints a named land: reserved, paid with the wallet, confirmed after 15 blocks, then in lands?my and owned on the map', async () => {
    const p = await player(k, true);
    const [name] = await freeLands(k, 1);
    const key = randomUUID();
    const res = await mint(k, p, { hex_name: name!.toLowerCase() }, key);
    expect(res.statusCode, res.body).toBe(200);
    const reserved = res.json<{ mint: LandMint }>().mint;
    expect(reserved).toMatchObject({ status: 'reserved', lovelace: '25000000', tx_hash: null, land: { hex_name: name } });
    // the same key again: the same mint; with another request: refused
    const again = await mint(k, p, { hex_name: name!.toLowerCase() }, key);
    expect(again.json<{ mint: LandMint }>().mint.id).toBe(reserved.id);
    const reused = await mint(k, p, { any: {} }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toBe('IDEMPOTENCY_KEY_REUSED');

    const treasuryBefore = await k.providers.money.ledger.balance(k.providers.money.treasury.address);
    const { tx_hash, mint: sent } = await pay(k, p, reserved.id);
    expect(sent).toMatchObject({ status: 'submitted', tx_hash });
    // while submitted it cannot be given up, and no second mint may start
    expect((await k.post(path(ENDPOINTS.mintCancel, reserved.id), {}, bearer(p.token))).json().error).toBe('PENDING_TRANSACTION');
    await blocks(k, 5);
    const waiting = (await mints(k, p))[0]!;
    expect(waiting.status).toBe('submitted');
    expect(waiting.confirmations).toBeGreaterThan(0);
    await blocks(k, 15);
    const [done] = await mints(k, p);
    expect(done).toMatchObject({ id: reserved.id, status: 'confirmed', tx_hash });
    expect(done!.confirmed_at).not.toBeNull();

    // the treasury got the price once; the wallet holds the very NFT the land page names (issue 36 item 6)
    const treasuryAfter = await k.providers.money.ledger.balance(k.providers.money.treasury.address);
    expect(treasuryAfter.lovelace - treasuryBefore.lovelace).toBe(25_000_000n);
    const [land] = await exec<{ asset_key: string }>(k.db.orm, sql`SELECT asset_key FROM lands WHERE hex_name = ${name}`);
    const page = (await k.get(`/lands/${name}`, p.token)).json<{ land: { policy_id: string; asset_name: string; owner: string | null }; yours: boolean }>();
    expect(page.land.policy_id).toBe(LAND_POLICY_ID);
    const held = await k.providers.money.ledger.balance(p.wallet.address);
    expect(held.assets[page.land.policy_id + page.land.asset_name]).toBe(1n);
    expect(Object.keys(held.assets).filter((u) => u.endsWith(page.land.asset_name))).toEqual([page.land.policy_id + page.land.asset_name]);
    // chain and app agree: a wallet sync keeps the land the player's
    expect(page).toMatchObject({ yours: true, land: { owner: p.wallet.address } });
    expect((await k.post(ENDPOINTS.walletSync.path, {}, bearer(p.token))).json<{ lands: number }>().lands).toBe(1);
    expect((await k.get(`/lands/${name}`, p.token)).json()).toMatchObject({ yours: true, land: { owner: p.wallet.address } });
    // the land is the player's, and the map no longer shows it as not minted
    const mine = (await k.get(`${ENDPOINTS.lands.path}?my=true`, p.token)).json<LandsResponse>();
    expect(mine.lands.map((l) => l.hex_name)).toContain(name);
    const detail = (await k.get(`/lands/${name}`)).json<{ minted: boolean }>();
    expect(detail.minted).toBe(true);
    // a crash between the confirmation and the wallet sync: the next run syncs it
    await exec(k.db.orm, sql`DELETE FROM holdings WHERE user_id = ${p.userId} AND asset_key = ${land!.asset_key}`);
    await exec(k.db.orm, sql`UPDATE land_mints SET synced_at = NULL WHERE id = ${reserved.id}`);
    expect((await k.get(`${ENDPOINTS.lands.path}?my=true`, p.token)).json<LandsResponse>().lands.map((l) => l.hex_name)).not.toContain(name);
    // more blocks confirm nothing twice (and sync the wallet again)
    await blocks(k, 3);
    expect((await k.get(`${ENDPOINTS.lands.path}?my=true`, p.token)).json<LandsResponse>().lands.map((l) => l.hex_name)).toContain(name);
    const [{ n }] = (await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM land_mints WHERE status = 'confirmed' AND user_id = ${p.userId}`)) as [{ n: number }];
    expect(n).toBe(1);
    // now minted: another player gets LAND_SOLD_OUT ("This Land is already minted!"), and so does the demo faucet
    const other = await player(k);
    const taken = await mint(k, other, { hex_name: name });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'LAND_SOLD_OUT', message: 'This Land is already minted!' });
    expect((await k.post(ENDPOINTS.demoFaucet.path, { address: createCardanoTestWallet().address, land: name })).json().error).toBe('LAND_SOLD_OUT');
  });

  it('PENDING_TRANSACTION while the account has an unpaid mint; LAND_NOT_AVAILABLE for a reserved or unknown land, LAND_SOLD_OUT for a minted one', async () => {
    const p = await player(k);
    const q = await player(k);
    const [a, b] = await freeLands(k, 2, 20);
    expect((await mint(k, p, { hex_name: a })).statusCode).toBe(200);
    const pending = await mint(k, p, { hex_name: b });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ error: 'PENDING_TRANSACTION', message: 'Please wait, you have pending transactions!' });
    const reserved = await mint(k, q, { hex_name: a });
    expect(reserved.statusCode).toBe(404);
    expect(reserved.json()).toMatchObject({ error: 'LAND_NOT_AVAILABLE', message: 'This Land is not available.' });
    // the demo faucet leaves a reserved land to its buyer, with the same code
    const faucet = await k.post(ENDPOINTS.demoFaucet.path, { address: createCardanoTestWallet().address, land: a });
    expect(faucet.json().error).toBe('LAND_NOT_AVAILABLE');
    // a land a demo collector holds (minted outside the app)
    const [held] = await exec<{ hex_name: string }>(k.db.orm, sql`SELECT l.hex_name FROM lands l JOIN emu_assets e ON e.collection_key = l.collection_key
      AND e.asset_key = l.asset_key AND e.address <> ${TREASURY_ADDRESS} ORDER BY l.id LIMIT 1`);
    expect((await mint(k, q, { hex_name: held!.hex_name })).json().error).toBe('LAND_SOLD_OUT');
    expect((await k.post(ENDPOINTS.demoFaucet.path, { address: createCardanoTestWallet().address, land: held!.hex_name })).json().error).toBe('LAND_SOLD_OUT');
    expect((await mint(k, q, { hex_name: 'E99N99' })).json().error).toBe('LAND_NOT_AVAILABLE');
    expect((await k.post(ENDPOINTS.demoFaucet.path, { address: createCardanoTestWallet().address, land: 'E99N99' })).json().error).toBe('LAND_NOT_AVAILABLE');
    // a wallet not linked to the account cannot pay; a bad witness is refused and the reservation stays
    const [mine] = await mints(k, p);
    const stranger = createCardanoTestWallet();
    const foreign = await k.post(path(ENDPOINTS.mintTx, mine!.id), { address: stranger.address }, bearer(p.token));
    expect(foreign.json().error).toBe('USER_WALLET_NOT_BELONG');
    expect((await k.post(path(ENDPOINTS.mintTx, mine!.id), { address: p.wallet.address }, bearer(q.token))).json().error).toBe('NOT_FOUND');
    // given up: the land is free again and the account may mint another
    const cancelled = await k.post(path(ENDPOINTS.mintCancel, mine!.id), {}, bearer(p.token));
    expect(cancelled.json<{ mint: LandMint }>().mint.status).toBe('cancelled');
    expect((await mint(k, q, { hex_name: a })).statusCode).toBe(200);
    expect((await mint(k, p, { hex_name: b })).statusCode).toBe(200);
  });

  it("MINT_REMOVE_COORS when the coordinates settings match no free land; 'Any' and a matching filter reserve one", async () => {
    const p = await player(k);
    // every free SUPERLARGE winter land of the north-west minted outside the app
    await exec(k.db.orm, sql`UPDATE emu_assets e SET address = 'addr_test1collector' FROM lands l
      WHERE e.address = ${TREASURY_ADDRESS} AND e.collection_key = l.collection_key AND e.asset_key = l.asset_key
        AND l.size = 'SUPERLARGE' AND l.biome = 'winter' AND l.r < 0 AND l.q < 0`);
    const none = await mint(k, p, { any: { size: 'SUPERLARGE', biome: 'winter', quadrant: 'NW' } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: 'MINT_REMOVE_COORS', message: "Please set the coordinates settings to 'Any'" });
    const some = await mint(k, p, { any: { size: 'SUPERLARGE', quadrant: 'SE' } });
    expect(some.statusCode, some.body).toBe(200);
    const land = some.json<{ mint: LandMint }>().mint.land;
    expect(land.size).toBe('SUPERLARGE');
    expect(land.hex_name).toMatch(/^E\d\dS\d\d$/);
    const q = await player(k);
    expect((await mint(k, q, { any: {} })).statusCode).toBe(200);
    // a filter field outside the rules is bad input, not a 500
    expect((await mint(k, q, { any: { quadrant: 'XX' } })).statusCode).toBe(422);
  });

  it('an unpaid mint expires after 30 minutes and its land returns; a late payment is refused', async () => {
    const p = await player(k, true);
    const q = await player(k);
    const [name] = await freeLands(k, 1, 40);
    const first = (await mint(k, p, { hex_name: name })).json<{ mint: LandMint }>().mint;
    const built = await k.post(path(ENDPOINTS.mintTx, first.id), { address: p.wallet.address }, bearer(p.token));
    expect(built.statusCode, built.body).toBe(200);
    // signed by another wallet: the network refuses it, the reservation stays
    const forged = await k.post(path(ENDPOINTS.mintSubmit, first.id), { witness_set: createCardanoTestWallet().signTx(built.json<{ tx: string }>().tx) }, bearer(p.token));
    expect(forged.statusCode).toBe(422);
    expect(forged.json().error).toBe('TX_SUBMIT_FAILED');
    expect((await mints(k, p))[0]!.status).toBe('reserved');
    k.advance((MINT_TTL_MINUTES + 1) * 60_000);
    expect((await mints(k, p))[0]!.status).toBe('expired');
    const late = await k.post(path(ENDPOINTS.mintSubmit, first.id), { witness_set: p.wallet.signTx(built.json<{ tx: string }>().tx) }, bearer(p.token));
    expect(late.json().error).toBe('LAND_NOT_AVAILABLE');
    await blocks(k, 1);
    const [row] = await exec<{ status: string }>(k.db.orm, sql`SELECT status FROM land_mints WHERE id = ${first.id}`);
    expect(row!.status).toBe('expired');
    // the land is free again: another player reserves it; the first may mint again
    expect((await mint(k, q, { hex_name: name })).statusCode).toBe(200);
    expect((await mint(k, p, { any: {} })).statusCode).toBe(200);
  });

  it('LAND_SOLD_OUT where the mint is closed (a real network: the collection was minted outside the app)', async () => {
    const p = await player(k);
    const closed = { db: k.db, money: { ...k.providers.money, emulator: null }, priceLovelace: 25_000_000n, landPolicyId: LAND_POLICY_ID };
    expect(mintOpen(closed.money, LAND_POLICY_ID)).toBe(false);
    // the emulator with a configured collection whose policy key the Kingdom does not hold: closed too
    expect(mintOpen(k.providers.money, 'ab'.repeat(28))).toBe(false);
    expect(landPolicy(k.providers.money, LAND_POLICY_ID)).toBe(demoLandPolicy());
    // the demo's Land policy id is the policy of the key the emulator's mint signs with
    expect(demoLandPolicy().policyId).toBe(LAND_POLICY_ID);
    await expect(createMint(closed, p.userId, randomUUID(), { any: {} }, k.now())).rejects.toMatchObject({ code: 'LAND_SOLD_OUT' });
    expect(await mintInfo(closed)).toMatchObject({ open: false, free: 0 });
  });

  it('LAND_SOLD_OUT when no land is left', async () => {
    const p = await player(k);
    await exec(k.db.orm, sql`UPDATE emu_assets SET address = 'addr_test1collector' WHERE address = ${TREASURY_ADDRESS}
      AND collection_key IN (SELECT collection_key FROM lands)`);
    const res = await mint(k, p, { any: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'LAND_SOLD_OUT', message: 'This Land is already minted!' });
    expect((await k.get(ENDPOINTS.mintInfo.path)).json<MintInfo>().free).toBe(0);
  });
});

describe.runIf(TEST_DB === 'postgres')('100 players racing for one land (postgres)', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k?.close(); });

  it('one reservation wins, every other answer is a clean 4xx, one land minted and paid once', { timeout: 240_000 }, async () => {
    const players: Player[] = [];
    for (let i = 0; i < 100; i++) players.push(await player(k));
    const [name] = await freeLands(k, 1, 60);
    // 100 players, each from an address of their own (the rate limit counts per client)
    const c = await k.csrf();
    const answers = await Promise.all(players.map((p, i) => k.app.inject({
      method: 'POST', url: API_PREFIX + ENDPOINTS.mintCreate.path, payload: { hex_name: name },
      headers: { ...c.headers, ...withKey(p.token) }, remoteAddress: `10.7.0.${i + 1}`,
    })));
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(404);
      expect(a.json().error).toBe('LAND_NOT_AVAILABLE');
    }
    const winner = players[answers.findIndex((a) => a.statusCode === 200)]!;
    await fund(k, winner.wallet);
    const id = won[0]!.json<{ mint: LandMint }>().mint.id;
    // the winner pays twice at once: one submission goes through
    const built = await k.post(path(ENDPOINTS.mintTx, id), { address: winner.wallet.address }, bearer(winner.token));
    expect(built.statusCode, built.body).toBe(200);
    const witness = winner.wallet.signTx(built.json<{ tx: string }>().tx);
    const sends = await Promise.all([0, 1, 2].map(() => k.post(path(ENDPOINTS.mintSubmit, id), { witness_set: witness }, bearer(winner.token))));
    expect(sends.filter((s) => s.statusCode === 200)).toHaveLength(1);
    for (const s of sends.filter((x) => x.statusCode !== 200)) expect(s.statusCode).toBeLessThan(500);
    await blocks(k, 16);
    const rows = await exec<{ status: string; user_id: number }>(k.db.orm, sql`SELECT m.status, m.user_id FROM land_mints m JOIN lands l ON l.id = m.land_id WHERE l.hex_name = ${name}`);
    expect(rows).toEqual([{ status: 'confirmed', user_id: winner.userId }]);
    const mine = (await k.get(`${ENDPOINTS.lands.path}?my=true`, winner.token)).json<LandsResponse>();
    expect(mine.lands.map((l) => l.hex_name)).toEqual([name]);
  });

  it('60 players racing for "Any" land get 60 different lands (a taken pick is picked again)', { timeout: 240_000 }, async () => {
    const players: Player[] = [];
    for (let i = 0; i < 60; i++) players.push(await player(k));
    const c = await k.csrf();
    const answers = await Promise.all(players.map((p, i) => k.app.inject({
      method: 'POST', url: API_PREFIX + ENDPOINTS.mintCreate.path, payload: { any: { size: 'SMALL', quadrant: 'SE' } },
      headers: { ...c.headers, ...withKey(p.token) }, remoteAddress: `10.8.0.${i + 1}`,
    })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const lands = answers.map((a) => a.json<{ mint: LandMint }>().mint.land);
    expect(new Set(lands.map((l) => l.id)).size).toBe(60);
    for (const l of lands) expect(l).toMatchObject({ size: 'SMALL', hex_name: expect.stringMatching(/^E\d\dS\d\d$/) });
  });
});

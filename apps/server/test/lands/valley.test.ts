import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, PATHS, VALLEY_PATHS, type LandDetailResponse, type ValleyMapResponse } from '@kingdom/api';
import { decodeValleyMap, valleyMapLand, OWNER_NOT_MINTED, VALLEY_LAND_COUNT } from '@kingdom/game';
import { createCardanoTestWallet } from '../support/wallets.ts';
import { createTestKingdom, signInCardano, type TestKingdom } from '../support/kingdom.ts';

const DAY = 86_400_000;

describe('the Valley map, land pages and minting', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k?.close(); });

  const getMap = (headers: Record<string, string> = {}) => k.app.inject({ method: 'GET', url: API_PREFIX + VALLEY_PATHS.map, headers });
  async function map() {
    const res = await getMap({ 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as ValleyMapResponse;
    return { etag: String(res.headers.etag), gzipBytes: res.rawPayload.length, map: decodeValleyMap(body), body };
  }
  /** A land the treasury still holds (not minted), from the map. */
  async function unmintedLand(skip = 0): Promise<string> {
    const { map: m } = await map();
    const free = Array.from({ length: m.count }, (_, i) => i).filter((i) => m.owner[i] === OWNER_NOT_MINTED);
    return valleyMapLand(m, free[10 + skip]!).hexName;
  }

  it('answers every land in one compact body with the three ownership states', async () => {
    const { map: m, gzipBytes, etag } = await map();
    expect(m.count).toBe(VALLEY_LAND_COUNT);
    expect(gzipBytes).toBeLessThan(150 * 1024);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const lands = Array.from({ length: m.count }, (_, i) => valleyMapLand(m, i));
    const unminted = lands.filter((l) => !l.minted).length;
    const owned = lands.filter((l) => l.owner !== null).length;
    const unknownHolder = lands.filter((l) => l.minted && l.owner === null).length;
    expect(unminted).toBeGreaterThan(VALLEY_LAND_COUNT / 2);
    expect(owned).toBe(13); // the three demo players' 8 + 4 + 1 lands
    expect(unknownHolder).toBeGreaterThan(1000);
    expect(new Set(lands.map((l) => l.goldmineLevel)).size).toBeGreaterThan(3);
    // the centre and its ring of the demo world: the first land is E00S00
    expect(lands[0]).toMatchObject({ id: 1, q: 0, r: 0, hexName: 'E00S00' });
    // without gzip the same JSON, uncompressed
    const plain = await getMap();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<ValleyMapResponse>().count).toBe(VALLEY_LAND_COUNT);
    expect(plain.headers['cache-control']).toContain('no-cache');
  });

  it('answers 304 on a matching If-None-Match, 200 on a stale one', async () => {
    const { etag } = await map();
    const same = await getMap({ 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    // no announced body a client would wait for
    expect(Number(same.headers['content-length'] ?? 0)).toBe(0);
    expect(same.headers.etag).toBe(etag);
    expect((await getMap({ 'if-none-match': `"old", W/${etag}` })).statusCode).toBe(304);
    expect((await getMap({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('mints a chosen land with the faucet; LAND_SOLD_OUT again, LAND_NOT_AVAILABLE off the map', async () => {
    const before = await map();
    const hex = await unmintedLand();
    const wallet = createCardanoTestWallet();
    const res = await k.post(PATHS.demoFaucet, { address: wallet.address, land: hex.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ lands: string[] }>().lands).toEqual([hex]);
    const after = await map();
    expect(after.etag).not.toBe(before.etag);
    const i = after.map.indexOfName(hex);
    expect(valleyMapLand(after.map, i)).toMatchObject({ minted: true, owner: wallet.address });
    const again = await k.post(PATHS.demoFaucet, { address: createCardanoTestWallet().address, land: hex });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('LAND_SOLD_OUT');
    // a land sold to a collector at seed time is minted too
    const collector = Array.from({ length: after.map.count }, (_, j) => valleyMapLand(after.map, j)).find((l) => l.minted && l.owner === null)!;
    expect((await k.post(PATHS.demoFaucet, { address: wallet.address, land: collector.hexName })).json().error).toBe('LAND_SOLD_OUT');
    for (const bad of ['E99N99', 'W00S01']) {
      const r = await k.post(PATHS.demoFaucet, { address: wallet.address, land: bad });
      expect(r.statusCode).toBe(404);
      expect(r.json().error).toBe('LAND_NOT_AVAILABLE');
    }
    for (const bad of ['E03N12\u0000', 'E03/N12', 'E0300000N1200000']) {
      expect((await k.post(PATHS.demoFaucet, { address: wallet.address, land: bad })).statusCode).toBe(422);
    }
  });

  it('changes the ETag when a land changes hands and when its gold mine levels up', async () => {
    const hex = await unmintedLand(1);
    const wallet = createCardanoTestWallet();
    expect((await k.post(PATHS.demoFaucet, { address: wallet.address, land: hex, items: { toolkit_2: 1 } })).statusCode).toBe(200);
    const { token } = await signInCardano(k, wallet);
    const mine = await k.get(VALLEY_PATHS.mine, token);
    const minted = await map();
    expect(mine.json<{ ids: number[] }>().ids).toEqual([minted.map.id[minted.map.indexOfName(hex)]]);
    expect((await k.get(VALLEY_PATHS.mine)).statusCode).toBe(401);

    const up = await k.post(PATHS.mineUpgrade('goldmine'), { hex_name: hex }, { authorization: `Bearer ${token}` });
    expect(up.statusCode, up.body).toBe(200);
    const started = await map();
    expect(started.etag).toBe(minted.etag); // nothing the map shows changed yet
    expect((await k.post(PATHS.demoTick, { days: 1 })).statusCode).toBe(200);
    const levelled = await map();
    expect(levelled.etag).not.toBe(started.etag);
    expect(valleyMapLand(levelled.map, levelled.map.indexOfName(hex)).goldmineLevel).toBe(2);
    expect((await getMap({ 'if-none-match': started.etag })).statusCode).toBe(200);

    // hands change: the emulated chain moves the NFT to another wallet, which syncs
    const other = createCardanoTestWallet();
    const { token: otherToken } = await signInCardano(k, other);
    const { sql } = await import('drizzle-orm');
    const { exec } = await import('../../src/db/client.ts');
    await exec(k.db.orm, sql`UPDATE emu_assets SET address = ${other.address} WHERE address = ${wallet.address}`);
    for (const t of [token, otherToken]) expect((await k.post(PATHS.walletSync, {}, { authorization: `Bearer ${t}` })).statusCode).toBe(200);
    const moved = await map();
    expect(moved.etag).not.toBe(levelled.etag);
    expect(valleyMapLand(moved.map, moved.map.indexOfName(hex)).owner).toBe(other.address);
    k.advance(DAY);
  });

  it('land page: owner, minted, neighbours, yours only for its holder', async () => {
    const hex = await unmintedLand(2);
    const wallet = createCardanoTestWallet();
    await k.post(PATHS.demoFaucet, { address: wallet.address, land: hex });
    const { token } = await signInCardano(k, wallet);
    const mineView = (await k.get(PATHS.land(hex), token)).json<LandDetailResponse>();
    expect(mineView).toMatchObject({ minted: true, yours: true, land: { hex_name: hex, owner: wallet.address } });
    expect(mineView.goldmine.level).toBe(1);
    expect(mineView.neighbours.length).toBeGreaterThanOrEqual(6);
    expect(mineView.neighbours.length).toBeLessThanOrEqual(18);
    for (const n of mineView.neighbours) {
      const d = (Math.abs(n.q - mineView.land.q) + Math.abs(n.r - mineView.land.r) + Math.abs(n.q + n.r - mineView.land.q - mineView.land.r)) / 2;
      expect(d).toBeGreaterThanOrEqual(1);
      expect(d).toBeLessThanOrEqual(2);
    }
    const visitor = (await k.get(PATHS.land(hex))).json<LandDetailResponse>();
    expect(visitor.yours).toBe(false);
    // owner-only actions on another player's land
    const stranger = createCardanoTestWallet();
    await k.post(PATHS.demoFaucet, { address: stranger.address, items: { land_upgrade01: 1 } });
    const { token: strangerToken } = await signInCardano(k, stranger);
    expect((await k.get(PATHS.land(hex), strangerToken)).json<LandDetailResponse>().yours).toBe(false);
    const grab = await k.post(PATHS.landExpand(hex), {}, { authorization: `Bearer ${strangerToken}` });
    expect(grab.statusCode).toBe(403);
    expect(grab.json().error).toBe('LAND_NOT_BELONG_TO_USER');
    expect((await k.get(PATHS.land(hex), 'not-a-valid-token-but-long-enough')).json<LandDetailResponse>().yours).toBe(false);
    const free = (await k.get(PATHS.land(await unmintedLand(3)))).json<LandDetailResponse>();
    expect(free).toMatchObject({ minted: false, yours: false, land: { owner: null } });
    // lower case finds the land too
    const lower = await k.get(PATHS.land(hex.toLowerCase())); expect(lower.statusCode, lower.body).toBe(200); expect(lower.json<LandDetailResponse>().land.hex_name).toBe(hex);
  });

  it('land page: bounded input, never a 500', async () => {
    expect((await k.get(PATHS.land('E99N99'))).json().error).toBe('LAND_NOT_AVAILABLE');
    expect((await k.get(PATHS.land('W00S00'))).statusCode).toBe(404);
    for (const bad of ['%00', 'E03N12%00', 'x'.repeat(200), '%27%3B--', 'E03%2FN12']) {
      const res = await k.get(PATHS.land(bad));
      expect([404, 422]).toContain(res.statusCode);
    }
  });
});

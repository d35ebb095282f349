/**
 * The land ladder's own sources (docs/game-rules.md §6, §7): the tier-3 permit sold with a weekly
 * limit per account (every code, race-safe), the chest's versioned loot tables (a week keeps the
 * table published with it), and what changed on a land (has_update, GOLDMINE_UPGRADE_FAILED).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS, STAKING_PATHS, type ChestOpenResponse, type ChestWeekResponse, type LandDetailResponse, type LandUpdatesResponse, type LandsResponse, type NotificationsResponse, type UpgradeResultResponse, type VendorCatalogueResponse } from '@kingdom/api';
import { chestDraw, chestEntryIndex, chestLootTable, chestWeekOf, toBaseUnits } from '@kingdom/game';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { exec } from '../../src/db/client.ts';
import { newPlayer, auth, type Player } from '../support/players.ts';

const DAY = 86_400_000;
const buy = (k: TestKingdom, p: Player, body: unknown, key: string = randomUUID()) =>
  k.post(PATHS.vendorPurchase, body, { ...auth(p), 'idempotency-key': key });
const balance = async (k: TestKingdom, p: Player, token: string) => BigInt((await k.get(PATHS.balance(token), p.token)).json<{ balance: string }>().balance);
const items = async (k: TestKingdom, p: Player) => Object.fromEntries((await k.get(PATHS.inventoryItems, p.token)).json<{ items: Array<{ key: string; amount: number }> }>().items.map((i) => [i.key, i.amount]));

let k: TestKingdom;
beforeAll(async () => { k = await createTestKingdom(); });
afterAll(async () => { await k?.close(); });

describe('tier-3 permit at the vendor: one per account and week', () => {
  it('is in the catalogue with its weekly limit', async () => {
    const cat = (await k.get(PATHS.vendorCatalogue)).json<VendorCatalogueResponse>();
    expect(cat.items.find((i) => i.key === 'permit_3')).toMatchObject({ pay_token: 'exo', price: toBaseUnits(40_000n, 'exo').toString(), gives_items: { land_upgrade03: 1 }, weekly_limit: 1 });
    expect(cat.items.find((i) => i.key === 'permit_2')!.weekly_limit).toBeNull();
    expect(cat.items.every((i) => i.bought_this_week === null)).toBe(true); // a visitor
  });

  it('tells a signed-in player what they bought of it this week (the limit shown before buying), not another week', async () => {
    const p = await newPlayer(k, { exo: '200000' });
    const bought = async () => {
      const res = await k.get(PATHS.vendorCatalogue, p.token);
      expect(res.statusCode, res.body).toBe(200);
      const cat = res.json<VendorCatalogueResponse>();
      return [cat.items.find((i) => i.key === 'permit_3')!.bought_this_week, cat.items.find((i) => i.key === 'permit_2')!.bought_this_week];
    };
    expect(await bought()).toEqual([0, null]);
    expect((await buy(k, p, { item: 'permit_3', quantity: 1 })).statusCode).toBe(200);
    expect(await bought()).toEqual([1, null]);
    // counted in this chest week only (the row of another week is not this week's)
    await exec(k.db.orm, sql`UPDATE vendor_weekly_counts SET week = '2000-01-03' WHERE user_id = ${p.userId}`);
    expect(await bought()).toEqual([0, null]);
  });

  it('a second in the same week → 409 VENDOR_WEEKLY_LIMIT, nothing charged; a retry of the first key still answers; next week again', async () => {
    const p = await newPlayer(k, { exo: '200000' });
    const key = randomUUID();
    const first = await buy(k, p, { item: 'permit_3', quantity: 1 }, key);
    expect(first.statusCode, first.body).toBe(200);
    const after = await balance(k, p, 'exo');
    expect(after).toBe(toBaseUnits(160_000n, 'exo'));
    const again = await buy(k, p, { item: 'permit_3', quantity: 1 });
    expect([again.statusCode, again.json().error]).toEqual([409, 'VENDOR_WEEKLY_LIMIT']);
    const two = await buy(k, p, { item: 'permit_3', quantity: 2 });
    expect([two.statusCode, two.json().error]).toEqual([409, 'VENDOR_WEEKLY_LIMIT']);
    expect((await buy(k, p, { item: 'permit_3', quantity: 1 }, key)).body).toBe(first.body);
    expect(await balance(k, p, 'exo')).toBe(after);
    expect(await items(k, p)).toEqual({ land_upgrade03: 1 });
    const [n] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM vendor_purchases WHERE user_id = ${p.userId}`);
    expect(n!.n).toBe(1);
    // the limit is per chest week (Monday 00:00 UTC)
    const monday = Date.parse(`${chestWeekOf(k.now().getTime() + 7 * DAY)}T00:00:00Z`);
    k.advance(monday - k.now().getTime() + 1000);
    const next = await buy(k, p, { item: 'permit_3', quantity: 1 });
    expect(next.statusCode, next.body).toBe(200);
    expect(await items(k, p)).toEqual({ land_upgrade03: 2 });
  });

  it('20 concurrent purchases of one account (different keys) → exactly one, the rest VENDOR_WEEKLY_LIMIT, charged once', async () => {
    const p = await newPlayer(k, { exo: '1000000' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(k, p, { item: 'permit_3', quantity: 1 })));
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.json().error === 'VENDOR_WEEKLY_LIMIT')).toBe(true);
    expect(await balance(k, p, 'exo')).toBe(toBaseUnits(960_000n, 'exo'));
    expect(await items(k, p)).toEqual({ land_upgrade03: 1 });
  }, 60_000);
});

describe('chest loot tables by version', () => {
  it('a new week is published with table 2; a week published with table 1 draws and answers with table 1', async () => {
    const owner = await newPlayer(k, { lands: 1 });
    const week = chestWeekOf(k.now().getTime());
    const status = (await k.get(PATHS.chest, owner.token)).json<{ table_version: number }>();
    expect(status.table_version).toBe(2);
    // as a week published before this version existed (migration 0025 gives such rows version 1)
    await exec(k.db.orm, sql`UPDATE chest_weeks SET table_version = 1 WHERE week = ${week}`);
    const opened = (await k.post(PATHS.chestOpen, {}, auth(owner))).json<ChestOpenResponse>();
    const [row] = await exec<{ seed: string }>(k.db.orm, sql`SELECT seed FROM chest_weeks WHERE week = ${week}`);
    const v1 = chestLootTable(1);
    const entry = chestEntryIndex(chestDraw(row!.seed, week, owner.userId), v1);
    expect(opened).toMatchObject({ entry, loot: v1[entry]!.loot });
    const rec = (await k.get(PATHS.chestWeek(week))).json<ChestWeekResponse>();
    expect(rec.table_version).toBe(1);
    expect(rec.table).toEqual(v1.map((e) => ({ weight: e.weight, loot: e.loot })));
    const nextRec = (await k.get(PATHS.chestWeek(chestWeekOf(k.now().getTime() + 7 * DAY)))).json<ChestWeekResponse>();
    expect(nextRec.table_version).toBe(2);
    expect(nextRec.table.some((e) => e.loot.key === 'land_upgrade03')).toBe(true);
  });
});

describe('what changed on a land: has_update and the upgrade result', () => {
  const updates = async (p: Player) => (await k.get(PATHS.landUpdates, p.token)).json<LandUpdatesResponse>();
  const myLands = async (p: Player) => (await k.get(`${PATHS.lands}?my=true&page=1`, p.token)).json<LandsResponse>().lands;
  const result = (p: Player, hex: string, mine = 'goldmine') => k.get(`${PATHS.landUpgradeResult(hex)}?mine=${mine}`, p.token);
  const tick = (days = 1) => k.post(PATHS.demoTick, { days });

  it('an upgrade that finishes at the tick sets has_update; the lands list and the updates show it; opening the land clears it', async () => {
    const p = await newPlayer(k, { lands: 2, items: { toolkit_2: 1 } });
    const [hex, other] = p.lands as [string, string];
    expect(await updates(p)).toEqual({ any_update: false, lands: [] });
    expect((await result(p, hex)).json<UpgradeResultResponse>()).toMatchObject({ status: 'none', target_level: null });
    const up = await k.post(PATHS.mineUpgrade('goldmine'), { hex_name: hex }, auth(p));
    expect(up.statusCode, up.body).toBe(200);
    expect((await result(p, hex)).json<UpgradeResultResponse>()).toMatchObject({ status: 'in_progress', target_level: 2 });
    expect(await updates(p)).toEqual({ any_update: false, lands: [] });
    expect((await tick()).statusCode).toBe(200);
    expect(await updates(p)).toEqual({ any_update: true, lands: [hex] });
    expect((await myLands(p)).map((l) => [l.hex_name, l.has_update])).toEqual([[hex, true], [other, false]]);
    expect((await result(p, hex)).json<UpgradeResultResponse>()).toMatchObject({ status: 'success', target_level: 2 });
    // a visitor opening it changes nothing; its owner opening it clears it (the answer still says it was set)
    expect((await k.get(PATHS.land(hex))).json<LandDetailResponse>().land.has_update).toBe(true);
    expect((await updates(p)).any_update).toBe(true);
    expect((await k.get(PATHS.land(hex), p.token)).json<LandDetailResponse>().land.has_update).toBe(true);
    expect(await updates(p)).toEqual({ any_update: false, lands: [] });
    expect((await myLands(p)).every((l) => !l.has_update)).toBe(true);
  });

  it('an expansion sets has_update at once; POST seen clears it; someone else cannot', async () => {
    const p = await newPlayer(k, { lands: 1, items: { land_upgrade01: 1 } });
    const stranger = await newPlayer(k, {});
    const hex = p.lands[0]!;
    await exec(k.db.orm, sql`UPDATE lands SET size = 'SMALL' WHERE hex_name = ${hex}`);
    const expand = await k.post(PATHS.landExpand(hex), {}, auth(p));
    expect(expand.statusCode, expand.body).toBe(200);
    expect(await updates(p)).toEqual({ any_update: true, lands: [hex] });
    const refused = await k.post(PATHS.landSeen(hex), {}, auth(stranger));
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'LAND_NOT_BELONG_TO_USER']);
    expect((await k.post(PATHS.landSeen('Z99Z99'), {}, auth(p))).json().error).toBe('LAND_NOT_AVAILABLE');
    expect((await k.post(PATHS.landSeen(hex), {}, auth(p))).statusCode).toBe(200);
    expect((await updates(p)).any_update).toBe(false);
    expect((await result(stranger, hex)).json().error).toBe('LAND_NOT_BELONG_TO_USER');
  });

  it('an upgrade whose land left the owner fails at the tick: 409 GOLDMINE_UPGRADE_FAILED where the starter asks, toolkit refunded, has_update set', async () => {
    const p = await newPlayer(k, { lands: 1, items: { toolkit_2: 1 } });
    const buyer = await newPlayer(k, {});
    const hex = p.lands[0]!;
    expect((await k.post(PATHS.mineUpgrade('goldmine'), { hex_name: hex }, auth(p))).statusCode).toBe(200);
    await exec(k.db.orm, sql`UPDATE holdings SET user_id = ${buyer.userId} WHERE user_id = ${p.userId} AND asset_key = (SELECT asset_key FROM lands WHERE hex_name = ${hex})`);
    expect((await tick()).statusCode).toBe(200);
    const r = await result(p, hex);
    expect([r.statusCode, r.json().error]).toEqual([409, 'GOLDMINE_UPGRADE_FAILED']);
    expect(await items(k, p)).toEqual({ toolkit_2: 1 });
    const inbox = (await k.get(`${PATHS.notifications}?page=1`, p.token)).json<NotificationsResponse>();
    expect(inbox.notifications.some((n) => n.type === 'goldmine_upgrade_failed' && n.data.hex_name === hex)).toBe(true);
    // the land now belongs to the buyer: it shows them that something changed
    expect(await updates(buyer)).toEqual({ any_update: true, lands: [hex] });
    expect((await result(buyer, hex)).json<UpgradeResultResponse>().status).toBe('none');
  });
});

describe('ledger entries carry the request\'s game time', () => {
  it('vote lock and unlock entries (EXO and points) are dated by the game clock, not the database\'s', async () => {
    const p = await newPlayer(k, { exo: '100' });
    k.advance(3 * DAY); // the game clock is now days away from the database's wall clock
    const lockedAt = k.now();
    const lock = await k.post(STAKING_PATHS.votesLock, { amount: 10 }, auth(p));
    expect(lock.statusCode, lock.body).toBe(200);
    k.advance(60_000);
    const unlockedAt = k.now();
    expect((await k.post(STAKING_PATHS.votesUnlock, { amount: 4 }, auth(p))).statusCode).toBe(200);
    const rows = await exec<{ reason: string; asset: string; created_at: Date }>(k.db.orm, sql`
      SELECT reason, asset, created_at FROM ledger_entries WHERE user_id = ${p.userId} AND reason IN ('votes_lock', 'votes_unlock') ORDER BY id`);
    expect(rows.map((r) => [r.reason, r.asset, new Date(r.created_at).toISOString()])).toEqual([
      ['votes_lock', 'exo', lockedAt.toISOString()], ['votes_lock', 'votes', lockedAt.toISOString()],
      ['votes_unlock', 'exo', unlockedAt.toISOString()], ['votes_unlock', 'votes', unlockedAt.toISOString()],
    ]);
    // the faucet's entries too
    const [faucet] = await exec<{ created_at: Date }>(k.db.orm, sql`SELECT created_at FROM ledger_entries WHERE user_id = ${p.userId} AND reason = 'faucet'`);
    expect(Math.abs(new Date(faucet!.created_at).getTime() - (lockedAt.getTime() - 3 * DAY))).toBeLessThan(60_000);
  });
});

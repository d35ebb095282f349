/**
 * The vendor (docs/game-rules.md §6): catalogue, purchases through the ledger, every refusal code, exactly-once
 * purchases under an Idempotency-Key, and 1,000 concurrent purchases that can afford only 10.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS, type NotificationsResponse, type PurchaseResponse, type VendorCatalogueResponse } from '@kingdom/api';
import { toBaseUnits, vendorEntry } from '@kingdom/game';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { exec } from '../../src/db/client.ts';
import { newPlayer, type Player } from '../support/players.ts';



const buy = (k: TestKingdom, p: Player, body: unknown, key: string | null = randomUUID()) =>
  k.post(PATHS.vendorPurchase, body, { authorization: `Bearer ${p.token}`, ...(key === null ? {} : { 'idempotency-key': key }) });
const balance = async (k: TestKingdom, p: Player, token: string) => BigInt((await k.get(PATHS.balance(token), p.token)).json<{ balance: string }>().balance);
const items = async (k: TestKingdom, p: Player) => Object.fromEntries((await k.get(PATHS.inventoryItems, p.token)).json<{ items: Array<{ key: string; amount: number }> }>().items.map((i) => [i.key, i.amount]));

async function ledgerMismatches(k: TestKingdom): Promise<unknown[]> {
  return exec(k.db.orm, sql`
    SELECT b.user_id, b.token FROM balances b
    LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries GROUP BY 1, 2) e ON e.user_id = b.user_id AND e.asset = b.token
    WHERE b.amount <> COALESCE(e.sum, 0) OR b.amount < 0
    UNION ALL
    SELECT u.user_id, u.item_key FROM user_items u
    LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries GROUP BY 1, 2) e ON e.user_id = u.user_id AND e.asset = 'item:' || u.item_key
    WHERE u.amount <> COALESCE(e.sum, 0)`);
}

describe('vendor', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k?.close(); });

  it('publishes the catalogue to visitors, prices from the server', async () => {
    const res = await k.get(PATHS.vendorCatalogue);
    expect(res.statusCode).toBe(200);
    const cat = res.json<VendorCatalogueResponse>();
    expect(cat.items.find((i) => i.key === 'toolkit_3')).toMatchObject({ pay_token: 'hexo', price: toBaseUnits(2_250n, 'hexo').toString(), gives_items: { toolkit_3: 1 }, purchasable: true });
    expect(cat.items.find((i) => i.key === 'exo_250k')).toMatchObject({ pay_token: 'ada', price: null, purchasable: false });
  });

  it('buys through the ledger: balance down, items up, a notification, Σ ledger = balance', async () => {
    const p = await newPlayer(k, { hexo: '10000', exo: '50000' });
    const res = await buy(k, p, { item: 'toolkit_set_2_4', quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<PurchaseResponse>();
    const cost = vendorEntry('toolkit_set_2_4')!.price!;
    expect(r).toMatchObject({ item: 'toolkit_set_2_4', quantity: 1, token: 'hexo', amount: cost.toString(), balance: (toBaseUnits(10_000n, 'hexo') - cost).toString() });
    expect(await balance(k, p, 'hexo')).toBe(toBaseUnits(10_000n, 'hexo') - cost);
    expect(await items(k, p)).toEqual({ toolkit_2: 1, toolkit_3: 1, toolkit_4: 1 });
    const food = await buy(k, p, { item: 'food_1000', quantity: 2 });
    expect(food.statusCode, food.body).toBe(200);
    expect(await balance(k, p, 'food')).toBe(toBaseUnits(2_000n, 'food'));
    const permits = await buy(k, p, { item: 'permit_1_pack10', quantity: 1 });
    expect(permits.json()).toMatchObject({ token: 'exo', amount: toBaseUnits(45_000n, 'exo').toString() });
    expect(permits.json().error).toBeUndefined();
    const inbox = (await k.get(`${PATHS.notifications}?page=1`, p.token)).json<NotificationsResponse>();
    expect(inbox.notifications.filter((n) => n.type === 'vendor_purchase').map((n) => n.data.item).sort()).toEqual(['food_1000', 'permit_1_pack10', 'toolkit_set_2_4']);
    expect(await ledgerMismatches(k)).toEqual([]);
  });

  it('answers every refusal with its code and changes nothing', async () => {
    const p = await newPlayer(k, { hexo: '999' });
    const code = async (body: unknown, key?: string | null) => { const r = await buy(k, p, body, key); return `${r.statusCode} ${r.json().error}`; };
    expect(await code({ item: 'toolkit_2', quantity: 1 })).toBe('400 VENDOR_NOT_ENOUGH_BALANCE');
    expect(await code({ item: 'nope', quantity: 1 })).toBe('404 NOT_FOUND');
    expect(await code({ item: 'exo_1k', quantity: 1 })).toBe('400 SYSTEM_FEATURE_NOT_AVAILABLE');
    expect(await code({ item: 'toolkit_2', quantity: 0 })).toBe('422 VALIDATION_ERROR');
    expect(await code({ item: 'toolkit_2', quantity: 1001 })).toBe('422 VALIDATION_ERROR');
    expect(await code({ item: 'toolkit_2', quantity: 1, price: '0' })).toBe('422 VALIDATION_ERROR');
    expect(await code({ item: 'toolkit_2', quantity: 1 }, null)).toBe('422 VALIDATION_ERROR');
    expect(await code({ item: 'toolkit_2', quantity: 1 }, 'not-a-uuid')).toBe('422 VALIDATION_ERROR');
    const anon = await k.post(PATHS.vendorPurchase, { item: 'toolkit_2', quantity: 1 }, { 'idempotency-key': randomUUID() });
    expect(anon.statusCode).toBe(401);
    expect(await balance(k, p, 'hexo')).toBe(toBaseUnits(999n, 'hexo'));
    expect(await items(k, p)).toEqual({});
    const [row] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM vendor_purchases WHERE user_id = ${p.userId}`);
    expect(row!.n).toBe(0);
  });

  it('a key retried returns the first answer and charges once; the key with another body → 422', async () => {
    const p = await newPlayer(k, { hexo: '5000' });
    const key = randomUUID();
    const first = await buy(k, p, { item: 'chicken_tendies', quantity: 2 }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await buy(k, p, { item: 'chicken_tendies', quantity: 2 }, key.toUpperCase());
    expect(again.json()).toEqual(first.json());
    const other = await buy(k, p, { item: 'chicken_tendies', quantity: 3 }, key);
    expect(`${other.statusCode} ${other.json().error}`).toBe('422 IDEMPOTENCY_KEY_REUSED');
    expect(await balance(k, p, 'hexo')).toBe(toBaseUnits(4_000n, 'hexo'));
    expect(await items(k, p)).toEqual({ chicken_tendies: 2 });
  });

  it('one key retried 20× concurrently → charged once, every answer the same', async () => {
    const p = await newPlayer(k, { hexo: '100000' });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(k, p, { item: 'toolkit_5', quantity: 1 }, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await balance(k, p, 'hexo')).toBe(toBaseUnits(100_000n - 6_250n, 'hexo'));
    expect(await items(k, p)).toEqual({ toolkit_5: 1 });
  });

  it('1,000 concurrent purchases by a player who can afford exactly 10: 10 succeed, no 5xx, balance exact', async () => {
    const p = await newPlayer(k, { hexo: '5250' }); // 10 × 500 + 250 left
    const answers = await Promise.all(Array.from({ length: 1000 }, () => buy(k, p, { item: 'chicken_tendies', quantity: 1 })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.json().error === 'VENDOR_NOT_ENOUGH_BALANCE')).toBe(true);
    expect(await balance(k, p, 'hexo')).toBe(toBaseUnits(250n, 'hexo'));
    expect(await items(k, p)).toEqual({ chicken_tendies: 10 });
    expect(await ledgerMismatches(k)).toEqual([]);
  }, 120_000);

  it('the daily tick shares exactly 5% of the day\'s sales per token among land owners, with a notification', async () => {
    const owner = await newPlayer(k, { lands: 2, hexo: '2000' });
    expect((await buy(k, owner, { item: 'toolkit_2', quantity: 1 })).statusCode).toBe(200);
    const day = k.now().toISOString().slice(0, 10);
    const sales = await exec<{ token: string; total: string }>(k.db.orm, sql`SELECT token, sum(amount)::text AS total FROM vendor_purchases
      WHERE created_at >= ${`${day}T00:00:00Z`} AND created_at < ${`${day}T00:00:00Z`}::timestamptz + interval '1 day' GROUP BY token`);
    const tick = await k.post(PATHS.demoTick, { days: 1 });
    expect(tick.json().settled).toContain(day);
    const paid = await exec<{ asset: string; total: string; n: number }>(k.db.orm, sql`SELECT asset, sum(amount)::text AS total, count(*)::int AS n FROM ledger_entries
      WHERE reason = 'shop_royalty' AND reference = ${day} GROUP BY asset`);
    expect(Object.fromEntries(paid.map((p) => [p.asset, BigInt(p.total)]))).toEqual(Object.fromEntries(sales.map((s) => [s.token, (BigInt(s.total) * 5n) / 100n])));
    const mine = await exec<{ amount: string }>(k.db.orm, sql`SELECT amount::text AS amount FROM ledger_entries WHERE reason = 'shop_royalty' AND user_id = ${owner.userId} AND asset = 'hexo'`);
    expect(BigInt(mine[0]!.amount)).toBeGreaterThan(0n);
    const inbox = (await k.get(`${PATHS.notifications}?page=1`, owner.token)).json<NotificationsResponse>();
    expect(inbox.notifications.find((n) => n.type === 'shop_royalty')?.data).toMatchObject({ day, hexo: mine[0]!.amount, lands: 2 });
    expect(await ledgerMismatches(k)).toEqual([]);
  });
});

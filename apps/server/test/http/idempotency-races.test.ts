/**
 * Idempotency keys in flight (docs/architecture.md §8, issue 36 item 8; Stripe's rule): 20 requests
 * at once with one Idempotency-Key get the first request's answer, every one of them — never another
 * verdict (`LAND_NOT_AVAILABLE`, `PENDING_TRANSACTION`, …) — and the effect happens once. One race per
 * endpoint that takes the header (the list is checked against the descriptors); the race matters on
 * Postgres (PGlite serialises transactions) and runs on both. A key whose request never finishes
 * answers 409 IDEMPOTENCY_KEY_IN_USE after the bounded wait (on Postgres: 10 s of real time, not repeated on PGlite).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_PREFIX, ENDPOINTS, PATHS, type QuestsResponse, type VendorCatalogueResponse } from '@kingdom/api';
import { MARKET_FEE_BPS, orderEscrow, vendorReferencePrice } from '@kingdom/game';
import { exec } from '../../src/db/client.ts';
import { IN_FLIGHT_WAIT_MS, takesIdempotencyKey } from '../../src/http/idempotency.ts';
import { createTestKingdom, signInCardano, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer, auth, type Player } from '../support/players.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';

const RACERS = 20;
const balance = async (k: TestKingdom, token: string, t: string) => BigInt((await k.get(PATHS.balance(t), token)).json<{ balance: string }>().balance);

/** `RACERS` identical requests with one key at once, each from its own client address. */
async function race(k: TestKingdom, url: string, body: unknown, token: string, key = randomUUID()): Promise<Array<{ statusCode: number; body: string }>> {
  const c = await k.csrf();
  const subnet = Math.floor(Math.random() * 200) + 1;
  return Promise.all(Array.from({ length: RACERS }, (_, i) => k.app.inject({
    method: 'POST', url: API_PREFIX + url, payload: body as object,
    headers: { ...c.headers, authorization: `Bearer ${token}`, 'idempotency-key': key }, remoteAddress: `10.36.${subnet}.${i + 1}`,
  })));
}

/**
 * Every answer is the first one: 200 and byte for byte the same, or — where the answer shows a state
 * that moves on by itself (a withdrawal's status) — what `same` picks of it.
 */
function oneAnswer(answers: Array<{ statusCode: number; body: string }>, same: (body: string) => unknown = (b) => b): string {
  for (const a of answers) {
    expect(a.statusCode, a.body).toBe(200);
    expect(same(a.body)).toEqual(same(answers[0]!.body));
  }
  return answers[0]!.body;
}

describe(`one Idempotency-Key, ${RACERS} requests at once: one answer, one effect (${TEST_DB})`, () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k?.close(); });

  it('covers every endpoint that takes the header', () => {
    const taking = Object.values(ENDPOINTS).filter((e) => takesIdempotencyKey(e)).map((e) => e.operationId).sort();
    expect(taking).toEqual(['chainWithdrawalCreate', 'exoOrderCreate', 'marketPlaceOrder', 'mintCreate', 'questClaim', 'vendorPurchase']);
  });

  it('POST /mint', async () => {
    const wallet = createCardanoTestWallet();
    const { token, user } = await signInCardano(k, wallet);
    const body = oneAnswer(await race(k, ENDPOINTS.mintCreate.path, { any: {} }, token));
    expect(JSON.parse(body).mint.status).toBe('reserved');
    const [row] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM land_mints WHERE user_id = ${user.user_id}`);
    expect(row!.n).toBe(1);
  });

  it('POST /vendor/purchase', async () => {
    const p = await newPlayer(k, { hexo: '500' });
    const item = (await k.get(PATHS.vendorCatalogue)).json<VendorCatalogueResponse>().items.find((i) => i.key === 'food_100')!;
    const before = await balance(k, p.token, item.pay_token);
    oneAnswer(await race(k, PATHS.vendorPurchase, { item: 'food_100', quantity: 1 }, p.token));
    expect(before - await balance(k, p.token, item.pay_token)).toBe(BigInt(item.price!));
  });

  it('POST /market/orders', async () => {
    const p = await newPlayer(k, { hexo: '50' });
    const price = vendorReferencePrice({ good: 'food', payToken: 'hexo' })!;
    const body = oneAnswer(await race(k, ENDPOINTS.marketPlaceOrder.path, { good: 'food', token: 'hexo', side: 'buy', quantity: 10, price: price.toString() }, p.token));
    const escrow = orderEscrow({ side: 'buy', price, quantity: 10, feeBps: MARKET_FEE_BPS }).tokens;
    expect(JSON.parse(body).order.escrow).toBe(escrow.toString());
    expect(await balance(k, p.token, 'hexo')).toBe(50_000_000n - escrow);
    const [row] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM market_orders WHERE user_id = ${p.userId}`);
    expect(row!.n).toBe(1);
  });

  it('POST /chain/withdrawals', async () => {
    const wallet = createCardanoTestWallet();
    expect((await k.post(PATHS.demoFaucet, { address: wallet.address, hexo: '50' })).statusCode).toBe(200);
    const { token } = await signInCardano(k, wallet);
    expect((await k.post(ENDPOINTS.walletsSetMaster.path, { address: wallet.address }, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    const body = oneAnswer(await race(k, ENDPOINTS.chainWithdrawalCreate.path, { token: 'hexo', amount: '10' }, token), (b) => {
      const { id, token: t, amount, address } = JSON.parse(b).withdrawal;
      return { id, t, amount, address };
    });
    expect(JSON.parse(body).withdrawal.amount).toBe('10000000');
    expect(await balance(k, token, 'hexo')).toBe(40_000_000n);
  });

  it('POST /exo/orders (an EXO order of a sale round)', async () => {
    const rounds = (await k.get(ENDPOINTS.saleRounds.path)).json<{ rounds: Array<{ id: number; status: string }> }>().rounds;
    const open = rounds.find((r) => r.status === 'open')!;
    const { token, user } = await signInCardano(k, createCardanoTestWallet());
    oneAnswer(await race(k, ENDPOINTS.exoOrderCreate.path, { round_id: open.id, amount: '10' }, token));
    const [row] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM exo_orders WHERE user_id = ${user.user_id}`);
    expect(row!.n).toBe(1);
  });

  it('POST /quests/:id/claim', async () => {
    const p: Player = await newPlayer(k, { lands: 1, hexo: '500' });
    expect((await k.post(PATHS.mineWorkers('goldmine'), { hex_name: p.lands[0], slot: 1, worker: null }, auth(p))).statusCode).toBe(200);
    expect((await k.post(PATHS.vendorPurchase, { item: 'food_100', quantity: 1 }, { ...auth(p), 'idempotency-key': randomUUID() })).statusCode).toBe(200);
    const quest = (await k.get(PATHS.quests, p.token)).json<QuestsResponse>().daily.quests[0]!;
    expect(quest.complete).toBe(true);
    const reward = quest.rewards[0]!;
    const before = await balance(k, p.token, reward.key);
    oneAnswer(await race(k, PATHS.questClaim(quest.id), {}, p.token));
    expect(await balance(k, p.token, reward.key)).toBe(before + BigInt(reward.amount));
  });

  // On Postgres only (server-pg): its 10 s are real time, and the wait for a key claimed elsewhere does
  // not depend on the database (a claim row, polled); another server's claim is a Postgres deployment's.
  it.runIf(TEST_DB === 'postgres')(`a key whose request never finishes answers 409 IDEMPOTENCY_KEY_IN_USE after ${IN_FLIGHT_WAIT_MS} ms`, { timeout: IN_FLIGHT_WAIT_MS + 20_000 }, async () => {
    const { token, user } = await signInCardano(k, createCardanoTestWallet());
    const key = randomUUID();
    // a request of this key is being answered (by another server, say)
    await exec(k.db.orm, sql`INSERT INTO idempotency_claims (user_id, key, token, claimed_at) VALUES (${user.user_id}, ${key}, 'other', clock_timestamp())`);
    const started = Date.now();
    const res = await k.post(ENDPOINTS.mintCreate.path, { any: {} }, { authorization: `Bearer ${token}`, 'idempotency-key': key });
    expect(Date.now() - started).toBeGreaterThanOrEqual(IN_FLIGHT_WAIT_MS - 50);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'IDEMPOTENCY_KEY_IN_USE', message: 'This request is still being processed. Please wait a moment: its answer comes with the same key.' });
    // it answered: the first request's answer comes with the key once it is done
    await exec(k.db.orm, sql`DELETE FROM idempotency_claims WHERE user_id = ${user.user_id} AND key = ${key}`);
    expect((await k.post(ENDPOINTS.mintCreate.path, { any: {} }, { authorization: `Bearer ${token}`, 'idempotency-key': key })).statusCode).toBe(200);
  });
});

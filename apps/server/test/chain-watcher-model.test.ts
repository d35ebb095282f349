/**
 * The chain watcher's set-based credit step (`creditConfirmedPayments`, SQL) against its pure model
 * (`creditPayments`, packages/game) on random small worlds — payments at random heights from
 * random senders (linked to random accounts or not; some sharing a stake credential with a linked
 * address — other addresses of one HD wallet, or an attacker's address built on a victim's stake
 * credential; stake keys proved by random accounts or by none), order payments that cover, underpay, pay twice
 * or pay someone else's order — on PGlite and Postgres (`server-pg`). They must agree exactly:
 * statuses, ledger entries and paid orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { creditPayments, type OrderState, type Payment, type PaymentStatus } from '@kingdom/game';
import { exec } from '../src/db/client.ts';
import { creditConfirmedPayments } from '../src/jobs/chain-watcher.ts';
import { createTestKingdom, TEST_DB, type TestKingdom } from './support/kingdom.ts';

interface World {
  accounts: number;
  /** Sender address index → stake credential ('' for none): addresses sharing one are one HD wallet. */
  stakes: string[];
  /** Sender address index → account index (or null: not linked). */
  links: Array<number | null>;
  /** Stake credentials proved by a signature of the stake key: credential → account index (first wins). */
  proofs: Array<{ stake: string; account: number }>;
  orders: Array<{ account: number; exo: bigint; lovelace: bigint; status: OrderState['status'] }>;
  payments: Array<{ token: Payment['token']; amount: bigint; senders: number[]; order: number | null; height: number; status: 'pending' | 'claimable' | 'credited' }>;
  tip: number;
  depth: number;
}

const worldArb: fc.Arbitrary<World> = fc.record({
  accounts: fc.integer({ min: 1, max: 3 }),
  stakes: fc.array(fc.constantFrom('', '', 'aa', 'bb', 'cc'), { minLength: 5, maxLength: 5 }),
  links: fc.array(fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }), { minLength: 1, maxLength: 5 }),
  proofs: fc.array(fc.record({ stake: fc.constantFrom('aa', 'bb', 'cc'), account: fc.integer({ min: 0, max: 2 }) }), { maxLength: 3 }),
  orders: fc.array(fc.record({
    account: fc.integer({ min: 0, max: 2 }),
    exo: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    lovelace: fc.bigInt({ min: 1n, max: 10n ** 9n }),
    status: fc.constantFrom<OrderState['status']>('awaiting_payment', 'awaiting_payment', 'paid', 'expired'),
  }), { maxLength: 4 }),
  payments: fc.array(fc.record({
    token: fc.constantFrom<Payment['token']>('exo', 'hexo', 'ada', 'ada'),
    amount: fc.bigInt({ min: 1n, max: 10n ** 9n }),
    senders: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }),
    order: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
    height: fc.integer({ min: 1, max: 30 }),
    status: fc.constantFrom<'pending' | 'claimable' | 'credited'>('pending', 'pending', 'claimable', 'credited'),
  }), { maxLength: 10 }),
  tip: fc.integer({ min: 1, max: 40 }),
  depth: fc.integer({ min: 1, max: 15 }),
}).map((w) => ({ ...w, links: w.links.map((l) => (l === null ? null : l % w.accounts)), proofs: w.proofs.map((p) => ({ ...p, account: p.account % w.accounts })), orders: w.orders.map((o) => ({ ...o, account: o.account % w.accounts })) }));

describe(`chain watcher credit step: SQL = model (${TEST_DB})`, () => {
  let k: TestKingdom;
  let run = 0;
  beforeAll(async () => { k = await createTestKingdom({ demo: false }); });
  afterAll(async () => { await k.close(); });

  async function agree(w: World) {
    run++;
    const orm = k.db.orm;
    const now = new Date(Date.UTC(2026, 0, 1) + run * 60_000);
    await exec(orm, sql`DELETE FROM chain_payments`);
    // accounts and their linked sender addresses
    const userIds: number[] = [];
    for (let a = 0; a < w.accounts; a++) {
      const [u] = await exec<{ id: number }>(orm, sql`INSERT INTO users (name) VALUES (${`m${run}_${a}`}) RETURNING id`);
      userIds.push(u!.id);
    }
    const address = (i: number) => `addr_test1model${run}x${i}`;
    const owner = new Map<string, number>();
    const stakeOwner = new Map<string, number>();
    const stakeOf = (i: number) => (w.stakes[i] ? `${w.stakes[i]}${run}` : '');
    for (const [i, a] of w.links.entries()) {
      if (a === null) continue;
      await exec(orm, sql`INSERT INTO wallets (user_id, chain, address) VALUES (${userIds[a]!}, 'cardano', ${address(i)})`);
      owner.set(address(i), userIds[a]!);
    }
    // Only a signature of the stake key proves a stake credential; a linked address sharing it does not.
    for (const p of w.proofs) {
      const stake = `${p.stake}${run}`;
      if (stakeOwner.has(stake)) continue;
      await exec(orm, sql`INSERT INTO cardano_stake_proofs (stake_credential, user_id, reward_address, proved_at)
        VALUES (${stake}, ${userIds[p.account]!}, ${`stake_test1model${run}${p.stake}`}, ${now})`);
      stakeOwner.set(stake, userIds[p.account]!);
    }
    const orderIds: number[] = [];
    const orders = new Map<number, OrderState>();
    for (const [i, o] of w.orders.entries()) {
      const [row] = await exec<{ id: number }>(orm, sql`INSERT INTO exo_orders (user_id, idempotency_key, request_hash, source, pack, exo, lovelace, status, created_at, expires_at)
        VALUES (${userIds[o.account]!}, ${`k${run}_${i}`}, 'h', 'pack', 'exo_1k', ${o.exo.toString()}, ${o.lovelace.toString()}, ${o.status}, ${now}, ${now}) RETURNING id::int AS id`);
      orderIds.push(row!.id);
      orders.set(row!.id, { id: row!.id, userId: userIds[o.account]!, exo: o.exo, lovelace: o.lovelace, status: o.status });
    }
    const payments: Payment[] = [];
    for (const [i, p] of w.payments.entries()) {
      const senders = p.senders.map(address);
      const senderStakes = p.senders.map(stakeOf);
      const order = p.order === null ? null : (orderIds[p.order] ?? 999_999);
      const [row] = await exec<{ id: number }>(orm, sql`INSERT INTO chain_payments (tx_hash, output_index, token, amount, senders, sender_stakes, message_order, block_height, block_hash, status, seen_at)
        VALUES (${`t${run}_${i}`}, 0, ${p.token}, ${p.amount.toString()}, ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(senders)}::jsonb)),
          ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(senderStakes)}::jsonb)), ${p.token === 'ada' ? order : null}, ${p.height}, 'b', ${p.status}, ${now}) RETURNING id::int AS id`);
      payments.push({ id: row!.id, token: p.token, amount: p.amount, senders, senderStakes, order: p.token === 'ada' ? order : null, blockHeight: p.height, status: p.status });
    }

    const model = creditPayments(payments, owner, stakeOwner, orders, w.tip, w.depth);
    const result = await creditConfirmedPayments(k.db, w.tip, w.depth, now);

    const rows = await exec<{ id: number; status: PaymentStatus }>(orm, sql`SELECT id::int AS id, status FROM chain_payments ORDER BY id`);
    const expected = payments.map((p) => ({ id: p.id, status: model.statuses.get(p.id) ?? p.status }));
    expect(rows).toEqual(expected);
    const key = (e: { user_id: number; asset: string; amount: string; reason: string }) => `${e.user_id}|${e.asset}|${e.reason}|${e.amount.padStart(30, '0')}`;
    const entries = (await exec<{ user_id: number; asset: string; amount: string; reason: string }>(orm, sql`
      SELECT user_id, asset, amount::text AS amount, reason FROM ledger_entries WHERE created_at = ${now}`)).map(key).sort();
    const modelEntries = model.credits.map((c) => key({ user_id: c.userId, asset: c.token, amount: c.amount.toString(), reason: c.order === null ? 'deposit' : 'exo_order' })).sort();
    expect(entries).toEqual(modelEntries);
    const paid = await exec<{ id: number }>(orm, sql`SELECT id::int AS id FROM exo_orders WHERE paid_at = ${now} ORDER BY id`);
    expect(paid.map((r) => r.id)).toEqual([...model.paidOrders].sort((a, b) => a - b));
    expect(result.credited).toBe(model.credits.length);
    return { model, userIds, payments };
  }

  it('agrees on random worlds', async () => {
    await fc.assert(fc.asyncProperty(worldArb, async (w) => { await agree(w); }), { numRuns: TEST_DB === 'postgres' ? 60 : 100, endOnFailure: true });
  }, 240_000);

  // The attack of issue 17: the attacker (account 0) links a base address built from its own payment
  // key and the victim's stake credential 'aa' (address 0); the victim (account 1) deposits from
  // another address of its HD wallet (address 1, same stake credential, not linked).
  const attack: World = {
    accounts: 2, stakes: ['aa', 'aa', '', '', ''], links: [0, null], proofs: [], orders: [],
    payments: [{ token: 'hexo', amount: 37_000_000n, senders: [1], order: null, height: 1, status: 'pending' }], tip: 20, depth: 15,
  };

  it('refuses the stake-credential attack: the deposit waits as claimable, nobody is credited', async () => {
    const { model, payments } = await agree(attack);
    expect(model.credits).toEqual([]);
    expect(model.statuses.get(payments[0]!.id)).toBe('claimable');
  });

  it('credits the victim once it proved its stake key', async () => {
    const { model, userIds } = await agree({ ...attack, proofs: [{ stake: 'aa', account: 1 }] });
    expect(model.credits.map((c) => [c.userId, c.amount])).toEqual([[userIds[1], 37_000_000n]]);
  });
});

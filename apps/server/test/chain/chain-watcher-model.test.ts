/**
 * The chain watcher's set-based credit step (`creditConfirmedPayments`, SQL) against its pure model
 * (`creditPayments`, packages/game) on random small worlds, on PGlite and Postgres (`server-pg`).
 * They must agree exactly: statuses, ledger entries and paid orders.
 *
 * The worlds hold deposits (`exo`/`hexo`) from random senders (linked to random accounts or not;
 * some sharing a stake credential with a linked address — other addresses of one HD wallet, or an
 * attacker's address built on a victim's stake credential; stake keys proved by random accounts or
 * by none) and `ada` payments of EXO orders that the generator aims at one order-payment case
 * each: from the order owner's linked address or proved stake credential, or from another
 * account's; paying the exact price, less, or more; an order awaiting payment, already paid or
 * expired; several payments of one order. `COVERAGE` below counts the worlds in which the credit
 * step judged each case, and the random test asserts each is reached in at least 10% of worlds.
 *
 * Hand-made order payments (exact, one lovelace short, twice in one run, again after a credit,
 * late, unlinked senders, another account's order) each assert their case's outcome. One-line
 * mutations of `creditConfirmedPayments`, none committed, each failing one of them on PGlite and
 * Postgres: `r.amount >= o.lovelace` → `>= o.lovelace - 1` (one short); `eligible AND rn = 1` →
 * `eligible` (twice: the ledger's once-only index throws, and without it the comparison fails);
 * `o.status <> 'paid'` dropped (again) or → `= 'awaiting_payment'` (late); `k.stake_credential =
 * s.stake` dropped (unlinked); `o.user_id = r.owner` dropped (another account's order).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { creditPayments, type CreditOutcome, type OrderState, type Payment, type PaymentStatus } from '@kingdom/game';
import { exec } from '../../src/db/client.ts';
import { creditConfirmedPayments } from '../../src/jobs/chain-watcher.ts';
import { createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';

/** Who sends an order payment the generator aimed at an order (`any`: random senders). */
type Sender = 'owner' | 'other' | 'ownerStake' | 'otherStake' | 'any';
/** How much it pays against the order's price (`any`: a random amount). */
type Pays = 'exact' | 'under' | 'over' | 'any';

interface World {
  accounts: number;
  /** Sender address index → stake credential ('' or missing for none): addresses sharing one are one HD wallet. */
  stakes: string[];
  /** Sender address index → account index (or null / missing: not linked). */
  links: Array<number | null>;
  /** Stake credentials proved by a signature of the stake key: credential → account index (first wins). */
  proofs: Array<{ stake: string; account: number }>;
  orders: Array<{ account: number; exo: bigint; lovelace: bigint; status: OrderState['status'] }>;
  payments: Array<{
    token: Payment['token']; amount: bigint; senders: number[]; order: number | null; height: number; status: 'pending' | 'claimable' | 'credited';
    /** The order-payment case the generator aimed at (`ada` payments naming an existing order). */
    aim?: { sender: Sender; pays: Pays };
  }>;
  tip: number;
  depth: number;
}

/** Address index of account `a`'s own linked address (the generator links addresses 0..accounts-1 so). */
const OWN_ADDRESS = (a: number) => a;
/** Address index of the unlinked address whose stake credential payment `j` proves (see the generator). */
const STAKE_ADDRESS = (j: number) => 10 + j;

const worldArb: fc.Arbitrary<World> = fc.record({
  accounts: fc.noBias(fc.constantFrom(1, 2, 2, 3, 3)),
  stakes: fc.array(fc.constantFrom('', '', 'aa', 'bb', 'cc'), { minLength: 5, maxLength: 5 }),
  links: fc.array(fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }), { minLength: 5, maxLength: 5 }),
  proofs: fc.array(fc.record({ stake: fc.constantFrom('aa', 'bb', 'cc'), account: fc.integer({ min: 0, max: 2 }) }), { maxLength: 3 }),
  orders: fc.array(fc.record({
    account: fc.integer({ min: 0, max: 2 }),
    exo: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    lovelace: fc.bigInt({ min: 2n, max: 10n ** 9n }),
    status: fc.noBias(fc.constantFrom<OrderState['status']>('awaiting_payment', 'paid', 'expired')),
  }), { minLength: 1, maxLength: 3 }),
  payments: fc.array(fc.record({
    token: fc.noBias(fc.constantFrom<Payment['token']>('exo', 'hexo', 'ada', 'ada', 'ada', 'ada', 'ada', 'ada')),
    amount: fc.bigInt({ min: 1n, max: 10n ** 9n }),
    senders: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }),
    // an order index (mod the orders), the previous payment's order, none, or one that does not exist
    order: fc.oneof({ arbitrary: fc.integer({ min: 0, max: 2 }), weight: 7 }, { arbitrary: fc.constant('again' as const), weight: 6 }, { arbitrary: fc.constant(null), weight: 1 }, { arbitrary: fc.constant(-1), weight: 1 }),
    sender: fc.noBias(fc.constantFrom<Sender>('owner', 'owner', 'owner', 'ownerStake', 'ownerStake', 'other', 'otherStake', 'any')),
    pays: fc.noBias(fc.constantFrom<Pays>('exact', 'under', 'over', 'exact', 'under', 'over', 'any')),
    // blocks short of the depth (< 0: not yet deep enough to be judged)
    lag: fc.noBias(fc.integer({ min: -3, max: 12 })),
    status: fc.noBias(fc.constantFrom<'pending' | 'claimable' | 'credited'>('pending', 'pending', 'pending', 'pending', 'claimable', 'credited')),
  }), { minLength: 8, maxLength: 14 }),
  tip: fc.integer({ min: 16, max: 45 }),
  depth: fc.integer({ min: 1, max: 15 }),
}).map((raw): World => {
  const accounts = raw.accounts;
  // addresses 0..accounts-1 are each account's own linked address; the others are linked at random
  const links = raw.links.map((l, i) => (i < accounts ? OWN_ADDRESS(i) : l === null ? null : l % accounts));
  const stakes: string[] = [...raw.stakes];
  const proofs: World['proofs'] = raw.proofs.map((p) => ({ ...p, account: p.account % accounts }));
  const orders = raw.orders.map((o) => ({ ...o, account: o.account % accounts }));
  let previous = 0;
  const payments = raw.payments.map((p, j): World['payments'][number] => {
    const base = { token: p.token, amount: p.amount, senders: p.senders, height: Math.max(1, raw.tip - raw.depth + 1 - p.lag), status: p.status };
    if (p.order === null) return { ...base, order: null };
    if (p.order === -1) return { ...base, order: 9 }; // no such order
    const index = p.order === 'again' ? previous : p.order % orders.length;
    previous = index;
    if (p.token !== 'ada') return { ...base, order: index };
    const o = orders[index]!;
    const target = p.sender === 'owner' || p.sender === 'ownerStake' ? o.account : (o.account + 1) % accounts;
    let senders = p.senders;
    if (p.sender === 'owner' || p.sender === 'other') senders = [OWN_ADDRESS(target)];
    if (p.sender === 'ownerStake' || p.sender === 'otherStake') {
      // an unlinked address of the target's HD wallet, whose stake key the target proved
      senders = [STAKE_ADDRESS(j)];
      stakes[STAKE_ADDRESS(j)] = `p${j}`;
      proofs.push({ stake: `p${j}`, account: target });
    }
    const amount = p.pays === 'exact' ? o.lovelace
      : p.pays === 'under' ? 1n + (p.amount % (o.lovelace - 1n))
        : p.pays === 'over' ? o.lovelace + 1n + (p.amount % 1000n) : p.amount;
    return { ...base, senders, amount, order: index, aim: { sender: p.sender, pays: p.pays } };
  });
  return { accounts, stakes, links, proofs, orders, payments, tip: raw.tip, depth: raw.depth };
});

/** The order-payment cases the random worlds must reach, each in at least 10% of worlds. */
const CASES = ['exact', 'over', 'under', 'twice', 'after paid', 'expired', 'own stake', 'other address', 'other stake'] as const;
type Case = (typeof CASES)[number];

/**
 * The cases the credit step judged in world `w` (the model's `outcome` says which payment paid an
 * order). A payment is judged when it is pending or claimable and deep enough; the generator's aim
 * tells who sent it and how much it paid (its senders are exactly the aimed ones).
 */
function reached(w: World, ids: number[], outcome: CreditOutcome): Set<Case> {
  const found = new Set<Case>();
  const covering = new Map<number, number>();
  for (const [i, p] of w.payments.entries()) {
    const judged = (p.status === 'pending' || p.status === 'claimable') && w.tip - p.height + 1 >= w.depth;
    if (!judged || p.token !== 'ada' || !p.aim || p.order === null || p.order >= w.orders.length) continue;
    const o = w.orders[p.order]!;
    const own = p.aim.sender === 'owner' || p.aim.sender === 'ownerStake';
    const other = w.accounts > 1 && (p.aim.sender === 'other' || p.aim.sender === 'otherStake');
    if (other) found.add(p.aim.sender === 'other' ? 'other address' : 'other stake');
    if (!own) continue;
    const covers = p.aim.pays === 'exact' || p.aim.pays === 'over';
    if (p.aim.pays === 'under' && o.status !== 'paid') found.add('under');
    if (covers && o.status === 'paid') found.add('after paid');
    if (covers && o.status !== 'paid') covering.set(p.order, (covering.get(p.order) ?? 0) + 1);
    if (outcome.statuses.get(ids[i]!) === 'credited') {
      if (p.aim.pays === 'exact') found.add('exact');
      if (p.aim.pays === 'over') found.add('over');
      if (o.status === 'expired') found.add('expired');
      if (p.aim.sender === 'ownerStake') found.add('own stake');
    }
  }
  if ([...covering.values()].some((n) => n >= 2)) found.add('twice');
  return found;
}

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
    const stakeOf = (i: number) => (w.stakes[i] ? `${w.stakes[i]}_${run}` : '');
    for (const [i, a] of w.links.entries()) {
      if (a === null) continue;
      await exec(orm, sql`INSERT INTO wallets (user_id, chain, address) VALUES (${userIds[a]!}, 'cardano', ${address(i)})`);
      owner.set(address(i), userIds[a]!);
    }
    // Only a signature of the stake key proves a stake credential; a linked address sharing it does not.
    for (const p of w.proofs) {
      const stake = `${p.stake}_${run}`;
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
    return { model, userIds, payments, orderIds };
  }

  // COVERAGE — % of worlds reaching each case with the fixed seed 17 (the test prints it):
  // PGlite, 100 worlds / Postgres, 60 worlds
  //   exact 29 / 35 · over 30 / 25 · under 48 / 47 · twice 36 / 38 · after paid 27 / 22 ·
  //   expired 27 / 32 · own stake 27 / 25 · other address 40 / 43 · other stake 37 / 32
  // (unseeded, three runs each: every case between 15 and 53)
  /**
   * The worlds' seed: fixed, so the coverage asserted below is a known fact of the worlds CI runs
   * (`KINGDOM_FC_SEED=<n>` explores another sample; its table is printed, not asserted).
   */
  const seed = process.env.KINGDOM_FC_SEED ? Number(process.env.KINGDOM_FC_SEED) : 17;
  it('agrees on random worlds, reaching every order-payment case in at least 10% of them', async () => {
    const counts = new Map<Case, number>(CASES.map((c) => [c, 0]));
    let worlds = 0;
    await fc.assert(fc.asyncProperty(worldArb, async (w) => {
      const { model, payments } = await agree(w);
      worlds++;
      for (const c of reached(w, payments.map((p) => p.id), model)) counts.set(c, counts.get(c)! + 1);
    }), { numRuns: TEST_DB === 'postgres' ? 60 : 100, seed, endOnFailure: true });
    const share = Object.fromEntries(CASES.map((c) => [c, Math.round((100 * counts.get(c)!) / worlds)]));
    console.log(`order-payment cases, % of ${worlds} worlds (seed ${seed}, ${TEST_DB}):`, share);
    if (!process.env.KINGDOM_FC_SEED) for (const c of CASES) expect(share[c], `worlds reaching "${c}" (%)`).toBeGreaterThanOrEqual(10);
  }, 240_000);

  // The attack of docs/game-rules.md §8.2: the attacker (account 0) links a base address built from its own payment
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

  // Asserted coverage cases of order payments: hand-made worlds, each with a check that the world
  // reaches the case it is named for (the outcome of every payment, the credits and the paid orders,
  // which `agree` has already required the SQL to equal). Account 0's order 0: 1,000 EXO for 5 ADA.
  const L = 5_000_000n;
  const EXO = 1_000_000_000n;
  const ada = (order: number, amount: bigint, sender: number): World['payments'][number] =>
    ({ token: 'ada', amount, senders: [sender], order, height: 1, status: 'pending' });
  /** Two accounts with their own linked addresses 0 and 1; addresses 2–4 unlinked; one order of account 0. */
  const orderWorld = (over: Partial<World>): World => ({
    accounts: 2, stakes: ['', '', '', '', ''], links: [0, 1, null, null, null], proofs: [],
    orders: [{ account: 0, exo: EXO, lovelace: L, status: 'awaiting_payment' }], payments: [], tip: 20, depth: 15, ...over,
  });
  const orderCases: Array<{ name: string; world: World; statuses: PaymentStatus[]; credited: Array<[account: number, exo: bigint]>; paid: number[]; fact: (w: World) => void }> = [
    {
      name: 'paid exactly by the owner', world: orderWorld({ payments: [ada(0, L, 0)] }),
      statuses: ['credited'], credited: [[0, EXO]], paid: [0],
      fact: (w) => expect(w.payments[0]!.amount).toBe(w.orders[0]!.lovelace),
    },
    {
      name: 'paid exactly one lovelace short', world: orderWorld({ payments: [ada(0, L - 1n, 0)] }),
      statuses: ['unmatched'], credited: [], paid: [],
      fact: (w) => expect(w.orders[0]!.lovelace - w.payments[0]!.amount).toBe(1n),
    },
    {
      name: 'paid twice in one run (exactly, then more): credited once', world: orderWorld({ payments: [ada(0, L, 0), ada(0, L + 7n, 0)] }),
      statuses: ['credited', 'unmatched'], credited: [[0, EXO]], paid: [0],
      fact: (w) => expect(w.payments.every((p) => p.order === 0 && p.amount >= L && w.tip - p.height + 1 >= w.depth)).toBe(true),
    },
    {
      name: 'paid again after an earlier run credited it', world: orderWorld({ orders: [{ account: 0, exo: EXO, lovelace: L, status: 'paid' }], payments: [ada(0, L, 0)] }),
      statuses: ['unmatched'], credited: [], paid: [],
      fact: (w) => expect(w.orders[0]!.status).toBe('paid'),
    },
    {
      name: 'paid late: the expired order is honoured at its price', world: orderWorld({ orders: [{ account: 0, exo: EXO, lovelace: L, status: 'expired' }], payments: [ada(0, L, 0)] }),
      statuses: ['credited'], credited: [[0, EXO]], paid: [0],
      fact: (w) => expect(w.orders[0]!.status).toBe('expired'),
    },
    {
      // address 4: no stake credential; address 2: stake 'aa', shared with account 0's linked address 0
      // but proved by nobody (account 1 proved 'cc'); address 3: stake 'bb', proved by account 0
      name: 'paid by unlinked senders: unproved waits as claimable, a proved stake key pays',
      world: orderWorld({ stakes: ['aa', '', 'aa', 'bb', ''], proofs: [{ stake: 'bb', account: 0 }, { stake: 'cc', account: 1 }], payments: [ada(0, L, 4), ada(0, L, 2), ada(0, L, 3)] }),
      statuses: ['claimable', 'claimable', 'credited'], credited: [[0, EXO]], paid: [0],
      fact: (w) => expect(w.payments.map((p) => [w.links[p.senders[0]!] ?? null, w.stakes[p.senders[0]!]])).toEqual([[null, ''], [null, 'aa'], [null, 'bb']]),
    },
    {
      // account 1 pays account 0's order from its linked address 1, then from address 3 whose stake key it proved; then account 0 pays it
      name: 'paid for another account’s order (linked address, proved stake), then by its owner',
      world: orderWorld({ stakes: ['', '', '', 'cc', ''], proofs: [{ stake: 'cc', account: 1 }], payments: [ada(0, L, 1), ada(0, L, 3), ada(0, L, 0)] }),
      statuses: ['unmatched', 'unmatched', 'credited'], credited: [[0, EXO]], paid: [0],
      fact: (w) => expect([w.links[1], w.proofs[0]!.account, w.orders[0]!.account]).toEqual([1, 1, 0]),
    },
  ];

  it.each(orderCases.map((c) => [c.name, c] as const))('agrees on the hand-made order payment: %s', async (_, c) => {
    c.fact(c.world);
    const { model, userIds, payments, orderIds } = await agree(c.world);
    expect(payments.map((p) => model.statuses.get(p.id) ?? p.status)).toEqual(c.statuses);
    expect(model.credits.map((x) => [x.userId, x.amount])).toEqual(c.credited.map(([a, exo]) => [userIds[a], exo]));
    expect(model.paidOrders).toEqual(c.paid.map((o) => orderIds[o]));
  });

  // An order paid twice in one run is credited once by the rule itself, not only because the second
  // ledger entry would break the ledger's once-only index (`ledger_entries_once`): without the index,
  // the comparison with the model still requires one credit.
  it('credits an order paid twice in one run once, by the rule alone (without the ledger’s once-only index)', async () => {
    const twice = orderCases.find((c) => c.name.startsWith('paid twice'))!;
    await exec(k.db.orm, sql`DROP INDEX ledger_entries_once`);
    try {
      const { model } = await agree(twice.world);
      expect(model.credits).toHaveLength(1);
    } finally {
      // only a mutated credit step leaves duplicates; they go so the index can be made again
      await exec(k.db.orm, sql`DELETE FROM ledger_entries a USING ledger_entries b
        WHERE a.id > b.id AND a.reason = b.reason AND a.reference = b.reference AND a.user_id = b.user_id AND a.asset = b.asset`);
      await exec(k.db.orm, sql`CREATE UNIQUE INDEX ledger_entries_once ON ledger_entries USING btree (reason, reference, user_id, asset)`);
    }
  });
});

/**
 * The console's actions (docs/http-contract.md §4, docs/game-rules.md §15): each writes its audit row
 * and its ledger entries in one transaction (a refused one writes neither); the two-person rule; a
 * suspended player's writes refused and reads answered; an unmatched payment resolved once; the
 * chest lock answering CHEST_EXPLOIT; messages and broadcasts; maintenance at run time; the search
 * box by every key; the dashboard's totals equal to the ledger's; the audit log append-only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, PATHS, fillPath, type Endpoint, type EconomyResponse } from '@kingdom/api';
import { exec } from '../../src/db/client.ts';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { auth, newPlayer, type Player } from '../support/players.ts';
import { addOperator } from '../../src/modules/console/service.ts';
import { clearEconomyCache } from '../../src/modules/console/economy.ts';
import { recordJobRun } from '../../src/db/job-runs.ts';

const CLI = { chain: 'cli', address: 'test', role: 'admin' as const };
const E = ENDPOINTS;
const EXO = 1_000_000n;

describe('console actions', () => {
  let k: TestKingdom;
  let target: Player;
  let admin1: Player;
  let admin2: Player;
  let support: Player;
  const limit = 1000n * EXO; // CONSOLE_TWO_PERSON_LIMIT=1000

  const as = (p: Player) => auth(p);
  const balance = async (userId: number, token = 'exo') =>
    BigInt((await exec<{ amount: string }>(k.db.orm, sql`SELECT COALESCE((SELECT amount FROM balances WHERE user_id = ${userId} AND token = ${token}), 0)::text AS amount`))[0]!.amount);
  const actions = async () => (await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM operator_actions`))[0]!.n;

  beforeAll(async () => {
    k = await createTestKingdom({ env: { CONSOLE_TWO_PERSON_LIMIT: '1000' }, jobEveryMs: (name) => (name === 'prices' ? 300_000 : undefined) });
    target = await newPlayer(k, { lands: 1, exo: '100', hexo: '100' });
    [admin1, admin2, support] = [await newPlayer(k, {}), await newPlayer(k, {}), await newPlayer(k, {})];
    await addOperator(k.db, CLI, { chain: 'cardano', address: admin1.address, role: 'admin', reason: 'setup', now: k.now() });
    await addOperator(k.db, CLI, { chain: 'cardano', address: admin2.address, role: 'admin', reason: 'setup', now: k.now() });
    await addOperator(k.db, CLI, { chain: 'cardano', address: support.address, role: 'support', reason: 'setup', now: k.now() });
  }, 300_000);
  afterAll(async () => k?.close());

  it('applies an adjustment with its audit row and its ledger entry (the row as reference)', async () => {
    const before = await balance(target.userId);
    const res = await k.post(fillPath(E.consoleAdjustment.path, { user_id: target.userId }), { token: 'exo', direction: 'credit', amount: String(25n * EXO), reason: 'lost deposit, ticket 12' }, as(admin1));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('applied');
    expect(BigInt(body.balance)).toBe(before + 25n * EXO);
    const [entry] = await exec<{ amount: string; reference: string }>(k.db.orm, sql`SELECT amount::text AS amount, reference FROM ledger_entries WHERE reason = 'operator_adjustment' AND user_id = ${target.userId}`);
    expect(entry).toEqual({ amount: String(25n * EXO), reference: `action:${body.action_id}` });
    const [row] = await exec<{ action: string; reason: string; operator_address: string; target_user_id: number }>(k.db.orm, sql`SELECT action, reason, operator_address, target_user_id FROM operator_actions WHERE id = ${body.action_id}`);
    expect(row).toEqual({ action: 'adjustment', reason: 'lost deposit, ticket 12', operator_address: admin1.address, target_user_id: target.userId });
  });

  it('writes neither the audit row nor a ledger entry when the change is refused (one transaction)', async () => {
    const n = await actions();
    const entries = (await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = ${target.userId}`))[0]!.n;
    const res = await k.post(fillPath(E.consoleAdjustment.path, { user_id: target.userId }), { token: 'hexo', direction: 'debit', amount: String(999n * EXO), reason: 'too much' }, as(admin1));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VENDOR_NOT_ENOUGH_BALANCE');
    expect(await actions()).toBe(n);
    expect((await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = ${target.userId}`))[0]!.n).toBe(entries);
  });

  it('keeps the audit log append-only', async () => {
    const refusal = (p: Promise<unknown>) => p.then(() => 'written', (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`);
    expect(await refusal(exec(k.db.orm, sql`UPDATE operator_actions SET reason = 'rewritten'`))).toMatch(/append-only/);
    expect(await refusal(exec(k.db.orm, sql`DELETE FROM operator_actions`))).toMatch(/append-only/);
    expect(await actions()).toBeGreaterThan(0);
  });

  it('holds an adjustment above the limit for a second admin: not the one who asked', async () => {
    const before = await balance(target.userId);
    const big = limit + EXO;
    const res = await k.post(fillPath(E.consoleAdjustment.path, { user_id: target.userId }), { token: 'exo', direction: 'credit', amount: String(big), reason: 'big refund' }, as(admin1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('pending_approval');
    const id = res.json().approval.id as number;
    expect(await balance(target.userId)).toBe(before);
    const own = await k.post(fillPath(E.consoleApprovalApprove.path, { id }), { reason: 'approving my own' }, as(admin1));
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('APPROVAL_OWN_REQUEST');
    expect(await balance(target.userId)).toBe(before);
    const bySupport = await k.post(fillPath(E.consoleApprovalApprove.path, { id }), { reason: 'support tries' }, as(support));
    expect(bySupport.statusCode).toBe(403);
    const ok = await k.post(fillPath(E.consoleApprovalApprove.path, { id }), { reason: 'checked the ticket' }, as(admin2));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await balance(target.userId)).toBe(before + big);
    const [entry] = await exec<{ reference: string }>(k.db.orm, sql`SELECT reference FROM ledger_entries WHERE reason = 'operator_adjustment' AND amount = ${String(big)}`);
    expect(entry!.reference).toBe(`action:${ok.json().action_id}`);
    const again = await k.post(fillPath(E.consoleApprovalApprove.path, { id }), { reason: 'twice' }, as(admin2));
    expect(again.json().error).toBe('APPROVAL_NOT_PENDING');
    expect(await balance(target.userId)).toBe(before + big);
  });

  it('resolves an unmatched payment once: credited once, then PAYMENT_ALREADY_RESOLVED', async () => {
    const [pay] = await exec<{ id: string }>(k.db.orm, sql`INSERT INTO chain_payments (tx_hash, output_index, token, amount, senders, sender_stakes, block_height, block_hash, status, seen_at)
      VALUES (${'ab'.repeat(32)}, 0, 'ada', 5000000, ARRAY['addr_test1sender'], ARRAY[''], 1, 'h', 'unmatched', ${k.now()}) RETURNING id::text AS id`);
    const id = `cardano:${pay!.id}`;
    const list = await k.get(`${E.consolePayments.path}?state=unmatched`, admin1.token);
    expect(list.json().payments.map((p: { id: string }) => p.id)).toContain(id);
    const before = await balance(target.userId);
    const body = { kind: 'credit', user_id: target.userId, token: 'exo', amount: String(10n * EXO), reason: 'paid after the order expired' };
    const [a, b] = await Promise.all([
      k.post(fillPath(E.consolePaymentResolve.path, { id }), body, as(support)),
      k.post(fillPath(E.consolePaymentResolve.path, { id }), body, as(support)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().error).toBe('PAYMENT_ALREADY_RESOLVED');
    expect(await balance(target.userId)).toBe(before + 10n * EXO);
    const refund = await k.post(fillPath(E.consolePaymentResolve.path, { id }), { kind: 'refunded', refund_tx: 'cd'.repeat(32), reason: 'also refunded?' }, as(support));
    expect(refund.json().error).toBe('PAYMENT_ALREADY_RESOLVED');
    const resolved = await k.get(`${E.consolePayments.path}?state=credited`, admin1.token);
    expect(resolved.json().payments.find((p: { id: string }) => p.id === id).resolution.user_id).toBe(target.userId);
    // the player's page lists it (user_id: the account it was credited to), another account's does not
    const theirs = await k.get(`${E.consolePayments.path}?state=all&user_id=${target.userId}`, admin1.token);
    expect(theirs.json().payments.map((p: { id: string }) => p.id)).toContain(id);
    const others = await k.get(`${E.consolePayments.path}?state=all&user_id=${support.userId}`, admin1.token);
    expect(others.json().payments.map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it('records a refund of a SOL payment', async () => {
    const [pay] = await exec<{ id: string }>(k.db.orm, sql`INSERT INTO solana_payments (signature, slot, payer, fee_payer, lamports, verdict, seen_at)
      VALUES (${'5'.repeat(88)}, 10, 'payer', 'payer', 1000, 'under', ${k.now()}) RETURNING id::text AS id`);
    const id = `solana:${pay!.id}`;
    const res = await k.post(fillPath(E.consolePaymentResolve.path, { id }), { kind: 'refunded', refund_tx: '4'.repeat(88), reason: 'refunded by hand' }, as(support));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment.state).toBe('refunded');
  });

  it('locks the chest: the player answers CHEST_EXPLOIT; unlocking lifts it', async () => {
    const res = await k.post(fillPath(E.consoleChestLock.path, { user_id: target.userId }), { locked: true, reason: 'bot farming chests' }, as(support));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().flags.chest_locked).toBe(true);
    const open = await k.post(PATHS.chestOpen, {}, auth(target));
    expect(open.json().error).toBe('CHEST_EXPLOIT');
    await k.post(fillPath(E.consoleChestLock.path, { user_id: target.userId }), { locked: false, reason: 'cleared' }, as(support));
    expect((await k.post(PATHS.chestOpen, {}, auth(target))).json().error).not.toBe('CHEST_EXPLOIT');
  });

  it('refuses every write of a suspended player and answers its reads', async () => {
    const p = await newPlayer(k, { lands: 1, hexo: '10' });
    const res = await k.post(fillPath(E.consoleSuspension.path, { user_id: p.userId }), { suspended: true, reason: 'chargeback fraud' }, as(support));
    expect(res.statusCode, res.body).toBe(200);
    const writes = (Object.values(ENDPOINTS) as Endpoint[]).filter((e) => e.auth === 'session' && e.method !== 'GET' && e.operationId !== 'notificationsRead');
    expect(writes.length).toBeGreaterThan(20);
    for (const e of writes) {
      const url = fillPath(e.path, { hex_name: p.lands[0] ?? 'E00N00', id: 1, token: 'exo', mine: 'goldmine', day: '2026-11-01' });
      const r = await k.post(url, {}, { ...auth(p), 'idempotency-key': randomUUID() });
      expect(r.statusCode, `${e.operationId}: ${r.body}`).toBe(403);
      expect(r.json().error).toBe('ACCOUNT_SUSPENDED');
    }
    for (const path of [PATHS.dashboardUser, PATHS.chest, PATHS.notifications, PATHS.lands + '?my=true']) {
      expect((await k.get(path, p.token)).statusCode, path).toBe(200);
    }
    await k.post(fillPath(E.consoleSuspension.path, { user_id: p.userId }), { suspended: false, reason: 'resolved' }, as(support));
    expect((await k.post(PATHS.notificationsRead, { all: true }, auth(p))).statusCode).toBe(200);
    expect((await k.post(fillPath(E.landSeen.path, { hex_name: p.lands[0]! }), {}, auth(p))).statusCode).toBe(200);
  }, 300_000);

  it('messages one player and broadcasts to all', async () => {
    const one = await k.post(fillPath(E.consolePlayerMessage.path, { user_id: target.userId }), { title: 'About your deposit', body: 'It is credited.', reason: 'ticket 12' }, as(support));
    expect(one.statusCode, one.body).toBe(200);
    const all = await k.post(E.consoleBroadcast.path, { audience: 'all', title: 'Maintenance tonight', body: '02:00 UTC', reason: 'upgrade' }, as(admin1));
    expect(all.statusCode, all.body).toBe(200);
    const users = (await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM users`))[0]!.n;
    expect(all.json().recipients).toBe(users);
    const inbox = (await k.get(PATHS.notifications, target.token)).json().notifications as { type: string; data: { title: string } }[];
    expect(inbox.filter((n) => n.type === 'operator_message').map((n) => n.data.title).sort()).toEqual(['About your deposit', 'Maintenance tonight']);
    const land = await k.post(E.consoleBroadcast.path, { audience: 'land_owners', title: 'Owners', body: 'x', reason: 'owners' }, as(admin1));
    expect(land.json().recipients).toBeGreaterThanOrEqual(1);
    expect(land.json().recipients).toBeLessThan(users);
  });

  it('switches maintenance on and off at run time: players get 503, the console and sign-in stay up', async () => {
    const on = await k.post(E.consoleMaintenance.path, { on: true, message: 'Back at 03:00 UTC', ends_at: '2026-11-02T03:00:00Z', reason: 'database upgrade' }, as(admin1));
    expect(on.statusCode, on.body).toBe(200);
    const refused = await k.get(PATHS.dashboardUser, target.token);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: 'MAINTENANCE', message: 'Back at 03:00 UTC' });
    // the players' maintenance page reads the message and the announced end from /config
    expect((await k.get(PATHS.config)).json()).toMatchObject({ maintenance: true, maintenance_message: 'Back at 03:00 UTC', maintenance_ends_at: '2026-11-02T03:00:00.000Z' });
    expect((await k.get(E.consoleMaintenanceState.path, admin1.token)).json()).toMatchObject({ on: true, ends_at: '2026-11-02T03:00:00.000Z' });
    const off = await k.post(E.consoleMaintenance.path, { on: false, reason: 'done' }, as(admin1));
    expect(off.statusCode, off.body).toBe(200);
    expect((await k.get(PATHS.dashboardUser, target.token)).statusCode).toBe(200);
    expect((await k.get(PATHS.config)).json()).toMatchObject({ maintenance: false, maintenance_message: null, maintenance_ends_at: null });
  });

  it('finds a player by every key of the search box', async () => {
    const handle = `h${target.userId}x`;
    await exec(k.db.orm, sql`UPDATE wallets SET handle = ${handle} WHERE user_id = ${target.userId}`);
    await exec(k.db.orm, sql`INSERT INTO cardano_stake_proofs (stake_credential, user_id, reward_address, proved_at) VALUES ('cred', ${target.userId}, 'stake_test1uqexampleexampleexample', ${k.now()})`);
    const txHash = 'ef'.repeat(32);
    await exec(k.db.orm, sql`INSERT INTO chain_payments (tx_hash, output_index, token, amount, senders, sender_stakes, block_height, block_hash, status, seen_at, user_id)
      VALUES (${txHash}, 0, 'exo', 5, ARRAY[${target.address}], ARRAY[''], 1, 'h', 'credited', ${k.now()}, ${target.userId})`);
    const [order] = await exec<{ id: string }>(k.db.orm, sql`INSERT INTO exo_orders (user_id, idempotency_key, request_hash, source, pack, exo, lovelace, status, created_at, expires_at)
      VALUES (${target.userId}, 'k1', 'h', 'pack', 'exo_pack_1', 1, 1, 'expired', ${k.now()}, ${k.now()}) RETURNING id::text AS id`);
    const signature = '3'.repeat(87);
    await exec(k.db.orm, sql`INSERT INTO solana_payments (signature, slot, payer, fee_payer, lamports, verdict, seen_at, user_id)
      VALUES (${signature}, 11, 'payer', 'payer', 5, 'after_expiry', ${k.now()}, ${target.userId})`);
    const name = (await k.get(PATHS.dashboardUser, target.token)).json().user.user_name as string;
    const keys: [string, string][] = [
      [String(target.userId), 'user_id'], [target.address, 'address'], [target.address.toUpperCase(), 'address'], [`$${handle}`, 'handle'],
      ['stake_test1uqexampleexampleexample', 'stake_address'], [txHash, 'cardano_tx'], [signature, 'solana_signature'], [`#${order!.id}`, 'order_id'],
      [target.lands[0]!, 'land'], [target.lands[0]!.toLowerCase(), 'land'], [name, 'name'],
    ];
    for (const [q, matched] of keys) {
      const res = await k.get(`${E.consoleSearch.path}?q=${encodeURIComponent(q)}`, support.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().hits.filter((h: { user_id: number }) => h.user_id === target.userId).map((h: { matched: string }) => h.matched), q).toContain(matched);
    }
    const page = await k.get(fillPath(E.consolePlayer.path, { user_id: target.userId }), support.token);
    expect(page.statusCode, page.body).toBe(200);
    const p = page.json();
    expect(p.wallets[0].address).toBe(target.address);
    expect(p.stake_keys).toHaveLength(1);
    expect(p.lands.map((l: { hex_name: string }) => l.hex_name)).toEqual(target.lands);
    expect(p.sign_ins.length).toBeGreaterThanOrEqual(1);
    expect(p.audit.length).toBeGreaterThanOrEqual(3);
    const ledger = await k.get(`${fillPath(E.consolePlayerLedger.path, { user_id: target.userId })}?reason=operator_adjustment`, support.token);
    expect(ledger.json().rows.every((r: { raw_reason: string }) => r.raw_reason === 'operator_adjustment')).toBe(true);
    const csv = await k.get(`${fillPath(E.consolePlayerLedgerCsv.path, { user_id: target.userId })}?asset=exo`, support.token);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('date,asset,amount,reason,raw_reason,reference,balance_after');
  });

  it('adds up to the ledger: the dashboard\'s flows equal an independent sum of the entries', async () => {
    clearEconomyCache();
    const day = k.now().toISOString().slice(0, 10);
    const res = await k.get(`${E.consoleEconomy.path}?from=${day}&to=${day}`, support.token);
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json<EconomyResponse>();
    const byAsset = new Map<string, bigint>();
    for (const f of e.flows) byAsset.set(f.asset, (byAsset.get(f.asset) ?? 0n) + BigInt(f.created) - BigInt(f.burned));
    const ledger = await exec<{ asset: string; sum: string }>(k.db.orm, sql`SELECT asset, sum(amount)::text AS sum FROM ledger_entries
      WHERE created_at >= ${`${day}T00:00:00Z`}::timestamptz AND created_at < ${`${day}T00:00:00Z`}::timestamptz + interval '1 day' GROUP BY asset`);
    expect(Object.fromEntries([...byAsset].map(([a, v]) => [a, v.toString()]))).toEqual(Object.fromEntries(ledger.map((r) => [r.asset, r.sum])));
    expect(e.days).toHaveLength(1);
    const created = (await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM users
      WHERE created_at >= ${`${day}T00:00:00Z`}::timestamptz AND created_at < ${`${day}T00:00:00Z`}::timestamptz + interval '1 day'`))[0]!.n;
    expect(e.days[0]!.new_players).toBe(created);
    expect(e.days[0]!.sign_ins).toMatchObject({ unknown: expect.any(Number) });
    const adjustments = e.flows.filter((f) => f.reason === 'operator_adjustment' && f.asset === 'exo').reduce((s, f) => s + BigInt(f.created), 0n);
    expect(adjustments).toBe(25n * EXO + limit + EXO);
    const csv = await k.get(`${E.consoleEconomyCsv.path}?from=${day}&to=${day}`, support.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('operator_adjustment');
    await recordJobRun(k.db.orm, 'tick', 1.5, true, 'host:1:a');
    await recordJobRun(k.db.orm, 'tick', 0.25, false, 'host:1:a');
    const ops = await k.get(E.consoleOperations.path, support.token);
    expect(ops.statusCode, ops.body).toBe(200);
    expect(ops.json().database.kind).toBe(k.db.kind);
    expect(ops.json().database.migration).toMatch(/^00\d\d_/);
    expect(ops.json().jobs.find((j: { name: string }) => j.name === 'tick')).toMatchObject({ duration_ms: 250, ok: false, last_error: '1 failed runs of 2' });
    // the tick's next run: the next 00:00 UTC of the game clock
    const nextMidnight = new Date(Math.floor(Date.parse(ops.json().now) / 86_400_000 + 1) * 86_400_000).toISOString();
    expect(ops.json().jobs.find((j: { name: string }) => j.name === 'tick').next_run_at).toBe(nextMidnight);
    // the price job's: its interval in the scheduler (5 minutes here) after its last run
    await recordJobRun(k.db.orm, 'prices', 0.1, true, 'host:1:a');
    const prices = (await k.get(E.consoleOperations.path, support.token)).json().jobs.find((j: { name: string }) => j.name === 'prices');
    expect(prices.next_run_at).toBe(new Date(Date.parse(prices.last_run_at) + 300_000).toISOString());
  });

  it('never removes or demotes the last admin', async () => {
    await k.post(E.consoleOperatorRemove.path, { chain: 'cardano', address: admin2.address, reason: 'left' }, as(admin1));
    const demote = await k.post(E.consoleOperatorAdd.path, { chain: 'cardano', address: admin1.address, role: 'viewer', reason: 'oops' }, as(admin1));
    expect(demote.json().error).toBe('OPERATOR_LAST_ADMIN');
    const remove = await k.post(E.consoleOperatorRemove.path, { chain: 'cardano', address: admin1.address, reason: 'oops' }, as(admin1));
    expect(remove.json().error).toBe('OPERATOR_LAST_ADMIN');
  });
});

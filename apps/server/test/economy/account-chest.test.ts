/**
 * Account history (ledger pages, filters, running balance, CSV), profile, the weekly chest (every
 * code, exactly once under concurrency, provably fair) and compensation (once per event).
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS, type ChestOpenResponse, type ChestStatus, type ChestWeekResponse, type LedgerResponse, type NotificationsResponse, type ProfileResponse } from '@kingdom/api';
import { chestEntryIndex, chestWeekOf, fromBaseUnits, nextChestWeek, toBaseUnits, type Token } from '@kingdom/game';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { exec } from '../../src/db/client.ts';
import { compensate } from '../../src/modules/compensation/service.ts';
import { reasonInWords } from '../../src/modules/account/service.ts';
import { applyTokenEntry } from '../../src/modules/ledger/ledger.ts';
import { readCsv as parseCsv } from '../../../../packages/api/test/support/read-csv.ts';
import { newPlayer, auth, type Player } from '../support/players.ts';

const DAY = 86_400_000;

const balance = async (k: TestKingdom, p: Player, token: string) => BigInt((await k.get(PATHS.balance(token), p.token)).json<{ balance: string }>().balance);


let k: TestKingdom;
beforeAll(async () => { k = await createTestKingdom(); });
afterAll(async () => { await k?.close(); });

describe('account history', () => {
  it('pages the ledger newest first, reasons in words, running balance ending at the balance; CSV sums to it', async () => {
    const p = await newPlayer(k, { hexo: '5000' });
    for (let i = 0; i < 30; i++) {
      const r = await k.post(PATHS.vendorPurchase, { item: 'food_100', quantity: 1 }, { ...auth(p), 'idempotency-key': randomUUID() });
      expect(r.statusCode).toBe(200);
    }
    const page1 = (await k.get(`${PATHS.accountLedger}?token=hexo&page=1`, p.token)).json<LedgerResponse>();
    expect(page1.total).toBe(31);
    expect(page1.rows).toHaveLength(25);
    expect(page1.balance).toBe((await balance(k, p, 'hexo')).toString());
    expect(page1.rows[0]!.running_balance).toBe(page1.balance);
    expect(page1.rows[0]).toMatchObject({ reason: 'vendor_purchase', amount: (-toBaseUnits(100n, 'hexo')).toString(), link: '/vendor' });
    for (let i = 1; i < page1.rows.length; i++) expect(BigInt(page1.rows[i - 1]!.running_balance)).toBe(BigInt(page1.rows[i]!.running_balance) + BigInt(page1.rows[i - 1]!.amount));
    const page2 = (await k.get(`${PATHS.accountLedger}?token=hexo&page=2`, p.token)).json<LedgerResponse>();
    expect(page2.rows.at(-1)).toMatchObject({ reason: 'faucet', amount: toBaseUnits(5000n, 'hexo').toString(), running_balance: toBaseUnits(5000n, 'hexo').toString() });
    const faucetOnly = (await k.get(`${PATHS.accountLedger}?token=hexo&reason=faucet`, p.token)).json<LedgerResponse>();
    expect(faucetOnly.rows.map((r) => r.reason)).toEqual(['faucet']);
    expect((await k.get(`${PATHS.accountLedger}?token=hexo&reason=chest`, p.token)).json<LedgerResponse>().rows).toEqual([]);
    const food = (await k.get(`${PATHS.accountLedger}?token=food`, p.token)).json<LedgerResponse>();
    expect(food.rows[0]!.running_balance).toBe((await balance(k, p, 'food')).toString());

    const csvRes = await k.get(`${PATHS.accountLedgerCsv}?token=hexo`, p.token);
    expect(csvRes.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(csvRes.body);
    expect(header).toEqual(['date', 'asset', 'amount', 'reason', 'raw_reason', 'reference', 'balance_after']);
    expect(rows).toHaveLength(31);
    const sum = rows.reduce((a, r) => a + toBaseUnits(r[2]!.replace('-', ''), 'hexo') * (r[2]!.startsWith('-') ? -1n : 1n), 0n);
    expect(sum).toBe(await balance(k, p, 'hexo'));
    expect(rows.at(-1)![6]).toBe(fromBaseUnits(await balance(k, p, 'hexo'), 'hexo'));
    expect((await k.get(`${PATHS.accountLedger}?token=hexo`)).statusCode).toBe(401);
  });

  it('maps every raw reason the server writes to its own word (docs/product.md §10: staking was "mining", deposits "other")', () => {
    const words: Record<string, string> = {
      goldmine_reward: 'mining', frenmine_reward: 'mining', goldmine_salary: 'salary', frenmine_salary: 'salary',
      staking_reward: 'staking', vendor_purchase: 'vendor_purchase', shop_royalty: 'shop_royalty', chest: 'chest',
      faucet: 'faucet', upgrade_refund: 'refund', 'compensation:downtime-1': 'compensation', goldmine_upgrade: 'upgrade',
      frenmine_upgrade: 'upgrade', land_expansion: 'land_expansion', demo_seed: 'demo_seed', deposit: 'deposit',
      withdrawal: 'withdrawal', withdrawal_refund: 'withdrawal_returned', exo_order: 'exo_order',
      votes_lock: 'votes_lock', votes_unlock: 'votes_unlock', quest_reward: 'quest', something_new: 'other',
      market_escrow: 'market_escrow', market_bought: 'market_bought', market_proceeds: 'market_proceeds', market_refund: 'market_refund',
    };
    expect(Object.fromEntries(Object.keys(words).map((raw) => [raw, reasonInWords(raw)]))).toEqual(words);
  });

  it('filters and exports staking rewards, deposits and withdrawals under their own reasons', async () => {
    const p = await newPlayer(k, { hexo: '10' });
    const at = k.now();
    await k.db.orm.transaction(async (tx) => {
      await applyTokenEntry(tx, { userId: p.userId, token: 'hexo', amount: toBaseUnits(3n, 'hexo'), reason: 'staking_reward', reference: '2026-11-01:nft:1', at });
      await applyTokenEntry(tx, { userId: p.userId, token: 'hexo', amount: toBaseUnits(100n, 'hexo'), reason: 'deposit', reference: 'tx#0', at });
      await applyTokenEntry(tx, { userId: p.userId, token: 'hexo', amount: -toBaseUnits(40n, 'hexo'), reason: 'withdrawal', reference: 'withdrawal:1', at });
    });
    for (const [reason, amount] of [['staking', 3n], ['deposit', 100n], ['withdrawal', -40n]] as const) {
      const rows = (await k.get(`${PATHS.accountLedger}?token=hexo&reason=${reason}`, p.token)).json<LedgerResponse>().rows;
      expect(rows.map((r) => [r.reason, r.amount])).toEqual([[reason, toBaseUnits(amount, 'hexo').toString()]]);
    }
    expect((await k.get(`${PATHS.accountLedger}?token=hexo&reason=mining`, p.token)).json<LedgerResponse>().rows).toEqual([]);
    const [, ...rows] = parseCsv((await k.get(`${PATHS.accountLedgerCsv}?token=hexo`, p.token)).body);
    expect(rows.map((r) => r[3])).toEqual(['faucet', 'staking', 'deposit', 'withdrawal']);
  });

  it('shows item history (a bought toolkit, then the upgrade that used it)', async () => {
    const p = await newPlayer(k, { hexo: '2000', lands: 1 });
    await k.post(PATHS.vendorPurchase, { item: 'toolkit_2', quantity: 1 }, { ...auth(p), 'idempotency-key': randomUUID() });
    const lands = (await k.get('/lands?my=true&page=1', p.token)).json<{ lands: Array<{ hex_name: string }> }>().lands;
    const up = await k.post(PATHS.mineUpgrade('goldmine'), { hex_name: lands[0]!.hex_name }, auth(p));
    expect(up.statusCode, up.body).toBe(200);
    const items = (await k.get(`${PATHS.accountLedger}?token=items`, p.token)).json<LedgerResponse>();
    expect(items.rows.map((r) => [r.asset, r.amount, r.reason, r.running_balance])).toEqual([
      ['item:toolkit_2', '-1', 'upgrade', '0'], ['item:toolkit_2', '1', 'vendor_purchase', '1'],
    ]);
    // dated on the game clock (the test's injected clock), not the database's
    expect(items.rows.map((r) => r.at)).toEqual([k.now().toISOString(), k.now().toISOString()]);
  });
});

describe('profile', () => {
  it('sets a unique name (any case) and an avatar from the player\'s NFTs', async () => {
    const a = await newPlayer(k, { lands: 1 });
    const b = await newPlayer(k, {});
    const prof = (await k.get(PATHS.accountProfile, a.token)).json<ProfileResponse>();
    expect(prof.avatars.length).toBe(1);
    const set = await k.post(PATHS.accountProfile, { user_name: 'Lady_Hexa', avatar: prof.avatars[0]!.id }, auth(a));
    expect(set.statusCode, set.body).toBe(200);
    expect((await k.get(PATHS.dashboardUser, a.token)).json().user).toMatchObject({ user_name: 'Lady_Hexa', user_avatar: prof.avatars[0]!.id });
    const taken = await k.post(PATHS.accountProfile, { user_name: 'lady_hexa', avatar: null }, auth(b));
    expect(`${taken.statusCode} ${taken.json().error}`).toBe('409 USER_NAME_TAKEN');
    const notMine = await k.post(PATHS.accountProfile, { user_name: 'Bobby', avatar: prof.avatars[0]!.id }, auth(b));
    expect(notMine.json().error).toBe('NOT_VALID_AVATAR');
    for (const bad of ['ab', 'x'.repeat(25), 'has space', 'nul\u0000x']) {
      expect((await k.post(PATHS.accountProfile, { user_name: bad, avatar: null }, auth(b))).statusCode, bad).toBe(422);
    }
    // two accounts racing for one name: one wins
    const c = await newPlayer(k, {});
    const race = await Promise.all([k.post(PATHS.accountProfile, { user_name: 'Racer', avatar: null }, auth(b)), k.post(PATHS.accountProfile, { user_name: 'RACER', avatar: null }, auth(c))]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('weekly chest', () => {
  it('answers every code: not a land owner, locked, not yet time, ended', async () => {
    const none = await newPlayer(k, {});
    const open = (p: Player, body: object = {}) => k.post(PATHS.chestOpen, body, auth(p));
    expect((await open(none)).json().error).toBe('CHEST_NOT_LAND_OWNER');
    expect((await k.get(PATHS.chest, none.token)).json<ChestStatus>().state).toBe('not_land_owner');
    const flagged = await newPlayer(k, { lands: 1 });
    await exec(k.db.orm, sql`UPDATE users SET chest_locked = true WHERE id = ${flagged.userId}`);
    expect((await open(flagged)).json().error).toBe('CHEST_EXPLOIT');
    expect((await k.get(PATHS.chest, flagged.token)).json<ChestStatus>().state).toBe('locked');
    const owner = await newPlayer(k, { lands: 1 });
    const week = chestWeekOf(k.now().getTime());
    expect((await open(owner, { week: nextChestWeek(week) })).json().error).toBe('CHEST_NOT_TIME_END');
    expect((await open(owner, { week: '2020-01-06' })).json().error).toBe('CHEST_END');
    const first = await open(owner);
    expect(first.statusCode, first.body).toBe(200);
    expect((await open(owner)).json().error).toBe('CHEST_END');
    expect((await k.get(PATHS.chest, owner.token)).json<ChestStatus>()).toMatchObject({ state: 'opened', opened: { draw: first.json<ChestOpenResponse>().draw } });
  });

  it('opened twice concurrently → once: one loot, one ledger entry', async () => {
    const p = await newPlayer(k, { lands: 2 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => k.post(PATHS.chestOpen, {}, auth(p))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const [n] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = ${p.userId} AND reason = 'chest'`);
    expect(n!.n).toBe(1);
  });

  it('publishes the hash before the week, reveals the seed after, and the seed reproduces every draw', async () => {
    const week = chestWeekOf(k.now().getTime());
    const owners = [await newPlayer(k, { lands: 1 }), await newPlayer(k, { lands: 1 })];
    const status = (await k.get(PATHS.chest, owners[0]!.token)).json<ChestStatus>();
    const nextHash = status.next_week.seed_hash;
    const opened = await Promise.all(owners.map(async (p) => (await k.post(PATHS.chestOpen, {}, auth(p))).json<ChestOpenResponse>()));
    const during = (await k.get(PATHS.chestWeek(week))).json<ChestWeekResponse>();
    expect(during.seed).toBeNull();
    expect(during.seed_hash).toBe(status.seed_hash);
    // the loot was credited through the ledger
    const loot = opened[0]!.loot;
    if (loot.kind === 'token') expect((await k.get(`${PATHS.accountLedger}?token=${loot.key}&reason=chest`, owners[0]!.token)).json<LedgerResponse>().rows[0]).toMatchObject({ amount: loot.amount });
    k.advance(8 * DAY);
    const after = (await k.get(PATHS.chestWeek(week))).json<ChestWeekResponse>();
    expect(after.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(Buffer.from(after.seed!, 'hex')).digest('hex')).toBe(after.seed_hash);
    expect(after.draws.length).toBeGreaterThanOrEqual(owners.length);
    for (const d of after.draws) {
      const draw = createHmac('sha256', Buffer.from(after.seed!, 'hex')).update(`${week}:${d.user_id}`).digest('hex');
      expect(draw).toBe(d.draw);
      expect(chestEntryIndex(draw)).toBe(d.entry);
    }
    // next week's hash was public before it started and is unchanged now
    expect((await k.get(PATHS.chestWeek(nextChestWeek(week)))).json<ChestWeekResponse>().seed_hash).toBe(nextHash);
    expect((await k.get(PATHS.chestWeek('2019-01-07'))).statusCode).toBe(404);
  });
});

describe('compensation', () => {
  it('credits every active player once per event, with a notification', async () => {
    const p = await newPlayer(k, {});
    const before = await balance(k, p, 'hexo');
    const event = { token: 'hexo' as Token, amount: toBaseUnits(25n, 'hexo'), reason: 'Downtime on 1 Nov', event: `downtime-${randomUUID()}`, now: k.now() };
    const first = await compensate(k.db, event);
    expect(first.paid).toBe(true);
    expect(first.players).toBeGreaterThan(0);
    const again = await Promise.all([compensate(k.db, event), compensate(k.db, event)]);
    expect(again.map((r) => r.paid)).toEqual([false, false]);
    expect(await balance(k, p, 'hexo')).toBe(before + toBaseUnits(25n, 'hexo'));
    const inbox = (await k.get(`${PATHS.notifications}?page=1`, p.token)).json<NotificationsResponse>();
    expect(inbox.notifications.filter((n) => n.type === 'server_compensation').map((n) => n.data)).toEqual([expect.objectContaining({ event: event.event, amount: event.amount.toString() })]);
    const [mismatch] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM balances b
      LEFT JOIN (SELECT user_id, asset, sum(amount) AS s FROM ledger_entries GROUP BY 1, 2) e ON e.user_id = b.user_id AND e.asset = b.token WHERE b.amount <> COALESCE(e.s, 0)`);
    expect(mismatch!.n).toBe(0);
    await expect(compensate(k.db, { ...event, event: 'x', amount: 0n })).rejects.toThrow(RangeError);
  });
});

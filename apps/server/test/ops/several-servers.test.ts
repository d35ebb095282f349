/**
 * Many servers, one truth (docs/architecture.md §6), in-process on one database (PGlite and Postgres): job leases
 * pass on when their holder dies; two replicas of the emulated chain are one chain; two apps read one
 * game clock; a demo tick keeps challenges in flight; concurrent faucet calls give distinct lands;
 * and purchases racing the tick are each counted in exactly one day's royalty.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, PATHS, type LeaderboardResponse, type LoginResponse } from '@kingdom/api';
import { addDays, dayStart, DEMO_WALLET_FUNDS, SHOP_ROYALTY_PERCENT } from '@kingdom/game';
import { exec, type Database } from '../../src/db/client.ts';
import { JobLeases, JobScheduler } from '../../src/db/leases.ts';
import { openCardanoMoney } from '../../src/chain/cardano/money.ts';
import { CARDANO_SNAPSHOT_EVERY_EVENTS as SNAPSHOT_EVERY_EVENTS } from '@kingdom/emulators';
import { buildApp } from '../../src/app.ts';
import { GameClock } from '../../src/clock.ts';
import { hashToken } from '../../src/auth/tokens.ts';
import { advanceDemoClock } from '../../src/modules/demo/routes.ts';
import { purchase } from '../../src/modules/vendor/service.ts';
import { settleDueDays } from '../../src/jobs/settlement/index.ts';
import { payDemoFunding, requestDemoFunding } from '../../src/modules/demo/chain-faucet.ts';
import { createTestKingdom, challengeFor, signInCardano, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';
import { newPlayer } from '../support/players.ts';

const silent = { info: () => undefined, error: () => undefined };

describe('job leases', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom({ demo: false }); });
  afterAll(async () => { await k.close(); });

  it('one holder at a time; a holder that stops renewing loses the lease after its TTL; release hands it on at once', async () => {
    const a = new JobLeases(k.db.orm, { holder: 'a', ttlMs: 400 });
    const b = new JobLeases(k.db.orm, { holder: 'b', ttlMs: 400 });
    expect(await a.acquire('j1')).toBe(true);
    expect(await b.acquire('j1')).toBe(false);
    expect(await a.acquire('j1')).toBe(true); // renewal
    expect(await b.acquire('j2')).toBe(true); // another job is independent
    // a "dies": it no longer renews
    await sleep(150);
    expect(await b.acquire('j1')).toBe(false);
    await sleep(400);
    expect(await b.acquire('j1')).toBe(true);
    expect(await a.acquire('j1')).toBe(false);
    await b.release('j1');
    expect(await a.acquire('j1')).toBe(true);
    const [row] = await exec<{ holder: string }>(k.db.orm, sql`SELECT holder FROM job_leases WHERE name = 'j1'`);
    expect(row!.holder).toBe('a');
    await a.releaseAll();
    await b.releaseAll();
    expect(await exec(k.db.orm, sql`SELECT 1 FROM job_leases`)).toEqual([]);
  });

  it('many attempts from two schedulers: runs never overlap, and the job moves on when its holder stops', async () => {
    let active = 0;
    let maxActive = 0;
    const ranBy: string[] = [];
    const job = (who: string) => ({
      name: 'overlap', everyMs: 0,
      run: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        ranBy.push(who);
        await sleep(20);
        active--;
      },
    });
    const sa = new JobScheduler(new JobLeases(k.db.orm, { holder: 'sa', ttlMs: 500 }), silent, undefined, 500);
    const sb = new JobScheduler(new JobLeases(k.db.orm, { holder: 'sb', ttlMs: 500 }), silent, undefined, 500);
    for (let i = 0; i < 10; i++) await Promise.all([sa.attempt(job('a')), sb.attempt(job('b')), sa.attempt(job('a')), sb.attempt(job('b'))]);
    expect(maxActive).toBe(1);
    expect(ranBy.length).toBeGreaterThanOrEqual(10);
    const first = ranBy[0]!;
    expect(new Set(ranBy)).toEqual(new Set([first])); // the holder keeps its lease while it lives
    // the holder stops (graceful: releases) → the other runs at its next attempt
    await (first === 'a' ? sa : sb).stop();
    const other = first === 'a' ? sb : sa;
    expect(await other.attempt(job(first === 'a' ? 'b' : 'a'))).toBe(true);
    await other.stop();
  });
});

describe('one emulated chain for every process', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom({ demo: false, env: { DEMO_CHAIN_FAUCET: 'true' } }); });
  afterAll(async () => { await k.close(); });

  it('two replicas see one chain: a submit on one, blocks from both at once, a rollback, and a third replica replays it all', async () => {
    const a = k.providers.money;
    const b = await openCardanoMoney(k.config, k.db);
    expect(b.treasury.address).toBe(a.treasury.address); // the emulator's keys are shared through the database
    const wallet = createCardanoTestWallet();
    await requestDemoFunding(k.db.orm, a, wallet.address, k.now());
    const paid = await payDemoFunding(k.db, a); // submitted through replica a
    const hash = paid.get(wallet.address)!;
    expect(await b.ledger.txBlock(hash)).not.toBeNull(); // replica b sees a's block
    expect((await b.ledger.balance(wallet.address)).assets[a.units.hexo]).toBe(DEMO_WALLET_FUNDS.hexoPerUtxo * BigInt(DEMO_WALLET_FUNDS.utxos));

    // b spends the wallet's funds; a sees it in the shared mempool, then in a block
    const lucid = await b.lucid();
    lucid.selectWallet.fromAddress(wallet.address, await b.ledger.lucidProvider().getUtxos(wallet.address));
    const built = await lucid.newTx().pay.ToAddress(a.treasury.address, { lovelace: 5_000_000n }).complete();
    const spend = await built.assemble([wallet.signTx(built.toCBOR())]).complete();
    const spent = await b.ledger.lucidProvider().submitTx(spend.toCBOR());
    expect(await a.emulator!.inMempool(spent)).toBe(true);

    const before = (await a.ledger.tip()).height;
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).emulator!.produceBlocks(1 + (i % 3))));
    const tipA = await a.ledger.tip();
    const tipB = await b.ledger.tip();
    expect(tipA).toEqual(tipB);
    expect(tipA.height).toBe(before + [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].reduce((s, i) => s + 1 + (i % 3), 0));
    expect(await a.emulator!.inMempool(spent)).toBe(false);
    expect(await a.ledger.txBlock(spent)).toEqual(await b.ledger.txBlock(spent));

    // a double spend of the same inputs is refused by either replica
    await expect(a.ledger.lucidProvider().submitTx(spend.toCBOR())).rejects.toThrow();

    const c = await openCardanoMoney(k.config, k.db); // "a restarted process"
    expect(await c.ledger.tip()).toEqual(tipA);
    expect(await c.ledger.balance(wallet.address)).toEqual(await a.ledger.balance(wallet.address));

    const rolled = await b.emulator!.rollback(tipA.height - (await a.ledger.txBlock(spent))!.height + 1);
    expect((await a.ledger.tip()).height).toBe(rolled.height);
    expect(await a.ledger.txBlock(spent)).toBeNull();
    expect(await c.ledger.txBlock(spent)).toBeNull();
    expect(await a.ledger.txBlock(hash)).not.toBeNull();
  });

  it('a replica opened after a snapshot restores it and replays only the later events: the same chain', async () => {
    const a = k.providers.money;
    const wallet = createCardanoTestWallet();
    await requestDemoFunding(k.db.orm, a, wallet.address, k.now());
    await payDemoFunding(k.db, a);
    const hashes: string[] = [];
    for (let i = 0; i < SNAPSHOT_EVERY_EVENTS / 2 + 5; i++) {
      const lucid = await a.lucid();
      lucid.selectWallet.fromAddress(wallet.address, await a.ledger.lucidProvider().getUtxos(wallet.address));
      const built = await lucid.newTx().pay.ToAddress(a.treasury.address, { lovelace: 1_000_000n }).complete();
      hashes.push(await a.ledger.lucidProvider().submitTx((await built.assemble([wallet.signTx(built.toCBOR())]).complete()).toCBOR()));
      await a.emulator!.produceBlocks(1);
    }
    const [snap] = await exec<{ seq: number }>(k.db.orm, sql`SELECT seq FROM emu_chain_snapshots ORDER BY seq DESC LIMIT 1`);
    const [state] = await exec<{ seq: number }>(k.db.orm, sql`SELECT seq FROM emu_chain_state`);
    expect(snap!.seq).toBeGreaterThanOrEqual(SNAPSHOT_EVERY_EVENTS);
    expect(state!.seq).toBeGreaterThan(snap!.seq);
    // the events up to the snapshot are not read again: a garbled one does not stop a restart
    await exec(k.db.orm, sql`UPDATE emu_chain_events SET cbor = 'garbled' WHERE kind = 'tx' AND seq < ${snap!.seq}`);
    const fresh = await openCardanoMoney(k.config, k.db);
    const tip = await a.ledger.tip();
    expect(await fresh.ledger.tip()).toEqual(tip);
    expect(await fresh.ledger.balance(wallet.address)).toEqual(await a.ledger.balance(wallet.address));
    expect(await fresh.ledger.balance(a.treasury.address)).toEqual(await a.ledger.balance(a.treasury.address));
    for (const h of [hashes[0]!, hashes[hashes.length - 1]!]) expect(await fresh.ledger.txBlock(h)).toEqual(await a.ledger.txBlock(h));
    expect(await fresh.ledger.transactionsTo([a.treasury.address], 0, tip.height)).toEqual(await a.ledger.transactionsTo([a.treasury.address], 0, tip.height));
    // and it keeps following: a block produced by the new replica is seen by the old one
    await fresh.emulator!.produceBlocks(2);
    expect((await a.ledger.tip()).height).toBe(tip.height + 2);
  });

  it('sign-in records a funding request and does no chain work; the job pays it once', async () => {
    const money = k.providers.money;
    const wallet = createCardanoTestWallet();
    const tip = await money.ledger.tip();
    const [events] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM emu_chain_events`);
    const kd = await createTestKingdom({ env: { DEMO_CHAIN_FAUCET: 'true' } });
    try {
      await signInCardano(kd, wallet);
      const waiting = await exec<{ tx_hash: string | null }>(kd.db.orm, sql`SELECT tx_hash FROM emu_faucet_grants WHERE address = ${wallet.address}`);
      expect(waiting).toEqual([{ tx_hash: null }]);
      const kdTip = await kd.providers.money.ledger.tip();
      await signInCardano(kd, wallet); // a second sign-in asks for nothing more
      expect(await kd.providers.money.ledger.tip()).toEqual(kdTip);
      const paid = await payDemoFunding(kd.db, kd.providers.money);
      expect([...paid.keys()]).toEqual([wallet.address]);
      expect((await payDemoFunding(kd.db, kd.providers.money)).size).toBe(0);
    } finally {
      await kd.close();
    }
    // the other kingdom's chain was not touched
    expect(await money.ledger.tip()).toEqual(tip);
    expect((await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM emu_chain_events`))[0]!.n).toBe(events!.n);
  });
});

describe('one game clock, challenges across a demo tick, distinct faucet lands', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k.close(); });

  /** A second "process": its own app and its own GameClock on the same database (wired as server.ts does). */
  async function processOn(db: Database = k.db) {
    const clock = new GameClock(db);
    await clock.watch();
    await clock.load();
    const app = await buildApp({
      config: k.config, db, providers: k.providers, clock: () => clock.now(), refreshClock: () => clock.load(),
      clockOffset: () => clock.offset(), clockCurrent: () => clock.current(), advanceClock: (ms, tx) => clock.advance(ms, tx),
    });
    app.addHook('onClose', async () => clock.stop());
    await app.ready();
    return Object.assign(app, { gameClock: clock });
  }

  /** A process that hears no notification (as if each were still on its way): only what its statements read tells it of a change. */
  const deafProcessOn = () => processOn({ ...k.db, listen: async (_channel, sub) => { sub.live(true); return () => undefined; } });

  /** POSTs to `/api<url>` through `app` with a fresh XSRF cookie and header, as the web app does. */
  const postThrough = (app: FastifyInstance) => async (url: string, body: unknown) => {
    const c = (await app.inject({ method: 'GET', url: `/api${PATHS.csrfCookie}` })).cookies.find((x) => x.name === 'XSRF-TOKEN')!.value;
    return app.inject({ method: 'POST', url: `/api${url}`, payload: body as object, headers: { cookie: `XSRF-TOKEN=${c}`, 'x-xsrf-token': c } });
  };

  it('after a demo tick on one process the other answers the new day at its next request', async () => {
    const one = await processOn();
    const two = await processOn();
    try {
      const today = async (app: typeof one) => (await app.inject({ method: 'GET', url: `/api${ENDPOINTS.demoClock.path}` })).json<{ today: string }>().today;
      const before = await today(two);
      expect(await today(one)).toBe(before);
      const csrf = await one.inject({ method: 'GET', url: `/api${PATHS.csrfCookie}` });
      const cookie = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
      const tick = await one.inject({ method: 'POST', url: `/api${PATHS.demoTick}`, payload: { days: 1 }, headers: { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': cookie } });
      expect(tick.statusCode, tick.body).toBe(200);
      expect(await today(two)).toBe(addDays(before));
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('a hot read that checks the clock in its statement sees another process\'s demo tick at once', async () => {
    const one = await processOn();
    const two = await processOn();
    try {
      const wallet = createCardanoTestWallet();
      expect((await k.post(PATHS.demoFaucet, { address: wallet.address, lands: 2, hexo: '5' })).statusCode).toBe(200);
      // signed in through `two` (the session runs on the wall clock: the ticks below never end it)
      const post = postThrough(two);
      const { token } = await signInCardano({ ...k, post }, wallet);
      const headers = { authorization: `Bearer ${token}` };
      // the three hot reads, the unread count (clock in its one statement too), and a `session` route (the clock read with the session)
      const reads = [`/api${ENDPOINTS.dashboardUser.path}`, '/api/user/balance/hexo', '/api/lands?my=true&page=1', `/api${PATHS.notificationsCount}`, `/api${PATHS.notifications}?page=1`];
      for (const url of reads) expect((await two.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
      const csrf = await one.inject({ method: 'GET', url: `/api${PATHS.csrfCookie}` });
      const cookie = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
      for (const url of reads) {
        const before = two.gameClock.offset();
        const tick = await one.inject({ method: 'POST', url: `/api${PATHS.demoTick}`, payload: { days: 1 }, headers: { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': cookie } });
        expect(tick.statusCode, tick.body).toBe(200);
        expect(two.gameClock.offset()).toBe(before);
        const res = await two.inject({ method: 'GET', url, headers });
        expect(res.statusCode, res.body).toBe(200);
        // the statement saw the new offset: this process refreshed its clock before answering
        expect(two.gameClock.offset(), url).toBe(before + 86_400_000);
        expect(two.gameClock.offset(), url).toBe(one.gameClock.offset());
      }
      expect((await two.inject({ method: 'GET', url: '/api/lands?my=true&page=1', headers })).json<{ total: number }>().total).toBe(2);
      expect((await two.inject({ method: 'GET', url: reads[0]!, headers: { authorization: `Bearer ${'x'.repeat(43)}` } })).statusCode).toBe(401);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('a leaderboard page cached by one process follows a vote change another process commits', async () => {
    const one = await processOn();
    try {
      const url = '/api/staking/leaderboard?chain=cardano&page=1';
      const page = async () => (await one.inject({ method: 'GET', url })).json<{ items: Array<{ project: string; votes: number }> }>();
      const first = await page();
      const last = first.items.at(-1)!;
      expect((await page()).items).toEqual(first.items);
      // another process (here: plain SQL on the shared database) moves the page's last project to the top
      const top = first.items[0]!.votes + 1_000;
      await exec(k.db.orm, sql`UPDATE collections SET votes = ${top} WHERE slug = ${last.project}`);
      const deadline = Date.now() + 5_000;
      let seen = await page();
      while (seen.items[0]!.project !== last.project && Date.now() < deadline) {
        await sleep(20);
        seen = await page();
      }
      expect(seen.items[0]).toMatchObject({ project: last.project, votes: top });
    } finally {
      await one.close();
    }
  });

  it('a land page cached by one process shows a change another process committed at the next read', async () => {
    const one = await processOn();
    // `two` hears no notification (as if it were still on its way): the version in the key alone
    // must make its next read miss
    const two = await deafProcessOn();
    try {
      const wallet = createCardanoTestWallet();
      const post = postThrough(two);
      expect((await post(PATHS.demoFaucet, { address: wallet.address, lands: 2 })).statusCode).toBe(200);
      const { token } = await signInCardano({ ...k, post }, wallet);
      const page = async (app: typeof one) => (await app.inject({ method: 'GET', url: '/api/lands?my=true&page=1', headers: { authorization: `Bearer ${token}` } }))
        .json<{ lands: Array<{ hex_name: string; name: string }>; total: number }>();
      const first = await page(two);
      expect(first.total).toBe(2);
      expect(await page(two)).toEqual(first);
      // a change committed elsewhere (plain SQL on the shared database): seen at once, no waiting
      const land = first.lands[0]!;
      await exec(k.db.orm, sql`UPDATE lands SET name = ${'Renamed ' + land.hex_name} WHERE hex_name = ${land.hex_name}`);
      expect((await page(two)).lands[0]!.name).toBe(`Renamed ${land.hex_name}`);
      // more lands from this process's faucet: its very next read has them
      expect((await post(PATHS.demoFaucet, { address: wallet.address, lands: 1 })).statusCode).toBe(200);
      const again = await page(two);
      expect(again.total).toBe(3);
      expect(await page(one)).toEqual(again);
      // a revoked session is refused even with its page cached
      await exec(k.db.orm, sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(token)}`);
      expect((await two.inject({ method: 'GET', url: '/api/lands?my=true&page=1', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('a dashboard answer cached by one process shows a change another process committed at the next read', async () => {
    const one = await processOn();
    // `two` hears no notification: the versions its session statement reads must make the next read miss
    const two = await deafProcessOn();
    try {
      const wallet = createCardanoTestWallet();
      const post = postThrough(two);
      const { token } = await signInCardano({ ...k, post }, wallet);
      const headers = { authorization: `Bearer ${token}` };
      const url = `/api${ENDPOINTS.dashboardUser.path}`;
      const user = async (app: typeof one) => {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ user: { user_id: number; user_name: string; user_avatar: string | null; type: string; land_owner: boolean; connect_wallet: string } }>().user;
      };
      const first = await user(two);
      expect(first).toMatchObject({ land_owner: false, connect_wallet: wallet.address });
      expect(await user(two)).toEqual(first);
      // each change committed elsewhere (plain SQL on the shared database) is seen at once
      await exec(k.db.orm, sql`UPDATE users SET name = 'Renamed', avatar = 'a.png' WHERE id = ${first.user_id}`);
      expect(await user(two)).toMatchObject({ user_name: 'Renamed', user_avatar: 'a.png' });
      await exec(k.db.orm, sql`UPDATE users SET type = 'admin' WHERE id = ${first.user_id}`);
      expect((await user(two)).type).toBe('admin');
      // a land arrives in this player's wallet: land owner from the next read, on both processes
      expect((await post(PATHS.demoFaucet, { address: wallet.address, lands: 1 })).statusCode).toBe(200);
      expect((await user(two)).land_owner).toBe(true);
      expect((await user(one)).land_owner).toBe(true);
      await exec(k.db.orm, sql`DELETE FROM holdings WHERE user_id = ${first.user_id}`);
      expect((await user(two)).land_owner).toBe(false);
      // a revoked session is refused although its answer is kept
      await exec(k.db.orm, sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(token)}`);
      expect((await two.inject({ method: 'GET', url, headers })).statusCode).toBe(401);
    } finally {
      await one.close();
      await two.close();
    }
  });
  it('demo ticks alternating between two processes (one hears no notification) answer consecutive days and settle each once', async () => {
    const one = await processOn();
    const two = await deafProcessOn();
    try {
      const posts = [postThrough(one), postThrough(two)];
      await settleDueDays(k.db, one.gameClock.now()); // the days earlier tests' clock moves left due
      let today = (await one.inject({ method: 'GET', url: `/api${ENDPOINTS.demoClock.path}` })).json<{ today: string }>().today;
      const settledDays: string[] = [];
      // the other process's tick job, running when it hears of the move: it may settle the day first
      const tickJob = async (i: number) => {
        await sleep(i * 3);
        await one.gameClock.load();
        await settleDueDays(k.db, one.gameClock.now()).catch(() => undefined);
      };
      for (let i = 0; i < 6; i++) {
        const [res] = await Promise.all([posts[i % 2]!(PATHS.demoTick, { days: 1 }), tickJob(i)]);
        expect(res.statusCode, res.body).toBe(200);
        const r = res.json<{ today: string; last_settled: string; settled: string[] }>();
        // the day this tick made, and the day it made due settled, whichever process holds the stale clock
        expect([r.today, r.last_settled, r.settled], `tick ${i}`).toEqual([addDays(today), today, [today]]);
        settledDays.push(...r.settled);
        today = r.today;
      }
      expect(new Set(settledDays).size).toBe(6);
      const rows = await exec<{ day: string; n: number }>(k.db.orm, sql`SELECT day, count(*)::int AS n FROM game_days WHERE day IN (${sql.join(settledDays.map((d) => sql`${d}`), sql`, `)}) GROUP BY day`);
      expect(rows.map((r) => r.n)).toEqual(Array(6).fill(1));
      // each day's reports were written once (one mine report per land and day at most)
      const dup = await exec(k.db.orm, sql`SELECT land_id, mine, day FROM mine_day_reports WHERE day IN (${sql.join(settledDays.map((d) => sql`${d}`), sql`, `)}) GROUP BY 1, 2, 3 HAVING count(*) > 1`);
      expect(dup).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  }, 120_000);

  it('a clock read that saw the offset before this process moved it never takes the time back', async () => {
    const one = await processOn();
    try {
      const before = one.gameClock.offset();
      await advanceDemoClock(k.db, (ms, tx) => one.gameClock.advance(ms, tx), 86_400_000);
      expect(one.gameClock.offset()).toBe(before + 86_400_000);
      // what a read in flight during the move saw: the offset before it
      await exec(k.db.orm, sql`UPDATE app_settings SET value = jsonb_build_object('ms', ${before}::bigint) WHERE key = 'clock_offset_ms'`);
      await one.gameClock.load();
      expect(one.gameClock.offset()).toBe(before + 86_400_000);
      await exec(k.db.orm, sql`UPDATE app_settings SET value = jsonb_build_object('ms', ${before + 86_400_000}::bigint) WHERE key = 'clock_offset_ms'`);
    } finally {
      await one.close();
    }
  });

  it('a challenge issued before a demo tick is still answerable after it', async () => {
    const wallet = createCardanoTestWallet();
    const message = await challengeFor(k, 'cardano', wallet.address);
    await advanceDemoClock(k.db, async (ms) => { k.advance(ms); return k.now(); }, 86_400_000);
    const res = await k.post(PATHS.authLogin, { chain: 'cardano', address: wallet.address, message, ...wallet.signData(message) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LoginResponse>().token).toBeTruthy();
  });

  it('concurrent faucet calls never answer two players the same land', async () => {
    const wallets = Array.from({ length: 8 }, () => createCardanoTestWallet());
    const answers = await Promise.all(wallets.map((w) => k.post(PATHS.demoFaucet, { address: w.address, lands: 5 })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const lands = answers.flatMap((a) => a.json<{ lands: string[] }>().lands);
    expect(lands).toHaveLength(40);
    expect(new Set(lands).size).toBe(40);
    for (const [i, w] of wallets.entries()) {
      const held = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM emu_assets e JOIN lands l ON l.collection_key = e.collection_key AND l.asset_key = e.asset_key WHERE e.address = ${w.address}`);
      expect(held[0]!.n, `wallet ${i}`).toBe(5);
    }
  });

  // last of this block: it moves the shared clock two weeks on
  it('a cached leaderboard page answers without a statement, and follows another process\'s clock move once it is notified', async () => {
    let statements = 0;
    const orm = new Proxy(k.db.orm, {
      get: (target, key, receiver) => key === 'execute'
        ? (...args: Parameters<typeof target.execute>) => { statements++; return target.execute(...args); }
        : Reflect.get(target, key, receiver),
    });
    const counted: Database = { ...k.db, orm, query: (stmt, params) => { statements++; return k.db.query(stmt, params); } };
    const one = await processOn();
    const two = await processOn(counted);
    try {
      const url = '/api/staking/leaderboard?chain=cardano&page=1';
      const board = async () => {
        const res = await two.inject({ method: 'GET', url });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<LeaderboardResponse>();
      };
      expect(two.gameClock.current()).toBe(true);
      statements = 0;
      const first = await board();
      expect(statements).toBeGreaterThan(0); // the miss read the page
      statements = 0;
      expect(await board()).toEqual(first);
      expect(statements).toBe(0); // the hit: no clock read, no page read
      // another process moves the shared clock (committed, notified): `two` reads it again once it hears so
      const before = two.gameClock.offset();
      await one.gameClock.advance(14 * 86_400_000);
      const deadline = Date.now() + 5_000;
      let seen = await board();
      while (seen.next_snapshot_at === first.next_snapshot_at && Date.now() < deadline) {
        await sleep(20);
        seen = await board();
      }
      expect(two.gameClock.offset()).toBe(before + 14 * 86_400_000);
      expect(Date.parse(seen.next_snapshot_at)).toBe(Date.parse(first.next_snapshot_at) + 14 * 86_400_000);
      // current again: the next hit runs no statement
      statements = 0;
      expect(await board()).toEqual(seen);
      expect(statements).toBe(0);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('purchases racing the tick (shop royalty, docs/game-rules.md §6)', () => {
  const day = '2026-11-10';
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom({ start: new Date(dayStart(day) + 86_400_000 - 60_000) }); });
  afterAll(async () => { await k.close(); });

  it('every sale is counted in exactly one settled day, and each day pays ⌊5% × its sales⌋ per token', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => newPlayer(k, { lands: 1, hexo: '100000' })));
    let n = 0;
    // three midnights in a row, each raced by purchases that read the clock just before or just
    // after it and commit around the tick (no deadlock, no error, nothing lost)
    for (let d = 1; d <= 3; d++) {
      const midnight = dayStart(addDays(day, d));
      const buyOne = (i: number) => {
        const p = buyers[i % buyers.length]!;
        const at = new Date(midnight + (i % 2 ? -1 - (i % 500) : 1 + (i % 500)));
        return purchase(k.db, p.userId, randomUUID(), { item: 'toolkit_2', quantity: 1 }, at).then(() => { n++; });
      };
      const racing: Promise<unknown>[] = [];
      for (let i = 0; i < 40; i++) racing.push(buyOne(i));
      racing.push(settleDueDays(k.db, new Date(midnight + 1000)));
      for (let i = 40; i < 80; i++) racing.push(buyOne(i));
      await Promise.all(racing);
    }
    expect(n).toBe(240);
    await settleDueDays(k.db, new Date(dayStart(addDays(day, 5))));
    const settled = new Set((await exec<{ day: string }>(k.db.orm, sql`SELECT day FROM game_days`)).map((r) => r.day));
    const sales = await exec<{ royalty_day: string; token: string; total: string; n: number }>(k.db.orm, sql`
      SELECT royalty_day, token, sum(amount)::text AS total, count(*)::int AS n FROM vendor_purchases GROUP BY 1, 2`);
    const [ours] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM vendor_purchases WHERE user_id IN ${buyers.map((b) => b.userId)}`);
    expect(ours!.n).toBe(240);
    for (const s of sales) {
      expect(settled.has(s.royalty_day), `sales of ${s.royalty_day} settled`).toBe(true);
      const [paid] = await exec<{ total: string | null }>(k.db.orm, sql`SELECT sum(amount)::text AS total FROM ledger_entries
        WHERE reason = 'shop_royalty' AND reference = ${s.royalty_day} AND asset = ${s.token}`);
      expect(BigInt(paid!.total ?? '0'), `royalty of ${s.royalty_day}`).toBe((BigInt(s.total) * SHOP_ROYALTY_PERCENT) / 100n);
    }
    // no sale counts in a day before its own
    const early = await exec(k.db.orm, sql`SELECT id FROM vendor_purchases WHERE royalty_day < to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);
    expect(early).toEqual([]);
  }, 120_000);
});

describe('a sale committing after the tick read its day (shop royalty, docs/game-rules.md §6)', () => {
  const day = '2026-11-10';
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom({ start: new Date(dayStart(day)) }); });
  afterAll(async () => { await k.close(); });

  it('a sale in flight when the tick closes its day is counted in that day; one that starts after counts in the next', async () => {
    const buyer = await newPlayer(k, { lands: 1, hexo: '100000' });
    const d = addDays(day, 10);
    await settleDueDays(k.db, new Date(dayStart(d)));
    const midnight = dayStart(addDays(d));
    // a purchase holds the royalty gate (it read the day as open) and waits…
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let gateHeld!: () => void;
    const holding = new Promise<void>((r) => { gateHeld = r; });
    const inFlight = purchase(k.db, buyer.userId, randomUUID(), { item: 'toolkit_2', quantity: 1 }, new Date(midnight - 100), {
      afterGate: async () => { gateHeld(); await held; },
    });
    await holding;
    // …while the tick starts; a purchase that begins once the tick is under way counts the next day
    let late: Promise<unknown> | null = null;
    let settledBeforeRelease = false;
    const tick = settleDueDays(k.db, new Date(midnight + 1000), {
      onStep: async (step) => {
        if (step !== 'staged') return;
        late = purchase(k.db, buyer.userId, randomUUID(), { item: 'toolkit_2', quantity: 1 }, new Date(midnight - 50));
        await Promise.race([late, sleep(300)]);
      },
    }).then(() => { settledBeforeRelease = !released; });
    let released = false;
    await sleep(300);
    released = true;
    release();
    await inFlight;
    await tick;
    await late;
    expect(settledBeforeRelease).toBe(false); // the tick waited for the sale in flight
    const sales = await exec<{ royalty_day: string; amount: string }>(k.db.orm, sql`SELECT royalty_day, amount::text AS amount FROM vendor_purchases WHERE user_id = ${buyer.userId} ORDER BY id`);
    expect(sales.map((x) => x.royalty_day)).toEqual([d, addDays(d)]);
    await settleDueDays(k.db, new Date(midnight + 86_400_000 + 1000));
    for (const x of sales) {
      const [paid] = await exec<{ total: string | null }>(k.db.orm, sql`SELECT sum(amount)::text AS total FROM ledger_entries
        WHERE reason = 'shop_royalty' AND reference = ${x.royalty_day} AND asset = 'hexo'`);
      expect(BigInt(paid!.total ?? '0'), `royalty of ${x.royalty_day}`).toBe((BigInt(x.amount) * SHOP_ROYALTY_PERCENT) / 100n);
    }
  });
});

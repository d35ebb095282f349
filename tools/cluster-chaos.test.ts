/**
 * Many servers, one truth (docs/architecture.md §6), as an operator runs it: three compiled server processes on one
 * PostgreSQL, players signing in and playing on all of them, one process killed with SIGKILL during
 * the load and another during a demo tick, each restarted. Afterwards: no 5xx and no request lost
 * but those in flight on a killed process, every day settled once, Σ ledger = balance, the shop
 * royalty exact, no NFT in two slots, one emulated chain, the sign-in rate limit counted once across
 * the processes, and the processes agreeing on the game day at their next request after a tick.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ENDPOINTS, PATHS, STAKING_PATHS, createClient } from '@kingdom/api';
import { createCardanoTestWallet } from '../apps/server/test/support/wallets.ts';
import { addDays, SHOP_ROYALTY_PERCENT } from '@kingdom/game';
import { freshDatabase, type FreshDatabase } from './pg-cluster.ts';
import { requirePostgres } from './postgres-suites.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { newPlayers, playLoad, request, type Target } from './player-load.ts';

const AUTH_LIMIT = 100;

describe.runIf(requirePostgres('tools/cluster-chaos.test.ts'))('three processes on one Postgres, killed and restarted under load', () => {
  let fresh: FreshDatabase | undefined;
  let cluster: Cluster | undefined;
  let databaseUrl: string;
  let db: pg.Client;
  beforeAll(async () => {
    fresh = await freshDatabase(`kingdom_chaos_${process.pid}`);
    databaseUrl = fresh.url;
  }, 120_000);
  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await cluster?.stop();
    await fresh?.stop();
  });

  test('no request lost, nothing doubled, one chain, one clock, one rate limit', async () => {
    cluster = await startCluster({
      databaseUrl, processes: 3,
      env: { DEMO: 'true', EMULATOR_BLOCK_MS: '500', DEMO_CHAIN_FAUCET: 'true', AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT), LOG_LEVEL: 'info' },
    });
    const c = cluster;
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const targets: Target[] = [0, 1, 2].map((i) => ({ url: c.url(i), down: false, epoch: 0 }));
    const kill = async (i: number) => {
      targets[i]!.down = true;
      targets[i]!.epoch++;
      await c.kill(i, 'SIGKILL');
    };
    const restart = async (i: number) => {
      await c.restart(i);
      targets[i]!.down = false;
    };

    // sign-ins on every process: 12 players and a Cardano one → 13 challenges (limits count per route and client address)
    const players = await newPlayers(targets, 12);
    // a Cardano player who deposits and withdraws on the shared emulated chain during the chaos
    const cw = createCardanoTestWallet();
    const ch = await request(targets, 'POST', PATHS.authChallenge, null, { chain: 'cardano', address: cw.address });
    expect(ch.status).toBe(200);
    const message = (ch.body as { message: string }).message;
    const signedIn = await request(targets, 'POST', PATHS.authLogin, null, { chain: 'cardano', address: cw.address, message, ...cw.signData(message) });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const ctoken = (signedIn.body as { token: string }).token;
    expect((await request(targets, 'POST', STAKING_PATHS.walletsSetMaster, ctoken, { address: cw.address })).status).toBe(200);
    expect((await request(targets, 'POST', PATHS.demoFaucet, null, { address: cw.address, hexo: '100' })).status).toBe(200);
    const held = async () => BigInt(((await request(targets, 'GET', `/chain/wallet/${cw.address}`, null)).body as { hexo: string }).hexo);
    for (let t = Date.now(); (await held()) === 0n && Date.now() - t < 30_000;) await new Promise((r) => setTimeout(r, 300)); // the demo-funding job
    const fundedHexo = await held();
    expect(fundedHexo).toBeGreaterThan(0n);
    const chainMoney = async () => {
      const built = await request(targets, 'POST', ENDPOINTS.chainBuildTx.path, ctoken, { kind: 'deposit', token: 'hexo', amount: '100', address: cw.address });
      expect(built.status, JSON.stringify(built.body)).toBe(200);
      const tx = (built.body as { tx: string }).tx;
      const sent = await request(targets, 'POST', ENDPOINTS.chainSubmitTx.path, ctoken, { tx, witness_set: cw.signTx(tx) });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const w = await request(targets, 'POST', ENDPOINTS.chainWithdrawalCreate.path, ctoken, { token: 'hexo', amount: '40' }, { 'idempotency-key': randomUUID() });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
    };

    // the limit is one count for all processes: of 120 more challenges spread over the three, exactly the rest pass
    const burst = await Promise.all(Array.from({ length: 120 }, (_, i) => fetch(`${c.url(i % 3)}/api${PATHS.authChallenge}`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
      body: JSON.stringify({ chain: 'solana', address: players[0]!.address }),
    }).then((r) => r.status)));
    expect(burst.filter((s) => s === 200)).toHaveLength(AUTH_LIMIT - 13);
    expect(burst.filter((s) => s !== 200 && s !== 429)).toEqual([]);

    const project = (await request(targets, 'GET', `${'/staking/leaderboard'}?chain=solana&page=1`, null)).body as { items: Array<{ project: string }> };
    const clockOf = async (i: number) => (await (await fetch(`${c.url(i)}/api${PATHS.demoClock}`)).json()) as { today: string; last_settled: string | null };
    const dayBefore = (await clockOf(0)).today;

    let agreed: string[] = [];
    const events = (async () => {
      await new Promise((r) => setTimeout(r, 4000));
      await kill(1);
      await restart(1);
      await chainMoney();
      // a demo tick through process 0; both others answer the new day at their next request
      const tick = await fetch(`${c.url(0)}/api${PATHS.demoTick}`, {
        method: 'POST', headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' }, body: JSON.stringify({ days: 1 }),
      });
      expect(tick.status).toBe(200);
      agreed = [(await clockOf(1)).today, (await clockOf(2)).today];
      // another tick, and process 2 killed while it settles the day
      const second = fetch(`${c.url(2)}/api${PATHS.demoTick}`, {
        method: 'POST', headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' }, body: JSON.stringify({ days: 1 }),
      }).then((r) => r.status, () => 'killed');
      await new Promise((r) => setTimeout(r, 60));
      await kill(2);
      await second;
      await restart(2);
    })();
    const load = await playLoad({ targets, players, durationMs: 20_000, pauseMs: 300, project: project.items[0]!.project });
    await events;

    console.log(`[chaos] ${load.requests} requests (${load.writes} writes) in ${Math.round(load.durationMs)} ms, ${load.inFlightOnKilled} in flight on a killed process, refusals ${JSON.stringify(load.refusals)}`);
    expect(agreed).toEqual([addDays(dayBefore), addDays(dayBefore)]);
    expect(load.errors).toEqual([]);
    expect(load.requests).toBeGreaterThan(300);
    expect(load.writes).toBeGreaterThan(30);

    // The killed tick either never moved the clock, or moved it and left its day to settle: then the
    // process holding the tick's lease settles it (≤ 15 s + a lease). Either way, every process agrees.
    const today = (await clockOf(0)).today;
    expect([addDays(dayBefore), addDays(dayBefore, 2)]).toContain(today);
    for (const i of [1, 2]) expect((await clockOf(i)).today).toBe(today);
    const deadline = Date.now() + 60_000;
    while ((await clockOf(0)).last_settled !== addDays(today, -1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    expect((await clockOf(0)).last_settled).toBe(addDays(today, -1));

    // the deposit is credited once and the payout confirmed once, whichever process ran the jobs
    const moneyDone = async () => {
      const d = (await request(targets, 'GET', ENDPOINTS.chainDeposits.path, ctoken)).body as { deposits: Array<{ status: string }> };
      const w = (await request(targets, 'GET', ENDPOINTS.chainWithdrawals.path, ctoken)).body as { withdrawals: Array<{ status: string }> };
      return d.deposits.length === 1 && d.deposits[0]!.status === 'credited' && w.withdrawals.length === 1 && w.withdrawals[0]!.status === 'confirmed';
    };
    for (let t = Date.now(); !(await moneyDone()) && Date.now() - t < 90_000;) await new Promise((r) => setTimeout(r, 500));
    expect(await moneyDone()).toBe(true);
    const appHexo = BigInt(((await request(targets, 'GET', PATHS.balance('hexo'), ctoken)).body as { balance: string }).balance);
    expect(appHexo).toBe(160_000_000n); // 100 from the faucet + 100 deposited − 40 withdrawn
    expect(await held()).toBe(fundedHexo - 100_000_000n + 40_000_000n);

    // every day settled once, in order
    const days = (await db.query<{ day: string }>('SELECT day FROM game_days ORDER BY day')).rows.map((r) => r.day);
    for (let i = 1; i < days.length; i++) expect(days[i]).toBe(addDays(days[i - 1]!));
    // Σ ledger = balance, nothing negative
    const mismatch = await db.query(`SELECT b.user_id, b.token FROM balances b
      LEFT JOIN (SELECT user_id, asset, sum(amount) AS s FROM ledger_entries GROUP BY 1, 2) e ON e.user_id = b.user_id AND e.asset = b.token
      WHERE b.amount <> COALESCE(e.s, 0) OR b.amount < 0`);
    expect(mismatch.rows).toEqual([]);
    // the royalty of every settled day is exactly 5% of the sales it counts
    const sales = await db.query<{ royalty_day: string; token: string; total: string }>(`SELECT royalty_day, token, sum(amount)::text AS total
      FROM vendor_purchases WHERE token IN ('exo', 'hexo') GROUP BY 1, 2`);
    for (const s of sales.rows.filter((r) => days.includes(r.royalty_day))) {
      const paid = await db.query<{ total: string | null }>(`SELECT sum(amount)::text AS total FROM ledger_entries WHERE reason = 'shop_royalty' AND reference = $1 AND asset = $2`, [s.royalty_day, s.token]);
      expect(BigInt(paid.rows[0]!.total ?? '0'), `royalty of ${s.royalty_day}`).toBe((BigInt(s.total) * SHOP_ROYALTY_PERCENT) / 100n);
    }
    expect((await db.query(`SELECT count(*)::int AS n FROM vendor_purchases`)).rows[0].n).toBeGreaterThan(0);
    // no NFT in two slots
    const twice = await db.query(`SELECT collection_key, asset_key FROM mine_workers WHERE asset_key IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1`);
    expect(twice.rows).toEqual([]);
    // one emulated chain: every process reports the same tip; the log has no gap
    const tips = await Promise.all([0, 1, 2].map(async (i) => ((await (await fetch(createClient({ routes: ENDPOINTS, baseUrl: c.url(i), csrf: 'none' }).url('chainInfo', {}))).json()) as { tip: { height: number } }).tip.height));
    const state = (await db.query<{ seq: number; height: number }>('SELECT seq, height FROM emu_chain_state')).rows[0]!;
    for (const h of tips) expect(Math.abs(h - state.height)).toBeLessThanOrEqual(3); // blocks keep coming every 500 ms
    const seqs = (await db.query<{ seq: number }>('SELECT seq FROM emu_chain_events ORDER BY seq')).rows.map((r) => r.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(state.seq).toBe(seqs.length);
  }, 300_000);
});

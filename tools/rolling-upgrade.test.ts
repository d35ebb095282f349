/**
 * A rolling upgrade without downtime (docs/operator-guide.md §2.3, docs/architecture.md §8): two
 * servers of the PREVIOUS release on one PostgreSQL under players' load; a server of this working
 * tree starts on the same database (its migrations run under the old servers); one old server is
 * stopped (SIGTERM, taken out of the balancer first). Counted over the whole run: 5xx answers (the
 * players' load, inbox pages `GET /api/notifications`, demo ticks) must be 0, and each demo tick —
 * sent to the processes in turn, old and new — must answer the day after the previous tick's.
 *
 * Heavy and needs the previous release built, so it runs only when `KINGDOM_PREVIOUS_BUILD` names a
 * checkout of the previous release whose server is built (`apps/server/dist/main.js`):
 *
 *   git worktree add /tmp/prev <previous release's commit>
 *   (cd /tmp/prev && npm ci && node scripts/build-server.mjs)
 *   KINGDOM_PREVIOUS_BUILD=/tmp/prev TEST_DATABASE_URL=postgres://… npx vitest run --project tools tools/rolling-upgrade.test.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { PATHS } from '@kingdom/api';
import { addDays } from '@kingdom/game';
import { freePort, freshDatabase, type FreshDatabase } from './pg-cluster.ts';
import { requirePostgres } from './postgres-suites.ts';
import { REPO_ROOT, buildServer } from './kingdom-server.ts';
import { newPlayers, playLoad, quantile, request, type Target } from './player-load.ts';

const PREVIOUS = process.env.KINGDOM_PREVIOUS_BUILD;

/** Whether the suite runs: the previous build is named (else a notice) and PostgreSQL is there. */
function enabled(): boolean {
  if (!PREVIOUS) {
    console.warn('[skipped] tools/rolling-upgrade.test.ts runs only with KINGDOM_PREVIOUS_BUILD=<a built checkout of the previous release> (see the file\'s comment).');
    return false;
  }
  if (!existsSync(join(PREVIOUS, 'apps/server/dist/main.js'))) throw new Error(`KINGDOM_PREVIOUS_BUILD=${PREVIOUS} has no apps/server/dist/main.js: build it (node scripts/build-server.mjs there)`);
  return requirePostgres('tools/rolling-upgrade.test.ts');
}

/** One server process of a given checkout. */
interface Proc {
  url: string;
  child: ChildProcess;
  log: string;
}

const logDir = mkdtempSync(join(tmpdir(), 'kingdom-upgrade-'));

/** Starts `node <root>/apps/server/dist/main.js` on a free port; resolves once `/api/health/ready` answers 200. */
async function startServer(root: string, name: string, databaseUrl: string): Promise<Proc> {
  const port = await freePort();
  const log = join(logDir, `${name}.log`);
  const out = createWriteStream(log, { flags: 'a' });
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of ['TEST_DATABASE_URL', 'NODE_OPTIONS', 'VITEST', 'VITEST_MODE', 'TEST', 'NODE_ENV', 'KINGDOM_PREVIOUS_BUILD']) delete env[key];
  Object.assign(env, {
    PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DEMO: 'true', EMULATOR_BLOCK_MS: '1000', DEMO_CHAIN_FAUCET: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', PRICE_JOB_MS: '0',
  });
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited ${String(child.exitCode)}: ${readFileSync(log, 'utf8').slice(-3000)}`);
    const ok = await fetch(`${url}/api/health/ready`).then((r) => r.status === 200, () => false);
    if (ok) return { url, child, log };
    if (Date.now() > deadline) throw new Error(`${name} not ready in 120 s: ${readFileSync(log, 'utf8').slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** SIGTERM (graceful: in-flight requests finish), resolves on exit. */
async function stopServer(p: Proc): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
}

describe.runIf(enabled())('a rolling upgrade from the previous release', () => {
  let fresh: FreshDatabase | undefined;
  const procs: Proc[] = [];
  afterAll(async () => {
    await Promise.all(procs.map(stopServer));
    if (fresh && process.env.TEST_DATABASE_URL) {
      // the database was made on a shared server: drop it
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, application_name: 'kingdom-test' });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${new URL(fresh.url).pathname.slice(1)} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
    await fresh?.stop();
  });

  test('two old servers under load, a new one migrates and joins, an old one leaves: 0 5xx, one day per tick', { timeout: 600_000 }, async () => {
    buildServer();
    fresh = await freshDatabase(`kingdom_upgrade_${process.pid}`);
    const old1 = await startServer(PREVIOUS!, 'old-1', fresh.url);
    procs.push(old1);
    const old2 = await startServer(PREVIOUS!, 'old-2', fresh.url);
    procs.push(old2);
    const targets: Target[] = [old1, old2].map((p) => ({ url: p.url, down: false, epoch: 0 }));
    const players = await newPlayers(targets, 20);
    const project = ((await request(targets, 'GET', '/staking/leaderboard?chain=solana&page=1', null)).body as { items: Array<{ project: string }> }).items[0]!.project;

    const fiveXx: string[] = [];
    let inbox = 0;
    const ticks: Array<{ via: string; today: string; lastSettled: string | null; status: number }> = [];
    let running = true;
    // inbox pages (where the previous release's closed enum answered 500) on every live process
    const inboxLoop = (async () => {
      for (let i = 0; running; i++) {
        const live = targets.filter((t) => !t.down);
        const t = live[i % live.length]!;
        const p = players[i % players.length]!;
        const res = await fetch(`${t.url}/api${PATHS.notifications}?page=1`, { headers: { authorization: `Bearer ${p.token}` } }).catch(() => null);
        inbox++;
        if (res && res.status >= 500) fiveXx.push(`GET /notifications ${res.status} via ${t.url}: ${(await res.text()).slice(0, 200)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    // demo ticks through the live processes in turn, every third round two at once on two processes
    const tick = async (t: Target) => {
      const res = await fetch(`${t.url}/api${PATHS.demoTick}`, {
        method: 'POST', headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' }, body: JSON.stringify({ days: 1 }),
      });
      const body = (await res.json()) as { today: string; last_settled: string | null };
      ticks.push({ via: t.url, today: body.today, lastSettled: body.last_settled, status: res.status });
      if (res.status >= 500) fiveXx.push(`POST /demo/tick ${res.status} via ${t.url}: ${JSON.stringify(body).slice(0, 200)}`);
    };
    const tickLoop = (async () => {
      for (let i = 0; running; i++) {
        await new Promise((r) => setTimeout(r, 2500));
        if (!running) break;
        const live = targets.filter((t) => !t.down);
        const t = live[i % live.length]!;
        if (i % 3 === 2 && live.length > 1) await Promise.all([tick(t), tick(live[(i + 1) % live.length]!)]);
        else await tick(t);
      }
    })();
    const timeline: string[] = [];
    const t0 = Date.now();
    const mark = (what: string) => timeline.push(`${((Date.now() - t0) / 1000).toFixed(1)} s ${what}`);
    let metricsDuringUpgrade = '';
    let eventsDone = false;
    const events = (async () => {
      await new Promise((r) => setTimeout(r, 5_000));
      mark('starting the new release (migrations run)');
      const fresh1 = await startServer(REPO_ROOT, 'new-1', fresh!.url);
      procs.push(fresh1);
      targets.push({ url: fresh1.url, down: false, epoch: 0 });
      mark('new release ready, in the balancer');
      metricsDuringUpgrade = await (await fetch(`${fresh1.url}/metrics`)).text();
      await new Promise((r) => setTimeout(r, 10_000));
      mark('old-1 out of the balancer, SIGTERM');
      targets[0]!.down = true;
      await stopServer(old1);
      mark('old-1 stopped');
      await new Promise((r) => setTimeout(r, 10_000));
    })().finally(() => (eventsDone = true));
    // the players play until the events are over, in rounds of 10 s
    const load = { requests: 0, writes: 0, durationMs: 0, latenciesMs: [] as number[], errors: [] as Array<{ what: string; status: number | null; detail: string }>, refusals: {} as Record<string, number> };
    while (!eventsDone) {
      const round = await playLoad({ targets, players, durationMs: 10_000, pauseMs: 400, project });
      load.requests += round.requests;
      load.writes += round.writes;
      load.durationMs += round.durationMs;
      load.latenciesMs.push(...round.latenciesMs);
      load.errors.push(...round.errors);
      for (const [code, n] of Object.entries(round.refusals)) load.refusals[code] = (load.refusals[code] ?? 0) + n;
    }
    await events;
    running = false;
    await Promise.all([inboxLoop, tickLoop]);
    // and four ticks at once on the processes left (one of each release)
    const left = targets.filter((t) => !t.down);
    await Promise.all([0, 1, 2, 3].map((i) => tick(left[i % left.length]!)));

    const errors = [...load.errors.map((e) => `${e.what} ${String(e.status)} ${e.detail}`), ...fiveXx];
    console.log(`[upgrade] ${load.requests} load requests (${load.writes} writes), ${inbox} inbox pages, ${ticks.length} ticks in ${Math.round(load.durationMs)} ms (latency p50 ${quantile(load.latenciesMs, 0.5).toFixed(0)} ms, p99 ${quantile(load.latenciesMs, 0.99).toFixed(0)} ms, max ${Math.max(...load.latenciesMs).toFixed(0)} ms); 5xx/errors ${errors.length}; refusals ${JSON.stringify(load.refusals)}\n  ${timeline.join('\n  ')}\n  ticks (today/last settled@port): ${ticks.map((t) => `${t.today}/${String(t.lastSettled)}@${t.via.slice(-5)}`).join(' ')}`);
    expect(errors).toEqual([]);
    expect(load.requests).toBeGreaterThan(500);
    // the new release saw the old processes (connections without an application name) and itself
    expect(metricsDuringUpgrade).toMatch(/^kingdom_server_processes\{release="unregistered",level="1"\} [1-9]\d*$/m);
    expect(metricsDuringUpgrade).toMatch(/^kingdom_server_processes\{release="[^"]+",level="2"\} 1$/m);
    // each tick made a day of its own, the day after another's, whichever process (and release) answered it,
    // and answered with yesterday settled
    expect(ticks.length).toBeGreaterThan(5);
    const days = ticks.map((t) => t.today).sort();
    for (let i = 1; i < days.length; i++) expect(`${days[i]!} (tick ${i})`).toBe(`${addDays(days[i - 1]!)} (tick ${i})`);
    for (const t of ticks) expect(`${t.today}: ${String(t.lastSettled)}`).toBe(`${t.today}: ${addDays(t.today, -1)}`);
  });
});

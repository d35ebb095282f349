/**
 * Operating a server (docs/architecture.md §6): health endpoints, request ids, Prometheus metrics read from the
 * database at scrape time, and rate limits shared by two app instances on one database (PGlite: two
 * apps on one embedded database; Postgres: two apps with pools of their own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, PATHS, XSRF_COOKIE, XSRF_HEADER } from '@kingdom/api';
import { buildApp } from '../../src/app.ts';
import { exec, openDatabase, type Database } from '../../src/db/client.ts';
import { createChainProviders } from '../../src/chain/index.ts';
import { expectedMigrations } from '../../src/observability/health.ts';
import { observeJobRun } from '../../src/observability/metrics.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';
import { createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';

const LIMIT = 5;
let k: TestKingdom;
beforeAll(async () => {
  k = await createTestKingdom({ env: { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
});
afterAll(async () => k?.close());

/** Value of one sample line `name{labels} value` of an exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([key, v]) => got[key] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('health', () => {
  it('live answers without the database; ready checks the database, migrations and the demo world', async () => {
    expect((await k.get('/health/live')).json()).toEqual({ status: 'live' });
    const ready = await k.get('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', db: TEST_DB, migrations: expectedMigrations() });
  });

  it('ready answers 503 NOT_READY while draining, and when the demo world is missing', async () => {
    k.app.lifecycle.draining = true;
    try {
      const res = await k.get('/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'NOT_READY' });
      expect((await k.get('/health/live')).statusCode).toBe(200);
    } finally {
      k.app.lifecycle.draining = false;
    }
    await exec(k.db.orm, sql`UPDATE app_settings SET key = 'demo_world_seeded_hidden' WHERE key = 'demo_world_seeded'`);
    try {
      expect((await k.get('/health/ready')).statusCode).toBe(503);
    } finally {
      await exec(k.db.orm, sql`UPDATE app_settings SET key = 'demo_world_seeded' WHERE key = 'demo_world_seeded_hidden'`);
    }
    expect((await k.get('/health/ready')).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('gives every response an x-request-id, distinct per request', async () => {
    const a = await k.get('/health/live');
    const b = await k.get('/config');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('keeps a well-formed incoming id and replaces a malformed or overlong one', async () => {
    const ok = await k.app.inject({ method: 'GET', url: `${API_PREFIX}/health/live`, headers: { 'x-request-id': 'lb-4f1c.9:7_A' } });
    expect(ok.headers['x-request-id']).toBe('lb-4f1c.9:7_A');
    for (const bad of ['a b', 'x'.repeat(65), 'id\u00e9', '{"inject":1}', '']) {
      const res = await k.app.inject({ method: 'GET', url: `${API_PREFIX}/health/live`, headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    }
  });
});

describe('metrics', () => {
  it('exposes latency by route pattern and status, job runs, and the cluster state read at scrape time', async () => {
    const wallet = createCardanoTestWallet();
    await k.post(PATHS.demoFaucet, { address: wallet.address, lands: 1 });
    await k.get('/lands/E03N12');
    await k.get('/lands/ZZZ999');
    observeJobRun('tick', 0.3, true);
    observeJobRun('tick', 2, false);

    const first = (await k.app.inject({ method: 'GET', url: '/metrics' }));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = first.body;
    expect(sample(text, 'kingdom_http_request_duration_seconds_count', { method: 'GET', route: '/api/lands/:hex_name', status: '200' })).toBe(1);
    expect(sample(text, 'kingdom_http_request_duration_seconds_count', { method: 'GET', route: '/api/lands/:hex_name', status: '404' })).toBe(1);
    expect(sample(text, 'kingdom_http_request_duration_seconds_count', { method: 'POST', route: '/api/demo/faucet', status: '200' })).toBe(1);
    expect(sample(text, 'kingdom_job_run_seconds_count', { job: 'tick', ok: 'true' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'kingdom_job_run_seconds_bucket', { job: 'tick', ok: 'false', le: '1' })).toBe(0);
    expect(sample(text, 'kingdom_db_up')).toBe(1);
    expect(sample(text, 'kingdom_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'kingdom_chain_watcher_lag_blocks')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'kingdom_db_pool_max')).toBe(TEST_DB === 'postgres' ? 5 : 1);

    // The database changes; the next scrape says so (nothing cached in the process).
    await exec(k.db.orm, sql`INSERT INTO game_days (day, settled_at) VALUES ('2026-10-30', now()), ('2026-10-31', now())`);
    await exec(k.db.orm, sql`INSERT INTO job_leases (name, holder, acquired_at, expires_at) VALUES
      ('tick', 'host-a:1', now(), now() + interval '1 minute'), ('chain-watcher', 'host-b:2', now() - interval '2 minutes', now() - interval '1 minute')`);
    await exec(k.db.orm, sql`INSERT INTO chain_payments (tx_hash, output_index, token, amount, senders, sender_stakes, block_height, block_hash, status, seen_at)
      VALUES ('aa', 0, 'exo', 5, '{}', '{}', 1, 'h', 'pending', now()), ('aa', 1, 'exo', 5, '{}', '{}', 1, 'h', 'pending', now()), ('bb', 0, 'hexo', 5, '{}', '{}', 1, 'h', 'claimable', now())`);
    await exec(k.db.orm, sql`INSERT INTO chain_cursor (name, height) VALUES ('cardano', 0) ON CONFLICT (name) DO UPDATE SET height = 0`);
    const tip = (await k.providers.money.ledger.tip()).height;
    const after = (await k.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(after, 'kingdom_game_last_settled_day_seconds')).toBe(Date.parse('2026-10-31T00:00:00Z') / 1000);
    expect(sample(after, 'kingdom_game_days_settled_total')).toBe(2);
    expect(sample(after, 'kingdom_job_lease_held', { job: 'tick', holder: 'host-a:1' })).toBe(1);
    expect(sample(after, 'kingdom_job_lease_held', { job: 'chain-watcher', holder: 'host-b:2' })).toBe(0);
    expect(sample(after, 'kingdom_chain_pending_deposits')).toBe(2);
    expect(sample(after, 'kingdom_chain_claimable_deposits')).toBe(1);
    expect(sample(after, 'kingdom_chain_pending_withdrawals', { status: 'requested' })).toBe(0);
    expect(sample(after, 'kingdom_chain_watcher_lag_blocks')).toBe(tip);
    await exec(k.db.orm, sql`DELETE FROM job_leases`);
    expect(sample((await k.app.inject({ method: 'GET', url: '/metrics' })).body, 'kingdom_job_lease_held', { job: 'tick', holder: 'host-a:1' })).toBeUndefined();
  });

  it('requires the bearer token when METRICS_TOKEN is set', async () => {
    const t = await createTestKingdom({ demo: false, env: { METRICS_TOKEN: 'scrape-secret-0123456789' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
      const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret-0123456789' } });
      expect(ok.statusCode).toBe(200);
      expect(sample(ok.body, 'kingdom_db_up')).toBe(1);
    } finally {
      await t.close();
    }
  }, 120_000); // a second kingdom of its own: slow on a busy 2-core machine
});

describe('rate limits are shared by every app on one database', () => {
  let second: FastifyInstance;
  let secondDb: Database | undefined;
  beforeAll(async () => {
    // PGlite: one embedded database, two apps on it. Postgres: a second process's own pool.
    secondDb = TEST_DB === 'postgres' ? await openDatabase({ databaseUrl: k.config.databaseUrl, dataDir: k.config.dataDir, poolSize: 5 }) : undefined;
    const db = secondDb ?? k.db;
    const providers = secondDb ? await createChainProviders(k.config, db) : k.providers;
    second = await buildApp({ config: k.config, db, providers, clock: () => k.now() });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
  });

  async function challenge(app: FastifyInstance, address: string, ip: string): Promise<number> {
    const c = await k.csrf();
    const res = await app.inject({
      method: 'POST', url: API_PREFIX + PATHS.authChallenge, remoteAddress: ip,
      payload: { chain: 'cardano', address }, headers: { cookie: `${XSRF_COOKIE}=${c.cookie}`, [XSRF_HEADER]: c.cookie },
    });
    return res.statusCode;
  }

  it(`allows ${LIMIT} sign-in challenges a minute per client address in total, not per app`, async () => {
    const { address } = createCardanoTestWallet();
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) statuses.push(await challenge(i % 2 ? second : k.app, address, '203.0.113.7'));
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT)).toEqual(Array(LIMIT).fill(429));
    // Another client address has its own window.
    expect(await challenge(second, address, '203.0.113.8')).toBe(200);
  });

  it('counts concurrent requests from both apps exactly once each', async () => {
    const { address } = createCardanoTestWallet();
    const statuses = await Promise.all(Array.from({ length: 4 * LIMIT }, (_, i) => challenge(i % 2 ? second : k.app, address, '198.51.100.9')));
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3 * LIMIT);
  });

  it('opens a new window once the last one ended, and cleans up ended windows', async () => {
    const { address } = createCardanoTestWallet();
    for (let i = 0; i < LIMIT; i++) expect(await challenge(k.app, address, '192.0.2.44')).toBe(200);
    expect(await challenge(second, address, '192.0.2.44')).toBe(429);
    await exec(k.db.orm, sql`UPDATE rate_limit_hits SET window_ends_at = now() - interval '1 second' WHERE key LIKE '%192.0.2.44'`);
    expect(await challenge(second, address, '192.0.2.44')).toBe(200);
    const [row] = await exec<{ hits: number }>(k.db.orm, sql`SELECT hits FROM rate_limit_hits WHERE key LIKE '%192.0.2.44'`);
    expect(row?.hits).toBe(1);
    await exec(k.db.orm, sql`UPDATE rate_limit_hits SET window_ends_at = now() - interval '2 minutes' WHERE key LIKE '%192.0.2.44'`);
    // A fresh app's first hit runs the clean-up (at most once a minute per process).
    const third = await buildApp({ config: k.config, db: k.db, providers: k.providers, clock: () => k.now() });
    try {
      expect(await challenge(third, address, '192.0.2.45')).toBe(200);
      await expect.poll(async () => (await exec(k.db.orm, sql`SELECT 1 FROM rate_limit_hits WHERE key LIKE '%192.0.2.44'`)).length).toBe(0);
    } finally {
      await third.close();
    }
  });
});

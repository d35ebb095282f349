/**
 * A push sender killed with SIGKILL in the middle of a batch (Postgres: two processes on one database;
 * docs/architecture.md §6, push deliveries). The child sends batches of 10 to a local push-service
 * stand-in that answers the first 25 requests and holds the rest, so the child dies with 20
 * deliveries recorded sent and a batch of 10 claimed (5 answered, 5 not, none recorded). This process
 * then sends what is left once the dead claim lapses: nothing is lost, nothing recorded is sent again,
 * and only the dead batch's deliveries reach the push service twice — with the same RFC 8030 Topic and
 * notification tag, so the push service and the device replace, never double.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { exec } from '../../src/db/client.ts';
import { sendDuePushes } from '../../src/modules/push/sender.ts';
import { vapidKeys } from '../../src/modules/push/vapid.ts';
import { pushDevice } from '../support/push-device.ts';
import { createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';

const N = 40;

describe.skipIf(TEST_DB !== 'postgres')('a push sender killed mid-batch (Postgres)', () => {
  let k: TestKingdom;
  let server: http.Server;
  const got: Array<{ path: string; topic: string | undefined }> = [];
  const held: http.ServerResponse[] = [];
  let answerAll = false;

  beforeAll(async () => {
    k = await createTestKingdom({ demo: false });
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        got.push({ path: req.url ?? '', topic: typeof req.headers.topic === 'string' ? req.headers.topic : undefined });
        if (answerAll || got.length <= 25) { res.statusCode = 201; res.end(); } else held.push(res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  }, 120_000);
  afterAll(async () => {
    for (const r of held) r.destroy();
    server?.closeAllConnections();
    if (server) await new Promise((r) => server.close(r));
    await k?.close();
  });

  it('loses none, resends only the dead batch, with the same Topic', async () => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const d = pushDevice();
    await exec(k.db.orm, sql`INSERT INTO users (id, name, created_at) SELECT 900000 + g, 'push' || g, now() FROM generate_series(1, ${N}) g`);
    await exec(k.db.orm, sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, topics)
      SELECT 900000 + g, ${base} || '/d/' || g, ${d.p256dh}, ${d.auth}, '{day_report}' FROM generate_series(1, ${N}) g`);
    await exec(k.db.orm, sql`INSERT INTO notifications (user_id, type, data, created_at)
      SELECT 900000 + g, 'goldmine_daily_report', jsonb_build_object('day', '2026-11-30'), now() FROM generate_series(1, ${N}) g`);

    const env: Record<string, string | undefined> = { ...process.env };
    for (const key of ['TEST_DATABASE_URL', 'DATA_DIR', 'NODE_OPTIONS', 'VITEST', 'VITEST_MODE', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'KINGDOM_TEST_DB', 'NODE_ENV']) delete env[key];
    env.DATABASE_URL = k.config.databaseUrl;
    env.PUSH_BATCH = '10';
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('apps', 'server', 'test', 'support', 'push-send-child.ts')], {
      cwd: path.resolve(import.meta.dirname, '../../../..'), env, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => { out += b.toString(); });
    child.stderr.on('data', (b: Buffer) => { out += b.toString(); });
    const deadline = Date.now() + 90_000;
    while (got.length < 30) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the sender did not get going:\n${out}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(out).not.toMatch(/done/);
    const states = await exec<{ state: string; n: number }>(k.db.orm, sql`SELECT state, count(*)::int AS n FROM push_deliveries GROUP BY state ORDER BY state`);
    expect(Object.fromEntries(states.map((s) => [s.state, s.n]))).toEqual({ pending: 10, sending: 10, sent: 20 });
    const beforeKill = got.length;

    answerAll = true;
    const vapid = await vapidKeys(k.db.orm, { subject: 'mailto:push@test.invalid' });
    const opts = { vapid, timeoutMs: 5000, ratePerSecond: 100_000, allowLocalTest: true, runMs: 30_000 };
    expect((await sendDuePushes(k.db, opts)).sent).toBe(10); // the pending ones; the dead claim still holds its batch
    expect((await sendDuePushes(k.db, opts, () => new Date(Date.now() + 61_000))).sent).toBe(10); // the claim lapsed
    const [left] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM push_deliveries WHERE state <> 'sent'`);
    expect(left!.n).toBe(0);

    const perPath = new Map<string, string[]>();
    for (const g of got) perPath.set(g.path, [...(perPath.get(g.path) ?? []), g.topic ?? '']);
    expect(perPath.size).toBe(N); // none lost
    const twice = [...perPath].filter(([, topics]) => topics.length > 1);
    expect(twice).toHaveLength(10); // the dead batch only
    const deadBatch = new Set(got.slice(20, beforeKill).map((g) => g.path));
    for (const [p, topics] of twice) {
      expect(deadBatch.has(p)).toBe(true);
      expect(topics).toHaveLength(2);
      expect(topics[0]).toBe(topics[1]); // same Topic: the push service keeps one
    }
    expect(Math.max(...[...perPath.values()].map((t) => t.length))).toBe(2);
  }, 180_000);
});

/**
 * Web Push delivery on Postgres (issue 40; docs/architecture.md §6, push deliveries):
 * `push.deliveries_per_s` for the day reports of `--players` players (default 100,000), each with one
 * subscribed device, sent by the server's own push sender (`sendDuePushes`: claim, RFC 8291
 * encryption and VAPID by web-push, one HTTP POST each, the batch recorded) to a local push-service
 * stand-in (an HTTP server in this process answering 201; PUSH_TEST_LOCAL_ENDPOINTS' http://127.0.0.1).
 * Goal ≥ 2,000 deliveries/s. Beside it, what the deliveries cost the tick: the time of one INSERT of
 * the players' day-report notifications (the tick writes them so) with the trigger disabled (as before
 * push: `insert_no_trigger_s`), with it and no subscription (`insert_no_subscriptions_s`) and with every player subscribed (`insert_with_deliveries_s`: the
 * statement trigger writes the deliveries in the same statement).
 *
 *   tsx bench/push.ts --url postgres://… [--players 100000]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createECDH, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, exec } from '../apps/server/src/db/client.ts';
import { sendDuePushes } from '../apps/server/src/modules/push/sender.ts';
import { vapidKeys } from '../apps/server/src/modules/push/vapid.ts';
import { withFreshDatabase } from './support/fresh-database.ts';
import { positiveInt } from './common.ts';

/** One run's figures. */
export interface PushBenchRun {
  players: number;
  deliveries: number;
  received: number;
  distinct_received: number;
  seconds: number;
  deliveries_per_s: number;
  insert_no_trigger_s: number;
  insert_no_subscriptions_s: number;
  insert_with_deliveries_s: number;
  goal_deliveries_per_s: number;
}

/** The goal (issue 40). */
export const PUSH_GOAL_DELIVERIES_PER_S = 2000;

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

async function runPushBench(url: string, players: number, log: (s: string) => void): Promise<PushBenchRun> {
  const db = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 8 });
  const received = new Set<string>();
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => { count++; received.add(req.url ?? ''); res.statusCode = 201; res.end(); });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const orm = db.orm;
    await exec(orm, sql`INSERT INTO users (id, name, created_at) SELECT g, 'p' || g, now() FROM generate_series(1, ${players}) g`);
    await exec(orm, sql`SELECT setval(pg_get_serial_sequence('users', 'id'), ${players})`);
    const day = (d: string) => sql`INSERT INTO notifications (user_id, type, data, created_at)
      SELECT g, 'goldmine_daily_report', jsonb_build_object('day', ${d}::text, 'exo', '1000000', 'lands', 1), now() FROM generate_series(1, ${players}) g`;
    // the tick's INSERT before this release (no trigger), then with the trigger and nobody subscribed
    await exec(orm, sql`ALTER TABLE notifications DISABLE TRIGGER notifications_push`);
    let t = performance.now();
    await exec(orm, day('2026-11-28'));
    const insertNoTrigger = (performance.now() - t) / 1000;
    await exec(orm, sql`ALTER TABLE notifications ENABLE TRIGGER notifications_push`);
    t = performance.now();
    await exec(orm, day('2026-11-29'));
    const insertPlain = (performance.now() - t) / 1000;
    const device = createECDH('prime256v1');
    device.generateKeys();
    const p256dh = device.getPublicKey().toString('base64url');
    const auth = randomBytes(16).toString('base64url');
    await exec(orm, sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, topics)
      SELECT g, ${base} || '/d/' || g, ${p256dh}, ${auth}, '{day_report,low_balance}' FROM generate_series(1, ${players}) g`);
    t = performance.now();
    await exec(orm, day('2026-11-30'));
    const insertWith = (performance.now() - t) / 1000;
    const [d] = await exec<{ n: number }>(orm, sql`SELECT count(*)::int AS n FROM push_deliveries`);
    log(`push: ${d!.n} deliveries written (insert ${round(insertNoTrigger)} s no trigger, ${round(insertPlain)} s no subscription, ${round(insertWith)} s all subscribed)`);
    const vapid = await vapidKeys(orm, { subject: 'mailto:bench@kingdom.invalid' });
    t = performance.now();
    let sent = 0;
    for (;;) {
      const r = await sendDuePushes(db, { vapid, timeoutMs: 10_000, ratePerSecond: 1_000_000, allowLocalTest: true, runMs: 600_000, batch: 500 });
      sent += r.sent;
      if (r.sent + r.retried + r.failed === 0) break;
    }
    const seconds = (performance.now() - t) / 1000;
    return {
      players, deliveries: sent, received: count, distinct_received: received.size, seconds: round(seconds),
      deliveries_per_s: Math.round(sent / seconds), insert_no_trigger_s: round(insertNoTrigger), insert_no_subscriptions_s: round(insertPlain), insert_with_deliveries_s: round(insertWith),
      goal_deliveries_per_s: PUSH_GOAL_DELIVERIES_PER_S,
    };
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await db.close();
  }
}

/** The report's lines. */
export function pushLines(r: PushBenchRun): string[] {
  const ok = r.deliveries_per_s >= PUSH_GOAL_DELIVERIES_PER_S && r.distinct_received === r.players && r.received === r.players;
  return [
    `push: ${r.deliveries} day reports to ${r.players} devices in ${r.seconds} s = ${r.deliveries_per_s} deliveries/s   goal ≥ ${PUSH_GOAL_DELIVERIES_PER_S}  ${ok ? 'ok  ' : 'MISS'} (each once: ${r.distinct_received === r.players && r.received === r.players})`,
    `push: the tick's notification INSERT of ${r.players} reports: ${r.insert_no_trigger_s} s before push (no trigger), ${r.insert_no_subscriptions_s} s with it and no subscription, ${r.insert_with_deliveries_s} s with every player subscribed`,
  ];
}

/** Runs the bench on a fresh database of the Postgres at `pgUrl`. */
export async function measurePush(pgUrl: string, log: (s: string) => void, players = 100_000): Promise<PushBenchRun | { error: string }> {
  try {
    return await withFreshDatabase(pgUrl, 'kingdom_bench_push', (url) => runPushBench(url, players, log));
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, players: { type: 'string' } } });
  if (!values.url) throw new Error('--url postgres://… is required');
  const r = await measurePush(values.url, (s) => console.log(s), positiveInt(values.players, 100_000));
  if ('error' in r) throw new Error(r.error);
  console.log(JSON.stringify(r));
  console.log(pushLines(r).join('\n'));
}

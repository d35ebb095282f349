/**
 * Web Push (docs/product.md §10 "Push notifications", docs/architecture.md §6, push deliveries): a local push-service stand-in (an
 * HTTP server on 127.0.0.1, allowed by the test-only PUSH_TEST_LOCAL_ENDPOINTS) receives each
 * delivery; the test decrypts it with the device's keys (RFC 8291, written here with node:crypto, not
 * the sender's library) and checks the text. 410 removes the subscription, 5xx is retried, quiet
 * hours wait, a dead claimer's rows are sent once, and endpoints that point inside are refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES } from '@kingdom/api';
import { exec } from '../../src/db/client.ts';
import { loadConfig } from '../../src/config.ts';
import { prunePushDeliveries, sendDuePushes, quietUntil, type PushSendOptions } from '../../src/modules/push/sender.ts';
import { vapidKeys } from '../../src/modules/push/vapid.ts';
import { isPublicAddress, publicLookup } from '../../src/modules/push/endpoint-check.ts';
import { PUSH_TOPIC_OF } from '../../src/modules/push/topics.ts';
import { decryptPush as decrypt, pushDevice as device } from '../support/push-device.ts';
import { createTestKingdom, signInCardano, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';

interface Received { path: string; headers: http.IncomingHttpHeaders; body: Buffer }

let k: TestKingdom;
let token: string;
let userId: number;
let server: http.Server;
let base: string;
const received: Received[] = [];
/** Status the stand-in answers per path (default 201). */
const statusOf = new Map<string, number>();
let opts: PushSendOptions;
let clock = new Date('2026-12-01T12:00:00Z');
const now = () => clock;
const auth = () => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  k = await createTestKingdom({ env: { PUSH_TEST_LOCAL_ENDPOINTS: 'true' } });
  const login = await signInCardano(k, createCardanoTestWallet());
  token = login.token;
  const [u] = await exec<{ user_id: number }>(k.db.orm, sql`SELECT user_id FROM sessions ORDER BY created_at DESC LIMIT 1`);
  userId = u!.user_id;
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusOf.get(req.url ?? '') ?? 201;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const vapid = await vapidKeys(k.db.orm, { subject: 'mailto:push@test.invalid' });
  opts = { vapid, timeoutMs: 2000, ratePerSecond: 100_000, allowLocalTest: true, runMs: 5000 };
}, 120_000);

afterAll(async () => {
  if (server) await new Promise((r) => server.close(r));
  await k?.close();
});

beforeEach(async () => {
  received.length = 0;
  statusOf.clear();
  await exec(k.db.orm, sql`DELETE FROM push_subscriptions`);
});

async function subscribe(path: string, d: { p256dh: string; auth: string }, settings: Record<string, unknown> = {}) {
  const res = await k.post('/push/subscriptions', {
    endpoint: `${base}${path}`, keys: { p256dh: d.p256dh, auth: d.auth },
    topics: ['day_report', 'low_balance', 'upgrade'], quiet_start: null, quiet_end: null, time_zone: 'UTC', language: 'en', ...settings,
  }, auth());
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ subscription: { endpoint: string; topics: string[] } }>().subscription;
}

async function inbox(type: string, data: Record<string, unknown>): Promise<number> {
  const [row] = await exec<{ id: number }>(k.db.orm, sql`INSERT INTO notifications (user_id, type, data, created_at) VALUES (${userId}, ${type}, ${JSON.stringify(data)}::jsonb, ${clock}) RETURNING id::int AS id`);
  return row!.id;
}

describe('push', () => {
  it('publishes one VAPID key, generated once and kept in the database', async () => {
    const a = (await k.get('/push/key')).json<{ public_key: string }>().public_key;
    const b = (await k.get('/push/key')).json<{ public_key: string }>().public_key;
    expect(a).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b).toBe(a);
    expect(opts.vapid.publicKey).toBe(a);
  });

  it('delivers a day report once to each subscribed device, encrypted, in the device language', async () => {
    const phone = device();
    const laptop = device();
    await subscribe('/phone', phone, { language: 'es' });
    await subscribe('/laptop', laptop);
    const id = await inbox('goldmine_daily_report', { day: '2026-11-30', exo: '1000000' });
    await inbox('votes_changed', { project: 'x' }); // no topic: inbox only
    const r = await sendDuePushes(k.db, opts, now);
    expect(r.sent).toBe(2);
    expect(received.map((x) => x.path).sort()).toEqual(['/laptop', '/phone']);
    const phoneMsg = JSON.parse(decrypt(received.find((x) => x.path === '/phone')!.body, phone));
    expect(phoneMsg).toEqual({ title: 'Informe diario de la mina de oro', body: 'Tu informe del 2026-11-30 está listo.', url: '/account/inbox/report/goldmine/2026-11-30', tag: `n${id}` });
    const laptopMsg = JSON.parse(decrypt(received.find((x) => x.path === '/laptop')!.body, laptop));
    expect(laptopMsg.title).toBe('Gold mine daily report');
    const h = received[0]!.headers;
    expect(h['content-encoding']).toBe('aes128gcm');
    expect(h.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${opts.vapid.publicKey}$`));
    expect(h.topic).toBe(`n${id}`);
    expect(Number(h.ttl)).toBeGreaterThan(0);
    // nothing more to send
    expect((await sendDuePushes(k.db, opts, now)).sent).toBe(0);
    expect(received).toHaveLength(2);
  });

  it('sends only the topics the device picked; the language is read at delivery time', async () => {
    const d = device();
    await subscribe('/only-low', d, { topics: ['low_balance'] });
    await inbox('goldmine_daily_report', { day: '2026-11-30' });
    await inbox('low_balance_warning', { day: '2026-11-30', token: 'hexo', days: 2 });
    const upd = await k.post('/push/subscriptions/settings', { endpoint: `${base}/only-low`, language: 'es' }, auth());
    expect(upd.statusCode, upd.body).toBe(200);
    await sendDuePushes(k.db, opts, now);
    expect(received).toHaveLength(1);
    const msg = JSON.parse(decrypt(received[0]!.body, d));
    expect(msg.title).toBe('Saldo bajo');
    expect(msg.body).toContain('HEXO cubre 2');
    expect(msg.url).toBe('/account/balances');
  });

  it('410 from the push service removes the subscription; 500 is retried with backoff', async () => {
    await subscribe('/gone', device());
    await subscribe('/flaky', device());
    statusOf.set('/gone', 410);
    statusOf.set('/flaky', 503);
    await inbox('goldmine_upgrade_success', { hex_name: 'AB12', level: 3, success: true });
    const r = await sendDuePushes(k.db, opts, now);
    expect(r).toMatchObject({ sent: 0, removed: 1, retried: 1 });
    const subs = await exec<{ endpoint: string }>(k.db.orm, sql`SELECT endpoint FROM push_subscriptions`);
    expect(subs.map((s) => s.endpoint)).toEqual([`${base}/flaky`]);
    statusOf.delete('/flaky');
    expect((await sendDuePushes(k.db, opts, now)).sent).toBe(0); // not yet: backing off
    clock = new Date(clock.getTime() + 60_000);
    expect((await sendDuePushes(k.db, opts, now)).sent).toBe(1);
    const [row] = await exec<{ state: string; attempts: number }>(k.db.orm, sql`SELECT state, attempts FROM push_deliveries`);
    expect(row).toEqual({ state: 'sent', attempts: 2 });
  });

  it('waits for the end of quiet hours in the device time zone', async () => {
    const d = device();
    // 23:30 in Madrid (UTC+1 in December): inside 22:00–07:00
    clock = new Date('2026-12-01T22:30:00Z');
    await subscribe('/night', d, { quiet_start: '22:00', quiet_end: '07:00', time_zone: 'Europe/Madrid' });
    await inbox('low_balance_warning', { token: 'hexo', days: 1 });
    const r = await sendDuePushes(k.db, opts, now);
    expect(r).toMatchObject({ sent: 0, deferred: 1 });
    const [row] = await exec<{ next_try: Date | string; attempts: number }>(k.db.orm, sql`SELECT next_try, attempts FROM push_deliveries`);
    expect(new Date(row!.next_try).toISOString()).toBe('2026-12-02T06:00:00.000Z'); // 07:00 Madrid
    expect(row!.attempts).toBe(0);
    clock = new Date('2026-12-02T05:59:00Z');
    expect((await sendDuePushes(k.db, opts, now)).sent).toBe(0);
    clock = new Date('2026-12-02T06:00:00Z');
    expect((await sendDuePushes(k.db, opts, now)).sent).toBe(1);
    expect(quietUntil(new Date('2026-12-02T12:00:00Z'), 22 * 60, 7 * 60, 'Europe/Madrid')).toBeNull();
  });

  it('a claimer killed mid-batch: its rows are sent once after the claim lapses; two senders at once never send one twice', async () => {
    const d = device();
    await subscribe('/many', d);
    for (let i = 0; i < 30; i++) await inbox('goldmine_daily_report', { day: `2026-11-${String(i % 28 + 1).padStart(2, '0')}` });
    // a process claimed 10 rows and died (kill -9) before sending them
    await exec(k.db.orm, sql`UPDATE push_deliveries SET state = 'sending', attempts = 1, next_try = ${new Date(clock.getTime() + 60_000)}
      WHERE id IN (SELECT id FROM push_deliveries ORDER BY id LIMIT 10)`);
    const [a, b] = await Promise.all([sendDuePushes(k.db, { ...opts, batch: 7 }, now), sendDuePushes(k.db, { ...opts, batch: 7 }, now)]);
    expect(a.sent + b.sent).toBe(20);
    clock = new Date(clock.getTime() + 61_000);
    expect((await sendDuePushes(k.db, opts, now)).sent).toBe(10);
    expect((await sendDuePushes(k.db, opts, now)).sent).toBe(0);
    const tags = received.map((x) => JSON.parse(decrypt(x.body, d)).tag as string);
    expect(tags).toHaveLength(30);
    expect(new Set(tags).size).toBe(30);
  });

  it('refuses endpoints that are not public https, and unsubscribes', async () => {
    const d = device();
    for (const endpoint of [
      'http://push.example.com/x', 'https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://192.168.1.1/x', 'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://[fd00::1]/x', 'https://localhost/x', 'https://metadata.internal/x', 'https://user:pw@push.example.com/x',
      `https://push.example.com/${'a'.repeat(1100)}`, 'file:///etc/passwd', 'http://127.0.0.2:80/x',
    ]) {
      const res = await k.post('/push/subscriptions', { endpoint, keys: { p256dh: d.p256dh, auth: d.auth }, topics: [], quiet_start: null, quiet_end: null, time_zone: 'UTC', language: 'en' }, auth());
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json<{ error: string }>().error, endpoint).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    }
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    expect(isPublicAddress('100.64.0.1')).toBe(false);
    // a name that resolves to a private address is refused when the job connects (DNS rebinding)
    const err = await new Promise<NodeJS.ErrnoException | null>((r) => publicLookup('localhost', {}, (e) => r(e)));
    expect(err?.code).toBe('EPUSHADDRESS');

    await subscribe('/bye', d);
    const cur = await k.app.inject({ method: 'GET', url: `/api/push/subscriptions/current?endpoint=${encodeURIComponent(`${base}/bye`)}`, headers: auth() });
    expect(cur.json<{ subscription: { topics: string[] } }>().subscription.topics).toEqual(['day_report', 'low_balance', 'upgrade']);
    const res = await k.post('/push/subscriptions/remove', { endpoint: `${base}/bye` }, auth());
    expect(res.json()).toEqual({ removed: true });
    await inbox('goldmine_daily_report', { day: '2026-11-30' });
    expect((await sendDuePushes(k.db, opts, now)).sent).toBe(0);
    expect((await k.post('/push/subscriptions/settings', { endpoint: `${base}/bye`, topics: [] }, auth())).statusCode).toBe(404);
  });

  it('prunes sent deliveries older than the cut, never pending ones', async () => {
    await subscribe('/prune', device());
    await inbox('goldmine_daily_report', { day: '2026-11-28' });
    await inbox('goldmine_daily_report', { day: '2026-11-29' });
    statusOf.set('/prune', 201);
    await sendDuePushes(k.db, opts, now);
    await inbox('goldmine_daily_report', { day: '2026-11-30' }); // pending
    await exec(k.db.orm, sql`UPDATE push_deliveries SET created_at = created_at - interval '8 days'`);
    expect(await prunePushDeliveries(k.db, new Date(Date.now() - 7 * 24 * 3_600_000))).toBe(2);
    const rows = await exec<{ state: string }>(k.db.orm, sql`SELECT state FROM push_deliveries`);
    expect(rows.map((r) => r.state)).toEqual(['pending']);
  });

  it('the metrics show the backlog of due deliveries', async () => {
    await subscribe('/metrics', device());
    await inbox('goldmine_daily_report', { day: '2026-11-30' });
    const res = await k.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^kingdom_push_deliveries_due 1$/m);
  });

  it("the trigger's SQL topic map is the server's", async () => {
    for (const type of NOTIFICATION_TYPES) {
      const [row] = await exec<{ topic: string | null }>(k.db.orm, sql`SELECT kingdom_push_topic(${type}) AS topic`);
      expect(row!.topic, type).toBe(PUSH_TOPIC_OF[type] ?? null);
    }
  });

  it('the local test endpoints are refused on a real network', () => {
    expect(() => loadConfig({ PUSH_TEST_LOCAL_ENDPOINTS: 'true', CARDANO_NETWORK: 'preprod', DEMO: 'true' })).toThrow(/PUSH_TEST_LOCAL_ENDPOINTS/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
  });
});

/**
 * The push topics `chest` and `quests` (docs/product.md §10, "Push notifications"; jobs/period-notices.ts):
 * the achievements job writes `chest_ready` (weekly chest, docs/game-rules.md §7) and `quests_reset`
 * (daily quests, weekly ones on a Monday, §14.1) inbox notices only for players with a push
 * subscription of that topic, once per player and period however often it runs; the push job
 * delivers them to a local push-service stand-in, decrypted here with the device's keys (RFC 8291).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { PATHS } from '@kingdom/api';
import { exec } from '../../src/db/client.ts';
import { noticePeriods } from '../../src/jobs/period-notices.ts';
import { sendDuePushes, type PushSendOptions } from '../../src/modules/push/sender.ts';
import { vapidKeys } from '../../src/modules/push/vapid.ts';
import { decryptPush as decrypt, pushDevice as device, type PushDevice as Device } from '../support/push-device.ts';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer, auth, type Player } from '../support/players.ts';

let k: TestKingdom;
let server: http.Server;
let base: string;
const received: { path: string; body: Buffer }[] = [];
let opts: PushSendOptions;

beforeAll(async () => {
  // the clock starts on Sunday 2026-11-01 12:00 UTC: chest week 2026-10-26
  k = await createTestKingdom({ env: { PUSH_TEST_LOCAL_ENDPOINTS: 'true' } });
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => { received.push({ path: req.url ?? '', body: Buffer.concat(chunks) }); res.statusCode = 201; res.end(); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  opts = { vapid: await vapidKeys(k.db.orm, { subject: 'mailto:push@test.invalid' }), timeoutMs: 2000, ratePerSecond: 100_000, allowLocalTest: true, runMs: 5000 };
}, 120_000);

afterAll(async () => {
  if (server) await new Promise((r) => server.close(r));
  await k?.close();
});

async function subscribe(p: Player, path: string, d: Device, topics: string[], language = 'en') {
  const res = await k.post('/push/subscriptions', {
    endpoint: `${base}${path}`, keys: { p256dh: d.p256dh, auth: d.auth }, topics, quiet_start: null, quiet_end: null, time_zone: 'UTC', language,
  }, auth(p));
  expect(res.statusCode, res.body).toBe(200);
}

/** The player's period notices: type and data, oldest first. */
async function notices(p: Player): Promise<{ type: string; data: Record<string, unknown> }[]> {
  return exec(k.db.orm, sql`SELECT type, data FROM notifications WHERE user_id = ${p.userId} AND type IN ('chest_ready', 'quests_reset') ORDER BY id`);
}

describe('chest-ready and quests-reset notices', () => {
  it('only for subscribers of the topic, once per player and period, delivered with their text', async () => {
    const both = await newPlayer(k, { lands: 1 }); // subscribed to chest and quests, owns a land
    const other = await newPlayer(k, { lands: 1 }); // subscribed, other topics only
    const none = await newPlayer(k, { lands: 1 }); // no subscription
    const landless = await newPlayer(k, {}); // subscribed to both, no land: no chest
    const opened = await newPlayer(k, { lands: 1 }); // subscribed to chest, opened this week's chest
    const dBoth = device();
    const dLandless = device();
    await subscribe(both, '/both', dBoth, ['chest', 'quests', 'day_report']);
    await subscribe(both, '/both-2', device(), ['chest', 'quests']); // a second device: still one notice, two deliveries
    await subscribe(other, '/other', device(), ['day_report', 'low_balance', 'market', 'announcements']);
    await subscribe(landless, '/landless', dLandless, ['chest', 'quests'], 'es');
    await subscribe(opened, '/opened', device(), ['chest']);
    expect((await k.post(PATHS.chestOpen, {}, auth(opened))).statusCode).toBe(200);

    const sunday = k.now();
    expect(await noticePeriods(k.db, sunday)).toEqual({ chest: 1, quests: 2 });
    expect(await noticePeriods(k.db, new Date(sunday.getTime() + 3_600_000))).toEqual({ chest: 0, quests: 0 }); // same day, same week
    expect(await notices(both)).toEqual([
      { type: 'chest_ready', data: { week: '2026-10-26' } },
      { type: 'quests_reset', data: { day: '2026-11-01', weekly: false } },
    ]);
    expect(await notices(landless)).toEqual([{ type: 'quests_reset', data: { day: '2026-11-01', weekly: false } }]);
    for (const p of [other, none, opened]) expect(await notices(p), String(p.userId)).toEqual([]);

    // the deliveries: to each subscribed device of the topic, in the device's language
    const r = await sendDuePushes(k.db, opts, () => sunday);
    expect(r.sent).toBe(5); // both: 2 notices × 2 devices; landless: 1
    const onBoth = received.filter((x) => x.path === '/both').map((x) => JSON.parse(decrypt(x.body, dBoth)) as { title: string; body: string; url: string });
    expect(onBoth.map(({ title, body, url }) => ({ title, body, url })).sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: 'Chest ready', body: 'The chest of the week of 2026-10-26 can be opened.', url: '/account/chest' },
      { title: 'New quests', body: 'New daily quests are waiting.', url: '/quests' },
    ]);
    const onLandless = received.filter((x) => x.path === '/landless').map((x) => JSON.parse(decrypt(x.body, dLandless)) as { title: string; body: string });
    expect(onLandless.map(({ title, body }) => ({ title, body }))).toEqual([{ title: 'Nuevas misiones', body: 'Te esperan nuevas misiones diarias.' }]);
    expect(received.some((x) => ['/other', '/opened'].includes(x.path))).toBe(false);

    // Monday: a new chest week (the one who opened last week's is told too) and the weekly quests
    const monday = new Date('2026-11-02T00:00:20Z');
    const [a, b] = await Promise.all([noticePeriods(k.db, monday), noticePeriods(k.db, monday)]); // two runs at once: still once
    expect({ chest: a.chest + b.chest, quests: a.quests + b.quests }).toEqual({ chest: 2, quests: 2 });
    expect(await noticePeriods(k.db, new Date('2026-11-02T23:59:59Z'))).toEqual({ chest: 0, quests: 0 });
    expect((await notices(both)).slice(2)).toEqual([
      { type: 'chest_ready', data: { week: '2026-11-02' } },
      { type: 'quests_reset', data: { day: '2026-11-02', weekly: true } },
    ]);
    expect(await notices(opened)).toEqual([{ type: 'chest_ready', data: { week: '2026-11-02' } }]);
    expect(await notices(none)).toEqual([]);
    received.length = 0;
    await sendDuePushes(k.db, opts, () => monday);
    const weekly = received.filter((x) => x.path === '/both').map((x) => JSON.parse(decrypt(x.body, dBoth)) as { body: string });
    expect(weekly.map((x) => x.body).sort()).toEqual(['New daily and weekly quests are waiting.', 'The chest of the week of 2026-11-02 can be opened.']);
  });
});

/**
 * Sends push deliveries (docs/architecture.md §6, push deliveries): claims due `push_deliveries` rows with one
 * short statement, sends each to its device's push service (payload encrypted per RFC 8291, VAPID per
 * RFC 8292, by `web-push`), and records the outcome with one statement per batch.
 *
 * Never twice, never lost: a claim marks rows `sending` until `next_try` (now + the claim time); a
 * process killed after its claim leaves them to be claimed again once that time passes, so none is
 * lost. A process killed between a push service's answer and the batch's record sends those again:
 * each push carries the notification's id as its RFC 8030 `Topic` (the push service replaces a message
 * not yet delivered) and as the shown notification's `tag` (the device replaces, never doubles), so the
 * device shows it once.
 *
 * Outcomes: 2xx sent; 404/410 the subscription is gone (removed, with its deliveries); 429, 5xx, a
 * timeout or a network error retried with exponential backoff (Retry-After when given) up to
 * {@link PUSH_MAX_ATTEMPTS}; another 4xx failed. Quiet hours: a delivery due inside its device's quiet
 * hours waits for their end (no attempt counted).
 */
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { sql } from 'drizzle-orm';
import { exec, type Database } from '../../db/client.ts';
import { isLocalTestEndpoint, publicLookup, type EndpointPolicy } from './endpoint-check.ts';
import { pushText, type PushLanguage } from './texts.ts';
import type { VapidKeys } from './vapid.ts';

/** Attempts before a delivery is given up (`failed`). */
export const PUSH_MAX_ATTEMPTS = 8;
/** Deliveries claimed per statement. */
export const PUSH_BATCH = 200;
/** Claim-send-record loops run at once by one job run. */
export const PUSH_LANES = 2;
/** How long a claim holds its rows (ms): a dead claimer's rows are claimed again after this. */
export const PUSH_CLAIM_MS = 60_000;
/** Push message lifetime at the push service (seconds, RFC 8030 TTL). */
export const PUSH_TTL_S = 24 * 3600;

export interface PushSendOptions extends EndpointPolicy {
  vapid: VapidKeys;
  /** ms an outgoing call may take. */
  timeoutMs: number;
  /** Deliveries per second at most. */
  ratePerSecond: number;
  /** Stop claiming after this many ms in one run (default 10 s). */
  runMs?: number;
  batch?: number;
  claimMs?: number;
  /** Loops claiming and sending at once (default {@link PUSH_LANES}). */
  lanes?: number;
}

/** Counts of one run. */
export interface PushRunResult {
  sent: number;
  retried: number;
  failed: number;
  removed: number;
  deferred: number;
}

interface Claimed {
  id: number;
  notification_id: number;
  subscription_id: number;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: PushLanguage;
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: string;
  type: string;
  data: Record<string, unknown> | string;
}

/** Minutes after midnight of `at` in `timeZone`. */
export function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const h = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const m = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return h * 60 + m;
}

/**
 * When the quiet hours `[start, end)` (minutes after midnight of `timeZone`) around `at` end, or
 * null when `at` is outside them. A window that crosses midnight (22:00–07:00) is understood so.
 */
export function quietUntil(at: Date, start: number | null, end: number | null, timeZone: string): Date | null {
  if (start === null || end === null || start === end) return null;
  const now = minuteOfDay(at, timeZone);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return null;
  const minutes = (end - now + 1440) % 1440;
  const t = new Date(at.getTime() + minutes * 60_000);
  t.setUTCSeconds(0, 0);
  return t;
}

/** Backoff before attempt `attempts + 1` (ms): 15 s doubling, at most 1 h, ±20 % jitter; Retry-After (seconds) when the service gave one. */
export function backoffMs(attempts: number, retryAfter?: string): number {
  const ra = retryAfter !== undefined && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : undefined;
  if (ra !== undefined) return Math.min(ra, 3_600_000);
  const base = Math.min(15_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64, lookup: publicLookup });
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One POST to a push service; resolves with the status (0: no answer: timeout or network error) and Retry-After. */
function post(details: { endpoint: string; headers: Record<string, string | number>; body: Buffer | null }, policy: EndpointPolicy, timeoutMs: number): Promise<{ status: number; retryAfter?: string }> {
  return new Promise((resolve) => {
    const url = new URL(details.endpoint);
    const local = isLocalTestEndpoint(url, policy);
    if (!local && url.protocol !== 'https:') return resolve({ status: 0 });
    const req = (local ? http : https).request(url, {
      method: 'POST', headers: details.headers, agent: local ? httpAgent : httpsAgent, timeout: timeoutMs,
    }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ...(typeof res.headers['retry-after'] === 'string' ? { retryAfter: res.headers['retry-after'] } : {}) }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('timeout', () => req.destroy(new Error('push service timeout')));
    req.on('error', () => resolve({ status: 0 }));
    req.end(details.body ?? undefined);
  });
}

/** VAPID `Authorization` headers per push service origin, signed for 12 h and reused for 1 h. */
class VapidHeaders {
  private readonly cache = new Map<string, { value: string; until: number }>();
  constructor(private readonly keys: VapidKeys) {}
  get(endpoint: string): string {
    const origin = new URL(endpoint).origin;
    const hit = this.cache.get(origin);
    if (hit && hit.until > Date.now()) return hit.value;
    const exp = Math.floor(Date.now() / 1000) + 12 * 3600;
    const h = webpush.getVapidHeaders(origin, this.keys.subject, this.keys.publicKey, this.keys.privateKey, 'aes128gcm', exp);
    this.cache.set(origin, { value: h.Authorization, until: Date.now() + 3_600_000 });
    return h.Authorization;
  }
}

const vapidCache = new WeakMap<VapidKeys, VapidHeaders>();

/**
 * Sends the due deliveries until none is due or the run's time is up.
 * @param now the wall clock (quiet hours and retries are real time, not the demo's game clock)
 */
export async function sendDuePushes(db: Database, opts: PushSendOptions, now: () => Date = () => new Date()): Promise<PushRunResult> {
  const result: PushRunResult = { sent: 0, retried: 0, failed: 0, removed: 0, deferred: 0 };
  let vapid = vapidCache.get(opts.vapid);
  if (!vapid) vapidCache.set(opts.vapid, (vapid = new VapidHeaders(opts.vapid)));
  const started = Date.now();
  const runMs = opts.runMs ?? 10_000;
  const batch = opts.batch ?? PUSH_BATCH;
  const claimMs = opts.claimMs ?? PUSH_CLAIM_MS;
  let sentCount = 0;
  // lanes claim and send at once (SKIP LOCKED keeps their rows apart): one lane's claim and record overlap another's sends
  const lane = async () => {
  while (Date.now() - started < runMs) {
    const at = now();
    const rows = await exec<Claimed>(db.orm, sql`
      WITH due AS (
        SELECT id FROM push_deliveries WHERE state IN ('pending', 'sending') AND next_try <= ${at}
        ORDER BY next_try, id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      UPDATE push_deliveries d SET state = 'sending', attempts = d.attempts + 1, next_try = ${new Date(at.getTime() + claimMs)}
      FROM due, push_subscriptions s, notifications n
      WHERE d.id = due.id AND s.id = d.subscription_id AND n.id = d.notification_id
      RETURNING d.id::int AS id, d.notification_id::int AS notification_id, d.subscription_id::int AS subscription_id, d.attempts,
        s.endpoint, s.p256dh, s.auth, s.language, s.quiet_start, s.quiet_end, s.time_zone, n.type, n.data`);
    if (rows.length === 0) break;
    const sent: number[] = [];
    const statuses: number[] = [];
    const retry: { id: number; at: Date; status: number }[] = [];
    const failed: { id: number; status: number }[] = [];
    const gone = new Set<number>();
    const deferred: { id: number; at: Date }[] = [];
    await Promise.all(rows.map(async (r) => {
      const quiet = quietUntil(at, r.quiet_start, r.quiet_end, r.time_zone);
      if (quiet) return void deferred.push({ id: r.id, at: quiet });
      // the cluster-wide budget: this run is the only sender (job lease), so pacing it paces the cluster
      const slot = sentCount++;
      const wait = started + (slot * 1000) / opts.ratePerSecond - Date.now();
      if (wait > 0) await new Promise((res) => setTimeout(res, wait));
      const data = typeof r.data === 'string' ? JSON.parse(r.data) as Record<string, unknown> : r.data;
      const payload = pushText(r.notification_id, r.type, data, r.language === 'es' ? 'es' : 'en');
      let status = 0;
      let retryAfter: string | undefined;
      try {
        const details = webpush.generateRequestDetails({ endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } }, JSON.stringify(payload), {
          TTL: PUSH_TTL_S, urgency: 'normal', topic: payload.tag, headers: { Authorization: vapid.get(r.endpoint) },
        });
        ({ status, retryAfter } = await post(details as never, opts, opts.timeoutMs));
      } catch {
        status = -1; // keys the library cannot use: never deliverable
      }
      if (status >= 200 && status < 300) { sent.push(r.id); statuses.push(status); }
      else if (status === 404 || status === 410) gone.add(r.subscription_id);
      else if ((status === 0 || status === 429 || status >= 500) && r.attempts < PUSH_MAX_ATTEMPTS) retry.push({ id: r.id, at: new Date(now().getTime() + backoffMs(r.attempts, retryAfter)), status });
      else failed.push({ id: r.id, status });
    }));
    const ids = (xs: { id: number }[]) => `{${xs.map((x) => x.id).join(',')}}`;
    if (sent.length) await exec(db.orm, sql`UPDATE push_deliveries d SET state = 'sent', sent_at = ${now()}, last_status = u.status
      FROM unnest(${`{${sent.join(',')}}`}::bigint[], ${`{${statuses.join(',')}}`}::int[]) AS u(id, status) WHERE d.id = u.id`);
    if (retry.length) await exec(db.orm, sql`UPDATE push_deliveries d SET state = 'pending', next_try = u.at, last_status = u.status
      FROM unnest(${ids(retry)}::bigint[], ${`{${retry.map((x) => `"${x.at.toISOString()}"`).join(',')}}`}::timestamptz[], ${`{${retry.map((x) => x.status).join(',')}}`}::int[]) AS u(id, at, status) WHERE d.id = u.id`);
    if (deferred.length) await exec(db.orm, sql`UPDATE push_deliveries d SET state = 'pending', next_try = u.at, attempts = d.attempts - 1
      FROM unnest(${ids(deferred)}::bigint[], ${`{${deferred.map((x) => `"${x.at.toISOString()}"`).join(',')}}`}::timestamptz[]) AS u(id, at) WHERE d.id = u.id`);
    if (failed.length) await exec(db.orm, sql`UPDATE push_deliveries d SET state = 'failed', last_status = u.status
      FROM unnest(${ids(failed)}::bigint[], ${`{${failed.map((x) => x.status).join(',')}}`}::int[]) AS u(id, status) WHERE d.id = u.id`);
    if (gone.size) await exec(db.orm, sql`DELETE FROM push_subscriptions WHERE id = ANY(${`{${[...gone].join(',')}}`}::bigint[])`);
    result.sent += sent.length;
    result.retried += retry.length;
    result.failed += failed.length;
    result.removed += gone.size;
    result.deferred += deferred.length;
  }
  };
  await Promise.all(Array.from({ length: opts.lanes ?? PUSH_LANES }, lane));
  return result;
}

/** How long sent and failed deliveries are kept (ms): a week, for the operators' questions. */
export const PUSH_KEEP_MS = 7 * 24 * 3_600_000;

/**
 * Deletes sent and failed deliveries written before `before`, oldest first, at most `limit` per
 * call (they are never needed again: the trigger writes a notification's deliveries only when the
 * notification is written). @returns how many were deleted
 */
export async function prunePushDeliveries(db: Database, before: Date, limit = 10_000): Promise<number> {
  const rows = await exec(db.orm, sql`DELETE FROM push_deliveries WHERE id IN (
    SELECT id FROM push_deliveries WHERE state IN ('sent', 'failed') AND created_at < ${before} ORDER BY id LIMIT ${limit}) RETURNING 1`);
  return rows.length;
}

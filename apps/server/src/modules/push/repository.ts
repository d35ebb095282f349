/** SQL of push subscriptions (docs/product.md §10, "Push notifications"): one row per device endpoint, owned by one account. */
import { sql } from 'drizzle-orm';
import type { PushSubscription } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';

/** Settings as the API speaks them. */
export interface PushSettingsInput {
  topics: string[];
  quiet_start: string | null;
  quiet_end: string | null;
  time_zone: string;
  language: 'en' | 'es';
}

interface Row {
  endpoint: string;
  topics: string[] | string;
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: string;
  language: 'en' | 'es';
  created_at: string | Date;
}

const minutes = (hhmm: string | null) => (hhmm === null ? null : Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));
const hhmm = (m: number | null) => (m === null ? null : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
const pgArray = (xs: string[]) => `{${xs.map((x) => `"${x}"`).join(',')}}`;

function answer(r: Row | undefined): PushSubscription | null {
  if (!r) return null;
  const topics = Array.isArray(r.topics) ? r.topics : r.topics.replace(/^\{|\}$/g, '').split(',').filter(Boolean);
  return {
    endpoint: r.endpoint, topics: topics as PushSubscription['topics'], quiet_start: hhmm(r.quiet_start), quiet_end: hhmm(r.quiet_end),
    time_zone: r.time_zone, language: r.language, created_at: new Date(r.created_at).toISOString(),
  };
}

const COLUMNS = sql`endpoint, topics, quiet_start, quiet_end, time_zone, language, created_at`;

/**
 * Stores a device's subscription for `userId`: a new endpoint is added; a known one (the same device
 * subscribing again, or signed in to another account since) takes the new keys, owner and settings.
 */
export async function upsertSubscription(orm: Orm, userId: number, endpoint: string, keys: { p256dh: string; auth: string }, s: PushSettingsInput, now: Date): Promise<PushSubscription> {
  const [row] = await exec<Row>(orm, sql`
    INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, topics, quiet_start, quiet_end, time_zone, language, created_at, updated_at)
    VALUES (${userId}, ${endpoint}, ${keys.p256dh}, ${keys.auth}, ${pgArray(s.topics)}::text[], ${minutes(s.quiet_start)}, ${minutes(s.quiet_end)}, ${s.time_zone}, ${s.language}, ${now}, ${now})
    ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, topics = EXCLUDED.topics,
      quiet_start = EXCLUDED.quiet_start, quiet_end = EXCLUDED.quiet_end, time_zone = EXCLUDED.time_zone, language = EXCLUDED.language, updated_at = EXCLUDED.updated_at
    RETURNING ${COLUMNS}`);
  return answer(row)!;
}

/** The account's subscription of `endpoint`, or null. */
export async function subscriptionOf(orm: Orm, userId: number, endpoint: string): Promise<PushSubscription | null> {
  const [row] = await exec<Row>(orm, sql`SELECT ${COLUMNS} FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`);
  return answer(row);
}

/** Changes the given settings of the account's subscription of `endpoint`. @returns null when there is none */
export async function updateSubscription(orm: Orm, userId: number, endpoint: string, s: Partial<PushSettingsInput>, now: Date): Promise<PushSubscription | null> {
  const quiet = s.quiet_start !== undefined || s.quiet_end !== undefined;
  const [row] = await exec<Row>(orm, sql`
    UPDATE push_subscriptions SET updated_at = ${now}
      ${s.topics !== undefined ? sql`, topics = ${pgArray(s.topics)}::text[]` : sql``}
      ${quiet ? sql`, quiet_start = ${minutes(s.quiet_start ?? null)}, quiet_end = ${minutes(s.quiet_end ?? null)}` : sql``}
      ${s.time_zone !== undefined ? sql`, time_zone = ${s.time_zone}` : sql``}
      ${s.language !== undefined ? sql`, language = ${s.language}` : sql``}
    WHERE user_id = ${userId} AND endpoint = ${endpoint}
    RETURNING ${COLUMNS}`);
  return answer(row);
}

/** Removes the account's subscription of `endpoint` and its deliveries. @returns whether there was one */
export async function removeSubscription(orm: Orm, userId: number, endpoint: string): Promise<boolean> {
  const rows = await exec(orm, sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint} RETURNING id`);
  return rows.length > 0;
}

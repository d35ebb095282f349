/**
 * Web Push contract (docs/product.md §10, "Push notifications"): the server's VAPID public key, a
 * device's subscription (RFC 8030 endpoint + RFC 8291 keys) with the topics the player picked, quiet
 * hours in the player's time zone and the language of its texts.
 */
import { z } from 'zod';

/**
 * Topics a player may pick, each a group of inbox notification types (docs/product.md §10, "Push notifications"):
 * `day_report` (mine, staking and shop daily reports), `upgrade` (ready, finished, failed),
 * `deposit_withdrawal` (top ups, withdrawals), `order_paid` (vendor purchases), `low_balance`
 * (workers at risk, unpaid workers, a worker gone), `market` (a Market order filled), `chest` (the weekly chest can be
 * opened again), `quests` (new daily and weekly quests), `announcements` (operator messages, compensations).
 */
export const PUSH_TOPICS = ['day_report', 'upgrade', 'deposit_withdrawal', 'order_paid', 'low_balance', 'market', 'chest', 'quests', 'announcements'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

/** Languages of push texts (the app's). */
export const PUSH_LANGUAGES = ['en', 'es'] as const;

/** Longest subscription endpoint URL accepted (characters). */
export const PUSH_ENDPOINT_MAX = 1024;

/** `HH:MM`, 24-hour. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM (24-hour)');

const base64url = (max: number) => z.string().min(16).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url');

/** Settings of one device's subscription (all optional in an update). */
export const pushSettings = z.object({
  topics: z.array(z.enum(PUSH_TOPICS)).max(PUSH_TOPICS.length).describe('topics to be told of; empty = none'),
  quiet_start: clockTime.nullable().describe('start of the quiet hours in time_zone (HH:MM), null = none; deliveries wait until they end'),
  quiet_end: clockTime.nullable().describe('end of the quiet hours in time_zone (HH:MM); null with quiet_start'),
  time_zone: z.string().min(1).max(64).refine((tz) => {
    try { new Intl.DateTimeFormat('en', { timeZone: tz }); return true; } catch { return false; }
  }, 'an IANA time zone').describe('IANA time zone of the quiet hours, e.g. Europe/Madrid'),
  language: z.enum(PUSH_LANGUAGES).describe('language of the texts sent to this device'),
});

/** `POST push/subscriptions`: a device's PushSubscription (as `PushSubscription.toJSON()` gives it) and its settings. */
export const pushSubscribeRequest = pushSettings.extend({
  endpoint: z.string().min(1).max(8192).describe(`the push service URL of this device (https, a public host, at most ${PUSH_ENDPOINT_MAX} characters: else PUSH_ENDPOINT_NOT_ALLOWED)`),
  keys: z.object({
    p256dh: base64url(200).describe("the device's P-256 public key (RFC 8291), base64url"),
    auth: base64url(64).describe("the device's authentication secret (RFC 8291), base64url"),
  }),
});

/** `POST push/subscriptions/settings`: new settings of the device named by its endpoint. */
export const pushUpdateRequest = pushSettings.partial().extend({ endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX) });

/** `POST push/subscriptions/remove` and `GET push/subscriptions/current`: the device, by its endpoint. */
export const pushEndpointRequest = z.object({ endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX) });

/** One device's subscription as stored. */
export const pushSubscription = pushSettings.extend({ endpoint: z.string(), created_at: z.string().describe('ISO 8601') });
export type PushSubscription = z.infer<typeof pushSubscription>;

/** The device's subscription, or null when this account has none for the endpoint. */
export const pushSubscriptionResponse = z.object({ subscription: pushSubscription.nullable() });

/** `GET push/key`: the VAPID public key (RFC 8292), the `applicationServerKey` of `pushManager.subscribe`. */
export const pushKeyResponse = z.object({ public_key: z.string().describe('uncompressed P-256 point, base64url (65 bytes)') });

/** `POST push/subscriptions/remove`: whether a subscription was removed. */
export const pushRemoveResponse = z.object({ removed: z.boolean() });

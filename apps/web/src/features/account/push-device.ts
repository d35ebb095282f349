/**
 * This device's Web Push subscription (docs/product.md §10, "Push notifications"): the browser's
 * permission, `pushManager.subscribe` with the server's VAPID key, and the server's copy of it.
 */
import { PUSH_TOPICS, type PushTopic } from '@kingdom/api';
import { call } from '../../api/call.ts';
import { registerServiceWorker } from '../../components/pwa.ts';

/** True when this browser can receive push notifications (service worker, Push API, Notification API). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The settings the panel edits. */
export interface PushChoice {
  topics: PushTopic[];
  quiet_start: string | null;
  quiet_end: string | null;
}

/** Topics a new subscription starts with: all but the daily "new quests" (a push every day; the player may add it). */
export const DEFAULT_TOPICS: PushTopic[] = PUSH_TOPICS.filter((t) => t !== 'quests');

/** The device's time zone (IANA), UTC when the browser does not say. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The browser's push subscription of this device, or null. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/**
 * Asks the browser's permission, subscribes this device with the server's VAPID key and stores the
 * subscription on the server.
 * @throws Error('denied') when the player (or the browser) refuses the permission
 */
export async function turnPushOn(choice: PushChoice, language: 'en' | 'es'): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('denied');
  const reg = (await registerServiceWorker()) ?? (await navigator.serviceWorker.ready);
  const { public_key } = await call('pushKey');
  let sub = await reg.pushManager.getSubscription();
  if (!sub) sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) });
  const json = sub.toJSON();
  await call('pushSubscribe', {
    body: { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' }, ...choice, time_zone: deviceTimeZone(), language },
  });
  return sub;
}

/** Removes this device's subscription from the server and from the browser. */
export async function turnPushOff(): Promise<void> {
  const sub = await deviceSubscription();
  if (!sub) return;
  await call('pushUnsubscribe', { body: { endpoint: sub.endpoint } });
  await sub.unsubscribe();
}

/**
 * The signed-in parts of the frame (header account bar, the session's effects), loaded lazily so a
 * visitor's first page does not carry them, and started before the first render for a stored
 * session (start.ts) so they do not suspend.
 */
import { lazyLoaded, loadPageTexts } from './lazy-page.ts';

const load = () => Promise.all([import('./signed-in.tsx'), loadPageTexts()]).then(([m]) => m);

/** The header's account bar. */
export const AccountBarPart = lazyLoaded(async () => ({ default: (await load()).AccountBar }));

/** The session's effects (expiry, user fields, wallet reconnect). */
export const SessionEffectsPart = lazyLoaded(async () => ({ default: (await load()).SessionEffects }));

/** Starts loading both parts. @returns when they are here (never rejects) */
export function preloadSignedIn(): Promise<unknown> {
  return Promise.all([AccountBarPart.preload(), SessionEffectsPart.preload()]).catch(() => undefined);
}

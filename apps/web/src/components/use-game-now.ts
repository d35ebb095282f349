/**
 * The game's current time in ms. In demo mode the server's game clock runs ahead of the browser's
 * (the tick moves it by whole days), so times follow the server clock; otherwise the browser clock
 * is the game clock.
 */
import { useConfig } from '../api/session-calls.ts';
import { useDemoClock } from '../api/session-calls.ts';
import { useNow } from './use-now.ts';

/** A server instant (`iso`, read at `readAt` browser ms) moved on by the browser time since. */
export function serverNow(iso: string, readAt: number, browserNow: number): number {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? browserNow : at + Math.max(0, browserNow - readAt);
}

/**
 * The game's current time in ms, or null while it is not known yet: the config (is this a demo?)
 * or, in demo mode, the server's game clock is still loading. Pages that pick a default from the
 * game time (the chest week to verify) wait for it instead of guessing from the wall clock (docs/product.md §10).
 */
export function useKnownGameNow(): number | null {
  const browserNow = useNow();
  const config = useConfig();
  const demo = config.data?.demo === true;
  const clock = useDemoClock(demo);
  if (!config.data) return null;
  if (!demo) return browserNow;
  return clock.data ? serverNow(clock.data.now, clock.dataUpdatedAt, browserNow) : null;
}

/** The game's current time in ms (the browser's until the demo clock is known). */
export function useGameNow(): number {
  const browserNow = useNow();
  const demo = useConfig().data?.demo === true;
  const clock = useDemoClock(demo);
  return clock.data ? serverNow(clock.data.now, clock.dataUpdatedAt, browserNow) : browserNow;
}

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

export function useGameNow(): number {
  const browserNow = useNow();
  const demo = useConfig().data?.demo === true;
  const clock = useDemoClock(demo);
  return clock.data ? serverNow(clock.data.now, clock.dataUpdatedAt, browserNow) : browserNow;
}

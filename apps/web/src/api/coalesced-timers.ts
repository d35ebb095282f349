/**
 * The query cache's long timers (garbage collection after 5 min, data going stale after 15–60 s,
 * the 30 s polls) on one platform timer instead of one each. The cache sets and clears them at
 * every observer's mount and every answer — some sixty `setTimeout` / `clearTimeout` calls in the
 * start-up of `/dashboard/overview` — and a browser that records a trace (Lighthouse) captures a
 * stack for each, a good part of the start-up's blocking time on a phone (issue 41). Short delays
 * (under {@link COALESCE_FROM_MS}) stay the platform's. Installed by the app's entry (main.tsx).
 */
import type { ManagedTimerId, TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/** Delays from this long (ms) share the one platform timer. */
export const COALESCE_FROM_MS = 1000;

interface Entry {
  /** When it is due (`now()` clock, ms). */
  at: number;
  run: TimeoutCallback;
  /** An interval's period (ms); undefined for a timeout. */
  every?: number;
}

/**
 * A {@link TimeoutProvider} (TanStack Query's `timeoutManager.setTimeoutProvider`) that keeps the
 * long timers in a table and arms a single platform timer for the earliest one. Each fires no
 * earlier than its delay, like the platform's; ids of the table are negative, the platform's are not.
 * @param now the clock the deadlines are kept in (ms)
 */
export function coalescedTimers(now: () => number = () => Date.now()): TimeoutProvider {
  const entries = new Map<number, Entry>();
  let lastId = 0;
  // the armed platform timer and when it fires; a cleared entry leaves it armed (it finds nothing due and re-arms)
  let armed: { at: number; handle: ReturnType<typeof setTimeout> } | null = null;

  const arm = (): void => {
    let first = Infinity;
    for (const e of entries.values()) if (e.at < first) first = e.at;
    if (first === Infinity || (armed && armed.at <= first)) return;
    if (armed) clearTimeout(armed.handle);
    armed = { at: first, handle: setTimeout(fire, Math.max(0, first - now())) };
  };

  const fire = (): void => {
    armed = null;
    const t = now();
    const due = [...entries].filter(([, e]) => e.at <= t).sort((a, b) => a[1].at - b[1].at);
    for (const [id, e] of due) {
      if (entries.get(id) !== e) continue; // cleared by a callback that ran before it
      if (e.every === undefined) entries.delete(id);
      else e.at = Math.max(e.at + e.every, t);
      e.run();
    }
    arm();
  };

  const add = (run: TimeoutCallback, delay: number, every?: number): number => {
    lastId -= 1;
    entries.set(lastId, { at: now() + delay, run, every });
    arm();
    return lastId;
  };

  const clear = (id: unknown, platform: (id: never) => void): void => {
    if (typeof id === 'number' && id < 0) entries.delete(id);
    else if (id !== undefined) platform(id as never);
  };

  return {
    setTimeout: (callback, delay) => (delay >= COALESCE_FROM_MS ? add(callback, delay) : (setTimeout(callback, delay) as ManagedTimerId)),
    clearTimeout: (id) => clear(id, clearTimeout),
    setInterval: (callback, delay) => (delay >= COALESCE_FROM_MS ? add(callback, delay, delay) : (setInterval(callback, delay) as ManagedTimerId)),
    clearInterval: (id) => clear(id, clearInterval),
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver, timeoutManager, type TimeoutProvider } from '@tanstack/react-query';
import { coalescedTimers } from '../coalesced-timers.ts';

describe('coalescedTimers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs long timeouts on time, in deadline order, on one platform timer', () => {
    const timers = coalescedTimers();
    const ran: string[] = [];
    const spy = vi.spyOn(globalThis, 'setTimeout');
    timers.setTimeout(() => ran.push('b'), 20_000);
    timers.setTimeout(() => ran.push('a'), 15_000);
    const cleared = timers.setTimeout(() => ran.push('never'), 16_000);
    timers.setTimeout(() => ran.push('c'), 300_000);
    timers.clearTimeout(cleared);
    // armed for 20 s, then once more for the earlier 15 s: later deadlines arm nothing
    expect(spy).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(14_999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['a']);
    vi.advanceTimersByTime(5_000);
    expect(ran).toEqual(['a', 'b']);
    vi.advanceTimersByTime(280_000);
    expect(ran).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(1_000_000);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('repeats long intervals until cleared; short delays are the platform timers', () => {
    const timers = coalescedTimers();
    let polls = 0;
    let short = 0;
    const id = timers.setInterval(() => polls++, 30_000);
    timers.setTimeout(() => short++, 0);
    vi.advanceTimersByTime(0);
    expect(short).toBe(1);
    vi.advanceTimersByTime(90_000);
    expect(polls).toBe(3);
    timers.clearInterval(id);
    vi.advanceTimersByTime(90_000);
    expect(polls).toBe(3);
    const platform = timers.setTimeout(() => short++, 10);
    expect(Number(platform)).toBeGreaterThan(0);
    timers.clearTimeout(platform);
    vi.advanceTimersByTime(20);
    expect(short).toBe(1);
  });

  it('serves the query cache: data goes stale and unused data is collected when due', () => {
    // the platform's timers again afterwards (the default provider is not exported); the switch's development warning is expected
    const platform: TimeoutProvider = { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (id) => clearTimeout(id as never), setInterval: (cb, ms) => setInterval(cb, ms), clearInterval: (id) => clearInterval(id as never) };
    const switchTo = (p: TimeoutProvider) => {
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      timeoutManager.setTimeoutProvider(p);
      quiet.mockRestore();
    };
    switchTo(coalescedTimers());
    try {
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, gcTime: 60_000 } } });
      client.setQueryData(['k'], 1);
      const observer = new QueryObserver(client, { queryKey: ['k'], queryFn: () => 1 });
      const results: boolean[] = [];
      const off = observer.subscribe((r) => results.push(r.isStale));
      expect(observer.getCurrentResult().isStale).toBe(false);
      vi.advanceTimersByTime(15_001);
      expect(results.at(-1)).toBe(true);
      off();
      vi.advanceTimersByTime(59_000);
      expect(client.getQueryCache().find({ queryKey: ['k'] })).toBeDefined();
      vi.advanceTimersByTime(2_000);
      expect(client.getQueryCache().find({ queryKey: ['k'] })).toBeUndefined();
    } finally {
      switchTo(platform);
    }
  });
});

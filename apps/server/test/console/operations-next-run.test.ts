/**
 * The operations page's next runs (docs/operator-guide.md "The console"): the daily tick at the next
 * 00:00 UTC, every other job its interval after its last run (`nextRunAt`; through the endpoint in
 * console-actions.test.ts, with the intervals a scheduling process reports, `AppDeps.jobEveryMs`).
 */
import { describe, expect, it } from 'vitest';
import { nextRunAt } from '../../src/modules/console/operations.ts';

describe('operations: next_run_at', () => {
  const now = new Date('2026-11-01T12:34:56Z');

  it('puts the tick at the next 00:00 UTC, whatever its last run', () => {
    expect(nextRunAt('tick', new Date('2026-11-01T12:34:41Z'), 15_000, now)).toBe('2026-11-02T00:00:00.000Z');
    expect(nextRunAt('tick', null, undefined, new Date('2026-11-01T00:00:00Z'))).toBe('2026-11-02T00:00:00.000Z');
    expect(nextRunAt('tick', null, undefined, new Date('2026-12-31T23:59:59Z'))).toBe('2027-01-01T00:00:00.000Z');
  });

  it('puts a watcher and the price job their interval after their last run (in the past when late)', () => {
    expect(nextRunAt('chain', new Date('2026-11-01T12:34:50Z'), 20_000, now)).toBe('2026-11-01T12:35:10.000Z');
    expect(nextRunAt('prices', new Date('2026-11-01T12:30:00Z'), 300_000, now)).toBe('2026-11-01T12:35:00.000Z');
    expect(nextRunAt('solana:devnet', new Date('2026-11-01T12:00:00Z'), 10_000, now)).toBe('2026-11-01T12:00:10.000Z');
  });

  it('says nothing when the interval or the last run is unknown', () => {
    expect(nextRunAt('prices', null, 300_000, now)).toBeNull();
    expect(nextRunAt('prices', new Date('2026-11-01T12:30:00Z'), undefined, now)).toBeNull();
    expect(nextRunAt('prices', new Date('2026-11-01T12:30:00Z'), 0, now)).toBeNull();
  });
});

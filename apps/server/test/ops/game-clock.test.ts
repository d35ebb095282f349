/**
 * The shared demo clock (apps/server/src/clock.ts, docs/architecture.md §6): a process's own move of
 * the offset whose transaction rolls back must not leave that process ahead of the others for good
 * (it then answered a tick with the day it already showed, and the next one two days on).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@kingdom/game';
import { GameClock } from '../../src/clock.ts';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';

let k: TestKingdom;
beforeAll(async () => {
  k = await createTestKingdom({ demo: false });
});
afterAll(async () => k?.close());

describe('the shared game clock', () => {
  it('a committed move is kept; a rolled-back move is dropped once the grace has passed', async () => {
    const clock = new GameClock(k.db, { advanceGraceMs: 0 });
    await clock.load();
    const start = clock.offset();
    await k.db.orm.transaction(async (tx) => { await clock.advance(DAY_MS, tx); });
    await clock.load();
    expect(clock.offset()).toBe(start + DAY_MS);

    await expect(k.db.orm.transaction(async (tx) => {
      await clock.advance(DAY_MS, tx);
      throw new Error('the tick failed after moving the clock');
    })).rejects.toThrow('the tick failed');
    const other = new GameClock(k.db);
    await other.load();
    expect(other.offset()).toBe(start + DAY_MS);
    await clock.load();
    expect(clock.offset()).toBe(start + DAY_MS); // the same day as every other process
  });

});

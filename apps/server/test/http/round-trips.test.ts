/**
 * Round trips per request (issue 41): what a write costs in statements, so a change that adds one
 * shows here. Counted at the database handle: prepared statements (`db.query`) and drizzle
 * statements of the handle and its transactions (`execute`); BEGIN/COMMIT are not counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ENDPOINTS, PATHS, STAKING_PATHS } from '@kingdom/api';
import type { Database } from '../../src/db/client.ts';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer } from '../support/players.ts';

/** Wraps `db` (in place: the app holds the same object) so that every statement it sends is counted. */
function countStatements(db: Database): { count: () => number; reset: () => void; restore: () => void } {
  let n = 0;
  const query = db.query;
  const orm = db.orm;
  const counting = <T extends object>(o: T): T => new Proxy(o, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target) as unknown;
      if (prop === 'execute') return (...args: unknown[]) => { n++; return (v as (...a: unknown[]) => unknown).apply(target, args); };
      if (prop === 'transaction') return (fn: (tx: object) => unknown, ...rest: unknown[]) => (v as (...a: unknown[]) => unknown).call(target, (tx: object) => fn(counting(tx)), ...rest);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  db.query = <T>(stmt: Parameters<Database['query']>[0], params: unknown[]) => { n++; return query.call(db, stmt, params) as Promise<T[]>; };
  db.orm = counting(orm);
  return { count: () => n, reset: () => { n = 0; }, restore: () => { db.query = query; db.orm = orm; } };
}

describe('statements per write (issue 41)', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k.close(); });

  it('a session write checks its session, the suspension and the shared clock in one statement; a purchase, a vote change take few', async () => {
    const p = await newPlayer(k, { hexo: '100000', exo: '1000' });
    const auth = { authorization: `Bearer ${p.token}` };
    const project = (await k.get(`${STAKING_PATHS.stakingLeaderboard}?chain=cardano&page=1`)).json<{ items: Array<{ project: string }> }>().items[0]!.project;
    expect((await k.post(STAKING_PATHS.votesLock, { amount: 10 }, auth)).statusCode).toBe(200);
    const c = countStatements(k.db);
    try {
      // the session (with suspension and clock), then the one statement of the move and the read-back of the vote book
      c.reset();
      const add = await k.post(STAKING_PATHS.votesAdd, { project, votes: 2 }, auth);
      expect(add.statusCode, add.body).toBe(200);
      expect(c.count()).toBe(3);
      c.reset();
      expect((await k.post(STAKING_PATHS.votesRemove, { project, votes: 1 }, auth)).statusCode).toBe(200);
      expect(c.count()).toBe(3);
      // session; the key's claim; gate + balance locks, the purchase's key, the debit (entry, balance),
      // the credits, the answer with the notice; the claim's release
      c.reset();
      const bought = await k.post(PATHS.vendorPurchase, { item: 'chicken_tendies', quantity: 1 }, { ...auth, 'idempotency-key': randomUUID() });
      expect(bought.statusCode, bought.body).toBe(200);
      expect(c.count()).toBe(9);
      // the unread count: one statement (the clock read in it)
      c.reset();
      expect((await k.get(`${ENDPOINTS.notificationsCount.path}`, p.token)).statusCode).toBe(200);
      expect(c.count()).toBe(1);
    } finally {
      c.restore();
    }
  });
});

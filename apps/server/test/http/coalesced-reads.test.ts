/**
 * Coalesced reads (db/coalesce.ts, issue 41 item 3): concurrent hot reads go to the database as one
 * statement per turn of the event loop, and each request still gets its own session's answer — a
 * revoked or unknown token among them gets 401 alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from '@kingdom/api';
import { prepared, type Database } from '../../src/db/client.ts';
import { coalescible, queryCoalesced } from '../../src/db/coalesce.ts';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer, type Player } from '../support/players.ts';

/** Counts the statements `db` sends (in place: the app holds the same object). */
function countQueries(db: Database): { count: () => number; restore: () => void } {
  let n = 0;
  const query = db.query;
  db.query = <T>(stmt: Parameters<Database['query']>[0], params: unknown[]) => { n++; return query.call(db, stmt, params) as Promise<T[]>; };
  return { count: () => n, restore: () => { db.query = query; } };
}

describe('coalesced hot reads', () => {
  let k: TestKingdom;
  const players: Player[] = [];
  beforeAll(async () => {
    k = await createTestKingdom();
    for (let i = 0; i < 5; i++) players.push(await newPlayer(k, { hexo: String(1000 + i), exo: '1' }));
  });
  afterAll(async () => { await k.close(); });

  it('answers each request with the balance of its own session, in one statement for all of them', async () => {
    const path = ENDPOINTS.balance.path.replace(':token', 'hexo');
    const c = countQueries(k.db);
    try {
      const answers = await Promise.all([...players, ...players].map((p) => k.get(path, p.token)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(answers.map((a) => a.json<{ balance: string }>().balance)).toEqual([...players, ...players].map((_, i) => String((1000 + (i % 5)) * 1_000_000)));
      expect(c.count()).toBe(1);
    } finally {
      c.restore();
    }
    // the metrics count the runs and the statement they shared
    const metrics = (await k.app.inject({ method: 'GET', url: '/metrics' })).body;
    const value = (name: string) => Number(new RegExp(`^${name}\\{statement="user_balance"\\} (\\d+)$`, 'm').exec(metrics)?.[1]);
    expect(value('kingdom_coalesced_read_runs_total') - value('kingdom_coalesced_read_statements_total')).toBeGreaterThanOrEqual(9);
  });

  it('refuses an unknown token among coalesced requests with 401 and answers the others', async () => {
    const path = ENDPOINTS.balance.path.replace(':token', 'hexo');
    const stranger = 'A'.repeat(43);
    const answers = await Promise.all([players[0]!.token, stranger, players[1]!.token].map((t) => k.get(path, t)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 200]);
    expect(answers[1]!.json()).toEqual({ error: 'USER_NOT_AUTH', message: 'Your session has expired!' });
    expect(answers[2]!.json<{ balance: string }>().balance).toBe('1001000000');
  });

  it('gives each run its own row or none, keeps constants and typed placeholders, and fails every run of a failed statement', async () => {
    const stmt = coalescible(prepared('coalesce_test', sql`
      SELECT u.id::int AS id, ${'x'}::text AS tag, ${sql.placeholder('suffix')} AS suffix
      FROM users u WHERE u.id = ${sql.placeholder('id')}`), { types: { id: 'int' } });
    expect(stmt.batch.text).toContain('unnest($1::text[], $2::int[])');
    const ids = players.map((p) => p.userId);
    const runs = [ids[0], -1, ids[2], ids[0]].map((id, i) => queryCoalesced<{ id: number; tag: string; suffix: string }>(k.db, stmt, ['x', `s${i}`, id]));
    expect(await Promise.all(runs)).toEqual([
      [{ id: ids[0], tag: 'x', suffix: 's0' }],
      [],
      [{ id: ids[2], tag: 'x', suffix: 's2' }],
      [{ id: ids[0], tag: 'x', suffix: 's3' }],
    ]);
    const broken = coalescible(prepared('coalesce_test_broken', sql`SELECT 1 / (${sql.placeholder('n')}::int - 1) AS q FROM users u WHERE u.id = ${sql.placeholder('id')}`), { types: { id: 'int', n: 'int' } });
    const failed = await Promise.allSettled([1, 2].map(() => queryCoalesced(k.db, broken, [1, ids[0]])));
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
  });
});

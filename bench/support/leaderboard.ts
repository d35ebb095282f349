/**
 * The Staking Hub leaderboard's bench data, shared by `bench/run.ts` and `bench/quick-api.ts`.
 */
import pg from 'pg';

/** Adds generated collections (half a chain each) until there are `total`; returns the count. */
export async function seedLeaderboardProjects(databaseUrl: string, total: number): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(`INSERT INTO collections (slug, chain, collection_key, name, supply, holders, votes)
      SELECT 'bench-' || g, CASE WHEN g % 2 = 0 THEN 'cardano' ELSE 'solana' END, md5('bench' || g), 'Bench ' || g, 1000 + g, 100 + g % 900, (g * 7919) % 1500000
      FROM generate_series(1, GREATEST(0, $1::int - (SELECT count(*)::int FROM collections))) g`, [total]);
    await c.query('ANALYZE collections');
    const r = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM collections');
    return r.rows[0]!.n;
  } finally {
    await c.end();
  }
}

import { describe, expect, test } from 'vitest';
import { requirePostgres, type PostgresProbe } from './postgres-suites.ts';

/** A probe with the given environment and binaries folder; the notices it printed. */
function probe(env: NodeJS.ProcessEnv, pgBinDir?: string): PostgresProbe & { notices: string[] } {
  const notices: string[] = [];
  return { env, pgBinDir, warn: (m) => notices.push(m), notices };
}

describe('requirePostgres', () => {
  test('runs the suite when PostgreSQL is there', () => {
    expect(requirePostgres('s', 'server', probe({ CI: 'true', TEST_DATABASE_URL: 'postgres://k@127.0.0.1:5432/k' }))).toBe(true);
    expect(requirePostgres('s', 'server', probe({ CI: 'true' }, '/usr/lib/postgresql/15/bin'))).toBe(true);
    expect(requirePostgres('s', 'binaries', probe({ CI: 'true' }, '/usr/lib/postgresql/15/bin'))).toBe(true);
  });

  test('fails in CI when it is missing, saying how to provide it', () => {
    expect(() => requirePostgres('the cluster suite', 'server', probe({ CI: 'true' }))).toThrow(
      /^the cluster suite needs PostgreSQL, and none was found\. Set TEST_DATABASE_URL=postgres:\/\/.*apt-get install postgresql.*CI is set/,
    );
    // a URL alone does not do for a suite that starts its own clusters
    expect(() => requirePostgres('crashes', 'binaries', probe({ CI: '1', TEST_DATABASE_URL: 'postgres://k@h:1/k' }))).toThrow(
      /^crashes needs PostgreSQL, and none was found\. Install PostgreSQL's server binaries .*PG_BIN_DIR/,
    );
  });

  test('skips with a printed notice outside CI', () => {
    for (const env of [{}, { CI: '' }, { CI: 'false' }, { CI: '0' }]) {
      const p = probe(env);
      expect(requirePostgres('local', 'server', p)).toBe(false);
      expect(p.notices).toEqual([expect.stringMatching(/^\[skipped\] local needs PostgreSQL, and none was found\. Set TEST_DATABASE_URL=/)]);
    }
  });
});

/**
 * A throwaway database on a Postgres server for one bench, so the benches' data do not mix:
 * created before `work`, dropped after it (waiting for the pool's connections to close, then by force).
 */
import pg from 'pg';

/**
 * Runs `work` with the URL of a new database `<prefix>_<pid>` on the server of `pgUrl`, then drops it.
 * @returns what `work` returns
 */
export async function withFreshDatabase<T>(pgUrl: string, prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await dropWhenClosed(admin, name);
    await admin.end();
  }
}

async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
}

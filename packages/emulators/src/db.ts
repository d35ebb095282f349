/**
 * The database the emulated chains live in (their tables are the server's migrations: `emu_*`,
 * `sol_chain_*`): any drizzle Postgres database or transaction (PGlite or `pg`), whatever its schema.
 * The emulators run raw SQL only, through {@link exec}.
 */
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** A drizzle Postgres database or transaction (the server's `Orm` is one). */
// oxlint-disable-next-line typescript/no-explicit-any -- any schema: the emulators read none of it
export type Orm = PgDatabase<PgQueryResultHKT, any>;

/** Runs raw SQL on the ORM or a transaction and returns its rows (whatever the driver's result shape). */
export async function exec<T = Record<string, unknown>>(orm: Orm, query: SQL): Promise<T[]> {
  const result: unknown = await orm.execute(query);
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

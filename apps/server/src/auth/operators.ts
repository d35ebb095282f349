/**
 * Who may use the operator console (docs/http-contract.md §4): an operator is a wallet address
 * (chain + address, as it signs in) with a role in `operators` (migration 0033). The auth hook
 * (`http/routes.ts`) asks {@link operatorRoleOf} for the session's signed-in wallet on every
 * `operator` endpoint. (A player's suspension, docs/game-rules.md §15, is read by the session's own
 * statement: `resolveSession` in `session.ts`.)
 */
import { sql } from 'drizzle-orm';
import { OPERATOR_ROLES, type OperatorRole } from '@kingdom/api';
import { exec, type Orm } from '../db/client.ts';

/** The role of the operator `chain`/`address`, or null when that wallet is no operator. */
export async function operatorRoleOf(orm: Orm, chain: string, address: string): Promise<OperatorRole | null> {
  const [row] = await exec<{ role: string }>(orm, sql`SELECT role FROM operators WHERE chain = ${chain} AND address = ${address}`);
  return row && (OPERATOR_ROLES as readonly string[]).includes(row.role) ? (row.role as OperatorRole) : null;
}

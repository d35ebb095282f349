/**
 * SQL of sign-in: sessions (docs/game-rules.md §10.1). Every function takes a transaction or the db. The
 * challenges' SQL is in `auth/challenge-store.ts` (below the modules: linking a wallet consumes one too).
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { exec, type Database, type Orm } from '../../db/client.ts';
import { sessionRows, sessionStatement } from '../../auth/session.ts';

/**
 * Opens a session (token stored as its SHA-256) for `ttlHours` of the wall clock — the database's
 * `now()`, never the game clock (docs/game-rules.md §10.1) — and records the sign-in at `now` (game time).
 * @returns when the session expires (wall clock)
 */
export async function insertSession(tx: Orm, s: { tokenHash: string; userId: number; walletId: number; ttlHours: number }, now: Date): Promise<Date> {
  // the wallet of sign-in is the session's first active wallet (it just proved control of it)
  // one statement: the session and the user's last sign-in
  const [row] = await exec<{ ms: number }>(tx, sql`WITH u AS (UPDATE users SET last_login_at = ${now} WHERE id = ${s.userId})
    INSERT INTO sessions (token_hash, user_id, wallet_id, active_wallet_id, created_at, expires_at)
    VALUES (${s.tokenHash}, ${s.userId}, ${s.walletId}, ${s.walletId}, now(), now() + ${Math.round(s.ttlHours * 3_600_000)}::bigint * interval '1 millisecond')
    RETURNING floor(extract(epoch FROM expires_at) * 1000)::float8 AS ms`);
  return new Date(row!.ms);
}

const revokeStmt = sessionStatement('session_revoke', ({ session }) => sql`
  UPDATE sessions s SET revoked_at = now() WHERE ${session} RETURNING s.user_id`);

/**
 * Revokes the request's live session (sign-out), in the one statement that checks it.
 * @throws ApiError USER_NOT_AUTH when the token is missing, unknown, revoked or expired
 */
export async function revokeRequestSession(db: Database, request: FastifyRequest): Promise<void> {
  await sessionRows(db, revokeStmt, request);
}

/**
 * Sets the active wallet of the live session `tokenHash` (docs/product.md §4): a wallet of the
 * session's account, or null (a wallet disconnect). Inside the caller's transaction.
 * @returns false when the session is gone (revoked meanwhile)
 */
export async function setSessionActiveWallet(tx: Orm, tokenHash: string, walletId: number | null): Promise<boolean> {
  const rows = await exec(tx, sql`UPDATE sessions SET active_wallet_id = ${walletId} WHERE token_hash = ${tokenHash} AND revoked_at IS NULL RETURNING token_hash`);
  return rows.length > 0;
}

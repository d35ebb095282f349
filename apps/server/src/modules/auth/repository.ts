/**
 * SQL of sign-in: sessions (docs/game-rules.md §10.1). Every function takes a transaction or the db. The
 * challenges' SQL is in `auth/challenge-store.ts` (below the modules: linking a wallet consumes one too).
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { exec, type Database, type Orm } from '../../db/client.ts';
import { sessionRows, sessionStatement } from '../../auth/session.ts';

/** Opens a session (token stored as its SHA-256) and records the sign-in time. */
export async function insertSession(tx: Orm, s: { tokenHash: string; userId: number; walletId: number; expiresAt: Date }, now: Date): Promise<void> {
  await exec(tx, sql`INSERT INTO sessions (token_hash, user_id, wallet_id, created_at, expires_at)
    VALUES (${s.tokenHash}, ${s.userId}, ${s.walletId}, ${now}, ${s.expiresAt})`);
  await exec(tx, sql`UPDATE users SET last_login_at = ${now} WHERE id = ${s.userId}`);
}

const revokeStmt = sessionStatement('session_revoke', ({ session, now }) => sql`
  UPDATE sessions s SET revoked_at = ${now} WHERE ${session} RETURNING s.user_id`);

/**
 * Revokes the request's live session (sign-out), in the one statement that checks it.
 * @throws ApiError USER_NOT_AUTH when the token is missing, unknown, revoked or expired
 */
export async function revokeRequestSession(db: Database, request: FastifyRequest): Promise<void> {
  await sessionRows(db, revokeStmt, request);
}

/**
 * Bearer-token sessions. A token is 32 random bytes (base64url); the database keeps only its
 * SHA-256 with an expiry; logout revokes it.
 *
 * Authenticated reads check the session inside their own SQL (one round trip per request): their
 * statements start `FROM sessions s` and use {@link SESSION_WHERE} with `$1` = token hash and
 * `$2` = now. Zero rows means the token is unknown, revoked or expired → 401 USER_NOT_AUTH.
 */
import type { FastifyRequest } from 'fastify';
import { fail } from '../errors.ts';
import { hashToken } from './tokens.ts';
import { statement, type Database, type Statement } from '../db/client.ts';
import { CLOCK_OFFSET_SQL } from '../clock.ts';

/** SQL condition on `sessions s` with `$1` = token hash, `$2` = now (timestamptz). */
export const SESSION_WHERE = 's.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2';

/**
 * Select-list column `clock_ms` (the shared game clock's offset in the database, text, NULL when it
 * never moved) that a hot read of a route declared `clock: 'in-query'` carries beside its rows.
 */
export const SESSION_CLOCK = `${CLOCK_OFFSET_SQL} AS clock_ms`;

/**
 * SHA-256 of the request's bearer token.
 * @throws ApiError USER_NOT_AUTH (401) when there is no `Authorization: Bearer …` header
 */
export function bearerHash(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const m = header ? /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header) : null;
  if (!m) fail('USER_NOT_AUTH');
  return hashToken(m[1]!);
}

const sessionUser = statement('session_user', `
  SELECT s.user_id::int AS user_id, s.wallet_id::int AS wallet_id, w.chain, w.address
  FROM sessions s JOIN wallets w ON w.id = s.wallet_id
  WHERE ${SESSION_WHERE}`);

/** The signed-in user of a request, for routes that go on to write. */
export interface SessionUser {
  userId: number;
  walletId: number;
  chain: 'cardano' | 'solana';
  address: string;
  tokenHash: string;
}

/**
 * Resolves the request's session.
 * @throws ApiError USER_NOT_AUTH (401) when the token is missing, unknown, revoked or expired
 */
export async function requireSession(db: Database, request: FastifyRequest, now: Date): Promise<SessionUser> {
  const tokenHash = bearerHash(request);
  const rows = await db.query<{ user_id: number; wallet_id: number; chain: 'cardano' | 'solana'; address: string }>(sessionUser, [tokenHash, now]);
  const row = rows[0];
  if (!row) fail('USER_NOT_AUTH');
  return { userId: row.user_id, walletId: row.wallet_id, chain: row.chain, address: row.address, tokenHash };
}

/**
 * Runs a hot read that checks the session inside its one statement (an endpoint declared
 * `session-in-query`): the statement starts `FROM sessions s` with {@link SESSION_WHERE}, `$1` = the
 * token hash and `$2` = now; `params` follow as `$3`….
 * @throws ApiError USER_NOT_AUTH (401) when no row comes back (unknown, revoked or expired session)
 */
export async function sessionRows<T>(db: Database, stmt: Statement, request: FastifyRequest, params: unknown[] = []): Promise<T[]> {
  const hash = request.tokenHash ?? bearerHash(request);
  let rows = await db.query<T & { clock_ms?: string | null }>(stmt, [hash, request.now, ...params]);
  const seen = request.clockSeen;
  // A route declared `clock: 'in-query'` read `now` without refreshing the shared clock: when the
  // statement saw another offset (a demo advance by another process), refresh and answer at the new
  // time. No row needs no second look: the clock only moves forward, so a session refused at the
  // older time is refused at the newer one too.
  if (seen !== null && rows.length > 0) {
    const fresh = rows[0]!.clock_ms;
    if (fresh === undefined) throw new Error(`statement ${stmt.name} must select SESSION_CLOCK (its route reads the clock in the query)`);
    if (Number(fresh ?? 0) !== seen) {
      request.clockSeen = null;
      request.now = await request.clockRefresh();
      rows = await db.query<T & { clock_ms?: string | null }>(stmt, [hash, request.now, ...params]);
    }
  }
  if (rows.length === 0) fail('USER_NOT_AUTH');
  return rows;
}

/** The session of a request to a public endpoint that may carry a bearer token: null for a visitor or a stale token. */
export async function optionalSession(db: Database, request: FastifyRequest, now: Date): Promise<SessionUser | null> {
  if (!request.headers.authorization) return null;
  return requireSession(db, request, now).catch(() => null);
}

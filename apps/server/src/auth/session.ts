/**
 * Bearer-token sessions. A token is 32 random bytes (base64url); the database keeps only its
 * SHA-256 with an expiry; logout revokes it.
 *
 * Hot reads of `session-in-query` endpoints check the session inside their own SQL (one round trip
 * per request). Their statements are built only by {@link sessionStatement}, which puts the one
 * session condition into the statement (and refuses a statement that leaves it out); they run only
 * through {@link sessionRows}, which answers 401 USER_NOT_AUTH when no row comes back (the token is
 * unknown, revoked or expired) and marks the request's session as checked. The route registration
 * (`http/routes.ts`) refuses to answer a `session-in-query` request whose session was not checked.
 *
 * A session runs on the wall clock, never the game clock (docs/game-rules.md §10.1): it opens and
 * expires on the database's clock (`now()`), so a demo tick moving the game time days ahead neither
 * ends a session nor needs to extend one (issue 36 item 20), on every server alike.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { fail } from '../errors.ts';
import { hashToken } from './tokens.ts';
import { prepared, runPrepared, type Database, type PreparedStatement } from '../db/client.ts';
import { CLOCK_OFFSET_SQL } from '../clock.ts';
import { coalescible, type CoalesceOptions } from '../db/coalesce.ts';

/** Placeholder names a session statement binds: the token's SHA-256 and the request's game time (the `now` fragment). */
const TOKEN_HASH = 'session_token_hash';
const NOW = 'session_now';

/** The one session condition, on `sessions s`: the token's session, not revoked, not expired on the wall clock (the database's `now()`). */
const SESSION_CONDITION = sql`s.token_hash = ${sql.placeholder(TOKEN_HASH)} AND s.revoked_at IS NULL AND s.expires_at > now()`;
/** {@link SESSION_CONDITION} as it reads in a compiled statement (its placeholder numbered there). */
const SESSION_CONDITION_TEXT = /\bs\.token_hash = \$\d+ AND s\.revoked_at IS NULL AND s\.expires_at > now\(\)/;

/**
 * Select-list column `clock_ms` (the shared game clock's offset in the database, text, NULL when it
 * never moved) that a hot read of a route declared `clock: 'in-query'` carries beside its rows.
 */
const SESSION_CLOCK = sql.raw(`${CLOCK_OFFSET_SQL} AS clock_ms`);

declare const sessionScoped: unique symbol;

/** A statement scoped by the request's session: only {@link sessionStatement} makes one. */
export interface SessionStatement extends PreparedStatement {
  readonly [sessionScoped]: true;
}

/** The fragments {@link sessionStatement} hands its builder. */
export interface SessionFragments {
  /** The session condition on `sessions s` (token, not revoked, not expired on the wall clock): put it in the WHERE. */
  session: SQL;
  /** The `clock_ms` select-list column a route declared `clock: 'in-query'` must select. */
  clock: SQL;
  /** The request's game time (timestamptz), for statements that write a game fact with it (a session's own times use `now()`). */
  now: SQL;
}

/**
 * Builds the statement of a `session-in-query` read (or write) as a drizzle `sql` template: `build`
 * gets the session condition and puts it in its WHERE on `sessions s`; values that vary per request
 * are `sql.placeholder`s filled by {@link sessionRows}. Call it once at module level.
 * `options.coalesce` (a read answering one row per run, e.g. a hot read's session row): runs of
 * concurrent requests go to the database as one statement (`db/coalesce.ts`); its `types` name the
 * Postgres type of placeholders that are not text.
 * @throws Error when the built statement does not contain the session condition (it would answer
 *   without checking the session: refused at module load)
 */
export function sessionStatement(name: string, build: (f: SessionFragments) => SQL, options: { coalesce?: CoalesceOptions } = {}): SessionStatement {
  const stmt = prepared(name, build({ session: SESSION_CONDITION, clock: SESSION_CLOCK, now: sql`${sql.placeholder(NOW)}` }));
  if (!SESSION_CONDITION_TEXT.test(stmt.text)) {
    throw new Error(`sessionStatement ${name}: the statement must put the session condition in its WHERE`);
  }
  return (options.coalesce ? coalescible(stmt, { types: { [NOW]: 'timestamptz', ...options.coalesce.types } }) : stmt) as SessionStatement;
}

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

// The session, with what the auth hook checks beside it in the same round trip: the account's
// suspension (docs/game-rules.md §15) and the shared game clock's offset (`clock_ms`).
const sessionUser = sessionStatement('session_user', ({ session, clock }) => sql`
  SELECT s.user_id::int AS user_id, s.wallet_id::int AS wallet_id, s.active_wallet_id::int AS active_wallet_id, w.chain, w.address,
    u.suspended_at IS NOT NULL AS suspended, ${clock}
  FROM sessions s JOIN wallets w ON w.id = s.wallet_id JOIN users u ON u.id = s.user_id
  WHERE ${session}`, { coalesce: {} });

/** The signed-in user of a request, for routes that go on to write. */
export interface SessionUser {
  userId: number;
  /** The wallet this session signed in with. */
  walletId: number;
  /**
   * The session's active wallet: the one whose control was last proved in it (at sign-in, or a
   * signed challenge on connect, `POST /auth/wallet`); null after a wallet disconnect.
   */
  activeWalletId: number | null;
  chain: 'cardano' | 'solana';
  address: string;
  tokenHash: string;
}

/**
 * Resolves the request's session (expiry on the wall clock; `now`, the request's game time, fills
 * the statements' `now` fragment only).
 * @throws ApiError USER_NOT_AUTH (401) when the token is missing, unknown, revoked or expired
 */
export async function requireSession(db: Database, request: FastifyRequest, now: Date): Promise<SessionUser> {
  return (await resolveSession(db, request, now)).session;
}

/** A resolved session with what its one statement read beside it (see {@link resolveSession}). */
export interface ResolvedSession {
  session: SessionUser;
  /** The account is suspended (docs/game-rules.md §15): its writes are refused. */
  suspended: boolean;
  /** The shared game clock's offset (ms) in the database as the statement saw it (0 when it never moved). */
  clockMs: number;
}

/**
 * Resolves the request's session in one statement that also reads the account's suspension and the
 * shared clock's offset (the auth hook's whole check of a `session` endpoint in one round trip).
 * @throws ApiError USER_NOT_AUTH (401) when the token is missing, unknown, revoked or expired
 */
export async function resolveSession(db: Database, request: FastifyRequest, now: Date): Promise<ResolvedSession> {
  const tokenHash = bearerHash(request);
  const rows = await runSession<{ user_id: number; wallet_id: number; active_wallet_id: number | null; chain: 'cardano' | 'solana'; address: string; suspended: boolean; clock_ms: string | null }>(db, sessionUser, tokenHash, now);
  const row = rows[0];
  if (!row) fail('USER_NOT_AUTH');
  return {
    session: { userId: row.user_id, walletId: row.wallet_id, activeWalletId: row.active_wallet_id, chain: row.chain, address: row.address, tokenHash },
    suspended: row.suspended === true,
    clockMs: Number(row.clock_ms ?? 0),
  };
}

/**
 * Runs a session statement for the session of `tokenHash` (live on the wall clock), `now` (game
 * time) filling its `now` fragment and `values` its other placeholders. Zero rows: no such live session (or nothing of it to read).
 */
export function runSession<T>(db: Database, stmt: SessionStatement, tokenHash: string, now: Date, values: Record<string, unknown> = {}): Promise<T[]> {
  // as ISO text: the drivers' own Date formatting costs more on every hot read
  return runPrepared<T>(db, stmt, { ...values, [TOKEN_HASH]: tokenHash, [NOW]: now.toISOString() });
}

/**
 * Runs a hot read (or write) that checks the request's session inside its one statement (an
 * endpoint declared `session-in-query`, or a public one's signed-in variant): `values` fill the
 * statement's own placeholders; the session's are the request's token hash and time. On success
 * the request's session counts as checked (see `route` in `http/routes.ts`).
 * @throws ApiError USER_NOT_AUTH (401) when no row comes back (missing, unknown, revoked or expired session)
 */
export async function sessionRows<T>(db: Database, stmt: SessionStatement, request: FastifyRequest, values: Record<string, unknown> = {}): Promise<T[]> {
  const hash = request.tokenHash ?? bearerHash(request);
  let rows = await runSession<T & { clock_ms?: string | null }>(db, stmt, hash, request.now, values);
  const seen = request.clockSeen;
  // A route declared `clock: 'in-query'` read `now` without refreshing the shared clock: when the
  // statement saw another offset (a demo advance by another process), refresh and answer at the new
  // time. No row needs no second look: the session's expiry is on the wall clock, which the game
  // clock's offset does not move.
  if (seen !== null && rows.length > 0) {
    const fresh = rows[0]!.clock_ms;
    if (fresh === undefined) throw new Error(`statement ${stmt.name} must select the clock fragment (its route reads the clock in the query)`);
    if (Number(fresh ?? 0) !== seen) {
      request.clockSeen = null;
      request.now = await request.clockRefresh();
      rows = await runSession<T & { clock_ms?: string | null }>(db, stmt, hash, request.now, values);
    }
  }
  if (rows.length === 0) fail('USER_NOT_AUTH');
  request.sessionChecked = true;
  return rows;
}

/** The session of a request to a public endpoint that may carry a bearer token: null for a visitor or a stale token. */
export async function optionalSession(db: Database, request: FastifyRequest, now: Date): Promise<SessionUser | null> {
  if (!request.headers.authorization) return null;
  return requireSession(db, request, now).catch(() => null);
}

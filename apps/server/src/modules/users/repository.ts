/**
 * The signed-in user's reads (docs/product.md §7 `dashboard/user`, `user/total_lands`), each one prepared
 * statement that checks the session too (`session-in-query`). Land ownership comes from `holdings`.
 * The dashboard answer is kept by every process ({@link SharedCache}, topics `users` and `lands`,
 * migrations 0010 and 0019) under the versions its statement reads: a hit costs the session check only.
 */
import type { FastifyRequest } from 'fastify';
import type { User } from '@kingdom/api';
import { sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { runPrepared, prepared, type Database } from '../../db/client.ts';
import { runSession, sessionRows, sessionStatement } from '../../auth/session.ts';
import { readsVersionSql, type SharedCache } from '../../http/shared-cache.ts';
import { HELD_LANDS } from '../../world-import/collections.ts';

// `w` is the session's wallet of sign-in, `aw` its active wallet (none after a wallet disconnect):
// the wallet fields are the active wallet's; `is_cardano` falls back to the wallet of sign-in's chain.
const USER_COLUMNS = sql`u.id::int AS user_id, u.name AS user_name, u.avatar AS user_avatar, u.type,
    coalesce(aw.chain, w.chain) AS chain, coalesce(aw.address, '') AS address, aw.handle,
    EXISTS (SELECT 1 FROM ${HELD_LANDS} WHERE h.user_id = u.id) AS land_owner`;

const userStmt = sessionStatement('dashboard_user', ({ session, clock }) => sql`
  SELECT ${USER_COLUMNS}, ${clock}
  FROM sessions s JOIN users u ON u.id = s.user_id JOIN wallets w ON w.id = s.wallet_id LEFT JOIN wallets aw ON aw.id = s.active_wallet_id
  WHERE ${session}`);

// The session (and the clock check) with the versions of what the dashboard shows; on a miss of the
// shared cache, the user by id.
const dashboardSessionStmt = sessionStatement('dashboard_session', ({ session, clock }) => sql`
  SELECT s.user_id::int AS user_id, s.wallet_id::int AS wallet_id, s.active_wallet_id::int AS active_wallet_id,
    ${readsVersionSql('reads_users_version')} || '.' || ${readsVersionSql('reads_lands_version')} AS version, ${clock}
  FROM sessions s WHERE ${session}`, { coalesce: {} });
const userByIdStmt = prepared('dashboard_user_by_id', sql`
  SELECT ${USER_COLUMNS}
  FROM users u JOIN wallets w ON w.id = ${sql.placeholder('wallet_id')} LEFT JOIN wallets aw ON aw.id = ${sql.placeholder('active_wallet_id')}::int
  WHERE u.id = ${sql.placeholder('user_id')}`);

const totalLandsStmt = sessionStatement('user_total_lands', ({ session }) => sql`
  SELECT (SELECT count(*) FROM ${HELD_LANDS} WHERE h.user_id = s.user_id)::int AS total_lands
  FROM sessions s WHERE ${session}`);

interface UserRow { user_id: number; user_name: string; user_avatar: string | null; type: string; chain: string; address: string; handle: string | null; land_owner: boolean }

function toUser(r: UserRow): User {
  return {
    user_name: r.user_name, user_id: r.user_id, user_avatar: r.user_avatar, type: r.type,
    land_owner: r.land_owner, is_cardano: r.chain === 'cardano', connect_wallet: r.address, wallet_handle: r.handle,
  };
}

/**
 * The user of a session in one round trip, or null when the session is unknown, revoked or expired.
 * `land_owner`: a linked wallet holds at least one Land NFT; `connect_wallet`: the session's active
 * wallet ('' after a wallet disconnect, docs/product.md §4); `wallet_handle`: its ADA Handle as its last
 * sync saw it (null without one); `is_cardano`: the active wallet's chain, else the wallet of sign-in's.
 */
export async function loadUser(db: Database, tokenHash: string, now: Date): Promise<User | null> {
  const [r] = await runSession<UserRow>(db, userStmt, tokenHash, now);
  return r ? toUser(r) : null;
}

/**
 * The request's user, rendered by `render` (the answer's bytes), from the shared cache `answers`
 * when the user, their wallets and holdings did not change since it was kept.
 * @throws ApiError USER_NOT_AUTH (401) when the session is missing, unknown, revoked or expired, or
 *   its user or wallet is gone
 */
export async function requestUser<T>(db: Database, answers: SharedCache<T>, request: FastifyRequest, render: (user: User) => T): Promise<T> {
  const [s] = await sessionRows<{ user_id: number; wallet_id: number; active_wallet_id: number | null; version: string }>(db, dashboardSessionStmt, request);
  const { user_id, wallet_id, active_wallet_id } = s!;
  // the active wallet is part of the key: a connect or disconnect answers anew
  return answers.get(`${s!.version}|${user_id}|${wallet_id}|${active_wallet_id ?? '-'}`, async () => {
    const [r] = await runPrepared<UserRow>(db, userByIdStmt, { user_id, wallet_id, active_wallet_id });
    if (!r) fail('USER_NOT_AUTH');
    return render(toUser(r));
  });
}

/** How many lands the request's user holds. @throws ApiError USER_NOT_AUTH */
export async function totalLands(db: Database, request: FastifyRequest): Promise<number> {
  const [r] = await sessionRows<{ total_lands: number }>(db, totalLandsStmt, request);
  return r!.total_lands;
}

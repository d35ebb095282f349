/**
 * The signed-in user's reads (spec §7 `dashboard/user`, `user/total_lands`), each one prepared
 * statement that checks the session too (`session-in-query`). Land ownership comes from `holdings`.
 */
import { LAND_POLICY_ID } from '@kingdom/game';
import type { FastifyRequest } from 'fastify';
import type { User } from '@kingdom/api';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { runSession, sessionRows, sessionStatement } from '../../auth/session.ts';

const LAND = sql.raw(`'${LAND_POLICY_ID}'`);

const userStmt = sessionStatement('dashboard_user', ({ session, clock }) => sql`
  SELECT u.id::int AS user_id, u.name AS user_name, u.avatar AS user_avatar, u.type, w.chain, w.address,
    EXISTS (SELECT 1 FROM holdings h WHERE h.user_id = u.id AND h.collection_key = ${LAND}) AS land_owner, ${clock}
  FROM sessions s JOIN users u ON u.id = s.user_id JOIN wallets w ON w.id = s.wallet_id
  WHERE ${session}`);

const totalLandsStmt = sessionStatement('user_total_lands', ({ session }) => sql`
  SELECT (SELECT count(*) FROM holdings h WHERE h.user_id = s.user_id AND h.collection_key = ${LAND})::int AS total_lands
  FROM sessions s WHERE ${session}`);

interface UserRow { user_id: number; user_name: string; user_avatar: string | null; type: string; chain: string; address: string; land_owner: boolean }

function toUser(r: UserRow): User {
  return {
    user_name: r.user_name, user_id: r.user_id, user_avatar: r.user_avatar, type: r.type,
    land_owner: r.land_owner, is_cardano: r.chain === 'cardano', connect_wallet: r.address,
  };
}

/**
 * The user of a session in one round trip, or null when the session is unknown, revoked or expired.
 * `land_owner`: a linked wallet holds at least one Land NFT; `is_cardano`/`connect_wallet`: the
 * wallet this session signed in with.
 */
export async function loadUser(db: Database, tokenHash: string, now: Date): Promise<User | null> {
  const [r] = await runSession<UserRow>(db, userStmt, tokenHash, now);
  return r ? toUser(r) : null;
}

/** The request's user. @throws ApiError USER_NOT_AUTH */
export async function requestUser(db: Database, request: FastifyRequest): Promise<User> {
  const [r] = await sessionRows<UserRow>(db, userStmt, request);
  return toUser(r!);
}

/** How many lands the request's user holds. @throws ApiError USER_NOT_AUTH */
export async function totalLands(db: Database, request: FastifyRequest): Promise<number> {
  const [r] = await sessionRows<{ total_lands: number }>(db, totalLandsStmt, request);
  return r!.total_lands;
}

/** The signed-in user as the spec's `dashboard/user` answer shapes it (spec §3 User). */
import type { User } from '@kingdom/api';
import { statement, type Database } from '../../db/client.ts';
import { SESSION_WHERE } from '../../auth/session.ts';

const userStmt = statement('dashboard_user', `
  SELECT u.id::int AS user_id, u.name AS user_name, u.avatar AS user_avatar, u.type, w.chain, w.address,
    EXISTS (
      SELECT 1 FROM wallets w2
      JOIN nft_holdings h ON h.chain = w2.chain AND h.address = w2.address
      JOIN lands l ON l.policy_id = h.policy_id AND l.asset_name = h.asset_name
      WHERE w2.user_id = u.id
    ) AS land_owner
  FROM sessions s JOIN users u ON u.id = s.user_id JOIN wallets w ON w.id = s.wallet_id
  WHERE ${SESSION_WHERE}`);

/**
 * The user of a session in one round trip, or null when the session is unknown, revoked or expired.
 * `land_owner`: a linked wallet holds at least one Land NFT; `is_cardano`/`connect_wallet`: the
 * wallet this session signed in with.
 */
export async function loadUser(db: Database, tokenHash: string, now: Date): Promise<User | null> {
  const rows = await db.query<{ user_id: number; user_name: string; user_avatar: string | null; type: string; chain: string; address: string; land_owner: boolean }>(userStmt, [tokenHash, now]);
  const r = rows[0];
  if (!r) return null;
  return {
    user_name: r.user_name, user_id: r.user_id, user_avatar: r.user_avatar, type: r.type,
    land_owner: r.land_owner, is_cardano: r.chain === 'cardano', connect_wallet: r.address,
  };
}

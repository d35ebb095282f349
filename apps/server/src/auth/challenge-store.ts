/**
 * Stored sign-in challenges (docs/game-rules.md §10.1): issued, checked and consumed once, in the
 * `auth_challenges` table. Sign-in (`modules/auth`) and wallet linking (`modules/wallets`) both answer
 * challenges, so their SQL sits here, below the modules (docs/architecture.md §2).
 *
 * A challenge runs on the wall clock, never the game clock (docs/game-rules.md §10.1): it is issued
 * at the real time and checked against the database's clock (`now()`), so a demo tick moving the
 * game time 24 h between issue and answer changes nothing (issue 36 item 20), on every server alike.
 */
import { sql } from 'drizzle-orm';
import type { Chain } from '@kingdom/api';
import { exec, type Orm } from '../db/client.ts';

/**
 * Stores a challenge issued at `c.issuedAt` (wall clock, see the module comment) and drops a few
 * long-expired ones (keeps the table small without a job), in one statement (the new challenge is
 * never one of them).
 */
export async function insertChallenge(orm: Orm, c: { nonce: string; chain: Chain; address: string; message: string; issuedAt: Date; expiresAt: Date }): Promise<void> {
  await exec(orm, sql`WITH old AS (DELETE FROM auth_challenges WHERE nonce IN (
      SELECT nonce FROM auth_challenges WHERE expires_at < now() - interval '1 hour' LIMIT 20))
    INSERT INTO auth_challenges (nonce, chain, address, message, expires_at, created_at)
    VALUES (${c.nonce}, ${c.chain}, ${c.address}, ${c.message}, ${c.expiresAt}, ${c.issuedAt})`);
}

/** True when this exact challenge was issued for (chain, address) and is unused and unexpired on the wall clock (it is not consumed). */
export async function challengeIsOpen(orm: Orm, nonce: string, chain: Chain, address: string, message: string): Promise<boolean> {
  const rows = await exec(orm, sql`SELECT 1 FROM auth_challenges
    WHERE nonce = ${nonce} AND chain = ${chain} AND address = ${address} AND message = ${message} AND used_at IS NULL AND expires_at > now()`);
  return rows.length > 0;
}

/**
 * Consumes a challenge once: only one request can flip `used_at`, and only for this chain, address
 * and message while unexpired on the wall clock (the database's `now()`).
 * @returns false when it was unknown, used, expired or for another wallet
 */
export async function consumeChallenge(tx: Orm, nonce: string, chain: Chain, address: string, message: string): Promise<boolean> {
  const rows = await exec(tx, sql`UPDATE auth_challenges SET used_at = now()
    WHERE nonce = ${nonce} AND chain = ${chain} AND address = ${address} AND message = ${message}
      AND used_at IS NULL AND expires_at > now() RETURNING nonce`);
  return rows.length > 0;
}

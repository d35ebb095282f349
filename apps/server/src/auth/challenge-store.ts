/**
 * Stored sign-in challenges (docs/game-rules.md §10.1): issued, checked and consumed once, in the
 * `auth_challenges` table. Sign-in (`modules/auth`) and wallet linking (`modules/wallets`) both answer
 * challenges, so their SQL sits here, below the modules (docs/architecture.md §2).
 */
import { sql } from 'drizzle-orm';
import type { Chain } from '@kingdom/api';
import { exec, type Orm } from '../db/client.ts';

/** Stores an issued challenge and drops a few long-expired ones (keeps the table small without a job). */
export async function insertChallenge(orm: Orm, c: { nonce: string; chain: Chain; address: string; message: string; expiresAt: Date }, now: Date): Promise<void> {
  await exec(orm, sql`INSERT INTO auth_challenges (nonce, chain, address, message, expires_at, created_at)
    VALUES (${c.nonce}, ${c.chain}, ${c.address}, ${c.message}, ${c.expiresAt}, ${now})`);
  await exec(orm, sql`DELETE FROM auth_challenges WHERE nonce IN (
    SELECT nonce FROM auth_challenges WHERE expires_at < ${new Date(now.getTime() - 3_600_000)} LIMIT 20)`);
}

/** True when this exact challenge was issued for (chain, address) and is unused and unexpired (it is not consumed). */
export async function challengeIsOpen(orm: Orm, nonce: string, chain: Chain, address: string, message: string, now: Date): Promise<boolean> {
  const rows = await exec(orm, sql`SELECT 1 FROM auth_challenges
    WHERE nonce = ${nonce} AND chain = ${chain} AND address = ${address} AND message = ${message} AND used_at IS NULL AND expires_at > ${now}`);
  return rows.length > 0;
}

/**
 * Consumes a challenge once: only one request can flip `used_at`, and only for this chain, address
 * and message while unexpired. @returns false when it was unknown, used, expired or for another wallet
 */
export async function consumeChallenge(tx: Orm, nonce: string, chain: Chain, address: string, message: string, now: Date): Promise<boolean> {
  const rows = await exec(tx, sql`UPDATE auth_challenges SET used_at = ${now}
    WHERE nonce = ${nonce} AND chain = ${chain} AND address = ${address} AND message = ${message}
      AND used_at IS NULL AND expires_at > ${now} RETURNING nonce`);
  return rows.length > 0;
}

/**
 * The server's VAPID identity (RFC 8292): the key pair push services know this server by. Given by
 * the VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY settings, or generated at the first start and kept in
 * `push_vapid_keys` (one row; every process reads the same pair, the first writer wins).
 */
import webpush from 'web-push';
import { sql } from 'drizzle-orm';
import { exec, type Orm } from '../../db/client.ts';

/** A VAPID key pair, base64url (public: 65-byte uncompressed P-256 point; private: 32 bytes), and the contact subject. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The configured pair, else the stored one, else a new pair stored now. */
export async function vapidKeys(orm: Orm, config: { publicKey?: string; privateKey?: string; subject: string }): Promise<VapidKeys> {
  if (config.publicKey && config.privateKey) return { publicKey: config.publicKey, privateKey: config.privateKey, subject: config.subject };
  const fresh = webpush.generateVAPIDKeys();
  await exec(orm, sql`INSERT INTO push_vapid_keys (id, public_key, private_key) VALUES (1, ${fresh.publicKey}, ${fresh.privateKey}) ON CONFLICT (id) DO NOTHING`);
  const [row] = await exec<{ public_key: string; private_key: string }>(orm, sql`SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1`);
  return { publicKey: row!.public_key, privateKey: row!.private_key, subject: config.subject };
}

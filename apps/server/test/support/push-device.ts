/**
 * A Web Push device for tests (docs/product.md §10 "Push notifications"): its P-256 key pair and auth
 * secret, as a browser keeps them, and the decryption of a delivery's body with them (RFC 8291 §3.4 +
 * RFC 8188 aes128gcm, one record), written with node:crypto — not the sender's library — so a test
 * checks the sender's encryption independently.
 */
import { createECDH, createDecipheriv, createHmac, randomBytes, type ECDH } from 'node:crypto';

/** A device: `ecdh` its key pair; `p256dh` (public key) and `auth` (16 bytes) base64url, as a subscription carries them. */
export interface PushDevice { ecdh: ECDH; p256dh: string; auth: string }

/** A new device with fresh keys. */
export function pushDevice(): PushDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * The plaintext `d` reads from a delivery's body (UTF-8).
 * @throws Error when the body does not decrypt with the device's keys (the GCM tag fails) or its last
 *   record's padding delimiter is not 2
 */
export function decryptPush(body: Buffer, d: Pick<PushDevice, 'ecdh' | 'auth'>): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = d.ecdh.getPublicKey();
  const prkKey = hmac(Buffer.from(d.auth, 'base64url'), d.ecdh.computeSecret(asPublic));
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error(`the last record's delimiter is ${padded[end]}, not 2`);
  return padded.subarray(0, end).toString('utf8');
}

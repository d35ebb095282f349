/**
 * Random secrets and their hashes: bearer tokens (32 random bytes, base64url; stored only as
 * SHA-256 hex), sign-in nonces and CSRF tokens.
 */
import { randomBytes, hash } from 'node:crypto';

/** 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a bearer token: the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

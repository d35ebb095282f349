/**
 * Sign-in challenges (docs/game-rules.md §10.1): a human-readable message in the manner of CIP-8 /
 * Sign-In With Solana naming the domain, address, nonce, issue and expiry times. A challenge is
 * bound to chain + address, single use and valid 5 minutes.
 */
import { randomBytes } from 'node:crypto';
import type { Chain } from '@kingdom/api';

/** How long a challenge may be answered: 5 minutes, in ms. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface Challenge {
  nonce: string;
  message: string;
  issuedAt: Date;
  expiresAt: Date;
}

const CHAIN_LABEL: Record<Chain, string> = { cardano: 'Cardano', solana: 'Solana' };

/**
 * A fresh challenge for `address` on `chain`, issued at `now` (UTC). A Cardano reward address
 * (`stake…`) gets the wording of a stake-key link (docs/game-rules.md §8.2): its signature links the wallet's
 * stake key to the signed-in account.
 */
export function createChallenge(domain: string, chain: Chain, address: string, now: Date): Challenge {
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  const stake = chain === 'cardano' && address.startsWith('stake');
  const message = [
    stake ? `${domain} wants you to link the stake key of your ${CHAIN_LABEL[chain]} wallet:` : `${domain} wants you to sign in with your ${CHAIN_LABEL[chain]} account:`,
    address,
    '',
    stake
      ? 'Link this stake key to your Kingdom account. Deposits from any address of this wallet are then credited to you; it costs nothing and sends no transaction.'
      : 'Enter the Kingdom. Signing this message proves you own this wallet; it costs nothing and sends no transaction.',
    '',
    `URI: https://${domain}`,
    `Chain: ${chain}`,
    `Nonce: ${nonce}`,
    `Issued At: ${now.toISOString()}`,
    `Expiration Time: ${expiresAt.toISOString()}`,
  ].join('\n');
  return { nonce, message, issuedAt: now, expiresAt };
}

/** The nonce named in a challenge message, or null. */
export function nonceOf(message: string): string | null {
  return /^Nonce: ([0-9a-f]{32})$/m.exec(message)?.[1] ?? null;
}

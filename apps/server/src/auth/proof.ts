/**
 * Wallet proofs shared by sign-in and wallet linking (docs/game-rules.md §10.1): which addresses can sign,
 * and whether a signed challenge (CIP-30 signData / Solana signMessage) or a hardware wallet's
 * never-submitted transaction proves control of an address.
 */
import type { Chain } from '@kingdom/api';
import { cardanoPaymentKeyHash, isCardanoAddress, isSolanaAddress, parseCardanoRewardAddress, verifyCardanoSignIn, verifySolanaSignIn, type CardanoNetwork } from './verify.ts';
import { verifyCardanoSignInTx, verifySolanaSignInTx } from './verify-tx.ts';

/**
 * A Cardano address of this deployment's network whose payment credential is a key (nothing can
 * sign for a script), or a Solana ed25519 public key.
 */
export function validAddress(chain: Chain, address: string, network: CardanoNetwork): boolean {
  if (chain === 'solana') return isSolanaAddress(address);
  return isCardanoAddress(address, network) && cardanoPaymentKeyHash(address) !== null;
}

/**
 * A Cardano reward address (`stake_test1…` / `stake1…`) of this deployment's network whose stake
 * credential is a key: what "link this wallet's stake key" signs with (docs/game-rules.md §8.2).
 */
export function validRewardAddress(address: string, network: CardanoNetwork): boolean {
  const info = parseCardanoRewardAddress(address);
  return info !== null && info.network === network && info.stake.type === 'key';
}

/** A proof of control of `address`: a signature (+ COSE key on Cardano) or a signed transaction. */
export interface WalletProof {
  chain: Chain;
  address: string;
  message: string;
  signature?: string | undefined;
  key?: string | undefined;
  tx?: string | undefined;
}

/** True when `p` proves control of its address over its message (never throws on malformed input). */
export function verifyWalletProof(p: WalletProof, network: CardanoNetwork): boolean {
  const { chain, address, message, signature, key, tx } = p;
  if (tx !== undefined) {
    return chain === 'cardano' ? verifyCardanoSignInTx({ address, message, tx, network }) : verifySolanaSignInTx({ address, message, tx });
  }
  if (signature === undefined) return false;
  return chain === 'cardano'
    ? key !== undefined && verifyCardanoSignIn({ address, message, signature, key, network })
    : verifySolanaSignIn({ address, message, signature });
}

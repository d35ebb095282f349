/** Solana sign-in signing: UTF-8 message → ed25519 signature → base58. */
import { base58 } from '@scure/base';
import type { SolanaSigner } from '../types.ts';
import { WalletError, walletCall } from '../errors.ts';

/** Connects the signer and returns its base58 address. */
export async function connectSolana(signer: SolanaSigner): Promise<string> {
  const address = await walletCall(() => signer.connect());
  if (!address) throw new WalletError('NOT_VALID_REQUEST_ADDRESS');
  return address;
}

/** Signs the UTF-8 bytes of `message`; returns the signature as base58. */
export async function signSolanaMessage(signer: SolanaSigner, message: string): Promise<string> {
  const sig = await walletCall(() => signer.signMessage(new TextEncoder().encode(message)));
  return base58.encode(sig);
}

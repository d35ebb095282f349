/** Cardano wallets through CIP-30 `window.cardano.<name>`: connecting and signing (loaded on a click). */
import type { Cip30Api, Cip30Wallet } from '../types.ts';
import { WalletError, walletCall } from '../errors.ts';
import { cardanoAddressToBech32, cardanoRewardAddressToBech32, utf8ToHex } from './address.ts';

/** A connected CIP-30 wallet: its API and the bech32 address sign-in uses. */
export interface CardanoConnection {
  api: Cip30Api;
  addressHex: string;
  address: string;
}

/** Enables the wallet and reads its first used (else change) address. */
export async function connectCardano(wallet: Cip30Wallet): Promise<CardanoConnection> {
  const api = await walletCall(() => wallet.enable());
  const addressHex = await walletCall(async () => {
    const used = await api.getUsedAddresses();
    return used[0] ?? (await api.getChangeAddress());
  });
  if (!addressHex) throw new WalletError('NOT_VALID_REQUEST_ADDRESS');
  return { api, addressHex, address: cardanoAddressToBech32(addressHex) };
}

/** Signs the UTF-8 `message` with CIP-30 `signData` (COSE_Sign1 + COSE_Key, hex). */
export function signCardanoMessage(conn: CardanoConnection, message: string): Promise<{ signature: string; key: string }> {
  return walletCall(() => conn.api.signData(conn.addressHex, utf8ToHex(message)));
}

/** Signs a transaction with CIP-30 `signTx` (not partial: the wallet signs for its own inputs); the witness set, hex. */
export function signCardanoTx(conn: CardanoConnection, txHex: string): Promise<string> {
  return walletCall(() => conn.api.signTx(txHex, false));
}

/** The wallet's reward address (CIP-30 `getRewardAddresses`, first), hex and bech32. */
export interface CardanoRewardAddress {
  addressHex: string;
  address: string;
}

/**
 * The connected wallet's first reward address (docs/game-rules.md §8.2: "link this wallet's stake key").
 * @throws WalletError NOT_VALID_REQUEST_ADDRESS when the wallet has none (an enterprise-only wallet)
 */
export async function cardanoRewardAddress(api: Cip30Api): Promise<CardanoRewardAddress> {
  const [addressHex] = await walletCall(() => api.getRewardAddresses());
  if (!addressHex) throw new WalletError('NOT_VALID_REQUEST_ADDRESS');
  return { addressHex, address: cardanoRewardAddressToBech32(addressHex) };
}

/** Signs the UTF-8 `message` with the wallet's STAKE key: CIP-30 `signData` with the reward address (CIP-8). */
export function signCardanoStakeMessage(api: Cip30Api, reward: CardanoRewardAddress, message: string): Promise<{ signature: string; key: string }> {
  return walletCall(() => api.signData(reward.addressHex, utf8ToHex(message)));
}

/** Cardano address bytes (CIP-30 answers hex) → bech32, the form the server expects. */
import { bech32, hex } from '@scure/base';
import { WalletError } from '../errors.ts';

/**
 * Encodes a Shelley payment address given as hex bytes. The prefix follows the network id in the
 * low nibble of the header byte (1 → `addr`, else `addr_test`). Stake (reward) and Byron
 * addresses are refused: sign-in uses a payment address.
 * @throws WalletError NOT_VALID_REQUEST_ADDRESS when the bytes are not a Shelley payment address
 */
export function cardanoAddressToBech32(addressHex: string): string {
  const bytes = addressBytes(addressHex);
  const header = bytes[0];
  if (header === undefined) throw new WalletError('NOT_VALID_REQUEST_ADDRESS');
  const type = header >> 4;
  if (type > 7) throw new WalletError('NOT_VALID_REQUEST_ADDRESS');
  const prefix = (header & 0x0f) === 1 ? 'addr' : 'addr_test';
  return bech32.encode(prefix, bech32.toWords(bytes), 1023);
}

/**
 * Encodes a reward (stake) address given as hex bytes (CIP-19 types 14/15): `stake` on mainnet,
 * `stake_test` otherwise — what "link this wallet's stake key" signs with (docs/game-rules.md §8.2).
 * @throws WalletError NOT_VALID_REQUEST_ADDRESS when the bytes are not a reward address
 */
export function cardanoRewardAddressToBech32(addressHex: string): string {
  const bytes = addressBytes(addressHex);
  const header = bytes[0];
  if (header === undefined || bytes.length !== 29 || (header >> 4 !== 14 && header >> 4 !== 15)) throw new WalletError('NOT_VALID_REQUEST_ADDRESS');
  return bech32.encode((header & 0x0f) === 1 ? 'stake' : 'stake_test', bech32.toWords(bytes), 1023);
}

/** UTF-8 text → lowercase hex, the payload form CIP-30 `signData` takes. */
export function utf8ToHex(text: string): string {
  return hex.encode(new TextEncoder().encode(text));
}

/** Address bytes from hex. @throws WalletError NOT_VALID_REQUEST_ADDRESS when not hex */
function addressBytes(addressHex: string): Uint8Array {
  try {
    return hex.decode(addressHex.toLowerCase());
  } catch {
    throw new WalletError('NOT_VALID_REQUEST_ADDRESS');
  }
}

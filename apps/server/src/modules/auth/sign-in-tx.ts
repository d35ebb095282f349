/**
 * The transaction a hardware wallet signs to sign in (the spec's HD flag; docs/game-rules.md §8.2): Ledger and
 * Trezor do not do CIP-30 `signData`, but they sign transactions. The server builds it with Lucid
 * Evolution (the browser holds no transaction builder) and `auth/verify-tx.ts` checks the signed
 * result at `POST /auth/login`.
 *
 * The transaction carries the challenge as CIP-20 metadata (label 674, `msg`: the message in
 * chunks of at most 64 UTF-8 bytes, never splitting a character), spends one of the address's
 * UTxOs back to itself (a wallet signs with the keys of the inputs it owns) and names the
 * address's payment key as required signer. Its validity interval ended before the current tip,
 * so no node will ever accept it: signing it cannot move funds, even if someone submitted it.
 */
import type { CardanoMoney } from '../../chain/cardano/money.ts';
import { fail } from '../../errors.ts';

/** CIP-20 `msg` chunks: at most 64 UTF-8 bytes each, whole characters (what verify-tx joins back). */
export function cip20Chunks(text: string): string[] {
  const encoder = new TextEncoder();
  const chunks: string[] = [];
  let chunk = '';
  let bytes = 0;
  for (const char of text) {
    const size = encoder.encode(char).length;
    if (bytes + size > 64) {
      chunks.push(chunk);
      chunk = '';
      bytes = 0;
    }
    chunk += char;
    bytes += size;
  }
  if (chunk !== '' || chunks.length === 0) chunks.push(chunk);
  return chunks;
}

/** Slots before the tip at which the sign-in transaction's validity ends. */
const EXPIRED_SLOTS = 3_600;

/**
 * The unsigned sign-in transaction for `address` carrying `message` (CBOR hex).
 * @throws ApiError ERROR_WALLET_NOT_ENOUGH_UTXO when the address holds no UTxO (nothing for the
 *   wallet to sign with) or its UTxOs cannot pay the (never paid) fee
 */
export async function buildSignInTx(money: CardanoMoney, address: string, message: string): Promise<string> {
  const utxos = await money.ledger.lucidProvider().getUtxos(address).catch(() => []);
  if (!utxos.length) fail('ERROR_WALLET_NOT_ENOUGH_UTXO');
  const tip = await money.ledger.tip();
  const lucid = await money.lucid();
  lucid.selectWallet.fromAddress(address, utxos);
  try {
    const tx = await lucid.newTx()
      .collectFrom([utxos[0]!])
      .addSigner(address)
      .attachMetadata(674, { msg: cip20Chunks(message) })
      .validTo(money.slotToUnixMs(Math.max(0, tip.slot - EXPIRED_SLOTS)))
      .complete();
    return tx.toCBOR();
  } catch {
    fail('ERROR_WALLET_NOT_ENOUGH_UTXO');
  }
}

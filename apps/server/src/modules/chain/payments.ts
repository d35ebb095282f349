/**
 * Chain money payments (docs/game-rules.md §8, docs/product.md §2 deposit modal and `/tokensale`): building the deposit and
 * order payments a player's wallet signs (CIP-30 `signTx`), and submitting them signed.
 *
 * Units: whole tokens in requests, base units on chain, lovelace for ADA.
 */
import { depositMessage, isAmountInRange, orderMessage, toBaseUnits } from '@kingdom/game';
import type { ChainToken } from '@kingdom/api';
import type { Database } from '../../db/client.ts';
import { payableOrder } from './repository.ts';
import { fail } from '../../errors.ts';
import { isOnNetwork, type CardanoMoney } from '../../chain/cardano/money.ts';
import type { SessionUser } from '../../auth/session.ts';

/**
 * Maps Lucid's coin-selection failures to the spec's wallet codes (docs/product.md §8): the wallet holds the
 * amount (checked before) but not enough beside it for the fee and minimum ADA → not enough
 * balance; anything else means its UTxOs cannot make the transaction → not enough UTxO.
 */
function walletBuildError(err: unknown): never {
  const text = String((err as { message?: unknown })?.message ?? err);
  if (/insufficient|not enough|InputsExhausted|UTxO Balance|balance/i.test(text)) fail('ERROR_WALLET_NOT_ENOUGH_BALANCE');
  fail('ERROR_WALLET_NOT_ENOUGH_UTXO');
}

/**
 * Builds the unsigned payment a player's wallet signs (CIP-30 `signTx`): a deposit of `amount`
 * whole EXO/HEXO to the treasury, or an order's lovelace to the sale address, from `address`'s
 * UTxOs, with a CIP-20 message naming the account or the order.
 * @throws ApiError ERROR_WALLET_WRONG_NETWORK (address of another network, or an order paid in SOL), USER_WALLET_NOT_BELONG
 *   (an order paid from a wallet not linked to the account), NOT_FOUND (no such order of the
 *   account), SALE_ROUND_CLOSED (order already paid or expired), AMOUNT_TOO_LARGE,
 *   ERROR_WALLET_NOT_ENOUGH_UTXO (no UTxO at the address, or its UTxOs cannot make the
 *   transaction), ERROR_WALLET_NOT_ENOUGH_BALANCE (the address holds less than the payment, or too
 *   little ADA beside it for the fee)
 */
export async function buildPayment(
  db: Database, money: CardanoMoney, session: SessionUser,
  req: { kind: 'deposit'; token: ChainToken; amount: string; address: string } | { kind: 'order'; order_id: number; address: string },
  now: Date,
): Promise<{ tx: string; tx_hash: string; fee: string }> {
  if (!isOnNetwork(money, req.address)) fail('ERROR_WALLET_WRONG_NETWORK');
  let pay: { to: string; assets: Record<string, bigint>; message: string[] };
  if (req.kind === 'deposit') {
    const amount = toBaseUnits(req.amount, req.token);
    if (amount <= 0n) fail('VALIDATION_ERROR', { amount: ['Enter the amount you want to deposit'] });
    if (!isAmountInRange(amount)) fail('AMOUNT_TOO_LARGE');
    pay = { to: money.treasury.address, assets: { [money.units[req.token]]: amount }, message: depositMessage(session.userId) };
  } else {
    const order = await payableOrder(db.orm, session.userId, req.order_id);
    if (!order) fail('NOT_FOUND');
    // an order paid in SOL is paid through its Solana Pay request, never with ADA
    if (order.pay_chain !== 'cardano' || order.lovelace === null) fail('ERROR_WALLET_WRONG_NETWORK');
    if (order.status !== 'awaiting_payment' || new Date(order.expires_at) <= now) fail('SALE_ROUND_CLOSED');
    pay = { to: money.saleAddress, assets: { lovelace: BigInt(order.lovelace) }, message: orderMessage(req.order_id) };
  }
  const utxos = await money.ledger.lucidProvider().getUtxos(req.address).catch(() => []);
  if (!utxos.length) fail('ERROR_WALLET_NOT_ENOUGH_UTXO');
  // docs/product.md §8: more than the wallet holds is "not enough balance" (no UTxO at all is the UTXO code).
  for (const [unit, wanted] of Object.entries(pay.assets)) {
    const held = utxos.reduce((sum, u) => sum + (u.assets[unit] ?? 0n), 0n);
    if (held < wanted) fail('ERROR_WALLET_NOT_ENOUGH_BALANCE');
  }
  const lucid = await money.lucid();
  lucid.selectWallet.fromAddress(req.address, utxos);
  try {
    const tx = await lucid.newTx().pay.ToAddress(pay.to, pay.assets).attachMetadata(674, { msg: pay.message }).complete();
    return { tx: tx.toCBOR(), tx_hash: tx.toHash(), fee: tx.toTransaction().body().fee().toString() };
  } catch (err) {
    walletBuildError(err);
  }
}

/**
 * Adds the wallet's witness set to a built transaction and submits it through the ledger.
 * @throws ApiError TX_SUBMIT_FAILED (malformed, wrongly signed, or refused by the network)
 */
export async function submitPayment(money: CardanoMoney, txCbor: string, witnessSet: string): Promise<{ tx_hash: string }> {
  let signed: string;
  try {
    const lucid = await money.lucid();
    // Lucid assembles only with a wallet selected; it adds no witness of its own here.
    lucid.selectWallet.fromAddress(money.treasury.address, []);
    signed = (await lucid.fromTx(txCbor).assemble([witnessSet]).complete()).toCBOR();
  } catch {
    fail('TX_SUBMIT_FAILED');
  }
  try {
    return { tx_hash: await money.ledger.lucidProvider().submitTx(signed) };
  } catch {
    fail('TX_SUBMIT_FAILED');
  }
}

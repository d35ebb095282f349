/**
 * Vendor purchases (docs/game-rules.md §6, docs/product.md §3): priced only from `@kingdom/game`'s catalogue, paid and
 * credited through the ledger in one transaction, exactly once per idempotency key.
 */
import { createHash } from 'node:crypto';
import { checkWeeklyLimit, chestWeekOf, quotePurchase, royaltyDay as dayOfRoyalty, type Token } from '@kingdom/game';
import type { PurchaseRequest, PurchaseResponse } from '@kingdom/api';
import type { Database } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { applyLedgerCredits, applyTokenEntry } from '../ledger/ledger.ts';
import { claimKey, countWeekly, purchaseByKey, royaltyGateAndBalances, saveResponse } from './repository.ts';

const requestHash = (r: PurchaseRequest) => createHash('sha256').update(JSON.stringify([r.item, r.quantity])).digest('hex');

/**
 * Buys `request.quantity` of catalogue entry `request.item` for `userId`. The key is claimed, the
 * price debited (reason `vendor_purchase`, reference = purchase id), the items or tokens credited
 * and the 'vendor_purchase' notification written in one transaction; a failure changes nothing.
 * The sale counts in the shop royalty of `royaltyDay(now, the last day the tick closed)` (docs/game-rules.md §6).
 * `hooks.afterGate` is a test's hook (called once the royalty gate is held).
 * The same key again answers the stored first answer and charges nothing.
 * A weekly-limited entry (docs/game-rules.md §6) counts the units in its account's chest week of
 * `now`, in the same transaction, behind the key's claim (a replay counts nothing).
 * @throws GameError NOT_FOUND, SYSTEM_FEATURE_NOT_AVAILABLE (see `quotePurchase`), VENDOR_WEEKLY_LIMIT;
 *   ApiError VENDOR_NOT_ENOUGH_BALANCE, IDEMPOTENCY_KEY_REUSED (same key, different request)
 */
export async function purchase(db: Database, userId: number, key: string, request: PurchaseRequest, now: Date, hooks: { afterGate?: () => Promise<void> } = {}): Promise<PurchaseResponse> {
  const quote = quotePurchase(request.item, request.quantity);
  checkWeeklyLimit(quote.entry, 0, quote.quantity);
  const hash = requestHash(request);
  const replay = async () => {
    const prior = await purchaseByKey(db.orm, userId, key.toLowerCase());
    if (!prior) return null;
    if (prior.request_hash !== hash) fail('IDEMPOTENCY_KEY_REUSED');
    return prior.response;
  };
  // No read of the key before the transaction: the key's claim below finds a first answer (then
  // this one rolls back and answers it), so a new purchase costs no extra round trip.
  const answer = await db.orm.transaction(async (tx) => {
    const royaltyDay = dayOfRoyalty(now.getTime(), await royaltyGateAndBalances(tx, userId));
    await hooks.afterGate?.();
    const id = await claimKey(tx, { userId, key: key.toLowerCase(), requestHash: hash, item: quote.entry.key, quantity: quote.quantity, token: quote.payToken, amount: quote.total, royaltyDay, at: now });
    if (id === null) return null;
    const limit = quote.entry.weeklyLimit;
    if (limit !== null && !(await countWeekly(tx, userId, quote.entry.key, chestWeekOf(now.getTime()), quote.quantity, limit))) fail('VENDOR_WEEKLY_LIMIT');
    const reference = String(id);
    // the balance rows are locked (royaltyGateAndBalances): the debit, then every credit in one statement
    await applyTokenEntry(tx, { userId, token: quote.payToken, amount: -quote.total, reason: 'vendor_purchase', reference, at: now }, 'VENDOR_NOT_ENOUGH_BALANCE', { locked: true });
    await applyLedgerCredits(tx, [
      ...Object.entries(quote.items).map(([itemKey, amount]) => ({ userId, asset: `item:${itemKey}`, amount: BigInt(amount), reason: 'vendor_purchase', reference })),
      ...(Object.entries(quote.tokens) as Array<[Token, bigint]>).map(([token, amount]) => ({ userId, asset: token, amount, reason: 'vendor_purchase', reference })),
    ], now);
    return saveResponse(tx, id, userId, quote.payToken, {
      purchase_id: id, item: quote.entry.key, quantity: quote.quantity, token: quote.payToken, amount: quote.total.toString(), items: quote.items,
      tokens: Object.fromEntries(Object.entries(quote.tokens).map(([t, n]) => [t, n.toString()])),
    }, { type: 'vendor_purchase', data: { purchase_id: id, item: quote.entry.key, name: quote.entry.name, quantity: quote.quantity, token: quote.payToken, amount: quote.total.toString() }, at: now });
  });
  // null: a concurrent request with the same key committed first; answer as it did.
  return answer ?? (await replay()) ?? fail('CANT_RUN_THIS_OPERATION');
}

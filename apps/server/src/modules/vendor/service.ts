/**
 * Vendor purchases (docs/game-rules.md §6, docs/product.md §3): priced only from `@kingdom/game`'s catalogue, paid and
 * credited through the ledger in one transaction, exactly once per idempotency key.
 */
import { createHash } from 'node:crypto';
import { checkWeeklyLimit, chestWeekOf, quotePurchase, royaltyDay as dayOfRoyalty, type Token } from '@kingdom/game';
import type { PurchaseRequest, PurchaseResponse } from '@kingdom/api';
import type { Database } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { applyItemEntry, applyTokenEntry } from '../ledger/ledger.ts';
import { notify } from '../notifications/repository.ts';
import { balanceOf, claimKey, countWeekly, purchaseByKey, royaltyGate, saveResponse } from './repository.ts';

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
  const first = await replay();
  if (first) return first;
  const answer = await db.orm.transaction(async (tx) => {
    const royaltyDay = dayOfRoyalty(now.getTime(), await royaltyGate(tx));
    await hooks.afterGate?.();
    const id = await claimKey(tx, { userId, key: key.toLowerCase(), requestHash: hash, item: quote.entry.key, quantity: quote.quantity, token: quote.payToken, amount: quote.total, royaltyDay, at: now });
    if (id === null) return null;
    const limit = quote.entry.weeklyLimit;
    if (limit !== null && !(await countWeekly(tx, userId, quote.entry.key, chestWeekOf(now.getTime()), quote.quantity, limit))) fail('VENDOR_WEEKLY_LIMIT');
    const reference = String(id);
    await applyTokenEntry(tx, { userId, token: quote.payToken, amount: -quote.total, reason: 'vendor_purchase', reference, at: now }, 'VENDOR_NOT_ENOUGH_BALANCE');
    for (const [itemKey, amount] of Object.entries(quote.items)) await applyItemEntry(tx, { userId, itemKey, amount, reason: 'vendor_purchase', reference, at: now });
    for (const [token, amount] of Object.entries(quote.tokens) as Array<[Token, bigint]>) await applyTokenEntry(tx, { userId, token, amount, reason: 'vendor_purchase', reference, at: now });
    const response: PurchaseResponse = {
      purchase_id: id, item: quote.entry.key, quantity: quote.quantity, token: quote.payToken, amount: quote.total.toString(),
      balance: (await balanceOf(tx, userId, quote.payToken)).toString(), items: quote.items,
      tokens: Object.fromEntries(Object.entries(quote.tokens).map(([t, n]) => [t, n.toString()])),
    };
    await saveResponse(tx, id, response);
    await notify(tx, userId, 'vendor_purchase', { purchase_id: id, item: quote.entry.key, name: quote.entry.name, quantity: quote.quantity, token: quote.payToken, amount: quote.total.toString() }, now);
    return response;
  });
  // null: a concurrent request with the same key committed first; answer as it did.
  return answer ?? (await replay()) ?? fail('CANT_RUN_THIS_OPERATION');
}

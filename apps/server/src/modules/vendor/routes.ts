/** Vendor endpoints (docs/product.md §2 /vendor, docs/game-rules.md §6): the public catalogue and purchases. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, type VendorItem } from '@kingdom/api';
import { MAX_PURCHASE_QUANTITY, VENDOR_CATALOGUE, chestWeekOf } from '@kingdom/game';
import { route, sessionOf } from '../../http/routes.ts';
import { optionalSession } from '../../auth/session.ts';
import { purchase } from './service.ts';
import { weeklyCounts } from './repository.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';

const catalogue: VendorItem[] = VENDOR_CATALOGUE.map((e) => ({
  key: e.key, group: e.group, name: e.name, purpose: e.purpose, pay_token: e.payToken, price: e.price?.toString() ?? null,
  gives_items: { ...e.gives.items }, gives_tokens: Object.fromEntries(Object.entries(e.gives.tokens).map(([t, n]) => [t, n.toString()])),
  purchasable: e.purchasable, weekly_limit: e.weeklyLimit, bought_this_week: null,
}));

/** Registers the vendor endpoints. */
export async function vendorRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  // a signed-in player also reads how many of each weekly-limited item they bought this week (the limit shown before buying)
  route(app, ENDPOINTS.vendorCatalogue, async ({ request, now }) => {
    const session = await optionalSession(db, request, now);
    if (!session) return { items: catalogue, max_quantity: MAX_PURCHASE_QUANTITY };
    const bought = await weeklyCounts(db.orm, session.userId, chestWeekOf(now.getTime()));
    const items = catalogue.map((e) => (e.weekly_limit === null ? e : { ...e, bought_this_week: bought[e.key] ?? 0 }));
    return { items, max_quantity: MAX_PURCHASE_QUANTITY };
  });
  route(app, ENDPOINTS.vendorPurchase, async (input) => {
    return purchase(db, sessionOf(input).userId, idempotencyKeyOf(input.request), input.body, input.now);
  });
}

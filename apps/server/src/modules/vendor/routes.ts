/** Vendor endpoints (docs/product.md §2 /vendor, docs/game-rules.md §6): the public catalogue and purchases. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, type VendorItem } from '@kingdom/api';
import { MAX_PURCHASE_QUANTITY, VENDOR_CATALOGUE } from '@kingdom/game';
import { route, sessionOf } from '../../http/routes.ts';
import { purchase } from './service.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';

const catalogue: VendorItem[] = VENDOR_CATALOGUE.map((e) => ({
  key: e.key, group: e.group, name: e.name, purpose: e.purpose, pay_token: e.payToken, price: e.price?.toString() ?? null,
  gives_items: { ...e.gives.items }, gives_tokens: Object.fromEntries(Object.entries(e.gives.tokens).map(([t, n]) => [t, n.toString()])),
  purchasable: e.purchasable, weekly_limit: e.weeklyLimit,
}));

/** Registers the vendor endpoints. */
export async function vendorRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.vendorCatalogue, async () => ({ items: catalogue, max_quantity: MAX_PURCHASE_QUANTITY }));
  route(app, ENDPOINTS.vendorPurchase, async (input) => {
    return purchase(db, sessionOf(input).userId, idempotencyKeyOf(input.request), input.body, input.now);
  });
}

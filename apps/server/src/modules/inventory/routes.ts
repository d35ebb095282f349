/** `inventory/items` and `inventory/count` (docs/product.md §7): the user's app-inventory items. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route } from '../../http/routes.ts';
import { inventoryCount, inventoryItems } from './repository.ts';

/** Registers the inventory endpoints. */
export async function inventoryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.inventoryItems, async ({ request }) => ({ items: await inventoryItems(db, request) }));
  route(app, ENDPOINTS.inventoryCount, async ({ request }) => ({ count: await inventoryCount(db, request) }));
}

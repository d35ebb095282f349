/**
 * `currencies/prices` (docs/product.md §7): ADA per EXO and per HEXO, USD per ADA and per SOL, truncated to 5
 * decimals (docs/product.md §5), from the database (the price job stores them; every server answers alike),
 * with which are stale. Staleness is judged on the wall clock: prices are a fact of the real world,
 * not of the (demo) game clock.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route } from '../../http/routes.ts';
import { storedPrices } from './repository.ts';
import { pricesAnswer } from './service.ts';

/** Registers the prices endpoint. */
export async function priceRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  route(app, ENDPOINTS.prices, async () => pricesAnswer(await storedPrices(db), new Date(), config.prices.maxAgeMs));
}

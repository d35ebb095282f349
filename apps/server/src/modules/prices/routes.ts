/** `currencies/prices` (spec §7): ADA per EXO and per HEXO, truncated to 5 decimals (spec §5). */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { formatPrice5 } from '@kingdom/game';
import { route } from '../../http/routes.ts';
import { storedPrices } from './repository.ts';

/** Registers the prices endpoint. */
export async function priceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.prices, async () => {
    const rows = await storedPrices(db);
    const of = (t: string) => formatPrice5(rows.find((r) => r.token === t)?.ada ?? '0');
    return { exo: of('exo'), hexo: of('hexo') };
  });
}

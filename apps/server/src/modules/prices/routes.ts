/** `currencies/prices` (spec §7): ADA per EXO and per HEXO, truncated to 5 decimals (spec §5). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PATHS, pricesResponse } from '@kingdom/api';
import { formatPrice5 } from '@kingdom/game';
import { statement } from '../../db/client.ts';

const pricesStmt = statement('currency_prices', `SELECT token, ada::text AS ada FROM currency_prices WHERE token IN ('exo', 'hexo')`);

export const priceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(PATHS.prices, { schema: { tags: ['prices'], summary: 'EXO and HEXO prices in ADA', response: { 200: pricesResponse } } }, async () => {
    const rows = await db.query<{ token: string; ada: string }>(pricesStmt, []);
    const of = (t: string) => formatPrice5(rows.find((r) => r.token === t)?.ada ?? '0');
    return { exo: of('exo'), hexo: of('hexo') };
  });
};

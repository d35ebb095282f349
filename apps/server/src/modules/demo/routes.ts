/** Demo-only routes (registered only when DEMO is on): the faucet. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PATHS, faucetRequest, faucetResponse } from '@kingdom/api';
import { runFaucet } from './faucet.ts';

export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, providers, clock } = app.deps;
  app.post(PATHS.demoFaucet, {
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags: ['demo'], summary: 'Demo faucet: gives an address lands, tools and balances (whole tokens)', body: faucetRequest, response: { 200: faucetResponse } },
  }, async (request) => {
    const b = request.body;
    return runFaucet(db, providers, {
      address: b.address, lands: b.lands, tools: b.tools,
      balances: { exo: BigInt(b.exo), hexo: BigInt(b.hexo), food: BigInt(b.food), rune: BigInt(b.rune) },
    }, clock());
  });
};

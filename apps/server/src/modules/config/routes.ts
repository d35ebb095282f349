/** `GET config`: what the web app needs to know before sign-in (demo mode, maintenance, links). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PATHS, configResponse } from '@kingdom/api';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  app.get(PATHS.config, { schema: { tags: ['config'], summary: 'Public configuration of this deployment', response: { 200: configResponse } } }, async () => ({
    demo: config.demo,
    maintenance: config.maintenance,
    mint_url: config.mintUrl,
    price_service_url: config.priceServiceUrl,
    cardano_network: config.cardanoNetwork,
    solana_cluster: config.solanaCluster,
    links: config.links,
  }));
};

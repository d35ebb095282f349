/** `config`: the public configuration of this deployment (demo mode, mint URL, price service, links). */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route } from '../../http/routes.ts';

/** Registers the config endpoint. */
export async function configRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  route(app, ENDPOINTS.config, async () => {
    // at run time: the console switches it for every server (http/maintenance.ts)
    const m = await app.maintenance.current();
    return {
      demo: config.demo,
      maintenance: m.on,
      maintenance_message: m.on ? (m.message ?? null) : null,
      maintenance_ends_at: m.on ? (m.ends_at ?? null) : null,
      mint_url: config.mintUrl,
      price_service_url: config.priceServiceUrl,
      cardano_network: config.cardanoNetwork,
      solana_cluster: config.solanaCluster,
      links: config.links,
    };
  });
}

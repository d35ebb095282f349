/** The in-app land mint's endpoints (docs/game-rules.md §2 "Mint Your Land"). */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route, sessionOf } from '../../http/routes.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';
import { accountMints, buildMintTx, cancelMint, createMint, mintInfo, submitMint, type MintDeps } from './service.ts';

/** Registers the mint endpoints. */
export async function mintRoutes(app: FastifyInstance): Promise<void> {
  const { db, providers, config, chainJobs } = app.deps;
  const d: MintDeps = { db, money: providers.money, priceLovelace: config.mint.priceLovelace, landPolicyId: config.collections.landPolicyId };

  route(app, ENDPOINTS.mintInfo, async () => mintInfo(d));

  route(app, ENDPOINTS.mintCreate, async (input) => ({
    mint: await createMint(d, sessionOf(input).userId, idempotencyKeyOf(input.request), input.body, input.now),
  }));

  route(app, ENDPOINTS.mints, async (input) => ({ mints: await accountMints(d, sessionOf(input).userId, input.now) }));

  route(app, ENDPOINTS.mintTx, async (input) => buildMintTx(d, sessionOf(input).userId, input.params.id, input.body.address, input.now));

  route(app, ENDPOINTS.mintSubmit, async (input) => {
    const mint = await submitMint(d, sessionOf(input).userId, input.params.id, input.body.witness_set, input.now);
    // Look at the chain now rather than at the next block.
    chainJobs.run().catch((err: unknown) => input.request.log.error({ err: String(err) }, 'chain money run failed; will retry'));
    return { mint };
  });

  route(app, ENDPOINTS.mintCancel, async (input) => ({ mint: await cancelMint(d, sessionOf(input).userId, input.params.id, input.now) }));
}

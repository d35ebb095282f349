/** Chain money endpoints (docs/game-rules.md §8; docs/product.md §2 deposit/withdrawal modals, `/tokensale`). */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route, sessionOf } from '../../http/routes.ts';
import { fail } from '../../errors.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';
import { isOnNetwork } from '../../chain/cardano/money.ts';
import { LOCAL_SOLANA_RPC_PATH } from '../../chain/solana/index.ts';
import { accountDeposits } from './deposits.ts';
import { accountOrders, createOrder } from './orders.ts';
import { buildPayment, submitPayment } from './payments.ts';
import { saleRounds } from './rounds.ts';
import { accountWithdrawals, requestWithdrawal } from './withdrawals.ts';

/** Registers the chain money endpoints. */
export async function chainRoutes(app: FastifyInstance): Promise<void> {
  const { db, providers, chainJobs, config } = app.deps;
  const money = providers.money;
  // SOL orders (docs/game-rules.md §9) pay the Solana chain's sale address
  const solana = { saleAddress: providers.solanaChain.saleAddress as string, finalitySlots: providers.solanaChain.finalitySlots };

  route(app, ENDPOINTS.chainInfo, async () => {
    const tip = await money.ledger.tip();
    return {
      network: money.ledger.network, network_id: money.ledger.networkId, confirmations: money.confirmations,
      treasury_address: money.treasury.address, sale_address: money.saleAddress,
      tip: { height: tip.height, slot: tip.slot }, explorer_tx_url: money.explorerTxUrl,
      solana: {
        cluster: providers.solanaChain.cluster, genesis_hash: await providers.solanaChain.genesisHash(),
        // never the upstream URL (it may carry a provider key): the browser goes through the server
        rpc_url: LOCAL_SOLANA_RPC_PATH, sale_address: providers.solanaChain.saleAddress,
        explorer_tx_url: providers.solanaChain.explorerTxUrl,
      },
    };
  });

  route(app, ENDPOINTS.chainWalletBalance, async ({ params }) => {
    if (!isOnNetwork(money, params.address)) fail('ERROR_WALLET_WRONG_NETWORK');
    const held = await money.ledger.balance(params.address);
    return { lovelace: held.lovelace.toString(), exo: (held.assets[money.units.exo] ?? 0n).toString(), hexo: (held.assets[money.units.hexo] ?? 0n).toString() };
  });

  route(app, ENDPOINTS.chainBuildTx, async (input) => buildPayment(db, money, sessionOf(input), input.body, input.now));

  route(app, ENDPOINTS.chainSubmitTx, async ({ body }) => submitPayment(money, body.tx, body.witness_set));

  route(app, ENDPOINTS.chainDeposits, async (input) => accountDeposits(db, money, sessionOf(input).userId));

  route(app, ENDPOINTS.chainWithdrawalCreate, async (input) => {
    const withdrawal = await requestWithdrawal(db, money, sessionOf(input), idempotencyKeyOf(input.request), input.body, input.now, input.request.log);
    // Pay it out now rather than at the next block.
    chainJobs.run().catch((err: unknown) => input.request.log.error({ err: String(err) }, 'chain money run failed; will retry'));
    return { withdrawal };
  });

  route(app, ENDPOINTS.chainWithdrawals, async (input) => ({ withdrawals: await accountWithdrawals(db, money, sessionOf(input).userId) }));

  route(app, ENDPOINTS.saleRounds, async ({ now }) => ({ rounds: await saleRounds(db, now), sale_address: money.saleAddress, solana_sale_address: solana.saleAddress }));

  route(app, ENDPOINTS.exoOrderCreate, async (input) => ({
    order: await createOrder(db, money, sessionOf(input).userId, idempotencyKeyOf(input.request), input.body, input.now, config.prices.maxAgeMs, solana),
  }));

  route(app, ENDPOINTS.exoOrders, async (input) => ({ orders: await accountOrders(db, money, sessionOf(input).userId, input.now, undefined, solana) }));
}

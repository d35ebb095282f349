/**
 * Every route module of the API, in one table: the area (the module folder under `modules/`, or the
 * observability one), what it serves, and the plugin that registers its routes from the endpoint
 * descriptors of `@kingdom/api`. `buildApp` registers them under `/api` in this order; a module with
 * `when` only when it answers true for the deployment's config (demo routes: demo mode only).
 * A new area is one more row here.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { healthRoutes } from './observability/health.ts';
import { configRoutes } from './modules/config/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { balanceRoutes } from './modules/balances/routes.ts';
import { priceRoutes } from './modules/prices/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { inventoryRoutes } from './modules/inventory/routes.ts';
import { landRoutes } from './modules/lands/routes.ts';
import { miningToolRoutes } from './modules/mtools/routes.ts';
import { walletRoutes } from './modules/wallets/routes.ts';
import { mineRoutes } from './modules/mines/routes.ts';
import { worldRoutes } from './modules/world/routes.ts';
import { vendorRoutes } from './modules/vendor/routes.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { chestRoutes } from './modules/chest/routes.ts';
import { questRoutes } from './modules/quests/routes.ts';
import { valleyRoutes } from './modules/valley/routes.ts';
import { stakingRoutes } from './modules/staking/routes.ts';
import { chainRoutes } from './modules/chain/routes.ts';
import { mintRoutes } from './modules/mint/routes.ts';
import { demoRoutes } from './modules/demo/routes.ts';
import { solanaRpcRoutes } from './modules/solana/routes.ts';
import { consoleRoutes } from './modules/console/routes.ts';

/** One route module: its area, what it serves (docs/product.md §7 names), its plugin, and when it is registered (default: always). */
export interface RouteModule {
  area: string;
  serves: string;
  routes: (api: FastifyInstance) => Promise<void>;
  when?: (config: Config) => boolean;
}

/** The API's route modules, in registration order. */
export const ROUTE_MODULES: readonly RouteModule[] = [
  { area: 'health', serves: 'liveness and readiness', routes: healthRoutes },
  { area: 'config', serves: 'public configuration', routes: configRoutes },
  { area: 'auth', serves: 'sign-in challenges, login, logout', routes: authRoutes },
  { area: 'users', serves: 'dashboard user, total lands', routes: userRoutes },
  { area: 'balances', serves: 'app balance of a token', routes: balanceRoutes },
  { area: 'prices', serves: 'ADA prices of EXO and HEXO', routes: priceRoutes },
  { area: 'notifications', serves: 'inbox, unread count, mark read', routes: notificationRoutes },
  { area: 'push', serves: 'Web Push: VAPID key, device subscriptions, topics, quiet hours', routes: pushRoutes },
  { area: 'inventory', serves: 'items and item count', routes: inventoryRoutes },
  { area: 'lands', serves: 'lands, a land, expansion', routes: landRoutes },
  { area: 'mtools', serves: 'mining tools', routes: miningToolRoutes },
  { area: 'wallets', serves: 'linked wallets, sync, master, stake keys', routes: walletRoutes },
  { area: 'mines', serves: 'gold and fren mines, workers, upgrades', routes: mineRoutes },
  { area: 'world', serves: 'settled days\' world totals', routes: worldRoutes },
  { area: 'vendor', serves: 'catalogue and purchases', routes: vendorRoutes },
  { area: 'market', serves: 'the Market: books, depth, orders, cancels, my orders and trades', routes: marketRoutes },
  { area: 'account', serves: 'profile and ledger', routes: accountRoutes },
  { area: 'chest', serves: 'weekly chest', routes: chestRoutes },
  { area: 'quests', serves: 'daily and weekly quests, claims, the quest table', routes: questRoutes },
  { area: 'valley', serves: 'valley map and mines', routes: valleyRoutes },
  { area: 'staking', serves: 'Staking Hub', routes: stakingRoutes },
  { area: 'chain', serves: 'deposits, withdrawals, orders, rounds', routes: chainRoutes },
  { area: 'mint', serves: 'the in-app land mint: reserve, build, submit, list', routes: mintRoutes },
  { area: 'demo', serves: 'faucet, clock, tick, blocks (no sign-in)', routes: demoRoutes, when: (config) => config.demo },
  { area: 'solana', serves: 'the browser\'s Solana JSON-RPC: the local cluster, or a proxy to the real one', routes: solanaRpcRoutes },
  { area: 'console', serves: 'the operator console: search, player page, support and moderation actions, economy, operations, audit', routes: consoleRoutes },
];

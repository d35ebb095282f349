/**
 * Method and path of every endpoint descriptor of `@kingdom/api` (`ENDPOINTS`), as plain data: the
 * descriptors carry zod schemas, and importing them at run time would put zod and every schema on
 * the first page (≈ 31 KB gzip). The `satisfies` clause makes TypeScript check this table against
 * the descriptors' literal types — a missing endpoint, a changed path or method does not compile.
 */
import type { ENDPOINTS, EndpointName } from '@kingdom/api';
import { FRAME_ROUTES } from './frame-routes.ts';

/** What the client needs of a descriptor at run time. */
export interface RouteOf<N extends EndpointName> {
  method: (typeof ENDPOINTS)[N]['method'];
  path: (typeof ENDPOINTS)[N]['path'];
}

/** The descriptors' methods and paths, by endpoint name. */
export const ROUTES = {
  ...FRAME_ROUTES,
  authChallenge: { method: 'POST', path: '/auth/challenge' },
  authChallengeTx: { method: 'POST', path: '/auth/challenge/tx' },
  authLogin: { method: 'POST', path: '/auth/login' },
  totalLands: { method: 'GET', path: '/user/total_lands' },
  balance: { method: 'GET', path: '/user/balance/:token' },
  prices: { method: 'GET', path: '/currencies/prices' },
  notifications: { method: 'GET', path: '/notifications' },
  notificationsRead: { method: 'POST', path: '/notifications/read' },
  inventoryItems: { method: 'GET', path: '/inventory/items' },
  inventoryCount: { method: 'GET', path: '/inventory/count' },
  lands: { method: 'GET', path: '/lands' },
  land: { method: 'GET', path: '/lands/:hex_name' },
  landExpand: { method: 'POST', path: '/lands/:hex_name/expand' },
  landUpdates: { method: 'GET', path: '/lands/updates' },
  landSeen: { method: 'POST', path: '/lands/:hex_name/seen' },
  landUpgradeResult: { method: 'GET', path: '/lands/:hex_name/upgrade' },
  miningTools: { method: 'GET', path: '/mining_tool' },
  walletSync: { method: 'POST', path: '/wallets/sync' },
  workerNfts: { method: 'GET', path: '/goldmine/worker-nfts' },
  minePerformance: { method: 'GET', path: '/mines/performance' },
  mineReport: { method: 'GET', path: '/mines/:mine/reports/:day' },
  worldDays: { method: 'GET', path: '/world/days' },
  walletsList: { method: 'GET', path: '/wallets' },
  walletsLink: { method: 'POST', path: '/wallets/link' },
  walletsLinkStake: { method: 'POST', path: '/wallets/stake' },
  walletsUnlink: { method: 'POST', path: '/wallets/unlink' },
  walletsSetMaster: { method: 'POST', path: '/wallets/master' },
  walletsResync: { method: 'POST', path: '/wallets/resync' },
  votesGet: { method: 'GET', path: '/staking/votes' },
  votesLock: { method: 'POST', path: '/staking/votes/lock' },
  votesUnlock: { method: 'POST', path: '/staking/votes/unlock' },
  votesAdd: { method: 'POST', path: '/staking/votes/add' },
  votesRemove: { method: 'POST', path: '/staking/votes/remove' },
  stakingLeaderboard: { method: 'GET', path: '/staking/leaderboard' },
  stakingCollection: { method: 'GET', path: '/staking/collections/:project' },
  stakingMarket: { method: 'GET', path: '/staking/market' },
  stakingActivity: { method: 'GET', path: '/staking/activity' },
  stakingMine: { method: 'GET', path: '/staking/mine' },
  stakingReport: { method: 'GET', path: '/staking/reports/:day' },
  vendorCatalogue: { method: 'GET', path: '/vendor/items' },
  vendorPurchase: { method: 'POST', path: '/vendor/purchase' },
  accountLedger: { method: 'GET', path: '/account/ledger' },
  accountLedgerCsv: { method: 'GET', path: '/account/ledger.csv' },
  accountProfile: { method: 'GET', path: '/account/profile' },
  accountProfileUpdate: { method: 'POST', path: '/account/profile' },
  chest: { method: 'GET', path: '/chest' },
  chestOpen: { method: 'POST', path: '/chest/open' },
  chestWeek: { method: 'GET', path: '/chest/weeks/:week' },
  valleyMap: { method: 'GET', path: '/valley/map' },
  valleyMine: { method: 'GET', path: '/valley/mine' },
  demoFaucet: { method: 'POST', path: '/demo/faucet' },
  demoTick: { method: 'POST', path: '/demo/tick' },
  demoBlocks: { method: 'POST', path: '/demo/chain/blocks' },
  chainInfo: { method: 'GET', path: '/chain/info' },
  chainWalletBalance: { method: 'GET', path: '/chain/wallet/:address' },
  chainBuildTx: { method: 'POST', path: '/chain/tx/build' },
  chainSubmitTx: { method: 'POST', path: '/chain/tx/submit' },
  chainDeposits: { method: 'GET', path: '/chain/deposits' },
  chainWithdrawalCreate: { method: 'POST', path: '/chain/withdrawals' },
  chainWithdrawals: { method: 'GET', path: '/chain/withdrawals' },
  saleRounds: { method: 'GET', path: '/tokensale/rounds' },
  exoOrderCreate: { method: 'POST', path: '/exo/orders' },
  exoOrders: { method: 'GET', path: '/exo/orders' },
  goldmineMines: { method: 'GET', path: '/goldmine/mines' },
  goldmineAssignWorker: { method: 'POST', path: '/goldmine/workers' },
  goldmineRemoveWorker: { method: 'POST', path: '/goldmine/workers/remove' },
  goldmineUpgrade: { method: 'POST', path: '/goldmine/upgrade' },
  frenmineMines: { method: 'GET', path: '/frenmine/mines' },
  frenmineAssignWorker: { method: 'POST', path: '/frenmine/workers' },
  frenmineRemoveWorker: { method: 'POST', path: '/frenmine/workers/remove' },
  frenmineUpgrade: { method: 'POST', path: '/frenmine/upgrade' },
  healthLive: { method: 'GET', path: '/health/live' },
  healthReady: { method: 'GET', path: '/health/ready' },
} as const satisfies { [N in EndpointName]: RouteOf<N> };

/**
 * API paths, relative to `/api` (docs/product.md §7 paths kept exactly), as plain strings: web pages import
 * them without the zod schemas of the endpoint descriptors (`./endpoints.ts`), which stay out of
 * the first page's JavaScript. `test/paths.test.ts` proves every path equals its descriptor's.
 */
import type { MineKind } from '@kingdom/game';

export { API_PREFIX, XSRF_COOKIE, XSRF_HEADER } from './http.ts';

const fill = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:([A-Za-z_]+)/g, (_, n: string) => encodeURIComponent(params[n] ?? ''));

export const PATHS = {
  csrfCookie: '/sanctum/csrf-cookie',
  config: '/config',
  authChallenge: '/auth/challenge',
  authChallengeTx: '/auth/challenge/tx',
  authLogin: '/auth/login',
  authLogout: '/auth/logout',
  dashboardUser: '/dashboard/user',
  prices: '/currencies/prices',
  balance: (token: string) => fill('/user/balance/:token', { token }),
  notificationsCount: '/notifications/count',
  inventoryItems: '/inventory/items',
  inventoryCount: '/inventory/count',
  lands: '/lands',
  miningTools: '/mining_tool',
  totalLands: '/user/total_lands',
  walletSync: '/wallets/sync',
  demoFaucet: '/demo/faucet',
  docs: '/docs/json',
  notifications: '/notifications',
  notificationsRead: '/notifications/read',
  mines: (mine: MineKind) => `/${mine}/mines`,
  mineWorkers: (mine: MineKind) => `/${mine}/workers`,
  mineWorkersRemove: (mine: MineKind) => `/${mine}/workers/remove`,
  mineUpgrade: (mine: MineKind) => `/${mine}/upgrade`,
  workerNfts: '/goldmine/worker-nfts',
  performance: '/mines/performance',
  report: (mine: MineKind, day: string) => fill('/mines/:mine/reports/:day', { mine, day }),
  land: (hexName: string) => fill('/lands/:hex_name', { hex_name: hexName }),
  landExpand: (hexName: string) => fill('/lands/:hex_name/expand', { hex_name: hexName }),
  landUpdates: '/lands/updates',
  landSeen: (hexName: string) => fill('/lands/:hex_name/seen', { hex_name: hexName }),
  landUpgradeResult: (hexName: string) => fill('/lands/:hex_name/upgrade', { hex_name: hexName }),
  worldDays: '/world/days',
  demoClock: '/demo/clock',
  demoTick: '/demo/tick',
  vendorCatalogue: '/vendor/items',
  vendorPurchase: '/vendor/purchase',
  accountLedger: '/account/ledger',
  accountLedgerCsv: '/account/ledger.csv',
  accountProfile: '/account/profile',
  chest: '/chest',
  chestOpen: '/chest/open',
  chestWeek: (week: string) => fill('/chest/weeks/:week', { week }),
  quests: '/quests',
  questClaim: (id: string) => fill('/quests/:id/claim', { id }),
  questTable: '/quests/table',
  achievements: '/account/achievements',
  hallOfFame: '/hall-of-fame',
  hallOfFameMe: '/hall-of-fame/me',
} as const;

/** Paths of the wallets and Staking-Hub endpoints, relative to `/api`. */
export const STAKING_PATHS = {
  walletsList: '/wallets',
  walletsLink: '/wallets/link',
  walletsLinkStake: '/wallets/stake',
  walletsUnlink: '/wallets/unlink',
  walletsSetMaster: '/wallets/master',
  walletsResync: '/wallets/resync',
  votesGet: '/staking/votes',
  votesLock: '/staking/votes/lock',
  votesUnlock: '/staking/votes/unlock',
  votesAdd: '/staking/votes/add',
  votesRemove: '/staking/votes/remove',
  stakingLeaderboard: '/staking/leaderboard',
  stakingCollection: (project: string) => fill('/staking/collections/:project', { project }),
  stakingMarket: '/staking/market',
  stakingActivity: '/staking/activity',
  stakingMine: '/staking/mine',
  stakingReport: (day: string) => fill('/staking/reports/:day', { day }),
} as const;

/** Paths of the Valley endpoints, relative to `/api`. */
export const VALLEY_PATHS = {
  /** Public: the whole map (ETag; 304 on If-None-Match). */
  map: '/valley/map',
  /** Bearer: ids of the lands the signed-in player holds (the map's "mine" layer). */
  mine: '/valley/mine',
} as const;

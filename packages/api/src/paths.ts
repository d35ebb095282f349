/**
 * Short names for filled endpoint paths (relative to `/api`), for the server's HTTP tests and the
 * tools that send raw requests (`app.inject({ url: API_PREFIX + PATHS.lands })`). Every value is
 * derived from an endpoint descriptor (`./endpoints.ts`), which alone declares each path; patterns are
 * filled by the one path filler, {@link fillPath} (URI-encoded). Callers that send requests use the
 * typed client instead (`./client.ts`, docs/architecture.md §2.1).
 */
import type { MineKind } from '@kingdom/game';
import { fillPath, pathOf } from './contract.ts';
import { ENDPOINTS as E, MINE_ENDPOINTS as M } from './endpoints.ts';

import { OPENAPI_PATH } from './http.ts';

export { API_PREFIX, OPENAPI_PATH, XSRF_COOKIE, XSRF_HEADER } from './http.ts';

export const PATHS = {
  csrfCookie: E.csrfCookie.path,
  config: E.config.path,
  authChallenge: E.authChallenge.path,
  authChallengeTx: E.authChallengeTx.path,
  authLogin: E.authLogin.path,
  authLogout: E.authLogout.path,
  dashboardUser: E.dashboardUser.path,
  prices: E.prices.path,
  balance: (token: string) => fillPath(E.balance.path, { token }),
  notificationsCount: E.notificationsCount.path,
  inventoryItems: E.inventoryItems.path,
  inventoryCount: E.inventoryCount.path,
  lands: E.lands.path,
  miningTools: E.miningTools.path,
  totalLands: E.totalLands.path,
  walletSync: E.walletSync.path,
  demoFaucet: E.demoFaucet.path,
  docs: OPENAPI_PATH,
  notifications: E.notifications.path,
  notificationsRead: E.notificationsRead.path,
  mines: (mine: MineKind) => M[mine].mines.path,
  mineWorkers: (mine: MineKind) => M[mine].assign.path,
  mineWorkersRemove: (mine: MineKind) => M[mine].remove.path,
  mineUpgrade: (mine: MineKind) => M[mine].upgrade.path,
  workerNfts: E.workerNfts.path,
  performance: E.minePerformance.path,
  report: (mine: MineKind, day: string) => pathOf(E.mineReport, { mine, day }),
  land: (hexName: string) => pathOf(E.land, { hex_name: hexName }),
  landExpand: (hexName: string) => pathOf(E.landExpand, { hex_name: hexName }),
  landUpdates: E.landUpdates.path,
  landSeen: (hexName: string) => pathOf(E.landSeen, { hex_name: hexName }),
  landUpgradeResult: (hexName: string) => pathOf(E.landUpgradeResult, { hex_name: hexName }),
  worldDays: E.worldDays.path,
  demoClock: E.demoClock.path,
  demoTick: E.demoTick.path,
  vendorCatalogue: E.vendorCatalogue.path,
  vendorPurchase: E.vendorPurchase.path,
  accountLedger: E.accountLedger.path,
  accountLedgerCsv: E.accountLedgerCsv.path,
  accountProfile: E.accountProfile.path,
  chest: E.chest.path,
  chestOpen: E.chestOpen.path,
  chestWeek: (week: string) => pathOf(E.chestWeek, { week }),
  quests: E.quests.path,
  questClaim: (id: string) => pathOf(E.questClaim, { id }),
  questTable: E.questTable.path,
  achievements: E.achievements.path,
  hallOfFame: E.hallOfFame.path,
  hallOfFameMe: E.hallOfFameMe.path,
} as const;

/** Paths of the wallets and Staking-Hub endpoints, relative to `/api` (same names as their descriptors). */
export const STAKING_PATHS = {
  walletsList: E.walletsList.path,
  walletsLink: E.walletsLink.path,
  walletsLinkStake: E.walletsLinkStake.path,
  walletsUnlink: E.walletsUnlink.path,
  walletsSetMaster: E.walletsSetMaster.path,
  walletsResync: E.walletsResync.path,
  votesGet: E.votesGet.path,
  votesLock: E.votesLock.path,
  votesUnlock: E.votesUnlock.path,
  votesAdd: E.votesAdd.path,
  votesRemove: E.votesRemove.path,
  stakingLeaderboard: E.stakingLeaderboard.path,
  stakingCollection: (project: string) => pathOf(E.stakingCollection, { project }),
  stakingMarket: E.stakingMarket.path,
  stakingActivity: E.stakingActivity.path,
  stakingMine: E.stakingMine.path,
  stakingReport: (day: string) => pathOf(E.stakingReport, { day }),
} as const;

/** Paths of the Valley endpoints, relative to `/api`. */
export const VALLEY_PATHS = {
  /** Public: the whole map (ETag; 304 on If-None-Match). */
  map: E.valleyMap.path,
  /** Bearer: ids of the lands the signed-in player holds (the map's "mine" layer). */
  mine: E.valleyMine.path,
} as const;

/**
 * API paths, relative to `/api` (spec §7 paths kept exactly), read from the endpoint descriptors of
 * `./endpoints.ts` — the one place a path is written.
 */
import type { MineKind } from '@kingdom/game';
import { pathOf } from './contract.ts';
import { ENDPOINTS as E, MINE_ENDPOINTS as M } from './endpoints.ts';

export { API_PREFIX, XSRF_COOKIE, XSRF_HEADER } from './http.ts';

export const PATHS = {
  csrfCookie: E.csrfCookie.path,
  config: E.config.path,
  authChallenge: E.authChallenge.path,
  authLogin: E.authLogin.path,
  authLogout: E.authLogout.path,
  dashboardUser: E.dashboardUser.path,
  prices: E.prices.path,
  balance: (token: string) => pathOf(E.balance, { token: token as 'exo' }),
  notificationsCount: E.notificationsCount.path,
  inventoryItems: E.inventoryItems.path,
  inventoryCount: E.inventoryCount.path,
  lands: E.lands.path,
  miningTools: E.miningTools.path,
  totalLands: E.totalLands.path,
  walletSync: E.walletSync.path,
  demoFaucet: E.demoFaucet.path,
  docs: '/docs/json',
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
  worldDays: E.worldDays.path,
  demoClock: E.demoClock.path,
  demoTick: E.demoTick.path,
} as const;

/**
 * API paths, relative to `/api` (spec §7 paths kept exactly; DESIGN.md "The HTTP contract").
 */
export const API_PREFIX = '/api';

export const PATHS = {
  csrfCookie: '/sanctum/csrf-cookie',
  config: '/config',
  authChallenge: '/auth/challenge',
  authLogin: '/auth/login',
  authLogout: '/auth/logout',
  dashboardUser: '/dashboard/user',
  prices: '/currencies/prices',
  balance: (token: string) => `/user/balance/${token}`,
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
  mines: (mine: 'goldmine' | 'frenmine') => `/${mine}/mines`,
  mineWorkers: (mine: 'goldmine' | 'frenmine') => `/${mine}/workers`,
  mineWorkersRemove: (mine: 'goldmine' | 'frenmine') => `/${mine}/workers/remove`,
  mineUpgrade: (mine: 'goldmine' | 'frenmine') => `/${mine}/upgrade`,
  workerNfts: '/goldmine/worker-nfts',
  performance: '/mines/performance',
  report: (mine: 'goldmine' | 'frenmine', day: string) => `/mines/${mine}/reports/${day}`,
  land: (hexName: string) => `/lands/${hexName}`,
  landExpand: (hexName: string) => `/lands/${hexName}/expand`,
  demoClock: '/demo/clock',
  demoTick: '/demo/tick',
} as const;

/** Paths of the Valley endpoints, relative to `/api`. */
export const VALLEY_PATHS = {
  /** Public: the whole map (ETag; 304 on If-None-Match). */
  map: '/valley/map',
  /** Bearer: ids of the lands the signed-in player holds (the map's "mine" layer). */
  mine: '/valley/mine',
} as const;

/** Name of the CSRF cookie the server sets and header the client returns (double submit). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

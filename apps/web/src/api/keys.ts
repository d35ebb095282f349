/**
 * Query keys. Everything that belongs to the signed-in user sits under `['me']`, so logout can drop
 * it in one call; public data (config, prices, collections) has its own roots.
 */
import type { Token } from '@kingdom/game';
import type { MineKind } from '@kingdom/api';

export interface ListParams {
  page: number;
  search?: string;
}

export const queryKeys = {
  config: ['config'] as const,
  prices: ['prices'] as const,
  me: ['me'] as const,
  /** Prefix of the account's chain-money lists (deposits, withdrawals, EXO orders, Master Wallet). */
  chainMoney: ['me', 'chain'] as const,
  user: ['me', 'user'] as const,
  balances: ['me', 'balance'] as const,
  balance: (token: Token) => ['me', 'balance', token] as const,
  notificationsCount: ['me', 'notifications-count'] as const,
  /** `GET /lands/updates`: the player's lands with has_update (the navigation's mark). */
  landUpdates: ['me', 'lands', 'updates'] as const,
  items: ['me', 'items'] as const,
  itemsCount: ['me', 'items-count'] as const,
  myLands: ['me', 'lands'] as const,
  myLandsPage: (p: ListParams) => ['me', 'lands', p.page, p.search ?? ''] as const,
  myTools: ['me', 'mtools'] as const,
  myToolsPage: (p: ListParams) => ['me', 'mtools', p.page] as const,
  /** The tool count (the first page's total), under the tools so their refresh covers it. */
  toolsCount: ['me', 'mtools', 'count'] as const,
  totalLands: ['me', 'total-lands'] as const,
  mines: ['me', 'mines'] as const,
  minesOf: (mine: MineKind) => ['me', 'mines', mine] as const,
  workerNfts: ['me', 'worker-nfts'] as const,
  performance: ['me', 'performance'] as const,
  performanceOf: (mine: MineKind, days: number) => ['me', 'performance', mine, days] as const,
  report: (mine: MineKind, day: string) => ['me', 'report', mine, day] as const,
  notifications: ['me', 'notifications'] as const,
  notificationsPage: (page: number) => ['me', 'notifications', page] as const,
  /** Public land pages (`GET /lands/:hex_name`). */
  landDetails: ['land'] as const,
  landDetail: (hexName: string) => ['land', hexName] as const,
  /** The demo game clock (public, demo only). */
  demoClock: ['demo-clock'] as const,
  collectionLands: (p: ListParams) => ['collection', 'lands', p.page, p.search ?? ''] as const,
  collectionTools: (p: ListParams) => ['collection', 'mtools', p.page] as const,
};

/**
 * Query keys. Everything that belongs to the signed-in user sits under `['me']`, so logout can drop
 * it in one call; public data (config, prices, collections) has its own roots.
 */
import type { Token } from '@kingdom/game';

export interface ListParams {
  page: number;
  search?: string;
}

export const queryKeys = {
  config: ['config'] as const,
  prices: ['prices'] as const,
  adaPrice: (url: string) => ['ada-price', url] as const,
  me: ['me'] as const,
  user: ['me', 'user'] as const,
  balances: ['me', 'balance'] as const,
  balance: (token: Token) => ['me', 'balance', token] as const,
  notificationsCount: ['me', 'notifications-count'] as const,
  items: ['me', 'items'] as const,
  itemsCount: ['me', 'items-count'] as const,
  myLands: ['me', 'lands'] as const,
  myLandsPage: (p: ListParams) => ['me', 'lands', p.page, p.search ?? ''] as const,
  myTools: ['me', 'mtools'] as const,
  myToolsPage: (p: ListParams) => ['me', 'mtools', p.page] as const,
  totalLands: ['me', 'total-lands'] as const,
  collectionLands: (p: ListParams) => ['collection', 'lands', p.page, p.search ?? ''] as const,
  collectionTools: (p: ListParams) => ['collection', 'mtools', p.page] as const,
};

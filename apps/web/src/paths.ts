/** Route paths the code links to (docs/product.md §2). The landing route's path is our choice. */
export const PATHS_WEB = {
  landing: '/welcome',
  login: '/login',
  overview: '/dashboard/overview',
  inventoryLands: '/dashboard/inventory/lands',
  inventoryItems: '/dashboard/inventory/items',
  inventoryTools: '/dashboard/inventory/mtools',
  collectibleLands: '/collectibles/lands',
  /** The navigation's "Rewards": the staking rewards in the HEXO history. */
  rewards: '/account/balances?token=hexo&reason=staking',
  account: '/account',
} as const;

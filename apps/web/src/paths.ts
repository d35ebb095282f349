/** Route paths the code links to (docs/product.md §2). The landing route's path is our choice. */
export const PATHS_WEB = {
  landing: '/welcome',
  login: '/login',
  overview: '/dashboard/overview',
  inventoryLands: '/dashboard/inventory/lands',
  inventoryItems: '/dashboard/inventory/items',
  inventoryTools: '/dashboard/inventory/mtools',
  collectibleLands: '/collectibles/lands',
  account: '/account',
} as const;

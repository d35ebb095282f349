/**
 * Every route of spec §2 with its redirects. Pages load lazily so the first page stays small;
 * redirects are loaders, so they happen before anything renders.
 */
import { Outlet, redirect, type RouteObject } from 'react-router';
import { RequireAuth } from '../components/require-auth.tsx';
import { PATHS_WEB } from '../paths.ts';
import { PageLoading } from './route-fallbacks.tsx';

/** Renders nothing: the route's loader has already redirected. */
function Redirecting() {
  return null;
}

/** A route that only redirects to `path`. */
const to = (path: string) => ({ loader: () => redirect(path), Component: Redirecting });

export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: async () => {
      const m = await import('./root.tsx');
      return { Component: m.RootLayout, ErrorBoundary: m.RouteError };
    },
    HydrateFallback: PageLoading,
    children: [
      { index: true, ...to(PATHS_WEB.login) },
      { path: 'login', lazy: async () => ({ Component: (await import('../features/auth/login-page.tsx')).LoginPage }) },
      { path: 'welcome', id: 'landing', lazy: async () => ({ Component: (await import('../features/landing/landing-page.tsx')).LandingPage }) },
      { path: 'connect/:type', lazy: async () => ({ Component: (await import('../features/auth/connect-page.tsx')).ConnectPage }) },
      { path: 'tokensale', lazy: async () => ({ Component: (await import('../features/tokensale/tokensale-page.tsx')).TokensalePage }) },
      {
        path: 'dashboard',
        element: (
          <RequireAuth to={PATHS_WEB.login}>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          { index: true, ...to(PATHS_WEB.overview) },
          { path: 'overview', lazy: async () => ({ Component: (await import('../features/dashboard/overview-page.tsx')).OverviewPage }) },
          { path: 'goldmine', ...to('/goldmine/performance') },
          {
            path: 'inventory',
            lazy: async () => ({ Component: (await import('../features/inventory/inventory-layout.tsx')).InventoryLayout }),
            children: [
              { index: true, ...to(PATHS_WEB.inventoryItems) },
              { path: 'lands', lazy: async () => ({ Component: (await import('../features/inventory/inventory-lands-page.tsx')).InventoryLandsPage }) },
              { path: 'mtools', lazy: async () => ({ Component: (await import('../features/inventory/inventory-tools-page.tsx')).InventoryToolsPage }) },
              { path: 'items', lazy: async () => ({ Component: (await import('../features/inventory/inventory-items-page.tsx')).InventoryItemsPage }) },
            ],
          },
        ],
      },
      {
        path: 'collectibles',
        lazy: async () => ({ Component: (await import('../features/collectibles/collectibles-layout.tsx')).CollectiblesLayout }),
        children: [
          { index: true, ...to(PATHS_WEB.collectibleLands) },
          { path: 'lands', lazy: async () => ({ Component: (await import('../features/collectibles/collectible-lands-page.tsx')).CollectibleLandsPage }) },
          { path: 'mtools', lazy: async () => ({ Component: (await import('../features/collectibles/collectible-tools-page.tsx')).CollectibleToolsPage }) },
        ],
      },
      { path: 'inventory', ...to(PATHS_WEB.inventoryLands) },
      { path: 'lands', ...to(PATHS_WEB.collectibleLands) },
      {
        path: 'goldmine',
        lazy: async () => ({ Component: (await import('../features/goldmine/goldmine-pages.tsx')).GoldmineLayout }),
        children: [
          { index: true, ...to('/goldmine/workers') },
          { path: 'workers', lazy: async () => ({ Component: (await import('../features/goldmine/goldmine-pages.tsx')).GoldmineWorkersPage }) },
          { path: 'performance', lazy: async () => ({ Component: (await import('../features/goldmine/goldmine-pages.tsx')).GoldminePerformancePage }) },
        ],
      },
      {
        path: 'frenmine',
        lazy: async () => ({ Component: (await import('../features/frenmine/frenmine-pages.tsx')).FrenmineLayout }),
        children: [
          { index: true, ...to('/frenmine/workers') },
          { path: 'workers', lazy: async () => ({ Component: (await import('../features/frenmine/frenmine-pages.tsx')).FrenmineWorkersPage }) },
          { path: 'performance', lazy: async () => ({ Component: (await import('../features/frenmine/frenmine-pages.tsx')).FrenminePerformancePage }) },
        ],
      },
      { path: 'vendor', lazy: async () => ({ Component: (await import('../features/vendor/vendor-page.tsx')).VendorPage }) },
      { path: 'valley', lazy: async () => ({ Component: (await import('../features/valley/valley-page.tsx')).ValleyPage }) },
      {
        path: 'staking-hub',
        lazy: async () => ({ Component: (await import('../features/staking-hub/staking-pages.tsx')).StakingLayout }),
        children: [
          { index: true, ...to('/staking-hub/activity') },
          ...(['activity', 'solana', 'cardano', 'market'] as const).map((path) => ({
            path,
            lazy: async () => ({ Component: (await import('../features/staking-hub/staking-pages.tsx')).StakingProjectsPage }),
          })),
          { path: 'user', lazy: async () => ({ Component: (await import('../features/staking-hub/staking-pages.tsx')).StakingUserPage }) },
          { path: 'votes', lazy: async () => ({ Component: (await import('../features/staking-hub/staking-pages.tsx')).StakingVotesPage }) },
        ],
      },
      { path: 'collection/:project', lazy: async () => ({ Component: (await import('../features/staking-hub/staking-pages.tsx')).CollectionPage }) },
      { path: 'land/:hex_name?/gold_mine', ...to('/goldmine/workers') },
      { path: 'land/:hex_name?', lazy: async () => ({ Component: (await import('../features/land/land-page.tsx')).LandPage }) },
      {
        path: 'account',
        element: (
          <RequireAuth to={PATHS_WEB.landing}>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            lazy: async () => ({ Component: (await import('../features/account/account-pages.tsx')).AccountLayout }),
            children: [
              { index: true, ...to('/account/inbox') },
              { path: 'inbox', lazy: async () => ({ Component: (await import('../features/account/inbox-page.tsx')).AccountInboxPage }) },
              { path: 'settings', lazy: async () => ({ Component: (await import('../features/account/account-pages.tsx')).AccountSettingsPage }) },
              { path: 'balances', lazy: async () => ({ Component: (await import('../features/account/account-pages.tsx')).AccountBalancesPage }) },
            ],
          },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./root.tsx')).NotFoundPage }) },
    ],
  },
];

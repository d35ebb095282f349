/**
 * Every route of spec §2 with its redirects, as one route table rendered by `useRoutes`
 * (react-router's declarative mode: its data-router half would add ≈ 16 KB gzip to the first page).
 * The root layout is part of the entry; pages load lazily so the first page stays small, and the
 * pages a URL matches are fetched at once at start-up ({@link preloadRoute}), not one after the
 * other.
 */
import { Suspense } from 'react';
import { Navigate, Outlet, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from '../components/require-auth.tsx';
import { PATHS_WEB } from '../paths.ts';
import { lazyPage, type LazyPage } from './lazy-page.ts';
import { PageLoading } from './route-fallbacks.tsx';
import { NotFoundPage, RootLayout } from './root.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

const goldmine = () => import('../features/goldmine/goldmine-pages.tsx');
const frenmine = () => import('../features/frenmine/frenmine-pages.tsx');
const staking = () => import('../features/staking-hub/staking-pages.tsx');
const account = () => import('../features/account/account-pages.tsx');

const Pages = {
  // a visitor's first pages: only the texts loaded with the app (i18n/en.ts)
  Login: lazyPage(() => import('../features/auth/login-page.tsx'), 'LoginPage', { frameTextsOnly: true }),
  Landing: lazyPage(() => import('../features/landing/landing-page.tsx'), 'LandingPage', { frameTextsOnly: true }),
  Connect: lazyPage(() => import('../features/auth/connect-page.tsx'), 'ConnectPage'),
  Tokensale: lazyPage(() => import('../features/tokensale/tokensale-page.tsx'), 'TokensalePage'),
  Overview: lazyPage(() => import('../features/dashboard/overview-page.tsx'), 'OverviewPage'),
  InventoryLayout: lazyPage(() => import('../features/inventory/inventory-layout.tsx'), 'InventoryLayout'),
  InventoryLands: lazyPage(() => import('../features/inventory/inventory-lands-page.tsx'), 'InventoryLandsPage'),
  InventoryTools: lazyPage(() => import('../features/inventory/inventory-tools-page.tsx'), 'InventoryToolsPage'),
  InventoryItems: lazyPage(() => import('../features/inventory/inventory-items-page.tsx'), 'InventoryItemsPage'),
  CollectiblesLayout: lazyPage(() => import('../features/collectibles/collectibles-layout.tsx'), 'CollectiblesLayout'),
  CollectibleLands: lazyPage(() => import('../features/collectibles/collectible-lands-page.tsx'), 'CollectibleLandsPage'),
  CollectibleTools: lazyPage(() => import('../features/collectibles/collectible-tools-page.tsx'), 'CollectibleToolsPage'),
  GoldmineLayout: lazyPage(goldmine, 'GoldmineLayout'),
  GoldmineWorkers: lazyPage(goldmine, 'GoldmineWorkersPage'),
  GoldminePerformance: lazyPage(goldmine, 'GoldminePerformancePage'),
  FrenmineLayout: lazyPage(frenmine, 'FrenmineLayout'),
  FrenmineWorkers: lazyPage(frenmine, 'FrenmineWorkersPage'),
  FrenminePerformance: lazyPage(frenmine, 'FrenminePerformancePage'),
  Vendor: lazyPage(() => import('../features/vendor/vendor-page.tsx'), 'VendorPage'),
  Valley: lazyPage(() => import('../features/valley/valley-page.tsx'), 'ValleyPage'),
  StakingLayout: lazyPage(staking, 'StakingLayout'),
  StakingProjects: lazyPage(staking, 'StakingProjectsPage'),
  StakingUser: lazyPage(staking, 'StakingUserPage'),
  StakingVotes: lazyPage(staking, 'StakingVotesPage'),
  Collection: lazyPage(staking, 'CollectionPage'),
  Land: lazyPage(() => import('../features/land/land-page.tsx'), 'LandPage'),
  AccountLayout: lazyPage(account, 'AccountLayout'),
  AccountInbox: lazyPage(() => import('../features/account/inbox-page.tsx'), 'AccountInboxPage'),
  AccountSettings: lazyPage(account, 'AccountSettingsPage'),
  AccountBalances: lazyPage(account, 'AccountBalancesPage'),
} satisfies Record<string, LazyPage>;

/** What a route keeps in its `handle`: how to fetch its page's code ahead of rendering. */
interface RouteHandle {
  preload(): Promise<unknown>;
}

/** A route rendering the lazily loaded `Page`. */
const page = (Page: LazyPage) => ({ element: <Page />, handle: { preload: Page.preload } satisfies RouteHandle });

/** A route that only redirects to `path` (replacing the history entry). */
const to = (path: string) => ({ element: <Navigate to={path} replace /> });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, ...to(PATHS_WEB.login) },
      { path: 'login', ...page(Pages.Login) },
      { path: 'welcome', ...page(Pages.Landing) },
      { path: 'connect/:type', ...page(Pages.Connect) },
      { path: 'tokensale', ...page(Pages.Tokensale) },
      {
        path: 'dashboard',
        element: (
          <RequireAuth to={PATHS_WEB.login}>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          { index: true, ...to(PATHS_WEB.overview) },
          { path: 'overview', ...page(Pages.Overview) },
          { path: 'goldmine', ...to('/goldmine/performance') },
          {
            path: 'inventory',
            ...page(Pages.InventoryLayout),
            children: [
              { index: true, ...to(PATHS_WEB.inventoryItems) },
              { path: 'lands', ...page(Pages.InventoryLands) },
              { path: 'mtools', ...page(Pages.InventoryTools) },
              { path: 'items', ...page(Pages.InventoryItems) },
            ],
          },
        ],
      },
      {
        path: 'collectibles',
        ...page(Pages.CollectiblesLayout),
        children: [
          { index: true, ...to(PATHS_WEB.collectibleLands) },
          { path: 'lands', ...page(Pages.CollectibleLands) },
          { path: 'mtools', ...page(Pages.CollectibleTools) },
        ],
      },
      { path: 'inventory', ...to(PATHS_WEB.inventoryLands) },
      { path: 'lands', ...to(PATHS_WEB.collectibleLands) },
      {
        path: 'goldmine',
        ...page(Pages.GoldmineLayout),
        children: [
          { index: true, ...to('/goldmine/workers') },
          { path: 'workers', ...page(Pages.GoldmineWorkers) },
          { path: 'performance', ...page(Pages.GoldminePerformance) },
        ],
      },
      {
        path: 'frenmine',
        ...page(Pages.FrenmineLayout),
        children: [
          { index: true, ...to('/frenmine/workers') },
          { path: 'workers', ...page(Pages.FrenmineWorkers) },
          { path: 'performance', ...page(Pages.FrenminePerformance) },
        ],
      },
      { path: 'vendor', ...page(Pages.Vendor) },
      { path: 'valley', ...page(Pages.Valley) },
      {
        path: 'staking-hub',
        ...page(Pages.StakingLayout),
        children: [
          { index: true, ...to('/staking-hub/activity') },
          ...(['activity', 'solana', 'cardano', 'market'] as const).map((path) => ({ path, ...page(Pages.StakingProjects) })),
          { path: 'user', ...page(Pages.StakingUser) },
          { path: 'votes', ...page(Pages.StakingVotes) },
        ],
      },
      { path: 'collection/:project', ...page(Pages.Collection) },
      { path: 'land/:hex_name?/gold_mine', ...to('/goldmine/workers') },
      { path: 'land/:hex_name?', ...page(Pages.Land) },
      {
        path: 'account',
        element: (
          <RequireAuth to={PATHS_WEB.landing}>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            ...page(Pages.AccountLayout),
            children: [
              { index: true, ...to('/account/inbox') },
              { path: 'inbox', ...page(Pages.AccountInbox) },
              { path: 'settings', ...page(Pages.AccountSettings) },
              { path: 'balances', ...page(Pages.AccountBalances) },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts fetching, all at once, the code of every page `pathname` matches (e.g. a layout and its
 * page), instead of the layout first and the page only once the layout renders.
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    void handle?.preload().catch(() => undefined);
  }
}

/**
 * The app's routes inside the router: a spinner while the first page's code loads, and the error
 * page when a page fails to load or render.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary location={location.pathname}>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

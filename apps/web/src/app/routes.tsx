/**
 * Every route of docs/product.md §2 with its redirects, as one route table rendered by `useRoutes`
 * (react-router's declarative mode: its data-router half would add ≈ 16 KB gzip to the first page).
 * The root layout is part of the entry; pages load lazily so the first page stays small, and the
 * pages a URL matches are fetched at once at start-up ({@link preloadRoute}), not one after the
 * other.
 */
import { Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from '../components/require-auth.tsx';
import { PATHS_WEB } from '../paths.ts';
import { lazyPage, type LazyPage } from './lazy-page.ts';
import { PageLoading } from './route-fallbacks.tsx';
import { NotFoundPage, RootLayout } from './root.tsx';
import { AppProviders } from './providers.tsx';
import { inSeparateTasks } from '../api/in-tasks.ts';
import { queryClient } from '../api/query-client.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

const mines = () => import('../features/mines/mine-pages.tsx');
const staking = () => import('../features/staking-hub/staking-pages.ts');
const account = () => import('../features/account/account-pages.tsx');
const chest = () => import('../features/chest/chest-pages.tsx');

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
  MinesLayout: lazyPage(mines, 'MinesLayout'),
  MineWorkers: lazyPage(mines, 'MineWorkersPage'),
  MinePerformance: lazyPage(mines, 'MinePerformancePage'),
  MineReport: lazyPage(mines, 'ReportRoute'),
  StakingReport: lazyPage(staking, 'StakingReportRoute'),
  Vendor: lazyPage(() => import('../features/vendor/vendor-page.tsx'), 'VendorPage'),
  Quests: lazyPage(() => import('../features/quests/quests-page.tsx'), 'QuestsPage'),
  Market: lazyPage(() => import('../features/market/market-page.tsx'), 'MarketPage'),
  Valley: lazyPage(() => import('../features/valley/valley-page.tsx'), 'ValleyPage'),
  World: lazyPage(() => import('../features/world/world-page.tsx'), 'WorldPage'),
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
  Chest: lazyPage(chest, 'ChestPage'),
  ChestVerify: lazyPage(chest, 'ChestVerifyPage'),
  Console: lazyPage(() => import('../features/console/console-app.tsx'), 'ConsoleApp'),
} satisfies Record<string, LazyPage>;

/**
 * What a route keeps in its `handle`: how to fetch its page's code ahead of rendering and, for a
 * signed-in user, which of the session's calls the page shows (started at once, beside the code).
 */
interface RouteHandle {
  preload(): Promise<unknown>;
  data?(qc: QueryClient): void;
}

/** A route rendering the lazily loaded `Page`; `data` starts the session calls the page shows. */
const page = (Page: LazyPage, data?: RouteHandle['data']) => ({ element: <Page />, handle: { preload: Page.preload, data } satisfies RouteHandle });

/** The overview's calls (balances, prices, counts), started as their small module arrives. */
function overviewData(qc: QueryClient): void {
  void import('../api/account-calls.ts').then((m) => m.prefetchOverview(qc), () => undefined);
}

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
          { path: 'overview', ...page(Pages.Overview, overviewData) },
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
      ...(['goldmine', 'frenmine'] as const).map((kind) => ({
        path: kind,
        ...page(Pages.MinesLayout),
        children: [
          { index: true, ...to(`/${kind}/workers`) },
          { path: 'workers', ...page(Pages.MineWorkers) },
          { path: 'performance', ...page(Pages.MinePerformance) },
        ],
      })),
      { path: 'vendor', ...page(Pages.Vendor) },
      { path: 'quests', ...page(Pages.Quests) },
      { path: 'market', ...page(Pages.Market) },
      { path: 'chest/verify', ...page(Pages.ChestVerify) },
      { path: 'valley', ...page(Pages.Valley) },
      { path: 'world', ...page(Pages.World) },
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
              { path: 'inbox', ...page(Pages.AccountInbox), children: [{ path: 'report/:mine/:day', ...page(Pages.MineReport) }, { path: 'staking-report/:day', ...page(Pages.StakingReport) }] },
              { path: 'settings', ...page(Pages.AccountSettings) },
              { path: 'balances', ...page(Pages.AccountBalances) },
              { path: 'chest', ...page(Pages.Chest) },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // the operator console: its own frame (not the player's, whose maintenance page would hide it)
  {
    path: '/console/*',
    element: (
      <AppProviders queryClient={queryClient}>
        <Suspense fallback={<PageLoading />}>
          <Pages.Console />
        </Suspense>
      </AppProviders>
    ),
    handle: { preload: Pages.Console.preload } satisfies RouteHandle,
  },
];

/**
 * Starts fetching, all at once, the code of every page `pathname` matches (e.g. a layout and its
 * page), instead of the layout first and the page only once the layout renders; with `qc` (a
 * signed-in user) also the session calls those pages show. Each page's calls and code start in a
 * task of their own (api/in-tasks.ts): with the route match they were one long task.
 * @returns when the code is loaded (never rejects)
 */
export function preloadRoute(pathname: string, qc?: QueryClient): Promise<unknown> {
  const steps: (() => unknown)[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (!handle) continue;
    const { data } = handle;
    if (qc && data) steps.push(() => data(qc));
    steps.push(() => handle.preload().catch(() => undefined));
  }
  return inSeparateTasks(steps).then((started) => Promise.all(started));
}

/**
 * The app's routes inside the router, and the error page when a page fails to load or render. The
 * frame has its own Suspense around the page (app-shell.tsx), so it never waits for a page's code;
 * this outer one only covers the frame itself.
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

import { Suspense, useCallback, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../api/session-calls.ts';
import { useAppStatus } from '../session/app-status.ts';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { MaintenancePage } from '../features/maintenance/maintenance-page.tsx';
import { usePageLoading } from './lazy-page.ts';
import { SessionEffectsPart as SessionEffects } from './signed-in-parts.ts';
import { useFirstPageReady } from './start.ts';
import { SiteHeader } from './site-header.tsx';
import { SiteNav } from './site-nav.tsx';
import { SiteFooter } from './site-footer.tsx';
import { useMenuOpen } from './use-menu-open.ts';
import { PageLoading } from './route-fallbacks.tsx';

/** The page frame: header, navigation, content (or the maintenance page), footer. */
export function AppShell() {
  const { t } = useTranslation();
  // The small-screen menu: moving to another page closes it, a redirect does not (use-menu-open.ts).
  const [menuOpen, setMenuOpen] = useMenuOpen();
  const pageLoading = usePageLoading();
  const config = useConfig();
  const authed = useIsAuthenticated();
  const maintenanceFlag = useAppStatus((s) => s.maintenance);
  const setMaintenance = useAppStatus((s) => s.setMaintenance);
  const maintenance = maintenanceFlag || config.data?.maintenance === true;
  const firstPageReady = useFirstPageReady();
  // stable, so that the memoized header and navigation skip the shell's re-renders (the answers of the start-up calls)
  const toggleMenu = useCallback(() => setMenuOpen(!menuOpen), [menuOpen, setMenuOpen]);
  const closeMenu = useCallback(() => setMenuOpen(false), [setMenuOpen]);

  useEffect(() => {
    if (config.data?.maintenance) setMaintenance(true);
  }, [config.data?.maintenance, setMaintenance]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <SiteHeader menuOpen={menuOpen} onToggleMenu={toggleMenu} />
      <div className="shell__body">
        <SiteNav open={menuOpen} onNavigate={closeMenu} />
        <main id="main" className="content" aria-busy={pageLoading}>
          {pageLoading ? <div className="route-progress" aria-hidden="true" /> : null}
          {maintenance ? (
            <MaintenancePage />
          ) : !firstPageReady ? (
            <PageLoading />
          ) : (
            // the frame never waits for a page's code: only the page area shows the spinner
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          )}
        </main>
      </div>
      <SiteFooter />
      {authed ? (
        <Suspense fallback={null}>
          <SessionEffects />
        </Suspense>
      ) : null}
    </div>
  );
}

import { Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { PATHS_WEB } from '../paths.ts';
import { AccountBarPart as AccountBar } from './signed-in-parts.ts';

/** Top bar: brand, menu toggle (small screens), role, notification count, account and logout. */
export function SiteHeader({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu(): void }) {
  const { t } = useTranslation();
  const authed = useIsAuthenticated();

  return (
    <header className="topbar">
      <button type="button" className="topbar__menu btn btn--ghost" aria-expanded={menuOpen} aria-controls="site-nav" onClick={onToggleMenu}>
        <span aria-hidden="true">☰</span>
        <span className="sr-only">{t('nav.menu')}</span>
      </button>
      <Link to={authed ? PATHS_WEB.overview : PATHS_WEB.landing} className="brand">
        <span className="brand__crown" aria-hidden="true">
          ♛
        </span>
        {t('app.name')}
      </Link>
      <div className="topbar__spacer" />
      {authed ? (
        <Suspense fallback={null}>
          <AccountBar />
        </Suspense>
      ) : (
        <>
          <span className="who__role">{t('roles.visitor')}</span>
          <Link to={PATHS_WEB.login} className="btn btn--primary">
            {t('nav.login')}
          </Link>
        </>
      )}
    </header>
  );
}

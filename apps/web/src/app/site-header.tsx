import { Suspense, memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { PATHS_WEB } from '../paths.ts';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../i18n/language.ts';
import { AccountBarPart as AccountBar } from './signed-in-parts.ts';

/**
 * The language switch of a visitor (login, landing; docs/product.md §10): the same choice as the one in
 * the account settings, remembered in this browser; its module loads only when used.
 */
function VisitorLanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className="topbar__language"
      aria-label={t('nav.language')}
      data-testid="visitor-language"
      value={isLanguage(i18n.language) ? i18n.language : 'en'}
      onChange={(e) => {
        const lng = e.target.value;
        if (isLanguage(lng)) void import('../i18n/language-switch.ts').then((m) => m.changeLanguage(lng));
      }}
    >
      {LANGUAGES.map((lng) => <option key={lng} value={lng} lang={lng}>{LANGUAGE_NAMES[lng]}</option>)}
    </select>
  );
}

/** Top bar: brand, menu toggle (small screens), role, notification count, account and logout; a visitor's language switch. */
export const SiteHeader = memo(function SiteHeader({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu(): void }) {
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
          <VisitorLanguageSwitch />
          <Link to={PATHS_WEB.login} className="btn btn--primary">
            {t('nav.login')}
          </Link>
        </>
      )}
    </header>
  );
});

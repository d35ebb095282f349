/**
 * `/console` (docs/product.md §2): the operator console, its own lazily loaded chunk and frame —
 * the player's frame (and its maintenance page) stays out, so an operator can switch maintenance
 * off from here. Operators sign in with their wallet as players do; `GET` of the operator's own
 * record says who they are and their role, and a player's session gets 403 there: the page then
 * says "Not an operator". Desktop-first; on a phone every page reads, actions stay on a wide screen.
 */
import { useState, type ReactNode } from 'react';
import { Link, NavLink, Navigate, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';
import { enConsole } from '../../i18n/en-console.ts';
import { esConsole } from '../../i18n/es-console.ts';
import { isLanguage, type Language } from '../../i18n/language.ts';
import { LANGUAGE_NAMES, changeLanguage } from '../../i18n/language-switch.ts';
import { ApiError } from '../../api/client.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { WalletAddress } from '../../components/wallet-address.tsx';
import { PATHS_WEB } from '../../paths.ts';
import { useOperatorMe } from './api.ts';
import { OperatorContext, type ConsoleOperator } from './operator.ts';
import { lastPlayer } from './last-player.ts';
import { SearchPage } from './search-page.tsx';
import { PlayerPage } from './player-page.tsx';
import { EconomyPage } from './economy-page.tsx';
import { OperationsPage } from './operations-page.tsx';
import { AuditPage } from './audit-page.tsx';
import { OperatorsPage } from './operators-page.tsx';
import { AnnouncePage } from './announce-page.tsx';
import './console.css';

i18n.addResourceBundle('en', 'translation', enConsole, true, false);
i18n.addResourceBundle('es', 'translation', esConsole, true, false);

/** The console's sections, in the navigation's order (`player` leads to the last player opened). */
const SECTIONS = ['search', 'player', 'economy', 'operations', 'audit', 'operators', 'announce'] as const;

function LanguageSelect() {
  const { t, i18n: i } = useTranslation();
  const [lng, setLng] = useState<Language>(isLanguage(i.language) ? i.language : 'en');
  return (
    <label className="console-lang">
      <span className="sr-only">{t('console.language')}</span>
      <select value={lng} onChange={(e) => { const l = e.target.value as Language; setLng(l); void changeLanguage(l); }} data-testid="console-language">
        {(Object.keys(LANGUAGE_NAMES) as Language[]).map((l) => <option key={l} value={l}>{LANGUAGE_NAMES[l]}</option>)}
      </select>
    </label>
  );
}

function ConsoleHeader({ operator }: { operator: ConsoleOperator | null }) {
  const { t } = useTranslation();
  return (
    <header className="console-top">
      <Link to="/console" className="brand console-top__brand">
        <span className="brand__crown" aria-hidden="true">♛</span>
        {t('console.brand')}
      </Link>
      <div className="topbar__spacer" />
      {operator ? (
        <div className="console-top__who" data-testid="console-operator">
          <span className="who__role">{t('console.signedInAs')}</span>
          <WalletAddress address={operator.address} />
          <span className={`badge console-role console-role--${operator.role}`} data-testid="console-role">{t('console.roleBadge', { role: t(`console.roles.${operator.role}`) })}</span>
        </div>
      ) : null}
      <LanguageSelect />
      <Link to={PATHS_WEB.overview} className="btn btn--ghost btn--small">{t('console.backToGame')}</Link>
    </header>
  );
}

function ConsoleNav() {
  const { t } = useTranslation();
  const player = lastPlayer();
  const location = useLocation();
  return (
    <nav className="console-nav" aria-label={t('console.nav.label')}>
      <ul>
        {SECTIONS.map((s) => {
          const to = s === 'player' ? (player ? `/console/player/${player}` : '/console/search') : `/console/${s}`;
          const active = s === 'player' ? location.pathname.startsWith('/console/player/') : location.pathname.startsWith(`/console/${s}`);
          return (
            <li key={s}>
              <NavLink to={to} className={active ? 'console-nav__link console-nav__link--active' : 'console-nav__link'} aria-current={active ? 'page' : undefined} data-testid={`console-nav-${s}`}>
                {t(`console.nav.${s}`)}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The page area of the console: the header, and `children` in `<main>`. */
function Frame({ operator, nav, children }: { operator: ConsoleOperator | null; nav?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="console">
      <a className="skip-link" href="#main">{t('app.skipToContent')}</a>
      <ConsoleHeader operator={operator} />
      <div className="console__body">
        {nav ? <ConsoleNav /> : null}
        <main id="main" className="console__main">{children}</main>
      </div>
    </div>
  );
}

function NotOperator() {
  const { t } = useTranslation();
  return (
    <Frame operator={null}>
      <div data-testid="console-not-operator">
        <EmptyState title={t('console.notOperator.title')} text={t('console.notOperator.text')}>
          <Link className="btn btn--primary" to={PATHS_WEB.overview}>{t('console.notOperator.back')}</Link>
        </EmptyState>
      </div>
    </Frame>
  );
}

function SignInFirst() {
  const { t } = useTranslation();
  // back here once signed in (/login?next=…)
  const here = useLocation();
  return (
    <Frame operator={null}>
      <div data-testid="console-sign-in">
        <EmptyState title={t('console.signIn.title')} text={t('console.signIn.text')}>
          <Link className="btn btn--primary" to={`${PATHS_WEB.login}?next=${encodeURIComponent(here.pathname + here.search)}`}>{t('console.signIn.go')}</Link>
        </EmptyState>
      </div>
    </Frame>
  );
}

function OperatorConsole() {
  const { t } = useTranslation();
  const me = useOperatorMe();
  if (me.error) {
    if (me.error instanceof ApiError && me.error.status === 403) return <NotOperator />;
    if (me.error instanceof ApiError && me.error.status === 401) return <SignInFirst />;
    return <Frame operator={null}><InlineError>{t('console.loadFailed')}</InlineError></Frame>;
  }
  if (!me.data) return <Frame operator={null}><p className="muted" role="status">{t('console.loading')}</p></Frame>;
  const operator: ConsoleOperator = { address: me.data.address, role: me.data.role, twoPersonLimit: me.data.two_person_limit, otherAdmins: me.data.other_admins };
  return (
    <OperatorContext.Provider value={operator}>
      <Frame operator={operator} nav>
        <Routes>
          <Route index element={<Navigate to="search" replace />} />
          <Route path="search" element={<SearchPage />} />
          <Route path="player/:id" element={<PlayerPage />} />
          <Route path="economy" element={<EconomyPage />} />
          <Route path="operations" element={<OperationsPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="operators" element={<OperatorsPage />} />
          <Route path="announce" element={<AnnouncePage />} />
          <Route path="*" element={<Navigate to="search" replace />} />
        </Routes>
      </Frame>
    </OperatorContext.Provider>
  );
}

/** `/console/*`: sign in first, "not an operator", or the console. */
export function ConsoleApp() {
  return useIsAuthenticated() ? <OperatorConsole /> : <SignInFirst />;
}

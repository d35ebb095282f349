/**
 * The root route's module: providers, the page frame and the start-up calls. Every page needs it
 * before its first render, so it is part of the entry chunk (a lazy root only moved the same bytes
 * into one more file, fetched in parallel but compressed apart).
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../api/query-client.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { AppProviders } from './providers.tsx';
import { AppShell } from './app-shell.tsx';

/** The root route's component (the start-up calls: app/start.ts). */
export function RootLayout() {
  return (
    <AppProviders queryClient={queryClient}>
      <AppShell />
    </AppProviders>
  );
}

/** Unknown paths. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('app.notFoundTitle')} text={t('app.notFoundText')}>
      <Link className="btn btn--primary" to="/">
        {t('app.backHome')}
      </Link>
    </EmptyState>
  );
}

/** The routes' error page (see route-error-boundary.tsx): a failed chunk load or a render error. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <AppProviders queryClient={queryClient}>
      <div className="content">
        <EmptyState title={t('app.error')}>
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            {t('app.reload')}
          </button>
        </EmptyState>
      </div>
    </AppProviders>
  );
}

import { useTranslation } from 'react-i18next';
import { useConfig } from '../api/endpoints/config.ts';
import { useMyLands } from '../api/endpoints/lands.ts';
import { useDashboardUser } from '../api/endpoints/dashboard-user.ts';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { EmptyState } from './empty-state.tsx';
import { LandGrid } from './land-card.tsx';
import { CardSkeletons } from './query-state.tsx';
import { Pager } from './pager.tsx';
import { useListParams } from './use-list-params.ts';
import { SignInPrompt } from './sign-in-prompt.tsx';
import { errorText } from '../i18n/index.ts';

/**
 * Shared body of the gold mine and fren mine pages: a visitor is asked to sign in, a user without
 * land sees 'Not a land owner', a land owner sees their lands with mine levels. Managing workers
 * is not built yet, and the page says so instead of showing made-up numbers.
 */
export function MinesPanel({ performance }: { performance: boolean }) {
  const { t } = useTranslation();
  const authed = useIsAuthenticated();
  const user = useDashboardUser();
  const { page, setPage } = useListParams();
  const lands = useMyLands({ page });
  const mintUrl = useConfig().data?.mint_url;
  if (!authed) return <SignInPrompt />;
  if (user.isPending) return <CardSkeletons count={3} />;
  if (!user.data?.land_owner) {
    return (
      <EmptyState title={t('mines.notLandOwner')} text={t('mines.notLandOwnerText')}>
        {mintUrl ? (
          <a className="btn btn--gold" href={mintUrl} target="_blank" rel="noreferrer noopener">
            {t('mines.mintLand')}
          </a>
        ) : null}
      </EmptyState>
    );
  }
  if (performance) return <EmptyState title={errorText('SYSTEM_FEATURE_NOT_AVAILABLE')} />;
  if (lands.isPending) return <CardSkeletons count={3} />;
  if (!lands.data || lands.data.lands.length === 0) return <EmptyState title={t('mines.noLands')} text={t('mines.noLandsText')} />;
  return (
    <>
      <p className="notice">{errorText('SYSTEM_FEATURE_NOT_AVAILABLE')}</p>
      <LandGrid lands={lands.data.lands} label={t('mines.yourLands')} />
      <Pager page={lands.data.page} perPage={lands.data.per_page} total={lands.data.total} onPage={setPage} disabled={lands.isFetching} />
    </>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig, useDashboardUser } from '../../api/session-calls.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { MintLandButton } from '../../chain/mint-door.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { PATHS_WEB } from '../../paths.ts';

/**
 * 'Not a land owner' (docs/product.md §2 empty states) with the way in: in demo mode the dashboard's demo
 * assets, otherwise 'Mint Your Land' and the wallet's marketplace.
 */
export function NotLandOwner() {
  const { t } = useTranslation();
  const config = useConfig().data;
  if (config?.demo) {
    return (
      <EmptyState title={t('mines.notLandOwner')} text={t('mines.notLandOwnerDemo')}>
        <Link className="btn btn--gold" to={PATHS_WEB.overview}>
          {t('mines.getDemoAssets')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <EmptyState title={t('mines.notLandOwner')} text={t('mines.notLandOwnerText')}>
      <MintLandButton label={t('mines.mintLand')} />
      <p className="muted">{t('mines.marketplaceHint')}</p>
    </EmptyState>
  );
}

/**
 * Shared gate of the gold mine and fren mine pages: a visitor is asked to sign in, a user without
 * land sees 'Not a land owner'; a land owner sees `children`.
 */
export function MinesGate({ children }: { children: ReactNode }) {
  const authed = useIsAuthenticated();
  const user = useDashboardUser();
  if (!authed) return <SignInPrompt />;
  if (user.isPending) return <CardSkeletons count={2} />;
  if (!user.data?.land_owner) return <NotLandOwner />;
  return <>{children}</>;
}

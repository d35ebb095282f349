import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../api/endpoints/config.ts';
import { useDashboardUser } from '../api/endpoints/dashboard-user.ts';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { EmptyState } from './empty-state.tsx';
import { CardSkeletons } from './query-state.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';

/** 'Not a land owner' with the mint link (spec §2 empty states). */
export function NotLandOwner() {
  const { t } = useTranslation();
  const mintUrl = useConfig().data?.mint_url;
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

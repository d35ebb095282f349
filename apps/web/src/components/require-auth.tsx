import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { useSession } from '../session/session-store.ts';
import { PATHS_WEB } from '../paths.ts';

/** Renders `children` for a signed-in user, else redirects to `to` (keeping where they came from). */
export function RequireAuth({ to, children }: { to: string; children: ReactNode }) {
  const authed = useIsAuthenticated();
  const signingOut = useSession((s) => s.signingOut);
  const location = useLocation();
  if (!authed) return <Navigate to={signingOut ? PATHS_WEB.landing : to} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

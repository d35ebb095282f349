/**
 * Logout (spec §4): ask the server, clear session fields and ALL local storage, go to the landing
 * route, toast the disconnect message.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getLogout } from '../api/endpoints/auth.ts';
import { isNotAuth } from '../api/client.ts';
import { queryKeys } from '../api/keys.ts';
import { notifySuccess } from '../components/notify.ts';
import { PATHS_WEB } from '../paths.ts';
import { useSession } from './session-store.ts';

/** Returns the logout action. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { t } = useTranslation();
  return useCallback(async () => {
    let loggedOut = false;
    try {
      loggedOut = (await getLogout()).status === 'success';
    } catch (e) {
      // A 401 means the server already forgot the token: the user is logged out either way.
      loggedOut = isNotAuth(e);
    }
    // `signingOut` makes a protected page that sees the cleared session send the user to the
    // landing page too, rather than to /login. It stays set until the next sign-in: the router
    // commits in a transition, so the old page may re-render after `navigate` resolves.
    useSession.getState().beginSignOut();
    localStorage.clear();
    qc.removeQueries({ queryKey: queryKeys.me });
    await navigate(PATHS_WEB.landing, { replace: true });
    if (loggedOut) notifySuccess(t('login.disconnected'));
  }, [navigate, qc, t]);
}

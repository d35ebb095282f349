/**
 * Logout (docs/product.md §4): ask the server, clear session fields and all local storage, go to the landing
 * route, toast the disconnect message. An expired session (the server already refused the token)
 * skips the server call and the disconnect toast: the expiry toast is the one message. Every cached
 * answer but the server config goes too. The demo wallet's keys and the language choice survive on
 * purpose (the login page says so): they ARE the demo player's wallet (its lands and workers live at their address), so
 * signing in again finds the same one.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getLogout } from '../api/session-calls.ts';
import { isNotAuth } from '../api/client.ts';
import { queryKeys } from '../api/keys.ts';
import { notifySuccess } from '../components/notify.ts';
import { PATHS_WEB } from '../paths.ts';
import { DEMO_STORAGE_KEYS } from '../wallets/demo/storage-keys.ts';
import { LANGUAGE_STORAGE_KEY } from '../i18n/language.ts';
import { LAST_WALLETS_STORAGE_KEY } from './last-wallet.ts';
import { useSession } from './session-store.ts';

/**
 * Clears local storage except the demo wallet's secret keys, the language choice (a setting of this
 * browser, not of the session) and each account's last wallet ("Connect a wallet" after the next sign-in).
 */
export function clearLocalStorageKeepingDemoWallet(): void {
  const kept = [...Object.values(DEMO_STORAGE_KEYS), LANGUAGE_STORAGE_KEY, LAST_WALLETS_STORAGE_KEY].flatMap((key) => {
    const value = localStorage.getItem(key);
    return value === null ? [] : [[key, value] as const];
  });
  localStorage.clear();
  for (const [key, value] of kept) localStorage.setItem(key, value);
}

/** How the session ends: `expired` when the server refused the token (no call, no disconnect toast). */
export interface LogoutOptions {
  expired?: boolean;
}

/** Returns the logout action. */
export function useLogout(): (options?: LogoutOptions) => Promise<void> {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { t } = useTranslation();
  return useCallback(async (options: LogoutOptions = {}) => {
    let loggedOut = false;
    if (!options.expired) {
      try {
        loggedOut = (await getLogout()).status === 'success';
      } catch (e) {
        // A 401 means the server already forgot the token: the user is logged out either way.
        loggedOut = isNotAuth(e);
      }
    }
    // `signingOut` makes a protected page that sees the cleared session send the user to the
    // landing page too, rather than to /login. It stays set until the next sign-in: the router
    // commits in a transition, so the old page may re-render after `navigate` resolves.
    useSession.getState().beginSignOut();
    clearLocalStorageKeepingDemoWallet();
    // every cached answer goes, not only the account's (`['me', …]`): the Staking-Hub's votes and
    // stake, reports and chain lists are the player's too (docs/product.md §10). The config stays: it is the
    // server's, and the frame needs it on the landing page.
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.config[0] });
    await navigate(PATHS_WEB.landing, { replace: true });
    // the session ended (not only the wallet): its own words, not "Wallet disconnected"
    if (loggedOut) notifySuccess(t('login.loggedOut'));
  }, [navigate, qc, t]);
}

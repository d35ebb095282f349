/**
 * Side effects of the session (spec §4): on authentication load the user and the dashboard data;
 * a USER_NOT_AUTH answer to the user call means the session expired → toast, then logout; the
 * saved wallet is selected again after a reload, then the app waits 100 ms (spec §9).
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOKENS } from '@kingdom/game';
import { isNotAuth } from '../api/client.ts';
import { useDashboardUser } from '../api/endpoints/dashboard-user.ts';
import { balanceQueryOptions } from '../api/endpoints/balance.ts';
import { inventoryItemsQueryOptions } from '../api/endpoints/inventory-items.ts';
import { inventoryCountQueryOptions } from '../api/endpoints/inventory-count.ts';
import { pricesQueryOptions } from '../api/endpoints/prices.ts';
import { myToolsQueryOptions } from '../api/endpoints/mining-tools.ts';
import { notificationsCountQueryOptions } from '../api/endpoints/notifications-count.ts';
import { totalLandsQueryOptions } from '../api/endpoints/total-lands.ts';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { notifyError } from '../components/notify.ts';
import { useLogout } from '../session/use-logout.ts';
import { useSession } from '../session/session-store.ts';

/** Wait after re-selecting the saved wallet (spec §4, §9). */
export const WALLET_RECONNECT_DELAY_MS = 100;

/** Renders nothing; runs the session's effects. Mounted once inside the router. */
export function SessionEffects() {
  const authed = useIsAuthenticated();
  const qc = useQueryClient();
  const { t } = useTranslation();
  const logout = useLogout();
  const user = useDashboardUser();
  const setUser = useSession((s) => s.setUser);
  const expiredHandled = useRef(false);

  useEffect(() => {
    if (user.data) setUser(user.data);
  }, [user.data, setUser]);

  useEffect(() => {
    if (!authed) {
      expiredHandled.current = false;
      return;
    }
    if (user.error && isNotAuth(user.error) && !expiredHandled.current) {
      expiredHandled.current = true;
      notifyError(t('session.expired'));
      void logout();
    }
  }, [authed, user.error, logout, t]);

  useEffect(() => {
    if (!authed) return;
    for (const token of TOKENS) void qc.prefetchQuery(balanceQueryOptions(token, true));
    void qc.prefetchQuery(inventoryItemsQueryOptions(true));
    void qc.prefetchQuery(pricesQueryOptions());
    void qc.prefetchQuery(myToolsQueryOptions({ page: 1 }, true));
    void qc.prefetchQuery(notificationsCountQueryOptions(true));
    void qc.prefetchQuery(totalLandsQueryOptions(true));
    void qc.prefetchQuery(inventoryCountQueryOptions(true));
  }, [authed, qc]);

  useEffect(() => {
    const { isAuth, walletType, walletApiName, walletLoaded, setWalletLoaded } = useSession.getState();
    if (!isAuth || !walletType || !walletApiName || walletLoaded) return;
    let cancelled = false;
    void (async () => {
      // Wallet code is loaded only when there is a wallet to reconnect.
      const { isWalletAvailable } = await import('../wallets/registry.ts');
      const ok = await isWalletAvailable(walletType, walletApiName);
      await new Promise((r) => setTimeout(r, WALLET_RECONNECT_DELAY_MS));
      if (!cancelled) setWalletLoaded(ok);
    })();
    return () => {
      cancelled = true;
    };
  }, [authed]);

  return null;
}

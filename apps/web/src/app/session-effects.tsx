/**
 * Side effects of the session (docs/product.md §4): keep the user's fields in the store; a USER_NOT_AUTH
 * answer to the user call means the session expired → one toast (the expiry), then straight to the
 * landing page; the saved wallet is selected again after a reload, then the app waits 100 ms
 * (docs/product.md §9). The calls themselves start before the first render (start.ts) or with the page that
 * shows them: nothing here fetches what the page does not show.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { isNotAuth } from '../api/client.ts';
import { useDashboardUser } from '../api/session-calls.ts';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { notifyError } from '../components/notify.ts';
import { useLogout } from '../session/use-logout.ts';
import { useSession } from '../session/session-store.ts';

/** Wait after re-selecting the saved wallet (docs/product.md §4, §9). */
export const WALLET_RECONNECT_DELAY_MS = 100;

/** Renders nothing; runs the session's effects. Mounted once inside the router. */
export function SessionEffects() {
  const authed = useIsAuthenticated();
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
      void logout({ expired: true });
    }
  }, [authed, user.error, logout, t]);

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

  // the Market's fill toasts resume after a reload while the player has an open order (features/market/fill-watch.ts)
  // (the key is fill-watch's OPEN_ORDERS_STORAGE_KEY, spelled here so that the module loads only when needed)
  const userId = useSession((s) => s.userId);
  const qc = useQueryClient();
  useEffect(() => {
    if (!authed || userId === null || localStorage.getItem('kingdom.market-open-orders') !== String(userId)) return;
    void import('../features/market/fill-watch.ts').then((m) => m.startFillWatch(qc));
  }, [authed, userId, qc]);

  const walletType = useSession((s) => s.walletType);
  const walletApiName = useSession((s) => s.walletApiName);

  // a Cardano session: the wallet's addresses on focus and on its accountChange event (wallets/cardano/session-watch.ts)
  useEffect(() => {
    if (!authed || walletType !== 'cardano' || !walletApiName) return;
    let cancelled = false;
    let off = () => undefined as void;
    void Promise.all([import('../wallets/registry.ts'), import('../wallets/cardano/session-watch.ts')]).then(async ([registry, watch]) => {
      const wallet = await registry.resolveCardanoWallet(walletApiName).catch(() => undefined);
      if (!cancelled && wallet) off = watch.watchCardanoSessionWallet(wallet);
    });
    return () => {
      cancelled = true;
      off();
    };
  }, [authed, walletType, walletApiName]);

  // a Solana session: the wallet's account changes end or update the session (wallets/solana/session-watch.ts)
  useEffect(() => {
    if (!authed || walletType !== 'solana' || !walletApiName) return;
    let cancelled = false;
    let off = () => undefined as void;
    void import('../wallets/solana/session-watch.ts').then((m) => {
      if (!cancelled) off = m.watchSolanaSessionWallet(walletApiName);
    });
    return () => {
      cancelled = true;
      off();
    };
  }, [authed, walletType, walletApiName]);

  return null;
}

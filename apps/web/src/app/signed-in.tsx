/**
 * What the frame shows and does only for a signed-in user: the header's account bar (game clock,
 * notification bell, name, wallet, logout) and the session's side effects. Loaded on sign-in, so a
 * visitor's first page does not carry it.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@kingdom/api';
import { shortenMiddle } from '@kingdom/game';
import { queryKeys } from '../api/keys.ts';
import { useLatestNotifications, useNotificationsCount } from '../api/session-calls.ts';
import { notifySuccess } from '../components/notify.ts';
import { notifyUpgradeSucceeded } from '../components/tx-toast.ts';
import { selectWalletConnected, useSession } from '../session/session-store.ts';
import { connectTypeOf, lastWalletOf } from '../session/last-wallet.ts';
import { useLogout } from '../session/use-logout.ts';
import { GameClock } from './game-clock.tsx';
import { useMenuOpen } from './use-menu-open.ts';
import { WalletAddress } from '../components/wallet-address.tsx';

export { SessionEffects } from './session-effects.tsx';

function NotificationBell() {
  const { t } = useTranslation();
  const count = useNotificationsCount();
  return (
    <Link to="/account/inbox" className="bell" aria-label={`${t('nav.notifications')}: ${count.data ?? 0}`}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
      </svg>
      <span className={count.data ? 'bell__count bell__count--unread' : 'bell__count'} data-testid="notification-count">
        {count.data ?? 0}
      </span>
    </Link>
  );
}

/** The upgrade a notification announces as succeeded, or null (docs/product.md §3: upgrade success, fren mine upgrade). */
export function succeededUpgrade(n: Notification): { mine: 'goldmine' | 'frenmine'; hexName: string; level: number } | null {
  const hexName = typeof n.data.hex_name === 'string' ? n.data.hex_name : '';
  const level = typeof n.data.level === 'number' ? n.data.level : 0;
  if (n.type === 'goldmine_upgrade_success') return { mine: 'goldmine', hexName, level };
  if (n.type === 'frenmine_upgrade' && n.data.success === true) return { mine: 'frenmine', hexName, level };
  return null;
}

/**
 * "Upgrade succeeded" toasts (docs/product.md §8) for upgrades that finish while the player is online: the
 * newest notifications are polled (and refreshed with every game action, e.g. the demo tick); one
 * newer than those seen at sign-in or at the last look that announces a succeeded upgrade is toasted
 * once, and the counts and lands that it changed are refreshed.
 */
function UpgradeToasts() {
  const q = useLatestNotifications();
  const qc = useQueryClient();
  const seen = useRef<number | null>(null);
  useEffect(() => {
    const list = q.data?.notifications;
    if (!list) return;
    const newest = list.reduce((m, n) => Math.max(m, n.id), 0);
    if (seen.current === null) {
      seen.current = newest; // what was there before: not "while online"
      return;
    }
    const since = seen.current;
    seen.current = Math.max(since, newest);
    const fresh = list.filter((n) => n.id > since).sort((a, b) => a.id - b.id);
    for (const n of fresh) {
      const up = succeededUpgrade(n);
      if (up) notifyUpgradeSucceeded(up);
    }
    if (fresh.length > 0) {
      void qc.invalidateQueries({ queryKey: queryKeys.notificationsCount });
      void qc.invalidateQueries({ queryKey: queryKeys.myLands });
    }
  }, [q.data, qc]);
  return null;
}

/** A display name no longer than 18 characters, shortened with '...' (docs/product.md §9). */
function shortName(name: string): string {
  return name.length > 18 ? `${name.slice(0, 15)}...` : name;
}

/**
 * The header's part for a signed-in user: the notification bell and the account controls (demo
 * game clock, name, wallet address, Logout). On a wide screen the controls sit in the bar; on a
 * small one they fold into an account menu so the header stays one row (docs/product.md §10).
 */
export function AccountBar() {
  const { t } = useTranslation();
  const userName = useSession((s) => s.userName);
  const walletAddress = useSession((s) => s.walletAddress);
  const walletHandle = useSession((s) => s.walletHandle);
  const walletConnected = useSession(selectWalletConnected);
  const userId = useSession((s) => s.userId);
  // the account's last wallet in this browser (it survives a reload), offered again (docs/product.md §4)
  const lastWallet = walletConnected ? null : lastWalletOf(userId);
  const logout = useLogout();
  const [open, setOpen] = useMenuOpen();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    const onDown = (e: PointerEvent) => {
      if (box.current && e.target instanceof Node && !box.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open, setOpen]);

  return (
    <>
      <UpgradeToasts />
      <NotificationBell />
      <div className="account" ref={box}>
        <button type="button" className="account__toggle btn btn--ghost" aria-expanded={open} aria-controls="account-panel" onClick={() => setOpen(!open)}>
          <svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18">
            <path fill="currentColor" d="M12 12a5 5 0 1 0-5-5 5 5 0 0 0 5 5Zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5Z" />
          </svg>
          <span className="sr-only">{t('nav.accountMenu')}</span>
        </button>
        <div id="account-panel" className={open ? 'account__panel account__panel--open' : 'account__panel'}>
          <GameClock />
          <Link to="/account/settings" className="who" onClick={() => setOpen(false)}>
            <span className="who__role">{t('roles.citizen')}</span>
            {/* a new account's name is its shortened address: the address below says it, not twice (docs/game-rules.md §2) */}
            {userName && userName !== shortenMiddle(walletAddress, 8, 6) ? <span className="who__name">{shortName(userName)}</span> : null}
          </Link>
          <WalletAddress address={walletAddress} handle={walletHandle} />
          {walletConnected ? (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                // the server forgets the session's active wallet too (POST /auth/wallet/disconnect)
                void import('../session/wallet-session.ts').then(async ({ disconnectSessionWallet }) => {
                  if (await disconnectSessionWallet()) notifySuccess(t('login.disconnected'));
                });
              }}
            >
              {t('header.disconnectWallet')}
            </button>
          ) : (
            <Link className="btn btn--ghost" to={lastWallet ? `/connect/${connectTypeOf(lastWallet)}` : '/account/settings'} onClick={() => setOpen(false)} data-testid="connect-wallet-link">
              {t('header.connectWallet')}
            </Link>
          )}
          <button type="button" className="btn btn--ghost" onClick={() => void logout()}>
            {t('nav.logout')}
          </button>
        </div>
      </div>
    </>
  );
}

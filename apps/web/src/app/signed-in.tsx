/**
 * What the frame shows and does only for a signed-in user: the header's account bar (game clock,
 * notification bell, name, wallet, logout) and the session's side effects. Loaded on sign-in, so a
 * visitor's first page does not carry it.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shortenMiddle } from '@kingdom/game';
import { useNotificationsCount } from '../api/session-calls.ts';
import { useSession } from '../session/session-store.ts';
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

/** A display name no longer than 18 characters, shortened with '...' (spec §9). */
function shortName(name: string): string {
  return name.length > 18 ? `${name.slice(0, 15)}...` : name;
}

/**
 * The header's part for a signed-in user: the notification bell and the account controls (demo
 * game clock, name, wallet address, Logout). On a wide screen the controls sit in the bar; on a
 * small one they fold into an account menu so the header stays one row (issue 7).
 */
export function AccountBar() {
  const { t } = useTranslation();
  const userName = useSession((s) => s.userName);
  const walletAddress = useSession((s) => s.walletAddress);
  const walletHandle = useSession((s) => s.walletHandle);
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
            <span className="who__name">{userName ? shortName(userName) : shortenMiddle(walletAddress, 8, 6)}</span>
          </Link>
          <WalletAddress address={walletAddress} handle={walletHandle} />
          <button type="button" className="btn btn--ghost" onClick={() => void logout()}>
            {t('nav.logout')}
          </button>
        </div>
      </div>
    </>
  );
}

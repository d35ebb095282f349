/**
 * What the frame shows and does only for a signed-in user: the header's account bar (game clock,
 * notification bell, name, wallet, logout) and the session's side effects. Loaded on sign-in, so a
 * visitor's first page does not carry it.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shortenMiddle } from '@kingdom/game';
import { useNotificationsCount } from '../api/session-calls.ts';
import { useSession } from '../session/session-store.ts';
import { useLogout } from '../session/use-logout.ts';
import { GameClock } from './game-clock.tsx';
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

/** The header's part for a signed-in user. */
export function AccountBar() {
  const { t } = useTranslation();
  const userName = useSession((s) => s.userName);
  const walletAddress = useSession((s) => s.walletAddress);
  const logout = useLogout();
  return (
    <>
      <GameClock />
      <NotificationBell />
      <Link to="/account/settings" className="who">
        <span className="who__role">{t('roles.citizen')}</span>
        <span className="who__name">{userName || shortenMiddle(walletAddress, 8, 6)}</span>
      </Link>
      <WalletAddress address={walletAddress} />
      <button type="button" className="btn btn--ghost" onClick={() => void logout()}>
        {t('nav.logout')}
      </button>
    </>
  );
}

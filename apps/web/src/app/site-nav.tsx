import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../api/session-calls.ts';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';

interface NavItem {
  to: string;
  label: string;
  icon: string;
  authOnly?: boolean;
}

function NavGroup({ title, items, onNavigate }: { title: string; items: NavItem[]; onNavigate(): void }) {
  return (
    <div className="side-nav__group">
      <h2 className="side-nav__heading">{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} onClick={onNavigate} className={({ isActive }) => (isActive ? 'side-nav__link side-nav__link--active' : 'side-nav__link')}>
              <span className="side-nav__icon" aria-hidden="true">
                {item.icon}
              </span>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The main navigation with the spec §2 labels, grouped; account links only for a signed-in user. */
export function SiteNav({ open, onNavigate }: { open: boolean; onNavigate(): void }) {
  const { t } = useTranslation();
  const authed = useIsAuthenticated();
  const config = useConfig();
  const guidebook = config.data?.links.guidebook;

  const kingdom: NavItem[] = [
    { to: '/dashboard/overview', label: t('nav.dashboard'), icon: '◆', authOnly: true },
    { to: '/lands', label: t('nav.lands'), icon: '⬢' },
    { to: '/collectibles', label: t('nav.collectibles'), icon: '❖' },
    { to: '/dashboard/inventory', label: t('nav.inventory'), icon: '▣', authOnly: true },
    { to: '/valley', label: t('nav.valleyMap'), icon: '◈' },
  ];
  const economy: NavItem[] = [
    { to: '/goldmine', label: t('nav.goldMines'), icon: '⚒' },
    { to: '/frenmine', label: t('nav.frenMines'), icon: '✿' },
    { to: '/staking-hub', label: t('nav.stakingHub'), icon: '✧' },
    { to: '/vendor', label: t('nav.vendor'), icon: '⚖' },
    { to: '/staking-hub/user', label: t('nav.rewards'), icon: '✪' },
  ];
  const account: NavItem[] = [
    { to: '/account', label: t('nav.account'), icon: '☗' },
    { to: '/account/inbox', label: t('nav.inbox'), icon: '✉' },
    { to: '/account/settings', label: t('nav.profile'), icon: '☺' },
    { to: '/account/balances', label: t('nav.wallet'), icon: '◎' },
  ];
  const visible = (items: NavItem[]) => items.filter((i) => authed || !i.authOnly);

  return (
    <nav id="site-nav" className={open ? 'side-nav side-nav--open' : 'side-nav'} aria-label={t('nav.main')}>
      <NavGroup title={t('nav.kingdom')} items={visible(kingdom)} onNavigate={onNavigate} />
      <NavGroup title={t('nav.rewards')} items={visible(economy)} onNavigate={onNavigate} />
      <div className="side-nav__group">
        <ul>
          <li>
            <span className="side-nav__link side-nav__link--disabled" aria-disabled="true" title={t('nav.comingSoon')}>
              <span className="side-nav__icon" aria-hidden="true">
                ⚑
              </span>
              {t('nav.quests')} <small className="muted">{t('nav.comingSoon')}</small>
            </span>
          </li>
          {guidebook ? (
            <li>
              <a className="side-nav__link" href={guidebook} target="_blank" rel="noreferrer noopener">
                <span className="side-nav__icon" aria-hidden="true">
                  ?
                </span>
                {t('nav.help')}
              </a>
            </li>
          ) : null}
        </ul>
      </div>
      {authed ? <NavGroup title={t('nav.account')} items={account} onNavigate={onNavigate} /> : null}
    </nav>
  );
}

import { memo, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig, useLandUpdates } from '../api/session-calls.ts';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { PATHS_WEB } from '../paths.ts';

interface NavItem {
  to: string;
  label: string;
  icon: string;
  authOnly?: boolean;
  /** A mark beside the label (e.g. "a land has an update"), with its words for screen readers. */
  mark?: string;
}

/** True when `pathname` is `to` or lies under it. */
function under(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The one navigation target to highlight for `pathname`: the most specific item it lies under
 * (docs/product.md §10: Account and Profile, or Staking-Hub and Rewards, lit up together), or null.
 */
export function activeNavTarget(pathname: string, targets: readonly string[]): string | null {
  let best: string | null = null;
  for (const to of targets) if (under(pathname, to) && (best === null || to.length > best.length)) best = to;
  return best;
}

const NavGroup = memo(function NavGroup({ title, items, active, onNavigate }: { title: string; items: NavItem[]; active: string | null; onNavigate(): void }) {
  return (
    <div className="side-nav__group">
      <h2 className="side-nav__heading">{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} onClick={onNavigate} aria-current={item.to === active ? 'page' : undefined} className={item.to === active ? 'side-nav__link side-nav__link--active' : 'side-nav__link'}>
              <span className="side-nav__icon" aria-hidden="true">
                {item.icon}
              </span>
              {item.label}
              {item.mark ? (
                <span className="side-nav__mark" title={item.mark} data-testid="nav-mark">
                  <span className="sr-only">{item.mark}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
});

/** The main navigation with the docs/product.md §2 labels, grouped; account links only for a signed-in user. */
export const SiteNav = memo(function SiteNav({ open, onNavigate }: { open: boolean; onNavigate(): void }) {
  const { t } = useTranslation();
  const authed = useIsAuthenticated();
  const config = useConfig();
  const guidebook = config.data?.links.guidebook;
  // docs/product.md §3: the lands store reports whether any land has has_update set
  const anyUpdate = useLandUpdates().data?.any_update === true;

  // the same lists while nothing they show changes: the memoized groups then skip the navigation's re-renders
  const { kingdom, economy, account } = useMemo(() => {
    const kingdom: NavItem[] = [
      { to: '/dashboard/overview', label: t('nav.dashboard'), icon: '◆', authOnly: true },
      // "Lands": the player's own lands (where the "Update available" badge is); "Collectibles": all lands and tools of the collection
      { to: PATHS_WEB.inventoryLands, label: t('nav.lands'), icon: '⬢', authOnly: true, ...(anyUpdate ? { mark: t('nav.landUpdates') } : {}) },
      { to: '/collectibles', label: t('nav.collectibles'), icon: '❖' },
      { to: '/dashboard/inventory', label: t('nav.inventory'), icon: '▣', authOnly: true },
      { to: '/valley', label: t('nav.valleyMap'), icon: '◈' },
      { to: '/world', label: t('nav.world'), icon: '☼' },
    ];
    const economy: NavItem[] = [
      { to: '/goldmine', label: t('nav.goldMines'), icon: '⚒' },
      { to: '/frenmine', label: t('nav.frenMines'), icon: '✿' },
      { to: '/staking-hub', label: t('nav.stakingHub'), icon: '✧' },
      { to: '/vendor', label: t('nav.vendor'), icon: '⚖' },
      { to: '/market', label: t('nav.market'), icon: '⇄' },
      // "Rewards": the player's staking rewards (the HEXO history's staking rows), not the Staking Hub's "My NFTs"
      { to: PATHS_WEB.rewards, label: t('nav.rewards'), icon: '✪', authOnly: true },
    ];
    const account: NavItem[] = [
      { to: '/account', label: t('nav.account'), icon: '☗' },
      { to: '/account/inbox', label: t('nav.inbox'), icon: '✉' },
      { to: '/account/settings', label: t('nav.profile'), icon: '☺' },
      { to: '/account/balances', label: t('nav.wallet'), icon: '◎' },
    ];
    const visible = (items: NavItem[]) => items.filter((i) => authed || !i.authOnly);
    return { kingdom: visible(kingdom), economy: visible(economy), account };
  }, [t, authed, anyUpdate]);
  const { pathname, search } = useLocation();
  // "Rewards" (a path with a query) is lit on exactly its address; every other entry by the path it lies under
  const targets = [...kingdom, ...economy, ...(authed ? account : [])].map((i) => i.to).filter((to) => !to.includes('?'));
  const active = authed && `${pathname}${search}` === PATHS_WEB.rewards ? PATHS_WEB.rewards : activeNavTarget(pathname, targets.concat('/quests'));

  return (
    <nav id="site-nav" className={open ? 'side-nav side-nav--open' : 'side-nav'} aria-label={t('nav.main')}>
      <NavGroup title={t('nav.kingdom')} items={kingdom} active={active} onNavigate={onNavigate} />
      <NavGroup title={t('nav.rewards')} items={economy} active={active} onNavigate={onNavigate} />
      <div className="side-nav__group">
        <ul>
          <li>
            <Link to="/quests" onClick={onNavigate} aria-current={active === '/quests' ? 'page' : undefined} className={active === '/quests' ? 'side-nav__link side-nav__link--active' : 'side-nav__link'}>
              <span className="side-nav__icon" aria-hidden="true">
                ⚑
              </span>
              {t('nav.quests')}
            </Link>
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
      {authed ? <NavGroup title={t('nav.account')} items={account} active={active} onNavigate={onNavigate} /> : null}
    </nav>
  );
});

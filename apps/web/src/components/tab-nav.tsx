import { NavLink } from 'react-router';

/** Secondary navigation between child routes, rendered as links with the active one marked. */
export function TabNav({ label, tabs }: { label: string; tabs: readonly { to: string; label: string }[] }) {
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className={({ isActive }) => (isActive ? 'tabs__tab tabs__tab--active' : 'tabs__tab')}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

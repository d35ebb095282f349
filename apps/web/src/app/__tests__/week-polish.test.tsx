/**
 * docs/product.md §10 ("a player's week, polished"), the frame's part: one nav item lit at a time and /world in
 * the navigation; a menu that a redirect does not close; toasts inside an open dialog; the game
 * clock's "+15 blocks" inside the chain dialogs; logout drops every cached answer.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useNavigate } from 'react-router';
import { Dialog } from '../../components/dialog.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { ToastHost } from '../../components/toast-host.tsx';
import { queryClient } from '../../api/query-client.ts';
import { mockHttp } from '../../test/mock-http.ts';
import { signedInRoutes } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { nameParts } from '../../components/mine-slots.tsx';
import { activeNavTarget } from '../site-nav.tsx';
import { useMenuOpen } from '../use-menu-open.ts';

describe('navigation (docs/product.md §10)', () => {
  it('lights only the most specific item: Profile not Account, Rewards not Staking-Hub', () => {
    const targets = ['/staking-hub', '/staking-hub/user', '/account', '/account/inbox', '/account/settings', '/world'];
    expect(activeNavTarget('/account/settings', targets)).toBe('/account/settings');
    expect(activeNavTarget('/staking-hub/user', targets)).toBe('/staking-hub/user');
    expect(activeNavTarget('/staking-hub/activity', targets)).toBe('/staking-hub');
    expect(activeNavTarget('/account-x', targets)).toBeNull();
  });

  it('marks one link as the current page on /account/settings and lists World totals', async () => {
    mockHttp(signedInRoutes({ 'GET /account/profile': { body: { user_name: 'Aldric', user_avatar: null, avatars: [] } } }));
    renderRoute('/account/settings', { signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual(['☺Profile']));
    expect(within(nav).getByRole('link', { name: 'World totals' }).getAttribute('href')).toBe('/world');
  });
});

/** A menu toggle and two ways to move on, to drive {@link useMenuOpen}. */
function MenuProbe() {
  const [open, setOpen] = useMenuOpen();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => setOpen(!open)}>toggle</button>
      <span data-testid="menu">{open ? 'open' : 'closed'}</span>
      <button type="button" onClick={() => void navigate('/staking-hub')}>started before</button>
      <button type="button" onClick={() => void navigate('/staking-hub/activity', { replace: true })}>redirect</button>
      <Link to="/vendor">go</Link>
    </>
  );
}

describe('small-screen menu (docs/product.md §10)', () => {
  it('stays open through a redirect and closes when the player moves on', async () => {
    const user = userEvent.setup();
    render(<MemoryRouter initialEntries={['/staking-hub']}><MenuProbe /></MemoryRouter>);
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByTestId('menu').textContent).toBe('open');
    // navigations that were under way when it opened (the tapped page landing, then its redirect)
    await user.click(screen.getByRole('button', { name: 'started before' }));
    await user.click(screen.getByRole('button', { name: 'redirect' }));
    expect(screen.getByTestId('menu').textContent).toBe('open');
    // a link the player follows with the menu open closes it
    await user.click(screen.getByRole('link', { name: 'go' }));
    expect(screen.getByTestId('menu').textContent).toBe('closed');
  });
});

describe('toasts over a dialog (docs/product.md §10)', () => {
  it('render inside the open dialog (above its backdrop, clickable), and back in <body> after', async () => {
    let close: () => void = () => undefined;
    function Harness() {
      return <><ToastHost /><Dialog title="A dialog" onClose={() => close()}>body</Dialog></>;
    }
    const { unmount } = render(<Harness />);
    const dialog = screen.getByRole('dialog');
    act(() => notifySuccess('Saved while the dialog is open'));
    const toast = await screen.findByText('Saved while the dialog is open');
    expect(dialog.contains(toast)).toBe(true);
    close = unmount;
    unmount();
    // the toast layer went back to <body> with the dialog gone
    expect(document.querySelector('.toast-layer')?.parentElement).toBe(document.body);
  });
});

describe('logout (docs/product.md §10)', () => {
  it('drops every cached answer of the player, not only those under "me"', async () => {
    mockHttp(signedInRoutes());
    const { user, router } = renderRoute('/dashboard/overview', { signedIn: true });
    queryClient.setQueryData(['staking', 'votes'], { locked: 5, free: 5, allocations: [] });
    queryClient.setQueryData(['staking', 'mine'], { collections: [] });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(queryClient.getQueryData(['staking', 'votes'])).toBeUndefined();
    expect(queryClient.getQueryData(['staking', 'mine'])).toBeUndefined();
    expect(queryClient.getQueryData(['config'])).toBeDefined();
  });
});

describe('worker names in slot tiles (docs/product.md §10)', () => {
  it('may wrap only between the words of a camel-case name and before its number', () => {
    expect(nameParts('GoldenKongs12')).toEqual(['Golden', 'Kongs', '12']);
    expect(nameParts('Shadow Beast #7')).toEqual(['Shadow Beast #7']);
    expect(nameParts('Beast#7')).toEqual(['Beast', '#7']);
    expect(nameParts('Default worker')).toEqual(['Default worker']);
  });
});

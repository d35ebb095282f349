/** Renders the app's real route tree at a path, for a visitor or a signed-in user. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../app/routes.tsx';
import { useSession } from '../session/session-store.ts';
import { TEST_USER } from './fixtures.ts';

/** Signs a test user in by filling the session store as a real sign-in would. */
export function signInTestUser(): void {
  useSession.getState().signIn({
    token: 'test-token',
    user: TEST_USER,
    chain: 'cardano',
    address: 'addr_test1vqexample',
    walletApiName: 'eternl',
  });
}

/** Renders `path`; returns the memory router (to read the location) and a user-event instance. */
export function renderRoute(path: string, opts: { signedIn?: boolean } = {}) {
  if (opts.signedIn) signInTestUser();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup(), ...utils };
}

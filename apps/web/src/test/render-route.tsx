/** Renders the app's real route tree at a path, for a visitor or a signed-in user. */
import { useEffect } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { AppRoutes } from '../app/routes.tsx';
import { useSession } from '../session/session-store.ts';
import { TEST_USER } from './fixtures.ts';
// The app shell imports wallet code lazily once a session exists; a test that ends first would let that
// import run after vitest tore the environment down (EnvironmentTeardownError). Loading it here, with the
// test file, makes those imports cache hits.
import '../wallets/registry.ts';
import '../wallets/cardano/session-watch.ts';
import '../wallets/solana/session-watch.ts';

/** Signs a test user in by filling the session store as a real sign-in would. */
export function signInTestUser(): void {
  useSession.getState().signIn({
    token: 'test-token',
    user: TEST_USER,
    chain: 'cardano',
    address: 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6',
    walletApiName: 'eternl',
  });
}

/** Where a rendered route is now, read as `router.state.location` like a data router's state. */
interface RouterProbe {
  state: { location: Location };
}

/** Reports the router's location after every change. */
function LocationProbe({ onChange }: { onChange(location: Location): void }) {
  const location = useLocation();
  useEffect(() => onChange(location), [location, onChange]);
  return null;
}

/** Renders `path`; returns the router's location probe and a user-event instance. */
export function renderRoute(path: string, opts: { signedIn?: boolean } = {}) {
  if (opts.signedIn) signInTestUser();
  const router: RouterProbe = { state: { location: { pathname: path, search: '', hash: '', state: null, key: 'default' } } };
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe
        onChange={(location) => {
          router.state.location = location;
        }}
      />
    </MemoryRouter>,
  );
  return { router, user: userEvent.setup(), ...utils };
}

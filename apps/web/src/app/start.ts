/**
 * What the app starts before its first render (issue 7 "start-up speed"): the spec §7 start-up
 * calls (CSRF cookie, `/config`), and for a stored session the frame's calls (the user, the unread
 * count) and the calls of the page the URL names, all in parallel with the page's code.
 */
import { queryClient } from '../api/query-client.ts';
import { configQueryOptions, dashboardUserQueryOptions, fetchCsrfCookie, notificationsCountQueryOptions } from '../api/session-calls.ts';
import { selectIsAuthenticated, useSession } from '../session/session-store.ts';
import { preloadRoute } from './routes.tsx';

let started = false;

/**
 * Starts the calls and the page code for `pathname`. Runs once.
 * @returns when the page's code is loaded (never rejects)
 */
export function startApp(pathname: string): Promise<unknown> {
  if (started) return Promise.resolve();
  started = true;
  void fetchCsrfCookie().catch(() => undefined);
  void queryClient.prefetchQuery(configQueryOptions());
  const authed = selectIsAuthenticated(useSession.getState());
  if (authed) {
    void queryClient.prefetchQuery(dashboardUserQueryOptions(true));
    void queryClient.prefetchQuery(notificationsCountQueryOptions(true));
  }
  return preloadRoute(pathname, authed ? queryClient : undefined);
}

/**
 * What the app starts before its first render (docs/product.md §10 "start-up speed"): the docs/product.md §7 start-up
 * calls (CSRF cookie, `/config`), and for a stored session the frame's calls (the user, the unread
 * count, the demo clock) and the calls of the page the URL names, all in parallel with the code of
 * that page and of the signed-in header.
 */
import { startTransition, useEffect, useState } from 'react';
import { inSeparateTasks } from '../api/in-tasks.ts';
import { queryClient } from '../api/query-client.ts';
import { configQueryOptions, dashboardUserQueryOptions, demoClockQueryOptions, fetchCsrfCookie, notificationsCountQueryOptions } from '../api/session-calls.ts';
import { selectIsAuthenticated, useSession } from '../session/session-store.ts';
import { preloadRoute } from './routes.tsx';
import { preloadSignedIn } from './signed-in-parts.ts';

let started = false;
let codeReady = false;
const listeners = new Set<() => void>();

/**
 * Starts the calls and the code for `pathname`. Runs once.
 * @returns when the first page's code is loaded (never rejects)
 */
export function startApp(pathname: string): Promise<unknown> {
  if (started) return Promise.resolve();
  started = true;
  const authed = selectIsAuthenticated(useSession.getState());
  // one call or one page's code per task (api/in-tasks.ts): started together, they were one long
  // task after the module graph's first run, itself already a long one; the code's steps return
  // their loads, the calls' steps nothing
  return inSeparateTasks<Promise<unknown> | undefined>([
    () => void fetchCsrfCookie().catch(() => undefined),
    () =>
      void queryClient.prefetchQuery(configQueryOptions()).then(() => {
        // the header's game clock, in demo mode
        if (authed && queryClient.getQueryData(configQueryOptions().queryKey)?.demo) void queryClient.prefetchQuery(demoClockQueryOptions(true));
      }),
    () => preloadRoute(pathname, authed ? queryClient : undefined),
    ...(authed
      ? [
          () => void queryClient.prefetchQuery(dashboardUserQueryOptions(true)),
          () => preloadSignedIn(),
          () => void queryClient.prefetchQuery(notificationsCountQueryOptions(true)),
        ]
      : []),
  ])
    .then((started) => Promise.all(started))
    .then(() => {
      codeReady = true;
      listeners.forEach((l) => l());
    });
}

/**
 * False while the first page's code is still loading after {@link startApp}. The frame then shows
 * its spinner in the page's place itself rather than through a Suspense fallback: React keeps a
 * shown fallback ≥ 300 ms, which would hold back a page whose code arrives a moment later. The page
 * then renders in a transition: in slices, not one long task.
 */
export function useFirstPageReady(): boolean {
  const [ready, setReady] = useState(() => !started || codeReady);
  useEffect(() => {
    if (ready) return;
    const done = () => startTransition(() => setReady(true));
    listeners.add(done);
    if (codeReady) done();
    return () => {
      listeners.delete(done);
    };
  }, [ready]);
  return ready;
}

/** Test set-up: fresh session, cache, HTTP mock and toasts per test. */
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-toastify';
import { queryClient } from '../api/query-client.ts';
import { useSession } from '../session/session-store.ts';
import { useAppStatus } from '../session/app-status.ts';
import { restoreHttp } from './mock-http.ts';

afterEach(() => {
  // Some suites (the demo wallet's) run in the node environment: no DOM to clean there.
  if (typeof window === 'undefined') return;
  cleanup();
  toast.dismiss();
  queryClient.clear();
  useSession.getState().clear();
  useAppStatus.setState({ maintenance: false });
  localStorage.clear();
  restoreHttp();
});

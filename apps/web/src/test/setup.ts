/** Test set-up: fresh session, cache, HTTP mock and toasts per test. */
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { queryClient } from '../api/query-client.ts';
import { forgetToasts } from '../components/notify.ts';
import { useSession } from '../session/session-store.ts';
import { useAppStatus } from '../session/app-status.ts';
import { restoreHttp } from './mock-http.ts';
import { i18n } from '../i18n/index.ts';

// A loaded CI machine (the server suites run beside these) renders slower than a laptop: findBy*/waitFor
// wait up to 5 s instead of 1 s before failing.
configure({ asyncUtilTimeout: 5000 });

// jsdom has <dialog> but not its modal methods: open/close it as the browser would, minus the top layer.
if (typeof window !== 'undefined' && typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    // Escape fires `cancel` on a modal dialog, then closes it unless cancelled
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !this.open) return;
      if (this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
    };
    document.addEventListener('keydown', onKey);
    this.addEventListener('close', () => document.removeEventListener('keydown', onKey), { once: true });
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  // Some suites (the demo wallet's) run in the node environment: no DOM to clean there.
  if (typeof window === 'undefined') return;
  cleanup();
  toast.dismiss();
  forgetToasts();
  queryClient.clear();
  useSession.getState().clear();
  useAppStatus.setState({ maintenance: false });
  localStorage.clear();
  restoreHttp();
  // a test that switched the language leaves the next one in English
  if (i18n.language !== 'en') void i18n.changeLanguage('en');
});

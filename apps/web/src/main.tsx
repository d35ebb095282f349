/**
 * Entry point: starts the start-up calls and the first page's code (app/start.ts), then renders at
 * once — the frame shows while the page's code arrives. In a language other than English the render
 * waits for that language's frame texts (i18n/index.ts), loaded beside the page's code.
 */
// first: zod's settings before any schema module runs (app/zod-jitless.ts)
import './app/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/routes.tsx';
import { startApp } from './app/start.ts';
import { frameTextsReady } from './i18n/index.ts';
import { startPwa } from './components/pwa.ts';
import './styles/app.css';

void startApp(window.location.pathname);
// the service worker (offline shell, push notifications, update prompt) once the page has loaded
if (document.readyState === 'complete') startPwa();
else window.addEventListener('load', startPwa, { once: true });

const root = document.getElementById('root');
if (root) {
  const app = createRoot(root);
  void frameTextsReady.then(() =>
    // a transition renders in slices that yield to the browser, not in one long task
    startTransition(() =>
      app.render(
        <StrictMode>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </StrictMode>,
      ),
    ),
  );
}

/**
 * Entry point: starts the start-up calls and the first page's code (app/start.ts), then renders at
 * once — the frame shows while the page's code arrives.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/routes.tsx';
import { startApp } from './app/start.ts';
import './styles/app.css';

void startApp(window.location.pathname);

const root = document.getElementById('root');
if (root) {
  const app = createRoot(root);
  // a transition renders in slices that yield to the browser, not in one long task
  startTransition(() =>
    app.render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}

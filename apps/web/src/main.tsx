/**
 * Entry point. Starts the start-up calls and the first page's code before rendering (app/start.ts),
 * and renders once that code is here (bounded), so the first render does not suspend: a shown
 * fallback would be kept on screen ≥ 300 ms by React.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/routes.tsx';
import { startApp } from './app/start.ts';
import './styles/app.css';

/** Longest wait for the first page's code before rendering anyway (its Suspense then shows the spinner). */
const FIRST_PAGE_WAIT_MS = 1_500;

const pageCode = startApp(window.location.pathname);

const root = document.getElementById('root');
if (root) {
  void Promise.race([pageCode, new Promise((r) => setTimeout(r, FIRST_PAGE_WAIT_MS))]).then(() => {
    createRoot(root).render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}
